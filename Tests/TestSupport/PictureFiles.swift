import Glibc
import ImageFixtures

/// PNG and JPEG files written by libpng and libjpeg (through the `ImageFixtures` C target), so
/// that the tests make the pictures they decode and show, and keep no binary fixtures. Also the
/// raw reads and writes the hostile variants are made with.
public enum PictureFiles {
    /// A PNG's colour type, as the format numbers it.
    public enum PNGType: Int32, Sendable {
        /// Grey, one sample a pixel.
        case gray = 0
        /// Red, green, blue.
        case rgb = 2
        /// Palette indices.
        case palette = 3
        /// Grey and alpha.
        case grayAlpha = 4
        /// Red, green, blue and alpha.
        case rgba = 6

        /// Samples a pixel.
        public var channels: Int {
            switch self {
            case .gray, .palette: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    /// Writes a PNG of `width` × `height` to `path` from `bytes`, the rows as PNG stores them
    /// (16-bit samples big-endian, depths below 8 packed, each row whole bytes); a palette's
    /// RGB triples, and `alpha` for its first entries. True when written.
    @discardableResult
    public static func png(
        _ path: String, width: Int, height: Int, type: PNGType, depth: Int = 8, interlaced: Bool = false,
        bytes: [UInt8], palette: [UInt8] = [], alpha: [UInt8] = []
    ) -> Bool {
        let rowBytes = (width * type.channels * depth + 7) / 8
        precondition(bytes.count == rowBytes * height, "a PNG's rows hold (width × channels × depth + 7) / 8 bytes each")
        return fixture_write_png(
            path, UInt32(width), UInt32(height), type.rawValue, Int32(depth), interlaced ? 1 : 0, bytes, rowBytes,
            palette.isEmpty ? nil : palette, Int32(palette.count / 3), alpha.isEmpty ? nil : alpha, Int32(alpha.count)) == 0
    }

    /// Writes a JPEG of `width` × `height` to `path` from `bytes` (`components` a pixel: 1 grey,
    /// 3 RGB, 4 CMYK as Adobe stores it, 255 meaning no ink), with an EXIF orientation marker
    /// when `orientation` is 1 to 8; progressive (libjpeg's ten scans for colour), or
    /// sequential with a scan for each component when `scanPerComponent`, else one scan. True
    /// when written.
    @discardableResult
    public static func jpeg(
        _ path: String, width: Int, height: Int, components: Int = 3, quality: Int = 95, progressive: Bool = false,
        scanPerComponent: Bool = false, orientation: Int = 0, bytes: [UInt8]
    ) -> Bool {
        precondition(bytes.count == width * height * components, "a JPEG's pixels are width × height × components bytes")
        precondition(!(progressive && scanPerComponent), "a JPEG is progressive or sequential")
        let scans = progressive ? FIXTURE_JPEG_PROGRESSIVE : scanPerComponent ? FIXTURE_JPEG_PER_COMPONENT : FIXTURE_JPEG_ONE_SCAN
        return fixture_write_jpeg(
            path, UInt32(width), UInt32(height), Int32(components), Int32(quality), Int32(scans), Int32(orientation),
            bytes) == 0
    }

    /// What libjpeg alone makes of the JPEG at `path`, in its ordinary single pass: `width` ×
    /// `height` pixels of `components` bytes (1 grey, 3 RGB), or nil when it fails or the file
    /// is not that. The reference the decoder's pixels are held to.
    public static func libjpegPixels(_ path: String, width: Int, height: Int, components: Int) -> [UInt8]? {
        var pixels = [UInt8](repeating: 0, count: width * height * components)
        let status = fixture_read_jpeg(path, UInt32(width), UInt32(height), Int32(components), &pixels)
        return status == 0 ? pixels : nil
    }

    /// `jpeg` (a progressive JPEG's bytes, ending with its end marker) with `scans` more scans
    /// before its end, each sending nothing: an AC scan of the first component whose one symbol, an "EOB
    /// run", says that all its blocks have no more coefficients (after a Huffman table of its
    /// own, so that the symbol exists). libjpeg reads each as a pass over all those blocks and
    /// changes no coefficient, and warns of nothing (a full-precision AC scan sent again is
    /// not an inconsistent progression to it): the picture is `jpeg`'s, and what the scans
    /// cost is time. 12 or 13 bytes a scan for a picture of up to 32 767 blocks.
    public static func withEmptyScans(_ jpeg: [UInt8], scans: Int) -> [UInt8] {
        precondition(jpeg.suffix(2) == [0xFF, 0xD9], "a whole JPEG, its end marker last")
        let frame = jpegFrame(jpeg)
        // EOB runs of 2^n … 2^(n+1) − 1 blocks (n = 0 … 14): symbol n << 4, each a four-bit code
        // (its value n) followed by n bits of the run beyond 2^n.
        let table: [UInt8] = [0x10] + [0, 0, 0, 15] + Array(repeating: 0, count: 12) + (0..<15).map { UInt8($0 << 4) }
        var bits = BitWriter()
        var left = frame.blocks
        while left > 0 {
            let n = min(14, Int.bitWidth - 1 - left.leadingZeroBitCount), run = min(left, (1 << (n + 1)) - 1)
            bits.put(n, count: 4)
            bits.put(run - (1 << n), count: n)
            left -= run
        }
        let scan = segment(0xDA, [1, frame.component, 0x00, 1, 63, 0x00]) + bits.finished()
        var bytes = Array(jpeg.dropLast(2)) + segment(0xC4, table)
        bytes.reserveCapacity(bytes.count + scan.count * scans + 2)
        for _ in 0..<scans { bytes += scan }
        return bytes + [0xFF, 0xD9]
    }

    /// `jpeg` (a JPEG's bytes, ending with its end marker) with its last scan sent `times` more
    /// before its end, with the same data. For a sequential JPEG of a scan per component, each
    /// repeat decodes to the same coefficients again (a sequential scan sends them whole, and
    /// its DC predictions restart with it): the picture is `jpeg`'s, and the repeats cost time.
    public static func withLastScanRepeated(_ jpeg: [UInt8], times: Int) -> [UInt8] {
        precondition(jpeg.suffix(2) == [0xFF, 0xD9], "a whole JPEG, its end marker last")
        guard let last = jpeg.indices.dropLast().last(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        else { preconditionFailure("a JPEG has a scan") }
        let scan = Array(jpeg[last..<jpeg.count - 2])
        var bytes = Array(jpeg.dropLast(2))
        for _ in 0..<times { bytes += scan }
        return bytes + [0xFF, 0xD9]
    }

    /// The first component's id in a JPEG's frame header, and how many blocks a scan of it
    /// alone covers (its sampled size in 8 × 8 blocks, rounded up).
    static func jpegFrame(_ jpeg: [UInt8]) -> (component: UInt8, blocks: Int) {
        guard let at = jpeg.indices.dropLast().first(where: { jpeg[$0] == 0xFF && (0xC0...0xC2).contains(jpeg[$0 + 1]) })
        else { preconditionFailure("a JPEG has a frame header (SOF0, SOF1 or SOF2)") }
        let height = Int(jpeg[at + 5]) << 8 | Int(jpeg[at + 6]), width = Int(jpeg[at + 7]) << 8 | Int(jpeg[at + 8])
        let count = Int(jpeg[at + 9])
        let sampling = (0..<count).map { jpeg[at + 11 + 3 * $0] }
        let maxH = Int(sampling.map { $0 >> 4 }.max() ?? 1), maxV = Int(sampling.map { $0 & 0x0F }.max() ?? 1)
        let h = Int(sampling[0] >> 4), v = Int(sampling[0] & 0x0F)
        let across = (width * h + 8 * maxH - 1) / (8 * maxH), down = (height * v + 8 * maxV - 1) / (8 * maxV)
        return (jpeg[at + 10], across * down)
    }

    /// A JPEG marker segment: `FF marker`, its length (two bytes, counting themselves), `body`.
    static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
    }

    /// The whole file at `path`, or nothing.
    public static func read(_ path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = Glibc.read(descriptor, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += chunk.prefix(count)
        }
        return bytes
    }

    /// Writes `bytes` to `path`, replacing it. True when written.
    @discardableResult
    public static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count
    }

    /// The CRC-32 of `bytes`, as PNG's chunks carry it (over the type and the data).
    public static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A PNG chunk: its length, type, data and CRC.
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    /// `value`'s four bytes, most significant first.
    public static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// PNG's eight-byte signature.
    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A PNG that declares `width` × `height` (8-bit RGB) and holds no pixels: its signature,
    /// its IHDR, an IDAT whose four zero bytes are no compressed data at all, and IEND. Reading
    /// its header works; decoding a row fails.
    public static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        pngSignature + chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]) + chunk("IDAT", [0, 0, 0, 0])
            + chunk("IEND", [])
    }
}

/// Bits written most significant first into JPEG entropy-coded bytes: a 0 stuffed after every
/// 0xFF (so that no byte of data reads as a marker), the last byte padded with ones.
struct BitWriter {
    private var bytes: [UInt8] = []
    private var byte = 0, count = 0

    /// Appends the low `count` bits of `value`.
    mutating func put(_ value: Int, count bits: Int) {
        for shift in stride(from: bits - 1, through: 0, by: -1) {
            byte = byte << 1 | (value >> shift & 1)
            count += 1
            if count == 8 {
                bytes.append(UInt8(byte))
                if byte == 0xFF { bytes.append(0) }
                byte = 0
                count = 0
            }
        }
    }

    /// The bytes, the last padded with ones.
    mutating func finished() -> [UInt8] {
        if count > 0 { put((1 << (8 - count)) - 1, count: 8 - count) }
        return bytes
    }
}
