import CX11
import Foundation
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// Hosted programs as people run them: the orders of requests real programs use (mpv, GTK
/// plugs, programs that fork), window managers that re-focus, and windows destroyed from
/// outside. Each test failed before its fix.
extension X11Tests.EmbeddingTests {
    @Suite struct AsPeopleRunThem {
        typealias Embedding = X11Tests.EmbeddingTests

        /// mpv's order with `--wid`: its window made inside the socket, `_XEMBED_INFO` set with
        /// the mapped flag off, a map request, then the flag on. The flag decides, whatever came
        /// first: the window shows, filling the pane.
        @Test func aClientThatAsksToBeMappedBeforeItsFlagSaysSoShowsWhenTheFlagDoes() throws {
            let folder = try makeTemporaryFolder("mpv-order")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let idFile = folder + "/socket"
            try Embedding.run(["--secondary", Embedding.socketReporter(idFile)]) { app, connection, window, input in
                let tree = WindowTree(connection, window)
                let secondary = try #require(tree.child(named: "secondary", of: window))
                let socket = try #require(Embedding.reportedSocket(idFile))
                let plug = XEmbedPlug(connection, parent: socket)
                plug.setInfo(flags: 0)
                // The host has seen the window and its flag (it says it embedded it): what comes
                // next reaches it in mpv's order.
                #expect(plug.waitForMessage(.embeddedNotify) != nil)
                XMapWindow(connection.display, plug.window)  // redirected: a MapRequest to the host
                connection.sync()
                plug.setInfo(flags: XEmbed.mappedFlag)
                #expect(waitUntil { tree.isViewable(plug.window) })
                #expect(waitUntil { tree.absoluteFrame(plug.window) == tree.contentArea(of: secondary) })
                // The flag off again hides it, as ever.
                plug.setInfo(flags: 0)
                #expect(waitUntil { !tree.isViewable(plug.window) })
            }
        }

        /// openbox focuses the top-level on every click, also into a program that has the
        /// keyboard (the FocusIn says NotifyInferior). The focus goes back to the program, so
        /// what is typed reaches it after the pointer leaves it.
        @Test func aWindowManagerThatRefocusesOnEveryClickLeavesTheKeysWithTheProgram() throws {
            let folder = try makeTemporaryFolder("refocus")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try XvfbServer.with { display in
                let connection = try X11Connection(name: display)
                let input = try #require(FakeInput(connection), "libXtst.so.6 is missing (Debian: libxtst6)")
                let (app, window, tree, client) = try Self.startWithTerminal(on: display, connection)
                defer { _ = app.finish(timeoutSeconds: 10) }
                let manager = try RefocusingWindowManager(display: display, topLevel: window)
                input.key(XK_3, modifiers: [XK_Control_L])
                #expect(waitUntil { tree.focusIsInside(client) })

                let frame = tree.absoluteFrame(client)
                input.move(x: frame.x + 100, y: frame.y + 100)
                input.button(true)
                #expect(manager.answerPress())
                input.button(false)
                #expect(waitUntil { tree.focusIsInside(client) })

                // The pointer over the file list: the keys still go to the terminal.
                input.move(x: 400, y: 400)
                let file = folder + "/ok.txt"
                input.type("echo ok > \(file)")
                input.key(XK_Return)
                #expect(waitUntil { FileManager.default.contents(atPath: file) == Data("ok\n".utf8) })
                Embedding.sendKeyToQuit(connection, window, input)
                #expect(app.finish(timeoutSeconds: 10) == 0)
                #expect(!app.errors.contains("splitview: X error"), "\(app.errors)")
            }
        }

        /// Every GTK plug asks for the focus once it starts (zathura on `{file}` does, each time
        /// a new selection restarts it). Asked while another pane has the keyboard, it is not
        /// given: arrowing through the list goes on. Its pane, once focused, gives it.
        @Test func aPlugAskingForTheFocusAtStartDoesNotTakeTheKeysFromTheList() throws {
            let folder = try makeTemporaryFolder("plug-focus")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            for name in ["a.txt", "b.txt", "c.txt"] {
                try "x".write(toFile: folder + "/" + name, atomically: false, encoding: .utf8)
            }
            let idFile = folder + "/socket"
            try Embedding.run([folder + "/a.txt", "--secondary", Embedding.socketReporter(idFile)]) {
                app, connection, window, input in
                let tree = WindowTree(connection, window)
                #expect(waitForTitle(connection, window) { $0.hasPrefix("a.txt") })
                input.key(XK_2, modifiers: [XK_Control_L])  // the files' list has the keyboard
                let socket = try #require(Embedding.reportedSocket(idFile))
                let plug = XEmbedPlug(connection)
                plug.setInfo(flags: XEmbed.mappedFlag)
                XReparentWindow(connection.display, plug.window, socket, 0, 0)
                connection.sync()
                #expect(plug.waitForMessage(.embeddedNotify) != nil)
                plug.send(.requestFocus, to: socket)
                #expect(waitUntil { tree.isViewable(plug.window) })

                input.key(XK_Down)
                #expect(waitForTitle(connection, window) { $0.hasPrefix("b.txt") })
                #expect(!tree.focusIsInside(plug.window))

                input.key(XK_3, modifiers: [XK_Control_L])
                #expect(plug.waitForMessage(.focusIn) != nil)
                #expect(waitUntil { tree.focusIsInside(plug.window) })
            }
        }

        /// With no window manager, a program of an earlier run that had the focus leaves it on
        /// the root when it quits. That focus is nobody's: this run takes it, so Ctrl+3 gives
        /// the keyboard to its program.
        @Test func aFocusLeftOnTheRootIsOursToTake() throws {
            try XvfbServer.with { display in
                let connection = try X11Connection(name: display)
                let input = try #require(FakeInput(connection), "libXtst.so.6 is missing (Debian: libxtst6)")
                XSetInputFocus(connection.display, connection.root, Int32(RevertToNone), UInt(CurrentTime))
                connection.sync()
                let (app, window, tree, client) = try Self.startWithTerminal(on: display, connection)
                defer { _ = app.finish(timeoutSeconds: 10) }
                input.move(x: 100, y: 400)
                input.key(XK_3, modifiers: [XK_Control_L])
                #expect(waitUntil { tree.focusIsInside(client) })
                Embedding.sendKeyToQuit(connection, window, input)
                #expect(app.finish(timeoutSeconds: 10) == 0)
            }
        }

        /// `xdotool windowclose`: the top-level destroyed by another client. The window ends as
        /// a close does: its state saved, its program ended, the process gone with its last
        /// window, and no X error reported.
        @Test func aTopLevelDestroyedFromOutsideEndsAsACloseDoes() throws {
            let folder = try makeTemporaryFolder("destroyed")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let stateHome = folder + "/state"
            try XvfbServer.with { display in
                let connection = try X11Connection(name: display)
                let app = try ChildProcess(
                    ChildProcess.splitview,
                    [folder, "--geometry", "1400x900", "--reduce-motion", "--secondary", Embedding.terminal],
                    environment: ["DISPLAY": display, "XDG_STATE_HOME": stateHome])
                let window = try #require(waitForTopLevel(connection))
                let tree = WindowTree(connection, window)
                let secondary = try #require(tree.child(named: "secondary", of: window))
                _ = try #require(tree.waitForClient(in: secondary))
                let terminal = try #require(ProcessTable.children(of: app.pid).first)

                XDestroyWindow(connection.display, window)
                connection.sync()
                #expect(app.finish(timeoutSeconds: 10) == 0)
                #expect(!ProcessTable.exists(terminal))
                let state = try String(contentsOfFile: stateHome + "/splitview/state.json", encoding: .utf8)
                #expect(state.contains((folder as NSString).lastPathComponent))
                #expect(!app.errors.contains("X error"), "\(app.errors)")
            }
        }

        /// A program that starts another in its process group and returns at once (here
        /// `sh -c 'xterm … &'`, as forking programs do): it still runs while its group does,
        /// shown in its pane; it has ended when the group has, and quitting ends the group.
        @Test func aProgramWhoseFirstProcessReturnsRunsOnInItsGroup() throws {
            let command = "sh -c \"\(Embedding.terminal) &\""
            try Embedding.run(["--secondary", command]) { app, connection, window, input in
                let tree = WindowTree(connection, window)
                let secondary = try #require(tree.child(named: "secondary", of: window))
                let client = try #require(tree.waitForClient(in: secondary))
                let terminal = try #require(waitForProcess(named: "xterm", on: connection.name))
                // The shell has returned and been reaped: the decision about it is made.
                let shell = try #require(ProcessStat(terminal)?.group)
                #expect(waitUntil { ProcessTable.isReaped(shell) })
                #expect(tree.isViewable(client))
                #expect(tree.child(named: "socket", of: secondary) != nil)

                // Its group ending ends it: the pane says so, its socket gone.
                kill(terminal, SIGKILL)
                #expect(waitUntil { tree.child(named: "socket", of: secondary) == nil })
                input.key(XK_3, modifiers: [XK_Control_L])
                input.key(XK_Return)  // a restart
                _ = try #require(tree.waitForClient(in: secondary))
                let second = try #require(waitForProcess(named: "xterm", on: connection.name) { $0 != terminal })
                Embedding.sendKeyToQuit(connection, window, input)
                #expect(app.finish(timeoutSeconds: 10) == 0)
                #expect(waitUntil { !ProcessTable.exists(second) })
            }
        }

        /// gvim's way (`gvim --socketid {}`): the process that shows the window leaves the
        /// group (setsid) and its parent returns. The window in the socket keeps the program
        /// running; the window's going ends it. The test plays the forked process.
        @Test func aProgramLivingOnInItsWindowAloneEndsWithTheWindow() throws {
            let folder = try makeTemporaryFolder("forked")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let idFile = folder + "/socket", go = folder + "/go"
            // The program waits for the test's word, at most a minute (the file `go`).
            let command =
                "sh -c \"echo {} > \(idFile); n=0; while [ ! -e \(go) ] && [ $n -lt 1200 ]; do sleep 0.05; n=$((n+1)); done\""
            try Embedding.run(["--secondary", command]) { app, connection, window, input in
                let tree = WindowTree(connection, window)
                let secondary = try #require(tree.child(named: "secondary", of: window))
                let socket = try #require(Embedding.reportedSocket(idFile))
                let shell = try #require(ProcessTable.children(of: app.pid, named: "sh").first)
                let plug = XEmbedPlug(connection)
                plug.setInfo(flags: XEmbed.mappedFlag)
                XReparentWindow(connection.display, plug.window, socket, 0, 0)
                connection.sync()
                #expect(waitUntil { tree.isViewable(plug.window) })

                #expect(FileManager.default.createFile(atPath: go, contents: nil))
                #expect(waitUntil { ProcessTable.isReaped(shell) })
                #expect(tree.child(named: "socket", of: secondary) == socket)
                #expect(tree.isViewable(plug.window))

                XDestroyWindow(connection.display, plug.window)
                connection.sync()
                #expect(waitUntil { tree.child(named: "socket", of: secondary) == nil })
            }
        }

        /// `splitview` with xterm in the secondary on `display`, once the terminal shows: the
        /// program, its window, a reader of its tree, and the terminal's window.
        static func startWithTerminal(
            on display: String, _ connection: X11Connection
        ) throws -> (
            ChildProcess, Window, WindowTree, Window
        ) {
            let app = try ChildProcess(
                ChildProcess.splitview,
                ["--no-restore", "--geometry", "1400x900", "--reduce-motion", "--secondary", Embedding.terminal],
                environment: ["DISPLAY": display])
            let window = try #require(waitForTopLevel(connection))
            let tree = WindowTree(connection, window)
            let secondary = try #require(tree.child(named: "secondary", of: window))
            return (app, window, tree, try #require(tree.waitForClient(in: secondary)))
        }

        /// A live process named `name` on the display `display` (a hosted program's, whoever
        /// its parent is now), matching `condition`.
        func waitForProcess(named name: String, on display: String, _ condition: (pid_t) -> Bool = { _ in true }) -> pid_t? {
            var found: pid_t?
            let variable = Data("DISPLAY=\(display)\u{0}".utf8)
            _ = waitUntil {
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
                found = entries.compactMap(Int32.init).first { pid in
                    guard let command = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8), command == name + "\n",
                        let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ")
                    else { return false }
                    return environment.range(of: variable) != nil && ProcessTable.exists(pid) && condition(pid)
                }
                return found != nil
            }
            return found
        }
    }
}
