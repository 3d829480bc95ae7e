import CX11
import SplitView
import Testing

@testable import SplitViewX11

private let white = Color(rgb: 0xffffff), black = Color(rgb: 0x000000), red = Color(rgb: 0xff0000)
private let blue = Color(rgb: 0x0000ff)

@Suite struct CanvasPixmapGrowthTests {
    @Test func onlyADimensionTooSmallGrowsAndItGrowsToAMultipleOf128() {
        let current = PixelSize(width: 300, height: 900)
        #expect(Canvas.pixmapSize(for: PixelSize(width: 300, height: 900), current: current) == current)
        #expect(Canvas.pixmapSize(for: PixelSize(width: 10, height: 10), current: current) == current)
        #expect(
            Canvas.pixmapSize(for: PixelSize(width: 301, height: 900), current: current) == PixelSize(width: 384, height: 900))
        #expect(
            Canvas.pixmapSize(for: PixelSize(width: 384, height: 901), current: current) == PixelSize(width: 384, height: 1024))
        #expect(Canvas.pixmapSize(for: PixelSize(width: 385, height: 1), current: current) == PixelSize(width: 512, height: 900))
    }
}

@Suite struct CanvasColorTests {
    @Test func renderColourIsPremultiplied() {
        let c = Canvas.renderColor(Color(rgb: 0xffffff).withAlpha(128))
        #expect(c.alpha == 128 * 257)
        #expect(c.red == c.alpha && c.green == c.alpha && c.blue == c.alpha)
        let opaque = Canvas.renderColor(Color(rgb: 0x2f6fd6))
        #expect(opaque.red == 0x2f2f && opaque.green == 0x6f6f && opaque.blue == 0xd6d6 && opaque.alpha == 0xffff)
    }
}

extension X11Tests {
    @Suite struct CanvasTests {
        @Test func fillCoversExactlyTheRectsPixels() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection)
                canvas.fill(Rect(x: 0, y: 0, width: 200, height: 120), white)
                canvas.fill(Rect(x: 10, y: 10, width: 20, height: 20), red)
                let image = try drawing(of: canvas)
                #expect(image[10, 10] == 0xff0000 && image[29, 29] == 0xff0000)
                #expect(image[9, 10] == 0xffffff && image[30, 29] == 0xffffff && image[29, 30] == 0xffffff)
            }
        }

        @Test func translucentFillBlendsOverWhatIsThere() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection)
                canvas.fill(Rect(x: 0, y: 0, width: 200, height: 120), black)
                canvas.fill(Rect(x: 0, y: 0, width: 50, height: 50), white.withAlpha(128))
                canvas.fill(Rect(x: 100, y: 0, width: 50, height: 50), red)
                canvas.fill(Rect(x: 100, y: 0, width: 50, height: 50), blue.withAlpha(64))
                let image = try drawing(of: canvas)
                #expect(isClose(image[10, 10], 0x808080))  // half white over black
                #expect(isClose(image[110, 10], 0xbf0040))  // a quarter blue over red
                #expect(image[60, 10] == 0x000000)
            }
        }

        @Test func opaqueFillReplacesAndTransparentFillChangesNothing() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection)
                canvas.fill(Rect(x: 0, y: 0, width: 200, height: 120), red)
                canvas.fill(Rect(x: 0, y: 0, width: 50, height: 50), blue)
                canvas.fill(Rect(x: 0, y: 0, width: 50, height: 50), white.withAlpha(0))
                #expect(try drawing(of: canvas)[10, 10] == 0x0000ff)
            }
        }

        @Test func strokeRectDrawsInsideItsEdges() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection)
                canvas.fill(Rect(x: 0, y: 0, width: 200, height: 120), white)
                canvas.strokeRect(Rect(x: 10, y: 10, width: 20, height: 20), red, width: 2)
                let image = try drawing(of: canvas)
                for (x, y) in [(10, 10), (11, 20), (28, 20), (29, 29), (20, 11), (20, 28)] { #expect(image[x, y] == 0xff0000) }
                for (x, y) in [(9, 10), (12, 20), (27, 20), (30, 29), (20, 12), (20, 30)] { #expect(image[x, y] == 0xffffff) }
            }
        }

        @Test func polylineTurnsACornerWithoutGap() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection)
                canvas.fill(Rect(x: 0, y: 0, width: 200, height: 120), white)
                canvas.polyline([Point(x: 10, y: 10), Point(x: 30, y: 10), Point(x: 30, y: 30)], black, width: 1)
                let image = try drawing(of: canvas)
                #expect(image[20, 10] == 0x000000 && image[30, 20] == 0x000000)
                #expect(channels(image[30, 10]).r < 64)  // the joint is filled
                #expect(image[20, 20] == 0xffffff && image[20, 12] == 0xffffff)
            }
        }

        @Test func translucentPolylineDoesNotDarkenAtItsJoints() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection)
                canvas.fill(Rect(x: 0, y: 0, width: 200, height: 120), white)
                canvas.polyline([Point(x: 10, y: 10), Point(x: 40, y: 10), Point(x: 40, y: 40)], black.withAlpha(128), width: 3)
                let image = try drawing(of: canvas)
                #expect(isClose(image[25, 10], 0x7f7f7f))
                #expect(isClose(image[40, 10], image[25, 10]))  // joint: disc + two quads
                #expect(isClose(image[40, 25], image[25, 10]))
            }
        }

        @Test func polygonFillsItsInteriorOnly() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection)
                canvas.fill(Rect(x: 0, y: 0, width: 200, height: 120), white)
                // A concave arrow head, which the trapezoid cutter for strokes could not do.
                canvas.polygon([Point(x: 10, y: 10), Point(x: 50, y: 30), Point(x: 10, y: 50), Point(x: 20, y: 30)], red)
                let image = try drawing(of: canvas)
                #expect(image[30, 30] == 0xff0000 && image[25, 28] == 0xff0000)
                #expect(image[14, 30] == 0xffffff)  // in the notch
                #expect(image[60, 30] == 0xffffff && image[30, 5] == 0xffffff)
            }
        }

        @Test func textDrawsGlyphsNearItsBaselineOnly() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection)
                canvas.fill(Rect(x: 0, y: 0, width: 200, height: 120), white)
                canvas.text("Hello, Ünïcødé", origin: Point(x: 10, y: 40), .body, black)
                let image = try drawing(of: canvas)
                #expect(image.anyPixel(in: PixelRect(x: 10, y: 28, width: 120, height: 12), differsFrom: 0xffffff))
                #expect(!image.anyPixel(in: PixelRect(x: 0, y: 0, width: 200, height: 20), differsFrom: 0xffffff))
                #expect(!image.anyPixel(in: PixelRect(x: 0, y: 50, width: 200, height: 70), differsFrom: 0xffffff))
            }
        }

        @Test func presentCopiesThePixmapToTheWindow() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection)
                canvas.fill(Rect(x: 0, y: 0, width: 200, height: 120), red)
                canvas.present()
                canvas.fill(Rect(x: 0, y: 0, width: 200, height: 120), blue)
                canvas.present(PixelRect(x: 0, y: 0, width: 10, height: 10))  // as for a small Expose
                let window = try PixelImage(connection, canvas.window, PixelRect(x: 0, y: 0, width: 200, height: 120))
                #expect(window[5, 5] == 0x0000ff)
                #expect(window[15, 15] == 0xff0000)
            }
        }

        @Test func resizeBeyondThePixmapStillDrawsToTheNewEdge() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection, width: 100, height: 60)
                XResizeWindow(connection.display, canvas.window, 300, 200)
                canvas.resize(to: PixelSize(width: 300, height: 200))
                canvas.fill(Rect(x: 0, y: 0, width: 300, height: 200), red)
                canvas.present()
                let window = try PixelImage(connection, canvas.window, PixelRect(x: 0, y: 0, width: 300, height: 200))
                #expect(window[299, 199] == 0xff0000)
                canvas.resize(to: PixelSize(width: 50, height: 40))  // shrinking keeps the pixmap
                #expect(canvas.size == PixelSize(width: 50, height: 40))
            }
        }

        @Test func aPaneWidenedAFewPixelsAStepKeepsItsPixmapUntilTheNextMultipleOf128() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection, width: 100, height: 60)
                canvas.resize(to: PixelSize(width: 103, height: 60))  // past the first pixmap: a new one
                let grown = canvas.pixmap
                for width in stride(from: 106, through: 128, by: 3) {
                    canvas.resize(to: PixelSize(width: width, height: 60))
                    #expect(canvas.pixmap == grown, "width \(width)")
                }
                canvas.resize(to: PixelSize(width: 129, height: 60))
                #expect(canvas.pixmap != grown)
                XResizeWindow(connection.display, canvas.window, 129, 60)
                canvas.fill(Rect(x: 0, y: 0, width: 129, height: 60), red)
                canvas.present()
                let window = try PixelImage(connection, canvas.window, PixelRect(x: 0, y: 0, width: 129, height: 60))
                #expect(window[128, 59] == 0xff0000)
            }
        }

        @Test func rendererDrawsADisplayListOntoTheCanvas() throws {
            try withConnection { connection in
                let canvas = try makeCanvas(connection)
                var list = DisplayList(size: Size(width: 200, height: 120))
                list.append(.fill(Rect(x: 0, y: 0, width: 200, height: 120), Theme.light.background))
                list.append(.fill(Rect(x: 0, y: 0, width: 200, height: 38), Theme.light.barBackground))
                list.append(.fill(Rect(x: 0, y: 38, width: 200, height: 1), Theme.light.barSeparator))
                list.append(.text("Inbox", origin: Point(x: 12, y: 25), .title, Theme.light.text))
                Renderer.draw(list, on: canvas)
                let image = try drawing(of: canvas)
                #expect(image[190, 10] == 0xf7f6f3)
                #expect(image[100, 38] == 0xdcdad5)
                #expect(image[100, 80] == 0xffffff)
                #expect(image.anyPixel(in: PixelRect(x: 12, y: 12, width: 40, height: 14), differsFrom: 0xf7f6f3))
            }
        }
    }
}
