import CX11
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// The real program reading text by its pixels: a tab draws exactly as the spaces to its stop
/// (never as a box), and the hex dump is set in the monospace font, so that rows of wide and
/// narrow characters end at the same pixel.
extension X11Tests {
    @Suite struct ReaderWindowTests {
        typealias Place = AppProductTests.Place

        /// The rightmost column with ink in the reader's `pixels` (`width` a row), over the
        /// rows below the notice band (a band row is filled edge to edge, so its first pixel is
        /// not the background's); `nil` when nothing is drawn.
        static func inkRight(_ pixels: [UInt32], width: Int) -> Int? {
            guard width > 0, let background = pixels.last else { return nil }
            var right: Int?
            for start in stride(from: 0, to: pixels.count - width + 1, by: width) where pixels[start] == background {
                if let x = (0..<width).last(where: { pixels[start + $0] != background }) { right = max(right ?? x, x) }
            }
            return right
        }

        @Test func aTabDrawsAsTheSpacesToItsStop() throws {
            let place = try Place()
            try place.write("Notes/alpha.txt", "\tX\nab\tY\nabcdefgh\tZ\n")
            try place.write("Notes/beta.txt", "        X\nab      Y\nabcdefgh        Z\n")
            try ShownFilesTests.showAlpha(place) { connection, window, app in
                let tabs = try #require(settledPixels(connection, window, "secondary", program: app.pid))
                sendKey(connection, window, XK_Down, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "beta.txt — Notes — SplitView" })
                let spaces = try #require(settledPixels(connection, window, "secondary", program: app.pid))
                let width = try #require(childWidth(connection, window, "secondary"))
                #expect(Self.inkRight(tabs, width: width) != nil, "the text is drawn")
                // Compared first, so that a failure names the pixels that differ, not all of them.
                let differing = zip(tabs, spaces).filter { $0 != $1 }.count + abs(tabs.count - spaces.count)
                #expect(differing == 0, "the same pixels as the spaces")
            }
        }

        @Test func theHexDumpIsMonospace() throws {
            let place = try Place()
            // Two binary files (a NUL makes them binary) whose bytes are wide and narrow letters.
            try place.write("Notes/b0.bin", String(repeating: "M", count: 16) + "\u{0}")
            try place.write("Notes/b1.bin", String(repeating: "i", count: 16) + "\u{0}")
            try ShownFilesTests.showAlpha(place) { connection, window, app in
                let width = try #require(childWidth(connection, window, "secondary"))
                sendKey(connection, window, XK_Down, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "b0.bin — Notes — SplitView" })
                let wide = try #require(settledPixels(connection, window, "secondary", program: app.pid))
                sendKey(connection, window, XK_Down, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "b1.bin — Notes — SplitView" })
                let narrow = try #require(settledPixels(connection, window, "secondary", program: app.pid))
                let wideRight = try #require(Self.inkRight(wide, width: width))
                let narrowRight = try #require(Self.inkRight(narrow, width: width))
                // In a proportional font sixteen Ms are about a hundred pixels wider than sixteen is.
                #expect(abs(wideRight - narrowRight) <= 1, "the rows end together: \(wideRight) and \(narrowRight)")
                #expect(zip(wide, narrow).contains { $0 != $1 }, "the bytes differ")
            }
        }
    }
}
