/// A location in points, measured from the window's top-left corner.
///
/// Mirrors `CGPoint`. Points are the core's only unit: the host converts them to pixels with
/// the display's scale (96 dpi = 1 pt per px).
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The horizontal coordinate, growing to the right.
    public var x: Double
    /// The vertical coordinate, growing downwards.
    public var y: Double

    /// Creates a point from its two coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// `(x, y)` with at most one decimal, for test output and `explain()`.
    public var description: String { "(\(formatted(x)), \(formatted(y)))" }
}

/// A width and a height in points.
///
/// Mirrors `CGSize`. A size built from bad input (NaN, infinite or negative) is made safe by
/// ``sanitized``, which the controller applies to every size it is given.
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size from its two extents.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size, 0 × 0.
    public static let zero = Size(width: 0, height: 0)

    /// This size with NaN and negative extents replaced by 0 and infinite ones capped at
    /// ``Size/largest``, so that every later computation stays finite.
    public var sanitized: Size {
        Size(width: sanitizedExtent(width), height: sanitizedExtent(height))
    }

    /// The largest extent the core accepts, in points, on each axis: 10⁶. Larger values are
    /// capped there; it is far beyond any real screen and keeps sums exact in `Double`.
    public static let largest: Double = 1_000_000

    /// `W×H` with at most one decimal.
    public var description: String { "\(formatted(width))×\(formatted(height))" }
}

/// A rectangle in points: an origin and a size.
///
/// Mirrors `CGRect`, without its normalisation of negative sizes: the core never builds one.
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The extent.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its four numbers.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    public var minX: Double { origin.x }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The horizontal middle.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical middle.
    public var midY: Double { origin.y + size.height / 2 }
    /// The width.
    public var width: Double { size.width }
    /// The height.
    public var height: Double { size.height }
    /// True when the rectangle covers no area.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// True when `point` lies inside: the left and top edges are inside, the right and bottom
    /// edges are not, so two rectangles that touch never both contain a point.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// True when the two rectangles share some area (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The shared area of the two rectangles, or an empty rectangle when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), x1 = min(maxX, other.maxX)
        let y0 = max(minY, other.minY), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle grown (negative) or shrunk (positive) by `dx` on the left and right and
    /// `dy` on the top and bottom; it never gets a negative size.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(
            x: origin.x + dx, y: origin.y + dy,
            width: max(0, size.width - 2 * dx), height: max(0, size.height - 2 * dy))
    }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The same rectangle reflected across the vertical middle of a window `width` wide.
    /// `primaryEdge == .trailing` lays out as `.leading` and mirrors every frame with this.
    public func mirrored(inWidth width: Double) -> Rect {
        Rect(x: width - maxX, y: origin.y, width: size.width, height: size.height)
    }

    /// `x,y W×H` with at most one decimal.
    public var description: String { "\(formatted(minX)),\(formatted(minY)) \(size)" }
}

/// Linear interpolation between two numbers; `t` 0 gives `a`, 1 gives `b`.
@inline(__always)
func interpolate(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

extension Rect {
    /// The rectangle `t` of the way from `self` to `other`, edge by edge, so that rectangles
    /// which tile a span keep tiling it at every `t`.
    func interpolated(to other: Rect, _ t: Double) -> Rect {
        let x0 = interpolate(minX, other.minX, t), x1 = interpolate(maxX, other.maxX, t)
        let y0 = interpolate(minY, other.minY, t), y1 = interpolate(maxY, other.maxY, t)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

private func sanitizedExtent(_ value: Double) -> Double {
    guard value.isFinite || value == .infinity else { return 0 }  // NaN, -infinity
    return min(max(value, 0), Size.largest)
}

/// A number with at most one decimal, without a trailing ".0": 280, 280.5.
func formatted(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
    let tenths = (value * 10).rounded()
    if tenths.truncatingRemainder(dividingBy: 10) == 0 { return "\(Int(tenths / 10))" }
    return "\(tenths / 10)"
}
