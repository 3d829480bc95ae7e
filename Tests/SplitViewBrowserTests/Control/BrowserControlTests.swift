import FoundationEssentials
import Glibc
import SplitView
import SplitViewControl
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// A real browser window's model as `splitviewctl` sees and changes it, without X: the tree
/// from its columns and splits, focus, resize, split, close and the layout as a file.
@Suite struct BrowserControlTests {
    static let xterm = try! ProgramCommand(parsing: "xterm -into {}")

    /// A triple-column window with a program below the file reader.
    static func window(_ tree: TempTree) -> Browser {
        let store = try! FileStore()
        let root = FilePath(tree.root)
        store.load(root)
        let browser = Browser(
            store: store, root: root, style: .tripleColumn, theme: .light,
            splits: [PaneSplit(column: .secondary, side: .below, command: xterm)])
        browser.split.animatesTransitions = false
        browser.split.handle(.resize(Size(width: 1400, height: 900)))
        return browser
    }

    static func tree(_ browser: Browser, _ ids: PaneIDs) -> ControlTree.Window {
        browser.controlWindow(
            id: ids.id(of: browser), xWindow: 0x20_0001, ids: ids,
            facts: { _ in ProgramFacts(pid: 4321, xWindow: 0x40_0003) })
    }

    @Test func theTreeNamesEveryColumnSplitAndLeaf() throws {
        let files = TempTree()
        files.file("a.txt", "a")
        let browser = Self.window(files)
        let ids = PaneIDs()
        let window = Self.tree(browser, ids)
        #expect(window.columns.map(\.name) == ["primary", "supplementary", "secondary", "inspector"])
        #expect(window.columns.map(\.content.kind) == ["folders", "files", "split", "details"])
        let secondary = try #require(window.columns.first { $0.name == "secondary" })
        #expect(secondary.shown && secondary.content.axis == "vertical")
        let items = try #require(secondary.content.items)
        #expect(items.map(\.kind) == ["file", "program"])
        #expect(items[1].command == "xterm -into {}")
        #expect(items[1].pid == 4321 && items[1].xWindow == 0x40_0003)
        #expect(items[1].fraction == 1.0 / 3)
        // Frames in the window's points: the two leaves share the column below its bar.
        let column = try #require(secondary.frame)
        let top = try #require(items[0].frame)
        let bottom = try #require(items[1].frame)
        #expect(top.x == column.x && bottom.x == column.x && top.width == column.width)
        #expect(bottom.y > top.y && bottom.y + bottom.height == column.y + column.height)
        // Exactly one leaf has the keys: the outline, in a new window.
        let focused = window.columns.flatMap(\.content.allNodes).filter { $0.focused && $0.items == nil }
        #expect(focused.map(\.kind) == ["folders"])
        // Stable for the pane's life: the same ids on the next look.
        #expect(Self.tree(browser, ids) == window)
        // The tree goes through JSON and back unchanged.
        let data = try JSONEncoder().encode(ControlTree(windows: [window]))
        #expect(try JSONDecoder().decode(ControlTree.self, from: data) == ControlTree(windows: [window]))
    }

    @Test func focusMovesTheKeysToALeafAndRefusesWhatIsNotOne() throws {
        let browser = Self.window(TempTree())
        let ids = PaneIDs()
        let window = Self.tree(browser, ids)
        let items = try #require(window.columns.first { $0.name == "secondary" }?.content.items)
        try browser.focus(pane: items[1].id, ids: ids)
        #expect(browser.split.focusedColumn == .secondary)
        #expect(browser.split.focusedLeaf?.path == [1])
        #expect(
            Self.tree(browser, ids).columns.flatMap(\.content.allNodes).first { $0.focused && $0.items == nil }?.id == items[1].id
        )
        #expect(throws: ControlError("no pane 999")) { try browser.focus(pane: 999, ids: ids) }
        let split = try #require(window.columns.first { $0.name == "secondary" }?.content.id)
        #expect(throws: ControlError("pane \(split) is a split: focus one of its leaves")) {
            try browser.focus(pane: split, ids: ids)
        }
    }

    @Test func resizeGivesAnItemItsShareOfTheSplit() throws {
        let browser = Self.window(TempTree())
        let ids = PaneIDs()
        let items = try #require(Self.tree(browser, ids).columns.first { $0.name == "secondary" }?.content.items)
        try browser.resize(pane: items[1].id, fraction: 0.5, ids: ids)
        let after = try #require(Self.tree(browser, ids).columns.first { $0.name == "secondary" }?.content.items)
        #expect(after[1].fraction == 0.5)
        let top = try #require(after[0].frame?.height)
        let bottom = try #require(after[1].frame?.height)
        #expect(abs(top - bottom) <= 1.5, "halves: \(top) and \(bottom)")
        let folders = try #require(Self.tree(browser, ids).columns.first?.content.id)
        #expect(throws: ControlError.self) { try browser.resize(pane: folders, fraction: 0.5, ids: ids) }
    }

    /// The core's split: beside a leaf on the same axis the new pane joins its split; on the
    /// other axis the leaf is wrapped; a column's name splits its own content, split or not.
    @Test func splitJoinsOrWrapsAndClosesAgain() throws {
        let browser = Self.window(TempTree())
        let ids = PaneIDs()
        let items = try #require(Self.tree(browser, ids).columns.first { $0.name == "secondary" }?.content.items)
        let below = try browser.split(target: String(items[1].id), side: "below", program: "st -w {}", ids: ids)
        let beside = try browser.split(target: String(items[0].id), side: "after", program: "st -w {}", ids: ids)
        let secondary = try #require(Self.tree(browser, ids).columns.first { $0.name == "secondary" }?.content)
        #expect(secondary.items?.map(\.kind) == ["split", "program", "program"])
        #expect(secondary.items?[0].axis == "horizontal")
        #expect(secondary.items?[0].items?.map(\.kind) == ["file", "program"])
        #expect(secondary.items?[0].items?[1].id == beside && secondary.items?[2].id == below)
        #expect(browser.split.foreignContentViewControllers.count == 3)
        // The new pane has the keys, as tmux's split-window gives them.
        #expect(Self.tree(browser, ids).columns.flatMap(\.content.allNodes).first { $0.focused && $0.items == nil }?.id == beside)
        // A column's plain content splits too: the outline gets a program above it.
        let above = try browser.split(target: "primary", side: "above", program: "st -w {}", ids: ids)
        let primary = try #require(Self.tree(browser, ids).columns.first { $0.name == "primary" }?.content)
        #expect(primary.axis == "vertical" && primary.items?.map(\.id).first == above)
        #expect(primary.items?.map(\.kind) == ["program", "folders"])
        try browser.close(pane: below, ids: ids)
        #expect(browser.split.foreignContentViewControllers.count == 3)
        #expect(throws: ControlError("no pane \(below)")) { try browser.close(pane: below, ids: ids) }
        #expect(throws: ControlError("pane \(items[0].id) is its column's own content: it cannot be closed")) {
            try browser.close(pane: items[0].id, ids: ids)
        }
        #expect(throws: ControlError("pane \(secondary.id) is a split: close its leaves")) {
            try browser.close(pane: secondary.id, ids: ids)
        }
        #expect(throws: ControlError.self) { try browser.split(target: "nowhere", side: "below", program: "st -w {}", ids: ids) }
        #expect(throws: ControlError.self) { try browser.split(target: "primary", side: "below", program: "'st", ids: ids) }
    }

    /// A split's new pane starts in the folder shown.
    @Test func aNewPaneStartsInTheFolderShown() throws {
        let files = TempTree()
        files.folder("Travel")
        let browser = Self.window(files)
        browser.select(folder: FilePath(files.root + "/Travel"))
        let ids = PaneIDs()
        let id = try browser.split(target: "secondary", side: "after", program: "st -w {}", ids: ids)
        let program = try #require(ids.object(id) as? ForeignContentViewController)
        #expect(program.workingDirectory == Array((files.root + "/Travel").utf8))
    }

    /// Zoom toggles, says so in the tree, and refuses a split's id.
    @Test func zoomShowsOnePaneAndPutsItBack() throws {
        let browser = Self.window(TempTree())
        let ids = PaneIDs()
        let secondary = try #require(Self.tree(browser, ids).columns.first { $0.name == "secondary" }?.content)
        let program = try #require(secondary.items?[1].id)
        try browser.zoom(pane: program, ids: ids)
        #expect(browser.split.zoomedPane === ids.object(program))
        #expect(Self.tree(browser, ids).columns.flatMap(\.content.allNodes).filter(\.zoomed).map(\.id) == [program])
        try browser.zoom(pane: program, ids: ids)
        #expect(browser.split.zoomedPane == nil)
        #expect(throws: ControlError("pane \(secondary.id) is a split: zoom one of its leaves")) {
            try browser.zoom(pane: secondary.id, ids: ids)
        }
    }

    /// A layout file replaces the splits of the columns it names, around their own content;
    /// a bad file changes nothing.
    @Test func aLayoutLoadedReplacesTheColumnsItNames() throws {
        let browser = Self.window(TempTree())
        let ids = PaneIDs()
        let folder = try TemporaryFolder("layoutload")
        folder.write(
            #"{"layout": {"primary": {"axis": "vertical", "items": [{"content": "folders"}, {"program": "st -w {}"}]},"#
                + #" "secondary": {"axis": "horizontal", "items": [{"program": "xterm -into {}"}, {"content": "file"}]}}}"#,
            to: "two.json")
        try browser.loadLayout(from: folder.path + "/two.json")
        let window = Self.tree(browser, ids)
        #expect(window.columns.first { $0.name == "primary" }?.content.items?.map(\.kind) == ["folders", "program"])
        let secondary = try #require(window.columns.first { $0.name == "secondary" }?.content)
        #expect(secondary.axis == "horizontal" && secondary.items?.map(\.kind) == ["program", "file"])
        // The xterm below the file was replaced: two programs now, not three.
        #expect(browser.split.foreignContentViewControllers.map(\.command.text).sorted() == ["st -w {}", "xterm -into {}"])
        folder.write(#"{"layout": {"secondary": {"axis": "sideways", "items": []}}}"#, to: "bad.json")
        #expect(throws: ControlError.self) { try browser.loadLayout(from: folder.path + "/bad.json") }
        #expect(throws: ControlError.self) { try browser.loadLayout(from: folder.path + "/missing.json") }
        #expect(Self.tree(browser, ids) == window)
    }

    /// The file is a config the app reads back: the same layout comes out of ConfigReader.
    @Test func theLayoutSavedIsTheConfigsLayout() throws {
        let browser = Self.window(TempTree())
        let folder = try TemporaryFolder("layout")
        try browser.saveLayout(to: folder.path + "/layout.json")
        let text = try #require(folder.read("layout.json"))
        let (config, warnings) = AppConfig.load(path: folder.path + "/layout.json", environment: [:])
        #expect(warnings.isEmpty, "\(warnings) in \(text)")
        #expect(
            config.layout[.secondary]
                == .split(
                    .vertical,
                    [
                        PaneLayout.Item(.content),
                        PaneLayout.Item(.program(Self.xterm), fraction: 1.0 / 3, minimum: 80, canCollapse: true),
                    ]))
        #expect(config.layout.count == 1)
        #expect(throws: ControlError.self) { try browser.saveLayout(to: folder.path + "/no/such/folder/layout.json") }
    }

    /// Decided: ids count up and are never reused; an object that has gone is not found.
    @Test func idsAreNeverReused() {
        let ids = PaneIDs()
        var first: ViewController? = ViewController()
        let one = ids.id(of: first!)
        #expect(ids.id(of: first!) == one)
        first = nil
        #expect(ids.object(one) == nil)
        let second = ViewController()
        #expect(ids.id(of: second) == one + 1)
    }
}
