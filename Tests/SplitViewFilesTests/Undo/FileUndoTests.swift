import Glibc
import SplitViewFiles
import Testing

/// The undo stack: every change taken back, and nothing the user made since ever lost.
@Suite struct FileUndoTests {
    @Test func aRenameIsUndoneByRenamingBack() throws {
        let tree = try TemporaryTree()
        let from = tree.file(Array("a.txt".utf8), Array("kept".utf8)), to = tree.path("b.txt")
        try FileOperations.renameNoReplace(from, to: to)
        var stack = FileUndoStack()
        stack.record(.renamed(from: from, to: to))
        #expect(try stack.undoLast() == .renamed(from: from, to: to))
        #expect(FileOperations.exists(from) && !FileOperations.exists(to))
        #expect(!stack.canUndo)
        #expect(try stack.undoLast() == nil)
    }

    @Test func aNameTakenAgainRefusesTheUndoAndKeepsBothFilesAndTheChange() throws {
        let tree = try TemporaryTree()
        let from = tree.path("a.txt"), to = tree.file(Array("b.txt".utf8), Array("moved".utf8))
        tree.file(Array("a.txt".utf8), Array("new since".utf8))
        var stack = FileUndoStack()
        stack.record(.renamed(from: from, to: to))
        #expect(throws: FileError.self) { try stack.undoLast() }
        #expect(stack.canUndo)
        #expect(FileOperations.exists(from) && FileOperations.exists(to))
    }

    @Test func aNewFolderIsRemovedOnlyWhileEmpty() throws {
        let tree = try TemporaryTree()
        let folder = tree.path("New Folder")
        #expect(mkdir(tree.path("New Folder").string!, 0o755) == 0)
        tree.file(Array("note".utf8), in: folder)
        var stack = FileUndoStack()
        stack.record(.created(folder))
        do {
            try stack.undoLast()
            Issue.record("a folder with a file in it was removed")
        } catch {
            #expect(error.reason == "the folder is no longer empty: it was kept")
        }
        #expect(FileOperations.exists(folder.appending(Array("note".utf8))))
        #expect(unlink(folder.appending(Array("note".utf8)).string!) == 0)
        #expect(try stack.undoLast() == .created(folder))
        #expect(!FileOperations.exists(folder))
    }

    /// Ctrl+Z after Delete: every trashed file comes back and its info file goes; a name taken
    /// meanwhile keeps the change on the stack, and once freed a second Ctrl+Z finishes it,
    /// passing over what came back the first time.
    @Test func aTrashingIsUndoneByRestoringEachItem() throws {
        let tree = try TemporaryTree()
        let trash = Trash(homeTrash: tree.path("Trash"), mountInfoFile: tree.file("mountinfo").string!)
        let a = tree.file("a.txt", "a"), b = tree.file("b.txt", "b")
        let items = [try trash.moveToTrash(a), try trash.moveToTrash(b)]
        var stack = FileUndoStack()
        stack.record(.trashed(items))
        tree.file("b.txt", "new since")
        #expect(throws: FileError.self) { try stack.undoLast() }
        #expect(stack.canUndo && TemporaryTree.contents(a) == Array("a".utf8))
        #expect(unlink(b.string!) == 0)
        #expect(try stack.undoLast() == .trashed(items))
        #expect(TemporaryTree.contents(b) == Array("b".utf8))
        #expect(Trash.items(in: trash.home).isEmpty)
        #expect(FileOperation.trashed(items).undoneMessage == "Restored 2 items from the Trash.")
        #expect(FileOperation.trashed([items[0]]).undoneMessage == "Restored “a.txt” from the Trash.")
    }

    @Test func theStackKeepsTheNewestUpToItsLimit() {
        var stack = FileUndoStack(limit: 2)
        for index in 0..<5 { stack.record(.created(FilePath("/tmp/\(index)"))) }
        #expect(stack.operations == [.created(FilePath("/tmp/3")), .created(FilePath("/tmp/4"))])
    }

    @Test func renameNoReplaceNeverOverwritesAFileOrAFolder() throws {
        let tree = try TemporaryTree()
        let a = tree.file(Array("a".utf8), Array("a".utf8)), b = tree.file(Array("b".utf8), Array("b".utf8))
        #expect(mkdir(tree.path("empty").string!, 0o755) == 0)
        for target in [b, tree.path("empty")] {
            do {
                try FileOperations.renameNoReplace(a, to: target)
                Issue.record("renamed over \(target)")
            } catch {
                #expect(error.code == EEXIST)
            }
        }
        #expect(FileOperations.exists(a))
    }
}
