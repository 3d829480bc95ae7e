import SplitView
import SplitViewFiles
import SplitViewImages
import TestSupport
import Testing

/// JPEG through libjpeg: colour, grey, progressive, Adobe's CMYK, the EXIF orientation, and the
/// scaling while decoding. JPEG is lossy: colours are compared within a few levels.
@Suite struct JPEGDecodingTests {
    static let orange: [UInt8] = [200, 100, 50]

    @Test(arguments: [false, true])
    func colourBaselineAndProgressive(progressive: Bool) throws {
        let pictures = try Pictures()
        let path = pictures.rgbJPEG("photo.jpg", width: 64, height: 48, progressive: progressive) { _, _ in Self.orange }
        let result = decode(path)
        let level = try #require(pixels(result))
        #expect(level.width == 64 && level.height == 48)
        #expect(level.argb.allSatisfy { near($0, 0xFFC8_6432) })
        #expect((try? result.get().info.isInterlaced) == progressive)
    }

    @Test func greyStaysGrey() throws {
        let pictures = try Pictures()
        let path = pictures.path("grey.jpg")
        PictureFiles.jpeg(path, width: 16, height: 16, components: 1, bytes: Array(repeating: 90, count: 256))
        #expect(pixels(decode(path))?.argb.allSatisfy { near($0, 0xFF5A_5A5A) } == true)
    }

    /// Adobe's CMYK (its marker, 255 meaning no ink): full magenta and yellow is red.
    @Test func adobeCMYKIsConverted() throws {
        let pictures = try Pictures()
        let path = pictures.path("cmyk.jpg")
        let ink: [UInt8] = [0, 255, 255, 0]  // cyan, magenta, yellow, black
        let stored = Array(ink.map { 255 - $0 })
        PictureFiles.jpeg(path, width: 16, height: 16, components: 4, bytes: Array((0..<256).map { _ in stored }.joined()))
        let result = decode(path)
        #expect(pixels(result)?.argb.allSatisfy { near($0, 0xFFFF_0000) } == true)
        #expect((try? result.get().info.channels) == 4)
    }

    /// A 40 × 20 photo, red on its left, blue on its right, stored on its side (EXIF 6, to be
    /// turned clockwise): shown 20 × 40, red on top.
    @Test(arguments: [(6, true), (8, false)])
    func theEXIFOrientationTurnsIt(orientation: Int, redOnTop: Bool) throws {
        let pictures = try Pictures()
        let path = pictures.rgbJPEG("turned.jpg", width: 40, height: 20, orientation: orientation) { x, _ in
            x < 20 ? [255, 0, 0] : [0, 0, 255]
        }
        let result = decode(path)
        let level = try #require(pixels(result))
        #expect(level.width == 20 && level.height == 40)
        let top = level.argb[5 * 20 + 10], bottom = level.argb[35 * 20 + 10]
        #expect(near(top, redOnTop ? 0xFFFF_0000 : 0xFF00_00FF, 24))
        #expect(near(bottom, redOnTop ? 0xFF00_00FF : 0xFFFF_0000, 24))
        #expect((try? ImageDecoder.info(FilePath(path)).get()).map { ($0.width, $0.height) } ?? (0, 0) == (20, 40))
    }

    /// Turned 180° (EXIF 3): red moves to the right.
    @Test func upsideDownIsTurnedBack() throws {
        let pictures = try Pictures()
        let path = pictures.rgbJPEG("down.jpg", width: 40, height: 20, orientation: 3) { x, _ in
            x < 20 ? [255, 0, 0] : [0, 0, 255]
        }
        let level = try #require(pixels(decode(path)))
        #expect(level.width == 40 && near(level.argb[10 * 40 + 35], 0xFFFF_0000, 24))
    }

    /// Eight times wider than the output: libjpeg decodes at 1/2, and the reducer does the rest.
    @Test func aLargeJPEGIsScaledWhileDecoded() throws {
        let pictures = try Pictures()
        let path = pictures.rgbJPEG("wide.jpg", width: 4096, height: 64) { _, _ in Self.orange }
        let decoded = try decode(path).get()
        let level = try #require(decoded.pixels.levels.first)
        #expect(level.width == 2048 && level.height == 32)
        #expect(level.argb.allSatisfy { near($0, 0xFFC8_6432) })
        #expect(decoded.info.width == 4096)
    }
}
