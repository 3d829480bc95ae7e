import Glibc
import SplitView
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// The places above the outline: what they list, choosing one, Ctrl+D's bookmark, a bookmarks
/// file changed by another program, and a window saved on a place.
@Suite struct PlacesTests {
    /// A home with a user folder, a config folder and a mountinfo of the test's own.
    struct Setup {
        let tree = TempTree()
        var sources: PlaceSources {
            var sources = PlaceSources(environment: ["HOME": tree.root + "/home", "XDG_CONFIG_HOME": tree.root + "/config"])
            sources.mountInfoFile = tree.root + "/mountinfo"
            return sources
        }
        var bookmarks: String { tree.root + "/config/gtk-3.0/bookmarks" }

        init(bookmarks: String? = nil) {
            tree.file("home/Documents/letter.txt", "Dear")
            tree.file("home/Shown/a.txt", "a")
            tree.folder("Other/Inner")
            tree.file("config/user-dirs.dirs", "XDG_DOCUMENTS_DIR=\"$HOME/Documents\"\nXDG_MUSIC_DIR=\"$HOME/Gone\"\n")
            tree.file("mountinfo", "40 22 8:17 / /media/ana/USB\\040stick rw - vfat /dev/sdb1 rw\n")
            if let bookmarks { tree.file("config/gtk-3.0/bookmarks", bookmarks) }
        }

        func browser(store given: FileStore? = nil) -> Browser {
            let store = given ?? (try! FileStore())
            let root = FilePath(tree.root + "/home")
            store.load(root)
            let browser = Browser(store: store, root: root, style: .tripleColumn, theme: .light, places: sources)
            browser.split.handle(.resize(Size(width: 1400, height: 900)))
            return browser
        }

        func contents() -> [UInt8]? { try? AtomicFile.read(bookmarks, limit: 1 << 20).get() }
    }

    /// The volumes come from the mount table `SPLITVIEW_MOUNTINFO` names, when it names one:
    /// the seam through which the window tests give the program a table of their own.
    @Test func theVolumesComeFromTheMountTableTheEnvironmentNames() {
        let setup = Setup()
        let environment = ["HOME": setup.tree.root + "/home", "XDG_CONFIG_HOME": setup.tree.root + "/config"]
        #expect(PlaceSources(environment: environment).mountInfoFile == "/proc/self/mountinfo")
        var named = environment
        named["SPLITVIEW_MOUNTINFO"] = setup.tree.root + "/mountinfo"
        let places = PlaceSources(environment: named).gather().places
        #expect(places.filter { $0.kind == .volume }.map(\.path) == [FilePath("/media/ana/USB stick")])
    }

    @Test func thePlacesComeFirstInGNOMEFilesOrderThenTheOutline() {
        let setup = Setup()
        setup.tree.file("config/gtk-3.0/bookmarks", "file://\(setup.tree.root)/Other\nno URI here\nfile:///srv Server\n")
        let browser = setup.browser()
        let titles = browser.tree.rows.map(\.title)
        #expect(Array(titles.prefix(7)) == ["Places", "Home", "Documents", "Other", "Server", "File System", "USB stick"])
        #expect(browser.tree.rows[1].path == FilePath(setup.tree.root + "/home"))
        #expect(browser.tree.rows[6].path == FilePath("/media/ana/USB stick"))
        #expect(Array(titles.dropFirst(7)) == ["home", "Documents", "Shown"])  // the outline as before
        #expect(browser.tree.rows[7].depth == 0 && browser.tree.rows[7].isFolder)
        #expect(browser.folders.selectedIndex == 7)
    }

    /// A bookmark that is no local folder is listed as GTK's sidebar and Thunar list it (its
    /// label, else "srv on host"); chosen, it opens where GVfs has it mounted
    /// (`$XDG_RUNTIME_DIR/gvfs/sftp:host=…,user=…`), else the band says to mount it and
    /// nothing else changes. Before, such a bookmark was not listed at all.
    @Test func aRemoteBookmarkIsListedAndOpensWhereGVfsMountedIt() throws {
        let setup = Setup(bookmarks: "sftp://ana@host/srv Remote\nsmb://nas/music/\ndav://cloud:8080/files\n")
        setup.tree.folder("run/gvfs/sftp:host=host,user=ana/srv/www")
        var sources = PlaceSources(
            environment: [
                "HOME": setup.tree.root + "/home", "XDG_CONFIG_HOME": setup.tree.root + "/config",
                "XDG_RUNTIME_DIR": setup.tree.root + "/run",
            ])
        sources.mountInfoFile = setup.tree.root + "/mountinfo"
        let store = try FileStore()
        let root = FilePath(setup.tree.root + "/home")
        store.load(root)
        let browser = Browser(store: store, root: root, style: .tripleColumn, theme: .light, places: sources)
        browser.split.handle(.resize(Size(width: 1400, height: 900)))
        let remote = browser.tree.places.filter { $0.kind == .remote }
        #expect(remote.map(\.name) == ["Remote", "music on nas", "files on cloud:8080"])
        #expect(remote.allSatisfy { $0.iconNames.first == "folder-remote" })
        let music = try #require(browser.tree.rows.firstIndex { $0.title == "music on nas" })
        #expect(browser.choosePlace(at: music))
        #expect(
            browser.reader.notice
                == "“music on nas” (smb://nas/music/) is not mounted: mount it in GNOME Files or Thunar, or with “gio mount smb://nas/music/”, then choose it again."
        )
        #expect(browser.tree.root == root, "nothing else changed")
        let row = try #require(browser.tree.rows.firstIndex { $0.title == "Remote" })
        #expect(browser.choosePlace(at: row))
        #expect(browser.tree.root == FilePath(setup.tree.root + "/run/gvfs/sftp:host=host,user=ana/srv"))
    }

    /// Each place has its icon, by the theme's names GNOME Files' sidebar uses (a drawn
    /// folder until the picture is found); the heading has none.
    @Test func everyPlaceHasItsIcon() {
        let setup = Setup()
        setup.tree.file("config/gtk-3.0/bookmarks", "file://\(setup.tree.root)/Other\n")
        let browser = setup.browser()
        let places = browser.tree.rows.prefix(6)
        #expect(browser.tree.item(at: 0).icon == nil)  // "Places"
        for index in 1..<places.count { #expect(browser.tree.item(at: index).icon != nil, "\(places[index].title)") }
        let names = browser.tree.places.map(\.iconNames.first!)
        #expect(names == ["user-home", "folder-documents", "folder", "drive-harddisk-system", "drive-removable-media"])
        #expect(browser.tree.places.allSatisfy { $0.iconNames.last == "folder" })
    }

    @Test func aBookmarkLabelAfterASpaceNamesThePlace() {
        let setup = Setup()
        setup.tree.file("config/gtk-3.0/bookmarks", "file://\(setup.tree.root)/Other My%20Other\n")
        #expect(setup.browser().tree.rows.map(\.title).contains("My%20Other"))
    }

    /// A bookmarks file of 60 000 bookmarks (1 MiB, read on the loop's thread at every change):
    /// the first 1 000 show, the rest are not even read, and one line says so.
    @Test func theFirst1000BookmarksShowAndTheRestAreSaid() {
        var text = ""
        var number = 0
        while text.utf8.count < (1 << 20) - 64 {
            text += "file:///tmp/b\(number)\n"
            number += 1
        }
        let setup = Setup(bookmarks: text)
        let browser = setup.browser()
        let bookmarks = browser.tree.places.filter { $0.kind == .bookmark }
        #expect(number > 50_000)
        #expect(bookmarks.count == 1_000)
        #expect(bookmarks.first?.path == FilePath("/tmp/b0") && bookmarks.last?.path == FilePath("/tmp/b999"))
        #expect(
            browser.navigation.placesProblem
                == "bookmarks: \(setup.bookmarks): more than 1 000 bookmarks; the first 1 000 are shown")
        var said: [String] = []
        browser.navigation.report = { said.append($0) }
        browser.reloadPlaces()
        #expect(said.isEmpty, "said once, when it was first read")
    }

    /// Letters find the outline's folders, never a place of the same name.
    @Test func typeAheadSkipsThePlaces() {
        let browser = Setup().browser()
        let places = browser.tree.rows.indices.filter {
            browser.tree.rows[$0].place != nil || browser.tree.rows[$0].title == "Places"
        }
        #expect(places.allSatisfy { browser.tree.searchText(at: $0) == "" })
        browser.split.handle(.key(KeyChord(.character("d"))))
        let row = browser.folders.selectedIndex.map { browser.tree.rows[$0] }
        #expect(row?.title == "Documents" && row?.place == nil && row?.depth == 1)
    }

    @Test func returnOnAPlaceShowsItsFolderAsTheOutlinesRoot() {
        let setup = Setup()
        let browser = setup.browser()
        let other = browser.tree.rows.firstIndex { $0.title == "File System" }!
        browser.folders.onActivate?(other)
        #expect(browser.tree.root == FilePath("/"))
        #expect(browser.selectedFolder == FilePath("/"))
        #expect(browser.tree.rows.first?.title == "Places")  // the places stay
        let documents = browser.tree.rows.firstIndex { $0.title == "Documents" }!
        browser.folders.onClick?(documents)
        #expect(browser.tree.root == FilePath(setup.tree.root + "/home/Documents"))
        _ = settle(browser.store) { browser.entries.numberOfRows == 1 }
        #expect(browser.entries.entry(at: 0)?.displayName == "letter.txt")
        #expect(browser.title == "Documents — SplitView")
    }

    @Test func arrowingOntoAPlaceListsNothingNew() {
        let browser = Setup().browser()
        let shown = browser.selectedFolder
        browser.folders.onSelect?(1)
        #expect(browser.selectedFolder == shown)
    }

    /// The keys moving through the places, then a bookmark added (Ctrl+D, or GNOME Files):
    /// the highlight stays on its place though its row moves, so the next arrow or Return
    /// acts on what the user sees (it went back to the folder shown, and the window tests
    /// that arrow on after Ctrl+D chose the wrong row on a busy machine).
    @Test func aPlacesChangeKeepsTheHighlightOnItsPlace() throws {
        let setup = Setup(bookmarks: "")
        let browser = setup.browser()
        browser.split.focusedColumn = .primary
        let fileSystem = try #require(browser.tree.rows.firstIndex { $0.place?.kind == .fileSystem })
        browser.split.handle(.key(KeyChord(.home)))
        while browser.folders.selectedIndex.map({ $0 < fileSystem }) ?? false { browser.split.handle(.key(KeyChord(.down))) }
        #expect(browser.folders.selectedIndex == fileSystem)
        setup.tree.file("config/gtk-3.0/bookmarks", "file://\(setup.tree.root)/Other Other\n")
        browser.foldersChanged([setup.sources.bookmarksFolder])
        let moved = browser.tree.rows.firstIndex { $0.place?.kind == .fileSystem }
        #expect(moved == fileSystem + 1)
        #expect(browser.folders.selectedIndex == moved)
        browser.split.handle(.key(KeyChord(.up)))
        #expect(browser.folders.selectedIndex.map { browser.tree.rows[$0].title } == "Other")
    }

    @Test func ctrlDWritesGTKsLineAndKeepsEveryOtherByte() throws {
        let setup = Setup(bookmarks: "sftp://host/x Remote\r\ngarbage")
        let browser = setup.browser()
        BrowserTests.show(browser, setup.tree, "home/Shown")
        browser.split.handle(.key(KeyChord(.character("d"), modifiers: .control)))
        let expected = Array("sftp://host/x Remote\r\ngarbage\nfile://\(setup.tree.root)/home/Shown\n".utf8)
        #expect(setup.contents() == expected)
        #expect(browser.reader.notice == "Bookmarked “Shown”.")
        #expect(browser.tree.rows.contains { $0.place?.kind == .bookmark && $0.title == "Shown" })
        browser.split.handle(.key(KeyChord(.character("d"), modifiers: .control)))
        #expect(browser.reader.notice == "“Shown” is already bookmarked.")
        #expect(setup.contents() == expected)
    }

    @Test func theViewMenuOffersCtrlD() {
        let browser = Setup().browser()
        browser.split.handle(.command(.showMenu))
        let item = browser.split.menu?.items.first { $0.title == "Add to Bookmarks" }
        #expect(item?.shortcut == "Ctrl+D")
    }

    @Test func ctrlDMakesTheFileWhenThereIsNone() {
        let setup = Setup()
        let browser = setup.browser()
        browser.perform(.addBookmark)
        #expect(setup.contents() == Array("file://\(setup.tree.root)/home\n".utf8))
    }

    /// A file that is not a bookmarks file (a NUL byte) is said in one line and never rewritten.
    @Test func aCorruptBookmarksFileIsNeverRewritten() {
        let setup = Setup()
        setup.tree.file("config/gtk-3.0/bookmarks", "file:///a\n\0junk")
        let browser = setup.browser()
        browser.perform(.addBookmark)
        #expect(setup.contents() == Array("file:///a\n\0junk".utf8))
        #expect(browser.reader.notice?.hasPrefix("Could not bookmark “home”: ") == true)
        #expect(browser.navigation.placesProblem?.contains("NUL") == true)
        #expect(browser.tree.rows.contains { $0.title == "Home" })  // the other places still show
    }

    /// A folder where the file should be cannot be read: nothing is written.
    @Test func anUnreadableBookmarksFileIsNeverRewritten() {
        let setup = Setup()
        setup.tree.folder("config/gtk-3.0/bookmarks")
        let browser = setup.browser()
        browser.perform(.addBookmark)
        #expect(browser.reader.notice?.hasPrefix("Could not bookmark") == true)
        var info = stat()
        #expect(stat(setup.bookmarks, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
    }

    /// A bookmarks file kept elsewhere (a dotfiles repository) and linked: the link stays.
    @Test func aLinkedBookmarksFileStaysALink() {
        let setup = Setup()
        setup.tree.file("dotfiles/bookmarks", "file:///a\n")
        setup.tree.folder("config/gtk-3.0")
        #expect(symlink(setup.tree.root + "/dotfiles/bookmarks", setup.bookmarks) == 0)
        let browser = setup.browser()
        browser.perform(.addBookmark)
        var info = stat()
        #expect(lstat(setup.bookmarks, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        let linked = try? AtomicFile.read(setup.tree.root + "/dotfiles/bookmarks", limit: 1 << 20).get()
        #expect(linked == Array("file:///a\nfile://\(setup.tree.root)/home\n".utf8))
    }

    @Test(.enabled(if: hasInotify)) func aUserFolderRenamedByXDGUserDirsShows() {
        let setup = Setup()
        setup.tree.folder("home/Musik")
        let browser = setup.browser()
        _ = settle(browser.store) { browser.store.known(setup.sources.userDirsFolder) != nil }
        let text = "XDG_MUSIC_DIR=\"$HOME/Musik\"\n"
        #expect(AtomicFile.write(Array(text.utf8), to: setup.tree.root + "/config/user-dirs.dirs") == nil)
        #expect(settle(browser.store) { browser.tree.rows.contains { $0.place?.kind == .userFolder && $0.title == "Musik" } })
    }

    @Test(.enabled(if: hasInotify)) func aBookmarkAddedByAnotherProgramShows() {
        let setup = Setup(bookmarks: "")
        let browser = setup.browser()
        _ = settle(browser.store) { browser.store.known(setup.sources.bookmarksFolder) != nil }
        #expect(AtomicFile.write(Array("file://\(setup.tree.root)/Other From%20GNOME\n".utf8), to: setup.bookmarks) == nil)
        #expect(settle(browser.store) { browser.tree.rows.contains { $0.title == "From%20GNOME" } })
    }

    @Test func aWindowOnAPlaceIsSavedWithItsRootAndRestored() throws {
        let setup = Setup()
        let store = try FileStore()
        let root = FilePath(setup.tree.root + "/home")
        store.load(root)
        let session = BrowserSession(
            store: store, root: root, config: AppConfig(), preferences: WindowPreferences(), places: setup.sources,
            opener: { _ in nil }, report: { Issue.record("unexpected report: \($0)") })
        let browser = session.makeBrowser()
        browser.reroot(at: FilePath(setup.tree.root + "/Other"))
        _ = settle(store) { browser.tree.index(of: FilePath(setup.tree.root + "/Other/Inner")) != nil }
        browser.select(folder: FilePath(setup.tree.root + "/Other/Inner"))
        let state = session.state(of: [(browser: browser, width: 800, height: 600)])
        #expect(state.root == root.string)
        #expect(state.windows[0].root == setup.tree.root + "/Other")
        #expect(state.windows[0].selectedFolder == "Inner")
        let restored = session.restore(try state.validated().windows[0])
        #expect(restored.tree.root == FilePath(setup.tree.root + "/Other"))
        #expect(restored.selectedFolder == FilePath(setup.tree.root + "/Other/Inner"))
        // A window on the session's root saves none.
        #expect(session.state(of: [(browser: session.makeBrowser(), width: 800, height: 600)]).windows[0].root == nil)
    }

    @Test func aSavedRootThatIsGoneOpensOnTheSessionsRoot() throws {
        let setup = Setup()
        let store = try FileStore()
        let root = FilePath(setup.tree.root + "/home")
        store.load(root)
        let session = BrowserSession(
            store: store, root: root, config: AppConfig(), preferences: WindowPreferences(), opener: { _ in nil },
            report: { _ in })
        let window = WindowState(width: 800, height: 600, style: .triple, root: setup.tree.root + "/nope")
        #expect(session.restore(window).tree.root == root)
    }

    @Test(arguments: ["relative/path", "/nul\u{0}"])
    func aBadSavedRootIsRejected(_ root: String) {
        let state = AppState(root: "/r", windows: [WindowState(width: 800, height: 600, style: .triple, root: root)])
        #expect(throws: StateProblem.self) { try state.validated() }
    }
}
