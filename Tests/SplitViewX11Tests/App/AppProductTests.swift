import CX11
import Foundation
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// The real `splitview` as a person uses it: a folder of their own, keys, quitting and
/// starting again, a broken state file, the desktop entry's `%f`, a file appearing on disk.
extension X11Tests {
    @Suite struct AppProductTests {
        /// A temporary tree and a temporary state folder, removed at the end.
        final class Place {
            let root: String
            let stateHome: String
            init() throws {
                root = try makeTemporaryFolder("tree")
                stateHome = try makeTemporaryFolder("state")
                try write("Notes/alpha.txt", "first note")
                try write("Notes/beta.txt", "second note")
                try write("Travel/Japan/Kyoto.md", "# Kyoto")
                try write("top.txt", "top")
            }
            deinit {
                try? FileManager.default.removeItem(atPath: root)
                try? FileManager.default.removeItem(atPath: stateHome)
            }
            func write(_ path: String, _ text: String) throws {
                let url = URL(fileURLWithPath: root + "/" + path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: false, encoding: .utf8)
            }
            var statePath: String { stateHome + "/splitview/state.json" }

            /// Runs `splitview arguments` on a private server with this place's state folder,
            /// and `body` with the program, a connection of the test's own and its window.
            /// `user` is a command that runs it as someone else (`setpriv …`), `extra` more
            /// of its environment.
            func run(
                _ arguments: [String], as user: [String] = [], extra: [String: String] = [:],
                _ body: (ChildProcess, X11Connection, Window) throws -> Void
            ) throws {
                try XvfbServer.with { display in
                    // Ours first: with -terminate the server must outlive the program's exit.
                    let connection = try X11Connection(name: display)
                    var env = environment.merging(extra) { $1 }
                    env["DISPLAY"] = display
                    let argv = user + [ChildProcess.splitview] + arguments
                    let app = try ChildProcess(argv[0], Array(argv.dropFirst()), environment: env)
                    let window = try #require(waitForTopLevel(connection))
                    try body(app, connection, window)
                }
            }
            var environment: [String: String] { ["XDG_STATE_HOME": stateHome] }
        }

        @Test func keysSelectAFileAndTheNextStartRestoresTheWindow() throws {
            let place = try Place()
            try XvfbServer.with { display in
                let connection = try X11Connection(name: display)
                var env = place.environment
                env["DISPLAY"] = display
                let app = try ChildProcess(
                    ChildProcess.splitview, [place.root, "--geometry", "1100x700", "--reduce-motion"],
                    environment: env)
                let window = try #require(waitForTopLevel(connection))
                let rootName = URL(fileURLWithPath: place.root).lastPathComponent
                #expect(waitForTitle(connection, window) { $0 == "\(rootName) — SplitView" })
                // The outline has the focus: End and Right expand Travel, Up goes to Notes (Home
                // would go to the places above the outline), Return moves to its files, "b"
                // jumps to beta.txt.
                sendKey(connection, window, XK_End, state: 0)
                sendKey(connection, window, XK_Right, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "Travel — SplitView" })
                #expect(waitUntil { ProgramState.watches(app.pid, place.root + "/Travel") }, "Travel's listing came")
                sendKey(connection, window, XK_Up, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "Notes — SplitView" })
                // The folder is read on the worker: "b" needs its rows.
                #expect(waitUntil { ProgramState.watches(app.pid, place.root + "/Notes") }, "Notes's listing came")
                sendKey(connection, window, XK_Return, state: 0)
                sendKey(connection, window, XK_b, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "beta.txt — Notes — SplitView" })
                // F8 focuses the divider nearest the files column; Ctrl+Right moves it 75 pt.
                func widths(_ window: Window) -> [Int?] {
                    [childWidth(connection, window, "primary"), childWidth(connection, window, "supplementary")]
                }
                let before = widths(window)
                sendKey(connection, window, XK_F8, state: 0)
                sendKey(connection, window, XK_Right, state: ControlMask)
                sendKey(connection, window, XK_Return, state: 0)
                #expect(waitUntil { widths(window) != before })
                let dragged = widths(window)
                sendKey(connection, window, XK_q, state: ControlMask)
                #expect(app.finish(timeoutSeconds: 10) == 0)
                #expect(app.errors == "")
                let saved = try String(contentsOfFile: place.statePath, encoding: .utf8)
                #expect(saved.contains("\"selectedFile\" : \"beta.txt\"") && saved.contains("\"width\" : 1100"))
                #expect(saved.contains("\"Travel\""))

                let again = try ChildProcess(ChildProcess.splitview, [], environment: env)
                let restored = try #require(waitForTopLevel(connection))
                #expect(windowSize(connection, restored) == PixelSize(width: 1100, height: 700))
                #expect(waitForTitle(connection, restored) { $0 == "beta.txt — Notes — SplitView" })
                #expect(waitUntil { widths(restored) == dragged })
                sendDeleteWindow(connection, to: restored)
                #expect(again.finish(timeoutSeconds: 10) == 0)
                // Saved again at that exit: the expanded folder came back with the rest.
                let resaved = try String(contentsOfFile: place.statePath, encoding: .utf8)
                #expect(resaved.contains("\"Travel\"") && resaved.contains("\"selectedFile\" : \"beta.txt\""))
            }
        }

        /// `--no-restore` neither reads nor writes the saved session: a run on the sample
        /// library that changes the inspector and quits leaves the state file byte for byte,
        /// and the next plain start comes back to the saved folder and file. Before, that run
        /// replaced the session with the sample library.
        @Test func noRestoreLeavesTheSavedSessionForTheNextStart() throws {
            let place = try Place()
            try XvfbServer.with { display in
                let connection = try X11Connection(name: display)
                var env = place.environment
                env["DISPLAY"] = display
                let first = try ChildProcess(
                    ChildProcess.splitview, [place.root + "/Notes/beta.txt", "--reduce-motion"], environment: env)
                let window = try #require(waitForTopLevel(connection))
                #expect(waitForTitle(connection, window) { $0 == "beta.txt — Notes — SplitView" })
                sendKey(connection, window, XK_q, state: ControlMask)
                #expect(first.finish(timeoutSeconds: 10) == 0)
                let saved = try Data(contentsOf: URL(fileURLWithPath: place.statePath))

                let other = try ChildProcess(ChildProcess.splitview, ["--no-restore", "--reduce-motion"], environment: env)
                let fresh = try #require(waitForTopLevel(connection))
                // Not read: the sample library, not the saved Notes.
                #expect(waitForTitle(connection, fresh) { $0.hasSuffix("— SplitView") && !$0.contains("Notes") })
                sendKey(connection, fresh, XK_i, state: ControlMask | Mod1Mask)
                #expect(waitUntil { childWidth(connection, fresh, "inspector") != nil }, "the inspector showed")
                sendKey(connection, fresh, XK_q, state: ControlMask)
                #expect(other.finish(timeoutSeconds: 10) == 0)
                #expect(other.errors == "")
                // Not written: the very same bytes.
                #expect(try Data(contentsOf: URL(fileURLWithPath: place.statePath)) == saved)

                let again = try ChildProcess(ChildProcess.splitview, [], environment: env)
                let restored = try #require(waitForTopLevel(connection))
                #expect(waitForTitle(connection, restored) { $0 == "beta.txt — Notes — SplitView" })
                sendDeleteWindow(connection, to: restored)
                #expect(again.finish(timeoutSeconds: 10) == 0)
            }
        }

        /// SIGTERM (a logout, `kill`) ends the program cleanly, with the state saved.
        @Test func sigtermSavesTheStateAndExitsZero() throws {
            let place = try Place()
            try place.run([place.root + "/Notes/beta.txt"]) { app, connection, window in
                #expect(waitForTitle(connection, window) { $0 == "beta.txt — Notes — SplitView" })
                kill(app.pid, SIGTERM)
                #expect(app.finish(timeoutSeconds: 10) == 0)
                let saved = try String(contentsOfFile: place.statePath, encoding: .utf8)
                #expect(saved.contains("\"selectedFile\" : \"beta.txt\""))
            }
        }

        /// The X server going away: one line, exit 1, and the state written first (see
        /// `FaultTests.killServer`, which checks all three).
        @Test func theServerGoingAwaySavesTheState() throws {
            try FaultTests.killServer(Place(), []) { _, _, _ in }
        }

        @Test func aCorruptStateFileIsMovedAsideWithOneLine() throws {
            let place = try Place()
            try FileManager.default.createDirectory(atPath: place.stateHome + "/splitview", withIntermediateDirectories: true)
            try "{\"version\": 1, \"windows\": [".write(toFile: place.statePath, atomically: false, encoding: .utf8)
            try place.run([place.root]) { app, connection, window in
                let lines = app.errors.split(separator: "\n")
                #expect(lines.count == 1 && lines.first?.hasPrefix("splitview: ") == true)
                #expect(FileManager.default.fileExists(atPath: place.statePath + ".bad"))
                sendKey(connection, window, XK_Down, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "Notes — SplitView" })
                sendDeleteWindow(connection, to: window)
                #expect(app.finish(timeoutSeconds: 10) == 0)
            }
        }

        /// The desktop entry runs `splitview %f`: a file opens its folder with the file selected.
        @Test func aFilePathOpensItsFolderWithTheFileSelected() throws {
            let place = try Place()
            try place.run([place.root + "/Travel/Japan/Kyoto.md"]) { app, connection, window in
                #expect(waitForTitle(connection, window) { $0 == "Kyoto.md — Japan — SplitView" })
                sendDeleteWindow(connection, to: window)
                #expect(app.finish(timeoutSeconds: 10) == 0)
            }
        }

        @Test func aFileCreatedInTheShownFolderAppears() throws {
            let place = try Place()
            try place.run([place.root + "/Notes/alpha.txt"]) { app, connection, window in
                #expect(waitForTitle(connection, window) { $0 == "alpha.txt — Notes — SplitView" })
                let list = try #require(settledPixels(connection, window, "supplementary", program: app.pid))
                try place.write("Notes/zebra.txt", "new")
                // inotify, then the worker's read: the list draws the new row.
                #expect(waitUntil { columnPixels(connection, window, "supplementary") != list }, "zebra.txt is listed")
                sendKey(connection, window, XK_Tab, state: 0)  // nothing bound: leaves the focus alone
                sendKey(connection, window, XK_F6, state: 0)  // from the outline to the files
                sendKey(connection, window, XK_z, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "zebra.txt — Notes — SplitView" })
                sendDeleteWindow(connection, to: window)
                #expect(app.finish(timeoutSeconds: 10) == 0)
            }
        }
    }
}

/// The program's own command line: exit codes and lines, no X server needed.
@Suite struct AppPathArgumentTests {
    @Test func aMissingPathIsOneLineAndExitOne() throws {
        let app = try ChildProcess(ChildProcess.splitview, ["/nonexistent/folder"], environment: ["DISPLAY": ":9"])
        #expect(app.finish() == 1)
        #expect(app.errors == "splitview: /nonexistent/folder: No such file or directory\n")
    }

    @Test(arguments: [["--behavior", "sideways"], ["--display-mode", "three-beside"], ["--theme", "purple"], ["a", "b"]])
    func badOptionsAreUsageErrors(_ arguments: [String]) throws {
        let app = try ChildProcess(ChildProcess.splitview, arguments)
        #expect(app.finish() == 64)
        #expect(app.errors.hasPrefix("Error: "))
    }

    /// A pane's command that cannot be split, names an unknown placeholder, or is given for
    /// a column the style lacks: a usage error with the reason, exit 64, nothing started.
    @Test(arguments: [
        (["--secondary", "xterm -into '{}"], "a single quote (') is not closed"),
        (["--inspector", "zathura {files}"], "unknown placeholder {files}"),
        (["--primary", "xterm \\"], "lone backslash"),
        (["--secondary", ""], "the command is empty"),
        (["--style", "double", "--supplementary", "xterm -into {}"], "--supplementary needs the triple style"),
    ])
    func badPaneCommandsAreUsageErrors(_ arguments: [String], _ reason: String) throws {
        let app = try ChildProcess(ChildProcess.splitview, arguments, environment: ["DISPLAY": ":9"])
        #expect(app.finish() == 64)
        #expect(app.errors.hasPrefix("Error: ") && app.errors.contains(reason), "\(app.errors)")
    }

    @Test func theVersionIsOneLine() throws {
        let app = try ChildProcess(ChildProcess.splitview, ["--version"])
        #expect(app.finish() == 0)
        #expect(app.output.hasPrefix("splitview ") && app.output.split(separator: "\n").count == 1)
    }

    @Test func everyOptionIsInTheHelp() throws {
        let app = try ChildProcess(ChildProcess.splitview, ["--help"])
        #expect(app.finish() == 0)
        for option in [
            "--style", "--behavior", "--display-mode", "--geometry", "--display", "--theme", "--config",
            "--no-restore", "--reduce-motion", "--version", "<path>", "--primary", "--supplementary", "--secondary",
            "--inspector",
        ] {
            #expect(app.output.contains(option), "\(option)")
        }
    }
}

/// The width of `window`'s mapped child called `name` (a column), or nil.
func childWidth(_ connection: X11Connection, _ window: Window, _ name: String) -> Int? {
    childFrame(connection, window, name)?.width
}

/// `window`'s child called `name`, mapped or not.
func namedChild(_ connection: X11Connection, _ window: Window, _ name: String) -> Window? {
    var root: Window = 0, parent: Window = 0
    var children: UnsafeMutablePointer<Window>?
    var count: UInt32 = 0
    XQueryTree(connection.display, window, &root, &parent, &children, &count)
    defer { if let children { XFree(children) } }
    for index in 0..<Int(count) {
        guard let child = children?[index] else { continue }
        var text: UnsafeMutablePointer<CChar>?
        guard XFetchName(connection.display, child, &text) != 0, let text else { continue }
        defer { XFree(text) }
        if String(cString: text) == name { return child }
    }
    return nil
}

/// The frame of `window`'s mapped child `name` (a column) on the screen, or nil.
func childFrame(_ connection: X11Connection, _ window: Window, _ name: String) -> (x: Int, y: Int, width: Int)? {
    guard let child = namedChild(connection, window, name) else { return nil }
    var attributes = XWindowAttributes()
    XGetWindowAttributes(connection.display, child, &attributes)
    guard attributes.map_state == IsViewable else { return nil }
    var x: Int32 = 0, y: Int32 = 0
    var other: Window = 0
    XTranslateCoordinates(connection.display, child, connection.root, 0, 0, &x, &y, &other)
    return (Int(x), Int(y), Int(attributes.width))
}

/// A fresh folder under the temporary directory.
func makeTemporaryFolder(_ name: String) throws -> String {
    let path = NSTemporaryDirectory() + "splitview-\(name)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Waits (up to 10 s) until the window's `_NET_WM_NAME` satisfies `condition`.
func waitForTitle(
    _ connection: X11Connection, _ window: Window, timeout: Double = 10, _ condition: (String) -> Bool
) -> Bool {
    waitUntil(timeout: timeout) { windowTitle(connection, window).map(condition) ?? false }
}

/// The window's `_NET_WM_NAME`, UTF-8.
func windowTitle(_ connection: X11Connection, _ window: Window) -> String? {
    var type: Atom = 0, format: Int32 = 0
    var count: UInt = 0, after: UInt = 0
    var data: UnsafeMutablePointer<UInt8>?
    let status = XGetWindowProperty(
        connection.display, window, connection.atoms.netWMName, 0, 1024, 0,
        connection.atoms.utf8String, &type, &format, &count, &after, &data)
    guard status == Success, let data else { return nil }
    defer { XFree(data) }
    return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
}
