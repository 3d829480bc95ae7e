import Foundation
import SplitView
import SplitViewFiles
import Testing

@testable import SplitViewBrowser

/// Splits made at run time are kept with the window: its panes, their commands, sizes, zoom
/// and keys come back at the next start with fresh programs; a start with other command-line
/// splits lays those columns out anew; Ctrl+N copies the panes of its window.
@Suite struct KeptSplitsTests {
    static let below = PaneSplit(column: .secondary, side: .below, command: try! ProgramCommand(parsing: "xterm -into {}"))

    static func session(_ tree: TempTree, splits: [PaneSplit] = [], reports: Reports = Reports()) throws -> BrowserSession {
        let store = try FileStore()
        store.load(FilePath(tree.root))
        return BrowserSession(
            store: store, root: FilePath(tree.root), config: AppConfig(),
            preferences: WindowPreferences(style: .triple, animatesTransitions: false, splits: splits),
            opener: { _ in nil }, report: { reports.lines.append($0) })
    }

    final class Reports { var lines: [String] = [] }

    static func mounted(_ browser: Browser) -> Browser {
        browser.split.handle(.resize(Size(width: 1400, height: 900)))
        return browser
    }

    /// The panes of a column from its content down, as text: `v[file, h[xterm, st]]`.
    static func shape(_ vc: ViewController?) -> String {
        if let stack = vc as? StackSplitViewController {
            return (stack.axis == .horizontal ? "h" : "v") + "["
                + stack.splitItems.map { shape($0.viewController) }
                .joined(separator: ", ") + "]"
        }
        if let program = vc as? ForeignContentViewController { return program.command.programName }
        return "content"
    }

    static func shape(_ browser: Browser, _ column: SplitViewController.Column) -> String {
        shape(browser.columnContent(column))
    }

    /// A run-time split, its sizes, the zoom and the keys survive a restart, with programs
    /// made anew (not the same controllers) and started in the folder shown.
    @Test func runTimeSplitsComeBackWithFreshPrograms() throws {
        let tree = TempTree()
        tree.folder("Notes")
        let session = try Self.session(tree)
        let browser = Self.mounted(session.makeBrowser())
        browser.programs.terminal = try ProgramCommand(parsing: "xterm -into {}")
        browser.split.focusedColumn = .secondary
        browser.split.handle(.command(.splitDown))
        let first = try #require(browser.split.focusedPane as? ForeignContentViewController)
        #expect(
            browser.split.splitPane(
                first, along: .horizontal, with: browser.newPane(running: try ProgramCommand(parsing: "st -w {}"))))
        #expect(browser.split.resizeFocusedPane(along: .horizontal, by: 60))
        browser.programs.used("st -w {}")
        browser.split.zoomedPane = browser.split.focusedPane
        let saved = session.state(of: [(browser: browser, width: 1400, height: 900)]).windows[0]
        #expect(saved.layout?["secondary"] != nil && saved.splitCommands == ["st -w {}"])
        // Through the file's JSON, as a restart reads it.
        let decoded = try JSONDecoder().decode(WindowState.self, from: JSONEncoder().encode(saved))
        #expect(decoded == saved)
        let restored = session.restore(decoded)
        #expect(Self.shape(restored, .secondary) == "v[content, h[xterm, st]]")
        let programs = restored.split.foreignContentViewControllers
        #expect(programs.count == 2 && !programs.contains { $0 === first })
        #expect(programs.allSatisfy { $0.workingDirectory == Array(tree.root.utf8) })
        #expect(restored.programs.usedCommands == ["st -w {}"])
        _ = Self.mounted(restored)
        #expect(
            restored.split.zoomedPane?.title == "st"
                || (restored.split.zoomedPane as? ForeignContentViewController)?.command.programName == "st")
        #expect(restored.split.focusedPane === restored.split.zoomedPane)
        let sizes = restored.split.stateSnapshot().stackItems?.map(\.thickness)
        #expect(sizes == saved.split.stackItems?.map(\.thickness))
    }

    /// The same command-line splits: the saved layout holds them (no second xterm); other
    /// splits: their column is laid out anew and its sizes dropped without a word on stderr.
    @Test func theCommandLinesSplitsWinWhenTheyChanged() throws {
        let tree = TempTree()
        let reports = Reports()
        let session = try Self.session(tree, splits: [Self.below], reports: reports)
        let browser = Self.mounted(session.makeBrowser())
        #expect(Self.shape(browser, .secondary) == "v[content, xterm]")
        browser.split.focusedColumn = .primary
        #expect(
            browser.split.splitPane(
                browser.folders, along: .vertical, with: browser.newPane(running: try ProgramCommand(parsing: "st -w {}"))))
        let saved = session.state(of: [(browser: browser, width: 1400, height: 900)]).windows[0]
        let again = Self.mounted(session.restore(saved))
        #expect(Self.shape(again, .secondary) == "v[content, xterm]")
        #expect(Self.shape(again, .primary) == "v[content, st]")
        // Started now with the program above the file instead of below it.
        let above = PaneSplit(column: .secondary, side: .above, command: try ProgramCommand(parsing: "top -into {}"))
        let other = try Self.session(tree, splits: [above], reports: reports)
        let changed = Self.mounted(other.restore(saved))
        #expect(Self.shape(changed, .secondary) == "v[top, content]")
        #expect(Self.shape(changed, .primary) == "v[content, st]")
        // No run gives splits: the secondary is what the config says (nothing), the rest kept.
        let none = Self.mounted(try Self.session(tree, reports: reports).restore(saved))
        #expect(Self.shape(none, .secondary) == "content" && Self.shape(none, .primary) == "v[content, st]")
        #expect(reports.lines == [])
    }

    /// Boundary: a saved layout that breaks the config's rules is said in a line and skipped;
    /// the window still opens.
    @Test func aBadSavedLayoutIsSaidAndSkipped() throws {
        let tree = TempTree()
        let reports = Reports()
        let session = try Self.session(tree, reports: reports)
        var saved = session.state(of: [(browser: Self.mounted(session.makeBrowser()), width: 1400, height: 900)]).windows[0]
        var node = LayoutNode()
        node.axis = "diagonal"
        node.items = []
        saved.layout = ["secondary": node]
        let browser = Self.mounted(session.restore(saved))
        #expect(Self.shape(browser, .secondary) == "content")
        #expect(reports.lines.count == 1 && reports.lines[0].hasPrefix("state: layout.secondary"))
    }

    /// Ctrl+N: the window's panes with fresh programs and the same sizes.
    @Test func ctrlNCopiesThePanesWithFreshPrograms() throws {
        let tree = TempTree()
        let session = try Self.session(tree, splits: [Self.below])
        let browser = Self.mounted(session.makeBrowser())
        browser.split.focusedColumn = .primary
        #expect(
            browser.split.splitPane(
                browser.folders, along: .horizontal, with: browser.newPane(running: try ProgramCommand(parsing: "st -w {}"))))
        let copy = Self.mounted(session.makeBrowser(like: browser))
        #expect(Self.shape(copy, .secondary) == "v[content, xterm]" && Self.shape(copy, .primary) == "h[content, st]")
        #expect(
            !copy.split.foreignContentViewControllers.contains { program in
                browser.split.foreignContentViewControllers.contains { $0 === program }
            })
        #expect(
            copy.split.stateSnapshot().stackItems?.map(\.thickness) == browser.split.stateSnapshot().stackItems?.map(\.thickness))
    }
}
