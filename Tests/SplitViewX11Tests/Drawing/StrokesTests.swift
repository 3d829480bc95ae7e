import Foundation
import Testing

@testable import SplitViewX11

private func p(_ x: Double, _ y: Double) -> DevicePoint { DevicePoint(x: x, y: y) }

private func x(on line: (DevicePoint, DevicePoint), at y: Double) -> Double {
    line.0.x + (line.1.x - line.0.x) * (y - line.0.y) / (line.1.y - line.0.y)
}

private func area(_ traps: [DeviceTrapezoid]) -> Double {
    traps.reduce(0) { sum, t in
        let top = x(on: t.right, at: t.top) - x(on: t.left, at: t.top)
        let bottom = x(on: t.right, at: t.bottom) - x(on: t.left, at: t.bottom)
        return sum + (t.bottom - t.top) * (top + bottom) / 2
    }
}

private func shoelace(_ polygon: [DevicePoint]) -> Double {
    let pairs = zip(polygon, polygon.dropFirst() + [polygon[0]])
    return abs(pairs.reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }) / 2
}

@Suite struct StrokesTests {
    @Test(arguments: [(20.0, 20.5), (20.5, 20.5), (20.99, 20.5), (0, 0.5), (-0.2, -0.5)])
    func oddWidthCentresOnThePixelItStartsIn(coordinate: Double, centre: Double) {
        #expect(Strokes.snap(coordinate, width: 1) == centre)
        #expect(Strokes.snap(coordinate, width: 3) == centre)
    }

    @Test(arguments: [(20.0, 20.0), (20.4, 20.0), (20.6, 21.0)])
    func evenWidthCentresOnThePixelEdge(coordinate: Double, centre: Double) {
        #expect(Strokes.snap(coordinate, width: 2) == centre)
    }

    @Test func widthRoundsToWholePixelsAndNeverVanishes() {
        #expect(Strokes.pixelWidth(1, scale: PixelScale(1)) == 1)
        #expect(Strokes.pixelWidth(0.2, scale: PixelScale(1)) == 1)
        #expect(Strokes.pixelWidth(1.5, scale: PixelScale(2)) == 3)
        #expect(Strokes.pixelWidth(1, scale: PixelScale(1.25)) == 1)
    }

    @Test func squareIsOneTrapezoidAndDiamondTwo() {
        #expect(Strokes.trapezoids(ofConvex: [p(0, 0), p(4, 0), p(4, 4), p(0, 4)]).count == 1)
        #expect(Strokes.trapezoids(ofConvex: [p(2, 0), p(4, 2), p(2, 4), p(0, 2)]).count == 2)
    }

    @Test(arguments: [false, true])
    func trapezoidsCoverExactlyTheConvexPolygon(reversed: Bool) {
        let hexagon = (0..<6).map { i in p(10 + 7 * cos(Double(i) * .pi / 3 + 0.3), 10 + 7 * sin(Double(i) * .pi / 3 + 0.3)) }
        let polygon = reversed ? hexagon.reversed() : hexagon
        let traps = Strokes.trapezoids(ofConvex: polygon)
        #expect(abs(area(traps) - shoelace(polygon)) < 1e-9)
        #expect(traps.allSatisfy { $0.top < $0.bottom })
        #expect(
            traps.allSatisfy { x(on: $0.left, at: ($0.top + $0.bottom) / 2) <= x(on: $0.right, at: ($0.top + $0.bottom) / 2) })
    }

    @Test func fewerThanThreePointsOrNoHeightMakeNoTrapezoid() {
        #expect(Strokes.trapezoids(ofConvex: [p(0, 0), p(4, 4)]).isEmpty)
        #expect(Strokes.trapezoids(ofConvex: [p(0, 0), p(4, 0), p(8, 0)]).isEmpty)
    }

    @Test func polylineIsOneQuadPerSegmentAndOneDiscPerPoint() {
        let shapes = Strokes.polyline([p(0.5, 0.5), p(10.5, 0.5), p(10.5, 0.5), p(10.5, 10.5)], width: 1)
        #expect(shapes.count == 2 + 4)  // the zero-length middle segment adds no quad
    }

    @Test(arguments: [(0.5, 8), (3, 13), (20, 32), (500, 64)])
    func discSidesGrowWithRadiusWithinBounds(radius: Double, sides: Int) {
        let disc = Strokes.disc(at: p(0, 0), radius: radius)
        #expect(disc.count == sides)
        #expect(disc.allSatisfy { abs(($0.x * $0.x + $0.y * $0.y).squareRoot() - radius) < 1e-9 })
    }
}
