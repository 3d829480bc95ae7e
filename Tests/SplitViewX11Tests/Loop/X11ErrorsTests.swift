import CX11
import SplitView
import Testing

@testable import SplitViewX11

/// `X11Errors.swift`: which protocol errors are reported, and which are the races of a
/// top-level destroyed by someone else while the host still drew for it.
extension X11Tests {
    @Suite struct X11ErrorsTests {
        /// The requests the host sends a window between its destruction from outside and the
        /// end of its close fail, and are not reported; the same failures afterwards are.
        @Test func aTopLevelDestroyedFromOutsideLeavesNoErrorOfItsRequests() throws {
            try XvfbServer.with { display in
                let host = try Host(display: display, identity: HostLaunchTests.identity) { HostLaunchTests.content() }
                let doomed = host.open(HostLaunchTests.content())
                host.open(HostLaunchTests.content())
                host.processPendingEvents()
                _ = XErrorLog.drain()
                let outside = try X11Connection(name: display)
                XDestroyWindow(outside.display, doomed.window)
                outside.sync()
                // What a frame under way does on the window that is gone: a pane's pixmap made
                // on it, drawn into, and freed.
                let made = XCreatePixmap(host.connection.display, doomed.window, 40, 30, UInt32(host.connection.depth))
                let gc = XCreateGC(host.connection.display, made, 0, nil)
                XFillRectangle(host.connection.display, made, gc, 0, 0, 10, 10)
                XFreeGC(host.connection.display, gc)
                XFreePixmap(host.connection.display, made)
                host.connection.sync()
                host.processPendingEvents()
                #expect(host.windows.count == 1, "the destroyed window closed")
                #expect(XErrorLog.drain().isEmpty)
                // The same mistake on a window that lives is reported.
                XFreePixmap(host.connection.display, 0x7fff_fff0)
                host.connection.sync()
                host.processPendingEvents()
                #expect(XErrorLog.drain().map(\.errorCode) == [UInt8(BadPixmap)])
            }
        }
    }
}
