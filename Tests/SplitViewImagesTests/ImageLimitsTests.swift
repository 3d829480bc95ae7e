import PropertyBased
import SplitView
import SplitViewImages
import Testing

@testable import SplitViewImages

/// The decoder's bounds: the output's size rule, the levels, the first bytes that name a
/// format, and the words of every refusal.
@Suite struct ImageLimitsTests {
    @Test func theStandardLimits() {
        let limits = ImageLimits.standard
        #expect(limits.fileBytes == 250_000_000 && limits.pixels == 200_000_000 && limits.side == 65_535)
        #expect(limits.workingMemory == 256_000_000 && limits.outputSide == 2048)
    }

    @Test(arguments: [
        (4000, 3000, 2048, 1536), (3000, 4000, 1536, 2048), (2048, 2048, 2048, 2048), (16, 16, 16, 16),
        (100_000, 1, 2048, 1), (0, 0, 1, 1),
    ])
    func theOutputFitsTheLimitNeverLarger(width: Int, height: Int, outWidth: Int, outHeight: Int) {
        let size = ImageLimits.standard.outputSize(width: width, height: height)
        #expect(size.width == outWidth && size.height == outHeight)
    }

    /// Over many sizes: within the output side, at least a pixel, never larger than the
    /// picture, its longer side exactly the limit when reduced, its aspect kept to a pixel.
    @Test func theOutputRuleHoldsOverManySizes() async {
        await propertyCheck(count: 2000, input: Gen.int(in: 1...100_000), Gen.int(in: 1...100_000), Gen.int(in: 1...4096)) {
            width, height, side in
            let limits = ImageLimits(fileBytes: 1, pixels: 1, side: 1, workingMemory: 1, outputSide: side)
            let out = limits.outputSize(width: width, height: height)
            #expect(out.width >= 1 && out.height >= 1)
            #expect(out.width <= min(width, side) && out.height <= min(height, side))
            if max(width, height) > side { #expect(max(out.width, out.height) == side) }
            #expect(abs(out.width * height - out.height * width) <= max(width, height))
        }
    }

    @Test func levelsHalveDownToSixteenPixels() {
        let level = ImagePixels.Level(width: 2, height: 2, argb: [0xFF00_0000, 0xFFFF_FFFF, 0xFFFF_FFFF, 0xFF00_0000])
        #expect(ImageDecoder.halvings(of: level).count == 1, "small enough already")
        let wide = ImagePixels.Level(width: 100, height: 3, argb: Array(repeating: 0x8040_2010, count: 300))
        let levels = ImageDecoder.halvings(of: wide)
        #expect(levels.map(\.width) == [100, 50, 25, 13])
        #expect(levels.map(\.height) == [3, 2, 1, 1])
        #expect(levels.allSatisfy { $0.argb.allSatisfy { $0 == 0x8040_2010 } }, "a flat colour stays itself")
        let checker = ImagePixels.Level(
            width: 32, height: 2, argb: (0..<64).map { ($0 + $0 / 32) % 2 == 0 ? 0xFF00_0000 : 0xFFFF_FFFF })
        #expect(ImageDecoder.halvings(of: checker)[1].argb.allSatisfy { $0 == 0xFF80_8080 }, "four pixels averaged")
    }

    @Test(
        arguments: [
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0], ImageFormat.png),
            ([0xFF, 0xD8, 0xFF, 0xE0], .jpeg),
            ([0xFF, 0xD8, 0xFF], .jpeg),
        ] as [([UInt8], ImageFormat)])
    func theFirstBytesNameTheFormat(bytes: [UInt8], format: ImageFormat) {
        #expect(ImageFormat(sniffing: bytes) == format)
    }

    @Test(arguments: [[], [0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8], Array("GIF89a".utf8), Array("hello".utf8)] as [[UInt8]])
    func otherBytesNameNoFormat(bytes: [UInt8]) {
        #expect(ImageFormat(sniffing: bytes) == nil)
    }

    @Test func everyRefusalReadsAfterTheFilesName() {
        let info = ImageInfo(format: .jpeg, width: 9000, height: 6000, isInterlaced: true)
        let cases: [(ImageError, String)] = [
            (.truncated(.jpeg), "is a JPEG cut short: the file ends before the picture does"),
            (.damaged(.png, "IDAT: CRC error"), "is a damaged PNG: IDAT: CRC error"),
            (
                .unsupported(.jpeg, "Unsupported JPEG data precision 12"),
                "is a JPEG of a kind not shown here: Unsupported JPEG data precision 12"
            ),
            (.outOfMemory, "cannot be decoded: out of memory"),
            (
                .needsMemory(info, bytes: 162_000_000, limit: 128_000_000),
                "is a progressive JPEG of 9\u{A0}000 × 6\u{A0}000 pixels, which is decoded whole: it would need 162 MB (at most 128 MB)"
            ),
        ]
        for (error, words) in cases { #expect(error.reason == words) }
    }
}
