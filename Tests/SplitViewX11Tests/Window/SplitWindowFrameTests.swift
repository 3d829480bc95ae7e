import CX11
import Glibc
import SplitView
import Testing

@testable import SplitViewX11

extension X11Tests {
    /// `SplitWindow.redraw(presenting:)`: each frame of a transition is whole in the requests of
    /// its own turn, so the server shows it in one burst of drawing.
    @Suite struct SplitWindowFrameTests {
        /// The sidebar slides in from the left edge: each frame brings a strip of it into view.
        /// Before the frame's `Expose` is read (it comes back from the server a moment later),
        /// the part on screen already shows the pane's drawing: the move and the copy went in
        /// one batch. (Answered from the `Expose` instead, the strip showed what was under it.)
        @Test func aPaneSlidingInIsWholeOnScreenBeforeItsExposeIsRead() throws {
            try withWindow { h in
                h.key(XK_F9)  // hide the sidebar, at once (the harness animates nothing)
                try h.pump { !h.viewableColumns.contains(.primary) }
                h.controller.animatesTransitions = true
                h.key(XK_F9)
                var framesPartlyOffScreen = 0
                let deadline = Host.now() + 10
                repeat {
                    h.connection.sync()
                    h.host.processPendingEvents()
                    h.connection.sync()  // the frame's requests done; its Expose waits unread
                    guard let child = h.window.columnWindows[.primary], h.isViewable(child),
                        let canvas = h.window.drawing(of: .primary)
                    else { continue }
                    let frame = h.geometry(child).rect
                    guard frame.x < 0, frame.x + frame.width > 0, canvas.size.width == frame.width else { continue }
                    let visible = PixelRect(x: -frame.x, y: 0, width: frame.x + frame.width, height: frame.height)
                    let onScreen = try PixelImage(h.connection, child, visible)
                    let drawn = try PixelImage(h.connection, canvas.pixmap, visible)
                    let differing = zip(onScreen.pixels, drawn.pixels).filter { $0 != $1 }.count
                    #expect(differing == 0, "\(differing) pixels on screen are not the pane's, frame at x \(frame.x)")
                    framesPartlyOffScreen += 1
                } while h.controller.isAnimating && Host.now() < deadline
                #expect(!h.controller.isAnimating)
                #expect(framesPartlyOffScreen >= 2, "the transition showed the sidebar part way in")
            }
        }
    }
}
