/// One drawing step, in a pane's own coordinates (points, from the pane's top-left corner).
public enum DrawOp: Hashable, Sendable {
    /// Fill a rectangle; translucent colours blend.
    case fill(Rect, Color)
    /// Outline a rectangle with a line `width` thick, drawn inside the rectangle.
    case strokeRect(Rect, Color, width: Double)
    /// Connected line segments with round joins, for icons.
    case polyline([Point], Color, width: Double)
    /// A filled polygon, for icons.
    case polygon([Point], Color)
    /// A run of text already fitted by the core; `origin` is the left end of its baseline.
    case text(String, origin: Point, FontRole, Color)
    /// A picture scaled into a rectangle (smoothly; its aspect is the caller's business),
    /// composited over what is there by its alpha.
    case image(ImagePixels, in: Rect)
}

extension DrawOp {
    /// The same step moved by `offset`: how a leaf's content, laid out in its column pane's
    /// coordinates, is drawn from the leaf's own corner.
    public func translated(by offset: Point) -> DrawOp {
        func move(_ point: Point) -> Point { Point(x: point.x + offset.x, y: point.y + offset.y) }
        func move(_ rect: Rect) -> Rect { Rect(origin: move(rect.origin), size: rect.size) }
        switch self {
        case .fill(let rect, let color): return .fill(move(rect), color)
        case .strokeRect(let rect, let color, let width): return .strokeRect(move(rect), color, width: width)
        case .polyline(let points, let color, let width): return .polyline(points.map(move), color, width: width)
        case .polygon(let points, let color): return .polygon(points.map(move), color)
        case .text(let text, let origin, let font, let color): return .text(text, origin: move(origin), font, color)
        case .image(let pixels, let rect): return .image(pixels, in: move(rect))
        }
    }
}

/// What one pane draws: its size and the steps in painting order.
///
/// The renderer replays it onto the pane's pixmap and decides nothing.
public struct DisplayList: Hashable, Sendable {
    /// The pane's size in points.
    public var size: Size
    /// The steps, first to last.
    public var ops: [DrawOp]

    /// Creates a display list.
    public init(size: Size, ops: [DrawOp] = []) {
        self.size = size
        self.ops = ops
    }

    /// Appends one step.
    public mutating func append(_ op: DrawOp) { ops.append(op) }

    /// The text runs, in order: what a reader of the pane would see.
    public var texts: [String] {
        ops.compactMap { if case .text(let s, _, _, _) = $0 { s } else { nil } }
    }
}
