import Glibc
import SplitViewFiles
import Testing

/// Links a drop makes: named as the file, then "Link to NAME", "Link to NAME (2)"; never over
/// a name; undone only while each is still the link made.
struct SymbolicLinksTests {
    @Test func namesAreTheFilesThenLinkTo() throws {
        let tree = try TemporaryTree()
        let target = tree.file("a.txt", "a")
        let folder = tree.folder("into")
        let made = try (1...3).map { _ in try FileOperations.makeLink(to: target, in: folder) }
        #expect(made.map(\.path.lastName) == ["a.txt", "Link to a.txt", "Link to a.txt (2)"])
        for item in made {
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = item.path.withCString { readlink($0, &buffer, buffer.count) }
            #expect(String(decoding: buffer.prefix(max(0, count)).map { UInt8(bitPattern: $0) }, as: UTF8.self) == target.string)
        }
    }

    /// A link replaced since by a file of the same name is kept: Ctrl+Z refuses, nothing lost.
    @Test func undoRemovesTheLinksOnlyWhileTheyAreTheLinksMade() throws {
        let tree = try TemporaryTree()
        let target = tree.file("a.txt", "a")
        let folder = tree.folder("into")
        let first = try FileOperations.makeLink(to: target, in: folder)
        try FileUndoStack.undo(.linked([first]))
        #expect(!FileOperations.exists(first.path))
        #expect(FileOperations.exists(target))
        let again = try FileOperations.makeLink(to: target, in: folder)
        unlink(again.path.string!)
        _ = tree.file("a.txt", "mine now", in: folder)
        #expect(throws: FileError.self) { try FileUndoStack.undo(.linked([again])) }
        #expect(FileOperations.exists(again.path))
    }
}
