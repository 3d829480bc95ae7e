import CX11
import Foundation
import Glibc
import SplitView
import TestSupport
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
            arguments more: [String] = [], _ body: (X11Connection, Window, ChildProcess) throws -> Void
        ) throws -> String {
            let arguments = [place.root, "--geometry", "1100x700", "--reduce-motion"] + more
            try place.run(arguments, as: user, extra: environment) { app, connection, window in
                let rootName = URL(fileURLWithPath: place.root).lastPathComponent
                #expect(waitForTitle(connection, window) { $0 == "\(rootName) — SplitView" })
                sendKey(connection, window, XK_Down, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "Notes — SplitView" })
                // The folder is read on the worker: "a" needs its rows.
                #expect(waitUntil { ProgramState.watches(app.pid, place.root + "/Notes") }, "Notes's listing came")
                sendKey(connection, window, XK_F6, state: 0)
                sendKey(connection, window, XK_a, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "alpha.txt — Notes — SplitView" })
                try body(connection, window, app)
                sendKey(connection, window, XK_q, state: ControlMask)
                #expect(app.finish(timeoutSeconds: 10) == 0)
                #expect(app.errors == "")
            }
            return (try? String(contentsOfFile: place.statePath, encoding: .utf8)) ?? ""
        }

        @Test func theShownFolderDeletedSelectsTheEnclosingFolder() throws {
            let place = try Place()
            let rootName = URL(fileURLWithPath: place.root).lastPathComponent
            let saved = try Self.showAlpha(place) { connection, window, _ in
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
            let saved = try Self.showAlpha(place) { connection, window, _ in
                #expect(rename(place.root + "/Notes", place.root + "/Letters") == 0)
                #expect(waitForTitle(connection, window) { $0 == "alpha.txt — Letters — SplitView" })
            }
            #expect(saved.contains("\"selectedFolder\" : \"Letters\"") && saved.contains("\"selectedFile\" : \"alpha.txt\""))
        }

        /// Made unreadable, the list says why and the reader says the file cannot be shown;
        /// readable again, the window is exactly as it was. Root reads anything, so as root
        /// the program runs as `nobody`.
        @Test(.enabled(if: Self.nobodyCanRunTheProgram, "as root, and the user nobody cannot run splitview here"))
        func theShownFolderMadeUnreadableSaysWhyAndComesBackAsItWas() throws {
            let place = try Place()
            var user: [String] = []
            var environment: [String: String] = [:]
            if OtherUser.isRoot {
                user = OtherUser.setpriv
                // The state, config and cache folders are the test's, open to that user.
                chmod(place.stateHome, 0o777)
                for name in ["config", "cache"] { environment["XDG_\(name.uppercased())_HOME"] = place.stateHome + "/" + name }
                environment["HOME"] = place.stateHome
            }
            try Self.showAlpha(place, as: user, extra: environment) { connection, window, app in
                // The first frame with alpha.txt, drawn whole.
                let list = try #require(settledPixels(connection, window, "supplementary", program: app.pid))
                let reader = try #require(settledPixels(connection, window, "secondary", program: app.pid))
                #expect(chmod(place.root + "/Notes", 0) == 0)
                #expect(waitUntil { columnPixels(connection, window, "supplementary") != list })
                #expect(waitUntil { columnPixels(connection, window, "secondary") != reader })
                #expect(windowTitle(connection, window) == "alpha.txt — Notes — SplitView")
                #expect(chmod(place.root + "/Notes", 0o755) == 0)
                #expect(waitUntil { columnPixels(connection, window, "supplementary") == list })
                #expect(waitUntil { columnPixels(connection, window, "secondary") == reader })
            }
        }

        /// The shown file grows and is cut back hundreds of times while the program reads it;
        /// when it stops, the reader shows exactly its last bytes: the same pixels as a file
        /// with those bytes that never changed.
        @Test func aFileGrowingAndCutWhileShownEndsShowingItsLastBytes() throws {
            let place = try Place()
            let last = (1...40).map { "line \($0) of the last version" }.joined(separator: "\n")
            try place.write("Notes/beta.txt", last)
            try Self.showAlpha(place) { connection, window, app in
                sendKey(connection, window, XK_Down, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "beta.txt — Notes — SplitView" })
                let expected = try #require(settledPixels(connection, window, "secondary", program: app.pid))
                sendKey(connection, window, XK_Up, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "alpha.txt — Notes — SplitView" })
                #expect(waitUntil { columnPixels(connection, window, "secondary") != expected })
                let path = place.root + "/Notes/alpha.txt"
                let descriptor = open(path, O_WRONLY | O_APPEND)
                #expect(descriptor >= 0)
                for round in 0..<600 {
                    let line = Array("growing line \(round)\n".utf8)
                    _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                    if round % 40 == 39 { _ = ftruncate(descriptor, 0) }
                    usleep(1_000)  // not a wait: paces the writes, so that the program reads between them
                }
                _ = ftruncate(descriptor, 0)
                _ = Array(last.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
                #expect(waitUntil { columnPixels(connection, window, "secondary") == expected })
                #expect(windowTitle(connection, window) == "alpha.txt — Notes — SplitView")
            }
        }

        /// The folder the last session showed deleted before the next start: that start opens
        /// its enclosing folder, says nothing, and saves that.
        @Test func aSavedFolderDeletedBeforeTheNextStartOpensItsEnclosingFolder() throws {
            let place = try Place()
            let rootName = URL(fileURLWithPath: place.root).lastPathComponent
            let first = try Self.showAlpha(place) { _, _, _ in }
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

        /// Not root, or root and the user nobody can run the built program (setpriv is there,
        /// and every folder above the program is open to that user).
        static let nobodyCanRunTheProgram =
            !OtherUser.isRoot || Self.runs(OtherUser.setpriv + ["/usr/bin/test", "-x", ChildProcess.splitview])

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
