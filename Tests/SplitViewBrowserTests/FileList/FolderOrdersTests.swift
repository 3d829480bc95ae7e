import Glibc
import SplitView
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// A large folder's order by size, type or date, found on a worker: the list shows name order
/// until it comes, then takes it with the selection kept and the selected row where it was;
/// a folder that changes meanwhile is ordered again, and one that changes once ordered keeps
/// its order on screen. The folders here are made "large" by lowering the limit of what is
/// ordered at once (`atOnceLimit`): the 7 entries of `SortingTests.sample()`'s `Mixed` then go
/// to the worker, as 100 000 would.
@Suite struct FolderOrdersTests {
    static let nameOrder = ["alpha", "zeta", "a.png", "b.md", "c.txt", "d", "e.TXT"]

    /// A browser on `Mixed` (`b.md` selected) whose folders of more than `limit` entries are
    /// ordered on the worker.
    static func browser(_ tree: TempTree, limit: Int = 4, sorts: FolderSorts = FolderSorts()) -> Browser {
        let store = try! FileStore()
        store.orders.atOnceLimit = limit
        return SortingTests.browser(tree, store: store, sorts: sorts)
    }

    /// Takes the orders' worker's answers until `condition` holds.
    static func settleOrders(_ store: FileStore, until condition: () -> Bool) -> Bool {
        waitUntil(timeout: 20) {
            var descriptor = pollfd(fd: store.orders.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 0)
            if descriptor.revents != 0 { store.orders.takeResults() }
            return condition()
        }
    }

    static func mixed(_ tree: TempTree) -> FilePath { FilePath(tree.root + "/Mixed") }

    /// Ctrl+Alt+2, 3, 4: the key returns with the list in name order and the order chosen
    /// (remembered, checked in the menu); the worker's answer brings the order, the same as
    /// a small folder's, with the selection on its file; reversing it then needs no worker.
    @Test(arguments: [
        ("2", ["alpha", "zeta", "a.png", "e.TXT", "b.md", "c.txt", "d"]),
        ("3", ["alpha", "zeta", "d", "b.md", "a.png", "c.txt", "e.TXT"]),
        ("4", ["alpha", "zeta", "e.TXT", "a.png", "d", "b.md", "c.txt"]),
    ])
    func aLargeFolderShowsNameOrderUntilItsOrderComes(key: String, expected: [String]) {
        let tree = SortingTests.sample()
        let browser = Self.browser(tree)
        let folder = Self.mixed(tree)
        SortingTests.press(browser, Character(key))
        #expect(SortingTests.names(browser) == Self.nameOrder)
        #expect(browser.sorts[folder].key != .name && browser.entries.sort == .standard)
        #expect(browser.sorts.saved.map(\.folder) == [folder.string!])
        #expect(browser.viewMenuItems.first { $0.title == "Sort by Name" }?.isChecked == false)
        #expect(Self.settleOrders(browser.store) { SortingTests.names(browser) == expected })
        #expect(browser.selectedName == Array("b.md".utf8))
        #expect(browser.fileList.selectedIndex == browser.entries.index(of: Array("b.md".utf8)))
        SortingTests.press(browser, "r")
        #expect(SortingTests.names(browser) == Array(expected.prefix(2).reversed()) + Array(expected.dropFirst(2).reversed()))
        #expect(browser.entries.sort == browser.sorts[folder])
    }

    /// At the limit a folder is still ordered at once; one entry more goes to the worker.
    @Test func aFolderAtTheLimitIsOrderedAtOnceOneMoreIsNot() {
        let tree = SortingTests.sample()
        let atLimit = Self.browser(tree, limit: 7)
        SortingTests.press(atLimit, "2")
        #expect(SortingTests.names(atLimit) == ["alpha", "zeta", "a.png", "e.TXT", "b.md", "c.txt", "d"])
        let above = Self.browser(tree, limit: 6)
        SortingTests.press(above, "2")
        #expect(SortingTests.names(above) == Self.nameOrder)
    }

    /// By name, and reversed by name, a folder of any size is ordered at once.
    @Test func nameOrderNeedsNoWorker() {
        let tree = SortingTests.sample()
        let browser = Self.browser(tree, limit: 0)
        SortingTests.press(browser, "r")
        #expect(SortingTests.names(browser) == ["zeta", "alpha", "e.TXT", "d", "c.txt", "b.md", "a.png"])
        #expect(browser.entries.sort == FolderSort(.name, reversed: true))
    }

    /// Every selected file stays selected when the order comes.
    @Test func theOrderKeepsEverySelectedFile() {
        let tree = SortingTests.sample()
        let browser = Self.browser(tree)
        let rows = [Array("d".utf8), Array("a.png".utf8)].compactMap(browser.entries.index(of:))
        let lead = browser.entries.index(of: Array("b.md".utf8))!
        browser.fileList.selectRows(Set(rows + [lead]), lead: lead)
        browser.listSelectionChanged()  // as a Ctrl+click tells it
        SortingTests.press(browser, "2")
        #expect(Self.settleOrders(browser.store) { SortingTests.names(browser)[3] == "e.TXT" })
        let selected = browser.fileList.selectedIndexes.compactMap { browser.entries.entry(at: $0)?.displayName }
        #expect(Set(selected) == ["a.png", "b.md", "d"])
        #expect(browser.fileList.selectedIndex == browser.entries.index(of: Array("b.md".utf8)))
    }

    /// `Long`: 200 files whose sizes run against their names (`f000` the largest), so the
    /// size order is the name order reversed.
    static func long() -> TempTree {
        let tree = TempTree()
        for index in 0..<200 {
            tree.file("Long/f" + String(1000 + index).dropFirst(), String(repeating: "x", count: 200 - index))
        }
        return tree
    }

    static func longBrowser(_ tree: TempTree, selecting name: String) -> Browser {
        let store = try! FileStore()
        store.orders.atOnceLimit = 100
        store.load(FilePath(tree.root))
        let browser = Browser(store: store, root: FilePath(tree.root), style: .tripleColumn, theme: .light)
        browser.split.handle(.resize(Size(width: 1400, height: 900)))
        BrowserTests.show(browser, tree, "Long", name)
        browser.split.focusedColumn = .supplementary
        return browser
    }

    /// Where the selected row's top is in the pane.
    static func leadHeight(_ browser: Browser) -> Double? {
        browser.fileList.selectedIndex.map { Double($0) * browser.fileList.rowHeight - browser.fileList.scrollOffset }
    }

    /// The selected row, 300 points down the pane when the key is pressed, is 300 points down
    /// when the order comes, in its new place.
    @Test func theSelectedRowStaysWhereItWasInThePane() {
        let tree = Self.long()
        let browser = Self.longBrowser(tree, selecting: "f100")
        let rowHeight = browser.fileList.rowHeight
        browser.fileList.scrollOffset = 100 * rowHeight - 300
        SortingTests.press(browser, "2")
        #expect(browser.fileList.selectedIndex == 100 && Self.leadHeight(browser) == 300)
        #expect(Self.settleOrders(browser.store) { SortingTests.names(browser).first == "f199" })
        #expect(browser.fileList.selectedIndex == 99)  // 100 bytes: after the 99 smaller ones
        #expect(Self.leadHeight(browser) == 300)
    }

    /// Near the list's top, the row keeps its height as far as the list allows: the list
    /// cannot scroll above its first row.
    @Test func theSelectedRowStaysAsFarAsTheListsEndsAllow() {
        let tree = Self.long()
        let browser = Self.longBrowser(tree, selecting: "f190")
        let rowHeight = browser.fileList.rowHeight
        browser.fileList.scrollOffset = 190 * rowHeight - 500
        SortingTests.press(browser, "2")
        #expect(Self.settleOrders(browser.store) { SortingTests.names(browser).first == "f199" })
        #expect(browser.fileList.selectedIndex == 9)  // 10 bytes: 9 * 46 points, less than 500
        #expect(browser.fileList.scrollOffset == 0 && Self.leadHeight(browser) == 9 * rowHeight)
    }

    /// A selected row out of sight when the key is pressed is brought into sight, as any
    /// change of order brings it.
    @Test func aSelectedRowOutOfSightIsBroughtIntoSight() {
        let tree = Self.long()
        let browser = Self.longBrowser(tree, selecting: "f150")
        browser.fileList.scrollOffset = 0
        SortingTests.press(browser, "2")
        #expect(Self.settleOrders(browser.store) { SortingTests.names(browser).first == "f199" })
        let height = Self.leadHeight(browser) ?? -1
        #expect(height >= 0 && height + browser.fileList.rowHeight <= browser.listBounds.height)
    }

    /// A file added while the order is found: the answer for the old reading is dropped, and
    /// the new reading, shown in name order meanwhile, is ordered again with the file.
    @Test func aFolderThatChangesMeanwhileIsOrderedAgain() {
        let tree = SortingTests.sample()
        let browser = Self.browser(tree)
        SortingTests.press(browser, "2")
        tree.file("Mixed/big", "0123456789")
        browser.store.reload(Self.mixed(tree))
        #expect(SortingTests.names(browser) == ["alpha", "zeta", "a.png", "b.md", "big", "c.txt", "d", "e.TXT"])
        let expected = ["alpha", "zeta", "a.png", "e.TXT", "b.md", "c.txt", "d", "big"]
        #expect(Self.settleOrders(browser.store) { browser.entries.sort == FolderSort(.size) })
        #expect(SortingTests.names(browser) == expected)
        #expect(browser.selectedName == Array("b.md".utf8))
    }

    /// Once ordered, a folder that changes is read again and ordered in the same job: the
    /// new reading shows in its order at once, never in name order between.
    @Test func anOrderedFolderThatChangesKeepsItsOrderOnScreen() {
        let tree = SortingTests.sample()
        let browser = Self.browser(tree)
        SortingTests.press(browser, "2")
        #expect(Self.settleOrders(browser.store) { SortingTests.names(browser)[3] == "e.TXT" })
        tree.file("Mixed/big", "0123456789")
        browser.store.readAgain(Self.mixed(tree))
        let expected = ["alpha", "zeta", "a.png", "e.TXT", "b.md", "c.txt", "d", "big"]
        var seen: [[String]] = []
        #expect(
            waitUntil(timeout: 20) {
                var descriptor = pollfd(fd: browser.store.workerDescriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, 0)
                if descriptor.revents != 0 { browser.store.takeResults() }
                seen.append(SortingTests.names(browser))
                return seen.last?.count == 8
            })
        #expect(seen.last == expected && browser.entries.sort == FolderSort(.size))
        #expect(seen.allSatisfy { $0.count == 7 || $0 == expected })
    }

    /// A folder remembered in an order is read and ordered in one job the first time it is
    /// shown: it shows in its order once read, with no name order before.
    @Test func aFolderRememberedInAnOrderShowsInItOnceRead() {
        let tree = SortingTests.sample()
        let sorts = FolderSorts()
        sorts.set(FolderSort(.size), for: Self.mixed(tree))
        let browser = Self.browser(tree, sorts: sorts)
        #expect(SortingTests.names(browser) == ["alpha", "zeta", "a.png", "e.TXT", "b.md", "c.txt", "d"])
        #expect(browser.entries.sort == FolderSort(.size))
    }

    /// Showing hidden files in an ordered folder needs no new order: the order has them.
    @Test func hiddenFilesShowInTheOrderFound() {
        let tree = SortingTests.sample()
        tree.file("Mixed/.big-hidden", "0123456789abc")
        let browser = Self.browser(tree)
        SortingTests.press(browser, "2")
        #expect(Self.settleOrders(browser.store) { SortingTests.names(browser)[3] == "e.TXT" })
        browser.setShowsHidden(true)
        #expect(SortingTests.names(browser) == ["alpha", "zeta", "a.png", "e.TXT", "b.md", "c.txt", "d", ".big-hidden"])
        #expect(browser.entries.sort == FolderSort(.size))
    }

    /// Two windows on the folder ask once, and both take the answer.
    @Test func everyWindowOnTheFolderTakesTheOrder() {
        let tree = SortingTests.sample()
        let store = try! FileStore()
        store.orders.atOnceLimit = 4
        let sorts = FolderSorts()
        let first = SortingTests.browser(tree, store: store, sorts: sorts)
        let second = SortingTests.browser(tree, store: store, sorts: sorts)
        SortingTests.press(first, "4")
        #expect(SortingTests.names(second) == Self.nameOrder)
        #expect(Self.settleOrders(store) { SortingTests.names(second).last == "c.txt" })
        #expect(SortingTests.names(first) == SortingTests.names(second))
    }

    /// The order of one listing is kept with it: an answer for a listing the folder no longer
    /// has orders nothing, and the new listing is ordered on its own.
    @Test func anAnswerForAReplacedListingIsDropped() throws {
        let tree = SortingTests.sample()
        let orders = try FolderOrders(atOnceLimit: 0)
        let folder = Self.mixed(tree)
        let old = try FolderListing.read(folder, includeHidden: true).get()
        #expect(orders.order(of: old, by: .size) == nil)
        tree.file("Mixed/big", "0123456789")
        let new = try FolderListing.read(folder, includeHidden: true).get()
        // By type: the worker answers it after the old listing's size, one job at a time.
        #expect(orders.order(of: new, by: .type) == nil)
        var heard: [Set<FilePath>] = []
        let owner = Owner()
        orders.addObserver(owner) { heard.append($0) }
        #expect(
            waitUntil(timeout: 20) {
                orders.takeResults()
                return orders.order(of: new, by: .type) != nil
            })
        #expect(orders.order(of: new, by: .type) == FolderSort.Key.type.ascendingOrder(in: new))
        #expect(heard == [[folder]])
        // The old listing's order by size was not taken for the new one's: it is asked anew.
        #expect(orders.order(of: new, by: .size) == nil)
        #expect(
            waitUntil(timeout: 20) {
                orders.takeResults()
                return orders.order(of: new, by: .size) == FolderSort.Key.size.ascendingOrder(in: new)
            })
    }
}

/// An observer's owner.
private final class Owner {}
