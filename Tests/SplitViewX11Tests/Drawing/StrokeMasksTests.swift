import CX11
import SplitView
import Testing

@testable import SplitViewX11

/// `StrokeMasks.swift`: which strokes can be kept (points on whole or half pixels), and their
/// keys, the same wherever a shape lands by whole pixels.
@Suite struct StrokeMaskKeyTests {
    @Test func aShapeMovedByWholePixelsHasTheSameKey() throws {
        let shape = [DevicePoint(x: 10.5, y: 20.5), DevicePoint(x: 14.5, y: 24.5), DevicePoint(x: 18.5, y: 20.5)]
        let moved = shape.map { DevicePoint(x: $0.x + 37, y: $0.y - 11) }
        let a = try #require(StrokeMasks.key(of: shape, width: 1))
        let b = try #require(StrokeMasks.key(of: moved, width: 1))
        #expect(a.key == b.key)
        #expect((a.x, a.y) == (10, 20) && (b.x, b.y) == (47, 9))
        #expect(StrokeMasks.key(of: shape, width: 3)?.key != a.key)  // the width is part of it
    }

    /// Boundaries: a point off the half-pixel grid, a point that is not a number, no point.
    @Test func aShapeOffTheHalfPixelGridIsNotKept() {
        #expect(StrokeMasks.key(of: [DevicePoint(x: 1.25, y: 2)], width: 2) == nil)
        #expect(StrokeMasks.key(of: [DevicePoint(x: 1, y: 2), DevicePoint(x: .nan, y: 2)], width: 2) == nil)
        #expect(StrokeMasks.key(of: [DevicePoint(x: .infinity, y: 2)], width: 2) == nil)
        #expect(StrokeMasks.key(of: [], width: 2) == nil)
    }
}

extension X11Tests {
    /// The kept masks on a real server: a stroke drawn through its mask is the stroke cut into
    /// trapezoids and filled, pixel for pixel, wherever it lands; a shape drawn again reuses its
    /// mask; the masks a canvas keeps are bounded.
    @Suite struct StrokeMasksTests {
        /// The bar's icons as the buttons draw them (2 pt strokes), thin and thick strokes, a
        /// translucent one, each twice (the second time from the kept mask) at two places.
        @Test func aStrokeThroughItsMaskIsTheTrapezoidsPixelForPixel() throws {
            try withConnection { connection in
                let masked = try makeCanvas(connection, width: 240, height: 160)
                let direct = try makeCanvas(connection, width: 240, height: 160)
                let shapes: [([Point], Double)] = [
                    ([Point(x: 12, y: 8), Point(x: 6, y: 14), Point(x: 12, y: 20)], 2),  // a back chevron
                    ([Point(x: 4, y: 4), Point(x: 20, y: 4), Point(x: 20, y: 18), Point(x: 4, y: 18), Point(x: 4, y: 4)], 2),
                    ([Point(x: 3.3, y: 7.6), Point(x: 17.2, y: 9.9)], 1),
                    ([Point(x: 5, y: 5), Point(x: 25, y: 25), Point(x: 45, y: 5)], 3),
                    ([Point(x: 8, y: 8)], 2),  // one point: a dot
                ]
                let colors = [Color(rgb: 0x1d1d1f), Color(rgb: 0x2f6fd6).withAlpha(140)]
                for canvas in [masked, direct] { canvas.fill(Rect(x: 0, y: 0, width: 240, height: 160), Color(rgb: 0xffffff)) }
                for (index, (points, width)) in shapes.enumerated() {
                    for (round, place) in [Point(x: 0, y: 0), Point(x: 117, y: 71)].enumerated() {
                        let at = points.map {
                            Point(x: $0.x + place.x + Double(index) * 20, y: $0.y + place.y + Double(round) * 3)
                        }
                        let color = colors[(index + round) % 2]
                        masked.polyline(at, color, width: width)
                        direct.polyline(at, color, width: width, throughMask: false)
                    }
                }
                let a = try drawing(of: masked), b = try drawing(of: direct)
                let differing = zip(a.pixels, b.pixels).filter { $0 != $1 }.count
                #expect(differing == 0, "\(differing) pixels differ")
                #expect(a.pixels.contains { $0 != 0xffffff }, "something was drawn")
                #expect(masked.strokeMasks?.count == shapes.count)  // one mask a shape, drawn twice each
                #expect(masked.strokeMasks?.made == shapes.count)
                #expect(direct.strokeMasks == nil)
            }
        }

        @Test func aCanvasKeepsAtMostItsCapacityOfMasks() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection, width: 200, height: 120)
                for length in 1...(StrokeMasks.capacity + 8) {
                    canvas.polyline([Point(x: 10, y: 10), Point(x: 10 + Double(length), y: 30)], Color(rgb: 0), width: 2)
                }
                #expect(canvas.strokeMasks?.count == StrokeMasks.capacity)
                // The newest shapes are kept: drawing the last one again makes no new mask; the
                // first one was let go, and drawing it makes one again.
                let last = Double(StrokeMasks.capacity + 8)
                canvas.polyline([Point(x: 50, y: 50), Point(x: 50 + last, y: 70)], Color(rgb: 0), width: 2)
                #expect(canvas.strokeMasks?.made == StrokeMasks.capacity + 8)
                canvas.polyline([Point(x: 50, y: 50), Point(x: 51, y: 70)], Color(rgb: 0), width: 2)
                #expect(canvas.strokeMasks?.made == StrokeMasks.capacity + 9)
                #expect(canvas.strokeMasks?.count == StrokeMasks.capacity)
                connection.sync()
            }
        }
    }
}
