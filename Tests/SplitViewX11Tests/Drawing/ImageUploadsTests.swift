import CX11
import SplitView
import Testing

@testable import SplitViewX11

/// Pictures on a real canvas: copied pixel for pixel at 1:1, scaled smoothly from the right
/// level, blended by their alpha, uploaded once however often they are drawn, and freed when
/// a list no longer draws them.
extension X11Tests {
    @Suite struct ImageUploadsTests {
        static let white = Color(rgb: 0xffffff)

        @Test func atOneToOneEveryPixelIsCopiedAndBlended() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection)
                canvas.fill(Rect(x: 0, y: 0, width: 200, height: 120), Self.white)
                // Opaque red, half-alpha green (premultiplied: 0x80 green at alpha 0x80), transparent.
                let picture = ImagePixels(width: 3, height: 1, argb: [0xFFFF_0000, 0x8000_8000, 0x0000_0000])
                canvas.image(picture, in: Rect(x: 10, y: 20, width: 3, height: 1))
                let shown = try drawing(of: canvas)
                #expect(shown[10, 20] == 0xFF0000)
                #expect(isClose(shown[11, 20], 0x7FFF7F, tolerance: 1), "half green over white")
                #expect(shown[12, 20] == 0xFFFFFF && shown[9, 20] == 0xFFFFFF && shown[13, 20] == 0xFFFFFF)
                #expect(shown[10, 19] == 0xFFFFFF && shown[10, 21] == 0xFFFFFF)
            }
        }

        @Test func scaledUpItStaysWithinItsRectangleAndKeepsItsColours() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection)
                canvas.fill(Rect(x: 0, y: 0, width: 200, height: 120), Self.white)
                canvas.image(
                    ImagePixels(width: 2, height: 1, argb: [0xFFFF_0000, 0xFF00_00FF]),
                    in: Rect(x: 0, y: 0, width: 40, height: 20))
                let shown = try drawing(of: canvas)
                #expect(shown[2, 10] == 0xFF0000 && shown[37, 10] == 0x0000FF, "the ends keep their colours (padded edges)")
                #expect(shown[20, 10] != 0xFF0000 && shown[20, 10] != 0x0000FF, "smooth in between")
                #expect(shown[40, 10] == 0xFFFFFF && shown[10, 20] == 0xFFFFFF, "nothing past the rectangle")
            }
        }

        /// A one-pixel checkerboard drawn ten times smaller: from the level at most twice the
        /// size (16 × 16, grey), smooth grey; from the picture itself, bilinear filtering would
        /// pick single black and white pixels.
        @Test func reducedFarItIsDrawnFromTheLevelThatFits() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection)
                let checker = (0..<(64 * 64)).map { ($0 % 64 + $0 / 64) % 2 == 0 ? UInt32(0xFF00_0000) : 0xFFFF_FFFF }
                let grey = { (side: Int) in
                    ImagePixels.Level(width: side, height: side, argb: Array(repeating: 0xFF80_8080, count: side * side))
                }
                let picture = ImagePixels(
                    levels: [ImagePixels.Level(width: 64, height: 64, argb: checker), grey(32), grey(16), grey(8)],
                    pixelWidth: 64, pixelHeight: 64)
                canvas.image(picture, in: Rect(x: 0, y: 0, width: 10, height: 10))
                let shown = try drawing(of: canvas)
                let pixels = (0..<10).flatMap { y in (0..<10).map { x in shown[x, y] } }
                #expect(pixels.allSatisfy { isClose($0, 0x808080) })
            }
        }

        /// Drawn at three sizes, one upload; a list without it frees it; the canvas going frees
        /// what is left (the server reports no error for any of it).
        @Test func uploadedOnceAndFreedWhenNoLongerDrawn() throws {
            try withConnection { connection in
                _ = XErrorLog.drain()
                let canvas = try makeCanvas(connection)
                let picture = ImagePixels(width: 4, height: 4, argb: Array(repeating: 0xFF12_3456, count: 16))
                for side in [4.0, 40, 17] {
                    Renderer.draw(
                        DisplayList(
                            size: Size(width: 200, height: 120),
                            ops: [.image(picture, in: Rect(x: 0, y: 0, width: side, height: side))]),
                        on: canvas)
                    #expect(canvas.uploadedImageCount == 1)
                }
                Renderer.draw(
                    DisplayList(
                        size: Size(width: 200, height: 120), ops: [.fill(Rect(x: 0, y: 0, width: 9, height: 9), Self.white)]),
                    on: canvas)
                #expect(canvas.uploadedImageCount == 0)
                canvas.image(picture, in: Rect(x: 0, y: 0, width: 4, height: 4))
                #expect(canvas.uploadedImageCount == 1)
                connection.sync()
                #expect(XErrorLog.drain().isEmpty)
            }
        }
    }
}
