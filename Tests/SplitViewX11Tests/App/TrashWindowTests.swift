import CX11
import Foundation
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// The trash in the real program, its trash redirected by `XDG_DATA_HOME`: Delete moves the
/// selected file into `Trash/files` with its `.trashinfo` as the specification writes it, and
/// Ctrl+Z puts it back.
extension X11Tests {
    @Suite struct TrashWindowTests {
        typealias Place = AppProductTests.Place

        @Test func deleteMovesTheFileToTheTrashAndCtrlZPutsItBack() throws {
            let place = try Place()
            let data = place.stateHome + "/data"
            // Path= escapes all but letters, digits, "-._~/": the temporary folder's path is made of those.
            let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")
            try #require(place.root.allSatisfy { plain.contains($0) }, "a temporary folder of plain characters")
            let trashed = data + "/Trash/files/beta.txt", info = data + "/Trash/info/beta.txt.trashinfo"
            let original = place.root + "/Notes/beta.txt"
            let arguments = [place.root, "--geometry", "1100x700", "--reduce-motion"]
            try place.run(arguments, extra: ["XDG_DATA_HOME": data]) { app, connection, window in
                let rootName = URL(fileURLWithPath: place.root).lastPathComponent
                #expect(waitForTitle(connection, window) { $0 == "\(rootName) — SplitView" })
                // Down to Notes, Return to its files, "b" to beta.txt.
                sendKey(connection, window, XK_Down, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "Notes — SplitView" })
                #expect(waitUntil { ProgramState.watches(app.pid, place.root + "/Notes") }, "Notes's listing came")
                sendKey(connection, window, XK_Return, state: 0)
                sendKey(connection, window, XK_b, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "beta.txt — Notes — SplitView" })
                let before = Date()
                sendKey(connection, window, XK_Delete, state: 0)
                #expect(waitUntil { FileManager.default.fileExists(atPath: trashed) })
                #expect(!FileManager.default.fileExists(atPath: original))
                #expect(try String(contentsOfFile: trashed, encoding: .utf8) == "second note")
                let text = try String(contentsOfFile: info, encoding: .utf8)
                let head = "[Trash Info]\nPath=\(original)\nDeletionDate="
                #expect(text.hasPrefix(head) && text.hasSuffix("\n") && text.utf8.count == head.utf8.count + 20)
                let written = String(text.dropFirst(head.count).prefix(19))
                let formatter = DateFormatter()
                formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
                formatter.timeZone = TimeZone.current
                let date = try #require(formatter.date(from: written), "\(written) is YYYY-MM-DDThh:mm:ss")
                #expect(date >= before.addingTimeInterval(-1) && date <= Date().addingTimeInterval(1))
                // The row above the last one deleted is selected.
                #expect(waitForTitle(connection, window) { $0 == "alpha.txt — Notes — SplitView" })
                sendKey(connection, window, XK_z, state: ControlMask)
                #expect(waitUntil { FileManager.default.fileExists(atPath: original) })
                #expect(try String(contentsOfFile: original, encoding: .utf8) == "second note")
                #expect(!FileManager.default.fileExists(atPath: trashed) && !FileManager.default.fileExists(atPath: info))
                sendKey(connection, window, XK_q, state: ControlMask)
                #expect(app.finish(timeoutSeconds: 10) == 0)
                #expect(app.errors == "")
            }
        }
    }
}
