import CX11
import Foundation
import Glibc
import SplitView
import Testing

@testable import SplitViewX11

/// Panes that host real X11 programs: `splitview --secondary 'xterm -into {}'` on a private
/// server, driven with real input (XTEST), as a person would use it.
extension X11Tests {
    @Suite(.enabled(if: Xterm.path != nil, "xterm not installed: the embedding tests need it"))
    struct EmbeddingTests {
        /// `splitview arguments` at 1400×900 on a private server; `body` gets the program, a
        /// connection of the test's own, its window and real input.
        static func run(
            _ arguments: [String], _ body: (ChildProcess, X11Connection, Window, FakeInput) throws -> Void
        ) throws {
            try XvfbServer.with { display in
                let connection = try X11Connection(name: display)
                let input = try #require(FakeInput(connection), "libXtst.so.6 is missing (Debian: libxtst6)")
                let app = try ChildProcess(
                    ChildProcess.splitview, ["--no-restore", "--geometry", "1400x900", "--reduce-motion"] + arguments,
                    environment: ["DISPLAY": display])
                let window = try #require(waitForTopLevel(connection))
                try body(app, connection, window, input)
                if app.wait(timeoutSeconds: 0) == nil {
                    sendKeyToQuit(connection, window, input)
                    _ = app.finish(timeoutSeconds: 10)
                }
            }
        }

        static func sendKeyToQuit(_ connection: X11Connection, _ window: Window, _ input: FakeInput) {
            input.key(XK_q, modifiers: [XK_Control_L])
        }

        @Test func theProgramFillsItsContentAreaThroughDragsAndCollapse() throws {
            try Self.run(["--secondary", "xterm -into {}"]) { app, connection, window, input in
                let tree = WindowTree(connection, window)
                let secondary = try #require(tree.child(named: "secondary", of: window))
                let client = try #require(tree.waitForClient(in: secondary))
                // Inside the secondary column, exactly below its 38-point bar.
                let pane = tree.frame(secondary)
                #expect(tree.absoluteFrame(client) == PixelRect(x: pane.x, y: 38, width: pane.width, height: pane.height - 38))

                // Dragging the supplementary divider: the program follows, step by step.
                let divider = try #require(tree.child(named: "divider-supplementary", of: window))
                let grab = tree.frame(divider)
                let x = grab.x + grab.width / 2, y = 400
                input.move(x: x, y: y)
                input.button(true)
                for step in 1...6 { input.move(x: x + step * 20, y: y) }
                input.button(false)
                #expect(waitFor { tree.frame(secondary).width == pane.width - 120 })
                #expect(waitFor { tree.absoluteFrame(client) == tree.contentArea(of: secondary) })

                // 500 wide collapses: the program shows with its column, and hides with it.
                XResizeWindow(connection.display, window, 500, 700)
                connection.flush()
                #expect(waitFor { tree.isViewable(secondary) && tree.frame(secondary).width == 500 })
                #expect(waitFor { tree.absoluteFrame(client) == PixelRect(x: 0, y: 38, width: 500, height: 662) })
                input.key(XK_Left, modifiers: [XK_Alt_L])  // back to the list
                #expect(waitFor { !tree.isViewable(secondary) && !tree.isViewable(client) })
                XResizeWindow(connection.display, window, 1400, 900)
                connection.flush()
                #expect(waitFor { tree.isViewable(client) && tree.absoluteFrame(client) == tree.contentArea(of: secondary) })
                #expect(app.wait(timeoutSeconds: 0) == nil)
            }
        }

        @Test func theSplitViewsKeysWorkWhileTheProgramHasTheFocusAndOtherKeysReachIt() throws {
            let folder = try makeTemporaryFolder("typed")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try Self.run(["--secondary", "xterm -into {}"]) { app, connection, window, input in
                let tree = WindowTree(connection, window)
                let secondary = try #require(tree.child(named: "secondary", of: window))
                let primary = try #require(tree.child(named: "primary", of: window))
                let client = try #require(tree.waitForClient(in: secondary))
                input.key(XK_3, modifiers: [XK_Control_L])  // focus the program's pane
                #expect(waitFor { tree.focusIsInside(client) })

                input.key(XK_F9)
                #expect(waitFor { !tree.isViewable(primary) })
                #expect(tree.focusIsInside(client))
                input.key(XK_s, modifiers: [XK_Control_L, XK_Alt_L])
                #expect(waitFor { tree.isViewable(primary) })

                // Everything else is the program's: a shell command typed into the terminal.
                let file = folder + "/ok.txt"
                input.type("echo ok > \(file)")
                input.key(XK_Return)
                #expect(waitFor { FileManager.default.contents(atPath: file) == Data("ok\n".utf8) })
            }
        }

        @Test func aProgramThatEndsSaysSoReturnRestartsItAndQuittingLeavesNoProcess() throws {
            try Self.run(["--secondary", "xterm -into {}"]) { app, connection, window, input in
                let tree = WindowTree(connection, window)
                let secondary = try #require(tree.child(named: "secondary", of: window))
                _ = try #require(tree.waitForClient(in: secondary))
                let first = try #require(Xterm.children(of: app.pid).first)
                input.key(XK_3, modifiers: [XK_Control_L])
                kill(first, SIGKILL)
                // Its socket goes with it: the pane shows what happened, below its bar.
                #expect(waitFor { tree.child(named: "socket", of: secondary) == nil })
                input.key(XK_Return)
                let client = try #require(tree.waitForClient(in: secondary))
                #expect(tree.absoluteFrame(client) == tree.contentArea(of: secondary))
                let second = try #require(Xterm.children(of: app.pid).first)
                #expect(second != first)

                input.key(XK_q, modifiers: [XK_Control_L])
                #expect(app.finish(timeoutSeconds: 10) == 0)
                #expect(!Xterm.exists(second))
                #expect(Xterm.children(of: app.pid).isEmpty)
            }
        }

        /// A selected file with spaces, a semicolon and `$(…)` in its name reaches the
        /// program as one argument, byte for byte, and runs nothing.
        @Test func theSelectedFileIsOneArgumentWhateverItsName() throws {
            let folder = try makeTemporaryFolder("hostile")
            let out = try makeTemporaryFolder("copied")
            defer {
                try? FileManager.default.removeItem(atPath: folder)
                try? FileManager.default.removeItem(atPath: out)
            }
            let name = "a b;c $(touch pwned) `touch pwned`.txt"
            try "hostile\n".write(toFile: folder + "/" + name, atomically: false, encoding: .utf8)
            try Self.run([folder + "/" + name, "--secondary", "cp {file} \(out)/copy"]) { app, _, _, _ in
                #expect(waitFor { FileManager.default.contents(atPath: out + "/copy") == Data("hostile\n".utf8) })
                for place in [folder, out, FileManager.default.currentDirectoryPath] {
                    #expect(!FileManager.default.fileExists(atPath: place + "/pwned"))
                }
            }
        }
    }
}

/// Where xterm is, and the processes it runs as.
enum Xterm {
    /// The xterm program on `PATH`, if any.
    static let path: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
        .split(separator: ":").map { "\($0)/xterm" }.first { access($0, X_OK) == 0 }

    /// The live children of `parent` named xterm.
    static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { return false }
            let name = stat[stat.index(after: open)..<close]
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return name == "xterm" && fields.count > 2 && fields[0] != "Z" && Int32(fields[1]) == parent
        }
    }

    /// True while `pid` is a process, zombies excluded.
    static func exists(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")")
        else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }
}

/// Reading a window tree from the test's own connection.
struct WindowTree {
    let connection: X11Connection
    let top: Window

    init(_ connection: X11Connection, _ top: Window) {
        self.connection = connection
        self.top = top
    }

    func children(of window: Window) -> [Window] {
        var root: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(connection.display, window, &root, &parent, &children, &count) != 0 else { return [] }
        defer { if let children { XFree(children) } }
        return (0..<Int(count)).compactMap { children?[$0] }
    }

    func name(of window: Window) -> String? {
        var text: UnsafeMutablePointer<CChar>?
        guard XFetchName(connection.display, window, &text) != 0, let text else { return nil }
        defer { XFree(text) }
        return String(cString: text)
    }

    func child(named name: String, of window: Window) -> Window? {
        children(of: window).first { self.name(of: $0) == name }
    }

    /// Waits for the program's window in `column`'s socket, viewable.
    func waitForClient(in column: Window) -> Window? {
        var found: Window?
        _ = waitFor {
            guard let socket = child(named: "socket", of: column), let client = children(of: socket).first,
                isViewable(client)
            else { return false }
            found = client
            return true
        }
        return found
    }

    func frame(_ window: Window) -> PixelRect {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(connection.display, window, &attributes)
        return PixelRect(x: Int(attributes.x), y: Int(attributes.y), width: Int(attributes.width), height: Int(attributes.height))
    }

    /// The frame in the top-level's coordinates.
    func absoluteFrame(_ window: Window) -> PixelRect {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(connection.display, window, top, 0, 0, &x, &y, &child)
        let size = frame(window)
        return PixelRect(x: Int(x), y: Int(y), width: size.width, height: size.height)
    }

    /// A column's content area (below its 38-pixel bar), in the top-level's coordinates.
    func contentArea(of column: Window) -> PixelRect {
        let pane = frame(column)
        return PixelRect(x: pane.x, y: pane.y + 38, width: pane.width, height: pane.height - 38)
    }

    func isViewable(_ window: Window) -> Bool {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(connection.display, window, &attributes) != 0 else { return false }
        return attributes.map_state == IsViewable
    }

    /// True when the input focus is `window` or inside it.
    func focusIsInside(_ window: Window) -> Bool {
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(connection.display, &focus, &revert)
        var current = focus
        for _ in 0..<16 {
            if current == window { return true }
            var root: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard current > 1, XQueryTree(connection.display, current, &root, &parent, &children, &count) != 0 else {
                return false
            }
            if let children { XFree(children) }
            current = parent
        }
        return false
    }
}
