import CX11
import Foundation
import Glibc
import SplitViewControl
import TestSupport
import Testing

@testable import SplitViewX11

/// Splits at run time in the real program with the real xterm, as a tmux or Terminator user
/// tries them: Ctrl+Shift+E and Ctrl+Shift+O start a terminal in the folder shown, Ctrl+Shift+X
/// zooms one and puts it back, Ctrl+Shift+W ends its program, and the next start makes the
/// panes that were left again with fresh programs.
extension X11Tests {
    @Suite(.enabled(if: Xterm.path != nil, "xterm not installed: the run-time split window tests need it"))
    struct RunTimeSplitWindowTests {
        typealias Place = AppProductTests.Place

        /// The live window's tree, through the real `splitviewctl`.
        static func tree(_ runtime: String) -> ControlTree? {
            guard
                let ctl = try? ChildProcess(ControlWindowTests.splitviewctl, ["tree"], environment: ["XDG_RUNTIME_DIR": runtime]),
                ctl.finish() == 0
            else { return nil }
            return try? JSONDecoder().decode(ControlTree.self, from: Data(ctl.output.utf8))
        }

        /// The program leaves of the tree, in the tree's order.
        static func programs(_ runtime: String) -> [ControlTree.Node] {
            tree(runtime)?.allNodes.filter { $0.kind == "program" } ?? []
        }

        /// The folder `pid` works in.
        static func workingFolder(_ pid: Int32) -> String? {
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink("/proc/\(pid)/cwd", &buffer, buffer.count - 1)
            return count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        }

        @Test func splitZoomCloseAndRestartWithTheRealXterm() throws {
            let place = try Place()
            let notes = place.root + "/Notes"
            let runtime = try makeTemporaryFolder("runtime")
            let config = try makeTemporaryFolder("config")
            defer {
                try? FileManager.default.removeItem(atPath: runtime)
                try? FileManager.default.removeItem(atPath: config)
            }
            #expect(chmod(runtime, 0o700) == 0)
            try FileManager.default.createDirectory(atPath: config + "/splitview", withIntermediateDirectories: true)
            try #"{"terminal": "xterm -into {}"}"#.write(
                toFile: config + "/splitview/config.json", atomically: true, encoding: .utf8)
            let extra = ["XDG_RUNTIME_DIR": runtime, "XDG_CONFIG_HOME": config]
            let arguments = [notes, "--geometry", "1200x800", "--reduce-motion"]
            var kept: (pid: Int32, command: String?)?
            try place.run(arguments, extra: extra) { app, connection, window in
                #expect(waitForTitle(connection, window) { $0 == "Notes — SplitView" })
                let tree = WindowTree(connection, window)
                // The outline has the keys: Ctrl+Shift+E puts a terminal on its right.
                sendKey(connection, window, XK_e, state: ControlMask | ShiftMask)
                #expect(waitUntil(timeout: 20) { Self.programs(runtime).first?.xWindow != nil }, "the first xterm shows")
                let first = try #require(Self.programs(runtime).first)
                #expect(first.focused && first.command == "xterm -into {}")
                #expect(Self.workingFolder(first.pid ?? 0) == notes)
                let primary = try #require(Self.tree(runtime)?.windows.first?.columns.first { $0.name == "primary" })
                #expect(primary.content.axis == "horizontal" && primary.content.items?.map(\.kind) == ["folders", "program"])
                // Ctrl+Shift+O splits that terminal: a second one below it, with the keys.
                sendKey(connection, window, XK_o, state: ControlMask | ShiftMask)
                #expect(waitUntil(timeout: 20) { Self.programs(runtime).count == 2 && Self.programs(runtime)[1].xWindow != nil })
                let second = Self.programs(runtime)[1]
                #expect(second.focused && second.id != first.id)
                let firstFrame = try #require(Self.programs(runtime)[0].frame)
                let secondFrame = try #require(second.frame)
                #expect(secondFrame.y > firstFrame.y && secondFrame.x == firstFrame.x)
                // Ctrl+Shift+X: the second over the whole window, the first's window unmapped
                // but running; again: both back.
                sendKey(connection, window, XK_x, state: ControlMask | ShiftMask)
                #expect(waitUntil { Self.programs(runtime).first { $0.zoomed }?.id == second.id })
                let firstWindow = Window(try #require(first.xWindow))
                let secondWindow = Window(try #require(second.xWindow))
                #expect(waitUntil { !tree.isViewable(firstWindow) && tree.isViewable(secondWindow) })
                #expect(ProcessTable.exists(first.pid ?? 0))
                sendKey(connection, window, XK_x, state: ControlMask | ShiftMask)
                #expect(waitUntil { Self.programs(runtime).allSatisfy { !$0.zoomed } && tree.isViewable(firstWindow) })
                // Ctrl+Shift+W closes the pane with the keys and ends its xterm.
                sendKey(connection, window, XK_w, state: ControlMask | ShiftMask)
                #expect(waitUntil { Self.programs(runtime).map(\.id) == [first.id] })
                #expect(waitUntil(timeout: 10) { !ProcessTable.exists(second.pid ?? 0) }, "the closed pane's xterm ended")
                kept = (first.pid ?? 0, first.command)
                sendKey(connection, window, XK_q, state: ControlMask)
                #expect(app.finish(timeoutSeconds: 10) == 0)
            }
            // The next start: the terminal beside the outline again, a fresh one.
            try place.run(arguments, extra: extra) { app, connection, window in
                #expect(waitUntil(timeout: 20) { Self.programs(runtime).first?.xWindow != nil }, "the kept xterm shows again")
                let again = Self.programs(runtime)
                #expect(again.count == 1 && again.first?.command == kept?.command && again.first?.pid != kept?.pid)
                let primary = try #require(Self.tree(runtime)?.windows.first?.columns.first { $0.name == "primary" })
                #expect(primary.content.items?.map(\.kind) == ["folders", "program"])
                sendKey(connection, window, XK_q, state: ControlMask)
                #expect(app.finish(timeoutSeconds: 10) == 0)
                #expect(!app.errors.contains("state:"), "\(app.errors)")
            }
        }
    }
}
