import SplitView
import SplitViewFiles
import SplitViewImages
import TestSupport

/// A folder of the test's own for its pictures.
final class Pictures {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder("images")
    }

    /// The path of `name` in the folder.
    func path(_ name: String) -> String { folder.path + "/" + name }

    /// Writes an 8-bit RGBA PNG of `width` × `height` pixels, each `pixel(x, y)`.
    @discardableResult
    func rgbaPNG(_ name: String, width: Int, height: Int, interlaced: Bool = false, _ pixel: (Int, Int) -> [UInt8]) -> String {
        var bytes: [UInt8] = []
        for y in 0..<height { for x in 0..<width { bytes += pixel(x, y) } }
        PictureFiles.png(path(name), width: width, height: height, type: .rgba, interlaced: interlaced, bytes: bytes)
        return path(name)
    }

    /// Writes an RGB JPEG of `width` × `height` pixels, each `pixel(x, y)`.
    @discardableResult
    func rgbJPEG(
        _ name: String, width: Int, height: Int, progressive: Bool = false, orientation: Int = 0,
        _ pixel: (Int, Int) -> [UInt8]
    ) -> String {
        var bytes: [UInt8] = []
        for y in 0..<height { for x in 0..<width { bytes += pixel(x, y) } }
        PictureFiles.jpeg(
            path(name), width: width, height: height, progressive: progressive, orientation: orientation, bytes: bytes)
        return path(name)
    }

    /// A progressive 512 × 512 photo as libjpeg writes it (its ten scans), as `name`, and the
    /// same followed by `empty` scans that send nothing (``PictureFiles/withEmptyScans(_:scans:)``)
    /// as `"many-" + name`, without its end marker when `cutShort`: a decode that reads that one
    /// to its end says "cut short", so a picture from it proves the decode stopped before.
    func manyScans(_ name: String, empty: Int, cutShort: Bool) -> (picture: String, hostile: String) {
        let picture = rgbJPEG(name, width: 512, height: 512, progressive: true) { x, y in
            [UInt8(x / 2), UInt8(y / 2), UInt8((x ^ y) & 0xFF)]
        }
        let bytes = PictureFiles.withEmptyScans(PictureFiles.read(picture), scans: empty)
        return (picture, raw("many-" + name, cutShort ? Array(bytes.dropLast(2)) : bytes))
    }

    /// An interlaced RGBA PNG of `width` × `height` pixels of noise, which deflate cannot shrink
    /// (64 KiB of it repeated, farther apart than deflate looks back), so that its data is read
    /// a few KiB at a time through all seven passes; as `name`, cut after 7/8 of its bytes (in
    /// the last pass, which holds half the rows): decoded on, it is "cut short" near the end.
    func noisyInterlacedPNG(_ name: String, width: Int, height: Int) -> String {
        var state: UInt32 = 0x2545_F491
        let noise = (0..<65_557).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        while bytes.count < width * height * 4 { bytes += noise.prefix(width * height * 4 - bytes.count) }
        PictureFiles.png(path("whole-" + name), width: width, height: height, type: .rgba, interlaced: true, bytes: bytes)
        let file = PictureFiles.read(path("whole-" + name))
        return raw(name, Array(file.prefix(file.count * 7 / 8)))
    }

    /// Writes `bytes` as `name`.
    @discardableResult
    func raw(_ name: String, _ bytes: [UInt8]) -> String {
        PictureFiles.write(bytes, to: path(name))
        return path(name)
    }
}

/// Decodes `path` with `limits`.
func decode(_ path: String, limits: ImageLimits = .standard) -> Result<DecodedImage, ImageError> {
    ImageDecoder.decode(FilePath(path), limits: limits)
}

/// The standard limits, but for the scans and the processor time when given.
func limits(scans: Int? = nil, processorTime: Duration? = nil) -> ImageLimits {
    var limits = ImageLimits.standard
    limits.scans = scans ?? limits.scans
    limits.processorTime = processorTime ?? limits.processorTime
    return limits
}

/// How many scans a JPEG's bytes hold: its start-of-scan markers (entropy-coded data never
/// holds `FF DA`: a data byte 0xFF is followed by 0).
func scanCount(_ bytes: [UInt8]) -> Int {
    bytes.indices.dropLast().count { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }
}

/// The decoded picture's first level, or nil on failure.
func pixels(_ result: Result<DecodedImage, ImageError>) -> ImagePixels.Level? {
    (try? result.get())?.pixels.levels.first
}

/// The error, or nil on success.
func failure(_ result: Result<DecodedImage, ImageError>) -> ImageError? {
    if case .failure(let error) = result { return error }
    return nil
}

/// Whether two premultiplied ARGB words are within `tolerance` in every channel.
func near(_ a: UInt32, _ b: UInt32, _ tolerance: Int = 4) -> Bool {
    stride(from: 0, to: 32, by: 8).allSatisfy { abs(Int(a >> UInt32($0) & 0xFF) - Int(b >> UInt32($0) & 0xFF)) <= tolerance }
}
