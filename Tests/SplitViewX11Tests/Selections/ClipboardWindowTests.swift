import CX11
import Foundation
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// The real program's files on CLIPBOARD, read by the real `xclip` in GNOME's and RFC 2483's
/// forms; a `text/uri-list` that `xclip` owns pasted with Ctrl+V; and a large copy cancelled
/// with Escape half-way, leaving nothing behind.
extension X11Tests {
    @Suite(.enabled(if: access("/usr/bin/xclip", X_OK) == 0, "xclip is not installed (.ci/run installs it)"))
    struct ClipboardWindowTests {
        typealias Place = AppProductTests.Place

        /// What `xclip -o -selection clipboard -t target` prints, or nil when it fails.
        static func paste(_ connection: X11Connection, target: String) -> String? {
            guard
                let child = try? ChildProcess(
                    "/usr/bin/xclip", ["-o", "-selection", "clipboard", "-t", target],
                    environment: ["DISPLAY": connection.name]),
                child.wait(timeoutSeconds: 20) == 0
            else { return nil }
            return String(decoding: child.outputBytes, as: UTF8.self)
        }

        /// `xclip` owns CLIPBOARD with `text` as `target` (it stays, in the background, until
        /// the server ends).
        static func own(_ connection: X11Connection, target: String, _ text: String, in place: Place) throws {
            let file = place.stateHome + "/clip-\(UInt32.random(in: 0...UInt32.max))"
            try text.write(toFile: file, atomically: false, encoding: .utf8)
            let child = try ChildProcess(
                "/usr/bin/xclip", ["-selection", "clipboard", "-t", target, file], environment: ["DISPLAY": connection.name])
            #expect(child.wait(timeoutSeconds: 20) == 0, "xclip: \(child.errors)")
            #expect(waitUntil { paste(connection, target: target) == text }, "xclip owns the clipboard")
        }

        /// `path` as a `file://` URI, every byte but the unreserved ones and `/` escaped.
        static func uri(_ path: String) -> String {
            "file://"
                + path.utf8.map { byte in
                    let c = Character(UnicodeScalar(byte))
                    return c.isASCII && (c.isLetter || c.isNumber || "-._~/".contains(c))
                        ? String(c) : String(format: "%%%02X", byte)
                }.joined()
        }

        /// The names in the folder `path`, sorted.
        static func names(_ path: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
        }

        @Test func ctrlCInTheFilesListIsReadAsGNOMEsAndAURIList() throws {
            let place = try Place()
            try ShownFilesTests.showAlpha(place) { connection, window, _ in
                sendKey(connection, window, XK_c, state: ControlMask)
                let uri = Self.uri(place.root + "/Notes/alpha.txt")
                #expect(waitUntil { Self.paste(connection, target: "x-special/gnome-copied-files") == "copy\n" + uri })
                #expect(Self.paste(connection, target: "text/uri-list") == uri + "\r\n")
                #expect(Self.paste(connection, target: "UTF8_STRING") == place.root + "/Notes/alpha.txt")
                sendKey(connection, window, XK_x, state: ControlMask)
                #expect(waitUntil { Self.paste(connection, target: "x-special/gnome-copied-files") == "cut\n" + uri })
            }
        }

        @Test func aURIListOnTheClipboardIsPastedIntoTheShownFolder() throws {
            let place = try Place()
            try ShownFilesTests.showAlpha(place) { connection, window, _ in
                try Self.own(connection, target: "text/uri-list", Self.uri(place.root + "/top.txt") + "\r\n", in: place)
                sendKey(connection, window, XK_v, state: ControlMask)
                #expect(waitUntil { (try? String(contentsOfFile: place.root + "/Notes/top.txt", encoding: .utf8)) == "top" })
                #expect(Self.names(place.root + "/Notes") == ["alpha.txt", "beta.txt", "top.txt"])
                #expect(FileManager.default.fileExists(atPath: place.root + "/top.txt"), "a copy: the original stays")
            }
        }

        /// A clipboard owner that answers in pieces (`INCR`, 16 bytes at a time, as a program
        /// does for a large list): the paste reads every piece, then copies the file.
        @Test func aURIListSentInPiecesIsPastedWhole() throws {
            let place = try Place()
            try ShownFilesTests.showAlpha(place) { connection, window, _ in
                let owner = try XdndPeer(display: connection.name, x: 1300, y: 700, width: 20, height: 20, aware: false)
                owner.offers = ["text/uri-list": Array((Self.uri(place.root + "/top.txt") + "\r\n").utf8)]
                owner.incrementalAbove = 16
                owner.pieceSize = 16
                XSetSelectionOwner(owner.connection.display, owner.atom("CLIPBOARD"), owner.window, UInt(CurrentTime))
                owner.connection.sync()
                sendKey(connection, window, XK_v, state: ControlMask)
                #expect(owner.wait { FileManager.default.fileExists(atPath: place.root + "/Notes/top.txt") })
                #expect(owner.piecesSent > 2)
                #expect(waitUntil { (try? String(contentsOfFile: place.root + "/Notes/top.txt", encoding: .utf8)) == "top" })
            }
        }

        /// A 2 GiB file (sparse: nothing on disk to read) pasted, Escape pressed while its
        /// temporary file grows: the copy stops and its file is gone.
        @Test func aCopyCancelledHalfWayLeavesNothingBehind() throws {
            let place = try Place()
            let big = place.stateHome + "/big.bin"
            #expect(FileManager.default.createFile(atPath: big, contents: nil) && truncate(big, 2 << 30) == 0)
            try ShownFilesTests.showAlpha(place) { connection, window, _ in
                try Self.own(connection, target: "text/uri-list", Self.uri(big) + "\r\n", in: place)
                sendKey(connection, window, XK_v, state: ControlMask)
                #expect(waitUntil { Self.names(place.root + "/Notes").contains { $0.hasPrefix(".splitview-copy-") } })
                sendKey(connection, window, XK_Escape, state: 0)
                #expect(waitUntil { Self.names(place.root + "/Notes") == ["alpha.txt", "beta.txt"] })
            }
        }
    }
}
