import Glibc
import SplitView
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// F2 and Ctrl+Shift+N: the name edited in the files column's bar, each refusal said in words
/// with the text kept, the rename and the new folder undone by Ctrl+Z, the selection following.
@Suite struct RenamingTests {
    /// A browser on `tree`'s `Notes` with `name` selected and the files column focused.
    static func browser(_ tree: TempTree, selecting name: String?) -> Browser {
        let browser = makeBrowser(tree)
        BrowserTests.show(browser, tree, "Notes", name)
        browser.split.focusedColumn = .supplementary
        return browser
    }

    static func sample() -> TempTree {
        let tree = TempTree()
        tree.file("Notes/a.txt", "a")
        tree.file("Notes/b.txt", "b")
        tree.file("Notes/archive.tar.gz", "z")
        tree.file("Notes/.bashrc", "r")
        tree.folder("Notes/Drafts.old")
        return tree
    }

    static func press(_ browser: Browser, _ key: KeyChord.Key, _ modifiers: KeyChord.Modifiers = []) {
        browser.split.handle(.key(KeyChord(key, modifiers: modifiers)))
    }

    /// Replaces the field's text with `text`, as typed after Ctrl+A.
    static func type(_ browser: Browser, _ text: String) {
        press(browser, .character("a"), .control)
        press(browser, .backspace)
        for character in text { browser.split.handle(.typed(KeyChord(.character(character)), text: String(character))) }
    }

    static var field: (Browser) -> TextField? { { $0.fileList.navigationItem.textField } }

    @Test(arguments: [
        ("a.txt", false, 0..<1, "Rename File"), ("archive.tar.gz", false, 0..<7, "Rename File"),
        (".bashrc", false, 0..<7, "Rename File"), ("Drafts.old", true, 0..<10, "Rename Folder"),
    ])
    func f2OpensTheFieldOnTheNameWithTheStemChosen(name: String, isFolder: Bool, stem: Range<Int>, label: String) throws {
        let tree = Self.sample()
        let browser = Self.browser(tree, selecting: name)
        browser.setShowsHidden(true)
        Self.press(browser, .function(2))
        let field = try #require(Self.field(browser))
        #expect(field.text == name && field.selectedRange == stem && field.label == label)
        #expect(browser.split.focusedColumn == .supplementary)
        #expect(Renaming.stemRange(of: name, isFolder: isFolder) == stem)
    }

    @Test func returnRenamesSelectsTheNewNameAndCtrlZRenamesItBack() throws {
        let tree = Self.sample()
        let browser = Self.browser(tree, selecting: "a.txt")
        Self.press(browser, .function(2))
        for character in "c" { browser.split.handle(.typed(KeyChord(.character(character)), text: String(character))) }
        #expect(Self.field(browser)?.text == "c.txt")
        Self.press(browser, .return)
        #expect(Self.field(browser) == nil)
        #expect(FileOperations.exists(FilePath(tree.root + "/Notes/c.txt")))
        #expect(!FileOperations.exists(FilePath(tree.root + "/Notes/a.txt")))
        #expect(browser.selectedName == Array("c.txt".utf8))
        #expect(browser.fileList.selectedIndex == browser.entries.index(of: Array("c.txt".utf8)))
        #expect(browser.reader.title == "c.txt")
        #expect(
            browser.undoStack.operations == [
                .renamed(from: FilePath(tree.root + "/Notes/a.txt"), to: FilePath(tree.root + "/Notes/c.txt"))
            ])
        Self.press(browser, .character("z"), .control)
        #expect(FileOperations.exists(FilePath(tree.root + "/Notes/a.txt")))
        #expect(browser.reader.notice == "Renamed “c.txt” back to “a.txt”.")
    }

    @Test(arguments: [
        ("", "The name cannot be empty."), ("x/y", "A name cannot contain “/”."), (".", "A file cannot be called “.”."),
        ("..", "A file cannot be called “..”."), ("b.txt", "“b.txt” already exists."),
        (String(repeating: "n", count: 256), "The name is too long: 256 bytes, at most 255."),
    ])
    func aNameThatCannotBeIsRefusedInWordsAndTheTextKept(typed: String, message: String) throws {
        let tree = Self.sample()
        let browser = Self.browser(tree, selecting: "a.txt")
        Self.press(browser, .function(2))
        Self.type(browser, typed)
        Self.press(browser, .return)
        let field = try #require(Self.field(browser))
        #expect(field.message == message && field.text == typed)
        #expect(FileOperations.exists(FilePath(tree.root + "/Notes/a.txt")))
        #expect(browser.undoStack.operations.isEmpty)
        // Fixed, it goes through.
        Self.type(browser, "fine.txt")
        Self.press(browser, .return)
        #expect(Self.field(browser) == nil && FileOperations.exists(FilePath(tree.root + "/Notes/fine.txt")))
    }

    @Test func aNameOf255BytesIsTaken() {
        let tree = Self.sample()
        let browser = Self.browser(tree, selecting: "a.txt")
        Self.press(browser, .function(2))
        let long = String(repeating: "é", count: 127) + "x"  // 255 bytes
        Self.type(browser, long)
        Self.press(browser, .return)
        #expect(Self.field(browser) == nil && FileOperations.exists(FilePath(tree.root + "/Notes/" + long)))
    }

    @Test func escapeAndAnUnchangedNameLeaveEverythingAsItWas() {
        let tree = Self.sample()
        let browser = Self.browser(tree, selecting: "a.txt")
        Self.press(browser, .function(2))
        Self.type(browser, "zzz")
        Self.press(browser, .escape)
        #expect(Self.field(browser) == nil && FileOperations.exists(FilePath(tree.root + "/Notes/a.txt")))
        Self.press(browser, .function(2))
        Self.press(browser, .return)
        #expect(Self.field(browser) == nil && browser.undoStack.operations.isEmpty)
    }

    @Test func anEntryGoneMeanwhileIsRefusedWithTheSystemsReason() {
        let tree = Self.sample()
        let browser = Self.browser(tree, selecting: "a.txt")
        Self.press(browser, .function(2))
        unlink(tree.root + "/Notes/a.txt")
        Self.type(browser, "c.txt")
        Self.press(browser, .return)
        #expect(Self.field(browser)?.message == "Could not rename: No such file or directory.")
    }

    @Test func aReadOnlyFolderRefusesWithTheSystemsReason() {
        checkAsNobodyWhenRoot("RenamingTests/aReadOnlyFolderRefusesWithTheSystemsReason") {
            let tree = Self.sample()
            let browser = Self.browser(tree, selecting: "a.txt")
            chmod(tree.root + "/Notes", 0o555)
            defer { chmod(tree.root + "/Notes", 0o755) }
            Self.press(browser, .function(2))
            Self.type(browser, "c.txt")
            Self.press(browser, .return)
            #expect(Self.field(browser)?.message == "Could not rename: Permission denied.")
            #expect(FileOperations.exists(FilePath(tree.root + "/Notes/a.txt")))
        }
    }

    @Test func f2WithoutASelectedEntrySaysWhatToDo() {
        let tree = Self.sample()
        let browser = Self.browser(tree, selecting: nil)
        Self.press(browser, .function(2))
        #expect(Self.field(browser) == nil && browser.reader.notice == "Select a file or folder to rename it.")
    }

    @Test func theLocationBarAndTheRenameFieldTakeTurnsInTheBar() {
        let tree = Self.sample()
        let browser = Self.browser(tree, selecting: "a.txt")
        Self.press(browser, .function(2))
        Self.press(browser, .character("l"), .control)
        #expect(browser.renaming.path == nil && Self.field(browser)?.label == nil)
        Self.press(browser, .escape)
        #expect(Self.field(browser) == nil && FileOperations.exists(FilePath(tree.root + "/Notes/a.txt")))
    }

    @Test func newFolderIsNumberedAsGNOMEFilesNumbersAndStartsRenaming() throws {
        let tree = Self.sample()
        tree.folder("Notes/New Folder")
        tree.folder("Notes/New Folder 2")
        let browser = Self.browser(tree, selecting: "a.txt")
        Self.press(browser, .character("n"), [.control, .shift])
        let made = FilePath(tree.root + "/Notes/New Folder 3")
        var info = stat()
        #expect(stat(made.string!, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
        #expect(browser.selectedName == Array("New Folder 3".utf8))
        let field = try #require(Self.field(browser))
        #expect(field.isAllSelected && field.label == "Rename Folder")
        #expect(browser.undoStack.operations == [.created(made)])
    }

    @Test func aRenamedNewFolderIsUndoneRenameFirstThenTheFolder() {
        let tree = Self.sample()
        let browser = Self.browser(tree, selecting: nil)
        Self.press(browser, .character("n"), [.control, .shift])
        Self.type(browser, "plans")
        Self.press(browser, .return)
        let plans = tree.root + "/Notes/plans", made = tree.root + "/Notes/New Folder"
        #expect(FileOperations.exists(FilePath(plans)) && browser.selectedName == Array("plans".utf8))
        Self.press(browser, .character("z"), .control)
        #expect(!FileOperations.exists(FilePath(plans)) && FileOperations.exists(FilePath(made)))
        Self.press(browser, .character("z"), .control)
        #expect(!FileOperations.exists(FilePath(made)) && !browser.undoStack.canUndo)
    }

    /// Escape on New Folder's first name makes nothing, as GNOME Files' dialog cancelled:
    /// before, "New Folder" stayed on disk. Return with the name as offered keeps it.
    @Test func escapeOnANewFoldersNameTakesItAway() {
        let tree = Self.sample()
        let browser = Self.browser(tree, selecting: nil)
        let made = FilePath(tree.root + "/Notes/New Folder")
        Self.press(browser, .character("n"), [.control, .shift])
        #expect(FileOperations.exists(made))
        Self.press(browser, .escape)
        #expect(!FileOperations.exists(made) && !browser.undoStack.canUndo && Self.field(browser) == nil)
        #expect(browser.entries.index(of: Array("New Folder".utf8)) == nil)
        Self.press(browser, .character("n"), [.control, .shift])
        Self.press(browser, .return)
        #expect(FileOperations.exists(made) && browser.undoStack.operations == [.created(made)])
        // Renamed later with F2 and then Escape: the folder is no longer new, and stays.
        Self.press(browser, .function(2))
        Self.press(browser, .escape)
        #expect(FileOperations.exists(made))
    }

    @Test func newFolderNames() {
        #expect(FileOperations.newFolderName("New Folder", number: 1) == "New Folder")
        #expect(FileOperations.newFolderName("New Folder", number: 2) == "New Folder 2")
        #expect(FileOperations.newFolderName("New Folder", number: 10) == "New Folder 10")
    }

    @Test func newFolderInAFolderThatRefusesSaysWhy() throws {
        let tree = Self.sample()
        let browser = Self.browser(tree, selecting: nil)
        // A name that is a file where the folder would go cannot hold it: ENOTDIR, as root too.
        browser.select(folder: FilePath(tree.root + "/Notes/a.txt"))
        Self.press(browser, .character("n"), [.control, .shift])
        #expect(browser.reader.notice?.hasPrefix("Could not make a new folder in “a.txt”: ") == true)
        #expect(browser.undoStack.operations.isEmpty)
    }

    /// The list's selected rows are what an action on files takes, in the list's order.
    @Test func theSelectedPathsAreEverySelectedEntry() {
        let tree = Self.sample()
        let browser = Self.browser(tree, selecting: "Drafts.old")
        Self.press(browser, .down, .shift)
        Self.press(browser, .down, .shift)
        #expect(browser.selectedName == Array("archive.tar.gz".utf8))
        let names = browser.selectedPaths.map { FilePath.displayName($0.lastComponent) }
        #expect(names == (0...2).compactMap { browser.entries.entry(at: $0)?.displayName })
        #expect(browser.fileList.selectedIndex == 2)
        // A new listing keeps them.
        browser.store.reload(FilePath(tree.root + "/Notes"))
        #expect(browser.fileList.selectedIndexes == [0, 1, 2])
        browser.split.handle(.key(KeyChord(.escape)))
        #expect(browser.selectedPaths.count == 1)
    }
}
