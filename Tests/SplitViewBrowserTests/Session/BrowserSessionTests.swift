import Foundation
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

    /// Alt+Z's choice is the window's: saved with it, restored with it; a state saved before the
    /// key existed wraps, as a new window does.
    @Test func theWrapChoiceIsSavedAndRestored() throws {
        let tree = TempTree()
        let session = try Self.session(tree)
        let browser = session.makeBrowser()
        #expect(browser.reader.wrapsLines)
        browser.reader.wrapsLines = false
        let saved = session.state(of: [(browser: browser, width: 800, height: 600)]).windows[0]
        #expect(!saved.wrapsLines)
        #expect(!session.restore(saved).reader.wrapsLines)
        // The same window as a file saved before the key existed: without it.
        let encoded = try JSONEncoder().encode(saved)
        var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(object.removeValue(forKey: "wrapsLines") as? Bool == false)
        let old = try JSONDecoder().decode(WindowState.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(old.wrapsLines)
    }
}
