import Glibc
import SplitViewFiles
import TestSupport
import Testing

/// `FileUndo.swift` under faults: every rename and unlink an undo makes is made to fail in
/// turn. Nothing the user had is lost, and the next Ctrl+Z finishes what the failed one began.
@Suite struct FileUndoFaultTests {
    /// Undo of a copy, its `n`th unlink failing, then undo again.
    @Test func anUndoOfACopyStoppedByAFaultIsFinishedByTheNext() throws {
        var n = 0
        while true {
            let tree = try TemporaryTree()
            let source = tree.folder("src"), target = tree.folder("dst")
            for name in ["a", "b", "c"] { tree.file("\(name).txt", "\(name) text", in: source) }
            let sub = tree.folder("sub", in: source)
            tree.file("d.txt", "d text", in: sub)
            let outcome = try FileCopierTests.paste(
                ["a.txt", "b.txt", "c.txt", "sub"].map { source.appending(Array($0.utf8)) }, into: target)
            let before = TreeContents.hashes(under: [source])
            var stack = FileUndoStack()
            stack.record(try #require(outcome.undoRecord))
            FileFaults.arm(.unlink, after: n, error: EIO)
            let first = Result { () throws(FileError) in try stack.undoLast() }
            let fired = FileFaults.fired
            FileFaults.disarm()
            #expect(TreeContents.hashes(under: [source]) == before, "unlink \(n) failing")
            if case .failure = first {
                #expect(stack.canUndo)
                try stack.undoLast()
            }
            #expect(FileCopierTests.names(target).isEmpty && !stack.canUndo, "unlink \(n) failing")
            guard fired else { break }
            n += 1
        }
        #expect(n == 5)  // four files and a folder
    }

    /// Undo of a move by rename, its `n`th rename failing, then undo again.
    @Test func anUndoOfAMoveStoppedByAFaultIsFinishedByTheNext() throws {
        var n = 0
        while true {
            let tree = try TemporaryTree()
            let source = tree.folder("src"), target = tree.folder("dst")
            for name in ["a", "b", "c"] { tree.file("\(name).txt", "\(name) text", in: source) }
            let before = TreeContents.hashes(under: [source])
            let outcome = try FileCopierTests.paste(
                ["a.txt", "b.txt", "c.txt"].map { source.appending(Array($0.utf8)) }, into: target, mode: .move)
            var stack = FileUndoStack()
            stack.record(try #require(outcome.undoRecord))
            FileFaults.arm(.rename, after: n, error: EIO)
            let first = Result { () throws(FileError) in try stack.undoLast() }
            let fired = FileFaults.fired
            FileFaults.disarm()
            #expect(TreeContents.hashes(under: [source, target]) == before, "rename \(n) failing")
            if case .failure = first { try stack.undoLast() }
            #expect(FileCopierTests.names(source) == ["a.txt", "b.txt", "c.txt"] && FileCopierTests.names(target).isEmpty)
            #expect(!stack.canUndo)
            guard fired else { break }
            n += 1
        }
        #expect(n == 3)
    }
}
