import SplitView

/// The drawing verbs a display list needs, one per `DrawOp` case, in points.
///
/// ``Canvas`` draws them with Xlib, Xft and XRender; a test's recording canvas writes them down.
/// A class protocol, because drawing changes the canvas through a shared reference.
public protocol CanvasProtocol: AnyObject {
    /// Fills `rect`; a translucent colour blends over what is there.
    func fill(_ rect: Rect, _ color: Color)
    /// Outlines `rect` with a line `width` thick, drawn inside it.
    func strokeRect(_ rect: Rect, _ color: Color, width: Double)
    /// Connected segments with round joins, for icons.
    func polyline(_ points: [Point], _ color: Color, width: Double)
    /// A filled polygon, for icons.
    func polygon(_ points: [Point], _ color: Color)
    /// A run of text whose baseline starts at `origin`.
    func text(_ string: String, origin: Point, _ font: FontRole, _ color: Color)
    /// A picture scaled smoothly into `rect`, over what is there by its alpha.
    func image(_ image: ImagePixels, in rect: Rect)
    /// A whole display list was drawn: what it did not draw (a picture shown before) may go.
    func finishDrawing()
}

extension CanvasProtocol {
    /// Keeps nothing, so forgets nothing.
    public func finishDrawing() {}
}

/// Replays display lists onto a canvas.
///
/// It decides nothing: what to draw, in which order, clipped to what, is the core's business
/// and is already in the list. Keeping it this dumb is what lets the headless tests trust that
/// the window shows what the display list says.
public enum Renderer {
    /// Draws every step of `list` on `canvas`, first to last, then tells the canvas the list
    /// is done (``CanvasProtocol/finishDrawing()``).
    public static func draw(_ list: DisplayList, on canvas: some CanvasProtocol) {
        for op in list.ops { draw(op, on: canvas) }
        canvas.finishDrawing()
    }

    /// Draws one step.
    public static func draw(_ op: DrawOp, on canvas: some CanvasProtocol) {
        switch op {
        case .fill(let rect, let color): canvas.fill(rect, color)
        case .strokeRect(let rect, let color, let width): canvas.strokeRect(rect, color, width: width)
        case .polyline(let points, let color, let width): canvas.polyline(points, color, width: width)
        case .polygon(let points, let color): canvas.polygon(points, color)
        case .text(let string, let origin, let font, let color): canvas.text(string, origin: origin, font, color)
        case .image(let image, let rect): canvas.image(image, in: rect)
        }
    }
}
