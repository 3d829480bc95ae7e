import CX11
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// `Selections.swift` without a server: Latin-1 for `STRING`.
@Suite struct SelectionsTests {
    @Test(arguments: [("abc", [0x61, 0x62, 0x63]), ("é÷ÿ", [0xE9, 0xF7, 0xFF]), ("€ ✓", [0x3F, 0x20, 0x3F]), ("", [])])
    func stringIsLatin1WithAQuestionMarkForTheRest(text: String, bytes: [UInt8]) {
        #expect(Selections.latin1(Array(text.utf8)) == bytes)
    }
}

/// The real xclip, the client every X user has, reads what the window's controller put in
/// PRIMARY and CLIPBOARD, in every form it asks for; a large selection comes by `INCR`;
/// another program taking the selection is reported to the controller.
private let xclip = "/usr/bin/xclip"

extension X11Tests {
    @Suite(.enabled(if: access(xclip, X_OK) == 0, "xclip is not installed (.ci/run installs it)"))
    struct SelectionsServerTests {
        /// Runs `xclip` with `arguments` against the harness's display while the host serves
        /// it; its output once it ends.
        static func xclipOutput(_ h: WindowHarness, _ arguments: [String]) throws -> String {
            String(decoding: try xclipBytes(h, arguments), as: UTF8.self)
        }

        /// The bytes `xclip` wrote.
        static func xclipBytes(_ h: WindowHarness, _ arguments: [String]) throws -> [UInt8] {
            let child = try ChildProcess(xclip, arguments, environment: ["DISPLAY": h.connection.name])
            var status: Int32?
            _ = waitUntil(timeout: 20) {
                h.host.processPendingEvents()
                h.connection.flush()
                status = child.wait(timeoutSeconds: 0)
                return status != nil
            }
            #expect(status == 0, "xclip \(arguments): \(child.errors)")
            return child.outputBytes
        }

        @Test func primaryAndClipboardAreReadInEveryFormTheyComeIn() throws {
            try withWindow { h in
                h.controller.post(.setSelection(.primary, text: "Grüße — ✓ mixed"))
                h.controller.post(.setSelection(.clipboard, text: "copied\ttext\n"))
                try h.pump()
                #expect(try Self.xclipOutput(h, ["-o", "-selection", "primary"]) == "Grüße — ✓ mixed")
                #expect(try Self.xclipOutput(h, ["-o", "-selection", "clipboard"]) == "copied\ttext\n")
                let targets = try Self.xclipOutput(h, ["-o", "-selection", "primary", "-t", "TARGETS"])
                #expect(Set(targets.split(separator: "\n")) == ["TARGETS", "TIMESTAMP", "UTF8_STRING", "TEXT", "STRING"])
                let latin1 = try Self.xclipBytes(h, ["-o", "-selection", "primary", "-t", "STRING"])
                // ü and ß are Latin-1's own bytes; the dash and the check mark are not in it.
                #expect(latin1 == [0x47, 0x72, 0xFC, 0xDF, 0x65, 0x20, 0x3F, 0x20, 0x3F, 0x20] + Array("mixed".utf8))
                #expect(try Self.xclipOutput(h, ["-o", "-selection", "primary", "-t", "TEXT"]) == "Grüße — ✓ mixed")
                // A form it does not come in is refused: xclip says so and fails.
                let child = try ChildProcess(xclip, ["-o", "-t", "image/png"], environment: ["DISPLAY": h.connection.name])
                _ = waitUntil(timeout: 20) {
                    h.host.processPendingEvents()
                    return child.wait(timeoutSeconds: 0) != nil
                }
                #expect(child.wait(timeoutSeconds: 0) != 0)
            }
        }

        /// One MiB goes by INCR, in pieces, and arrives whole.
        @Test func aSelectionOfOneMebibyteArrivesWholeByIncr() throws {
            try withWindow { h in
                let line = "0123456789abcdef — ünïcødé line\n"
                let big = String(repeating: line, count: (1 << 20) / line.utf8.count + 1)
                #expect(big.utf8.count > Selections.incrementalThreshold)
                h.controller.post(.setSelection(.clipboard, text: big))
                try h.pump()
                let read = try Self.xclipOutput(h, ["-o", "-selection", "clipboard"])
                #expect(read.utf8.count == big.utf8.count)
                #expect(read == big)
                #expect(h.host.selections.incrementalTransfers == 1)
                // Every 64 KiB piece, then the empty one that ends the transfer.
                #expect(h.host.selections.piecesSent == (big.utf8.count + Selections.chunkSize - 1) / Selections.chunkSize + 1)
            }
        }

        /// Another program taking PRIMARY is reported to the window's content controllers;
        /// the host no longer answers for it.
        @Test func anotherProgramTakingTheSelectionIsReported() throws {
            try withWindow { h in
                let watcher = SelectionWatcher(title: "W")
                h.controller.setViewController(watcher, for: .secondary)
                h.controller.post(.setSelection(.primary, text: "ours"))
                try h.pump()
                #expect(h.host.selections.text(of: .primary) == "ours")
                // xclip -i takes PRIMARY and serves it until someone else takes it: -loops 1
                // ends it after one paste, which the test makes.
                let taker = try ChildProcess(
                    xclip, ["-i", "-selection", "primary", "-loops", "1", "/dev/null"],
                    environment: ["DISPLAY": h.connection.name])
                try h.pump(until: { watcher.taken == [.primary] })
                #expect(h.host.selections.text(of: .primary) == nil)
                _ = try Self.xclipOutput(h, ["-o", "-selection", "primary"])
                #expect(taker.finish(timeoutSeconds: 10) == 0)
            }
        }

        /// Given up and taken again at once (the clicks of a triple click, in one millisecond):
        /// the server's `SelectionClear` for our own release comes after the new ownership and
        /// is passed over, so the selection stays ours, with the new text.
        @Test func aSelectionGivenUpAndTakenAgainAtOnceStaysOurs() throws {
            try withWindow { h in
                let watcher = SelectionWatcher(title: "W")
                h.controller.setViewController(watcher, for: .secondary)
                h.controller.post(.setSelection(.primary, text: "word"))
                try h.pump()
                h.controller.post(.clearSelection(.primary))
                h.controller.post(.setSelection(.primary, text: "the whole line"))
                try h.pump()
                #expect(try Self.xclipOutput(h, ["-o", "-selection", "primary"]) == "the whole line")
                #expect(watcher.taken == [])
                #expect(h.host.selections.text(of: .primary) == "the whole line")
            }
        }

        /// A window that closes gives its selection up: the server has no owner for it after.
        @Test func closingTheWindowGivesTheSelectionUp() throws {
            try withWindow { h in
                h.controller.post(.setSelection(.clipboard, text: "bye"))
                try h.pump()
                #expect(XGetSelectionOwner(h.connection.display, h.connection.atoms.clipboard) == h.window.window)
                h.controller.handle(.command(.closeWindow))
                try h.pump(until: { h.host.windows.isEmpty })
                #expect(XGetSelectionOwner(h.connection.display, h.connection.atoms.clipboard) == UInt(None))
                #expect(h.host.selections.text(of: .clipboard) == nil)
            }
        }
    }
}

/// A content controller that records the selections other programs took from it.
final class SelectionWatcher: ViewController {
    var taken: [Selection] = []
    override func selectionTaken(_ selection: Selection) { taken.append(selection) }
}
