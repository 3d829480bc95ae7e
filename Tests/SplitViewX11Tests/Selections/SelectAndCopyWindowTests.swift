import CX11
import Foundation
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// The real program's selections read by the real `xclip`: text dragged over and triple
/// clicked in the reader is PRIMARY, Ctrl+C puts it on CLIPBOARD, a 1 MiB selection comes
/// through INCR, and the inspector's path is selected and copied the same way. The pointer
/// is real (XTEST), as a person's is.
extension X11Tests {
    @Suite(
        .enabled(if: access("/usr/bin/xclip", X_OK) == 0, "xclip is not installed (.ci/run installs it)"),
        .enabled(if: FakeInput.isAvailable, "libXtst.so.6 is missing (Debian: libxtst6)"))
    struct SelectAndCopyWindowTests {
        typealias Place = AppProductTests.Place

        /// What `xclip -o` prints for `selection` on the program's display, or `nil` when it
        /// fails (no owner yet: it exits 1).
        static func paste(_ connection: X11Connection, _ selection: String = "primary") throws -> [UInt8]? {
            let child = try ChildProcess(
                "/usr/bin/xclip", ["-o", "-selection", selection], environment: ["DISPLAY": connection.name])
            return child.wait(timeoutSeconds: 20) == 0 ? child.outputBytes : nil
        }

        /// Waits until `xclip -o` prints `expected` for `selection`.
        static func waitForPaste(_ connection: X11Connection, _ selection: String = "primary", _ expected: String) -> Bool {
            waitUntil { ((try? paste(connection, selection)) ?? nil).map { String(decoding: $0, as: UTF8.self) } == expected }
        }

        /// Waits until the band of the screen `width` wide from (`x`, `y` − 4) to
        /// (`x` + `width`, `y` + 4) holds more than one colour: a line's text drawn there.
        static func waitForInk(_ connection: X11Connection, x: Int, y: Int, width: Int) -> Bool {
            waitUntil {
                guard let band = try? PixelImage(connection, connection.root, PixelRect(x: x, y: y - 4, width: width, height: 9))
                else {
                    return false
                }
                return band.anyPixel(in: PixelRect(x: 0, y: 0, width: width, height: 9), differsFrom: band[0, 0])
            }
        }

        /// Presses the main button `times` times in a row at (`x`, `y`) on the screen.
        static func click(_ input: FakeInput, x: Int, y: Int, times: Int = 1) {
            input.move(x: x, y: y)
            for _ in 0..<times {
                input.button(true)
                input.button(false)
            }
        }

        @Test func aDragAndATripleClickInTheReaderArePrimaryAndControlCIsClipboard() throws {
            let place = try Place()
            try place.write("Notes/alpha.txt", "first line\tof text\nsecond line\n")
            try ShownFilesTests.showAlpha(place) { connection, window, _ in
                let input = try #require(FakeInput(connection))
                let reader = try #require(childFrame(connection, window, "secondary"))
                // The first line runs from 16 pt in (the divider's grab area takes the first
                // 6); its middle is 38 + 16 + 8 pt down.
                let lineY = reader.y + 38 + 16 + 8
                // The title names the file at once; its text comes with the entry's details,
                // read on a worker, which a busy machine may bring later: a drag before it
                // would select nothing. Until then the line shows "Loading…" (about 60 px),
                // and before it "No file selected" (about 100): the ink waited for is "of
                // text", after the tab (128 to 184 px in, eight columns of 8 px in).
                #expect(Self.waitForInk(connection, x: reader.x + 16 + 130, y: lineY, width: 50), "the text is drawn")
                input.move(x: reader.x + 16, y: lineY)
                input.button(true)
                input.move(x: reader.x + reader.width / 2, y: lineY + 2)
                input.move(x: reader.x + reader.width - 30, y: lineY)
                input.button(false)
                // The tab is copied as a tab, not as the spaces that draw it.
                #expect(Self.waitForPaste(connection, "primary", "first line\tof text"))
                sendKey(connection, window, XK_c, state: ControlMask)
                #expect(Self.waitForPaste(connection, "clipboard", "first line\tof text"))
                // A triple click takes the second line whole, without its break.
                Self.click(input, x: reader.x + 40, y: lineY + 17, times: 3)
                #expect(Self.waitForPaste(connection, "primary", "second line"))
                #expect(Self.waitForPaste(connection, "clipboard", "first line\tof text"), "CLIPBOARD keeps its copy")
            }
        }

        @Test func aMebibyteSelectionComesThroughIncr() throws {
            let place = try Place()
            // "alpha.txt" comes first, "alphabet.txt" right after it.
            let line = String(repeating: "abcdefghijklmnopqrstuvwxyz0123456789", count: 3) + "\n"
            let big = String(repeating: line, count: (1 << 20) / line.utf8.count + 1)
            try place.write("Notes/alphabet.txt", big)
            try ShownFilesTests.showAlpha(place) { connection, window, _ in
                // Select All takes the text shown, which comes after the title (see above): the
                // first line's pixels are waited for to change from alpha.txt's, and to reach
                // past the "Loading…" shown meanwhile (about 60 px: the line runs the band's
                // width).
                let reader = try #require(childFrame(connection, window, "secondary"))
                let firstLine = PixelRect(x: reader.x + 16, y: reader.y + 38 + 16 + 4, width: 200, height: 9)
                let before = try PixelImage(connection, connection.root, firstLine).pixels
                sendKey(connection, window, XK_Down, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "alphabet.txt — Notes — SplitView" })
                #expect(
                    waitUntil {
                        guard let now = try? PixelImage(connection, connection.root, firstLine) else { return false }
                        return now.pixels != before
                            && now.anyPixel(in: PixelRect(x: 130, y: 0, width: 70, height: 9), differsFrom: now[130, 0])
                    }, "alphabet.txt's text is drawn")
                sendKey(connection, window, XK_F6, state: 0)
                sendKey(connection, window, XK_a, state: ControlMask)
                sendKey(connection, window, XK_c, state: ControlMask)
                #expect(waitUntil { ((try? Self.paste(connection, "clipboard")) ?? nil)?.count == big.utf8.count })
                let clipboard = try Self.paste(connection, "clipboard"), primary = try Self.paste(connection, "primary")
                #expect(clipboard == Array(big.utf8))
                #expect(primary == Array(big.utf8))
            }
        }

        @Test func theInspectorsPathIsSelectedAndCopied() throws {
            let place = try Place()
            try ShownFilesTests.showAlpha(place) { connection, window, _ in
                let input = try #require(FakeInput(connection))
                sendKey(connection, window, XK_i, state: ControlMask | Mod1Mask)
                #expect(waitUntil { childFrame(connection, window, "inspector") != nil })
                let inspector = try #require(childFrame(connection, window, "inspector"))
                // The second entry's value: below "NAME", "alpha.txt", the gap and "PATH".
                Self.click(input, x: inspector.x + 40, y: inspector.y + 38 + 84, times: 3)
                let path = place.root + "/Notes/alpha.txt"
                #expect(Self.waitForPaste(connection, "primary", path))
                sendKey(connection, window, XK_c, state: ControlMask)
                #expect(Self.waitForPaste(connection, "clipboard", path))
            }
        }
    }
}
