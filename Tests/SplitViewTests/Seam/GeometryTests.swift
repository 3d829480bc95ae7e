import Testing

@testable import SplitView

/// Points, sizes and rectangles: half-open containment, intersection, the mirror used for a
/// trailing primary edge, and the sanitising of bad sizes.
@Suite struct GeometryTests {
    static let rect = Rect(x: 10, y: 20, width: 30, height: 40)

    /// The left and top edges are inside, the right and bottom edges are not.
    @Test(arguments: [
        (Point(x: 10, y: 20), true), (Point(x: 39.999, y: 59.999), true), (Point(x: 25, y: 40), true),
        (Point(x: 40, y: 30), false), (Point(x: 20, y: 60), false), (Point(x: 9.999, y: 30), false),
        (Point(x: 20, y: 19.999), false), (Point(x: .nan, y: 30), false),
    ])
    func containsEdges(point: Point, inside: Bool) {
        #expect(Self.rect.contains(point) == inside)
    }

    @Test func touchingRectanglesNeverBothContainAPoint() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 10, y: 0, width: 10, height: 10)
        for x in stride(from: 0.0, through: 20, by: 0.5) {
            let p = Point(x: x, y: 5)
            #expect(!(a.contains(p) && b.contains(p)))
        }
        #expect(b.contains(Point(x: 10, y: 5)) && !a.contains(Point(x: 10, y: 5)))
        #expect(!a.intersects(b))
        #expect(a.intersection(b) == .zero)
    }

    @Test(arguments: [
        (Rect(x: 30, y: 50, width: 20, height: 20), Rect(x: 30, y: 50, width: 10, height: 10)),  // overlapping corner
        (Rect(x: 15, y: 25, width: 5, height: 5), Rect(x: 15, y: 25, width: 5, height: 5)),  // inside
        (Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 10, y: 20, width: 30, height: 40)),  // around
        (Rect(x: 100, y: 100, width: 5, height: 5), Rect.zero),  // apart
        (Rect(x: 40, y: 20, width: 5, height: 5), Rect.zero),  // touching
    ])
    func intersection(other: Rect, expected: Rect) {
        #expect(Self.rect.intersection(other) == expected)
        #expect(other.intersection(Self.rect) == expected)
        #expect(Self.rect.intersects(other) == (expected != .zero))
    }

    @Test func mirroredReflectsAcrossTheWindow() {
        #expect(Rect(x: 10, y: 5, width: 30, height: 7).mirrored(inWidth: 100) == Rect(x: 60, y: 5, width: 30, height: 7))
        #expect(Rect(x: 0, y: 0, width: 100, height: 1).mirrored(inWidth: 100) == Rect(x: 0, y: 0, width: 100, height: 1))
        #expect(Rect(x: 90, y: 0, width: 20, height: 1).mirrored(inWidth: 100) == Rect(x: -10, y: 0, width: 20, height: 1))
        for x in stride(from: -50.0, through: 150, by: 12.5) {
            let r = Rect(x: x, y: 3, width: 17, height: 9)
            #expect(r.mirrored(inWidth: 100).mirrored(inWidth: 100) == r)
        }
    }

    /// NaN and negative extents become 0, infinite and huge ones 10⁶ (`Size.largest`).
    @Test(arguments: [
        (800.0, 600.0, 800.0, 600.0),
        (.nan, 5, 0, 5),
        (5, .nan, 5, 0),
        (.infinity, .infinity, 1_000_000, 1_000_000),
        (-.infinity, -3, 0, 0),
        (-0.5, 10, 0, 10),
        (2_000_000, 1e300, 1_000_000, 1_000_000),
        (1_000_000, 0, 1_000_000, 0),
    ])
    func sanitized(width: Double, height: Double, expectedWidth: Double, expectedHeight: Double) {
        let size = Size(width: width, height: height).sanitized
        #expect(size.width == expectedWidth && size.height == expectedHeight)
        #expect(size.sanitized == size)
    }

    @Test func insetNeverGoesNegative() {
        #expect(Self.rect.insetBy(dx: 5, dy: 5) == Rect(x: 15, y: 25, width: 20, height: 30))
        #expect(Self.rect.insetBy(dx: 20, dy: 30) == Rect(x: 30, y: 50, width: 0, height: 0))
        #expect(Self.rect.insetBy(dx: -5, dy: 0) == Rect(x: 5, y: 20, width: 40, height: 40))
        #expect(Self.rect.offsetBy(dx: -10, dy: 5) == Rect(x: 0, y: 25, width: 30, height: 40))
    }

    @Test func edgesAndEmptiness() {
        #expect((Self.rect.minX, Self.rect.maxX, Self.rect.midX) == (10, 40, 25))
        #expect((Self.rect.minY, Self.rect.maxY, Self.rect.midY) == (20, 60, 40))
        #expect(!Self.rect.isEmpty)
        #expect(Rect(x: 5, y: 5, width: 0, height: 10).isEmpty)
        #expect(Rect(x: 5, y: 5, width: 10, height: -1).isEmpty)
    }

    /// Interpolating edge by edge keeps rectangles that tile a span tiling it at every step.
    @Test func interpolationKeepsTiling() {
        let a = (Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 101, y: 0, width: 899, height: 50))
        let b = (Rect(x: 0, y: 0, width: 333, height: 50), Rect(x: 334, y: 0, width: 666, height: 50))
        for step in 0...20 {
            let t = Double(step) / 20
            let left = a.0.interpolated(to: b.0, t), right = a.1.interpolated(to: b.1, t)
            #expect(abs(left.maxX + 1 - right.minX) < 1e-9)
            #expect(abs(right.maxX - 1000) < 1e-9)
        }
        #expect(a.0.interpolated(to: b.0, 0) == a.0)
        #expect(a.0.interpolated(to: b.0, 1) == b.0)
    }

    @Test func descriptionsUseAtMostOneDecimal() {
        #expect(Rect(x: 280.5, y: 0, width: 1079, height: 800).description == "280.5,0 1079×800")
        #expect(Point(x: 1.25, y: -2).description == "(1.3, -2)")
        #expect(Size(width: 1400, height: 900).description == "1400×900")
        #expect(Size(width: .infinity, height: .nan).description == "inf×nan")
    }

    /// `description` is for any value a Rect can hold; a huge finite one must not trap
    /// (`formatted` converts to `Int`). Run in a child process, as a trap ends the run.
    @Test func descriptionOfHugeFiniteValuesDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            _ = Rect(x: 1e300, y: 0, width: 1e19, height: 1).description
        }
    }
}
