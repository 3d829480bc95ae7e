import CX11
import SplitView
import Testing

@testable import SplitViewX11

/// `PaneGravity`: a pane keeps its pixels on a resize only when it was shown and its top-left
/// corner stays.
@Suite struct PaneGravityRuleTests {
    static let rect = PixelRect(x: 281, y: 0, width: 320, height: 900)

    @Test func aPaneWhoseCornerStaysKeepsItsPixels() {
        let wider = PixelRect(x: 281, y: 0, width: 323, height: 900)
        #expect(PaneGravity.keepsPixels(from: Self.rect, to: wider, shown: true))
        let shorter = PixelRect(x: 281, y: 0, width: 320, height: 400)
        #expect(PaneGravity.keepsPixels(from: Self.rect, to: shorter, shown: true))
    }

    @Test func aPaneThatMovesOrWasNotShownForgetsThem() {
        let moved = PixelRect(x: 284, y: 0, width: 317, height: 900)
        #expect(!PaneGravity.keepsPixels(from: Self.rect, to: moved, shown: true))
        #expect(!PaneGravity.keepsPixels(from: Self.rect, to: Self.rect, shown: false))
        #expect(!PaneGravity.keepsPixels(from: nil, to: Self.rect, shown: true))
    }
}

extension X11Tests {
    /// The window during a divider drag: the pane left of the divider keeps its pixels and the
    /// frame copies only what changed in it; the pane right of it is copied whole; both
    /// windows then show exactly their drawings.
    @Suite struct PaneGravityWindowTests {
        private func gravity(_ h: WindowHarness, _ child: Window) -> Int32 {
            var attributes = XWindowAttributes()
            XGetWindowAttributes(h.connection.display, child, &attributes)
            return attributes.bit_gravity
        }

        @Test func aDragStepKeepsTheWidenedPanesPixelsAndEveryPaneShowsItsDrawing() throws {
            try withWindow { h in
                try h.pump()
                let list = try #require(h.window.columnWindows[.supplementary])
                let reader = try #require(h.window.columnWindows[.secondary])
                for width in Array(stride(from: 313.0, through: 290, by: -7)) + Array(stride(from: 293.0, through: 380, by: 3)) {
                    h.controller.preferredSupplementaryColumnWidth = width
                    h.host.processPendingEvents()
                    h.connection.sync()
                    _ = h.host.discardAnsweredExposures()
                }
                #expect(gravity(h, list) == NorthWestGravity)
                #expect(gravity(h, reader) == ForgetGravity)
                #expect(XEventsQueued(h.connection.display, QueuedAlready) == 0, "every exposure was answered by the frame")
                for column in [SplitViewController.Column.primary, .supplementary, .secondary] {
                    let child = try #require(h.window.columnWindows[column])
                    let canvas = try #require(h.window.drawing(of: column))
                    let size = canvas.size
                    let shown = try PixelImage(h.connection, child, PixelRect(x: 0, y: 0, width: size.width, height: size.height))
                    #expect(shown.pixels == (try drawing(of: canvas)).pixels, "\(column)")
                }
            }
        }
    }
}
