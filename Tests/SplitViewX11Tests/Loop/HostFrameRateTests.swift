import CX11
import Glibc
import SplitView
import Testing

@testable import SplitViewX11

extension X11Tests {
    /// `Host.processPendingEvents()`: a running transition advances at the display's rate
    /// (`Host.frameRate`), whatever else arrives meanwhile.
    @Suite struct HostFrameRateTests {
        /// Events keep arriving through a transition (here a harmless one every turn, as the
        /// server's exposures and configure notices do): the frames drawn are at most one per
        /// 1/60 s of the time the transition took. (A tick before each batch once drew a frame
        /// for every batch: as many frames as the server had answers.)
        @Test func eventsDuringATransitionDrawNoExtraFrames() throws {
            try withWindow { h in
                h.controller.animatesTransitions = true
                let began = Host.now()
                h.key(XK_F9)
                var layouts = 0, turns = 0
                var last = h.controller.layout.columns
                let deadline = began + 10
                repeat {
                    h.send(MotionNotify, to: h.window.window, x: 700, y: 880)  // the pointer, over the reader
                    h.connection.sync()
                    h.host.processPendingEvents()
                    turns += 1
                    if h.controller.layout.columns != last {
                        layouts += 1
                        last = h.controller.layout.columns
                    }
                } while h.controller.isAnimating && Host.now() < deadline
                let took = Host.now() - began
                #expect(!h.controller.isAnimating)
                #expect(layouts >= 3, "the transition animated")
                #expect(turns > layouts * 2, "events came between the frames")
                #expect(Double(layouts) <= took * Host.frameRate + 2, "\(layouts) frames in \(took) s")
            }
        }
    }
}
