import SplitView
import SplitViewFiles
import Testing

@testable import SplitViewBrowser

/// The windows' common ground: the command line's and the config's preferences reach every
/// window, new or restored.
@Suite struct BrowserSessionTests {
    static func session(_ tree: TempTree, config: AppConfig = AppConfig()) throws -> BrowserSession {
        let store = try FileStore()
        store.load(FilePath(tree.root))
        return BrowserSession(
            store: store, root: FilePath(tree.root), config: config,
            preferences: WindowPreferences(
                style: .double, displayMode: .oneOverSecondary, splitBehavior: .overlay, animatesTransitions: false),
            opener: { _ in nil }, report: { Issue.record("unexpected report: \($0)") })
    }

    @Test func aNewWindowHasTheCommandLinesAndTheConfigsPreferences() throws {
        let tree = TempTree()
        var config = AppConfig()
        config.collapseThreshold = 500
        let browser = try Self.session(tree, config: config).makeBrowser()
        #expect(browser.split.style == .doubleColumn)
        #expect(browser.split.preferredDisplayMode == .oneOverSecondary)
        #expect(browser.split.preferredSplitBehavior == .overlay)
        #expect(!browser.split.animatesTransitions)
        #expect(browser.split.collapseThreshold == 500)
    }

    @Test func aRestoredWindowHasThemTooOverItsSavedState() throws {
        let tree = TempTree()
        let session = try Self.session(tree)
        let saved = session.state(of: [(browser: session.makeBrowser(), width: 800, height: 600)]).windows[0]
        let browser = session.restore(saved)
        #expect(browser.split.style == .doubleColumn)
        #expect(browser.split.preferredDisplayMode == .oneOverSecondary)
        #expect(!browser.split.animatesTransitions)
    }
}
