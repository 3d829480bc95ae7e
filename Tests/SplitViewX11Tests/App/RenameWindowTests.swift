import CX11
import Foundation
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// Renaming in the real program: F2 opens the field on the selected file's stem, the name
/// typed replaces it, Return renames the file on disk and the window's title follows it; then
/// Ctrl+Shift+N makes "New Folder" on disk.
extension X11Tests {
    @Suite struct RenameWindowTests {
        typealias Place = AppProductTests.Place

        @Test func f2TypingAndReturnRenameTheFileOnDisk() throws {
            let place = try Place()
            let notes = place.root + "/Notes"
            // The desktop's %f: the file's folder, the file selected.
            let arguments = [notes + "/alpha.txt", "--geometry", "1100x700", "--reduce-motion", "--no-restore"]
            try place.run(arguments) { app, connection, window in
                #expect(waitForTitle(connection, window) { $0 == "alpha.txt — Notes — SplitView" })
                sendKey(connection, window, XK_F2, state: 0)
                // "alpha" is chosen: what is typed replaces it, ".txt" stays.
                for keysym in [XK_g, XK_a, XK_m, XK_m, XK_a] { sendKey(connection, window, keysym, state: 0) }
                sendKey(connection, window, XK_Return, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "gamma.txt — Notes — SplitView" })
                #expect(FileManager.default.fileExists(atPath: notes + "/gamma.txt"))
                #expect(!FileManager.default.fileExists(atPath: notes + "/alpha.txt"))
                #expect((try? String(contentsOfFile: notes + "/gamma.txt", encoding: .utf8)) == "first note")
                sendKey(connection, window, XK_n, state: ControlMask | ShiftMask)
                #expect(waitForTitle(connection, window) { $0 == "New Folder — Notes — SplitView" })
                var isFolder: ObjCBool = false
                #expect(
                    FileManager.default.fileExists(atPath: notes + "/New Folder", isDirectory: &isFolder) && isFolder.boolValue)
                sendKey(connection, window, XK_Escape, state: 0)
                sendKey(connection, window, XK_q, state: ControlMask)
                #expect(app.finish(timeoutSeconds: 10) == 0)
                #expect(app.errors == "")
            }
        }

        /// Puts `keysym` on a keycode the keyboard leaves empty (Xvfb's has many), as a user's
        /// layout puts Multi_key on a key; the keycode, for XTEST.
        static func mapSpareKey(_ keysym: Int32, on connection: X11Connection, avoiding taken: Set<UInt32> = []) -> UInt32? {
            var low: Int32 = 0, high: Int32 = 0
            XDisplayKeycodes(connection.display, &low, &high)
            var perCode: Int32 = 0
            guard let map = XGetKeyboardMapping(connection.display, KeyCode(low), high - low + 1, &perCode) else { return nil }
            defer { XFree(map) }
            for code in stride(from: high, through: low, by: -1) where !taken.contains(UInt32(code)) {
                let first = Int((code - low) * perCode)
                guard (0..<Int(perCode)).allSatisfy({ map[first + $0] == 0 }) else { continue }
                var symbols = [KeySym](repeating: KeySym(keysym), count: 1)
                XChangeKeyboardMapping(connection.display, code, 1, &symbols, 1)
                connection.sync()
                return UInt32(code)
            }
            return nil
        }

        /// A French user renames a file to "café" with a Compose sequence (Multi_key ' e) and
        /// then a dead key (dead_grave then e → è), the locale's Compose table read by the X
        /// input method, as st and xterm take it. Before, the window read keysyms alone: the
        /// sequence typed "'e".
        @Test(.enabled(if: FakeInput.isAvailable, "libXtst.so.6 is missing (Debian: libxtst6)"))
        func composeAndDeadKeysTypeAccentedLetters() throws {
            let place = try Place()
            let notes = place.root + "/Notes"
            let arguments = [notes + "/alpha.txt", "--geometry", "1100x700", "--reduce-motion", "--no-restore"]
            try XvfbServer.with { display in
                let connection = try X11Connection(name: display)
                // The keys the layout would have, mapped before the program reads the keyboard.
                let multi = try #require(Self.mapSpareKey(XK_Multi_key, on: connection))
                let grave = try #require(Self.mapSpareKey(XK_dead_grave, on: connection, avoiding: [multi]))
                var environment = place.environment
                environment["DISPLAY"] = display
                environment["LANG"] = "C.UTF-8"
                environment["LC_ALL"] = "C.UTF-8"
                environment["XMODIFIERS"] = "@im=none"
                let app = try ChildProcess(ChildProcess.splitview, arguments, environment: environment)
                let window = try #require(waitForTopLevel(connection))
                #expect(waitForTitle(connection, window) { $0 == "alpha.txt — Notes — SplitView" })
                let input = try #require(FakeInput(connection))
                XSetInputFocus(connection.display, window, RevertToParent, UInt(CurrentTime))
                connection.sync()
                sendKey(connection, window, XK_F2, state: 0)
                // "alpha" is chosen: "caf", then ' e through Compose, then ` e through the dead key.
                input.type("caf")
                func press(_ code: UInt32) {
                    input.rawKey(code, true)
                    input.rawKey(code, false)
                }
                press(multi)
                input.type("'e")
                press(grave)
                input.type("e")
                input.key(XK_Return)
                #expect(
                    waitForTitle(connection, window) { $0 == "café\u{E8}.txt — Notes — SplitView" },
                    "\(windowTitle(connection, window) ?? "")")
                #expect(FileManager.default.fileExists(atPath: notes + "/café\u{E8}.txt"))
                sendKey(connection, window, XK_q, state: ControlMask)
                #expect(app.finish(timeoutSeconds: 10) == 0)
                #expect(app.errors == "")
            }
        }
    }
}
