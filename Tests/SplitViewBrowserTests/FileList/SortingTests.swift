import Glibc
import SplitView
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// The files column's orders: by name, size, type and date, reversed or not, folders first in
/// each, ties in name order; chosen by key or menu, per folder, shared by windows and saved.
@Suite struct SortingTests {
    /// `Mixed`: folders `zeta`, `alpha`; files of sizes and dates chosen for ties.
    static func sample() -> TempTree {
        let tree = TempTree()
        tree.folder("Mixed/zeta")
        tree.folder("Mixed/alpha")
        tree.file("Mixed/c.txt", "ccc")  // 3 bytes
        tree.file("Mixed/a.png", "a")  // 1 byte
        tree.file("Mixed/b.md", "bbb")  // 3 bytes, ties with c.txt
        tree.file("Mixed/d", "dddd")  // 4 bytes, no extension
        tree.file("Mixed/e.TXT", "ee")  // 2 bytes, same type as c.txt
        // The folders' times are pinned too: two `mkdir`s may fall in different clock ticks,
        // and then the date order would part folders that are meant to tie.
        let pinned = [("zeta", 400), ("alpha", 400), ("c.txt", 300), ("a.png", 100), ("b.md", 300), ("d", 200), ("e.TXT", 50)]
        for (name, seconds) in pinned {
            var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
            utimensat(AT_FDCWD, tree.root + "/Mixed/" + name, &times, 0)
        }
        tree.folder("Other")
        tree.file("Other/big", "0123456789")
        tree.file("Other/small", "0")
        return tree
    }

    static func names(_ browser: Browser) -> [String] {
        (0..<browser.entries.numberOfRows).compactMap { browser.entries.entry(at: $0)?.displayName }
    }

    static func browser(_ tree: TempTree, store: FileStore? = nil, sorts: FolderSorts = FolderSorts()) -> Browser {
        let store = store ?? (try! FileStore())
        store.load(FilePath(tree.root))
        let browser = Browser(store: store, root: FilePath(tree.root), style: .tripleColumn, theme: .light, sorts: sorts)
        browser.split.handle(.resize(Size(width: 1400, height: 900)))
        BrowserTests.show(browser, tree, "Mixed", "b.md")
        browser.split.focusedColumn = .supplementary
        return browser
    }

    static func press(_ browser: Browser, _ character: Character) {
        browser.split.handle(.key(KeyChord(.character(character), modifiers: [.control, .alt])))
    }

    @Test(arguments: [
        ("1", ["alpha", "zeta", "a.png", "b.md", "c.txt", "d", "e.TXT"]),
        ("2", ["alpha", "zeta", "a.png", "e.TXT", "b.md", "c.txt", "d"]),
        ("3", ["alpha", "zeta", "d", "b.md", "a.png", "c.txt", "e.TXT"]),
        ("4", ["alpha", "zeta", "e.TXT", "a.png", "d", "b.md", "c.txt"]),
    ])
    func eachOrderPutsFoldersFirstAndTiesInNameOrder(key: String, expected: [String]) {
        let tree = Self.sample()
        let browser = Self.browser(tree)
        Self.press(browser, Character(key))
        #expect(Self.names(browser) == expected)
        // Reversed: the exact reverse of each part, folders still first.
        Self.press(browser, "r")
        #expect(Self.names(browser) == Array(expected.prefix(2).reversed()) + Array(expected.dropFirst(2).reversed()))
        // The selection stays on its file.
        #expect(browser.selectedName == Array("b.md".utf8))
        #expect(browser.fileList.selectedIndex == browser.entries.index(of: Array("b.md".utf8)))
    }

    @Test func theKindKeyIsTheExtensionsTypeName() {
        #expect(EntryList.kindKey(name: Array("x.tar.gz".utf8), kind: .regular) == "GZ file")
        #expect(EntryList.kindKey(name: Array(".bashrc".utf8), kind: .regular) == "file")
        #expect(EntryList.kindKey(name: Array("trailing.".utf8), kind: .regular) == "file")
        #expect(EntryList.kindKey(name: Array("link.txt".utf8), kind: .symlink) == "symbolic link")
    }

    @Test func theOrderIsTheFoldersOwnAndTheMenuChecksIt() throws {
        let tree = Self.sample()
        let browser = Self.browser(tree)
        Self.press(browser, "2")
        Self.press(browser, "r")
        browser.split.handle(.command(.showMenu))
        let items = try #require(browser.split.menu?.items)
        let checked = items.filter(\.isChecked).map(\.title)
        #expect(checked.contains("Sort by Size") && checked.contains("Reversed Order") && !checked.contains("Sort by Name"))
        #expect(items.first { $0.title == "Sort by Size" }?.shortcut == "Ctrl+Alt+2")
        browser.split.handle(.key(KeyChord(.escape)))
        BrowserTests.show(browser, tree, "Other")
        #expect(Self.names(browser) == ["big", "small"])
        #expect(browser.viewMenuItems.first { $0.title == "Sort by Name" }?.isChecked == true)
        BrowserTests.show(browser, tree, "Mixed")
        #expect(Self.names(browser).first == "zeta" && Self.names(browser).last == "a.png")
        #expect(browser.sorts.saved == [FolderSortState(folder: tree.root + "/Mixed", by: "size", reversed: true)])
    }

    @Test func everyWindowOnTheFolderFollowsItsOrder() {
        let tree = Self.sample()
        let store = try! FileStore()
        let sorts = FolderSorts()
        let first = Self.browser(tree, store: store, sorts: sorts)
        let second = Self.browser(tree, store: store, sorts: sorts)
        Self.press(first, "4")
        #expect(Self.names(second) == Self.names(first) && Self.names(second).last == "c.txt")
    }

    @Test func byNameForgetsTheFolderAndTheOldestOfMoreThanAThousandGoes() {
        let sorts = FolderSorts()
        for number in 0...FolderSorts.limit { sorts.set(FolderSort(.size), for: FilePath("/f\(number)")) }
        #expect(sorts.saved.count == FolderSorts.limit)
        #expect(sorts[FilePath("/f0")] == .standard && sorts[FilePath("/f1")] == FolderSort(.size))
        sorts.set(.standard, for: FilePath("/f1"))
        #expect(sorts.saved.count == FolderSorts.limit - 1)
        // Chosen again, a folder is the newest.
        sorts.set(FolderSort(.type), for: FilePath("/f2"))
        #expect(sorts.saved.last?.folder == "/f2" && sorts.saved.last?.by == "type")
    }

    @Test func theOrdersRoundTripThroughTheStateFile() throws {
        let state = AppState(
            root: "/r", windows: [WindowState(width: 1, height: 2, style: .double)],
            sortOrders: [
                FolderSortState(folder: "/home/ana/Photos", by: "modified", reversed: true),
                FolderSortState(folder: "/srv", by: "type", reversed: false),
            ])
        let decoded = try StateStore.decode(try StateStore.encode(state))
        #expect(decoded == state)
        let sorts = FolderSorts()
        sorts.restore(decoded.sortOrders)
        #expect(sorts[FilePath("/home/ana/Photos")] == FolderSort(.modified, reversed: true))
        #expect(sorts.saved == state.sortOrders)
    }

    /// A window as the files before the orders wrote it.
    static let window =
        #"{"width":1400,"height":900,"style":"triple","split":{"version":1,"preferredDisplayMode":"automatic","#
        + #""preferredSplitBehavior":"automatic","widths":[],"isInspectorShown":false},"expandedFolders":[""],"#
        + #""scrollOffsets":{}}"#

    @Test func aFileWrittenBeforeTheOrdersLoadsWithNone() throws {
        let old = #"{"root": "/r", "version": 1, "windows": ["# + Self.window + "]}"
        let state = try StateStore.decode(Array(old.utf8))
        #expect(state.sortOrders.isEmpty)
        // And a state without orders is written without the key, as before.
        let written = String(decoding: try StateStore.encode(state), as: UTF8.self)
        #expect(!written.contains("sortOrders"))
    }

    @Test(arguments: [
        (#"[{"folder": "relative", "by": "size", "reversed": false}]"#, "sortOrders[0].folder: expected an absolute path"),
        (#"[{"folder": "/a", "by": "colour", "reversed": false}]"#, "sortOrders[0].by: unknown order"),
    ])
    func aBadOrderIsRefusedWithItsKey(orders: String, problem: String) {
        let text = #"{"root": "/r", "version": 1, "windows": ["# + Self.window + #"], "sortOrders": "# + orders + "}"
        #expect(throws: StateProblem.self) { try StateStore.decode(Array(text.utf8)) }
        do {
            _ = try StateStore.decode(Array(text.utf8))
        } catch {
            #expect(error.reason.hasPrefix(problem))
        }
    }

    @Test func theSavedStateKeepsTheNewestOrdersWithinTheLimits() {
        var state = AppState(root: "/r", windows: [WindowState(width: 1, height: 2, style: .double)])
        state.sortOrders = (0..<1200).map { FolderSortState(folder: "/f\($0)", by: "size", reversed: false) }
        state.sortOrders.append(FolderSortState(folder: "/bad", by: "colour", reversed: false))
        let kept = state.withinLimits().sortOrders
        #expect(kept.count == 1000 && kept.first?.folder == "/f200" && kept.last?.folder == "/f1199")
        let deep = "/" + String(repeating: "d", count: 4000)
        state.sortOrders = (0..<100).map { FolderSortState(folder: deep + "\($0)", by: "size", reversed: false) }
        #expect(state.withinLimits().sortOrders.count == (256 << 10) / 4002)
        #expect((try? state.withinLimits().validated()) != nil)
    }
}
