import Glibc
import SplitViewFiles
import TestSupport
import Testing

/// Deleting for good: a whole tree, a link removed and never followed, a folder the user made
/// read-only, and a failure that names what was left.
@Suite struct FileRemovalTests {
    @Test func aTreeIsRemovedAndALinkInItIsNotFollowed() throws {
        let tree = try TemporaryTree()
        let outside = tree.folder("Outside")
        let kept = tree.file("kept.txt", "kept", in: outside)
        var folder = tree.folder("Project")
        let top = folder
        for depth in 0..<50 {
            tree.file("f\(depth)", "x", in: folder)
            tree.link("out\(depth)", to: outside.string!, in: folder)
            folder = tree.folder("d\(depth)", in: folder)
        }
        try FileRemoval.remove(top)
        #expect(!FileOperations.exists(top))
        #expect(TemporaryTree.contents(kept) == Array("kept".utf8))
    }

    @Test func aLinkToAFolderIsRemovedItself() throws {
        let tree = try TemporaryTree()
        let outside = tree.folder("Outside")
        tree.file("kept.txt", "kept", in: outside)
        let link = tree.link("link", to: outside.string!)
        try FileRemoval.remove(link)
        #expect(!FileOperations.exists(link))
        #expect(FileOperations.exists(outside.appending(Array("kept.txt".utf8))))
    }

    /// A long removal hears each entry removed, and asked to stop after the fifth, stops
    /// there: the folder and the fifteen entries it did not reach stay.
    @Test func aRemovalStoppedBetweenTwoEntriesKeepsWhatItDidNotReach() throws {
        let tree = try TemporaryTree()
        let folder = tree.folder("cache")
        for index in 0..<20 { tree.file("f\(index)", "x", in: folder) }
        var removed = 0
        do {
            try FileRemoval.remove(folder, stopping: { removed == 5 }, counting: { removed += 1 })
            Issue.record("not stopped")
        } catch {
            #expect(error.code == ECANCELED)
        }
        #expect(removed == 5 && TrashTests.names(folder).count == 15)
    }

    /// A folder of the user's own without write or search rights (a build cache's) is given
    /// them back and removed; as nobody when the tests run as root.
    @Test func aReadOnlyFolderOfTheUsersOwnIsRemoved() throws {
        try checkAsNobodyWhenRoot("FileRemovalTests/aReadOnlyFolderOfTheUsersOwnIsRemoved") {
            let tree = try TemporaryTree()
            let folder = tree.folder("cache")
            let inner = tree.folder("inner", in: folder)
            tree.file("a", "a", in: inner)
            #expect(inner.withCString { chmod($0, 0o000) } == 0)
            #expect(folder.withCString { chmod($0, 0o500) } == 0)
            try FileRemoval.remove(folder)
            #expect(!FileOperations.exists(folder))
        }
    }

    /// What cannot be removed (its folder is not the user's to change) stops the removal with
    /// the system's reason, on that path, and it stays.
    @Test func aFileInAFolderThatIsNotWritableStays() throws {
        try checkAsNobodyWhenRoot("FileRemovalTests/aFileInAFolderThatIsNotWritableStays") {
            let tree = try TemporaryTree()
            let folder = tree.folder("locked")
            let file = tree.file("a", "a", in: folder)
            #expect(folder.withCString { chmod($0, 0o555) } == 0)
            do {
                try FileRemoval.remove(file)
                Issue.record("removed from a folder without write permission")
            } catch {
                #expect((error as? FileError)?.code == EACCES)
            }
            #expect(FileOperations.exists(file))
        }
    }
}
