import CX11
import Foundation
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// Reading a hosted program's window: its title and its `_XEMBED_INFO`.
extension X11Tests {
    @Suite struct XEmbedTests {
        static func setText(_ connection: X11Connection, _ window: Window, _ property: Atom, type: Atom, _ bytes: [UInt8]) {
            var bytes = bytes
            _ = XChangeProperty(connection.display, window, property, type, 8, PropModeReplace, &bytes, Int32(bytes.count))
            connection.sync()
        }

        /// `_NET_WM_NAME` (UTF-8) wins; else `WM_NAME`, as UTF-8 when typed so, else Latin-1;
        /// no title at all is nil, not an empty string.
        @Test func theTitleIsTheNetNameElseTheLegacyName() throws {
            try withConnection { connection in
                let window = try makeMappedWindow(connection)
                #expect(ClientTitle.read(window, on: connection) == nil)
                Self.setText(connection, window, connection.atoms.wmName, type: Atom(XA_STRING), [0x63, 0x61, 0x66, 0xE9])
                #expect(ClientTitle.read(window, on: connection) == "café")
                Self.setText(
                    connection, window, connection.atoms.wmName, type: connection.atoms.utf8String, Array("vim — notes".utf8))
                #expect(ClientTitle.read(window, on: connection) == "vim — notes")
                Self.setText(
                    connection, window, connection.atoms.netWMName, type: connection.atoms.utf8String, Array("π ≈ 3.14".utf8))
                #expect(ClientTitle.read(window, on: connection) == "π ≈ 3.14")
            }
        }

        @Test func theInfoIsReadAsVersionAndFlagsAndAbsentWithoutOne() throws {
            try withConnection { connection in
                let window = try makeMappedWindow(connection)
                let atoms = XEmbed.Atoms(connection)
                #expect(XEmbed.info(of: window, atoms: atoms, on: connection) == nil)
                var info = [0, XEmbed.mappedFlag]
                info.withUnsafeMutableBytes { bytes in
                    _ = XChangeProperty(
                        connection.display, window, atoms.info, atoms.info, 32, PropModeReplace,
                        bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 2)
                }
                connection.sync()
                let read = XEmbed.info(of: window, atoms: atoms, on: connection)
                #expect(read?.version == 0 && read?.flags == XEmbed.mappedFlag)
            }
        }
    }
}

/// A hosted program's life cycle inside the host, where its status can be read: no window
/// within the wait, not found, an exit status.
extension X11Tests {
    @Suite struct ForeignPanesLifeCycleTests {
        static func host(_ command: String, _ body: (WindowHarness, ForeignContentViewController) throws -> Void) throws {
            try XvfbServer.with { display in
                let harness = try WindowHarness(display: display)
                let program = ForeignContentViewController(command: try ProgramCommand(parsing: command))
                harness.controller.setViewController(program, for: .secondary)
                try harness.pump()
                defer { ProgramProcess.endAll(grace: 1) }
                try body(harness, program)
            }
        }

        /// A host that hosts programs is freed with its last reference (its panes hold it
        /// unowned): a cycle kept the connection, and so the server, alive.
        @Test func aHostWithProgramsIsFreed() throws {
            weak var freed: SplitViewX11.Host?
            try Self.host("sleep 30") { harness, _ in freed = harness.host }
            #expect(freed == nil)
        }

        @Test func aProgramThatShowsNoWindowSaysSoAfterTheWait() throws {
            try Self.host("sleep 30") { harness, program in
                #expect(program.status == .starting)
                harness.host.runDueWork(now: Host.now() + Double(ForeignPanes.noWindowTimeout) - 1)
                #expect(program.status == .starting)
                harness.host.runDueWork(now: Host.now() + Double(ForeignPanes.noWindowTimeout) + 0.1)
                #expect(program.status == .noWindow(seconds: 5))
                #expect(program.message.first == "sleep has shown no window in 5 s.")
            }
        }

        @Test func aProgramThatIsNotFoundSaysSoAtOnce() throws {
            try Self.host("splitview-no-such-program {}") { _, program in
                #expect(program.status == .ended("splitview-no-such-program: not found"))
            }
        }

        @Test func anExitStatusIsShownAndReturnStartsTheProgramAgain() throws {
            let folder = try makeTemporaryFolder("runs")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let runs = folder + "/runs"
            try Self.host("sh -c 'echo run >> \(runs); exit 3'") { harness, program in
                let ended = {
                    harness.host.reapChildren()
                    return program.status == .ended("sh exited with status 3")
                }
                #expect(waitUntil(ended))
                harness.controller.focusedColumn = .secondary
                harness.key(XK_Return)
                try harness.pump()
                #expect(waitUntil { (try? String(contentsOfFile: runs, encoding: .utf8)) == "run\nrun\n" })
                #expect(waitUntil(ended))
            }
        }
    }
}
