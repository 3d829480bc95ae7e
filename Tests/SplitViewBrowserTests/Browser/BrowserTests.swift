import Glibc
import SplitView
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

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
        #expect(
            browser.tree.rows.map(\.title) == [
                FilePath(tree.root).displayString.split(separator: "/").last.map(String.init)!,
                "Empty", "Notes", "Travel",
            ])
        #expect(browser.tree.rows.map(\.depth) == [0, 1, 1, 1])
        #expect(browser.folders.selectedIndex == 0)
    }

    /// The defect a new user hit in `/usr/share/doc`: typing "dpk" in the outline landed on
    /// kbproto, since each selection reloaded the outline (and again when the selected
    /// folder's listing came), which cleared what was typed. Now it lands on dpkg.
    @Test func outlineTypeAheadKeepsWhatWasTypedAcrossTheSelectionsReloads() {
        let tree = TempTree()
        for name in ["dash", "dpkg", "dpkg-dev", "kbproto"] { tree.file(name + "/copyright", "c") }
        let browser = makeBrowser(tree)
        #expect(settle(browser.store) { browser.tree.rows.count == 5 })
        browser.split.focusedColumn = .primary
        let path = { (name: String) in FilePath(tree.root + "/" + name) }
        for (time, letter, folder) in [(10.0, "d", "dash"), (10.3, "p", "dpkg"), (10.6, "k", "dpkg")] {
            browser.split.handle(.tick(now: time))
            browser.split.handle(.key(KeyChord(.character(Character(letter)))))
            // The selected folder is read, and the outline reloads with it, before the next letter.
            _ = settle(browser.store) { if case .loaded? = browser.store.known(path(folder)) { true } else { false } }
        }
        #expect(browser.selectedFolder == path("dpkg"))
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
        #expect(browser.fileList.selectedIndex == 1)
    }

    /// The bug this issue names: choosing another folder used to leave the old note showing.
    @Test func choosingAnotherFolderClearsTheReader() {
        let tree = Self.sample()
        let browser = makeBrowser(tree)
        Self.show(browser, tree, "Notes", "file2.txt")
        browser.split.focusedColumn = .primary
        browser.split.handle(.key(KeyChord(.down)))  // the next folder: Travel
        #expect(browser.selectedFolder == FilePath(tree.root + "/Travel"))
        #expect(browser.selectedName == nil && browser.fileList.selectedIndex == nil)
        #expect(browser.reader.text == "" && browser.reader.placeholder == "No file selected")
        #expect(texts(browser, .secondary).contains("No file selected"))
    }

    @Test func keysWalkTheOutlineAndTheListToAFile() {
        let tree = Self.sample()
        let browser = makeBrowser(tree)
        browser.split.focusedColumn = .primary
        for key in [KeyChord.Key.down, .down] { browser.split.handle(.key(KeyChord(key))) }  // Empty, Notes
        #expect(settle(browser.store) { browser.entries.numberOfRows == 3 })
        browser.split.handle(.key(KeyChord(.return)))
        #expect(browser.split.focusedColumn == .supplementary)
        browser.split.handle(.key(KeyChord(.character("f"))))  // type-ahead: file2.txt
        #expect(browser.reader.text == "two\nlines")
        browser.split.handle(.key(KeyChord(.return)))
        #expect(browser.split.focusedColumn == .secondary)
    }

    @Test func rightAndLeftExpandAndCollapseAFolder() {
        let tree = Self.sample()
        let browser = makeBrowser(tree)
        browser.split.focusedColumn = .primary
        browser.split.handle(.key(KeyChord(.down)))
        browser.split.handle(.key(KeyChord(.down)))  // Notes
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
        browser.split.handle(.command(BrowserAction.toggleHiddenFiles.command))
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
        #expect(browser.reader.hexDump == bytes, "the reader lays the dump out to its width")
        #expect(browser.reader.text.isEmpty)
        #expect(browser.reader.notice?.contains("8 bytes") == true)
    }

    @Test func aFIFOIsListedButNeverOpened() {
        let tree = Self.sample()
        #expect(mkfifo(tree.root + "/pipe", 0o644) == 0)
        let browser = makeBrowser(tree)
        browser.select(folder: FilePath(tree.root), name: Array("pipe".utf8))  // would block if opened
        #expect(browser.reader.placeholder.contains("FIFO"))
        #expect(browser.reader.text.isEmpty)
    }

    @Test(.enabled(if: hasInotify, "no inotify here: nothing tells the browser of a change"))
    func aFileCreatedInTheShownFolderAppears() {
        let tree = Self.sample()
        let browser = makeBrowser(tree)
        Self.show(browser, tree, "Notes", "file2.txt")
        tree.file("Notes/file1.txt", "one")
        #expect(settle(browser.store) { browser.entries.numberOfRows == 4 })
        #expect(browser.entries.entry(at: 1)?.displayName == "file1.txt")
        #expect(browser.fileList.selectedIndex == 2 && browser.selectedName == Array("file2.txt".utf8))  // still file2
    }

    @Test(.enabled(if: hasInotify, "no inotify here: nothing tells the browser of a change"))
    func aDeletedSelectedFileLeavesAClearPlaceholder() {
        let tree = Self.sample()
        let browser = makeBrowser(tree)
        Self.show(browser, tree, "Notes", "file2.txt")
        unlink(tree.root + "/Notes/file2.txt")
        #expect(settle(browser.store) { browser.entries.numberOfRows == 2 })
        #expect(browser.reader.text.isEmpty)
        #expect(browser.reader.placeholder == "“file2.txt” is no longer in this folder.")
        #expect(browser.fileList.selectedIndex == nil)
    }

    @Test func openingAFileHandsItsPathToTheOpenerAndReportsAFailure() {
        let tree = Self.sample()
        let browser = makeBrowser(tree)
        var opened: [String] = []
        browser.programs.opener = {
            opened.append($0.displayString); return "xdg-open is not installed"
        }
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
        #expect(browser.split.navigationController(for: .primary)?.topViewController === browser.fileList)
    }

    /// Root reads anything: as root, the check runs as the user nobody (see
    /// ``checkAsNobodyWhenRoot(_:sourceLocation:_:)``).
    @Test func anUnreadableFolderSaysWhy() throws {
        try checkAsNobodyWhenRoot("BrowserTests/anUnreadableFolderSaysWhy") {
            let tree = Self.sample()
            let locked = tree.folder("Locked")
            chmod(locked, 0)
            defer { chmod(locked, 0o755) }
            let directory = opendir(locked)
            if let directory { closedir(directory) }
            try #require(directory == nil, "the folder must be unreadable to this user")
            let browser = makeBrowser(tree)
            browser.select(folder: FilePath(locked))
            #expect(settle(browser.store) { browser.fileList.emptyText == "Permission denied" })
        }
    }
}

/// Trees that try to break the browser: slow folders, names that are not UTF-8, link loops.
@Suite struct BrowserHostileTreeTests {
    @Test func aFolderBeingReadShowsLoadingWhileKeysStillAnswer() {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree)
        browser.select(folder: FilePath(tree.root + "/Notes"))  // read on the worker
        #expect(browser.fileList.emptyText == "Loading…" && browser.entries.numberOfRows == 0)
        let before = browser.split.displayMode
        browser.split.handle(.key(KeyChord(.function(9))))  // F9 answers meanwhile
        #expect(browser.split.displayMode != before)
        #expect(settle(browser.store) { browser.entries.numberOfRows == 3 })
    }

    @Test func aNameThatIsNotUTF8IsShownEscapedAndStillOpens() throws {
        let tree = BrowserTests.sample()
        let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".txt".utf8)  // Latin-1 é
        let path = FilePath(tree.root + "/Notes").appending(name)
        let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT, 0o644) }
        try #require(descriptor >= 0)
        var bytes = Array("latin".utf8)
        _ = write(descriptor, &bytes, bytes.count)
        close(descriptor)
        let browser = makeBrowser(tree)
        BrowserTests.show(browser, tree, "Notes")
        let titles = (0..<browser.entries.numberOfRows).map { browser.entries.item(at: $0).title }
        #expect(titles.contains("caf\\xE9.txt"))
        browser.select(folder: FilePath(tree.root + "/Notes"), name: name)
        #expect(browser.reader.text == "latin" && browser.reader.title == "caf\\xE9.txt")
    }

    @Test func aLinkToAnEnclosingFolderNeverExpandsForever() {
        let tree = BrowserTests.sample()
        #expect(symlink(tree.root + "/Travel", tree.root + "/Travel/Japan/back") == 0)
        let browser = makeBrowser(tree)
        let travel = FilePath(tree.root + "/Travel"), japan = travel.appending(Array("Japan".utf8))
        browser.tree.setExpanded(travel, true)
        #expect(settle(browser.store) { browser.tree.index(of: japan) != nil })
        browser.tree.setExpanded(japan, true)
        #expect(settle(browser.store) { browser.tree.rows.contains { $0.title == "back" } })
        // Expanded, the link is read once; a browser that followed it would read on and on.
        let back = japan.appending(Array("back".utf8))
        browser.tree.setExpanded(back, true)
        #expect(settle(browser.store) { browser.store.known(back) != nil && !isLoading(browser.store.known(back)) })
        browser.tree.rebuild()
        #expect(browser.tree.rows.contains { $0.title == "Link loop: an enclosing folder" })
        #expect(browser.tree.rows.count < 20)
    }
}

/// Live folders: a renamed selected file keeps the selection under its new name.
@Suite struct BrowserRenameTests {
    @Test(.enabled(if: hasInotify, "no inotify here: nothing tells the browser of a change"))
    func aRenamedSelectedFileStaysSelected() {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree)
        BrowserTests.show(browser, tree, "Notes", "file2.txt")
        #expect(rename(tree.root + "/Notes/file2.txt", tree.root + "/Notes/zz renamed.txt") == 0)
        #expect(settle(browser.store) { browser.selectedName == Array("zz renamed.txt".utf8) })
        #expect(browser.reader.text == "two\nlines" && browser.fileList.selectedIndex == 2)
        #expect(browser.title == "zz renamed.txt — Notes — SplitView")
    }
}
