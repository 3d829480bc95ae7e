import CX11
import Glibc
import SplitView
import Testing

@testable import SplitViewX11

extension X11Tests {
    /// `Host.discardAnsweredExposures()`: the exposures a frame's own moves and resizes bring
    /// back, already covered by the frame's copies, cost the loop no turn; any other event, an
    /// exposure newer than the last copy, or an animation running makes the turn run.
    @Suite struct AnsweredExposureTests {
        /// Moves the list's divider 30 px (from 320, its automatic width) and draws the frame,
        /// as a drag step does; on return the server's answers to the frame (its exposures) are
        /// queued, unread.
        private func stepTheDivider(_ h: WindowHarness) {
            h.controller.preferredSupplementaryColumnWidth = 350
            h.host.processPendingEvents()
            h.connection.sync()
        }

        private func queued(_ h: WindowHarness) -> Int32 { XEventsQueued(h.connection.display, QueuedAlready) }

        @Test func aFramesOwnExposuresAreTakenWithoutATurnOrARequest() throws {
            try withWindow { h in
                try h.pump()
                stepTheDivider(h)
                #expect(queued(h) >= 2, "a resized pane and the strip between them are exposed")
                let next = XNextRequest(h.connection.display)
                #expect(h.host.discardAnsweredExposures())
                #expect(queued(h) == 0)
                #expect(XNextRequest(h.connection.display) == next, "nothing is drawn again")
            }
        }

        @Test func anExposureNewerThanTheLastCopyRunsTheTurn() throws {
            try withWindow { h in
                try h.pump()
                let pane = try #require(h.window.columnWindows[.secondary])
                XClearArea(h.connection.display, pane, 0, 0, 200, 60, 1)  // background None: Expose only
                h.connection.sync()
                #expect(queued(h) == 1)
                #expect(!h.host.discardAnsweredExposures())
                #expect(queued(h) == 1, "left for the turn, which copies the pane again")
                let next = XNextRequest(h.connection.display)
                h.host.processPendingEvents()
                #expect(XNextRequest(h.connection.display) != next)
            }
        }

        @Test func anyOtherEventAfterTheExposuresRunsTheTurn() throws {
            try withWindow { h in
                try h.pump()
                stepTheDivider(h)
                let exposures = queued(h)
                h.sendDelete(to: h.window.window)  // a client message, queued after them
                h.connection.sync()
                #expect(!h.host.discardAnsweredExposures())
                #expect(queued(h) == 1, "the answered exposures before it are taken, it is left")
                #expect(exposures >= 2)
            }
        }

        @Test func whileATransitionRunsEveryTurnRuns() throws {
            try withWindow { h in
                try h.pump()
                h.controller.animatesTransitions = true
                h.key(XK_F9)
                h.connection.sync()
                h.host.processPendingEvents()  // the key: the sidebar starts to slide out
                h.connection.sync()
                #expect(h.controller.isAnimating)
                #expect(!h.host.discardAnsweredExposures())
            }
        }
    }
}
