import CX11
import Foundation
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// The real program's scroll bars, under a real pointer (XTEST): the reader's thumb dragged to
/// the foot shows the end of the file, and a click in the files list's track below its thumb
/// moves a page; both offsets are what the window saves when it quits.
extension X11Tests {
    @Suite(.enabled(if: FakeInput.isAvailable, "libXtst.so.6 is missing (Debian: libxtst6)"))
    struct ScrollBarWindowTests {
        typealias Place = AppProductTests.Place

        /// The scroll offsets the saved state holds for the first window.
        static func savedOffsets(_ state: String) -> [String: Double] {
            guard let data = state.data(using: .utf8),
                let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let window = (json["windows"] as? [[String: Any]])?.first,
                let offsets = window["scrollOffsets"] as? [String: Double]
            else { return [:] }
            return offsets
        }

        @Test func theThumbDragsAndTheTrackPages() throws {
            let place = try Place()
            try place.write("Notes/alpha.txt", (0..<2000).map { "line \($0)" }.joined(separator: "\n"))
            for index in 0..<200 { try place.write("Notes/zz\(index).txt", "z") }
            let saved = try ShownFilesTests.showAlpha(place) { connection, window, _ in
                let input = try #require(FakeInput(connection))
                let reader = try #require(childFrame(connection, window, "secondary"))
                let files = try #require(childFrame(connection, window, "supplementary"))
                let height = 700
                // The text comes with the entry's details, read on a worker: a busy machine may
                // bring it after the title, and a press before it finds no thumb to drag.
                #expect(
                    SelectAndCopyWindowTests.waitForInk(connection, x: reader.x + 16, y: reader.y + 38 + 16 + 8, width: 80),
                    "the text is drawn")
                #expect(
                    SelectAndCopyWindowTests.waitForInk(
                        connection, x: reader.x + reader.width - 24, y: reader.y + 38 + 12, width: 18),
                    "the thumb is drawn")
                // The thumb: 15 pt in from the far edge (6 kept for the divider, then the middle
                // of the 12-pt strip), at the top of the text; dragged to the foot.
                input.move(x: reader.x + reader.width - 15, y: reader.y + 38 + 12)
                input.button(true)
                input.move(x: reader.x + reader.width - 15, y: reader.y + height / 2)
                input.move(x: reader.x + reader.width - 15, y: reader.y + height + 40)
                input.button(false)
                // A click in the files list's track, well below its thumb.
                SelectAndCopyWindowTests.click(input, x: files.x + files.width - 15, y: files.y + height - 20)
            }
            let offsets = Self.savedOffsets(saved)
            // 2 000 lines of about 16 pt: the end is some 31 000 pt down.
            #expect((offsets["secondary"] ?? 0) > 25_000, "\(offsets)")
            // A page is the list's height less a row: more than 500 pt, less than two.
            #expect((offsets["supplementary"] ?? 0) > 500 && (offsets["supplementary"] ?? 0) < 1300, "\(offsets)")
        }
    }
}
