import CX11
import SplitView
import Testing

@testable import SplitViewX11

extension X11Tests {
    /// `Canvas.draw(_:)`: a list drawn over the one before redraws only what changed, and the
    /// pixmap then holds exactly what drawing the list whole on a new canvas gives.
    @Suite struct CanvasChangesTests {
        /// A pane as the app draws one, `width` pixels wide: a background, a bar with a
        /// centred title, rows of text with an icon, a selected row, a scroll bar at the right.
        static func pane(width: Double, selected: Int, title: String, rows: [String]) -> DisplayList {
            let theme = Theme.light
            var list = DisplayList(size: Size(width: width, height: 120))
            list.append(.fill(Rect(x: 0, y: 0, width: width, height: 120), theme.background))
            list.append(.fill(Rect(x: 0, y: 0, width: width, height: 24), theme.barBackground))
            list.append(.fill(Rect(x: 0, y: 24, width: width, height: 1), theme.barSeparator))
            list.append(.text(title, origin: Point(x: (width - 6 * Double(title.count)) / 2, y: 17), .title, theme.text))
            for (index, row) in rows.enumerated() {
                let top = 26 + 18 * Double(index)
                if index == selected { list.append(.fill(Rect(x: 0, y: top, width: width, height: 18), theme.accent)) }
                list.append(.polyline([Point(x: 6, y: top + 4), Point(x: 12, y: top + 14)], theme.text, width: 1.5))
                list.append(.text(row, origin: Point(x: 18, y: top + 13), .body, theme.text))
            }
            list.append(.fill(Rect(x: width - 4, y: 30, width: 3, height: 40), theme.text.withAlpha(90)))
            return list
        }

        /// A seeded generator, so that a failing sequence can be run again.
        struct SplitMix: RandomNumberGenerator {
            var state: UInt64
            mutating func next() -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }

        /// Forty random frames (widths as a drag gives them, a row selected, a title or a row
        /// renamed, a row added or removed), each drawn over the last: after every frame the
        /// pixmap equals a new canvas's drawing of the same list, pixel for pixel.
        @Test(arguments: [1, 2, 3]) func drawnOverTheLastEveryFrameEqualsTheListDrawnWhole(seed: UInt64) throws {
            try withConnection { connection in
                var random = SplitMix(state: seed)
                let canvas = try makeCanvas(connection, width: 260, height: 120)
                let fresh = try makeCanvas(connection, width: 260, height: 120)
                var width = 180.0, selected = 1, title = "Library"
                var rows = ["Poems & Quotes", "Projects", "Reading", "Recipes"]
                var partial = 0
                for frame in 0..<40 {
                    switch Int.random(in: 0..<10, using: &random) {
                    case 0: selected = Int.random(in: -1..<rows.count, using: &random)
                    case 1: title = ["Library", "Work", "Travel notes"].randomElement(using: &random)!
                    case 2:
                        rows[Int.random(in: 0..<rows.count, using: &random)] = ["Äpfel", "Work", "x"].randomElement(
                            using: &random)!
                    case 3 where rows.count < 5: rows.append("New")
                    case 4 where rows.count > 2: rows.removeLast()
                    default: width = min(250, max(60, width + Double(Int.random(in: -9...9, using: &random))))
                    }
                    let list = Self.pane(width: width, selected: selected, title: title, rows: rows)
                    let size = PixelSize(width: Int(width), height: 120)
                    canvas.resize(to: size)
                    let changes = canvas.draw(list)
                    if changes != [PixelRect(x: 0, y: 0, width: size.width, height: size.height)] { partial += 1 }
                    fresh.resize(to: size)
                    Renderer.draw(list, on: fresh)
                    let drawn = try drawing(of: canvas), whole = try drawing(of: fresh)
                    #expect(drawn.pixels == whole.pixels, "seed \(seed), frame \(frame)")
                }
                #expect(partial > 20, "most frames redraw only a part")
            }
        }

        @Test func theSameListAgainDrawsNothing() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection, width: 200, height: 120)
                let list = Self.pane(width: 200, selected: 0, title: "Library", rows: ["a", "b"])
                #expect(canvas.draw(list) == [PixelRect(x: 0, y: 0, width: 200, height: 120)], "the first list: all of it")
                let next = XNextRequest(connection.display)
                #expect(canvas.draw(list).isEmpty)
                #expect(XNextRequest(connection.display) == next, "no request")
            }
        }

        /// A pane widened by 3 pixels redraws the strip, the bar's centred title and the
        /// scroll bar, not its rows.
        @Test func aWidenedPaneRedrawsTheStripTheTitleAndTheScrollBarOnly() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection, width: 240, height: 120)
                canvas.resize(to: PixelSize(width: 200, height: 120))
                canvas.draw(Self.pane(width: 200, selected: 0, title: "Library", rows: ["a", "b", "c"]))
                canvas.resize(to: PixelSize(width: 203, height: 120))
                let changes = canvas.draw(Self.pane(width: 203, selected: 0, title: "Library", rows: ["a", "b", "c"]))
                let area = changes.reduce(0) { $0 + $1.width * $1.height }
                #expect(area < 203 * 120 / 3, "\(changes)")
                #expect(changes.contains { $0.contains(PixelRect(x: 200, y: 0, width: 3, height: 120)) })
                #expect(
                    !changes.contains { $0.intersects(PixelRect(x: 18, y: 70, width: 20, height: 20)) }, "the rows' text stays")
            }
        }

        /// A verb called directly (a test's or another host's drawing) makes the next list draw
        /// whole: the pixmap no longer holds what the last list drew.
        @Test func aVerbCalledDirectlyMakesTheNextListDrawWhole() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection, width: 200, height: 120)
                let list = Self.pane(width: 200, selected: 0, title: "Library", rows: ["a"])
                canvas.draw(list)
                canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), Color(rgb: 0xff0000))
                #expect(canvas.draw(list) == [PixelRect(x: 0, y: 0, width: 200, height: 120)])
                #expect(try drawing(of: canvas)[5, 5] != 0xff0000)
            }
        }

        /// A copy of part of the drawing answers an exposure inside that part made before it,
        /// and only those.
        @Test func aPartialCopyAnswersTheExposuresInsideIt() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection, width: 200, height: 120)
                canvas.draw(Self.pane(width: 200, selected: 0, title: "Library", rows: ["a"]))
                let before = XNextRequest(connection.display) - 1
                canvas.present(changes: [PixelRect(x: 150, y: 0, width: 50, height: 120)])
                #expect(canvas.isCovered(exposeSerial: before, rect: PixelRect(x: 160, y: 10, width: 20, height: 20)))
                #expect(!canvas.isCovered(exposeSerial: before, rect: PixelRect(x: 100, y: 10, width: 60, height: 20)))
                #expect(
                    !canvas.isCovered(
                        exposeSerial: XNextRequest(connection.display), rect: PixelRect(x: 160, y: 10, width: 1, height: 1)))
                canvas.present()
                #expect(canvas.isCovered(exposeSerial: before, rect: PixelRect(x: 0, y: 0, width: 200, height: 120)))
            }
        }

        /// A picture the list still shows but did not draw again (it lies outside the change)
        /// stays on the server.
        @Test func aPictureOutsideTheChangeStaysUploaded() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection, width: 200, height: 120)
                let picture = ImagePixels(width: 2, height: 2, argb: [0xff00_ff00, 0xff00_ff00, 0xff00_ff00, 0xff00_ff00])
                var list = Self.pane(width: 200, selected: 0, title: "Library", rows: ["a"])
                list.append(.image(picture, in: Rect(x: 10, y: 80, width: 20, height: 20)))
                canvas.draw(list)
                #expect(canvas.uploadedImageCount == 1)
                var retitled = Self.pane(width: 200, selected: 0, title: "Work", rows: ["a"])
                retitled.append(.image(picture, in: Rect(x: 10, y: 80, width: 20, height: 20)))
                let changes = canvas.draw(retitled)
                #expect(!changes.isEmpty && !changes.contains { $0.intersects(PixelRect(x: 10, y: 80, width: 20, height: 20)) })
                #expect(canvas.uploadedImageCount == 1)
                canvas.draw(Self.pane(width: 200, selected: 0, title: "Work", rows: ["a"]))
                #expect(canvas.uploadedImageCount == 0, "gone once no list shows it")
            }
        }
    }
}
