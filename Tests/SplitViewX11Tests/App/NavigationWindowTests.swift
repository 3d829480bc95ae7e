import CX11
import Foundation
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// The real `splitview` leaving the folder it started in: up, back and forward (keys and the
/// mouse's thumb buttons), the location bar, and all of it saved and restored.
extension X11Tests {
    @Suite struct NavigationWindowTests {
        /// `tree/start/Notes/a.txt`, `tree/other/{Music,Movies}`, `tree/other/readme.txt`, a
        /// home folder, and a state folder; removed at the end.
        final class Place {
            let root: String
            let stateHome: String
            init() throws {
                root = try makeTemporaryFolder("nav")
                stateHome = try makeTemporaryFolder("nav-state")
                for folder in ["start/Notes", "other/Music", "other/Movies", "home"] {
                    try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
                }
                try "a".write(toFile: root + "/start/Notes/a.txt", atomically: false, encoding: .utf8)
                try "r".write(toFile: root + "/other/readme.txt", atomically: false, encoding: .utf8)
            }
            deinit {
                try? FileManager.default.removeItem(atPath: root)
                try? FileManager.default.removeItem(atPath: stateHome)
            }
            var name: String { URL(fileURLWithPath: root).lastPathComponent }

            /// Runs `splitview arguments` on `display` with this place's state and home.
            func start(_ arguments: [String], on display: String) throws -> ChildProcess {
                try ChildProcess(
                    ChildProcess.splitview, arguments + ["--geometry", "1100x700", "--reduce-motion"],
                    environment: ["DISPLAY": display, "XDG_STATE_HOME": stateHome, "HOME": root + "/home"])
            }

            /// The saved state's first window, as JSON.
            func savedWindow() throws -> [String: Any] {
                let data = try Data(contentsOf: URL(fileURLWithPath: stateHome + "/splitview/state.json"))
                let state = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                return try #require((state["windows"] as? [[String: Any]])?.first)
            }
        }

        @Test func upGoesAboveTheStartAndBackAndForwardReturnAndTheNextStartRestoresIt() throws {
            let place = try Place()
            try XvfbServer.with { display in
                let connection = try X11Connection(name: display)
                let app = try place.start([place.root + "/start"], on: display)
                let window = try #require(waitForTopLevel(connection))
                #expect(waitForTitle(connection, window) { $0 == "start — SplitView" })
                sendKey(connection, window, XK_Up, state: Mod1Mask)
                // The parent, the folder left selected in it.
                #expect(waitForTitle(connection, window) { $0 == "start — \(place.name) — SplitView" })
                sendKey(connection, window, XK_Left, state: Mod1Mask)
                #expect(waitForTitle(connection, window) { $0 == "start — SplitView" })
                sendKey(connection, window, XK_Right, state: Mod1Mask)
                #expect(waitForTitle(connection, window) { $0 == "start — \(place.name) — SplitView" })
                // The mouse's thumb buttons: 8 back, 9 forward.
                if let input = FakeInput(connection) {
                    var attributes = XWindowAttributes()
                    XGetWindowAttributes(connection.display, window, &attributes)
                    input.move(x: Int(attributes.x) + 500, y: Int(attributes.y) + 300)
                    input.button(true, 8)
                    input.button(false, 8)
                    #expect(waitForTitle(connection, window) { $0 == "start — SplitView" })
                    input.button(true, 9)
                    input.button(false, 9)
                    #expect(waitForTitle(connection, window) { $0 == "start — \(place.name) — SplitView" })
                } else {
                    print("NavigationWindowTests: libXtst is not installed; the mouse's buttons 8 and 9 are not tried")
                }
                sendKey(connection, window, XK_q, state: ControlMask)
                #expect(app.finish(timeoutSeconds: 10) == 0)
                let saved = try place.savedWindow()
                #expect(saved["root"] as? String == place.root)
                #expect(saved["back"] as? [String] == [place.root + "/start"])
            }
            // Started again without a path: the window as it was, its history too.
            try XvfbServer.with { display in
                let connection = try X11Connection(name: display)
                let app = try place.start([], on: display)
                let window = try #require(waitForTopLevel(connection))
                #expect(waitForTitle(connection, window) { $0 == "start — \(place.name) — SplitView" })
                sendKey(connection, window, XK_Left, state: Mod1Mask)
                #expect(waitForTitle(connection, window) { $0 == "start — SplitView" })
                sendKey(connection, window, XK_q, state: ControlMask)
                #expect(app.finish(timeoutSeconds: 10) == 0)
            }
        }

        @Test func theLocationBarCompletesGoesToAFileAndRefusesABadPath() throws {
            let place = try Place()
            try XvfbServer.with { display in
                let connection = try X11Connection(name: display)
                let app = try place.start([place.root + "/start"], on: display)
                let window = try #require(waitForTopLevel(connection))
                #expect(waitForTitle(connection, window) { $0 == "start — SplitView" })
                // The path typed over the selected one; Tab completes "Mu" to "Music/".
                sendKey(connection, window, XK_l, state: ControlMask)
                sendText(connection, window, place.root + "/other/Mu")
                sendKey(connection, window, XK_Tab, state: 0)
                sendKey(connection, window, XK_Return, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "Music — SplitView" })
                // A path that is not there goes nowhere, and the bar stays open with the text.
                sendKey(connection, window, XK_l, state: ControlMask)
                sendText(connection, window, place.root + "/nope")
                sendKey(connection, window, XK_Return, state: 0)
                // Ctrl+A then a file's path: its folder, the file selected.
                sendKey(connection, window, XK_a, state: ControlMask)
                sendText(connection, window, place.root + "/other/readme.txt")
                sendKey(connection, window, XK_Return, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "readme.txt — other — SplitView" })
                // `~` is the home folder.
                sendKey(connection, window, XK_l, state: ControlMask)
                sendText(connection, window, "~")
                sendKey(connection, window, XK_Return, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "home — SplitView" })
                sendKey(connection, window, XK_q, state: ControlMask)
                #expect(app.finish(timeoutSeconds: 10) == 0)
            }
        }
    }
}

/// Types `text` (printable ASCII) into `window` by sent key events, with Shift where the
/// character is on the key's second level.
func sendText(_ connection: X11Connection, _ window: Window, _ text: String) {
    for scalar in text.unicodeScalars {
        let keysym = KeySym(scalar.value)
        let code = XKeysymToKeycode(connection.display, keysym)
        let shifted = XkbKeycodeToKeysym(connection.display, code, 0, 0) != keysym
        sendKey(connection, window, Int32(keysym), state: shifted ? ShiftMask : 0)
    }
}
