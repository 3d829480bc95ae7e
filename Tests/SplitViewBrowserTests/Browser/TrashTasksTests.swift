import Glibc
import SplitView
import SplitViewFiles
import Synchronization
import TestSupport
import Testing

@testable import SplitViewBrowser

/// The trash's jobs on their worker: the progress in the files list's bar with a Cancel
/// button (Escape), jobs queued in order, and a cancelled Delete that moves nothing.
@Suite struct TrashTasksTests {
    /// A door a worker's job waits at until the test opens it.
    final class Gate: Sendable {
        private let flag = Atomic(false)
        func open() { flag.store(true, ordering: .releasing) }
        var isOpen: Bool { flag.load(ordering: .acquiring) }
    }

    /// Takes the trash jobs' news until `condition` holds.
    static func pump(_ browser: Browser, until condition: () -> Bool) -> Bool {
        waitUntil(timeout: 20) {
            var descriptor = pollfd(fd: browser.store.trashJobs.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 0)
            if descriptor.revents != 0 { browser.store.trashJobs.takeResults() }
            return condition()
        }
    }

    @Test(arguments: [
        (TrashTask.Kind.trash, 1_200, 150_000, 0, "Moving 1 200 of 150 000 items to the Trash"),
        (.trash, 0, 1, 0, "Moving 0 of 1 item to the Trash"),
        (.delete, 3, 5, 3, "Deleting 3 of 5 items"),
        (.delete, 0, 1, 45_210, "Deleting 0 of 1 item — 45 210 files and folders deleted"),
        (.restore, 999, 1_000, 0, "Restoring 999 of 1 000 items"),
        (.empty, 2, 10, 40, "Emptying the Trash: 2 of 10 items — 40 files and folders deleted"),
    ])
    func theProgressSaysHowManyItemsOfHowMany(kind: TrashTask.Kind, done: Int, total: Int, entries: Int, text: String) {
        var progress = TrashBatch.Progress(totalItems: total)
        progress.itemsDone = done
        progress.entriesDeleted = entries
        #expect(TrashPart.progressText(progress, kind) == text)
    }

    /// A job that runs long shows its progress in the bar beside Cancel; Escape there stops
    /// it and the Delete queued behind it: nothing of that Delete moves, the band says so,
    /// and the bar is given back.
    @Test func escapeStopsTheJobsUnderWayAndAQueuedDeleteMovesNothing() throws {
        let setup = TrashBrowserTests.Setup()
        let browser = setup.browser()
        browser.store.trashJobs.reportInterval = 0
        BrowserTests.show(browser, setup.tree, "Notes", "file2.txt")
        let gate = Gate()
        let trash = setup.trash
        browser.trashPart.start(
            .trash,
            { cancellation, report in
                report(TrashBatch.Progress(totalItems: 1))
                _ = waitUntil(timeout: 20) { gate.isOpen }
                return TrashBatch.moveToTrash([], trash: trash, cancellation: cancellation, report: report)
            }, done: { _ in })
        #expect(Self.pump(browser) { browser.fileList.navigationItem.title == "Moving 0 of 1 item to the Trash" })
        #expect(browser.fileList.navigationItem.rightBarButtonItems.map(\.title) == ["Cancel"])
        #expect(browser.reader.notice == "Moving 0 of 1 item to the Trash (Escape cancels)")
        TrashBrowserTests.press(browser, .delete)
        // The selection moves on at once, before the worker gets to the file.
        #expect(browser.selectedName == Array("file10.txt".utf8))
        TrashBrowserTests.press(browser, .escape)
        #expect(browser.fileList.navigationItem.title == "Stopping…")
        gate.open()
        #expect(TrashBrowserTests.settleTrash(browser))
        #expect(setup.read("Notes/file2.txt") == "two\nlines")
        #expect(!setup.exists("data/Trash/info/file2.txt.trashinfo"))
        #expect(browser.reader.notice == "Stopped: nothing was moved to the Trash.")
        #expect(browser.fileList.navigationItem.title == nil && browser.fileList.navigationItem.rightBarButtonItems.isEmpty)
        #expect(browser.trashPart.tasks.isEmpty && !browser.undoStack.canUndo)
    }

    /// Delete pressed again before the first has run takes the next file: the jobs run in
    /// order, each is its own Ctrl+Z.
    @Test func deletePressedAgainAtOnceTrashesTheNextFile() throws {
        let setup = TrashBrowserTests.Setup()
        let browser = setup.browser()
        BrowserTests.show(browser, setup.tree, "Notes", "file2.txt")
        TrashBrowserTests.press(browser, .delete)
        TrashBrowserTests.press(browser, .delete)
        #expect(TrashBrowserTests.settleTrash(browser))
        #expect(setup.exists("data/Trash/files/file2.txt") && setup.exists("data/Trash/files/file10.txt"))
        #expect(browser.reader.notice == "Moved “file10.txt” to the Trash. Ctrl+Z puts it back.")
        TrashBrowserTests.press(browser, .character("z"), .control)
        #expect(setup.exists("Notes/file10.txt") && !setup.exists("Notes/file2.txt"))
        TrashBrowserTests.press(browser, .character("z"), .control)
        #expect(setup.exists("Notes/file2.txt"))
    }

    /// Shift+Delete of several files: one job, one sentence with the count.
    @Test func deletingSeveralFilesForGoodSaysHowMany() throws {
        let setup = TrashBrowserTests.Setup()
        let browser = setup.browser()
        BrowserTests.show(browser, setup.tree, "Notes", "Archive")
        browser.split.focusedColumn = .supplementary
        TrashBrowserTests.press(browser, .down, .shift)
        TrashBrowserTests.press(browser, .down, .shift)
        #expect(browser.selectedPaths.count == 3)
        TrashBrowserTests.press(browser, .delete, .shift)
        #expect(browser.split.prompt?.message == "Delete 3 items permanently? It cannot be undone.")
        TrashBrowserTests.press(browser, .return)
        #expect(TrashBrowserTests.settleTrash(browser))
        #expect(browser.reader.notice == "Deleted 3 items permanently.")
        #expect(!setup.exists("Notes/Archive") && !setup.exists("Notes/file2.txt") && !setup.exists("Notes/file10.txt"))
    }

    /// How many files the figure below trashes: `SPLITVIEW_TRASH_FILES`, unset on a plain
    /// `swift test`.
    static let figureFiles = getenv("SPLITVIEW_TRASH_FILES").flatMap { Int(String(cString: $0)) }

    /// The README's figure for a large Delete: how long the loop's thread is held at the key
    /// and when the result comes, printed (a figure, not a bound: the test checks only that
    /// every file went to the trash). `SPLITVIEW_TRASH_FILES=150000 swift test --filter
    /// aLargeDeleteHoldsTheLoopOnlyAtItsEnds`.
    @Test(.enabled(if: figureFiles != nil, "a figure for the README: SPLITVIEW_TRASH_FILES=150000"))
    func aLargeDeleteHoldsTheLoopOnlyAtItsEnds() throws {
        let count = try #require(Self.figureFiles)
        let setup = TrashBrowserTests.Setup()
        for index in 0..<count { setup.tree.file("Many/f\(index)", "") }
        let browser = setup.browser()
        BrowserTests.show(browser, setup.tree, "Many", "f0")
        browser.split.focusedColumn = .supplementary
        TrashBrowserTests.press(browser, .character("a"), .control)
        var start = monotonicNow()
        TrashBrowserTests.press(browser, .delete)
        let atKey = monotonicNow() - start
        var atResult = 0.0
        #expect(
            waitUntil(timeout: 600) {
                var descriptor = pollfd(fd: browser.store.trashJobs.fileDescriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, 0)
                if descriptor.revents != 0 {
                    start = monotonicNow()
                    browser.store.trashJobs.takeResults()
                    atResult = max(atResult, monotonicNow() - start)
                }
                return !browser.store.trashJobs.isRunning
            })
        #expect(ClipboardTests.names(setup.tree.root + "/data/Trash/files").count == count)
        print("figures: Delete of \(count) files held the loop \(atKey) s at the key, at most \(atResult) s at a result")
    }
}
