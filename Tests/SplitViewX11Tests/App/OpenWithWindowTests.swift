import CX11
import Foundation
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// "Open With" in the real program: a right click on a file's row opens a menu of the
/// applications whose desktop entries take its type (here one of the test's own, in its
/// `$XDG_DATA_HOME`); Escape closes it, Shift+F10 opens it again from the keys, and choosing
/// the application starts it without a shell on the file.
extension X11Tests {
    @Suite struct OpenWithWindowTests {
        @Test func aRightClickOnARowListsTheApplicationsAndChoosingOneStartsIt() throws {
            let place = try AppProductTests.Place()
            let data = try makeTemporaryFolder("data")
            defer { try? FileManager.default.removeItem(atPath: data) }
            let copy = place.root + "/copied by cp.txt"
            try FileManager.default.createDirectory(atPath: data + "/applications", withIntermediateDirectories: true)
            try """
            [Desktop Entry]
            Type=Application
            Name=Copier
            Exec=/bin/cp %f "\(copy)"
            MimeType=text/plain;
            """.write(toFile: data + "/applications/copier.desktop", atomically: false, encoding: .utf8)
            try ShownFilesTests.showAlpha(place, extra: ["XDG_DATA_HOME": data]) { connection, window, app in
                let list = try #require(namedChild(connection, window, "supplementary"))
                // The applications are read on the worker, after the first frame; until they
                // come the menu says it is looking. Every thread asleep: they came.
                #expect(settledPixels(connection, window, "supplementary", program: app.pid) != nil)
                #expect(childFrame(connection, window, "menu") == nil)
                // alpha.txt is the first row: below the 38-point bar, in a 46-point row.
                sendButton(connection, list, x: 80, y: 38 + 23, button: 3)
                #expect(waitUntil { childFrame(connection, window, "menu") != nil }, "the menu opened")
                sendKey(connection, window, XK_Escape, state: 0)
                #expect(waitUntil { childFrame(connection, window, "menu") == nil }, "Escape closed it")
                sendKey(connection, window, XK_F10, state: ShiftMask)
                #expect(waitUntil { childFrame(connection, window, "menu") != nil }, "Shift+F10 opened it")
                // The menu holds Cut, Copy, Paste, Move to Trash, Rename…, then Open With: its
                // letter goes to "Open With Copier".
                sendKey(connection, window, XK_o, state: 0)
                sendKey(connection, window, XK_Return, state: 0)
                #expect(waitUntil { childFrame(connection, window, "menu") == nil })
                #expect(
                    waitUntil { (try? String(contentsOfFile: copy, encoding: .utf8)) == "first note" }, "Copier ran on alpha.txt")
            }
        }
    }
}

/// A press and a release of `button` at (`x`, `y`) in `window`, sent as the server would.
func sendButton(_ connection: X11Connection, _ window: Window, x: Int32, y: Int32, button: UInt32) {
    for type in [ButtonPress, ButtonRelease] {
        var event = XEvent()
        event.xbutton.type = type
        event.xbutton.window = window
        event.xbutton.root = connection.root
        event.xbutton.x = x
        event.xbutton.y = y
        event.xbutton.button = button
        event.xbutton.same_screen = 1
        _ = XSendEvent(connection.display, window, 0, type == ButtonPress ? ButtonPressMask : ButtonReleaseMask, &event)
    }
    connection.flush()
}
