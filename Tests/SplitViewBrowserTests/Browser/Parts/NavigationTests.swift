import Glibc
import SplitView
import SplitViewFiles
import Testing

@testable import SplitViewBrowser

/// The history and the places, alone: steps recorded or not, a step through folders that no
/// longer show, the places' problem said once, a bookmark added once.
@Suite struct NavigationTests {
    let a = FilePath("/a"), b = FilePath("/b"), c = FilePath("/c")
    static let root = FilePath("/")

    /// Each folder left is remembered with the root it was shown under, and so is the folder a
    /// step leaves.
    @Test func eachFolderLeftKeepsItsRoot() {
        let navigation = Navigation(places: nil)
        navigation.leave(a, root: FilePath("/home"))
        navigation.withoutHistory { navigation.leave(b, root: FilePath("/trash")) }
        #expect(navigation.root(whenLeft: a) == FilePath("/home"))
        #expect(navigation.root(whenLeft: b) == nil, "not a step")
        _ = navigation.step(.back, from: c, root: FilePath("/trash")) { _, _ in true }
        #expect(navigation.root(whenLeft: c) == FilePath("/trash"))
    }

    @Test func foldersLeftAreStepsExceptWhilePaused() {
        let navigation = Navigation(places: nil)
        navigation.leave(a, root: Self.root)
        navigation.leave(nil, root: Self.root)
        navigation.withoutHistory { navigation.leave(b, root: Self.root) }
        #expect(!navigation.isPaused)
        navigation.leave(c, root: Self.root)
        #expect(navigation.history.back == [a, c])
    }

    /// Back skips a folder that no longer shows, and arrives at the next that does, the shown
    /// folder on the forward list; the folders shown meanwhile are not steps.
    @Test func aStepSkipsAFolderThatDoesNotShow() {
        let navigation = Navigation(places: nil)
        navigation.leave(a, root: Self.root)
        navigation.leave(b, root: Self.root)
        var asked: [FilePath] = []
        let went = navigation.step(.back, from: c, root: Self.root) { folder, _ in
            asked.append(folder)
            navigation.leave(folder, root: Self.root)
            return folder == a
        }
        #expect(went && asked == [b, a])
        #expect(navigation.history.back == [] && navigation.history.forward == [c])
        #expect(!navigation.step(.back, from: a, root: Self.root) { _, _ in true })
    }

    /// Back to the folder that holds the shown one selects the shown one there.
    @Test func backToTheParentSelectsTheFolderLeft() {
        let navigation = Navigation(places: nil)
        navigation.leave(FilePath("/a"), root: Self.root)
        var selected: [UInt8]?
        #expect(
            navigation.step(.back, from: FilePath("/a/inner"), root: Self.root) { _, name in
                selected = name; return true
            })
        #expect(selected == Array("inner".utf8))
    }

    /// A bookmarks file that is not one is said once, however often the places are read, and
    /// a bookmark goes in once.
    @Test func thePlacesProblemIsSaidOnceAndABookmarkGoesInOnce() throws {
        let tree = TempTree()
        tree.folder("home")
        tree.file("config/gtk-3.0/bookmarks", "file:///x\u{0}\n")
        tree.file("mountinfo", "")
        var sources = PlaceSources(environment: ["HOME": tree.root + "/home", "XDG_CONFIG_HOME": tree.root + "/config"])
        sources.mountInfoFile = tree.root + "/mountinfo"
        let navigation = Navigation(places: sources)
        var said: [String] = []
        navigation.report = { said.append($0) }
        #expect(navigation.gatherPlaces()?.first?.name == "Home")
        _ = navigation.gatherPlaces()
        #expect(said.count == 1 && navigation.placesProblem == said.first)
        let folder = FilePath(tree.root + "/home")
        #expect(navigation.bookmark(folder)?.added == false)
        tree.file("config/gtk-3.0/bookmarks", "")
        #expect(navigation.bookmark(folder)?.sentence == "Bookmarked “home”.")
        #expect(navigation.bookmark(folder)?.added == false)
        #expect(Navigation(places: nil).bookmark(folder) == nil && Navigation(places: nil).gatherPlaces() == nil)
    }
}
