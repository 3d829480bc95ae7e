import SplitView

// The core speaks points; X speaks pixels. These are the host's pixel values, kept apart from
// the core's `Point`/`Size`/`Rect` so that a pixel can never be passed where a point is meant.

/// A position in device pixels, from a window's top-left corner.
public struct PixelPoint: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate, growing to the right.
    public var x: Int
    /// The vertical coordinate, growing downwards.
    public var y: Int

    /// Creates a point from its two coordinates.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = PixelPoint(x: 0, y: 0)

    /// `(x, y)px`.
    public var description: String { "(\(x), \(y))px" }
}

/// A size in device pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Int
    /// The vertical extent.
    public var height: Int

    /// Creates a size from its two extents.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `W×Hpx`.
    public var description: String { "\(width)×\(height)px" }
}

/// A rectangle in device pixels.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// The left edge.
    public var x: Int
    /// The top edge.
    public var y: Int
    /// The horizontal extent.
    public var width: Int
    /// The vertical extent.
    public var height: Int

    /// Creates a rectangle from its four numbers.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The shared area of the two rectangles; empty (zero width or height) when they do not meet.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), x1 = min(x + width, other.x + other.width)
        let y0 = max(y, other.y), y1 = min(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// True when the rectangle covers no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// `x,y W×Hpx`.
    public var description: String { "\(x),\(y) \(width)×\(height)px" }
}

/// Converts between the core's points and the display's pixels: `pixels = points × scale`.
///
/// The scale is `Xft.dpi / 96`, so 1 pt is 1 px on a 96-dpi display and 2 px at 192 dpi.
public struct PixelScale: Hashable, Sendable {
    /// Pixels per point; always finite and positive.
    public let factor: Double

    /// Creates a scale; anything not finite or not positive becomes 1, so no conversion can
    /// divide by zero.
    public init(_ factor: Double) {
        self.factor = factor.isFinite && factor > 0 ? factor : 1
    }

    /// A pixel position as a point.
    public func point(_ p: PixelPoint) -> Point {
        Point(x: Double(p.x) / factor, y: Double(p.y) / factor)
    }

    /// A pixel size as a size in points.
    public func size(_ s: PixelSize) -> Size {
        Size(width: Double(s.width) / factor, height: Double(s.height) / factor)
    }

    /// A rectangle in points as the pixels it covers: each edge is rounded to the nearest pixel
    /// edge on its own, so rectangles that tile in points tile in pixels, without gaps.
    public func pixels(_ r: Rect) -> PixelRect {
        let x0 = edge(r.minX), x1 = edge(r.maxX), y0 = edge(r.minY), y1 = edge(r.maxY)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// A size in points as whole pixels, at least 1 × 1 (X has no empty windows or pixmaps).
    public func pixels(_ s: Size) -> PixelSize {
        PixelSize(width: max(1, edge(s.width)), height: max(1, edge(s.height)))
    }

    /// One coordinate in points as the nearest pixel edge, clamped to what X's 16-bit
    /// coordinates can hold.
    public func edge(_ points: Double) -> Int {
        let px = (points * factor).rounded()
        guard px.isFinite else { return 0 }
        return Int(min(max(px, -32_768), 32_767))
    }
}
