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

    /// How a test's JPEG splits its data into scans.
    enum Scans: Sendable {
        case one, progressive, perComponent
    }

    /// Files of several scans are read scan by scan now (libjpeg's buffered-image mode, so that
    /// the scans can be bounded): every pixel is still the one libjpeg's ordinary single pass
    /// makes, progressive in colour (4:2:0, fancy upsampling) and grey, sequential with a scan
    /// per component, at sizes that end mid-block; and a file of one scan, read as before, too.
    @Test(arguments: [
        (3, Scans.progressive, 61, 37), (3, .progressive, 200, 120), (1, .progressive, 45, 29), (3, .perComponent, 61, 37),
        (3, .one, 61, 37),
    ])
    func decodesExactlyAsLibjpegAlone(components: Int, scans: Scans, width: Int, height: Int) throws {
        let pictures = try Pictures()
        let path = pictures.path("photo.jpg")
        let bytes = (0..<width * height).flatMap { index -> [UInt8] in
            let x = index % width, y = index / width
            let pixel = [UInt8(x * 255 / width), UInt8(y * 255 / height), UInt8((x * 7 ^ y * 13) & 0xFF)]
            return components == 1 ? [pixel[2]] : pixel
        }
        #expect(
            PictureFiles.jpeg(
                path, width: width, height: height, components: components, quality: 90, progressive: scans == .progressive,
                scanPerComponent: scans == .perComponent, bytes: bytes))
        let reference = try #require(PictureFiles.libjpegPixels(path, width: width, height: height, components: components))
        let expected = (0..<width * height).map { index -> UInt32 in
            let rgb = components == 1 ? Array(repeating: reference[index], count: 3) : Array(reference[3 * index..<3 * index + 3])
            return 0xFF00_0000 | UInt32(rgb[0]) << 16 | UInt32(rgb[1]) << 8 | UInt32(rgb[2])
        }
        let decoded = try decode(path).get()
        #expect(decoded.info.isInterlaced == (scans == .progressive) && decoded.scansShown == nil && decoded.warning == nil)
        #expect(decoded.pixels.levels[0].argb == expected)
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
