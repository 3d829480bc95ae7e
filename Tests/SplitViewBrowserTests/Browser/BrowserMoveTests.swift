import Glibc
import SplitView
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// Drag and drop: the one place the app writes to the tree, after a prompt.
@Suite struct BrowserMoveTests {
    /// Drags the list's row `row` onto the outline's row titled `folder`.
    static func drag(_ browser: Browser, row: Int, onto folder: String) {
        let split = browser.split
        let list = split.layout.frame(of: .supplementary)!, outline = split.layout.frame(of: .primary)!
        let start = Point(x: list.minX + 60, y: 38 + Double(row) * browser.fileList.rowHeight + 10)
        let targetRow = browser.tree.rows.firstIndex { $0.title == folder }!
        let end = Point(x: outline.minX + 120, y: 38 + Double(targetRow) * browser.folders.rowHeight + 10)
        split.handle(.pointerDown(start))
        split.handle(.pointerMoved(Point(x: start.x - 20, y: start.y)))
        split.handle(.pointerMoved(end))
        split.handle(.pointerUp(end))
    }

    @Test func aFileDroppedOnAFolderMovesAfterReturn() {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree)
        BrowserTests.show(browser, tree, "Notes", "file2.txt")
        Self.drag(browser, row: 1, onto: "Travel")
        #expect(browser.split.prompt?.message == "Move “file2.txt” to “Travel”?")
        #expect(access(tree.root + "/Notes/file2.txt", F_OK) == 0)  // nothing before the answer
        browser.split.handle(.key(KeyChord(.return)))
        #expect(access(tree.root + "/Travel/file2.txt", F_OK) == 0 && access(tree.root + "/Notes/file2.txt", F_OK) != 0)
        #expect(browser.reader.notice == "Moved “file2.txt”.")
        #expect(browser.selectedName == nil && browser.reader.placeholder == "No file selected")
    }

    @Test func ctrlZMovesTheFileBackAndASecondCtrlZHasNothingToUndo() {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree)
        BrowserTests.show(browser, tree, "Notes", "file2.txt")
        #expect(browser.split.additionalMenuItems.first { $0.title == "Undo" }?.isEnabled == false)
        Self.drag(browser, row: 1, onto: "Travel")
        browser.split.handle(.key(KeyChord(.return)))
        #expect(browser.split.additionalMenuItems.first { $0.title == "Undo" }?.isEnabled == true)
        browser.split.handle(.key(KeyChord(.character("z"), modifiers: .control)))
        #expect(access(tree.root + "/Notes/file2.txt", F_OK) == 0 && access(tree.root + "/Travel/file2.txt", F_OK) != 0)
        #expect(browser.reader.notice == "Moved “file2.txt” back.")
        browser.split.handle(.key(KeyChord(.character("z"), modifiers: .control)))
        #expect(browser.reader.notice == "Nothing to undo.")
        #expect(browser.split.additionalMenuItems.first { $0.title == "Undo" }?.isEnabled == false)
    }

    @Test func escapeAtThePromptMovesNothing() {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree)
        BrowserTests.show(browser, tree, "Notes")
        Self.drag(browser, row: 1, onto: "Travel")
        browser.split.handle(.key(KeyChord(.escape)))
        #expect(browser.split.prompt == nil)
        #expect(access(tree.root + "/Notes/file2.txt", F_OK) == 0 && access(tree.root + "/Travel/file2.txt", F_OK) != 0)
    }

    @Test func theFoldersOwnFolderAndAFolderIntoItselfRefuseTheDrop() {
        let tree = BrowserTests.sample()
        let root = FilePath(tree.root)
        let notes = root.appending(Array("Notes".utf8))
        #expect(!Transfers.canMove(notes.appending(Array("file2.txt".utf8)), into: notes))
        #expect(!Transfers.canMove(notes, into: notes))
        #expect(!Transfers.canMove(notes, into: notes.appending(Array("Archive".utf8))))
        #expect(Transfers.canMove(notes, into: root.appending(Array("Travel".utf8))))
        #expect(!Transfers.canMove(root.appending(Array("No".utf8)), into: root))  // already there
    }

    @Test func aNameThatExistsInTheTargetIsNeverReplaced() {
        let tree = BrowserTests.sample()
        tree.file("Travel/file2.txt", "keep me")
        let source = FilePath(tree.root + "/Notes/file2.txt")
        let failure = Transfers.move(source, into: FilePath(tree.root + "/Travel"))
        #expect(failure == "“file2.txt” already exists in “Travel”: nothing was moved.")
        var buffer = [UInt8](repeating: 0, count: 16)
        let descriptor = open(tree.root + "/Travel/file2.txt", O_RDONLY)
        let count = read(descriptor, &buffer, 16)
        close(descriptor)
        #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self) == "keep me")
    }

    /// Whether /dev/shm is on another file system than the trees under /tmp.
    static let shmIsAnotherFileSystem: Bool = {
        var here = stat(), there = stat()
        return stat("/tmp", &here) == 0 && stat("/dev/shm", &there) == 0 && here.st_dev != there.st_dev
    }()

    @Test(.enabled(if: shmIsAnotherFileSystem, "/dev/shm is missing or on the same file system as /tmp"))
    func aMoveToAnotherFileSystemIsRefusedNotCopied() throws {
        let tree = BrowserTests.sample()
        var template = Array("/dev/shm/splitview-move-XXXXXX".utf8CString)
        let other = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        defer { rmdir(other) }
        let failure = Transfers.move(FilePath(tree.root + "/readme.txt"), into: FilePath(other))
        #expect(failure?.contains("another file system") == true)
        #expect(access(tree.root + "/readme.txt", F_OK) == 0 && access(other + "/readme.txt", F_OK) != 0)
    }
}
