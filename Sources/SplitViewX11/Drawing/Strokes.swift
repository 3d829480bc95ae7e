// Lines and icon strokes as pixel-space shapes that XRender can fill with antialiasing:
// convex polygons, cut into the trapezoids RENDER draws. Pure arithmetic, so the shapes are
// tested without a server.

import Glibc

/// A point in device pixels with a fraction: (0.5, 0.5) is the centre of the top-left pixel.
struct DevicePoint: Hashable {
    var x: Double
    var y: Double

    static func + (a: DevicePoint, b: DevicePoint) -> DevicePoint { DevicePoint(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: DevicePoint, b: DevicePoint) -> DevicePoint { DevicePoint(x: a.x - b.x, y: a.y - b.y) }
    static func * (a: DevicePoint, k: Double) -> DevicePoint { DevicePoint(x: a.x * k, y: a.y * k) }
}

/// The region between two horizontals, `top` < `bottom`, bounded by the lines through the
/// `left` and `right` point pairs: the shape RENDER's `CompositeTrapezoids` fills.
struct DeviceTrapezoid: Hashable {
    var top: Double
    var bottom: Double
    var left: (DevicePoint, DevicePoint)
    var right: (DevicePoint, DevicePoint)

    static func == (a: DeviceTrapezoid, b: DeviceTrapezoid) -> Bool {
        a.top == b.top && a.bottom == b.bottom && a.left == b.left && a.right == b.right
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(top)
        hasher.combine(bottom)
    }
}

enum Strokes {
    /// A stroke's width in whole pixels, at least 1: a fractional width would blur both edges.
    static func pixelWidth(_ points: Double, scale: PixelScale) -> Double {
        max(1, (points * scale.factor).rounded())
    }

    /// Where a stroke `width` pixels wide is centred, so that both its edges fall on pixel
    /// edges: on a pixel's centre for odd widths, on a pixel edge for even ones. Taking the
    /// floor for odd widths makes 20 and 20.5 both mean "the pixel row 20".
    static func snap(_ pixels: Double, width: Double) -> Double {
        Int(width) % 2 == 1 ? pixels.rounded(.down) + 0.5 : pixels.rounded()
    }

    /// Connected segments with round joins and round ends, as one quadrilateral per segment and
    /// one disc per point. Filled together (their coverage adds and saturates), the overlaps do
    /// not darken a translucent stroke.
    static func polyline(_ points: [DevicePoint], width: Double) -> [[DevicePoint]] {
        let half = width / 2
        var shapes: [[DevicePoint]] = []
        for (a, b) in zip(points, points.dropFirst()) {
            guard let d = unit(b - a) else { continue }
            let n = DevicePoint(x: -d.y, y: d.x) * half
            shapes.append([a + n, b + n, b - n, a - n])
        }
        for p in points { shapes.append(disc(at: p, radius: half)) }
        return shapes
    }

    /// A regular polygon close enough to a circle of `radius` that no edge strays more than a
    /// tenth of a pixel inside it: the gap r·(1 − cos(π/n)) ≈ r·π²/(2n²) ≤ 0.1 for n ≥ π·√(5r).
    static func disc(at c: DevicePoint, radius: Double) -> [DevicePoint] {
        let sides = min(64, max(8, Int((Double.pi * (5 * radius).squareRoot()).rounded(.up))))
        return (0..<sides).map { i in
            let angle = 2 * Double.pi * Double(i) / Double(sides)
            return DevicePoint(x: c.x + radius * cos(angle), y: c.y + radius * sin(angle))
        }
    }

    /// A convex polygon as trapezoids, one per band between two distinct vertex heights.
    ///
    /// Works for either winding. A concave polygon needs a real tessellator (RENDER's
    /// `XRenderCompositeDoublePoly` has one); every shape here is convex by construction.
    static func trapezoids(ofConvex polygon: [DevicePoint]) -> [DeviceTrapezoid] {
        guard polygon.count >= 3 else { return [] }
        let edges = zip(polygon, polygon.dropFirst() + [polygon[0]])
            .filter { $0.y != $1.y }
            .map { $0.y < $1.y ? ($0, $1) : ($1, $0) }  // top point first
        let heights = Set(polygon.map(\.y)).sorted()
        var out: [DeviceTrapezoid] = []
        for (top, bottom) in zip(heights, heights.dropFirst()) {
            let middle = (top + bottom) / 2
            let crossing = edges.filter { $0.0.y <= middle && middle <= $0.1.y }
            guard crossing.count >= 2 else { continue }
            let (e0, e1) = (crossing[0], crossing[1])
            let leftFirst = x(of: e0, at: middle) <= x(of: e1, at: middle)
            out.append(DeviceTrapezoid(top: top, bottom: bottom, left: leftFirst ? e0 : e1, right: leftFirst ? e1 : e0))
        }
        return out
    }

    private static func x(of edge: (DevicePoint, DevicePoint), at y: Double) -> Double {
        let (a, b) = edge
        return a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y)
    }

    private static func unit(_ v: DevicePoint) -> DevicePoint? {
        let length = (v.x * v.x + v.y * v.y).squareRoot()
        return length < 1e-9 ? nil : v * (1 / length)
    }
}
