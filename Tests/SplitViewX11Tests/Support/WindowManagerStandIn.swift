import CX11
import SplitView
import TestSupport

@testable import SplitViewX11

/// A window manager's habit, played on a connection of its own: like openbox, it grabs
/// every button on a top-level synchronously and, on each press, focuses that top-level
/// before letting the press through (`ReplayPointer`) — even a press into a program that
/// has the keyboard already. No window manager needs to be installed for the tests.
final class RefocusingWindowManager {
    let connection: X11Connection
    let topLevel: Window

    init(display: String, topLevel: Window) throws {
        connection = try X11Connection(name: display)
        self.topLevel = topLevel
        XGrabButton(
            connection.display, UInt32(AnyButton), UInt32(AnyModifier), topLevel, 0, UInt32(ButtonPressMask),
            GrabModeSync, GrabModeAsync, UInt(None), UInt(None))
        connection.sync()
    }

    /// Waits for the press its grab caught, focuses the top-level as of that press, and lets
    /// the press go on to the window under the pointer; false when no press came.
    @discardableResult
    func answerPress() -> Bool {
        var event = XEvent()
        guard waitUntil({ XCheckTypedEvent(connection.display, ButtonPress, &event) != 0 }) else { return false }
        XSetInputFocus(connection.display, topLevel, Int32(RevertToPointerRoot), event.xbutton.time)
        XAllowEvents(connection.display, ReplayPointer, event.xbutton.time)
        connection.sync()
        return true
    }
}
