import SplitView
import SplitViewX11

/// A canvas that writes every verb down as the ``DrawOp`` it stands for; the headless sibling of
/// ``Canvas``.
final class RecordingCanvas: CanvasProtocol {
    /// The verbs received, first to last.
    private(set) var ops: [DrawOp] = []

    func fill(_ rect: Rect, _ color: Color) { ops.append(.fill(rect, color)) }

    func strokeRect(_ rect: Rect, _ color: Color, width: Double) { ops.append(.strokeRect(rect, color, width: width)) }

    func polyline(_ points: [Point], _ color: Color, width: Double) { ops.append(.polyline(points, color, width: width)) }

    func polygon(_ points: [Point], _ color: Color) { ops.append(.polygon(points, color)) }

    func text(_ string: String, origin: Point, _ font: FontRole, _ color: Color) {
        ops.append(.text(string, origin: origin, font, color))
    }

    func image(_ image: ImagePixels, in rect: Rect) { ops.append(.image(image, in: rect)) }

    /// How many lists were finished.
    private(set) var finishedLists = 0

    func finishDrawing() { finishedLists += 1 }
}
