import PropertyBased
import SplitView
import SplitViewImages
import TestSupport
import Testing

@testable import SplitViewImages

/// The decoder's bounds: the output's size rule, the levels, the first bytes that name a
/// format, a JPEG's scans and a decode's processor time, and the words of every refusal.
@Suite struct ImageLimitsTests {
    @Test func theStandardLimits() {
        let limits = ImageLimits.standard
        #expect(limits.fileBytes == 250_000_000 && limits.pixels == 200_000_000 && limits.side == 65_535)
        #expect(limits.workingMemory == 256_000_000 && limits.outputSide == 2048)
        #expect(limits.scans == 100 && limits.processorTime == .seconds(20))
        let own = ImageLimits(fileBytes: 1, pixels: 1, side: 1, workingMemory: 1, outputSide: 1)
        #expect(own.scans == 100 && own.processorTime == .seconds(20), "the standard ones unless given")
        let least = ImageLimits(fileBytes: 0, pixels: 0, side: 0, workingMemory: 0, outputSide: 0, scans: 0, processorTime: .zero)
        #expect(least.scans == 1 && least.processorTime == .nanoseconds(1))
    }

    /// The decision where the issue left a choice: a JPEG of more scans than the limit is
    /// shown, not refused, from its first 100, which is the whole picture for a real file
    /// (libjpeg's ten scans here, then 400 that send nothing). The file is cut short after
    /// them: the decode never read that far.
    @Test func aJPEGOfMoreScansThanTheLimitShowsItsFirstHundred() throws {
        let pictures = try Pictures()
        let (picture, path) = pictures.manyScans("photo.jpg", empty: 400, cutShort: true)
        let decoded = try decode(path).get()
        #expect(decoded.scansShown == 100)
        #expect(decoded.pixels.levels[0].argb == pixels(decode(picture))?.argb, "the picture its real scans make")
        #expect(decoded.warning == nil && decoded.info.isInterlaced)
        #expect(failure(decode(path, limits: limits(scans: 1_000))) == .truncated(.jpeg), "read on, it is cut short")
    }

    /// The boundary: a JPEG of exactly 100 scans is read whole, end marker and all; one of 101
    /// is shown from 100 (its end marker cut off, never reached).
    @Test(arguments: [(100, false, nil), (101, true, 100)] as [(Int, Bool, Int?)])
    func scansAtTheLimitAreAllReadOneMoreIsNot(scans: Int, cutShort: Bool, shown: Int?) throws {
        let pictures = try Pictures()
        let real = scanCount(PictureFiles.read(pictures.manyScans("probe.jpg", empty: 0, cutShort: false).picture))
        let (picture, path) = pictures.manyScans("photo.jpg", empty: scans - real, cutShort: cutShort)
        #expect(scanCount(PictureFiles.read(path)) == scans)
        let decoded = try decode(path).get()
        #expect(decoded.scansShown == shown)
        #expect(decoded.pixels.levels[0].argb == pixels(decode(picture))?.argb)
    }

    /// A sequential JPEG of a scan per component is read scan by scan too, and bounded the
    /// same way: its three scans, then its last sent 200 times more (each decoding to the same
    /// coefficients), cut short.
    @Test func aSequentialJPEGOfManyScansShowsItsFirstHundredToo() throws {
        let pictures = try Pictures()
        let picture = pictures.path("photo.jpg")
        var rgb: [UInt8] = []
        for y in 0..<64 { for x in 0..<96 { rgb += [UInt8(2 * x), UInt8(3 * y), 90] } }
        #expect(PictureFiles.jpeg(picture, width: 96, height: 64, scanPerComponent: true, bytes: rgb))
        let bytes = PictureFiles.withLastScanRepeated(PictureFiles.read(picture), times: 200)
        let path = pictures.raw("many.jpg", Array(bytes.dropLast(2)))
        let decoded = try decode(path).get()
        #expect(decoded.scansShown == 100 && !decoded.info.isInterlaced)
        #expect(decoded.pixels.levels[0].argb == pixels(decode(picture))?.argb)
        #expect(failure(decode(path, limits: limits(scans: 1_000))) == .truncated(.jpeg), "read on, it is cut short")
    }

    /// Past its processor time a decode is given up and refused in words: a JPEG whose 20 000
    /// scans send nothing (scans unbounded here; half a second's work or more), and an
    /// interlaced PNG. Neither reaches the cut at its end, which a decode with time reaches.
    @Test func aDecodeOverItsProcessorTimeIsRefusedInWords() throws {
        let pictures = try Pictures()
        let (_, jpeg) = pictures.manyScans("photo.jpg", empty: 20_000, cutShort: true)
        let error = failure(decode(jpeg, limits: limits(scans: 1_000_000, processorTime: .milliseconds(50))))
        #expect(error == .tooSlow(.jpeg, limit: .milliseconds(50)))
        #expect(error?.reason == "is a JPEG too slow to decode: given up after 50 ms of processor time")
        let png = pictures.noisyInterlacedPNG("noise.png", width: 64, height: 4096)
        #expect(failure(decode(png, limits: limits(processorTime: .nanoseconds(1)))) == .tooSlow(.png, limit: .nanoseconds(1)))
        #expect(failure(decode(png)) == .truncated(.png), "with time, the passes run into the cut")
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
            (.tooSlow(.jpeg, limit: .seconds(20)), "is a JPEG too slow to decode: given up after 20 s of processor time"),
            (.tooSlow(.png, limit: .milliseconds(1_500)), "is a PNG too slow to decode: given up after 2 s of processor time"),
            (.tooSlow(.png, limit: .microseconds(10)), "is a PNG too slow to decode: given up after 1 ms of processor time"),
            (
                .needsMemory(info, bytes: 162_000_000, limit: 128_000_000),
                "is a progressive JPEG of 9\u{A0}000 × 6\u{A0}000 pixels, which is decoded whole: it would need 162 MB (at most 128 MB)"
            ),
        ]
        for (error, words) in cases { #expect(error.reason == words) }
    }
}
