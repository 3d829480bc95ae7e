import Glibc
import PropertyBased
import SplitViewFiles
import TestSupport
import Testing

/// Trashing into a home trash of the test's own: the info file first, then the file; numbered
/// names; restoring; listing; emptying; and every failure leaving the file where it was.
@Suite struct TrashTests {
    /// A tree of files and a home trash inside it (`data/Trash`), with an empty mount table
    /// so that nothing of the machine's volumes is looked at.
    final class Setup {
        let tree: TemporaryTree
        let trash: Trash
        let now = 1_790_000_000

        init() throws {
            tree = try TemporaryTree()
            let table = tree.file("mountinfo")
            trash = Trash(homeTrash: tree.path("data").appending(Array("Trash".utf8)), mountInfoFile: table.string!)
        }

        var files: FilePath { trash.home.files }
        var info: FilePath { trash.home.info }
        var date: String { DeletionDate(localTime: now).text }
    }

    static func names(_ folder: FilePath) -> [[UInt8]] {
        let listing = try? FolderListing.read(folder, includeHidden: true).get()
        return (listing?.entries.indices.map { listing!.entries.name(at: $0) } ?? []).sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test func trashingMovesTheFileAndWritesItsInfoFile() throws {
        let setup = try Setup()
        let file = setup.tree.file("My Notes.txt", "kept")
        let item = try setup.trash.moveToTrash(file, now: setup.now)
        #expect(!FileOperations.exists(file))
        #expect(TemporaryTree.contents(setup.files.appending(Array("My Notes.txt".utf8))) == Array("kept".utf8))
        let expected = "[Trash Info]\nPath=\(file.string!.replacingSpaces)\nDeletionDate=\(setup.date)\n"
        #expect(TemporaryTree.contents(setup.info.appending(Array("My Notes.txt.trashinfo".utf8))) == Array(expected.utf8))
        #expect(item.originalPath == file && item.name == Array("My Notes.txt".utf8))
        // Made as the specification asks: the user's own, no one else's to read.
        for folder in [setup.trash.home.path, setup.files, setup.info] {
            #expect(TemporaryTree.status(folder).st_mode & 0o777 == 0o700)
        }
        #expect(Trash.items(in: setup.trash.home) == [item])
    }

    /// GIO's numbering: the number before the first dot, or at the end.
    @Test func takenNamesAreNumberedAsGIONumbersThem() throws {
        let setup = try Setup()
        var names: [String] = []
        for name in ["a.txt", "a.txt", "a.txt", "notes", "notes", ".bashrc", ".bashrc", "b.tar.gz", "b.tar.gz"] {
            let item = try setup.trash.moveToTrash(setup.tree.file(name, name), now: setup.now)
            names.append(String(decoding: item.name, as: UTF8.self))
        }
        #expect(names == ["a.txt", "a.2.txt", "a.3.txt", "notes", "notes.2", ".bashrc", ".2.bashrc", "b.tar.gz", "b.2.tar.gz"])
        #expect(Trash.items(in: setup.trash.home).count == 9)
    }

    /// A file in `files/` without its info file (left by another program) is never replaced:
    /// its name is passed over, and the info file made for it is taken back.
    @Test func aNameTakenOnlyInFilesIsPassedOver() throws {
        let setup = try Setup()
        try setup.trash.moveToTrash(setup.tree.file("first", "1"), now: setup.now)
        setup.tree.file(Array("b.txt".utf8), Array("orphan".utf8), in: setup.files)
        let item = try setup.trash.moveToTrash(setup.tree.file("b.txt", "new"), now: setup.now)
        #expect(item.name == Array("b.2.txt".utf8))
        #expect(TemporaryTree.contents(setup.files.appending(Array("b.txt".utf8))) == Array("orphan".utf8))
        #expect(!FileOperations.exists(setup.info.appending(Array("b.txt.trashinfo".utf8))))
    }

    @Test func aNameTooLongForItsInfoFileIsShortenedAndPathKeepsItWhole() throws {
        let setup = try Setup()
        let long = String(repeating: "é", count: 127)  // 254 bytes: the longest name there is
        let item = try setup.trash.moveToTrash(setup.tree.file(long, "x"), now: setup.now)
        #expect(item.name.count + ".trashinfo".utf8.count <= 255)
        #expect(String(validating: item.name, as: UTF8.self) != nil)
        #expect(item.originalPath.lastComponent == Array(long.utf8))
        #expect(Trash.items(in: setup.trash.home).first?.originalPath == item.originalPath)
    }

    /// Names of any bytes: trashed, listed with their original path, restored whole.
    @Test func namesOfAnyBytesGoAndComeBack() async throws {
        let setup = try Setup()
        let name = Gen.uint8(in: 1...255).array(of: 1...60).map { $0.map { $0 == 47 ? 120 : $0 } }
            .filter { $0 != [46] && $0 != [46, 46] }
        await propertyCheck(count: 60, input: name) { bytes in
            let file = setup.tree.file(bytes, Array("x".utf8))
            guard let item = try? setup.trash.moveToTrash(file, now: setup.now) else {
                Issue.record("not trashed: \(file)")
                return
            }
            #expect(Trash.items(in: setup.trash.home).contains(item))
            #expect((try? Trash.restore(item)) == false)
            #expect(TemporaryTree.contents(file) == Array("x".utf8))
            _ = file.withCString { unlink($0) }
        }
        #expect(Self.names(setup.files).isEmpty && Self.names(setup.info).isEmpty)
    }

    @Test func restorePutsTheFileBackAndRemovesItsInfoFile() throws {
        let setup = try Setup()
        let folder = setup.tree.folder("Docs")
        let file = setup.tree.file("a.txt", "a", in: folder)
        let item = try setup.trash.moveToTrash(file, now: setup.now)
        #expect(try Trash.restore(item) == false)
        #expect(TemporaryTree.contents(file) == Array("a".utf8))
        #expect(Self.names(setup.files).isEmpty && Self.names(setup.info).isEmpty)
    }

    @Test func restoreRefusesANameTakenAgainAndKeepsBoth() throws {
        let setup = try Setup()
        let file = setup.tree.file("a.txt", "old")
        let item = try setup.trash.moveToTrash(file, now: setup.now)
        setup.tree.file("a.txt", "new")
        #expect(throws: FileError.self) { try Trash.restore(item) }
        #expect(TemporaryTree.contents(file) == Array("new".utf8))
        #expect(TemporaryTree.contents(item.trashedPath) == Array("old".utf8))
        #expect(FileOperations.exists(item.infoPath))
    }

    /// As GNOME Files does: the folder it was in, gone since, is made again.
    @Test func restoreMakesTheFolderItWasInAgain() throws {
        let setup = try Setup()
        let folder = setup.tree.folder("Gone")
        let file = setup.tree.file("a.txt", "a", in: setup.tree.folder("Deep", in: folder))
        let item = try setup.trash.moveToTrash(file, now: setup.now)
        TemporaryFolder.remove(folder)
        #expect(try Trash.restore(item) == true)
        #expect(TemporaryTree.contents(file) == Array("a".utf8))
    }

    /// Info files anyone could put there: only the usable ones with their file are listed.
    @Test func theListingSkipsHostileAndOrphanedInfoFiles() throws {
        let setup = try Setup()
        let good = try setup.trash.moveToTrash(setup.tree.file("good", "g"), now: setup.now)
        let info = setup.info
        for name in ["garbage", "huge", "orphan", "fifo", "link", "relative"] {
            setup.tree.file(Array(name.utf8), Array("x".utf8), in: setup.files)
        }
        setup.tree.file(Array("garbage.trashinfo".utf8), [0xFF, 0x00, 0x5B], in: info)
        setup.tree.file(
            Array("huge.trashinfo".utf8), Array("[Trash Info]\nPath=/huge\n#".utf8) + [UInt8](repeating: 0x78, count: 70_000),
            in: info)
        setup.tree.file(Array("ghost.trashinfo".utf8), Array("[Trash Info]\nPath=/ghost\n".utf8), in: info)
        #expect(info.appending(Array("fifo.trashinfo".utf8)).withCString { mkfifo($0, 0o600) } == 0)
        #expect(info.appending(Array("link.trashinfo".utf8)).withCString { symlink(good.infoPath.string!, $0) } == 0)
        setup.tree.file(Array("relative.trashinfo".utf8), Array("[Trash Info]\nPath=relative/x\n".utf8), in: info)
        setup.tree.file(Array("notes.txt".utf8), Array("[Trash Info]\nPath=/notes\n".utf8), in: info)
        #expect(Trash.items(in: setup.trash.home) == [good])
    }

    /// Emptying deletes for good, never following a link out of the trash, through folders
    /// the user made read-only; the info files go with their files.
    @Test func emptyingDeletesEverythingAndFollowsNoLink() throws {
        let setup = try Setup()
        let outside = setup.tree.folder("Outside")
        let kept = setup.tree.file("kept.txt", "kept", in: outside)
        let folder = setup.tree.folder("Project")
        setup.tree.link("to-outside", to: outside.string!, in: folder)
        let locked = setup.tree.folder("locked", in: folder)
        setup.tree.file("inner.txt", "i", in: locked)
        #expect(locked.withCString { chmod($0, 0o500) } == 0)
        try setup.trash.moveToTrash(folder, now: setup.now)
        try setup.trash.moveToTrash(setup.tree.file("a.txt", "a"), now: setup.now)
        let stale = setup.tree.file(Array("stale.trashinfo".utf8), Array("[Trash Info]\nPath=/stale\n".utf8), in: setup.info)
        Self.age(stale, by: Trash.orphanGrace)
        #expect(setup.trash.empty().isEmpty)
        #expect(Self.names(setup.files).isEmpty && Self.names(setup.info).isEmpty)
        #expect(TemporaryTree.contents(kept) == Array("kept".utf8))
        #expect(setup.trash.items().isEmpty)
    }

    /// Sets the modification time of `path` back by `seconds`.
    static func age(_ path: FilePath, by seconds: Int) {
        var times = [timespec(tv_sec: time(nil) - seconds, tv_nsec: 0), timespec(tv_sec: time(nil) - seconds, tv_nsec: 0)]
        precondition(path.withCString { utimensat(AT_FDCWD, $0, &times, AT_SYMLINK_NOFOLLOW) } == 0)
    }

    /// An info file without its file: skipped by the listing, and removed by it once a minute
    /// old (`kill -9` between the info file and the rename); younger, it may be a trashing
    /// under way in another program, and stays. Emptying keeps a young one too.
    @Test func anOrphanInfoFileIsRemovedOnceAMinuteOld() throws {
        let setup = try Setup()
        let good = try setup.trash.moveToTrash(setup.tree.file("good", "g"), now: setup.now)
        let info = Array("[Trash Info]\nPath=/gone\n".utf8)
        let atTheGrace = setup.tree.file(Array("minute.trashinfo".utf8), info, in: setup.info)
        let underTheGrace = setup.tree.file(Array("young.trashinfo".utf8), info, in: setup.info)
        let notOurs = setup.tree.file(Array("notes.txt".utf8), info, in: setup.info)
        Self.age(atTheGrace, by: Trash.orphanGrace)
        Self.age(underTheGrace, by: Trash.orphanGrace - 10)
        Self.age(notOurs, by: 3600)
        #expect(Trash.items(in: setup.trash.home) == [good])
        #expect(!FileOperations.exists(atTheGrace))
        #expect(FileOperations.exists(underTheGrace) && FileOperations.exists(notOurs))
        #expect(setup.trash.empty().isEmpty)
        #expect(Self.names(setup.info) == [Array("notes.txt".utf8), Array("young.trashinfo".utf8)])
    }

    /// Empty Trash deletes what the question counted, and nothing trashed since: a file
    /// trashed after the snapshot stays, and so does a new file under the name of one that
    /// was restored (and so left) since.
    @Test func emptyingDeletesOnlyWhatWasThereAtTheQuestion() throws {
        let setup = try Setup()
        let old = try setup.trash.moveToTrash(setup.tree.file("old.txt", "old"), now: setup.now)
        let back = try setup.trash.moveToTrash(setup.tree.file("back.txt", "back"), now: setup.now)
        let snapshot = setup.trash.snapshot()
        #expect(snapshot.count == 2)
        let later = try setup.trash.moveToTrash(setup.tree.file("later.txt", "later"), now: setup.now)
        try Trash.restore(back)
        let again = try setup.trash.moveToTrash(setup.tree.file("back.txt", "new back"), now: setup.now)
        #expect(again.name == back.name)
        #expect(Trash.empty(snapshot).isEmpty)
        #expect(!FileOperations.exists(old.trashedPath) && !FileOperations.exists(old.infoPath))
        #expect(Set(Trash.items(in: setup.trash.home)) == [later, again])
        #expect(TemporaryTree.contents(again.trashedPath) == Array("new back".utf8))
    }

    /// Deleting an item for good never goes through a link: `files` made a link to a folder
    /// outside is refused, and an item named with a slash too.
    @Test func deletingAnItemFollowsNoLinkToTheTrashsFolders() throws {
        let setup = try Setup()
        let item = try setup.trash.moveToTrash(setup.tree.file("a.txt", "a"), now: setup.now)
        let outside = setup.tree.folder("Outside")
        let kept = setup.tree.file("a.txt", "kept", in: outside)
        #expect(rename(setup.files.string!, setup.trash.home.path.string! + "/real-files") == 0)
        #expect(symlink(outside.string!, setup.files.string!) == 0)
        #expect(throws: FileError.self) { try Trash.deletePermanently(item) }
        #expect(TemporaryTree.contents(kept) == Array("kept".utf8))
        var sneaky = item
        sneaky.name = Array("../../Outside/a.txt".utf8)
        #expect(throws: FileError.self) { try Trash.deletePermanently(sneaky) }
        #expect(TemporaryTree.contents(kept) == Array("kept".utf8))
    }

    @Test func theTrashAndTheFoldersHoldingItCannotBeTrashed() throws {
        let setup = try Setup()
        try setup.trash.moveToTrash(setup.tree.file("a", "a"), now: setup.now)
        for path in [setup.trash.home.path, setup.tree.path("data")] {
            #expect(throws: FileError.self) { try setup.trash.moveToTrash(path, now: setup.now) }
            #expect(FileOperations.exists(path))
        }
    }

    /// A failure half-way (the trash's `files/` not writable): the info file is taken back
    /// and the file stays where it was. As nobody when the tests run as root.
    @Test func aFailedMoveTakesTheInfoFileBackAndLeavesTheFile() throws {
        try checkAsNobodyWhenRoot("TrashTests/aFailedMoveTakesTheInfoFileBackAndLeavesTheFile") {
            let setup = try Setup()
            try setup.trash.moveToTrash(setup.tree.file("first", "1"), now: setup.now)
            #expect(setup.files.withCString { chmod($0, 0o500) } == 0)
            let file = setup.tree.file("a.txt", "a")
            #expect(throws: FileError.self) { try setup.trash.moveToTrash(file, now: setup.now) }
            #expect(TemporaryTree.contents(file) == Array("a".utf8))
            #expect(Self.names(setup.info) == [Array("first.trashinfo".utf8)])
        }
    }

    /// A file in a read-only folder cannot be moved: it stays, and the trash holds nothing.
    @Test func aFileInAReadOnlyFolderStaysAndTheTrashHoldsNothing() throws {
        try checkAsNobodyWhenRoot("TrashTests/aFileInAReadOnlyFolderStaysAndTheTrashHoldsNothing") {
            let setup = try Setup()
            let folder = setup.tree.folder("ReadOnly")
            let file = setup.tree.file("a.txt", "a", in: folder)
            #expect(folder.withCString { chmod($0, 0o555) } == 0)
            do {
                try setup.trash.moveToTrash(file, now: setup.now)
                Issue.record("a file in a read-only folder was trashed")
            } catch {
                #expect((error as? FileError)?.code == EACCES)
            }
            #expect(TemporaryTree.contents(file) == Array("a".utf8))
            #expect(Self.names(setup.files).isEmpty && Self.names(setup.info).isEmpty)
        }
    }

    @Test func theTrashForAnEnvironmentFollowsXDGDataHome() {
        #expect(Trash(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]).home.path == FilePath("/d/Trash"))
        #expect(Trash(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"]).home.path == FilePath("/h/.local/share/Trash"))
        #expect(Trash(environment: ["HOME": "/h"]).home.files == FilePath("/h/.local/share/Trash/files"))
    }

    /// The volumes come from the machine's mount table, or the one `SPLITVIEW_MOUNTINFO`
    /// names (the window tests' seam).
    @Test func theTrashForAnEnvironmentReadsTheMountTableItNames() {
        #expect(Trash(environment: ["HOME": "/h"]).mountInfoFile == "/proc/self/mountinfo")
        #expect(Trash(environment: ["HOME": "/h", "SPLITVIEW_MOUNTINFO": "/t/mounts"]).mountInfoFile == "/t/mounts")
    }
}

extension String {
    /// The text with spaces written `%20`, as `Path=` writes them.
    var replacingSpaces: String { split(separator: " ", omittingEmptySubsequences: false).joined(separator: "%20") }
}
