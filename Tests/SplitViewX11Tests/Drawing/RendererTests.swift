import SplitView
import SplitViewX11
import Testing

@Suite struct RendererTests {
    private static let red = Color(rgb: 0xff0000), veil = Color(rgb: 0x000000).withAlpha(72)

    private static let everyKind: [DrawOp] = [
        .fill(Rect(x: 0, y: 0, width: 300, height: 200), Color(rgb: 0xffffff)),
        .strokeRect(Rect(x: 10, y: 10, width: 20, height: 20), red, width: 1),
        .polyline([Point(x: 5, y: 5), Point(x: 9, y: 9), Point(x: 13, y: 5)], red, width: 1.5),
        .polygon([Point(x: 1, y: 1), Point(x: 8, y: 1), Point(x: 4, y: 6)], red),
        .text("Inbox — Ünïcødé", origin: Point(x: 12, y: 25), .title, red),
        .image(ImagePixels(width: 2, height: 1, argb: [0xFFFF_0000, 0x8000_0080]), in: Rect(x: 4, y: 4, width: 20, height: 10)),
        .fill(Rect(x: 0, y: 0, width: 300, height: 200), veil),
    ]

    @Test func replaysEveryOpInOrderWithItsArguments() {
        let canvas = RecordingCanvas()
        Renderer.draw(DisplayList(size: Size(width: 300, height: 200), ops: Self.everyKind), on: canvas)
        #expect(canvas.ops == Self.everyKind)
        #expect(canvas.finishedLists == 1, "the list's end is said once, after its last op")
    }

    @Test(arguments: everyKind)
    func eachOpBecomesExactlyItsOwnVerb(op: DrawOp) {
        let canvas = RecordingCanvas()
        Renderer.draw(op, on: canvas)
        #expect(canvas.ops == [op])
    }

    @Test func emptyListDrawsNothing() {
        let canvas = RecordingCanvas()
        Renderer.draw(DisplayList(size: Size(width: 300, height: 200)), on: canvas)
        #expect(canvas.ops.isEmpty)
    }

    @Test func sameOpTwiceIsDrawnTwice() {
        // The renderer does not deduplicate: a second translucent fill darkens again.
        let canvas = RecordingCanvas()
        let veil = DrawOp.fill(Rect(x: 0, y: 0, width: 10, height: 10), Self.veil)
        Renderer.draw(DisplayList(size: Size(width: 10, height: 10), ops: [veil, veil]), on: canvas)
        #expect(canvas.ops == [veil, veil])
    }
}
