import CFileOps
import Dispatch
import Glibc
import PropertyBased
import SplitViewFiles
import Synchronization
import TestSupport
import Testing

/// Trash, restore and empty while a second thread changes the tree and the trash at random
/// moments: files added, appended to, removed and renamed, folders renamed and removed while
/// empty, and items trashed by "another program" (its info file first, then its file, as the
/// specification says). Seeded: the tree, the selection and the second thread's choices come
/// from the seed the failure names, so a failure replays (the moments the threads meet are
/// the machine's). Afterwards every content the user had and did not delete themselves
/// (everything but what the second thread removed or overwrote, and, for an emptying, what
/// the question counted) is somewhere in the tree or the trash, by its hash; and every file in
/// the trash has its info file.
@Suite struct TrashConcurrencyTests {
    /// Seeds tried per operation: 40, or `SPLITVIEW_SEEDS`.
    static let seeds = getenv("SPLITVIEW_SEEDS").flatMap { Int(String(cString: $0)) } ?? 40

    @Test func trashingWhileTheTreeChangesLosesNothing() async throws {
        await propertyCheck(count: Self.seeds, input: Gen.uint64()) { seed in
            Self.check(seed) { scene in
                _ = TrashBatch.moveToTrash(scene.selection, trash: scene.trash, now: 0)
            }
        }
    }

    @Test func restoringWhileTheTreeChangesLosesNothing() async throws {
        await propertyCheck(count: Self.seeds, input: Gen.uint64()) { seed in
            Self.check(
                seed,
                prepare: { scene in
                    let items = TrashBatch.moveToTrash(scene.selection, trash: scene.trash, now: 0).items
                    // Folders left empty go, for the restore to make them again.
                    for folder in scene.folders.dropFirst().reversed() { _ = folder.withCString { rmdir($0) } }
                    return items
                }
            ) { scene in
                _ = TrashBatch.restore(named: scene.trashed.map(\.name), in: scene.trash.home)
            }
        }
    }

    @Test func emptyingWhileTheTreeChangesLosesNothingButWhatWasCounted() async throws {
        await propertyCheck(count: Self.seeds, input: Gen.uint64()) { seed in
            Self.check(seed, empties: true, prepare: { TrashBatch.moveToTrash($0.selection, trash: $0.trash, now: 0).items }) {
                scene in
                _ = TrashBatch.empty(scene.snapshot)
            }
        }
    }

    /// Builds the scene of `seed`, runs `prepare` (trashing, before the second thread starts),
    /// then `operation` while the second thread changes things, and checks what is left. An
    /// operation that `empties` may lose what the trash held before it started, and the second
    /// thread then changes only the files it trashed itself.
    static func check(
        _ seed: UInt64, empties: Bool = false, prepare: (Scene) -> [TrashedItem] = { _ in [] },
        _ operation: (Scene) -> Void
    ) {
        guard let scene = try? Scene(seed: seed) else {
            Issue.record("no scene for seed \(seed)")
            return
        }
        scene.trashed = prepare(scene)
        scene.snapshot = scene.trash.snapshot()
        let counted = TreeContents.hashes(under: scene.trash.home.files)
        let before = TreeContents.hashes(under: scene.tree.root, skipping: [scene.trash.home.info])
        let mutator = Mutator(scene: scene, seed: seed, touchesTrashedItems: !empties)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { mutator.run() }
        #expect(waitUntil { mutator.started.load(ordering: .acquiring) })
        operation(scene)
        mutator.stop.store(true, ordering: .releasing)
        group.wait()
        let after = TreeContents.hashes(under: scene.tree.root, skipping: [scene.trash.home.info])
        let log = mutator.log.withLock { $0 }
        var expected = Set(before.keys).union(log.written).subtracting(log.destroyed)
        if empties { expected.subtract(counted.keys) }
        let lost = expected.filter { after[$0] == nil }
        #expect(lost.isEmpty, "seed \(seed): \(lost.count) contents lost after \(log.actions) changes")
        let files = Set(TrashTests.names(scene.trash.home.files))
        let listed = Set(Trash.items(in: scene.trash.home).map(\.name))
        #expect(files == listed, "seed \(seed): a file in the trash without its info file")
    }

    /// A random tree of the seed's: up to 8 folders three deep, 60 to 150 files of contents
    /// of their own; a home trash in `data/Trash`; and a random selection of files and
    /// folders to trash.
    final class Scene: @unchecked Sendable {
        let tree: TemporaryTree
        let trash: Trash
        let seed: UInt64
        var folders: [FilePath] = []
        var selection: [FilePath] = []
        var trashed: [TrashedItem] = []
        var snapshot = TrashSnapshot(entries: [])

        init(seed: UInt64) throws {
            self.seed = seed
            tree = try TemporaryTree()
            trash = Trash(
                homeTrash: tree.path("data").appending(Array("Trash".utf8)), mountInfoFile: tree.file("mountinfo").string!)
            try trash.makeHome()
            var random = SplitMix(seed: seed)
            let top = tree.folder("tree")
            folders = [top]
            for index in 0..<Int.random(in: 3...8, using: &random) {
                let parent = folders.randomElement(using: &random)!
                if parent.bytes.count - top.bytes.count < 12 { folders.append(tree.folder("d\(index)", in: parent)) }
            }
            var files: [FilePath] = []
            for index in 0..<Int.random(in: 60...150, using: &random) {
                let folder = folders.randomElement(using: &random)!
                files.append(tree.file("f\(index).txt", "seed \(seed) file \(index)", in: folder))
            }
            let candidates = (files + folders.dropFirst()).shuffled(using: &random)
            // Nested picks are fine: trashing a folder first, then a file it held, fails in words.
            selection = Array(candidates.prefix(Int.random(in: 1...candidates.count, using: &random)))
        }
    }

    /// The second thread: random changes, each logged, until told to stop.
    final class Mutator: @unchecked Sendable {
        /// What it did: the contents it wrote, those it removed or overwrote.
        struct Log {
            var written: Set<ContentHash> = []
            var destroyed: Set<ContentHash> = []
            var actions = 0
        }

        let scene: Scene
        var random: SplitMix
        let touchesTrashedItems: Bool
        let started = Atomic(false)
        let stop = Atomic(false)
        let log = Mutex(Log())
        let graveyard: TemporaryTree
        var count = 0

        init(scene: Scene, seed: UInt64, touchesTrashedItems: Bool) {
            self.scene = scene
            random = SplitMix(seed: seed ^ 0x9E37_79B9_7F4A_7C15)
            self.touchesTrashedItems = touchesTrashedItems
            graveyard = try! TemporaryTree()
        }

        func run() {
            started.store(true, ordering: .releasing)
            var files: [FilePath] = [], folders: [FilePath] = [], trashFiles: [FilePath] = []
            while !stop.load(ordering: .acquiring) {
                // Looked at again every fourth change: the names it picks may be gone by then,
                // and a change to a name that is gone does nothing.
                if count % 4 == 0 {
                    (files, folders) = Self.scan(scene.tree.path("tree"))
                    trashFiles = touchesTrashedItems ? Self.scan(scene.trash.home.files).files : mine
                }
                count += 1
                switch Int.random(in: 0..<10, using: &random) {
                case 0, 1: add(in: folders.randomElement(using: &random))
                case 2: trashAsAnotherProgram()
                case 3, 4: append(to: (files + trashFiles).randomElement(using: &random))
                case 5: remove(files.randomElement(using: &random))
                case 6, 7: rename((files + folders.dropFirst()).randomElement(using: &random), into: folders)
                default: _ = folders.dropFirst().randomElement(using: &random)?.withCString { rmdir($0) }
                }
                log.withLock { $0.actions += 1 }
            }
        }

        /// The files this thread trashed itself: its own to change, whatever the operation.
        var mine: [FilePath] = []

        /// A new file of a content of its own, under a name that may be taken (then nothing).
        func add(in folder: FilePath?) {
            guard let folder else { return }
            let names = ["f\(Int.random(in: 0..<60, using: &random)).txt", "new\(count).txt"]
            let content = Array("seed \(scene.seed) new \(count)".utf8)
            if write(content, to: folder.appending(Array(names.randomElement(using: &random)!.utf8))) {
                _ = log.withLock { $0.written.insert(TreeContents.hash(content)) }
            }
        }

        /// Trashing as another program does: the info file made first with `O_EXCL`, then the
        /// file written into `files/`.
        func trashAsAnotherProgram() {
            let name = Array("other\(count).txt".utf8)
            let home = scene.trash.home
            let info = TrashInfo(path: Array("/elsewhere/other\(count).txt".utf8), deletionDate: nil)
            guard write(info.bytes, to: home.infoFile(for: name)) else { return }
            let content = Array("seed \(scene.seed) trashed \(count)".utf8)
            let path = home.files.appending(name)
            if write(content, to: path) {
                mine.append(path)
                _ = log.withLock { $0.written.insert(TreeContents.hash(content)) }
            }
        }

        /// Appends to a file: what it held is overwritten (the user's own change), what it
        /// holds now is new. Read and written through one descriptor, whatever its name now.
        func append(to path: FilePath?) {
            guard let path else { return }
            let descriptor = path.withCString { open($0, O_RDWR | O_NOFOLLOW | O_CLOEXEC) }
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            var old: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = pread(descriptor, &chunk, chunk.count, off_t(old.count))
                guard count > 0 else { break }
                old += chunk[..<count]
            }
            let suffix = Array(" +\(count)".utf8)
            guard pwrite(descriptor, suffix, suffix.count, off_t(old.count)) == suffix.count else { return }
            log.withLock {
                $0.destroyed.insert(TreeContents.hash(old))
                $0.written.insert(TreeContents.hash(old + suffix))
            }
        }

        /// Removes a file: renamed out of the tree first, so that what is logged is exactly
        /// what went.
        func remove(_ path: FilePath?) {
            guard let path else { return }
            let grave = graveyard.path("g\(count)")
            guard path.withCString({ from in grave.withCString { sv_rename_noreplace(from, $0) } }) == 0 else { return }
            if let bytes = TreeContents.contents(grave) { _ = log.withLock { $0.destroyed.insert(TreeContents.hash(bytes)) } }
            _ = grave.withCString { unlink($0) }
        }

        /// Renames a file or folder into a random folder, under a new name.
        func rename(_ path: FilePath?, into folders: [FilePath]) {
            guard let path, let folder = folders.randomElement(using: &random) else { return }
            let target = folder.appending(Array("moved\(count)".utf8))
            _ = path.withCString { from in target.withCString { sv_rename_noreplace(from, $0) } }
        }

        /// Writes a new file `path` (never over one); whether it was made whole.
        func write(_ bytes: [UInt8], to path: FilePath) -> Bool {
            let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            return Glibc.write(descriptor, bytes, bytes.count) == bytes.count
        }

        /// The files and folders under `folder` (itself first among the folders).
        static func scan(_ folder: FilePath) -> (files: [FilePath], folders: [FilePath]) {
            var files: [FilePath] = []
            var folders: [FilePath] = [folder]
            var index = 0
            while index < folders.count {
                let listing = try? FolderListing.read(folders[index], includeHidden: true).get()
                index += 1
                for entry in listing.map({ Array($0.entries.indices) }) ?? [] {
                    let path = listing!.path(at: entry)
                    var status = stat()
                    guard path.withCString({ lstat($0, &status) }) == 0 else { continue }
                    if status.st_mode & S_IFMT == S_IFDIR { folders.append(path) } else { files.append(path) }
                }
            }
            return (files, folders)
        }
    }
}
