import CX11
import Foundation
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// Faults from outside, on the real program: the X server killed in the middle of a drag or an
/// animation, and a state folder that cannot take the state (a file in its place, full,
/// read-only). Each ends in one line, and nothing the user had is lost.
extension X11Tests {
    @Suite struct FaultTests {
        typealias Place = AppProductTests.Place

        /// Starts `splitview arguments` on a server of its own, runs `body` (with real input)
        /// while it runs, then kills the server: the program says so in one line, exits 1, and
        /// the state it saved names the file it showed.
        static func killServer(
            _ place: Place, _ arguments: [String], during body: (X11Connection, Window, FakeInput) throws -> Void
        ) throws {
            let server = try XvfbServer()
            defer { server.stop() }
            var env = place.environment
            env["DISPLAY"] = server.display
            var app: ChildProcess?
            do {
                let connection = try X11Connection(name: server.display)
                let input = try #require(FakeInput(connection), "libXtst.so.6 is missing (Debian: libxtst6)")
                app = try ChildProcess(ChildProcess.splitview, [place.root + "/Notes/alpha.txt"] + arguments, environment: env)
                let window = try #require(waitForTopLevel(connection))
                #expect(waitForTitle(connection, window) { $0 == "alpha.txt — Notes — SplitView" })
                try body(connection, window, input)
            }
            server.crash()
            let child = try #require(app)
            #expect(child.finish(timeoutSeconds: 10) == 1)
            #expect(child.errors == "splitview: lost the connection to the X server\n")
            let saved = try String(contentsOfFile: place.statePath, encoding: .utf8)
            #expect(saved.contains("\"selectedFile\" : \"alpha.txt\""))
        }

        @Test func theServerKilledMidDragIsOneLineAndTheStateIsSaved() throws {
            try Self.killServer(Place(), ["--reduce-motion"]) { connection, window, input in
                let tree = WindowTree(connection, window)
                let divider = try #require(tree.child(named: "divider-primary", of: window))
                let grab = tree.frame(divider)
                input.move(x: grab.x + grab.width / 2, y: 300)
                input.button(true)
                for step in 1...5 { input.move(x: grab.x + grab.width / 2 + step * 10, y: 300) }
                // The button stays down: the server dies under the drag.
            }
        }

        @Test func theServerKilledMidAnimationIsOneLineAndTheStateIsSaved() throws {
            try Self.killServer(Place(), []) { connection, window, input in
                let tree = WindowTree(connection, window)
                let primary = try #require(tree.child(named: "primary", of: window))
                let before = tree.frame(primary)
                input.key(XK_F9)
                // Moving, not yet gone: the sidebar slides out over 0.3 s.
                #expect(waitUntil { tree.frame(primary) != before })
            }
        }

        /// The state folder cannot be written (`setUp` makes it so): one line on stderr, once,
        /// the program keeps running, and what was there is unchanged (`check`).
        static func unwritableState(_ place: Place, _ setUp: () throws -> Void, unchanged check: () throws -> Void) throws {
            try setUp()
            try place.run([place.root + "/Notes/alpha.txt", "--reduce-motion"]) { app, connection, window in
                #expect(waitForTitle(connection, window) { $0 == "alpha.txt — Notes — SplitView" })
                let tree = WindowTree(connection, window)
                let primary = try #require(tree.child(named: "primary", of: window))
                func sidebar() -> (Bool, PixelRect) { (tree.isViewable(primary), tree.frame(primary)) }
                let shown = sidebar()
                sendKey(connection, window, XK_F9, state: 0)  // a change to save, a second later
                #expect(waitUntil { sidebar() != shown })
                #expect(waitUntil { app.errors.contains("splitview: state not saved") })
                // The program keeps running after the failed save, and still answers: F9 brings
                // the sidebar back (and makes another change to save).
                sendKey(connection, window, XK_F9, state: 0)
                #expect(waitUntil { sidebar() == shown }, "the program answers after the failed save")
                #expect(app.wait(timeoutSeconds: 0) == nil, "the program keeps running")
                sendKey(connection, window, XK_q, state: ControlMask)
                #expect(app.finish(timeoutSeconds: 10) == 0)
                // One line however many times it tried (the change, then the exit); a folder that
                // cannot even be read said so once at the start, too.
                let lines = app.errors.split(separator: "\n")
                #expect(lines.filter { $0.hasPrefix("splitview: state not saved") }.count == 1, "\(app.errors)")
                #expect(
                    lines.allSatisfy {
                        $0.hasPrefix("splitview: state not saved") || $0.hasPrefix("splitview: cannot read state")
                    })
                try check()
            }
        }

        /// A first run that saves a good state in the place, and that state's text.
        static func savedState(_ place: Place) throws -> String {
            try place.run([place.root + "/Notes/beta.txt", "--reduce-motion"]) { app, connection, window in
                #expect(waitForTitle(connection, window) { $0 == "beta.txt — Notes — SplitView" })
                sendKey(connection, window, XK_q, state: ControlMask)
                #expect(app.finish(timeoutSeconds: 10) == 0)
            }
            return try String(contentsOfFile: place.statePath, encoding: .utf8)
        }

        @Test func aStateFolderThatIsAFileIsOneLineAndTheFileStays() throws {
            let place = try Place()
            let folder = place.stateHome + "/splitview"
            try Self.unwritableState(
                place, { try "mine\n".write(toFile: folder, atomically: false, encoding: .utf8) },
                unchanged: { #expect((try? String(contentsOfFile: folder, encoding: .utf8)) == "mine\n") })
        }

        /// A 64 KiB tmpfs as the state folder, a good state saved in it, then `spoil(folder)`
        /// and `unwritableState` with `unchanged(before)`, where `before` is that state's text.
        /// The tests that use it are enabled where ``canMountASmallTmpfs`` holds.
        static func onSmallTmpfs(
            _ place: Place, spoil: (String) throws -> Void, unchanged: (String) throws -> Void
        ) throws {
            let folder = place.stateHome + "/splitview"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try #require(mount("tmpfs", folder, "tmpfs", 0, "size=64k") == 0, "mount: \(String(cString: strerror(errno)))")
            defer { umount2(folder, Int32(MNT_DETACH)) }
            let before = try Self.savedState(place)
            try Self.unwritableState(place, { try spoil(folder) }, unchanged: { try unchanged(before) })
        }

        /// Whether this process may mount a small tmpfs and remount it read-only (root with
        /// CAP_SYS_ADMIN, outside a container that forbids it): tried once on a folder of its own.
        static let canMountASmallTmpfs: Bool = {
            guard let folder = try? makeTemporaryFolder("mount-probe") else { return false }
            defer { rmdir(folder) }
            guard mount("tmpfs", folder, "tmpfs", 0, "size=64k") == 0 else { return false }
            defer { umount2(folder, Int32(MNT_DETACH)) }
            return mount("tmpfs", folder, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), "size=64k") == 0
        }()

        @Test(.enabled(if: canMountASmallTmpfs, "this process may not mount a tmpfs (not root, or a container forbids it)"))
        func aFullStateFolderIsOneLineAndTheOldStateIsIntact() throws {
            let place = try Place()
            try Self.onSmallTmpfs(
                place,
                spoil: { folder in
                    // Fill it: a file as large as the room left.
                    let filler = folder + "/filler"
                    _ = FileManager.default.createFile(atPath: filler, contents: nil)
                    let handle = try #require(FileHandle(forWritingAtPath: filler))
                    let chunk = Data(repeating: 0x78, count: 4096)
                    while (try? handle.write(contentsOf: chunk)) != nil {}
                    try? handle.close()
                },
                unchanged: { before in
                    #expect((try? String(contentsOfFile: place.statePath, encoding: .utf8)) == before)
                    let names = try FileManager.default.contentsOfDirectory(atPath: place.stateHome + "/splitview").sorted()
                    #expect(names == ["filler", "state.json"], "no temporary file is left behind")
                })
        }

        @Test(.enabled(if: canMountASmallTmpfs, "this process may not mount a tmpfs (not root, or a container forbids it)"))
        func aReadOnlyStateFolderIsOneLineAndTheOldStateIsIntact() throws {
            let place = try Place()
            try Self.onSmallTmpfs(
                place,
                spoil: { folder in
                    let remounted = mount("tmpfs", folder, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), "size=64k")
                    try #require(remounted == 0, "remount read-only: \(String(cString: strerror(errno)))")
                },
                unchanged: { before in
                    #expect((try? String(contentsOfFile: place.statePath, encoding: .utf8)) == before)
                })
        }
    }
}
