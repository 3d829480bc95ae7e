import Glibc
import SplitView
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// The trash in the browser: Delete, Ctrl+Z, Shift+Delete and its question, the Trash place
/// with Restore and Empty Trash, and the failures said in words.
@Suite struct TrashBrowserTests {
    /// The sample tree, a home trash inside it (`data/Trash`) and an empty mount table.
    struct Setup {
        let tree = BrowserTests.sample()
        var trash: Trash {
            Trash(homeTrash: FilePath(tree.root + "/data/Trash"), mountInfoFile: tree.root + "/data/mountinfo")
        }
        init() { tree.file("data/mountinfo", "") }

        func browser(places: Bool = false) -> Browser {
            guard places else { return makeBrowser(tree, trash: trash) }
            var sources = PlaceSources(environment: ["HOME": tree.root, "XDG_CONFIG_HOME": tree.root + "/config"])
            sources.mountInfoFile = tree.root + "/data/mountinfo"
            let store = try! FileStore()
            store.load(FilePath(tree.root))
            let browser = Browser(
                store: store, root: FilePath(tree.root), style: .tripleColumn, theme: .light, places: sources, trash: trash)
            browser.split.handle(.resize(Size(width: 1400, height: 900)))
            return browser
        }

        func exists(_ path: String) -> Bool { access(tree.root + "/" + path, F_OK) == 0 }
        func read(_ path: String) -> String? {
            guard case .success(let bytes) = AtomicFile.read(tree.root + "/" + path, limit: 1 << 20) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    static func press(_ browser: Browser, _ key: KeyChord.Key, _ modifiers: KeyChord.Modifiers = []) {
        browser.split.handle(.key(KeyChord(key, modifiers: modifiers)))
    }

    /// Shows `name` in `folder` (under the tree) and moves it to the trash with Delete,
    /// waiting until the move is done.
    static func trash(_ name: String, in folder: String, _ browser: Browser, _ setup: Setup) {
        BrowserTests.show(browser, setup.tree, folder, name)
        press(browser, .delete)
        #expect(settleTrash(browser))
    }

    /// Hands the trash's jobs' news to the browser until none is left to run: the one way
    /// these tests wait for a Delete, a restore or an emptying, which run on a worker.
    static func settleTrash(_ browser: Browser) -> Bool {
        waitUntil(timeout: 20) {
            var descriptor = pollfd(fd: browser.store.trashJobs.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 0)
            if descriptor.revents != 0 { browser.store.trashJobs.takeResults() }
            return !browser.store.trashJobs.isRunning
        }
    }

    /// Delete: the file leaves the folder for the trash, its `.trashinfo` written as the
    /// specification says, the next row selected; Ctrl+Z brings it back.
    @Test func deleteMovesTheFileToTheTrashAndCtrlZBringsItBack() {
        let setup = Setup()
        let browser = setup.browser()
        BrowserTests.show(browser, setup.tree, "Notes", "file2.txt")
        let before = DeletionDate(localTime: time(nil))
        Self.press(browser, .delete)
        #expect(Self.settleTrash(browser))
        let after = DeletionDate(localTime: time(nil))
        #expect(!setup.exists("Notes/file2.txt"))
        #expect(setup.read("data/Trash/files/file2.txt") == "two\nlines")
        let info = setup.read("data/Trash/info/file2.txt.trashinfo") ?? ""
        let head = "[Trash Info]\nPath=\(setup.tree.root)/Notes/file2.txt\nDeletionDate="
        #expect(info.hasPrefix(head) && info.hasSuffix("\n") && info.utf8.count == head.utf8.count + 20)
        let date = DeletionDate(text: Array(info.utf8.dropFirst(head.utf8.count).prefix(19)))
        #expect(date.map { before <= $0 && $0 <= after } == true)
        #expect(browser.reader.notice == "Moved “file2.txt” to the Trash. Ctrl+Z puts it back.")
        #expect(browser.selectedName == Array("file10.txt".utf8))
        #expect(settle(browser.store) { browser.entries.index(of: Array("file2.txt".utf8)) == nil })
        #expect(browser.fileList.selectedIndex == browser.entries.index(of: Array("file10.txt".utf8)))
        Self.press(browser, .character("z"), .control)
        #expect(setup.read("Notes/file2.txt") == "two\nlines")
        #expect(!setup.exists("data/Trash/info/file2.txt.trashinfo") && !setup.exists("data/Trash/files/file2.txt"))
        #expect(browser.reader.notice == "Restored “file2.txt” from the Trash.")
        #expect(settle(browser.store) { browser.entries.index(of: Array("file2.txt".utf8)) != nil })
    }

    @Test func theLastRowDeletedSelectsTheOneAbove() {
        let setup = Setup()
        let browser = setup.browser()
        Self.trash("file10.txt", in: "Notes", browser, setup)
        #expect(browser.selectedName == Array("file2.txt".utf8))
    }

    /// Shift+Delete asks; Escape keeps the file, Return deletes it, and not into the trash.
    @Test func shiftDeleteAsksAndEscapeKeepsTheFile() {
        let setup = Setup()
        let browser = setup.browser()
        BrowserTests.show(browser, setup.tree, "Notes", "file2.txt")
        Self.press(browser, .delete, .shift)
        #expect(browser.split.prompt?.message == "Delete “file2.txt” permanently? It cannot be undone.")
        // The button says what it does (before, "OK").
        #expect(browser.split.prompt?.acceptTitle == "Delete")
        Self.press(browser, .escape)
        #expect(browser.split.prompt == nil && setup.exists("Notes/file2.txt"))
        #expect(browser.reader.notice == "Nothing was deleted.")
        Self.press(browser, .delete, .shift)
        Self.press(browser, .return)
        #expect(Self.settleTrash(browser))
        #expect(!setup.exists("Notes/file2.txt") && !setup.exists("data/Trash/files/file2.txt"))
        #expect(browser.reader.notice == "Deleted “file2.txt” permanently.")
        #expect(browser.selectedName == Array("file10.txt".utf8))
    }

    /// A folder goes to the trash whole, and Shift+Delete removes a folder and what is in it.
    @Test func foldersGoWhole() {
        let setup = Setup()
        let browser = setup.browser()
        Self.trash("Archive", in: "Notes", browser, setup)
        #expect(setup.read("data/Trash/files/Archive/old.txt") == "old")
        BrowserTests.show(browser, setup.tree, "Travel", "Japan")
        Self.press(browser, .delete, .shift)
        Self.press(browser, .return)
        #expect(Self.settleTrash(browser))
        #expect(!setup.exists("Travel/Japan"))
    }

    /// Without a trash, Delete asks before deleting for good, and says why.
    @Test func aWindowWithoutATrashAsksBeforeDeletingForGood() {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree)
        BrowserTests.show(browser, tree, "Notes", "file2.txt")
        Self.press(browser, .delete)
        #expect(Self.settleTrash(browser))
        #expect(
            browser.split.prompt?.message
                == "This window has no trash. Delete “file2.txt” permanently? It cannot be undone.")
        Self.press(browser, .escape)
        #expect(access(tree.root + "/Notes/file2.txt", F_OK) == 0)
    }

    @Test func nothingSelectedSaysSo() {
        let setup = Setup()
        let browser = setup.browser()
        BrowserTests.show(browser, setup.tree, "Notes")
        Self.press(browser, .delete)
        #expect(Self.settleTrash(browser))
        #expect(browser.reader.notice == "Select a file to move it to the Trash.")
        #expect(browser.viewMenuItems.first { $0.title == "Move to Trash" }?.isEnabled == false)
    }

    /// A picture in the trash says where it came from too: the inspector of a picture is
    /// made by the picture's reader, which passes the trash entry along.
    @Test func aTrashedPictureSaysWhereItCameFrom() throws {
        let setup = Setup()
        let red = Array(repeating: [UInt8]([255, 0, 0, 255]), count: 4 * 3).flatMap { $0 }
        PictureFiles.png(setup.tree.root + "/Notes/red.png", width: 4, height: 3, type: .rgba, bytes: red)
        let browser = setup.browser()
        Self.trash("red.png", in: "Notes", browser, setup)
        #expect(setup.exists("data/Trash/files/red.png"))
        BrowserTests.show(browser, setup.tree, "data/Trash/files", "red.png")
        browser.details.viewWillAppear(false)
        #expect(browser.details.entries.contains { $0.label == "Original location" && $0.value == setup.tree.root + "/Notes" })
    }

    /// The Trash place with no file selected: the inspector names the folder as the place
    /// and the outline do, "Trash", not its folder's own name (`files`, which the newcomer
    /// read as "NAME files").
    @Test func theTrashPlacesInspectorNamesTheTrash() throws {
        let setup = Setup()
        let browser = setup.browser(places: true)
        Self.trash("file2.txt", in: "Notes", browser, setup)
        #expect(browser.choosePlace(at: 2))
        #expect(settle(browser.store) { browser.entries.numberOfRows == 1 })
        browser.details.viewWillAppear(false)
        #expect(browser.details.entries.first { $0.label == "Name" }?.value == "Trash", "\(browser.details.entries)")
        #expect(browser.details.entries.first { $0.label == "Path" }?.value == setup.tree.root + "/data/Trash/files")
        // Any other folder keeps its own name.
        BrowserTests.show(browser, setup.tree, "Notes")
        browser.details.viewWillAppear(false)
        #expect(browser.details.entries.first { $0.label == "Name" }?.value == "Notes")
    }

    /// The Trash place, after the home and user folders: its files, each with where it came
    /// from; Restore puts the selected one back; Delete there asks; Empty Trash asks, then
    /// empties. The menu's items are enabled only there.
    @Test func theTrashPlaceRestoresAndEmpties() throws {
        let setup = Setup()
        let browser = setup.browser(places: true)
        Self.trash("file2.txt", in: "Notes", browser, setup)
        Self.trash("Kyoto.md", in: "Travel/Japan", browser, setup)
        let titles = browser.tree.rows.map(\.title)
        #expect(Array(titles.prefix(4)) == ["Places", "Home", "Trash", "File System"])
        #expect(browser.viewMenuItems.first { $0.title == "Restore From Trash" }?.isEnabled == false)
        #expect(browser.choosePlace(at: 2))
        let files = FilePath(setup.tree.root + "/data/Trash/files")
        #expect(settle(browser.store) { browser.entries.numberOfRows == 2 })
        #expect(browser.selectedFolder == files && browser.title == "Trash — SplitView")
        #expect(browser.tree.rows.first { $0.depth == 0 && $0.isFolder }?.title == "Trash")
        let row = try #require(browser.entries.index(of: Array("file2.txt".utf8)))
        let subtitle = browser.entries.item(at: row).subtitle ?? ""
        #expect(subtitle.hasPrefix("20") && subtitle.hasSuffix(" · From \(setup.tree.root)/Notes"), "the date first: \(subtitle)")
        browser.fileList.selectedIndex = row
        browser.selectEntry(row)
        let enabled = Dictionary(uniqueKeysWithValues: browser.viewMenuItems.map { ($0.title, $0.isEnabled) })
        #expect(enabled["Restore From Trash"] == true && enabled["Empty Trash…"] == true && enabled["Move to Trash"] == false)
        browser.details.viewWillAppear(false)
        #expect(browser.details.entries.contains { $0.label == "Original location" && $0.value == setup.tree.root + "/Notes" })
        Self.press(browser, .delete)
        #expect(Self.settleTrash(browser))
        #expect(browser.split.prompt?.message == "Delete “file2.txt” permanently? It cannot be undone.")
        Self.press(browser, .escape)
        browser.perform(.restoreFromTrash)
        #expect(Self.settleTrash(browser))
        #expect(setup.read("Notes/file2.txt") == "two\nlines")
        #expect(browser.reader.notice == "Restored “file2.txt” to “Notes”.")
        #expect(!setup.exists("data/Trash/info/file2.txt.trashinfo"))
        browser.perform(.emptyTrash)
        #expect(Self.settleTrash(browser))
        #expect(browser.split.prompt?.message == "Empty the Trash? Its item will be deleted permanently.")
        Self.press(browser, .return)
        #expect(Self.settleTrash(browser))
        #expect(browser.reader.notice == "Emptied the Trash.")
        #expect(!setup.exists("data/Trash/files/Kyoto.md") && !setup.exists("data/Trash/info/Kyoto.md.trashinfo"))
        #expect(settle(browser.store) { browser.entries.numberOfRows == 0 })
        browser.perform(.emptyTrash)
        #expect(Self.settleTrash(browser))
        #expect(browser.reader.notice == "The Trash is empty." && browser.split.prompt == nil)
    }

    /// The Trash lists each file by the name it had, as GNOME Files and Thunar do: a second
    /// `file2.txt` is `file2.2.txt` in the trash's folder, but its row (and type-ahead) says
    /// `file2.txt`. Before, the row said `file2.2.txt`.
    @Test func theTrashListsTheNamesFilesHad() throws {
        let setup = Setup()
        setup.tree.file("Travel/file2.txt", "another")
        let browser = setup.browser(places: true)
        for folder in ["Notes", "Travel"] {
            BrowserTests.show(browser, setup.tree, folder, "file2.txt")
            Self.press(browser, .delete)
            #expect(Self.settleTrash(browser))
        }
        #expect(setup.exists("data/Trash/files/file2.2.txt"))
        #expect(browser.choosePlace(at: 2))
        #expect(settle(browser.store) { browser.entries.numberOfRows == 2 })
        let titles = (0..<2).map { browser.entries.item(at: $0).title }
        #expect(titles == ["file2.txt", "file2.txt"])
        let second = try #require(browser.entries.index(of: Array("file2.2.txt".utf8)))
        #expect(browser.entries.item(at: second).subtitle?.hasSuffix(" · From \(setup.tree.root)/Travel") == true)
        #expect(browser.entries.searchText(at: second) == "file2.txt")
        browser.fileList.selectedIndex = second
        browser.selectEntry(second)
        #expect(browser.title == "file2.txt — Trash — SplitView")
    }

    /// A Delete that empties its folder still says what it did (before, the emptied folder's
    /// placeholder took the message away); Ctrl+Z brings the file back selected.
    @Test func aDeleteThatEmptiesTheFolderSaysSoAndCtrlZSelectsTheFileBack() {
        let setup = Setup()
        setup.tree.file("Lone/only.txt", "one")
        let browser = setup.browser()
        Self.trash("only.txt", in: "Lone", browser, setup)
        #expect(settle(browser.store) { browser.entries.numberOfRows == 0 })
        #expect(browser.reader.notice == "Moved “only.txt” to the Trash. Ctrl+Z puts it back.")
        Self.press(browser, .character("z"), .control)
        #expect(settle(browser.store) { browser.selectedName == Array("only.txt".utf8) })
        #expect(browser.reader.notice == "Restored “only.txt” from the Trash.")
    }

    /// The walk: Home → Notes → Archive → Backspace (up to Notes) → the Trash place →
    /// Back. Back gives Notes, the folder shown before the Trash, with the outline's root back
    /// at Home.
    @Test func backAfterGoingUpAndAPlaceGivesTheFolderShownBefore() throws {
        let setup = Setup()
        let browser = setup.browser(places: true)
        let home = FilePath(setup.tree.root)
        BrowserTests.show(browser, setup.tree, "Notes")
        BrowserTests.show(browser, setup.tree, "Notes/Archive")
        Self.press(browser, .backspace)
        #expect(browser.selectedFolder == home.appending(Array("Notes".utf8)))
        #expect(browser.choosePlace(at: 2))
        #expect(settle(browser.store) { browser.title == "Trash — SplitView" })
        browser.split.handle(.command(.back))
        #expect(browser.selectedFolder == home.appending(Array("Notes".utf8)), "\(String(describing: browser.selectedFolder))")
        #expect(browser.tree.root == home, "\(browser.tree.root)")
    }

    /// The walk's second half: with the trash outside the home (the home here is Travel, the
    /// trash under another data folder), Back from the Trash gives the folder under the root it
    /// was shown under, not under the common parent of the home and the trash.
    @Test func backFromATrashOutsideTheHomeKeepsTheRootItHad() throws {
        let setup = Setup()
        let home = FilePath(setup.tree.root + "/Travel")
        var sources = PlaceSources(environment: [
            "HOME": setup.tree.root + "/Travel", "XDG_CONFIG_HOME": setup.tree.root + "/config",
        ])
        sources.mountInfoFile = setup.tree.root + "/data/mountinfo"
        let store = try FileStore()
        store.load(home)
        let browser = Browser(store: store, root: home, style: .tripleColumn, theme: .light, places: sources, trash: setup.trash)
        browser.split.handle(.resize(Size(width: 1400, height: 900)))
        BrowserTests.show(browser, setup.tree, "Travel/Japan")
        let trash = try #require(browser.tree.rows.firstIndex { $0.place?.kind == .trash })
        #expect(browser.choosePlace(at: trash))
        #expect(settle(browser.store) { browser.title == "Trash — SplitView" })
        browser.split.handle(.command(.back))
        #expect(browser.selectedFolder == home.appending(Array("Japan".utf8)), "\(String(describing: browser.selectedFolder))")
        #expect(browser.tree.root == home, "\(browser.tree.root)")
        browser.split.handle(.command(.forward))
        #expect(settle(browser.store) { browser.title == "Trash — SplitView" })
    }

    /// A window saved on the Trash place comes back titled Trash, not `files`.
    @Test func aWindowRootedOnTheTrashIsTitledTrash() throws {
        let setup = Setup()
        try setup.trash.makeHome()
        let store = try FileStore()
        let files = FilePath(setup.tree.root + "/data/Trash/files")
        store.load(files)
        let browser = Browser(store: store, root: files, style: .tripleColumn, theme: .light, trash: setup.trash)
        #expect(browser.tree.rows.first?.title == "Trash" && browser.folders.title == "Trash")
        #expect(browser.title == "Trash — SplitView")
    }

    /// A restore onto a name taken again refuses in words, and both files stay.
    @Test func aRestoreOntoATakenNameRefuses() throws {
        let setup = Setup()
        let browser = setup.browser(places: true)
        Self.trash("file2.txt", in: "Notes", browser, setup)
        setup.tree.file("Notes/file2.txt", "new")
        let files = FilePath(setup.tree.root + "/data/Trash/files")
        browser.reroot(at: files)
        #expect(settle(browser.store) { browser.entries.numberOfRows == 1 })
        browser.selectEntry(0)
        browser.perform(.restoreFromTrash)
        #expect(Self.settleTrash(browser))
        #expect(browser.reader.notice?.hasSuffix("“file2.txt” exists there again: it was left in the Trash.") == true)
        #expect(setup.read("Notes/file2.txt") == "new" && setup.read("data/Trash/files/file2.txt") == "two\nlines")
    }

    /// A file the user cannot move (its folder is read-only) stays, and the band says why;
    /// the trash is left as it was. As nobody when the tests run as root.
    @Test func aFileInAReadOnlyFolderStaysAndTheBandSaysWhy() {
        checkAsNobodyWhenRoot("TrashBrowserTests/aFileInAReadOnlyFolderStaysAndTheBandSaysWhy") {
            let setup = Setup()
            let browser = setup.browser()
            BrowserTests.show(browser, setup.tree, "Notes", "file2.txt")
            chmod(setup.tree.root + "/Notes", 0o555)
            Self.press(browser, .delete)
            #expect(Self.settleTrash(browser))
            #expect(setup.exists("Notes/file2.txt"))
            #expect(browser.reader.notice == "Could not move “file2.txt” to the Trash: Permission denied.")
            #expect(!setup.exists("data/Trash/info/file2.txt.trashinfo"))
            #expect(browser.viewMenuItems.first { $0.title == "Undo" }?.isEnabled == false)
            chmod(setup.tree.root + "/Notes", 0o755)
        }
    }
}
