import SplitView
import SplitViewFiles
import SplitViewImages
import TestSupport
import Testing

/// PNG through libpng: every colour type and depth comes out as premultiplied ARGB, exactly.
@Suite struct PNGDecodingTests {
    @Test func rgbaComesOutPremultiplied() throws {
        let pictures = try Pictures()
        let rows: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 128], [0, 0, 255, 0], [255, 255, 255, 255]]
        let path = pictures.rgbaPNG("a.png", width: 2, height: 2) { x, y in rows[y * 2 + x] }
        let result = decode(path)
        let level = try #require(pixels(result))
        #expect(level.argb == [0xFFFF_0000, 0x8000_8000, 0x0000_0000, 0xFFFF_FFFF])
        let info = try result.get().info
        #expect(info == ImageInfo(format: .png, width: 2, height: 2, hasAlpha: true, bitDepth: 8, channels: 4))
    }

    @Test func oneBitGreyIsExpanded() throws {
        let pictures = try Pictures()
        let path = pictures.path("bits.png")
        PictureFiles.png(path, width: 8, height: 1, type: .gray, depth: 1, bytes: [0b1010_0000])
        let level = try #require(pixels(decode(path)))
        #expect(level.argb == [0xFFFF_FFFF, 0xFF00_0000, 0xFFFF_FFFF] + Array(repeating: 0xFF00_0000, count: 5))
    }

    @Test func greyWithAlphaBecomesColour() throws {
        let pictures = try Pictures()
        let path = pictures.path("ga.png")
        PictureFiles.png(path, width: 2, height: 1, type: .grayAlpha, bytes: [200, 255, 100, 0])
        #expect(pixels(decode(path))?.argb == [0xFFC8_C8C8, 0x0000_0000])
    }

    /// A palette whose first entry is transparent (tRNS): the alpha comes with the colour.
    @Test func aPaletteWithATransparentEntry() throws {
        let pictures = try Pictures()
        let path = pictures.path("palette.png")
        PictureFiles.png(
            path, width: 3, height: 1, type: .palette, bytes: [0, 1, 2], palette: [255, 0, 0, 0, 0, 255, 10, 20, 30],
            alpha: [0, 255])
        let result = decode(path)
        #expect(pixels(result)?.argb == [0x0000_0000, 0xFF00_00FF, 0xFF0A_141E])
        #expect((try? result.get().info.hasAlpha) == true)
    }

    /// Sixteen bits a sample are scaled to eight (0x8080 is 128 × 257: exactly 128).
    @Test func sixteenBitsAreScaledToEight() throws {
        let pictures = try Pictures()
        let path = pictures.path("deep.png")
        let bytes: [UInt8] = [0xFF, 0xFF, 0, 0, 0, 0] + [0x80, 0x80, 0x80, 0x80, 0x80, 0x80]
        PictureFiles.png(path, width: 1, height: 2, type: .rgb, depth: 16, bytes: bytes)
        let result = decode(path)
        #expect(pixels(result)?.argb == [0xFFFF_0000, 0xFF80_8080])
        #expect((try? result.get().info.bitDepth) == 16)
    }

    /// The decision: no gamma or colour profile is applied, the samples are taken as sRGB. A
    /// gAMA chunk of 0.25 (which a colour-managed viewer would brighten a lot) changes nothing.
    @Test func aGammaChunkChangesNoPixel() throws {
        let pictures = try Pictures()
        let plain = PictureFiles.read(
            pictures.rgbaPNG("plain.png", width: 2, height: 1) { x, _ in [UInt8(60 + x), 120, 180, 255] })
        let ihdrEnd = 8 + 12 + 13
        let gamma = PictureFiles.chunk("gAMA", PictureFiles.bigEndian(25_000))
        let path = pictures.raw("gamma.png", Array(plain[..<ihdrEnd]) + gamma + Array(plain[ihdrEnd...]))
        #expect(pixels(decode(path))?.argb == [0xFF3C_78B4, 0xFF3D_78B4])
    }

    /// Interlaced (Adam7) is decoded whole, to the same pixels as the plain file.
    @Test func interlacedGivesTheSamePixels() throws {
        let pictures = try Pictures()
        let pattern = { (x: Int, y: Int) -> [UInt8] in [UInt8(x * 16), UInt8(y * 16), UInt8((x + y) * 8), UInt8(255 - x)] }
        let plain = pictures.rgbaPNG("plain.png", width: 16, height: 16, pattern)
        let interlaced = pictures.rgbaPNG("adam7.png", width: 16, height: 16, interlaced: true, pattern)
        let result = decode(interlaced)
        #expect(pixels(result)?.argb != nil)
        #expect(pixels(result)?.argb == pixels(decode(plain))?.argb)
        #expect((try? result.get().info.isInterlaced) == true)
    }

    /// A picture wider than the output is reduced while decoded: each output pixel is the
    /// average of the area it covers (here two black and two white pixels: grey).
    @Test func aWidePictureIsAveragedIntoTheOutput() throws {
        let pictures = try Pictures()
        let path = pictures.path("stripes.png")
        let row = (0..<4096).map { $0 % 2 == 0 ? UInt8(0) : 255 }
        PictureFiles.png(path, width: 4096, height: 2, type: .gray, bytes: row + row)
        let decoded = try decode(path).get()
        let level = try #require(decoded.pixels.levels.first)
        #expect(level.width == 2048 && level.height == 1)
        #expect(level.argb.allSatisfy { $0 == 0xFF80_8080 })
        #expect(decoded.pixels.pixelWidth == 4096 && decoded.pixels.pixelHeight == 2, "its own size, for the reader")
        #expect(decoded.pixels.levels.map(\.width) == [2048, 1024, 512, 256, 128, 64, 32, 16])
    }
}
