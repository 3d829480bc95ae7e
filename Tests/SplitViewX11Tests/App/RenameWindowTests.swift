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
    }
}
