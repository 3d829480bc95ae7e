import Glibc
import SplitView
import SplitViewFiles
import SplitViewImages
import TestSupport
import Testing

/// Files that lie, break or are too much: every one is refused in words, never a crash or a
/// hang, and a picture too large is refused from its header, before a pixel is decoded.
@Suite struct HostileFileTests {
    /// A PNG that declares 20 000 × 20 000 and holds no pixel data: a decode that went past the
    /// header would fail on the first row (as the same header at 20 × 20 does); the refusal
    /// comes first.
    @Test func aHugeDeclaredPictureIsRefusedBeforeDecoding() throws {
        let pictures = try Pictures()
        let path = pictures.raw("huge.png", PictureFiles.pngHeader(width: 20_000, height: 20_000))
        let error = try #require(failure(decode(path)))
        guard case .tooLarge(let info, _) = error else { Issue.record("refused as \(error)"); return }
        #expect(info.width == 20_000 && info.height == 20_000)
        #expect(error.reason == "is 20\u{A0}000 × 20\u{A0}000 pixels: too large to show (at most 200 megapixels)")
        #expect((try? ImageDecoder.info(FilePath(path)).get().pixelCount) == 400_000_000)
        let small = pictures.raw("small.png", PictureFiles.pngHeader(width: 20, height: 20))
        guard case .damaged(.png, _)? = failure(decode(small)) else {
            Issue.record("the same file at 20 × 20 decoded")
            return
        }
    }

    /// A kernel file is never read for a picture, through a link either: `/proc/kmsg`
    /// would be drained.
    @Test func aKernelFileIsNeverDecoded() throws {
        let pictures = try Pictures()
        let link = pictures.path("kmsg.png")
        try #require(symlink("/proc/kmsg", link) == 0)
        for path in [link, "/proc/self/environ"] {
            guard case .unreadable(let error)? = failure(decode(path)) else {
                Issue.record("\(path) was read")
                continue
            }
            #expect(error.reason == "it is a file of the kernel (proc), which is never read")
        }
    }

    @Test func aSideLongerThanTheLimitIsRefused() throws {
        let pictures = try Pictures()
        let path = pictures.raw("strip.png", PictureFiles.pngHeader(width: 70_000, height: 1))
        #expect(
            failure(decode(path))?.reason == "is 70\u{A0}000 × 1 pixels: too large to show (at most 65\u{A0}535 pixels a side)")
    }

    @Test func aTruncatedPNGSaysSo() throws {
        let pictures = try Pictures()
        let whole = pictures.rgbaPNG("whole.png", width: 64, height: 64) { x, y in [UInt8(x * 4), UInt8(y * 4), 7, 255] }
        let bytes = PictureFiles.read(whole)
        let path = pictures.raw("cut.png", Array(bytes.prefix(bytes.count / 2)))
        #expect(failure(decode(path)) == .truncated(.png))
        #expect(failure(decode(path))?.reason == "is a PNG cut short: the file ends before the picture does")
    }

    /// The IHDR chunk's CRC broken: libpng's own words.
    @Test func aBadCRCIsDamage() throws {
        let pictures = try Pictures()
        var bytes = PictureFiles.read(pictures.rgbaPNG("good.png", width: 4, height: 4) { _, _ in [1, 2, 3, 255] })
        bytes[30] ^= 0xFF  // 8 signature + 4 length + 4 type + 13 data = 29: the CRC's second byte
        let error = failure(decode(pictures.raw("crc.png", bytes)))
        #expect(error == .damaged(.png, "IHDR: CRC error"))
        #expect(error?.reason == "is a damaged PNG: IHDR: CRC error")
    }

    /// The compressed data's header broken, its chunk's CRC right: zlib refuses it.
    @Test func brokenCompressedDataIsDamage() throws {
        let pictures = try Pictures()
        let good = PictureFiles.read(pictures.rgbaPNG("good.png", width: 4, height: 4) { _, _ in [1, 2, 3, 255] })
        let at = try #require(Self.chunk("IDAT", in: good))
        var data = Array(good[at.data])
        data[0] = 0
        data[1] = 0
        let bytes = Array(good[..<at.start]) + PictureFiles.chunk("IDAT", data) + Array(good[at.end...])
        guard case .damaged(.png, _)? = failure(decode(pictures.raw("zlib.png", bytes))) else {
            Issue.record("not refused as damage")
            return
        }
    }

    @Test func aZeroWidthPNGIsDamage() throws {
        let pictures = try Pictures()
        let path = pictures.raw("zero.png", PictureFiles.pngHeader(width: 0, height: 10))
        guard case .damaged(.png, _)? = failure(decode(path)) else {
            Issue.record("a zero width decoded")
            return
        }
    }

    @Test func aZeroHeightJPEGIsDamage() throws {
        let pictures = try Pictures()
        var bytes = PictureFiles.read(pictures.rgbJPEG("a.jpg", width: 8, height: 8) { _, _ in [9, 9, 9] })
        let sof = try #require(Self.marker(0xC0, in: bytes))
        bytes[sof + 5] = 0  // length (2), precision (1), then the height's two bytes
        bytes[sof + 6] = 0
        guard case .damaged(.jpeg, _)? = failure(decode(pictures.raw("flat.jpg", bytes))) else {
            Issue.record("a zero height decoded")
            return
        }
    }

    /// A 12-bit JPEG is valid, but not what this libjpeg decodes: said as such.
    @Test func twelveBitJPEGIsUnsupported() throws {
        let pictures = try Pictures()
        var bytes = PictureFiles.read(pictures.rgbJPEG("a.jpg", width: 8, height: 8) { _, _ in [9, 9, 9] })
        let sof = try #require(Self.marker(0xC0, in: bytes))
        bytes[sof + 4] = 12
        let error = failure(decode(pictures.raw("deep.jpg", bytes)))
        guard case .unsupported(.jpeg, let detail)? = error else {
            Issue.record("refused as \(String(describing: error))")
            return
        }
        #expect(detail.contains("12"))
    }

    @Test func aJPEGWithGarbageAfterItsStartIsDamage() throws {
        let pictures = try Pictures()
        let path = pictures.raw("junk.jpg", [0xFF, 0xD8, 0xFF] + Array(repeating: 0x12, count: 300))
        guard case .damaged(.jpeg, _)? = failure(decode(path)) else {
            Issue.record("garbage decoded")
            return
        }
    }

    @Test(arguments: [false, true])
    func aTruncatedJPEGSaysSo(progressive: Bool) throws {
        let pictures = try Pictures()
        let whole = pictures.rgbJPEG("whole.jpg", width: 64, height: 64, progressive: progressive) { x, y in
            [UInt8(x * 4), UInt8(y * 4), UInt8(x ^ y)]
        }
        let bytes = PictureFiles.read(whole)
        #expect(failure(decode(pictures.raw("cut.jpg", Array(bytes.prefix(bytes.count * 2 / 3))))) == .truncated(.jpeg))
    }

    /// A scan interrupted by an end-of-image marker: libjpeg fills the rest and warns, and the
    /// picture shows with the warning.
    @Test func aDamagedScanShowsWithItsWarning() throws {
        let pictures = try Pictures()
        var bytes = PictureFiles.read(
            pictures.rgbJPEG("a.jpg", width: 64, height: 64) { x, y in [UInt8(x * 4), UInt8(y * 4), 0] })
        let scan = try #require(Self.marker(0xDA, in: bytes))
        let middle = (scan + bytes.count) / 2
        bytes.replaceSubrange(middle..<middle + 2, with: [0xFF, 0xD9])
        let decoded = try decode(pictures.raw("damaged.jpg", bytes)).get()
        #expect(decoded.warning?.contains("Corrupt JPEG data") == true)
        #expect(decoded.pixels.levels[0].width == 64)
    }

    /// The bytes decide, not the name.
    @Test func textNamedPNGIsNotAPicture() throws {
        let pictures = try Pictures()
        #expect(failure(decode(pictures.raw("notes.png", Array("just text, honestly\n".utf8)))) == .notAnImage)
        #expect(failure(decode(pictures.raw("empty.png", []))) == .notAnImage)
        #expect(ImageError.notAnImage.reason == "is neither a PNG nor a JPEG file")
    }

    @Test func aFIFOIsNeverReadAndNeverWaitedOn() throws {
        let pictures = try Pictures()
        let path = pictures.path("pipe.png")
        #expect(mkfifo(path, 0o644) == 0)
        guard case .unreadable(let error)? = failure(decode(path)) else {
            Issue.record("a FIFO was read")
            return
        }
        #expect(error.reason == "not a regular file")
    }

    @Test func aMissingFileSaysWhy() throws {
        let pictures = try Pictures()
        #expect(failure(decode(pictures.path("gone.png")))?.reason == "cannot be read: No such file or directory")
    }

    @Test func aFileLargerThanTheLimitIsRefusedUnread() throws {
        let pictures = try Pictures()
        let path = pictures.rgbaPNG("a.png", width: 16, height: 16) { _, _ in [1, 2, 3, 4] }
        let size = Int64(PictureFiles.read(path).count)
        let limits = ImageLimits(fileBytes: size - 1, pixels: 1000, side: 100, workingMemory: 1 << 20, outputSide: 64)
        #expect(failure(decode(path, limits: limits)) == .fileTooLarge(bytes: size, limit: size - 1))
        #expect(
            ImageError.fileTooLarge(bytes: 300_000_000, limit: 250_000_000).reason
                == "is 300 MB: too large to show (at most 250 MB)")
    }

    /// Interlaced and progressive pictures are decoded whole, and so is a sequential JPEG of a
    /// scan per component (libjpeg keeps its every coefficient until its last scan): past the
    /// working memory, refused from the header, in words that say why.
    @Test func decodingWholeIsBoundedToo() throws {
        let pictures = try Pictures()
        let png = pictures.rgbaPNG("adam7.png", width: 64, height: 64, interlaced: true) { _, _ in [1, 2, 3, 255] }
        let jpeg = pictures.rgbJPEG("p.jpg", width: 64, height: 64, progressive: true) { _, _ in [1, 2, 3] }
        let scans = pictures.path("s.jpg")
        PictureFiles.jpeg(scans, width: 64, height: 64, scanPerComponent: true, bytes: Array(repeating: 9, count: 64 * 64 * 3))
        let small = ImageLimits(fileBytes: 1 << 20, pixels: 1 << 20, side: 1000, workingMemory: 10_000, outputSide: 64)
        let error = try #require(failure(decode(png, limits: small)))
        #expect(error.reason.hasPrefix("is an interlaced PNG of 64 × 64 pixels, which is decoded whole: it would need"))
        #expect(failure(decode(jpeg, limits: small))?.reason.hasPrefix("is a progressive JPEG of 64 × 64 pixels") == true)
        let sequential = failure(decode(scans, limits: small))?.reason
        #expect(sequential?.hasPrefix("is a JPEG of 64 × 64 pixels, which is decoded whole") == true)
        #expect([png, jpeg, scans].allSatisfy { pixels(decode($0)) != nil }, "all within the standard limits")
    }

    @Test func aDecodeCancelledBeforeItStartsNeverStarts() throws {
        let pictures = try Pictures()
        let path = pictures.rgbaPNG("a.png", width: 4, height: 4) { _, _ in [1, 2, 3, 4] }
        let cancellation = ImageCancellation()
        cancellation.cancel()
        #expect(cancellation.isCancelled)
        guard case .failure(.cancelled) = ImageDecoder.decode(FilePath(path), cancellation: cancellation) else {
            Issue.record("decoded after cancelling")
            return
        }
    }

    /// Where the chunk `type` is in a PNG: its start, its data, its end.
    static func chunk(_ type: String, in bytes: [UInt8]) -> (start: Int, data: Range<Int>, end: Int)? {
        var at = 8
        while at + 12 <= bytes.count {
            let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            if Array(bytes[at + 4..<at + 8]) == Array(type.utf8) { return (at, at + 8..<at + 8 + length, at + 12 + length) }
            at += 12 + length
        }
        return nil
    }

    /// Where the JPEG marker `FF code` first is.
    static func marker(_ code: UInt8, in bytes: [UInt8]) -> Int? {
        bytes.indices.dropLast().first { bytes[$0] == 0xFF && bytes[$0 + 1] == code }
    }
}
