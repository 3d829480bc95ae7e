import CX11
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// The real program finding: Ctrl+F in the files list keeps the rows that hold what is typed
/// (the arrows then go through those alone), Escape shows them all; Ctrl+F in the reader
/// highlights a match far down the file and scrolls to it, Escape takes the highlight away.
extension X11Tests {
    @Suite struct FindWindowTests {
        typealias Place = AppProductTests.Place

        @Test func aFilteredListIsWalkedThroughTheRowsItKeeps() throws {
            let place = try Place()
            try place.write("Notes/cobalt.txt", "c")
            try place.write("Notes/delta.txt", "d")
            try ShownFilesTests.showAlpha(place) { connection, window, _ in
                sendKey(connection, window, XK_f, state: ControlMask)
                sendKey(connection, window, XK_l, state: 0)
                sendKey(connection, window, XK_t, state: 0)
                // "lt": alpha and beta are left out; the first row kept is selected.
                #expect(waitForTitle(connection, window) { $0 == "cobalt.txt — Notes — SplitView" })
                // Up stays on the first row kept; Down goes to the next one kept.
                sendKey(connection, window, XK_Up, state: 0)
                sendKey(connection, window, XK_Down, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "delta.txt — Notes — SplitView" })
                // Escape shows every row: Up now reaches cobalt, then beta.
                sendKey(connection, window, XK_Escape, state: 0)
                sendKey(connection, window, XK_Up, state: 0)
                sendKey(connection, window, XK_Up, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "beta.txt — Notes — SplitView" })
            }
        }

        @Test func theReaderHighlightsAMatchFarDownAndScrollsToIt() throws {
            let place = try Place()
            let lines = (0..<400).map { $0 == 300 ? "here is the Needle at last" : "line \($0)" }
            try place.write("Notes/alpha.txt", lines.joined(separator: "\n"))
            try ShownFilesTests.showAlpha(place) { connection, window, app in
                let current: UInt32 = 0xf5a623  // Theme.light.currentFindMatch
                sendKey(connection, window, XK_F6, state: 0)
                let before = try #require(settledPixels(connection, window, "secondary", program: app.pid))
                #expect(!before.contains { $0 & 0xFF_FFFF == current })
                sendKey(connection, window, XK_f, state: ControlMask)
                for key in [XK_n, XK_e, XK_e, XK_d, XK_l, XK_e] { sendKey(connection, window, key, state: 0) }
                #expect(
                    waitUntil { columnPixels(connection, window, "secondary").contains { $0 & 0xFF_FFFF == current } },
                    "line 300's match shows, highlighted")
                sendKey(connection, window, XK_Escape, state: 0)
                #expect(waitUntil { !columnPixels(connection, window, "secondary").contains { $0 & 0xFF_FFFF == current } })
            }
        }
    }
}
