import CX11
import Foundation
import Glibc
import SplitViewControl
import TestSupport
import Testing

@testable import SplitViewX11

extension X11Tests {
    /// `splitviewctl` against the real program: its tree of the live window, and a hosted
    /// program that finds its instance and its pane in its own environment.
    @Suite struct ControlWindowTests {
        /// The built `splitviewctl` next to the test bundle.
        static var splitviewctl: String {
            URL(fileURLWithPath: ChildProcess.splitview).deletingLastPathComponent().appendingPathComponent("splitviewctl").path
        }

        @Test func splitviewctlReadsTheTreeAndAHostedProgramFindsItsOwnSocket() throws {
            let folder = try makeTemporaryFolder("control")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let runtime = folder + "/run"
            #expect(mkdir(runtime, 0o700) == 0)
            let seen = folder + "/seen"
            let asked = folder + "/asked.json"
            // The program writes its variables, then asks its own instance with no option.
            let script =
                "printf '%s\\n%s\\n' \"$SPLITVIEW_SOCKET\" \"$SPLITVIEW_PANE\" > \(seen).part && mv \(seen).part \(seen)"
                + " && \(Self.splitviewctl) tree > \(asked).part && mv \(asked).part \(asked); exec sleep 60"
            try XvfbServer.with { display in
                let connection = try X11Connection(name: display)
                let app = try ChildProcess(
                    ChildProcess.splitview,
                    [folder, "--no-restore", "--geometry", "1400x900", "--below", "secondary=sh -c \"\(script)\""],
                    environment: ["DISPLAY": display, "XDG_RUNTIME_DIR": runtime])
                let window = try #require(waitForTopLevel(connection))
                let socket = "\(runtime)/splitview/\(app.pid).socket"
                #expect(waitUntil { access(socket, F_OK) == 0 })

                // From outside: the one instance running in this runtime folder.
                let ctl = try ChildProcess(Self.splitviewctl, ["tree"], environment: ["XDG_RUNTIME_DIR": runtime])
                #expect(ctl.finish() == 0, "\(ctl.errors)")
                let tree = try JSONDecoder().decode(ControlTree.self, from: Data(ctl.output.utf8))
                #expect(tree.windows.count == 1)
                #expect(tree.windows.first?.xWindow == UInt(window))
                let secondary = try #require(tree.windows.first?.columns.first { $0.name == "secondary" })
                #expect(secondary.content.kind == "split")
                let program = try #require(secondary.content.items?.last)
                #expect(program.kind == "program")
                #expect(program.command?.hasPrefix("sh -c") == true)
                #expect((program.pid ?? 0) > 0)

                // From inside: the program's own socket and pane, and its own `tree`.
                #expect(waitUntil(timeout: 20) { access(seen, F_OK) == 0 })
                let lines = (try? String(contentsOfFile: seen, encoding: .utf8))?.split(separator: "\n").map(String.init)
                #expect(lines == [socket, String(program.id)])
                #expect(waitUntil(timeout: 20) { access(asked, F_OK) == 0 })
                let own = try JSONDecoder().decode(ControlTree.self, from: Data(contentsOf: URL(fileURLWithPath: asked)))
                #expect(own.allNodes.contains { $0.id == program.id && $0.kind == "program" })

                // The app's events: the keys moved to the reader, the program's pane closed.
                let subscriber = try ChildProcess(Self.splitviewctl, ["subscribe"], environment: ["XDG_RUNTIME_DIR": runtime])
                let reader = try #require(secondary.content.items?.first { $0.kind == "file" })
                // The keys go back and forth until the subscription, made meanwhile, sees them
                // reach the reader.
                let windowID = tree.windows[0].id
                let focused = "{\"event\":\"focused\",\"pane\":\(reader.id),\"window\":\(windowID)}"
                let toggle = FocusToggle(ctl: Self.splitviewctl, runtime: runtime, panes: [reader.id, program.id])
                #expect(waitUntil(timeout: 20) { toggle.step() && subscriber.output.contains(focused) }, "\(subscriber.output)")
                #expect(toggle.failures == 0)
                let close = try ChildProcess(
                    Self.splitviewctl, ["close", String(program.id)], environment: ["XDG_RUNTIME_DIR": runtime])
                #expect(close.finish() == 0, "\(close.errors)")
                #expect(
                    waitUntil {
                        subscriber.output.contains("{\"event\":\"removed\",\"pane\":\(program.id),\"window\":\(windowID)}")
                    }, "\(subscriber.output)")

                // A usage error is 64; a pane the instance does not have, one line and 1.
                let bad = try ChildProcess(Self.splitviewctl, ["resize", "x", "0.5"], environment: ["XDG_RUNTIME_DIR": runtime])
                #expect(bad.finish() == 64)
                let missing = try ChildProcess(Self.splitviewctl, ["focus", "9999"], environment: ["XDG_RUNTIME_DIR": runtime])
                #expect(missing.finish() == 1)
                #expect(missing.errors == "splitviewctl: no pane 9999\n")

                kill(app.pid, SIGTERM)
                #expect(app.finish(timeoutSeconds: 10) == 0)
                #expect(subscriber.finish() == 0, "a subscriber ends with the instance")
                #expect(access(socket, F_OK) != 0, "the socket goes with the program")
            }
        }
    }
}

/// Gives the keys to each of `panes` in turn through `splitviewctl focus`, one a step: the
/// window's focus goes back and forth until a subscriber sees it move.
final class FocusToggle {
    let ctl: String
    let runtime: String
    let panes: [Int]
    private var turn = 0
    /// How many `focus` runs failed.
    private(set) var failures = 0

    init(ctl: String, runtime: String, panes: [Int]) {
        self.ctl = ctl
        self.runtime = runtime
        self.panes = panes
    }

    /// One `focus`; always true, so that it goes in a `waitUntil` condition.
    func step() -> Bool {
        let pane = panes[turn % panes.count]
        turn += 1
        let focus = try? ChildProcess(ctl, ["focus", String(pane)], environment: ["XDG_RUNTIME_DIR": runtime])
        if focus?.finish() != 0 { failures += 1 }
        return true
    }
}
