import Glibc
import SplitView
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// Drag and drop within the window: files move onto a folder of the outline or of the list.
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

    /// Decision (as GNOME Files): no question; the band says what moved.
    @Test func aFileDroppedOnAnOutlineFolderMovesAtOnce() {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree)
        BrowserTests.show(browser, tree, "Notes", "file2.txt")
        Self.drag(browser, row: 1, onto: "Travel")
        #expect(browser.split.prompt == nil)
        #expect(ClipboardTests.settle(browser) { browser.transfers.transfer == nil })
        #expect(access(tree.root + "/Travel/file2.txt", F_OK) == 0 && access(tree.root + "/Notes/file2.txt", F_OK) != 0)
        #expect(browser.reader.notice == "Moved “file2.txt” to “Travel”.")
    }

    @Test func ctrlZMovesTheFileBackAndASecondCtrlZHasNothingToUndo() {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree)
        BrowserTests.show(browser, tree, "Notes", "file2.txt")
        #expect(browser.viewMenuItems.first { $0.title == "Undo" }?.isEnabled == false)
        Self.drag(browser, row: 1, onto: "Travel")
        #expect(ClipboardTests.settle(browser) { browser.transfers.transfer == nil })
        #expect(browser.viewMenuItems.first { $0.title == "Undo" }?.isEnabled == true)
        browser.split.handle(.key(KeyChord(.character("z"), modifiers: .control)))
        #expect(access(tree.root + "/Notes/file2.txt", F_OK) == 0 && access(tree.root + "/Travel/file2.txt", F_OK) != 0)
        #expect(browser.reader.notice == "Moved “file2.txt” back.")
        browser.split.handle(.key(KeyChord(.character("z"), modifiers: .control)))
        #expect(browser.reader.notice == "Nothing to undo.")
        #expect(browser.viewMenuItems.first { $0.title == "Undo" }?.isEnabled == false)
    }

    /// The newcomer's defect: a file dragged onto a folder of the same list did nothing. The
    /// folder's row is highlighted under the pointer, and the file moves into it.
    @Test func aFileDraggedOntoAFolderOfTheSameListMovesIntoIt() throws {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree)
        BrowserTests.show(browser, tree, "Notes", "file2.txt")
        let split = browser.split
        let list = try #require(split.layout.frame(of: .supplementary))
        func point(_ row: Int) -> Point { Point(x: list.minX + 60, y: 38 + Double(row) * browser.fileList.rowHeight + 10) }
        #expect(browser.entries.entry(at: 0)?.name == Array("Archive".utf8))
        split.handle(.pointerDown(point(1)))
        split.handle(.pointerMoved(Point(x: point(1).x - 20, y: point(1).y)))
        split.handle(.pointerMoved(point(0)))
        #expect(browser.fileList.dropTargetRow == 0, "the folder under the pointer is highlighted")
        split.handle(.pointerMoved(point(2)))
        #expect(browser.fileList.dropTargetRow == nil, "a file's row takes no drop")
        split.handle(.pointerMoved(point(0)))
        split.handle(.pointerUp(point(0)))
        #expect(split.prompt == nil)
        #expect(ClipboardTests.settle(browser) { browser.transfers.transfer == nil })
        #expect(ClipboardTests.names(tree.root + "/Notes/Archive") == ["file2.txt", "old.txt"])
        #expect(ClipboardTests.names(tree.root + "/Notes") == ["Archive", "file10.txt"])
    }

    /// A folder of the list never takes itself (dragged onto its own row).
    @Test func aFolderDraggedOntoItsOwnRowStays() throws {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree)
        BrowserTests.show(browser, tree, "Notes")
        let item = try #require(browser.fileList.dragItemForRow?(0))
        #expect(browser.fileList.canDropOnRow?(item, 0) == false)
        #expect(browser.fileList.canDropOnRow?(item, 1) == false, "a file's row")
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

    /// A name in the way is asked about, as a paste asks; Escape replaces nothing.
    @Test func aNameThatExistsInTheTargetIsNeverReplacedUnasked() {
        let tree = BrowserTests.sample()
        tree.file("Travel/file2.txt", "keep me")
        let browser = makeBrowser(tree)
        BrowserTests.show(browser, tree, "Notes", "file2.txt")
        Self.drag(browser, row: 1, onto: "Travel")
        #expect(ClipboardTests.settle(browser) { browser.split.prompt != nil })
        #expect(browser.split.prompt?.message.contains("file2.txt") == true)
        browser.split.handle(.key(KeyChord(.escape)))
        #expect(ClipboardTests.settle(browser) { browser.transfers.transfer == nil })
        var buffer = [UInt8](repeating: 0, count: 16)
        let descriptor = open(tree.root + "/Travel/file2.txt", O_RDONLY)
        let count = read(descriptor, &buffer, 16)
        close(descriptor)
        #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self) == "keep me")
        #expect(access(tree.root + "/Notes/file2.txt", F_OK) == 0)
    }

    /// Whether /dev/shm is on another file system than the trees under /tmp.
    static let shmIsAnotherFileSystem: Bool = {
        var here = stat(), there = stat()
        return stat("/tmp", &here) == 0 && stat("/dev/shm", &there) == 0 && here.st_dev != there.st_dev
    }()

    /// Decision (as GNOME Files): a drop onto another file system copies, since a move there
    /// could not be undone; the file stays where it was.
    @Test(.enabled(if: shmIsAnotherFileSystem, "/dev/shm is missing or on the same file system as /tmp"))
    func aDropOntoAnotherFileSystemCopies() throws {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree)
        var template = Array("/dev/shm/splitview-move-XXXXXX".utf8CString)
        let other = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        defer {
            unlink(other + "/readme.txt")
            rmdir(other)
        }
        #expect(!Transfers.onSameFileSystem(FilePath(tree.root + "/readme.txt"), as: FilePath(other)))
        #expect(Transfers.onSameFileSystem(FilePath(tree.root + "/readme.txt"), as: FilePath(tree.root + "/Notes")))
        browser.moveDragged([FilePath(tree.root + "/readme.txt")], into: FilePath(other))
        #expect(ClipboardTests.settle(browser) { browser.transfers.transfer == nil })
        #expect(access(tree.root + "/readme.txt", F_OK) == 0 && access(other + "/readme.txt", F_OK) == 0)
    }
}
