import CX11
import Foundation
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// The real program showing pictures, checked by their pixels: a small PNG at 1:1, its
/// translucent half over the pane's background in either theme; a large one fitted to the
/// pane, and fitted again when the window narrows.
extension X11Tests {
    @Suite struct ImageWindowTests {
        typealias Place = AppProductTests.Place

        /// Runs `splitview` on the place in `theme`, selects Notes, then `name` (the file right
        /// after alpha.txt) with keys, runs `body`, and quits with Ctrl+Q: exit 0, nothing on stderr.
        static func show(
            _ place: Place, _ name: String, theme: String = "light",
            _ body: (X11Connection, Window, ChildProcess) throws -> Void
        ) throws {
            _ = try ShownFilesTests.showAlpha(place, arguments: ["--theme", theme]) { connection, window, app in
                sendKey(connection, window, XK_Down, state: 0)
                #expect(waitForTitle(connection, window) { $0 == "\(name) — Notes — SplitView" })
                try body(connection, window, app)
            }
        }

        /// The smallest rectangle holding every pixel of `pixels` (`width` a row) equal to
        /// `colour`, and how many there are.
        static func box(of colour: UInt32, in pixels: [UInt32], width: Int) -> (rect: PixelRect, count: Int)? {
            var left = Int.max, top = Int.max, right = -1, bottom = -1, count = 0
            for (index, pixel) in pixels.enumerated() where pixel == colour {
                let x = index % width, y = index / width
                left = min(left, x)
                right = max(right, x)
                top = min(top, y)
                bottom = max(bottom, y)
                count += 1
            }
            guard count > 0 else { return nil }
            return (PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1), count)
        }

        /// `colour` at `alpha` (straight, 0 to 255) over `background`, as XRender's `Over`
        /// composites it from premultiplied pixels.
        static func over(_ colour: UInt32, alpha: UInt32, _ background: UInt32) -> UInt32 {
            var result: UInt32 = 0
            for shift: UInt32 in [16, 8, 0] {
                let premultiplied = ((colour >> shift & 0xFF) * alpha + 127) / 255
                let under = ((background >> shift & 0xFF) * (255 - alpha) + 127) / 255
                result |= min(255, premultiplied + under) << shift
            }
            return result
        }

        /// A 64 × 32 PNG, its left half opaque red and its right half blue at half alpha: shown
        /// at its own size, pixel for pixel, the blue blended over the pane's background, in
        /// both themes.
        @Test(arguments: ["light", "dark"])
        func aPNGShowsPixelForPixelWithItsAlphaOverThePane(theme: String) throws {
            let place = try Place()
            let row = (0..<64).flatMap { x -> [UInt8] in x < 32 ? [255, 0, 0, 255] : [0, 0, 255, 128] }
            let pixels = Array(Array(repeating: row, count: 32).joined())
            #expect(PictureFiles.png(place.root + "/Notes/b.png", width: 64, height: 32, type: .rgba, bytes: pixels))
            try Self.show(place, "b.png", theme: theme) { connection, window, app in
                let width = try #require(childWidth(connection, window, "secondary"))
                // Decoded on the worker: the red is there once the picture is.
                #expect(waitUntil { columnPixels(connection, window, "secondary").contains(0xFF0000) }, "the picture came")
                let shown = try #require(settledPixels(connection, window, "secondary", program: app.pid))
                // Boxes found first, so that a failure prints them and not the pane's pixels.
                let background = try #require(shown.last)
                let redBox = Self.box(of: 0xFF0000, in: shown, width: width)
                let red = try #require(redBox, "the red half")
                #expect(red.rect.width == 32 && red.rect.height == 32 && red.count == 32 * 32, "1:1, sharp: \(red)")
                let blended = Self.over(0x0000FF, alpha: 128, background)
                let blueBox = Self.box(of: blended, in: shown, width: width)
                let blue = try #require(blueBox, "the blue half blended over \(String(background, radix: 16))")
                #expect(blue.count == 32 * 32 && blue.rect == PixelRect(x: red.rect.x + 32, y: red.rect.y, width: 32, height: 32))
                // Centred in the pane, below its bar (the pixels start 40 px down, the bar is 38).
                #expect(abs((red.rect.x + 32) - width / 2) <= 1)
            }
        }

        /// A 2 000 × 1 000 PNG, red then green: fitted to the pane's width less its margins, and
        /// fitted again, narrower, when the window narrows.
        @Test func aLargePNGIsFittedAndFittedAgainWhenThePaneNarrows() throws {
            let place = try Place()
            let red: [UInt8] = [255, 0, 0], green: [UInt8] = [0, 255, 0]
            let row = Array(Array(repeating: red, count: 1000).joined()) + Array(Array(repeating: green, count: 1000).joined())
            let pixels = Array(Array(repeating: row, count: 1000).joined())
            #expect(PictureFiles.png(place.root + "/Notes/b.png", width: 2000, height: 1000, type: .rgb, bytes: pixels))
            try Self.show(place, "b.png") { connection, window, app in
                /// The width of the red half as shown, and the secondary's width, once it is
                /// the half of a picture fitted to that width.
                func fitted() -> (red: Int, pane: Int)? {
                    var found: (Int, Int)?
                    waitUntil {
                        guard let pane = childWidth(connection, window, "secondary"),
                            let red = Self.box(of: 0xFF0000, in: columnPixels(connection, window, "secondary"), width: pane)
                        else { return false }
                        found = (red.rect.width, pane)
                        // Bilinear edges aside, the red half is half the picture fitted into the pane less 2 × 16.
                        return abs(red.rect.width - (pane - 32) / 2) <= 2
                    }
                    return found
                }
                let wide = try #require(fitted())
                #expect(abs(wide.red - (wide.pane - 32) / 2) <= 2, "fitted: \(wide)")
                XResizeWindow(connection.display, window, 950, 700)
                connection.flush()
                #expect(waitUntil { (childWidth(connection, window, "secondary") ?? wide.pane) < wide.pane })
                let narrow = try #require(fitted())
                #expect(narrow.pane < wide.pane && abs(narrow.red - (narrow.pane - 32) / 2) <= 2, "fitted again: \(narrow)")
            }
        }
    }
}
