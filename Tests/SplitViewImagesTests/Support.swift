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
