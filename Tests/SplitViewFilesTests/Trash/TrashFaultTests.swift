import Glibc
import SplitViewFiles
import TestSupport
import Testing

/// Trashing on a full disk: the info file cannot be written, so nothing moves, nothing of
/// ours is left, and the file is whole. On a small tmpfs of the test's own, holding both the
/// file and the trash (where this process may mount one).
@Suite struct TrashFaultTests {
    @Test(
        .enabled(
            if: CopyFaultTests.canMountASmallTmpfs, "this process may not mount a tmpfs (not root, or a container forbids it)"))
    func aFullDiskLeavesTheFileWholeAndNothingInTheTrash() throws {
        let tree = try TemporaryTree()
        let volume = tree.folder("volume")
        try #require(mount("tmpfs", volume.displayString, "tmpfs", 0, "size=256k") == 0)
        defer { umount2(volume.displayString, Int32(MNT_DETACH)) }
        let file = tree.file(Array("notes.txt".utf8), Array("keep me".utf8), in: volume)
        let home = volume.appending(Array("Trash".utf8))
        for folder in [home, home.appending(Array("files".utf8)), home.appending(Array("info".utf8))] {
            #expect(mkdir(folder.displayString, 0o700) == 0)
        }
        // Fill the volume to the last block.
        let filler = volume.appending(Array("filler".utf8))
        let descriptor = open(filler.displayString, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        let block = [UInt8](repeating: 1, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        close(descriptor)
        let trash = Trash(homeTrash: home, mountInfoFile: tree.file(Array("mountinfo".utf8)).displayString)
        do {
            try trash.moveToTrash(file)
            Issue.record("trashed on a full disk")
        } catch {
            #expect(error.code == ENOSPC, "\(error)")
        }
        #expect(TemporaryTree.contents(file) == Array("keep me".utf8))
        #expect(FileCopierTests.names(home.appending(Array("files".utf8))).isEmpty)
        #expect(FileCopierTests.names(home.appending(Array("info".utf8))).isEmpty)
    }
}

/// Every call the trash's operations make to change files (and to open them), made to fail in
/// turn: for each operation and each kind of call, a fault at its first call, then its second,
/// and so on until the operation runs through without meeting it; once failing only that call,
/// once failing it and every later one (a disk that stays full). After each run no byte of
/// the user's is lost (content hashes), and no half state is left: every file in `files/` has
/// its info file, and an info file without its file is not listed, then removed by the
/// listing once old enough.
@Suite struct TrashFaultSweepTests {
    /// What is run under the fault.
    enum Operation: String, CaseIterable, Sendable {
        case trash, restore, delete, empty
    }

    /// The kinds of calls failed in turn: each kind that changes files, and opens.
    static let kinds: [FileFaults.Calls] = [
        .write, .fsync, .close, .rename, .unlink, .mkdir, .symlink, .metadata, .open,
    ]

    /// A tree with a home trash (`data/Trash`): the user's files `c.txt`, `Docs/a.txt`,
    /// `Docs/Sub/b.txt`, `Gone/Deeper/d.txt` and a bystander `keep.txt`; for all but
    /// trashing, `c.txt`, `Docs` and `Gone/Deeper/d.txt` are in the trash already (`Gone`
    /// then removed, for a restore to make again), with a bystander trashed too.
    final class Scene {
        let tree: TemporaryTree
        let trash: Trash
        let selected: [FilePath]
        var items: [TrashedItem] = []
        var bystander: TrashedItem?

        init(_ operation: Operation) throws {
            tree = try TemporaryTree()
            trash = Trash(
                homeTrash: tree.path("data").appending(Array("Trash".utf8)), mountInfoFile: tree.file("mountinfo").string!)
            let docs = tree.folder("Docs")
            tree.file("a.txt", "alpha", in: docs)
            tree.file("b.txt", "beta", in: tree.folder("Sub", in: docs))
            let gone = tree.folder("Gone")
            let d = tree.file("d.txt", "delta", in: tree.folder("Deeper", in: gone))
            selected = [tree.file("c.txt", "gamma"), docs, d]
            tree.file("keep.txt", "kept")
            try trash.makeHome()
            guard operation != .trash else { return }
            items = try selected.map { try trash.moveToTrash($0, now: 0) }
            bystander = try trash.moveToTrash(tree.file("other.txt", "bystander"), now: 0)
            TemporaryFolder.remove(gone)
            // An info file left by a trashing killed long ago, for the emptying to tidy.
            let stale = tree.file(Array("stale.trashinfo".utf8), Array("[Trash Info]\nPath=/stale\n".utf8), in: trash.home.info)
            TrashTests.age(stale, by: Trash.orphanGrace)
        }

        /// Runs `operation` on the calling thread (where the fault is armed).
        func run(_ operation: Operation) {
            switch operation {
            case .trash: _ = TrashBatch.moveToTrash(selected, trash: trash, now: 0)
            case .restore: _ = TrashBatch.restore(named: items.map(\.name), in: trash.home)
            case .delete: _ = TrashBatch.deletePermanently(items.map(\.trashedPath), trash: trash)
            case .empty:
                let snapshot = TrashSnapshot(entries: trash.snapshot().entries.filter { $0.name != bystander?.name })
                _ = TrashBatch.empty(snapshot)
            }
        }
    }

    @Test(arguments: Operation.allCases, [false, true])
    func aFaultAtAnyCallLosesNothingAndLeavesNoHalfState(operation: Operation, persistent: Bool) throws {
        var runs = 0
        for kind in Self.kinds {
            for after in 0..<1_000 {
                let scene = try Scene(operation)
                let before = TreeContents.hashes(under: scene.tree.root, skipping: [scene.trash.home.info])
                FileFaults.arm(kind, after: after, error: EIO, persistent: persistent)
                scene.run(operation)
                let fired = FileFaults.fired
                FileFaults.disarm()
                runs += 1
                try Self.check(scene, operation, before: before, "\(operation) \(kind) after \(after)")
                if !fired { break }
            }
        }
        #expect(runs >= Self.kinds.count)
    }

    /// No byte lost, no half state, nothing made by a restore that did not happen.
    static func check(_ scene: Scene, _ operation: Operation, before: [ContentHash: Int], _ label: String) throws {
        let after = TreeContents.hashes(under: scene.tree.root, skipping: [scene.trash.home.info])
        // What the operation may delete: the selected items' contents (for an emptying, all
        // but the bystander's; for a deletion, the selected items').
        let deletable: Set<ContentHash> =
            operation == .delete || operation == .empty
            ? Set(["alpha", "beta", "gamma", "delta"].map { TreeContents.hash(Array($0.utf8)) }) : []
        for (hash, count) in before where !deletable.contains(hash) {
            #expect(after[hash, default: 0] >= count, "a content was lost: \(label)")
        }
        let home = scene.trash.home
        let files = Set(TrashTests.names(home.files))
        let listed = Set(Trash.items(in: home).map(\.name))
        #expect(files == listed, "a file in the trash without its info file: \(label)")
        // Old enough, every info file without its file is removed by the next listing.
        for name in TrashTests.names(home.info) { TrashTests.age(home.info.appending(name), by: Trash.orphanGrace) }
        _ = Trash.items(in: home)
        #expect(Set(TrashTests.names(home.info)) == Set(files.map(TrashDirectory.infoName(for:))), "\(label)")
        if operation == .restore, let d = scene.items.last, FileOperations.exists(d.trashedPath) {
            #expect(!FileOperations.exists(scene.tree.path("Gone")), "a refused restore made folders: \(label)")
        }
    }
}
