import CX11
import Foundation
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// Panes that host real X11 programs: `splitview --secondary 'xterm -into {}'` on a private
/// server, driven with real input (XTEST), as a person would use it.
extension X11Tests {
    @Suite(.enabled(if: Xterm.path != nil, "xterm not installed: the embedding tests need it"))
    struct EmbeddingTests {
        /// The terminal the tests host: xterm embedded as the issue names it, running a plain
        /// `sh` rather than the user's shell, so that no start-up file enters a test (a login
        /// shell's `pyenv rehash`, killed midway, leaves a lock that stalls the next shell).
        static let terminal = "xterm -into {} -e sh"

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
                // The programs' windows come and go under the host's requests: never a reported error.
                #expect(!app.errors.contains("splitview: X error"), "\(app.errors)")
            }
        }

        static func sendKeyToQuit(_ connection: X11Connection, _ window: Window, _ input: FakeInput) {
            input.key(XK_q, modifiers: [XK_Control_L])
        }

        @Test func theProgramFillsItsContentAreaThroughDragsAndCollapse() throws {
            try Self.run(["--secondary", Self.terminal]) { app, connection, window, input in
                let tree = WindowTree(connection, window)
                let secondary = try #require(tree.child(named: "secondary", of: window))
                let client = try #require(tree.waitForClient(in: secondary))
                // Inside the secondary column, exactly below its 38-point bar.
                let pane = tree.frame(secondary)
                #expect(
                    tree.absoluteFrame(client)
                        == PixelRect(x: pane.x + 2, y: 38 + 2, width: pane.width - 4, height: pane.height - 38 - 4),
                    "inside the focus ring's margin")

                // Dragging the supplementary divider: the program follows, step by step.
                let divider = try #require(tree.child(named: "divider-supplementary", of: window))
                let grab = tree.frame(divider)
                let x = grab.x + grab.width / 2, y = 400
                input.move(x: x, y: y)
                input.button(true)
                for step in 1...6 { input.move(x: x + step * 20, y: y) }
                input.button(false)
                #expect(waitUntil { tree.frame(secondary).width == pane.width - 120 })
                #expect(waitUntil { tree.absoluteFrame(client) == tree.contentArea(of: secondary) })

                // 500 wide collapses: the program shows with its column, and hides with it.
                XResizeWindow(connection.display, window, 500, 700)
                connection.flush()
                #expect(waitUntil { tree.isViewable(secondary) && tree.frame(secondary).width == 500 })
                #expect(waitUntil { tree.absoluteFrame(client) == PixelRect(x: 2, y: 40, width: 496, height: 658) })
                input.key(XK_Left, modifiers: [XK_Alt_L])  // back to the list
                #expect(waitUntil { !tree.isViewable(secondary) && !tree.isViewable(client) })
                XResizeWindow(connection.display, window, 1400, 900)
                connection.flush()
                #expect(waitUntil { tree.isViewable(client) && tree.absoluteFrame(client) == tree.contentArea(of: secondary) })
                #expect(app.wait(timeoutSeconds: 0) == nil)
            }
        }

        @Test func theSplitViewsKeysWorkWhileTheProgramHasTheFocusAndOtherKeysReachIt() throws {
            let folder = try makeTemporaryFolder("typed")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try Self.run(["--secondary", Self.terminal]) { app, connection, window, input in
                let tree = WindowTree(connection, window)
                let secondary = try #require(tree.child(named: "secondary", of: window))
                let primary = try #require(tree.child(named: "primary", of: window))
                let client = try #require(tree.waitForClient(in: secondary))
                input.key(XK_3, modifiers: [XK_Control_L])  // focus the program's pane
                #expect(waitUntil { tree.focusIsInside(client) })

                input.key(XK_F9)
                #expect(waitUntil { !tree.isViewable(primary) })
                #expect(tree.focusIsInside(client))
                input.key(XK_s, modifiers: [XK_Control_L, XK_Alt_L])
                #expect(waitUntil { tree.isViewable(primary) })
                // Caps Lock and Num Lock on: the shortcuts still reach the split view.
                input.key(XK_Caps_Lock)
                input.key(XK_Num_Lock)
                input.key(XK_F9)
                #expect(waitUntil { !tree.isViewable(primary) })
                input.key(XK_F9)
                #expect(waitUntil { tree.isViewable(primary) })
                input.key(XK_Caps_Lock)
                input.key(XK_Num_Lock)
                #expect(tree.focusIsInside(client))

                // Everything else is the program's: a shell command typed into the terminal.
                let file = folder + "/ok.txt"
                input.type("echo ok > \(file)")
                input.key(XK_Return)
                #expect(waitUntil { FileManager.default.contents(atPath: file) == Data("ok\n".utf8) })
            }
        }

        @Test func aProgramThatEndsSaysSoReturnRestartsItAndQuittingLeavesNoProcess() throws {
            try Self.run(["--secondary", Self.terminal]) { app, connection, window, input in
                let tree = WindowTree(connection, window)
                let secondary = try #require(tree.child(named: "secondary", of: window))
                _ = try #require(tree.waitForClient(in: secondary))
                let first = try #require(ProcessTable.children(of: app.pid).first)
                input.key(XK_3, modifiers: [XK_Control_L])
                kill(first, SIGKILL)
                // Its socket goes with it: the pane shows what happened, below its bar.
                #expect(waitUntil { tree.child(named: "socket", of: secondary) == nil })
                input.key(XK_Return)
                let client = try #require(tree.waitForClient(in: secondary))
                #expect(tree.absoluteFrame(client) == tree.contentArea(of: secondary))
                let second = try #require(ProcessTable.children(of: app.pid).first)
                #expect(second != first)

                input.key(XK_q, modifiers: [XK_Control_L])
                #expect(app.finish(timeoutSeconds: 10) == 0)
                #expect(!ProcessTable.exists(second))
                #expect(ProcessTable.children(of: app.pid).isEmpty)
            }
        }

        /// Ctrl+N starts fresh instances of the commands in the new window; Ctrl+W ends that
        /// window's programs only; SIGTERM to splitview ends the rest, and the program exits 0.
        @Test func newWindowsGetFreshProgramsAndClosingEndsThem() throws {
            try Self.run(["--secondary", Self.terminal]) { app, connection, window, input in
                let tree = WindowTree(connection, window)
                let secondary = try #require(tree.child(named: "secondary", of: window))
                _ = try #require(tree.waitForClient(in: secondary))
                let first = try #require(ProcessTable.children(of: app.pid).first)
                input.key(XK_n, modifiers: [XK_Control_L])
                #expect(waitUntil { ProcessTable.children(of: app.pid).count == 2 })
                let second = try #require(ProcessTable.children(of: app.pid).first { $0 != first })
                // The new window opened over the first, under the pointer-less focus: close it.
                let newest = try #require(WindowTree.topLevels(connection).first { $0 != window })
                sendDeleteWindow(connection, to: newest)
                #expect(waitUntil { !ProcessTable.exists(second) })
                #expect(ProcessTable.exists(first))
                kill(app.pid, SIGTERM)
                #expect(app.finish(timeoutSeconds: 10) == 0)
                #expect(!ProcessTable.exists(first))
            }
        }

        /// The X server going away mid-session: one line, exit 1, and the hosted programs
        /// ended with it — even one that has no window to lose (`sleep`), which would otherwise
        /// outlive us.
        @Test func theServerGoingAwayEndsTheHostedPrograms() throws {
            let server = try XvfbServer()
            defer { server.stop() }
            var app: ChildProcess?
            do {
                let connection = try X11Connection(name: server.display)
                app = try ChildProcess(
                    ChildProcess.splitview, ["--no-restore", "--secondary", "sleep 60"], environment: ["DISPLAY": server.display])
                _ = try #require(waitForTopLevel(connection))
            }
            let child = try #require(app)
            #expect(waitUntil { ProcessTable.children(of: child.pid, named: "sleep").count == 1 })
            let program = try #require(ProcessTable.children(of: child.pid, named: "sleep").first)
            server.crash()
            #expect(child.finish(timeoutSeconds: 10) == 1)
            #expect(child.errors == "splitview: lost the connection to the X server\n")
            #expect(!ProcessTable.exists(program))
        }

        /// A client that speaks XEmbed (the test plays it): embedded when it reparents itself
        /// into the socket, shown and hidden as its mapped flag says, told of the focus as its
        /// pane gains and loses it, and heard when it asks for the focus or passes it on.
        @Test func anXEmbedClientIsEmbeddedShownAndToldOfTheFocus() throws {
            let folder = try makeTemporaryFolder("xembed")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let idFile = folder + "/socket"
            try Self.run(["--secondary", Self.socketReporter(idFile)]) { app, connection, window, input in
                let tree = WindowTree(connection, window)
                let secondary = try #require(tree.child(named: "secondary", of: window))
                let socket = try #require(Self.reportedSocket(idFile))
                let plug = XEmbedPlug(connection)
                plug.setInfo(flags: 0)
                XReparentWindow(connection.display, plug.window, socket, 0, 0)
                connection.sync()
                let notify = try #require(plug.waitForMessage(.embeddedNotify))
                #expect(notify.data1 == Int(socket))
                #expect(plug.waitForMessage(.windowActivate) != nil)
                #expect(!tree.isViewable(plug.window))

                plug.setInfo(flags: XEmbed.mappedFlag)
                #expect(waitUntil { tree.isViewable(plug.window) })
                #expect(waitUntil { tree.absoluteFrame(plug.window) == tree.contentArea(of: secondary) })

                input.key(XK_3, modifiers: [XK_Control_L])
                #expect(plug.waitForMessage(.focusIn) != nil)
                #expect(waitUntil { tree.focusIsInside(plug.window) })
                input.key(XK_F6)
                #expect(plug.waitForMessage(.focusOut) != nil)
                // Asked while another pane has the keyboard, the focus is not given (the test
                // of that is `aPlugAskingForTheFocusAtStartDoesNotTakeTheKeysFromTheList`); asked
                // while its own pane has it, it is confirmed.
                input.key(XK_3, modifiers: [XK_Control_L])
                #expect(plug.waitForMessage(.focusIn) != nil)
                plug.send(.requestFocus, to: socket)
                #expect(plug.waitForMessage(.focusIn) != nil)
                plug.send(.focusNext, to: socket)
                #expect(plug.waitForMessage(.focusOut) != nil)

                // A click in the program while another pane has the keys: its pane takes the
                // focus, and the press still reaches the program.
                let frame = tree.absoluteFrame(plug.window)
                input.move(x: frame.x + 50, y: frame.y + 50)
                input.button(true)
                input.button(false)
                #expect(plug.waitForMessage(.focusIn) != nil)
                #expect(plug.waitForEvent(ButtonPress) != nil)

                // Hidden by its own flag while it had the focus: the keys come back to the
                // split view (X alone would leave them with no one).
                plug.setInfo(flags: 0)
                #expect(waitUntil { !tree.isViewable(plug.window) })
                input.key(XK_q, modifiers: [XK_Control_L])
                #expect(app.finish(timeoutSeconds: 10) == 0)
            }
        }

        /// The keyboard leaves a program whose pane hides, and comes back when the pane does;
        /// the program keeps running meanwhile, its window unmapped with its pane.
        @Test func theFocusLeavesAHiddenProgramAndComesBack() throws {
            try Self.run(["--primary", Self.terminal]) { app, connection, window, input in
                let tree = WindowTree(connection, window)
                let primary = try #require(tree.child(named: "primary", of: window))
                let client = try #require(tree.waitForClient(in: primary))
                input.key(XK_1, modifiers: [XK_Control_L])
                #expect(waitUntil { tree.focusIsInside(client) })
                input.key(XK_F9)
                #expect(waitUntil { !tree.isViewable(client) && !tree.focusIsInside(client) })
                #expect(tree.focusIsInside(window))
                input.key(XK_F9)
                #expect(waitUntil { tree.isViewable(client) && tree.focusIsInside(client) })
                #expect(ProcessTable.children(of: app.pid).count == 1)
            }
        }

        /// A program that writes its socket's id to `file` and waits: the test then plays the
        /// XEmbed client itself.
        static func socketReporter(_ file: String) -> String {
            "sh -c \"echo {} > \(file); exec sleep 60\""
        }

        /// The socket id a `socketReporter` wrote.
        static func reportedSocket(_ file: String) -> Window? {
            var text = ""
            guard
                waitUntil({
                    text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
                    return text.hasSuffix("\n")
                })
            else { return nil }
            return Window(text.dropLast())
        }

        /// A press on a program in a dimmed pane (the files' column lies over it: one-over in
        /// the triple style) is the split view's: it dismisses the overlay, and the program
        /// never sees it.
        @Test func aPressOnADimmedProgramDismissesTheOverlayOnly() throws {
            let folder = try makeTemporaryFolder("dimmed")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let idFile = folder + "/socket"
            try Self.run(["--display-mode", "one-over", "--secondary", Self.socketReporter(idFile)]) {
                app, connection, window, input in
                let tree = WindowTree(connection, window)
                let overlay = try #require(tree.child(named: "supplementary", of: window))
                let socket = try #require(Self.reportedSocket(idFile))
                let plug = XEmbedPlug(connection)
                plug.setInfo(flags: XEmbed.mappedFlag)
                XReparentWindow(connection.display, plug.window, socket, 0, 0)
                connection.sync()
                #expect(waitUntil { tree.isViewable(plug.window) && tree.isViewable(overlay) })
                let frame = tree.absoluteFrame(plug.window)
                input.move(x: frame.x + frame.width - 40, y: frame.y + 100)
                input.button(true)
                input.button(false)
                #expect(waitUntil { !tree.isViewable(overlay) })
                // Not a wait for something to happen: the press was handled (the overlay went),
                // and the program must not get it in the half second after either.
                #expect(plug.waitForEvent(ButtonPress, seconds: 0.5) == nil)
            }
        }

        /// The split view's keys never fall to the program the pointer is over: with the
        /// files' pane focused and the pointer on the terminal, Down moves the selection.
        @Test func keysForTheSplitViewIgnoreWhereThePointerIs() throws {
            let folder = try makeTemporaryFolder("pointer")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            for name in ["a.txt", "b.txt"] { try "x".write(toFile: folder + "/" + name, atomically: false, encoding: .utf8) }
            try Self.run([folder + "/a.txt", "--secondary", Self.terminal]) { app, connection, window, input in
                let tree = WindowTree(connection, window)
                let secondary = try #require(tree.child(named: "secondary", of: window))
                let client = try #require(tree.waitForClient(in: secondary))
                // The folder is read on a worker: under load, a key before its list would move
                // nothing, and the title names the file given before the list comes.
                #expect(waitForTitle(connection, window) { $0.hasPrefix("a.txt") })
                #expect(waitUntil { ProgramState.watches(app.pid, folder) }, "the folder's listing came")
                input.key(XK_2, modifiers: [XK_Control_L])
                let frame = tree.absoluteFrame(client)
                input.move(x: frame.x + 100, y: frame.y + 100)
                input.key(XK_Down)
                #expect(waitForTitle(connection, window) { $0.hasPrefix("b.txt") })
                // A click on the program's bar gives it the keys.
                let pane = tree.frame(secondary)
                input.move(x: pane.x + pane.width / 2, y: 19)
                input.button(true)
                input.button(false)
                #expect(waitUntil { tree.focusIsInside(client) })
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
                #expect(waitUntil { FileManager.default.contents(atPath: out + "/copy") == Data("hostile\n".utf8) })
                for place in [folder, out, FileManager.default.currentDirectoryPath] {
                    #expect(!FileManager.default.fileExists(atPath: place + "/pwned"))
                }
            }
        }
    }
}
