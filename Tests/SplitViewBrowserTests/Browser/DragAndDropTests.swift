import Glibc
import SplitView
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// `Browser+DragAndDrop.swift`: what a drag from the list carries to other programs, and
/// other programs' files dropped on a folder (copy, move, or the question of an ask).
@Suite struct BrowserDragAndDropTests {
    /// Notes shows Archive (a folder), file2.txt and file10.txt, in that order.
    static func notes() -> (TempTree, Browser) {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree)
        BrowserTests.show(browser, tree, "Notes", "file2.txt")
        return (tree, browser)
    }

    static func text(_ item: DragItem?, _ target: String) -> String? {
        item?.externalRepresentations.first { $0.target == target }.map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    static func uriList(_ paths: [String]) -> SelectionOffer {
        SelectionOffer(target: "text/uri-list", bytes: Array(paths.map { "file://" + $0 + "\r\n" }.joined().utf8))
    }

    @Test func aDraggedRowCarriesItsFileAndASelectedRowTheWholeSelection() throws {
        let (tree, browser) = Self.notes()
        let file10 = try #require(browser.fileList.selectedIndex.map { $0 + 1 })
        let alone = browser.fileList.dragItemForRow?(file10)
        #expect(Self.text(alone, "text/uri-list") == "file://" + tree.root + "/Notes/file10.txt\r\n")
        #expect(Self.text(alone, "UTF8_STRING") == tree.root + "/Notes/file10.txt")
        #expect(Self.text(alone, "text/plain;charset=utf-8") == tree.root + "/Notes/file10.txt")
        browser.fileList.selectRows([file10 - 1, file10], lead: file10 - 1)
        browser.listSelectionChanged()
        let both = browser.fileList.dragItemForRow?(file10)
        #expect(Self.text(both, "UTF8_STRING") == tree.root + "/Notes/file2.txt\n" + tree.root + "/Notes/file10.txt")
    }

    @Test func filesDroppedOnAFolderRowOfTheListAreCopiedThere() {
        let (tree, browser) = Self.notes()
        #expect(browser.fileList.externalDropTypeForRow?(["UTF8_STRING", "text/uri-list"], 0) == "text/uri-list")
        #expect(browser.fileList.externalDropTypeForRow?(["text/uri-list"], 1) == nil, "a file's row: the background")
        #expect(browser.fileList.externalDropTypeForRow?(["UTF8_STRING"], nil) == nil)
        browser.fileList.onExternalDropOnRow?(Self.uriList([tree.root + "/readme.txt"]), .copy, 0)
        #expect(ClipboardTests.settle(browser) { browser.transfers.transfer == nil })
        #expect(ClipboardTests.contents(tree.root + "/Notes/Archive/readme.txt") == "hello")
        #expect(access(tree.root + "/readme.txt", F_OK) == 0, "a copy: the original stays")
    }

    @Test func anAskIsAnsweredCopyOrMoveAndEscapeDropsNothing() {
        let (tree, browser) = Self.notes()
        let travel = FilePath(tree.root + "/Travel")
        browser.dropped(Self.uriList([tree.root + "/readme.txt"]), operation: .ask, into: travel)
        #expect(browser.split.prompt?.message == "Copy or move “readme.txt” to “Travel”?")
        browser.split.handle(.key(KeyChord(.escape)))
        #expect(browser.transfers.transfer == nil && ClipboardTests.names(tree.root + "/Travel") == ["Japan"])
        browser.dropped(Self.uriList([tree.root + "/readme.txt"]), operation: .ask, into: travel)
        browser.split.handle(.key(KeyChord(.character("m"))))
        #expect(ClipboardTests.settle(browser) { browser.transfers.transfer == nil })
        #expect(ClipboardTests.names(tree.root + "/Travel") == ["Japan", "readme.txt"])
        #expect(access(tree.root + "/readme.txt", F_OK) != 0, "moved")
    }

    @Test func anUnreadableListIsSaidAndTheTrashTakesNoDrop() {
        let (tree, browser) = Self.notes()
        browser.dropped(
            SelectionOffer(target: "text/uri-list", bytes: Array("http://example.com/\r\n".utf8)), operation: .copy,
            into: FilePath(tree.root))
        #expect(browser.transfers.transfer == nil)
        #expect(
            browser.reader.notice == "Nothing was dropped: the list of files cannot be read (only local files can be dropped).")
        for (index, row) in browser.tree.rows.enumerated() {
            let takes = browser.folders.externalDropTypeForRow?(["text/uri-list"], index) != nil
            #expect(takes == (row.isFolder && row.place?.kind != .trash), "\(row.title)")
        }
    }

    /// Within the window, a whole selection dragged onto an outline folder moves there, as a
    /// cut and paste would; the outline refuses the folder they are in.
    @Test func aSelectionDraggedOntoAnOutlineFolderMovesThere() throws {
        let (tree, browser) = Self.notes()
        let file10 = try #require(browser.fileList.selectedIndex.map { $0 + 1 })
        browser.fileList.selectRows([file10 - 1, file10], lead: file10 - 1)
        browser.listSelectionChanged()
        let item = try #require(browser.fileList.dragItemForRow?(file10))
        let travel = try #require(browser.tree.rows.firstIndex { $0.title == "Travel" })
        let notes = try #require(browser.tree.rows.firstIndex { $0.title == "Notes" })
        #expect(browser.folders.canDropOnRow?(item, notes) == false)
        #expect(browser.folders.canDropOnRow?(item, travel) == true)
        browser.folders.onDropOnRow?(item, travel)
        #expect(browser.split.prompt == nil)
        #expect(ClipboardTests.settle(browser) { browser.transfers.transfer == nil })
        #expect(ClipboardTests.names(tree.root + "/Travel") == ["Japan", "file10.txt", "file2.txt"])
        #expect(ClipboardTests.names(tree.root + "/Notes") == ["Archive"])
    }
}
