import SplitView
import SplitViewFiles
import Testing

@testable import SplitViewBrowser

/// A window's own root and history in the state file: saved, restored, read from files that
/// predate them, refused past their limits.
@Suite struct WindowHistoryStateTests {
    static func state(_ window: WindowState) -> AppState {
        AppState(root: "/home/ana", windows: [window])
    }

    @Test func aRootAboveTheStartAndTheHistoryRoundTrip() throws {
        let window = WindowState(
            width: 800, height: 600, style: .triple, selectedFolder: "ana/notes", root: "/home", back: ["/", "/tmp"],
            forward: ["/usr/share"])
        let bytes = try StateStore.encode(Self.state(window))
        let read = try StateStore.decode(bytes)
        #expect(read.windows[0] == window)
    }

    @Test func aFileWrittenBeforeTheHistoryReadsWithNone() throws {
        let old = """
            {"version":1,"root":"/home/ana","windows":[{"width":800,"height":600,"style":"triple",
            "split":{"isInspectorShown":false,"preferredDisplayMode":"automatic",
            "preferredSplitBehavior":"automatic","version":1,"widths":[]},"expandedFolders":[""],"scrollOffsets":{}}]}
            """
        let read = try StateStore.decode(Array(old.utf8))
        #expect(read.windows[0].root == nil)
        #expect(read.windows[0].back == [] && read.windows[0].forward == [])
    }

    @Test(arguments: [
        (WindowState(width: 8, height: 8, style: .triple, root: "home"), "windows[0].root: expected an absolute path"),
        (WindowState(width: 8, height: 8, style: .triple, back: ["/a/../b"]), "windows[0].back[0]: expected a path inside"),
        (
            WindowState(width: 8, height: 8, style: .triple, forward: Array(repeating: "/", count: 51)),
            "windows[0].forward: more than 50 folders"
        ),
    ])
    func valuesPastTheLimitsAreRefusedByName(window: WindowState, problem: String) {
        #expect(throws: StateProblem.self) { try Self.state(window).validated() }
        do throws(StateProblem) {
            try Self.state(window).validated()
        } catch {
            #expect(error.reason.hasPrefix(problem))
        }
    }

    @Test func savingLeavesOutTheHistoryTheLoaderWouldRefuse() throws {
        let long = "/" + String(repeating: "x", count: 5000)
        let window = WindowState(width: 8, height: 8, style: .triple, back: ["/a", long], forward: ["/b", "rel"])
        let saved = Self.state(window).withinLimits()
        #expect(saved.windows[0].back == ["/a"])
        #expect(saved.windows[0].forward == ["/b"])
        try saved.validated()
    }

    @Test func aWindowThatWentAboveItsRootIsRestoredThereWithItsHistory() throws {
        let tree = TempTree()
        tree.file("start/a.txt", "a")
        tree.folder("other")
        let store = try FileStore()
        let start = FilePath(tree.root + "/start")
        store.load(start)
        let session = BrowserSession(
            store: store, root: start, config: AppConfig(), preferences: WindowPreferences(), opener: { _ in nil },
            report: { Issue.record("unexpected report: \($0)") })
        let browser = session.makeBrowser()
        #expect(browser.go(to: FilePath(tree.root + "/other")) == nil)
        let saved = session.state(of: [(browser: browser, width: 900, height: 700)])
        #expect(saved.windows[0].root == tree.root)
        #expect(saved.windows[0].selectedFolder == "other")
        #expect(saved.windows[0].back == [tree.root + "/start"])
        let restored = session.restore(try StateStore.decode(try StateStore.encode(saved)).windows[0])
        #expect(restored.tree.root == FilePath(tree.root))
        #expect(restored.selectedFolder == FilePath(tree.root + "/other"))
        #expect(restored.navigation.history.back == [start])
        restored.split.handle(.resize(Size(width: 900, height: 700)))
        restored.split.handle(.key(KeyChord(.left, modifiers: .alt)))
        #expect(restored.selectedFolder == start)
    }
}
