import Glibc
import SplitView
import SplitViewFiles
import Testing

@testable import SplitViewBrowser

/// The history and the places, alone: steps recorded or not, a step through folders that no
/// longer show, the places' problem said once, a bookmark added once.
@Suite struct NavigationTests {
    let a = FilePath("/a"), b = FilePath("/b"), c = FilePath("/c")

    @Test func foldersLeftAreStepsExceptWhilePaused() {
        let navigation = Navigation(places: nil)
        navigation.leave(a)
        navigation.leave(nil)
        navigation.withoutHistory { navigation.leave(b) }
        #expect(!navigation.isPaused)
        navigation.leave(c)
        #expect(navigation.history.back == [a, c])
    }

    /// Back skips a folder that no longer shows, and arrives at the next that does, the shown
    /// folder on the forward list; the folders shown meanwhile are not steps.
    @Test func aStepSkipsAFolderThatDoesNotShow() {
        let navigation = Navigation(places: nil)
        navigation.leave(a)
        navigation.leave(b)
        var asked: [FilePath] = []
        let went = navigation.step(.back, from: c) { folder, _ in
            asked.append(folder)
            navigation.leave(folder)
            return folder == a
        }
        #expect(went && asked == [b, a])
        #expect(navigation.history.back == [] && navigation.history.forward == [c])
        #expect(!navigation.step(.back, from: a) { _, _ in true })
    }

    /// Back to the folder that holds the shown one selects the shown one there.
    @Test func backToTheParentSelectsTheFolderLeft() {
        let navigation = Navigation(places: nil)
        navigation.leave(FilePath("/a"))
        var selected: [UInt8]?
        #expect(
            navigation.step(.back, from: FilePath("/a/inner")) { _, name in
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
