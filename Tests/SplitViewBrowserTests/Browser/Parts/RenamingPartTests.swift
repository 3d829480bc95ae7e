import Glibc
import SplitView
import SplitViewFiles
import Testing

@testable import SplitViewBrowser

/// The renaming part alone, on a folder of the test's own: what is renamed, the field it
/// opens, and what a new name comes to.
@Suite struct RenamingPartTests {
    @Test func aRenameBeginsOnTheStemRenamesOnceAndEnds() {
        let tree = TempTree()
        let source = FilePath(tree.file("Notes/report.pdf", "r"))
        tree.file("Notes/taken.pdf", "t")
        var renaming = Renaming()
        #expect(renaming.rename(to: "x") == nil)
        let field = renaming.begin(source, isFolder: false)
        #expect(renaming.path == source)
        #expect(field.text == "report.pdf" && field.label == "Rename File")
        #expect(renaming.rename(to: "report.pdf") == .unchanged)
        #expect(renaming.rename(to: "a/b") == .refused("A name cannot contain “/”."))
        #expect(renaming.rename(to: "taken.pdf") == .refused("“taken.pdf” already exists."))
        let target = FilePath(tree.root + "/Notes/final.pdf")
        #expect(renaming.rename(to: "final.pdf") == .renamed(from: source, to: target))
        #expect(access(target.string!, F_OK) == 0 && access(source.string!, F_OK) != 0)
        let ended = renaming.end(), again = renaming.end()
        #expect(ended && renaming.path == nil && !again)
    }

    @Test func aFolderIsRenamedWholeInAFieldOfItsOwn() {
        let tree = TempTree()
        let folder = FilePath(tree.folder("Trip.2024"))
        var renaming = Renaming()
        let field = renaming.begin(folder, isFolder: true)
        #expect(field.label == "Rename Folder")
        #expect(Renaming.stemRange(of: "Trip.2024", isFolder: true) == 0..<9)
        #expect(renaming.rename(to: "..") == .refused("A folder cannot be called “..”."))
    }
}
