import CX11
import Foundation
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// The places in the real program: Ctrl+D writes the shown folder to GTK's bookmarks file in
/// GTK's format, and choosing a place with the keys shows its folder; the window's new root
/// is saved.
extension X11Tests {
    @Suite struct PlacesWindowTests {
        typealias Place = AppProductTests.Place

        @Test func ctrlDWritesGTKsBookmarkAndChoosingAPlaceShowsIt() throws {
            let place = try Place()
            try place.write("My Notes/x.txt", "x")
            let home = place.stateHome + "/home"
            let config = place.stateHome + "/config"
            try FileManager.default.createDirectory(atPath: home + "/Documents", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: config + "/gtk-3.0", withIntermediateDirectories: true)
            try "XDG_DOCUMENTS_DIR=\"$HOME/Documents\"\n".write(
                toFile: config + "/user-dirs.dirs", atomically: false, encoding: .utf8)
            let bookmarks = config + "/gtk-3.0/bookmarks"
            // GTK's own lines, one without its newline: kept byte for byte.
            let old = "sftp://host/srv Server\nfile://\(place.root)/Travel Trips"
            try old.write(toFile: bookmarks, atomically: false, encoding: .utf8)
            let rootName = URL(fileURLWithPath: place.root).lastPathComponent
            let arguments = [place.root, "--geometry", "1100x700", "--reduce-motion"]
            // A mount table of its own (empty): a volume's trash that another test fills meanwhile
            // (a `.Trash-0` on /tmp) would add a place above Trips and move it a row down.
            let mounts = place.stateHome + "/mountinfo"
            try "".write(toFile: mounts, atomically: false, encoding: .utf8)
            let environment = ["HOME": home, "XDG_CONFIG_HOME": config, "SPLITVIEW_MOUNTINFO": mounts]
            try place.run(arguments, extra: environment) { app, connection, window in
                #expect(waitForTitle(connection, window) { $0 == "\(rootName) — SplitView" })
                sendKey(connection, window, XK_Down, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "My Notes — SplitView" })
                sendKey(connection, window, XK_d, state: ControlMask)
                let expected = old + "\nfile://\(place.root)/My%20Notes\n"
                #expect(waitUntil { (try? String(contentsOfFile: bookmarks, encoding: .utf8)) == expected })
                // Places, Home, Documents, Trash, Server (the remote bookmark, listed as GTK
                // lists it), Trips: Return on Trips shows Travel as the root.
                sendKey(connection, window, XK_Home, state: 0)
                for _ in 0..<5 { sendKey(connection, window, XK_Down, state: 0) }
                sendKey(connection, window, XK_Return, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "Travel — SplitView" })
                // The outline starts at Travel, read on the worker: its first folder is Japan.
                #expect(waitUntil { ProgramState.watches(app.pid, place.root + "/Travel") }, "Travel's listing came")
                // Down goes to Japan once the outline has Travel's folders (the watch above is the
                // list's; on a busy machine the outline's rows may follow a moment later, and a
                // Down before them leaves Travel chosen): Down again only while Travel stays
                // chosen for two seconds after a Down, so a key still on its way is never doubled.
                var downs = 0
                #expect(
                    waitUntil(timeout: 20) {
                        guard windowTitle(connection, window) == "Travel — SplitView" else { return true }
                        sendKey(connection, window, XK_Down, state: 0)
                        downs += 1
                        return waitForTitle(connection, window, timeout: 2) { $0 != "Travel — SplitView" }
                    })
                #expect(downs >= 1)
                #expect(waitForTitle(connection, window) { $0 == "Japan — SplitView" })
                sendKey(connection, window, XK_q, state: ControlMask)
                #expect(app.finish(timeoutSeconds: 10) == 0)
                #expect(app.errors == "")
            }
            let data = try Data(contentsOf: URL(fileURLWithPath: place.statePath))
            let state = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let window = try #require((state["windows"] as? [[String: Any]])?.first)
            #expect(window["root"] as? String == place.root + "/Travel")
            #expect(window["selectedFolder"] as? String == "Japan")
            #expect(try String(contentsOfFile: bookmarks, encoding: .utf8) == old + "\nfile://\(place.root)/My%20Notes\n")
        }
    }
}
