import Glibc
import SplitView
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// Going anywhere: up above the start folder, to a path, through the location bar, back and
/// forward.
@Suite struct NavigatingTests {
    static func sample() -> TempTree {
        let tree = TempTree()
        tree.file("start/Notes/a.txt", "a")
        tree.file("start/Notes/Deep/b.txt", "b")
        tree.file("other/readme.txt", "r")
        tree.folder("other/Documents")
        tree.folder("other/Downloads")
        tree.folder("other/Music")
        return tree
    }

    /// A browser rooted at the tree's `start` folder.
    static func browser(_ tree: TempTree, style: SplitViewController.Style = .tripleColumn) throws -> Browser {
        let store = try FileStore()
        let root = FilePath(tree.root + "/start")
        store.load(root)
        let browser = Browser(store: store, root: root, style: style, theme: .light)
        browser.split.handle(.resize(Size(width: 1400, height: 900)))
        return browser
    }

    static func settled(_ browser: Browser) {
        _ = settle(browser.store) {
            guard let folder = browser.selectedFolder, case .loaded? = browser.store.known(folder) else { return false }
            return true
        }
    }

    /// Every key of going anywhere is in the View menu too, beside its key, after the split
    /// view's own commands; choosing Go Up there does what Alt+Up does.
    @Test func theViewMenuOffersGoingAnywhereWithTheKeys() throws {
        let tree = Self.sample()
        let browser = try Self.browser(tree)
        browser.split.handle(.command(.showMenu))
        let items = try #require(browser.split.menu?.items)
        // The app's group starts with Undo; going places is a group of its own.
        let start = try #require(items.firstIndex { $0.title == "Undo" })
        #expect(items[start].startsGroup == true && items[start].shortcut == "Ctrl+Z")
        let goUp = try #require(items.firstIndex { $0.title == "Go Up" })
        let going = items[goUp...].prefix(4).map { "\($0.title)  \($0.shortcut)" }
        #expect(going == ["Go Up  Alt+Up", "Back  Alt+Left", "Forward  Alt+Right", "Open Location…  Ctrl+L"])
        #expect(items[goUp].startsGroup == true)
        for _ in items.indices where browser.split.menu?.highlighted != goUp { browser.split.handle(.key(KeyChord(.down))) }
        browser.split.handle(.key(KeyChord(.return)))
        #expect(browser.selectedFolder == FilePath(tree.root))
    }

    @Test func altUpAboveTheStartFolderShowsItsParentWithTheStartSelected() throws {
        let tree = Self.sample()
        let browser = try Self.browser(tree)
        var titles: [String] = []
        browser.onTitleChange = { titles.append($0) }
        browser.split.handle(.key(KeyChord(.up, modifiers: .alt)))
        Self.settled(browser)
        let parent = FilePath(tree.root)
        #expect(browser.selectedFolder == parent)
        #expect(browser.tree.root == parent)
        #expect(browser.folders.selectedIndex == browser.tree.index(of: parent))
        #expect(browser.selectedName == Array("start".utf8))
        #expect(browser.fileList.selectedIndex.flatMap { browser.entries.entry(at: $0)?.displayName } == "start")
        #expect(browser.title.hasSuffix(" — " + FilePath.displayName(parent.lastComponent) + " — SplitView"))
        #expect(titles.last == browser.title)
        #expect(browser.reader.placeholder == "“start” is a folder: Return opens it.")
        // The outline's old root is still there, one level down, expanded.
        #expect(browser.tree.rows.contains { $0.path == FilePath(tree.root + "/start") && $0.depth == 1 })
    }

    @Test func backspaceInTheListGoesUpAndAtTheFileSystemRootNothingHappens() throws {
        let tree = Self.sample()
        let browser = try Self.browser(tree)
        browser.select(folder: FilePath(tree.root + "/start/Notes"))
        browser.split.focusedColumn = .supplementary
        browser.split.handle(.key(KeyChord(.backspace)))
        #expect(browser.selectedFolder == FilePath(tree.root + "/start"))
        #expect(browser.selectedName == Array("Notes".utf8))
        #expect(browser.go(to: FilePath("/")) == nil)
        browser.split.handle(.key(KeyChord(.backspace)))
        #expect(browser.selectedFolder == FilePath("/"))
        #expect(browser.tree.root == FilePath("/"))
    }

    @Test func goingToAFileOpensItsFolderWithTheFileSelected() throws {
        let tree = Self.sample()
        let browser = try Self.browser(tree)
        #expect(browser.go(to: FilePath(tree.root + "/other/readme.txt")) == nil)
        Self.settled(browser)
        #expect(browser.selectedFolder == FilePath(tree.root + "/other"))
        #expect(browser.selectedName == Array("readme.txt".utf8))
        #expect(browser.reader.text == "r")
        // The root moved to the nearest folder enclosing both.
        #expect(browser.tree.root == FilePath(tree.root))
    }

    @Test func aPathThatIsNotThereSaysWhyAndGoesNowhere() throws {
        let tree = Self.sample()
        let browser = try Self.browser(tree)
        let before = browser.selectedFolder
        #expect(browser.go(to: FilePath(tree.root + "/nope")) == "No such file or directory")
        #expect(browser.selectedFolder == before)
        #expect(browser.tree.root == FilePath(tree.root + "/start"))
    }

    /// Root reads every folder, so as root the check runs as `nobody` in a child.
    @Test func aFolderThatCannotBeReadSaysWhyAndGoesNowhere() throws {
        try checkAsNobodyWhenRoot("NavigatingTests/aFolderThatCannotBeReadSaysWhyAndGoesNowhere") {
            let tree = Self.sample()
            let browser = try Self.browser(tree)
            let before = browser.selectedFolder
            let locked = tree.folder("locked")
            chmod(locked, 0)
            defer { chmod(locked, 0o755) }
            #expect(browser.go(to: FilePath(locked)) == "Permission denied")
            #expect(browser.selectedFolder == before)
            #expect(browser.tree.root == FilePath(tree.root + "/start"))
        }
    }

    @Test func theLocationBarGoesWhereTheTypedPathSays() throws {
        let tree = Self.sample()
        let browser = try Self.browser(tree)
        browser.split.handle(.key(KeyChord(.character("l"), modifiers: .control)))
        let field = try #require(browser.fileList.navigationItem.textField)
        #expect(field.text == tree.root + "/start")
        #expect(field.isAllSelected)
        #expect(browser.split.focusedColumn == .supplementary)
        type(browser, tree.root + "/other/Mu")
        browser.split.handle(.key(KeyChord(.tab)))
        #expect(browser.fileList.navigationItem.textField?.text == tree.root + "/other/Music/")
        browser.split.handle(.key(KeyChord(.return)))
        #expect(browser.fileList.navigationItem.textField == nil)
        #expect(browser.selectedFolder == FilePath(tree.root + "/other/Music"))
    }

    @Test func aSecondTabListsTheChoicesAndABadPathStaysInTheBar() throws {
        let tree = Self.sample()
        let browser = try Self.browser(tree)
        browser.split.handle(.key(KeyChord(.character("l"), modifiers: .control)))
        type(browser, tree.root + "/other/D")
        browser.split.handle(.key(KeyChord(.tab)))  // as far as the names agree
        #expect(browser.fileList.navigationItem.textField?.text == tree.root + "/other/Do")
        #expect(browser.fileList.navigationItem.textField?.message == nil)
        browser.split.handle(.key(KeyChord(.tab)))
        #expect(browser.fileList.navigationItem.textField?.message == "Documents  Downloads")
        type(browser, "x")
        browser.split.handle(.key(KeyChord(.return)))
        #expect(browser.fileList.navigationItem.textField?.text == tree.root + "/other/Dox")
        #expect(browser.fileList.navigationItem.textField?.message == "No such file or directory")
        #expect(browser.selectedFolder == FilePath(tree.root + "/start"))
        browser.split.handle(.key(KeyChord(.escape)))
        #expect(browser.fileList.navigationItem.textField == nil)
    }

    @Test func aTildeInTheBarIsTheHomeFolder() throws {
        let tree = Self.sample()
        let browser = try Self.browser(tree)
        let home = Location.homeFolder()
        browser.split.handle(.key(KeyChord(.character("l"), modifiers: .control)))
        type(browser, "~")
        browser.split.handle(.key(KeyChord(.return)))
        if Location.readProblem(FilePath(home)) == nil {
            #expect(browser.selectedFolder == Location.normalized(Array(home.utf8)))
        }
    }

    @Test func altLeftAndAltRightGoBackAndForwardThroughTheFoldersShown() throws {
        let tree = Self.sample()
        let browser = try Self.browser(tree)
        let start = FilePath(tree.root + "/start"), notes = start.appending(Array("Notes".utf8))
        let other = FilePath(tree.root + "/other")
        browser.select(folder: notes)
        #expect(browser.go(to: other) == nil)
        browser.split.handle(.key(KeyChord(.left, modifiers: .alt)))
        #expect(browser.selectedFolder == notes)
        browser.split.handle(.key(KeyChord(.left, modifiers: .alt)))
        #expect(browser.selectedFolder == start)
        browser.split.handle(.key(KeyChord(.left, modifiers: .alt)))  // the start: nothing before
        #expect(browser.selectedFolder == start)
        browser.split.handle(.command(.forward))
        browser.split.handle(.key(KeyChord(.right, modifiers: .alt)))
        #expect(browser.selectedFolder == other)
        browser.split.handle(.key(KeyChord(.right, modifiers: .alt)))  // the end
        #expect(browser.selectedFolder == other)
        #expect(browser.navigation.history.back == [start, notes])
        // Back to the folder holding the shown one selects it there, as up does.
        browser.split.handle(.command(.back))
        browser.split.handle(.command(.back))
        #expect(browser.selectedFolder == start)
        browser.split.handle(.command(.forward))
        #expect(browser.selectedFolder == notes)
        #expect(browser.go(to: start) == nil)
        browser.split.handle(.command(.back))
        #expect(browser.selectedFolder == notes)
        #expect(browser.selectedName == nil)
        browser.select(folder: notes.appending(Array("Deep".utf8)))
        browser.split.handle(.command(.back))
        #expect(browser.selectedFolder == notes)
        #expect(browser.selectedName == Array("Deep".utf8))
    }

    @Test func aFolderGoneFromTheHistoryIsSkipped() throws {
        let tree = Self.sample()
        let browser = try Self.browser(tree)
        let start = FilePath(tree.root + "/start"), deep = FilePath(tree.root + "/start/Notes/Deep")
        browser.select(folder: deep)
        browser.select(folder: start)
        TemporaryFolder.remove(deep)
        browser.split.handle(.command(.back))
        #expect(browser.selectedFolder == start)
        #expect(browser.navigation.history.back == [])
        #expect(browser.navigation.history.forward == [])
    }

    private func type(_ browser: Browser, _ text: String) {
        for character in text {
            let chord =
                character == " "
                ? KeyChord(.space) : KeyChord(.character(character), modifiers: character.isUppercase ? .shift : [])
            browser.split.handle(.key(chord))
        }
    }
}
