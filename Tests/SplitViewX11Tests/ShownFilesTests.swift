import CX11
import Foundation
import Glibc
import SplitView
import Testing

@testable import SplitViewX11

/// The real program while the folder and the file it shows change under it: the folder
/// deleted, renamed, made unreadable and readable again; the file growing and cut while it
/// is read. Each time the window says what happened, keeps working, and ends in a clean exit.
extension X11Tests {
    @Suite struct ShownFilesTests {
        typealias Place = AppProductTests.Place

        /// Runs `splitview` on the place's whole tree (as `user`'s command runs it, if any),
        /// selects Notes then alpha.txt with keys, runs `body`, and quits with Ctrl+Q: exit 0,
        /// nothing on stderr. Returns the state file it saved.
        @discardableResult
        static func showAlpha(
            _ place: Place, as user: [String] = [], extra environment: [String: String] = [:],
            _ body: (X11Connection, Window) throws -> Void
        ) throws -> String {
            let arguments = [place.root, "--geometry", "1100x700", "--reduce-motion"]
            try place.run(arguments, as: user, extra: environment) { app, connection, window in
                let rootName = URL(fileURLWithPath: place.root).lastPathComponent
                #expect(waitForTitle(connection, window) { $0 == "\(rootName) — SplitView" })
                sendKey(connection, window, XK_Down, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "Notes — SplitView" })
                usleep(200_000)  // the folder is read on the worker: "a" needs its rows
                sendKey(connection, window, XK_F6, state: 0)
                sendKey(connection, window, XK_a, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "alpha.txt — Notes — SplitView" })
                try body(connection, window)
                sendKey(connection, window, XK_q, state: ControlMask)
                #expect(app.finish(timeoutSeconds: 10) == 0)
                #expect(app.errors == "")
            }
            return (try? String(contentsOfFile: place.statePath, encoding: .utf8)) ?? ""
        }

        /// The pixels of `window`'s child column `name`, below its bar.
        static func pixels(_ connection: X11Connection, _ window: Window, _ name: String) -> [UInt32] {
            let tree = WindowTree(connection, window)
            guard let column = tree.child(named: name, of: window) else { return [] }
            let frame = tree.frame(column)
            let area = PixelRect(x: 0, y: 40, width: frame.width, height: frame.height - 40)
            return (try? PixelImage(connection, column, area))?.pixels ?? []
        }

        @Test func theShownFolderDeletedSelectsTheEnclosingFolder() throws {
            let place = try Place()
            let rootName = URL(fileURLWithPath: place.root).lastPathComponent
            let saved = try Self.showAlpha(place) { connection, window in
                try FileManager.default.removeItem(atPath: place.root + "/Notes")
                #expect(waitForTitle(connection, window) { $0 == "\(rootName) — SplitView" })
                // Still browsing: End in the list selects its last entry.
                sendKey(connection, window, XK_End, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "top.txt — \(rootName) — SplitView" })
            }
            #expect(saved.contains("\"selectedFolder\" : \"\"") && saved.contains("\"selectedFile\" : \"top.txt\""))
        }

        @Test func theShownFolderRenamedIsFollowedWithItsFile() throws {
            let place = try Place()
            let saved = try Self.showAlpha(place) { connection, window in
                #expect(rename(place.root + "/Notes", place.root + "/Letters") == 0)
                #expect(waitForTitle(connection, window) { $0 == "alpha.txt — Letters — SplitView" })
            }
            #expect(saved.contains("\"selectedFolder\" : \"Letters\"") && saved.contains("\"selectedFile\" : \"alpha.txt\""))
        }

        /// Made unreadable, the list says why and the reader says the file cannot be shown;
        /// readable again, the window is exactly as it was. Root reads anything, so as root
        /// the program runs as `nobody` (skipped with a message where that user cannot run it).
        @Test func theShownFolderMadeUnreadableSaysWhyAndComesBackAsItWas() throws {
            let place = try Place()
            var user: [String] = []
            var environment: [String: String] = [:]
            if geteuid() == 0 {
                user = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
                guard Self.runs(user + ["/usr/bin/test", "-x", ChildProcess.splitview]) else {
                    print("➜ skipped: the user nobody cannot run \(ChildProcess.splitview) (or setpriv is missing)")
                    return
                }
                // The state, config and cache folders are the test's, open to that user.
                chmod(place.stateHome, 0o777)
                for name in ["config", "cache"] { environment["XDG_\(name.uppercased())_HOME"] = place.stateHome + "/" + name }
                environment["HOME"] = place.stateHome
            }
            try Self.showAlpha(place, as: user, extra: environment) { connection, window in
                usleep(300_000)  // the reader's first frame
                let list = Self.pixels(connection, window, "supplementary")
                let reader = Self.pixels(connection, window, "secondary")
                #expect(chmod(place.root + "/Notes", 0) == 0)
                #expect(waitFor { Self.pixels(connection, window, "supplementary") != list })
                #expect(waitFor { Self.pixels(connection, window, "secondary") != reader })
                #expect(windowTitle(connection, window) == "alpha.txt — Notes — SplitView")
                #expect(chmod(place.root + "/Notes", 0o755) == 0)
                #expect(waitFor { Self.pixels(connection, window, "supplementary") == list })
                #expect(waitFor { Self.pixels(connection, window, "secondary") == reader })
            }
        }

        /// The shown file grows and is cut back hundreds of times while the program reads it;
        /// when it stops, the reader shows exactly its last bytes: the same pixels as a file
        /// with those bytes that never changed.
        @Test func aFileGrowingAndCutWhileShownEndsShowingItsLastBytes() throws {
            let place = try Place()
            let last = (1...40).map { "line \($0) of the last version" }.joined(separator: "\n")
            try place.write("Notes/beta.txt", last)
            try Self.showAlpha(place) { connection, window in
                sendKey(connection, window, XK_Down, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "beta.txt — Notes — SplitView" })
                usleep(300_000)
                let expected = Self.pixels(connection, window, "secondary")
                sendKey(connection, window, XK_Up, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "alpha.txt — Notes — SplitView" })
                #expect(waitFor { Self.pixels(connection, window, "secondary") != expected })
                let path = place.root + "/Notes/alpha.txt"
                let descriptor = open(path, O_WRONLY | O_APPEND)
                #expect(descriptor >= 0)
                for round in 0..<600 {
                    let line = Array("growing line \(round)\n".utf8)
                    _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                    if round % 40 == 39 { _ = ftruncate(descriptor, 0) }
                    usleep(1_000)
                }
                _ = ftruncate(descriptor, 0)
                _ = Array(last.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
                #expect(waitFor { Self.pixels(connection, window, "secondary") == expected })
                #expect(windowTitle(connection, window) == "alpha.txt — Notes — SplitView")
            }
        }

        /// The folder the last session showed deleted before the next start: that start opens
        /// its enclosing folder, says nothing, and saves that.
        @Test func aSavedFolderDeletedBeforeTheNextStartOpensItsEnclosingFolder() throws {
            let place = try Place()
            let rootName = URL(fileURLWithPath: place.root).lastPathComponent
            let first = try Self.showAlpha(place) { _, _ in }
            #expect(first.contains("\"selectedFolder\" : \"Notes\""))
            try FileManager.default.removeItem(atPath: place.root + "/Notes")
            try place.run([]) { app, connection, window in
                #expect(waitForTitle(connection, window) { $0 == "\(rootName) — SplitView" })
                sendKey(connection, window, XK_q, state: ControlMask)
                #expect(app.finish(timeoutSeconds: 10) == 0)
                #expect(app.errors == "")
            }
            let saved = try String(contentsOfFile: place.statePath, encoding: .utf8)
            #expect(saved.contains("\"selectedFolder\" : \"\""))
        }

        /// Whether `argv` runs and exits 0.
        static func runs(_ argv: [String]) -> Bool {
            var pid: pid_t = 0
            guard spawn(argv[0], argv, pid: &pid, redirect: { _ in }) == 0 else { return false }
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            return status == 0
        }
    }
}
