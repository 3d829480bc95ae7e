import Glibc
import SplitView
@testable import SplitViewApp
import SplitViewFiles
import Testing

/// The browser over generated trees: the outline, the list, the reader and the inspector, and
/// the rule that what is shown always matches what is selected.
@Suite struct BrowserTests {
    /// Selects `folder` (relative) and `name` in it, and waits for the folder's listing.
    static func show(_ browser: Browser, _ tree: TempTree, _ folder: String, _ name: String? = nil) {
        let path = FilePath(tree.root + "/" + folder)
        browser.select(folder: path, name: name.map { Array($0.utf8) })
        _ = settle(browser.store) { if case .loaded? = browser.store.known(path) { true } else { false } }
    }

    static func sample() -> TempTree {
        let tree = TempTree()
        tree.file("Notes/file10.txt", "ten")
        tree.file("Notes/file2.txt", "two\nlines")
        tree.file("Notes/Archive/old.txt", "old")
        tree.file("Travel/Japan/Kyoto.md", "# Kyoto")
        tree.file("readme.txt", "hello")
        tree.folder("Empty")
        tree.file(".hidden/secret.txt", "s")
        tree.file(".dotfile", "d")
        return tree
    }

    @Test func theOutlineStartsWithTheRootExpandedAndItsVisibleFolders() {
        let tree = Self.sample()
        let browser = makeBrowser(tree)
        #expect(browser.tree.rows.map(\.title) == [FilePath(tree.root).displayString.split(separator: "/").last.map(String.init)!,
                                                   "Empty", "Notes", "Travel"])
        #expect(browser.tree.rows.map(\.depth) == [0, 1, 1, 1])
        #expect(browser.folders.selectedIndex == 0)
    }

    @Test func theListShowsFoldersFirstInNaturalOrderWithSizesAndDates() {
        let tree = Self.sample()
        let browser = makeBrowser(tree)
        Self.show(browser, tree, "Notes")
        let rows = (0..<browser.entries.numberOfRows).map { browser.entries.item(at: $0) }
        #expect(rows.map(\.title) == ["Archive", "file2.txt", "file10.txt"])
        #expect(rows[0].subtitle?.hasPrefix("Folder · ") == true)
        #expect(rows[1].subtitle?.hasPrefix("9 bytes · ") == true)
    }

    @Test func choosingAFileShowsExactlyItsTextAndTitle() {
        let tree = Self.sample()
        let browser = makeBrowser(tree)
        Self.show(browser, tree, "Notes", "file2.txt")
        #expect(browser.reader.text == "two\nlines")
        #expect(browser.reader.title == "file2.txt")
        #expect(browser.title == "file2.txt — Notes — SplitView")
        #expect(browser.notes.selectedIndex == 1)
    }

    /// The bug this issue names: choosing another folder used to leave the old note showing.
    @Test func choosingAnotherFolderClearsTheReader() {
        let tree = Self.sample()
        let browser = makeBrowser(tree)
        Self.show(browser, tree, "Notes", "file2.txt")
        browser.split.focusedColumn = .primary
        browser.split.handle(.key(KeyChord(.down)))   // the next folder: Travel
        #expect(browser.selectedFolder == FilePath(tree.root + "/Travel"))
        #expect(browser.selectedName == nil && browser.notes.selectedIndex == nil)
        #expect(browser.reader.text == "" && browser.reader.placeholder == "No file selected")
        #expect(texts(browser, .secondary).contains("No file selected"))
    }

    @Test func keysWalkTheOutlineAndTheListToAFile() {
        let tree = Self.sample()
        let browser = makeBrowser(tree)
        browser.split.focusedColumn = .primary
        for key in [KeyChord.Key.down, .down] { browser.split.handle(.key(KeyChord(key))) }   // Empty, Notes
        #expect(settle(browser.store) { browser.entries.numberOfRows == 3 })
        browser.split.handle(.key(KeyChord(.return)))
        #expect(browser.split.focusedColumn == .supplementary)
        browser.split.handle(.key(KeyChord(.character("f"))))   // type-ahead: file2.txt
        #expect(browser.reader.text == "two\nlines")
        browser.split.handle(.key(KeyChord(.return)))
        #expect(browser.split.focusedColumn == .secondary)
    }

    @Test func rightAndLeftExpandAndCollapseAFolder() {
        let tree = Self.sample()
        let browser = makeBrowser(tree)
        browser.split.focusedColumn = .primary
        browser.split.handle(.key(KeyChord(.down)))
        browser.split.handle(.key(KeyChord(.down)))   // Notes
        browser.split.handle(.key(KeyChord(.right)))
        #expect(settle(browser.store) { browser.tree.rows.map(\.title).contains("Archive") })
        #expect(browser.tree.rows.first { $0.title == "Archive" }?.depth == 2)
        browser.split.handle(.key(KeyChord(.left)))
        #expect(!browser.tree.rows.map(\.title).contains("Archive"))
        #expect(browser.selectedFolder == FilePath(tree.root + "/Notes"))
    }

    @Test func ctrlHShowsAndHidesHiddenEntries() {
        let tree = Self.sample()
        let browser = makeBrowser(tree)
        #expect(!browser.tree.rows.map(\.title).contains(".hidden"))
        browser.split.handle(.command(.action("toggleHiddenFiles")))
        #expect(browser.tree.rows.map(\.title).contains(".hidden"))
        #expect((0..<browser.entries.numberOfRows).contains { browser.entries.entry(at: $0)?.displayName == ".dotfile" })
        browser.split.handle(.key(KeyChord(.character("h"), modifiers: .control)))
        #expect(!browser.tree.rows.map(\.title).contains(".hidden"))
    }

    @Test func returnOnAFolderInTheListOpensIt() {
        let tree = Self.sample()
        let browser = makeBrowser(tree)
        Self.show(browser, tree, "Notes", "Archive")
        browser.split.focusedColumn = .supplementary
        browser.split.handle(.key(KeyChord(.return)))
        #expect(settle(browser.store) { browser.entries.numberOfRows == 1 })
        #expect(browser.selectedFolder == FilePath(tree.root + "/Notes/Archive"))
        #expect(browser.folders.selectedIndex.map { browser.tree.rows[$0].title } == "Archive")
    }

    @Test func theInspectorDescribesTheSelectedFile() throws {
        let tree = Self.sample()
        let browser = makeBrowser(tree)
        browser.split.handle(.command(.toggleInspector))
        Self.show(browser, tree, "Notes", "file2.txt")
        let labels = browser.details.entries.map(\.label)
        for label in ["Path", "Type", "Size", "Lines", "Modified", "Permissions", "Owner"] { #expect(labels.contains(label)) }
        let values = Dictionary(browser.details.entries.map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(values["Lines"] == "2")
        #expect(values["Path"] == tree.root + "/Notes/file2.txt")
        #expect(values["Permissions"]?.hasPrefix("-rw-r--r--") == true)
    }

    @Test func aBinaryFileShowsAHexPreviewAndItsSize() {
        let tree = Self.sample()
        let path = tree.root + "/blob.bin"
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o644)
        var bytes: [UInt8] = [0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3]
        _ = write(descriptor, &bytes, bytes.count)
        close(descriptor)
        let browser = makeBrowser(tree)
        browser.select(folder: FilePath(tree.root), name: Array("blob.bin".utf8))
        #expect(browser.reader.text.contains("7f 45 4c 46"))
        #expect(browser.reader.notice?.contains("8 bytes") == true)
    }

    @Test func aFIFOIsListedButNeverOpened() {
        let tree = Self.sample()
        #expect(mkfifo(tree.root + "/pipe", 0o644) == 0)
        let browser = makeBrowser(tree)
        browser.select(folder: FilePath(tree.root), name: Array("pipe".utf8))   // would block if opened
        #expect(browser.reader.placeholder.contains("FIFO"))
        #expect(browser.reader.text.isEmpty)
    }

    @Test func aFileCreatedInTheShownFolderAppears() {
        let tree = Self.sample()
        let browser = makeBrowser(tree)
        guard browser.store.watcherDescriptor != nil else { return }   // no inotify: nothing to follow
        Self.show(browser, tree, "Notes", "file2.txt")
        tree.file("Notes/file1.txt", "one")
        #expect(settle(browser.store) { browser.entries.numberOfRows == 4 })
        #expect(browser.entries.entry(at: 1)?.displayName == "file1.txt")
        #expect(browser.notes.selectedIndex == 2 && browser.selectedName == Array("file2.txt".utf8))   // still file2
    }

    @Test func aDeletedSelectedFileLeavesAClearPlaceholder() {
        let tree = Self.sample()
        let browser = makeBrowser(tree)
        guard browser.store.watcherDescriptor != nil else { return }
        Self.show(browser, tree, "Notes", "file2.txt")
        unlink(tree.root + "/Notes/file2.txt")
        #expect(settle(browser.store) { browser.entries.numberOfRows == 2 })
        #expect(browser.reader.text.isEmpty)
        #expect(browser.reader.placeholder == "“file2.txt” is no longer in this folder.")
        #expect(browser.notes.selectedIndex == nil)
    }

    @Test func openingAFileHandsItsPathToTheOpenerAndReportsAFailure() {
        let tree = Self.sample()
        let browser = makeBrowser(tree)
        var opened: [String] = []
        browser.opener = { opened.append($0.displayString); return "xdg-open is not installed" }
        Self.show(browser, tree, "Notes", "file2.txt")
        browser.split.handle(.key(KeyChord(.character("o"), modifiers: .control)))
        #expect(opened == [tree.root + "/Notes/file2.txt"])
        #expect(browser.reader.notice == "Could not open “file2.txt”: xdg-open is not installed")
    }

    @Test func theDoubleColumnStacksTheListOnTheOutline() {
        let tree = Self.sample()
        let browser = makeBrowser(tree, style: .doubleColumn)
        browser.split.focusedColumn = .primary
        browser.split.handle(.key(KeyChord(.down)))
        browser.split.handle(.key(KeyChord(.return)))
        #expect(browser.split.navigationController(for: .primary)?.topViewController === browser.notes)
    }

    @Test func anUnreadableFolderSaysWhy() {
        let tree = Self.sample()
        let locked = tree.folder("Locked")
        chmod(locked, 0)
        defer { chmod(locked, 0o755) }
        if let directory = opendir(locked) { closedir(directory); return }   // root reads anything: nothing to show
        let browser = makeBrowser(tree)
        browser.select(folder: FilePath(locked))
        #expect(settle(browser.store) { browser.notes.emptyText == "Permission denied" })
    }
}
