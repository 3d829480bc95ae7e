import Glibc
import SplitViewFiles
import TestSupport
import Testing

/// `FileCopier+Removing.swift`: a move across file systems removes only what it copied, as
/// it was copied; everything else stays with its folder and is said.
@Suite struct FileCopierRemovingTests {
    static let crossesFileSystems = TemporaryTree.otherFileSystem != nil
    static let why: Comment = "no folder everyone may write in on another file system than /tmp (/dev/shm, /var/tmp)"

    /// A tree in /tmp holding `tree/` with `a.txt` … `e.txt` and `sub/f.txt`, `sub/g.txt`, and
    /// a destination folder on another file system.
    static func sourceAndDestination() throws -> (source: TemporaryTree, tree: FilePath, destination: TemporaryTree) {
        let source = try TemporaryTree()
        let tree = source.folder("tree")
        for name in ["a", "b", "c", "d", "e"] { source.file("\(name).txt", "\(name) of the tree\n", in: tree) }
        let sub = source.folder("sub", in: tree)
        for name in ["f", "g"] { source.file("\(name).txt", "\(name) in sub\n", in: sub) }
        let destination = try TemporaryTree(under: TemporaryTree.otherFileSystem ?? "/tmp")
        return (source, tree, destination)
    }

    /// Moves `tree` into `destination`, calling `during` at every report with the progress.
    static func move(
        _ tree: FilePath, into destination: FilePath, mode: TransferMode = .move, during: (CopyProgress) -> Void = { _ in }
    ) throws -> CopyOutcome {
        try FileCopierTests.paste([tree], into: destination, mode: mode, reportInterval: 0, report: during)
    }

    /// The finding of "Nothing lost, proven": a file written into the source folder while a
    /// move across file systems ran was gone from both sides afterwards.
    @Test(.enabled(if: crossesFileSystems, why))
    func aFileWrittenIntoTheSourceDuringAMoveStaysThere() throws {
        let (source, tree, destination) = try Self.sourceAndDestination()
        var wrote = false
        let outcome = try Self.move(tree, into: destination.root) { progress in
            guard !wrote, progress.filesDone == 3 else { return }
            wrote = true
            source.file("late.txt", "written during the move\n", in: tree)
            source.file("late.txt", "also during the move\n", in: tree.appending(Array("sub".utf8)))
        }
        #expect(wrote)
        #expect(outcome.failure == nil && outcome.movedAcross && outcome.undoRecord == nil)
        #expect(FileCopierTests.names(tree) == ["late.txt", "sub"])
        #expect(FileCopierTests.names(tree.appending(Array("sub".utf8))) == ["late.txt"])
        #expect(TemporaryTree.contents(tree.appending(Array("late.txt".utf8))) == Array("written during the move\n".utf8))
        let moved = destination.root.appending(Array("tree".utf8))
        #expect(FileCopierTests.names(moved) == ["a.txt", "b.txt", "c.txt", "d.txt", "e.txt", "sub"])
        #expect(FileCopierTests.names(moved.appending(Array("sub".utf8))) == ["f.txt", "g.txt"])
        #expect(outcome.notes == ["2 items that appeared during the move were left in “tree”."])
    }

    /// A file changed after its copy was made is kept as it is now; the copy has it as read.
    @Test(.enabled(if: crossesFileSystems, why))
    func aFileChangedAfterItWasCopiedIsKept() throws {
        let (source, tree, destination) = try Self.sourceAndDestination()
        let b = tree.appending(Array("b.txt".utf8))
        var changed = false
        let outcome = try Self.move(tree, into: destination.root) { progress in
            guard !changed, progress.filesDone == 3 else { return }
            changed = true
            source.file("b.txt", "b, edited\n", in: tree)
        }
        #expect(changed)
        #expect(FileCopierTests.names(tree) == ["b.txt"])
        #expect(TemporaryTree.contents(b) == Array("b, edited\n".utf8))
        let copy = destination.root.appending(Array("tree".utf8)).appending(Array("b.txt".utf8))
        #expect(TemporaryTree.contents(copy) == Array("b of the tree\n".utf8))
        #expect(
            outcome.notes == ["“b.txt” changed during the move: it was kept in “tree”, and the copy has it as it was read."])
    }

    /// A file renamed or replaced in the source after its copy: the new name stays (it
    /// appeared), and a new file under the old name is not the one copied.
    @Test(.enabled(if: crossesFileSystems, why))
    func aFileReplacedUnderItsNameIsKept() throws {
        let (source, tree, destination) = try Self.sourceAndDestination()
        var done = false
        let outcome = try Self.move(tree, into: destination.root) { progress in
            guard !done, progress.filesDone == 4 else { return }
            done = true
            _ = rename(tree.appending(Array("a.txt".utf8)).displayString, tree.appending(Array("a2.txt".utf8)).displayString)
            source.file("c.txt", "c of the tree\n", in: source.root)
            _ = rename(source.path("c.txt").displayString, tree.appending(Array("c.txt".utf8)).displayString)
        }
        #expect(done)
        #expect(FileCopierTests.names(tree) == ["a2.txt", "c.txt"])
        #expect(
            outcome.notes.contains("“c.txt” changed during the move: it was kept in “tree”, and the copy has it as it was read."))
        #expect(outcome.notes.contains("1 item that appeared during the move was left in “tree”."))
    }

    /// A file written to while it is read is read again, and the copy is the file as it ended.
    @Test(.enabled(if: crossesFileSystems, why))
    func aFileChangedWhileItIsReadIsReadAgain() throws {
        let source = try TemporaryTree()
        let big = source.file(Array("big.bin".utf8), [UInt8](repeating: 7, count: 3 << 20))
        let destination = try TemporaryTree(under: TemporaryTree.otherFileSystem ?? "/tmp")
        var appended = false
        let outcome = try Self.move(big, into: destination.root) { progress in
            guard !appended, progress.bytesDone > 0, progress.filesDone == 0 else { return }
            appended = true
            let descriptor = big.withCString { open($0, O_WRONLY | O_APPEND) }
            _ = [UInt8](repeating: 8, count: 100).withUnsafeBytes { write(descriptor, $0.baseAddress, 100) }
            close(descriptor)
        }
        #expect(appended)
        #expect(outcome.failure == nil && outcome.notes.isEmpty)
        #expect(!FileOperations.exists(big))
        let copy = TemporaryTree.contents(destination.root.appending(Array("big.bin".utf8)))
        #expect(copy.count == (3 << 20) + 100 && copy.last == 8 && copy.first == 7)
    }

    /// A file that is written to every time it is read is never removed by a move.
    @Test(.enabled(if: crossesFileSystems, why))
    func aFileThatKeepsChangingIsKept() throws {
        let source = try TemporaryTree()
        let big = source.file(Array("log.bin".utf8), [UInt8](repeating: 7, count: 2 << 20))
        let destination = try TemporaryTree(under: TemporaryTree.otherFileSystem ?? "/tmp")
        var appends = 0
        let outcome = try Self.move(big, into: destination.root) { progress in
            guard progress.filesDone == 0, progress.bytesDone > 0 else { return }
            appends += 1
            let descriptor = big.withCString { open($0, O_WRONLY | O_APPEND) }
            _ = [UInt8](repeating: 8, count: 10).withUnsafeBytes { write(descriptor, $0.baseAddress, 10) }
            close(descriptor)
        }
        #expect(appends > 3)
        #expect(TemporaryTree.status(big).st_size == Int64(2 << 20) + Int64(appends) * 10)
        #expect(outcome.notes == ["“log.bin” changed during the move: it was kept, and the copy has it as it was read."])
    }

    /// The second finding: a folder readable but not searchable (`chmod -R 644`), its entries
    /// beyond `lstat`, was deleted whole by a move, its files lost. As `nobody` (root looks
    /// at anything).
    @Test(.enabled(if: crossesFileSystems, why))
    func entriesThatCannotBeReadAreLeftAndNamed() throws {
        try checkAsNobodyWhenRoot("FileCopierRemovingTests/entriesThatCannotBeReadAreLeftAndNamed") {
            let (source, tree, destination) = try Self.sourceAndDestination()
            let locked = source.folder("locked", in: tree)
            for name in ["x", "y", "z"] { source.file("\(name).txt", "\(name) locked\n", in: locked) }
            let sealed = source.file("sealed.txt", "nobody reads this\n", in: tree)
            chmod(sealed.displayString, 0)
            chmod(locked.displayString, 0o644)
            defer { chmod(locked.displayString, 0o755) }
            let outcome = try Self.move(tree, into: destination.root)
            #expect(outcome.failure == nil)
            #expect(outcome.notes == ["4 items could not be read and were left in “tree”."])
            #expect(FileCopierTests.names(tree) == ["locked", "sealed.txt"])
            #expect(TemporaryTree.status(locked).st_mode & 0o7777 == 0o644)  // never chmod'ed
            chmod(locked.displayString, 0o755)
            #expect(FileCopierTests.names(locked) == ["x.txt", "y.txt", "z.txt"])
            let moved = destination.root.appending(Array("tree".utf8))
            #expect(FileCopierTests.names(moved) == ["a.txt", "b.txt", "c.txt", "d.txt", "e.txt", "locked", "sub"])
        }
    }

    /// A copy leaves the same entries out, with words.
    @Test func entriesThatCannotBeReadAreNamedInACopy() throws {
        try checkAsNobodyWhenRoot("FileCopierRemovingTests/entriesThatCannotBeReadAreNamedInACopy") {
            let (source, tree, destination) = try Self.sourceAndDestination()
            let locked = source.folder("locked", in: tree)
            source.file("x.txt", "x locked\n", in: locked)
            chmod(locked.displayString, 0o644)
            defer { chmod(locked.displayString, 0o755) }
            let outcome = try Self.move(tree, into: destination.root, mode: .copy)
            #expect(outcome.failure == nil)
            #expect(outcome.notes == ["“x.txt” in “tree” could not be read and was not copied."])
        }
    }

    /// A folder the user may not write in: the copies are made, the originals stay, and
    /// their permissions are never changed.
    @Test(.enabled(if: crossesFileSystems, why))
    func originalsThatCannotBeRemovedStayWithTheirPermissions() throws {
        try checkAsNobodyWhenRoot("FileCopierRemovingTests/originalsThatCannotBeRemovedStayWithTheirPermissions") {
            let (source, tree, destination) = try Self.sourceAndDestination()
            defer { withExtendedLifetime(source) {} }
            let sub = tree.appending(Array("sub".utf8))
            chmod(sub.displayString, 0o555)
            defer { chmod(sub.displayString, 0o755) }
            let outcome = try Self.move(tree, into: destination.root)
            #expect(outcome.failure == nil)
            #expect(
                outcome.notes == [
                    "2 items in “tree” were copied, but their originals could not be removed: Permission denied."
                ])
            #expect(FileCopierTests.names(tree) == ["sub"])
            #expect(FileCopierTests.names(sub) == ["f.txt", "g.txt"])
            #expect(TemporaryTree.status(sub).st_mode & 0o7777 == 0o555)
        }
    }

    /// Two names of one file (a hard link) in a moved folder: removing the first moves the
    /// file's change time, which is not a change of the second; both go, the copy keeps both.
    @Test(.enabled(if: crossesFileSystems, why))
    func aFileOfTwoNamesIsRemovedByBoth() throws {
        let (source, tree, destination) = try Self.sourceAndDestination()
        defer { withExtendedLifetime(source) {} }
        let a = tree.appending(Array("a.txt".utf8)), twin = tree.appending(Array("a-twin.txt".utf8))
        try #require(link(a.displayString, twin.displayString) == 0)
        let outcome = try Self.move(tree, into: destination.root)
        #expect(outcome.failure == nil && outcome.notes.isEmpty, "\(outcome.notes)")
        #expect(!FileOperations.exists(tree))
        let moved = destination.root.appending(Array("tree".utf8))
        #expect(TemporaryTree.contents(moved.appending(Array("a-twin.txt".utf8))) == Array("a of the tree\n".utf8))
    }

    /// A FIFO in a moved folder is left out, and keeps its folder.
    @Test(.enabled(if: crossesFileSystems, why))
    func aFIFOKeepsItsFolder() throws {
        let (source, tree, destination) = try Self.sourceAndDestination()
        defer { withExtendedLifetime(source) {} }
        _ = tree.appending(Array("pipe".utf8)).withCString { mkfifo($0, 0o644) }
        let outcome = try Self.move(tree, into: destination.root)
        #expect(outcome.notes == ["“pipe” is a FIFO: it was not copied."])
        #expect(FileCopierTests.names(tree) == ["pipe"])
    }
}
