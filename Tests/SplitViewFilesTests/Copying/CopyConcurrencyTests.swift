import Dispatch
import Glibc
import SplitViewFiles
import TestSupport
import Testing

/// "Nothing lost, proven", part 2: a copy or a move runs while a second thread adds,
/// changes, removes and renames files in the source and in the destination; afterwards every
/// file the user has (by its contents) is somewhere.
///
/// The second thread changes the tree at points the seed chooses: each time the copier
/// reports (after every file, every MiB and every original removed), it may hand over to
/// the other thread for one change and wait until it is made. So a seed replays exactly
/// (`SPLITVIEW_SEED=… swift test --filter CopyConcurrencyTests`), and every step of the
/// operation, copy, put in place and remove, meets changes. What the user has is a model the
/// second thread keeps: the files at the start, and every file it writes, less the files it
/// removes itself.
@Suite struct CopyConcurrencyTests {
    /// The seeds a run tries: 40 by default, `SPLITVIEW_SEEDS` of them, or the one
    /// `SPLITVIEW_SEED` names.
    static let seeds: [UInt64] = {
        if let text = getenv("SPLITVIEW_SEED").map({ String(cString: $0) }), let seed = UInt64(text) { return [seed] }
        let count = getenv("SPLITVIEW_SEEDS").flatMap { Int(String(cString: $0)) } ?? 40
        return (1...max(1, count)).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }
    }()

    @Test(arguments: [TransferMode.copy, .move])
    func nothingIsLostWhileAnotherProgramChangesTheFiles(mode: TransferMode) throws {
        for seed in Self.seeds {
            let lost = try Self.run(seed: seed, mode: mode)
            #expect(lost.isEmpty, "seed \(seed) (\(mode)): \(lost.count) contents lost: \(lost)")
        }
    }

    /// Runs one seed: returns the paths (as the model last knew them) whose contents are
    /// nowhere.
    static func run(seed: UInt64, mode: TransferMode) throws -> [String] {
        var random = SplitMix(seed: seed)
        let source = try TemporaryTree()
        let destination = try TemporaryTree(under: TemporaryTree.otherFileSystem ?? "/tmp")
        let mutator = Mutator(source: source.root, destination: destination.root, seed: random.next())
        let pasted = mutator.makeTree(random: &random)
        mutator.makeConflicts(for: pasted)
        let journals = source.path("journals")
        let plan = try CopyPlan.make(sources: pasted, into: destination.root, mode: mode).get()
        var resolution = CopyResolution(plan: plan)
        while let index = resolution.nextConflict {
            resolution.answer(random.next() % 2 == 0 ? .keepBoth : .skip, for: index)
        }
        let go = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let stop = StopFlag()
        DispatchQueue.global().async {
            while true {
                go.wait()
                if stop.value { break }
                mutator.step()
                done.signal()
            }
            finished.signal()
        }
        let chance = 0.2 + Double(random.next() % 60) / 100
        var handOvers = random
        let outcome = FileCopier.run(resolution, journal: try? CopyJournal(in: journals), reportInterval: 0) { _ in
            guard Double(handOvers.next() % 1000) / 1000 < chance else { return }
            go.signal()
            done.wait()
        }
        stop.value = true
        go.signal()
        finished.wait()
        _ = outcome
        CopyJournal.removeLeftovers(in: journals)
        let present = TreeContents.hashes(under: [source.root, destination.root])
        var lost = mutator.model.filter { !present.contains($0.value) }.map(\.key.displayString).sorted()
        lost += TreeContents.temporaries(under: destination.root).map { "temporary left: \($0.displayString)" }
        return lost
    }
}

/// A flag the test's thread sets and the second thread reads, after a semaphore between them.
private final class StopFlag: @unchecked Sendable {
    var value = false
}

/// The other program: changes the source and the destination, one change a step, and keeps
/// the model of what the user has.
private final class Mutator: @unchecked Sendable {
    let source: FilePath
    let destination: FilePath
    var random: SplitMix
    /// Every file the user has, by where the user last put it, and its contents.
    var model: [FilePath: ContentHash] = [:]
    var serial = 0

    init(source: FilePath, destination: FilePath, seed: UInt64) {
        self.source = source
        self.destination = destination
        random = SplitMix(seed: seed)
    }

    /// Makes a random tree under `source/pasted` and returns what the user pastes.
    func makeTree(random: inout SplitMix) -> [FilePath] {
        let top = source.appending(Array("pasted".utf8))
        mkdir(top.displayString, 0o755)
        var folders = [top]
        for index in 0..<Int(3 + random.next() % 4) {
            let parent = folders[Int(random.next() % UInt64(folders.count))]
            let folder = parent.appending(Array("folder\(index)".utf8))
            mkdir(folder.displayString, 0o755)
            folders.append(folder)
        }
        for index in 0..<Int(10 + random.next() % 20) {
            let folder = folders[Int(random.next() % UInt64(folders.count))]
            write(
                folder.appending(Array("file\(index).txt".utf8)),
                size: Int(random.next() % 4 == 0 ? random.next() % 2_200_000 : random.next() % 5_000))
        }
        let loose = source.appending(Array("loose.txt".utf8))
        write(loose, size: Int(random.next() % 100_000))
        return [top, loose]
    }

    /// Puts files of the pasted names in the destination, for the paste to ask about.
    func makeConflicts(for pasted: [FilePath]) {
        for path in pasted where random.next() % 2 == 0 {
            write(destination.appending(path.lastComponent), size: 100)
        }
    }

    /// Writes `size` random bytes to a new file at `path` (or over one), and keeps it.
    func write(_ path: FilePath, size: Int) {
        var bytes = [UInt8](repeating: 0, count: size)
        bytes.withUnsafeMutableBytes { raw in
            // One random word a kilobyte, its place shifted: distinct contents, made quickly.
            for offset in stride(from: 0, to: raw.count - 7, by: 1024) {
                raw.storeBytes(of: random.next(), toByteOffset: offset, as: UInt64.self)
            }
            if raw.count >= 8 { raw.storeBytes(of: random.next(), toByteOffset: raw.count - 8, as: UInt64.self) }
        }
        let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { return }
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        model[path] = ContentHash(bytes)
    }

    /// The files under `root` now, and the folders there, but the paste's temporaries.
    func census(_ root: FilePath) -> (files: [FilePath], folders: [FilePath]) {
        var files: [FilePath] = [], folders: [FilePath] = []
        func walk(_ path: FilePath) {
            var info = stat()
            guard path.withCString({ lstat($0, &info) }) == 0 else { return }
            if info.st_mode & S_IFMT == S_IFDIR {
                folders.append(path)
                for name in TreeContents.names(in: path) where !CopyJournal.isTemporaryName(name) { walk(path.appending(name)) }
            } else if info.st_mode & S_IFMT == S_IFREG {
                files.append(path)
            }
        }
        walk(root)
        return (
            files.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) },
            folders.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        )
    }

    /// One change, as a person or a program would make it.
    func step() {
        serial += 1
        let root = random.next() % 4 == 0 ? destination : source
        // Only the user's own files are changed, where the user last put them: a copy the
        // paste made is left alone, so that what the model holds is what must be somewhere.
        let (all, folders) = census(root)
        let files = all.filter { model[$0] != nil }
        let pick = { (count: Int) -> Int in Int(self.random.next() % UInt64(max(count, 1))) }
        switch random.next() % 6 {
        case 0 where !folders.isEmpty:  // a new file
            write(folders[pick(folders.count)].appending(Array("new\(serial).txt".utf8)), size: Int(random.next() % 50_000))
        case 1 where !files.isEmpty:  // appended to
            let path = files[pick(files.count)]
            let descriptor = path.withCString { open($0, O_WRONLY | O_APPEND | O_CLOEXEC) }
            guard descriptor >= 0 else { return }
            let extra = [UInt8](repeating: UInt8(truncatingIfNeeded: serial), count: 1 + Int(random.next() % 300))
            _ = extra.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            rehash(path)
        case 2 where !files.isEmpty:  // rewritten whole
            write(files[pick(files.count)], size: Int(random.next() % 20_000))
        case 3 where !files.isEmpty:  // removed by the user
            let path = files[pick(files.count)]
            if unlink(path.displayString) == 0 { model[path] = nil }
        case 4 where !files.isEmpty:  // renamed in its folder
            let path = files[pick(files.count)]
            let renamed = path.parent.appending(Array("renamed\(serial).txt".utf8))
            guard rename(path.displayString, renamed.displayString) == 0 else { return }
            if let hash = model.removeValue(forKey: path) { model[renamed] = hash } else { rehash(renamed) }
        case 5 where !folders.isEmpty:  // a new folder with a file
            let folder = folders[pick(folders.count)].appending(Array("newfolder\(serial)".utf8))
            guard mkdir(folder.displayString, 0o755) == 0 else { return }
            write(folder.appending(Array("inside.txt".utf8)), size: Int(random.next() % 10_000))
        default: return
        }
    }

    /// Keeps the contents `path` has now as the user's.
    func rehash(_ path: FilePath) {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        model[path] = ContentHash(reading: descriptor)
    }
}
