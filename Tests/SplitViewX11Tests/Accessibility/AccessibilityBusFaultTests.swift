import CX11
import Foundation
import Glibc
import TestSupport
import Testing

@testable import SplitViewX11

/// The accessibility bus's failures, as a user never notices them: no bus, a bus that is not
/// there, and a bus that goes away under a running window. Each time the window runs on,
/// answers its keys and prints nothing.
extension X11Tests {
    @Suite struct AccessibilityBusFaultTests {
        /// Runs `splitview` on `folder` under `display` with `script` (sh) around it; the script
        /// gets the program as `$1`, the folder as `$2` and a file the test makes as `$3`, and
        /// prints what the test checks.
        static func run(
            _ script: String, _ folder: String, go: String = "", display: String, wrapper: [String] = []
        ) throws -> ChildProcess {
            try ChildProcess(
                wrapper.first ?? "/bin/sh",
                Array(wrapper.dropFirst()) + (wrapper.isEmpty ? [] : ["/bin/sh"]) + [
                    "-c", script, "sh", ChildProcess.splitview, folder, go,
                ],
                environment: ["DISPLAY": display])
        }

        /// The program's CPU ticks over two seconds, its stderr, and whether it still runs,
        /// printed by the script as `TICKS n`, `ALIVE`, then its stderr. The two seconds are
        /// not a wait: they are the span the ticks are counted over.
        static let watchIt = """
            t1=$(awk '{print $14+$15}' /proc/$app/stat); sleep 2; t2=$(awk '{print $14+$15}' /proc/$app/stat)
            echo "TICKS $((t2 - t1))"
            kill -0 $app && echo ALIVE
            kill $app; wait $app
            echo "STDERR<$(cat "$errors")>"
            """

        @Test func withNoBusOrABusThatIsNotThereTheWindowRunsAndSaysNothing() throws {
            let folder = try makeTemporaryFolder("no-bus")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            for environment in [
                "env -u DBUS_SESSION_BUS_ADDRESS -u AT_SPI_BUS_ADDRESS", "env AT_SPI_BUS_ADDRESS=unix:path=\(folder)/none",
            ] {
                try XvfbServer.with { display in
                    // Watched once its window is there (the test makes `$3` then), at most a minute.
                    let script = """
                        errors=$(mktemp)
                        \(environment) "$1" --no-restore --geometry 800x600 "$2" 2>"$errors" & app=$!
                        n=0; while [ ! -e "$3" ] && [ $n -lt 1200 ]; do sleep 0.05; n=$((n+1)); done
                        \(Self.watchIt)
                        rm -f "$errors"
                        """
                    let go = folder + "/go"
                    let connection = try X11Connection(name: display)
                    let run = try Self.run(script, folder, go: go, display: display)
                    #expect(waitForTopLevel(connection) != nil, "the window came: \(run.errors)")
                    #expect(FileManager.default.createFile(atPath: go, contents: nil))
                    #expect(run.finish(timeoutSeconds: 90) == 0, "\(run.errors)")
                    unlink(go)
                    #expect(run.output.contains("ALIVE"), "\(environment): \(run.output)")
                    #expect(run.output.contains("STDERR<>"), "\(environment): \(run.output)")
                }
            }
        }

        /// The accessibility bus (the dbus-daemon that at-spi-bus-launcher started for this
        /// session, found by the session's address in its environment) is killed under a
        /// window that joined it: the window runs on, does not spin, and prints nothing.
        @Test(.enabled(if: AccessibilityStack.isInstalled, "dbus-run-session, at-spi2-core or python3-pyatspi is missing"))
        func aBusThatGoesAwayIsLetGoQuietly() throws {
            let folder = try makeTemporaryFolder("bus-gone")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let script = """
                errors=$(mktemp)
                "$1" --no-restore --geometry 800x600 --reduce-motion "$2" 2>"$errors" & app=$!
                /usr/bin/python3 -c '
                import pyatspi, sys, time
                deadline = time.time() + 60
                while time.time() < deadline:
                    desktop = pyatspi.Registry.getDesktop(0)
                    if any(a is not None and a.name == "splitview" for a in desktop): sys.exit(0)
                    time.sleep(0.1)
                sys.exit(1)' || { echo NEVER JOINED; exit 3; }
                for launcher in $(pgrep -f '^/usr/libexec/at-spi-bus-launcher'); do
                    if tr '\\0' '\\n' < /proc/$launcher/environ | grep -qx "DBUS_SESSION_BUS_ADDRESS=$DBUS_SESSION_BUS_ADDRESS"; then
                        pkill -KILL -P $launcher; kill -KILL $launcher; echo KILLED
                    fi
                done
                \(Self.watchIt)
                rm -f "$errors"
                """
            try XvfbServer.with { display in
                let run = try Self.run(script, folder, display: display, wrapper: ["/usr/bin/dbus-run-session", "--"])
                #expect(run.finish(timeoutSeconds: 120) == 0, "\(run.output)\(run.errors)")
                let output = run.output
                #expect(output.contains("KILLED") && output.contains("ALIVE"), "\(output)")
                #expect(output.contains("STDERR<>"), "\(output)")
                // A spinning loop would take about 200 ticks in two seconds; an idle one none.
                let ticks = output.split(separator: "\n").first { $0.hasPrefix("TICKS ") }.flatMap { Int($0.dropFirst(6)) }
                #expect((ticks ?? 1000) < 50, "\(output)")
            }
        }
    }
}
