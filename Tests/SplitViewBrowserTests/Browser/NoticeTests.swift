import SplitView
import SplitViewFiles
import Testing

@testable import SplitViewBrowser

/// The loop's timers as a test holds them: what was asked, fired when the test says.
final class HeldTimers {
    private(set) var waiting: [Int: (seconds: Double, action: () -> Void)] = [:]
    private var next = 0

    var timers: LoopTimers {
        LoopTimers(
            after: { [unowned self] seconds, action in
                next += 1
                waiting[next] = (seconds, action)
                return next
            },
            cancel: { [unowned self] in waiting[$0] = nil })
    }

    /// Fires every timer waiting now (not those they start), as the loop would once their time came.
    func fireAll() {
        let due = waiting
        waiting = [:]
        for (_, timer) in due.sorted(by: { $0.key < $1.key }) { timer.action() }
    }
}

/// The band's messages go after their time, and the file's own note comes back (the
/// newcomer's "band messages never clear").
@Suite struct NoticeTests {
    /// A browser over `tree` (kept as long as the caller keeps it) holding its timers, `file`
    /// shown in Notes.
    static func browser(showing file: String, in tree: TempTree) -> (Browser, HeldTimers) {
        let browser = makeBrowser(tree)
        let held = HeldTimers()
        browser.timers = held.timers
        BrowserTests.show(browser, tree, "Notes", file)
        return (browser, held)
    }

    @Test func anActionsMessageLeavesAfterTenSeconds() {
        let tree = BrowserTests.sample()
        let (browser, held) = Self.browser(showing: "file2.txt", in: tree)
        browser.undoLastChange()
        #expect(browser.reader.notice == "Nothing to undo.")
        #expect(held.waiting.values.map(\.seconds) == [10])
        held.fireAll()
        #expect(browser.reader.notice == nil)
        #expect(held.waiting.isEmpty)
    }

    /// The file's note ("Showing the first 2 MB…") comes back after a message, and itself
    /// never goes while the file shows.
    @Test func theFilesOwnNoteStaysAndComesBack() {
        let tree = BrowserTests.sample()
        tree.file("Notes/large.txt", String(repeating: "a line of text\n", count: 200_000))
        let (browser, held) = Self.browser(showing: "large.txt", in: tree)
        let note = browser.fileNotice
        #expect(note?.hasPrefix("Showing the first") == true)
        #expect(browser.reader.notice == note)
        #expect(held.waiting.isEmpty, "no timer for the file's own note")
        browser.undoLastChange()
        #expect(browser.reader.notice == "Nothing to undo.")
        held.fireAll()
        #expect(browser.reader.notice == note)
        #expect(held.waiting.isEmpty)
    }

    /// A newer message starts its own time; the older message's end takes nothing away.
    @Test func aNewerMessageStartsItsOwnTime() {
        let tree = BrowserTests.sample()
        let (browser, held) = Self.browser(showing: "file2.txt", in: tree)
        browser.undoLastChange()
        let first = held.waiting
        browser.reportOpenFailure(FilePath(tree.root + "/Notes/file2.txt"), "no program")
        #expect(held.waiting.count == 1 && held.waiting.keys != first.keys, "the first timer was cancelled")
        for (_, timer) in first { timer.action() }
        #expect(browser.reader.notice?.hasPrefix("Could not open") == true)
        held.fireAll()
        #expect(browser.reader.notice == nil)
    }

    /// Without the loop's timers (a model alone), a message stays until the next.
    @Test func withoutTimersAMessageStays() {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree)
        browser.undoLastChange()
        #expect(browser.noticeTimer == nil)
        #expect(browser.reader.notice == "Nothing to undo.")
    }
}
