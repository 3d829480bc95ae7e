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
    /// when `orientation` is 1 to 8. True when written.
    @discardableResult
    public static func jpeg(
        _ path: String, width: Int, height: Int, components: Int = 3, quality: Int = 95, progressive: Bool = false,
        orientation: Int = 0, bytes: [UInt8]
    ) -> Bool {
        precondition(bytes.count == width * height * components, "a JPEG's pixels are width × height × components bytes")
        return fixture_write_jpeg(
            path, UInt32(width), UInt32(height), Int32(components), Int32(quality), progressive ? 1 : 0,
            Int32(orientation), bytes) == 0
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
