/// How far the decoder goes, each bound refused in words before it is crossed.
///
/// The issue asks that a 20 000 × 20 000 picture be refused, never decoded whole; these are
/// the bounds chosen, each checked as soon as it can be: the file's size before it is opened
/// for decoding, the pixels and the working memory once the header is read (before any pixel
/// is), the output by construction.
///
/// - ``fileBytes``: 250 MB. The file is read as it is decoded, never held, so this bounds the
///   time a decode can take more than the memory.
/// - ``pixels``: 200 megapixels, and ``side``: 65 535 pixels (JPEG's own maximum). A large
///   panorama or a 100-megapixel camera's photo shows; 20 000 × 20 000 (400 megapixels) does
///   not.
/// - ``workingMemory``: 256 MB for the library's own buffers, for a moment. A plain PNG or
///   JPEG needs a few rows; an interlaced PNG and a progressive JPEG are decoded whole (their
///   passes and scans revisit every row), so such a PNG over 64 megapixels is refused, and such
///   a colour JPEG over 42 to 85 (by its colour sampling: a 24-megapixel photo progressive and
///   unsampled needs 144 MB).
/// - ``outputSide``: 2 048 pixels. The picture is reduced while it is decoded to fit 2 048 ×
///   2 048 (never enlarged): at most 16 MiB of pixels, and a third more for the halved
///   levels the host scales from, however large the file. A pane wider than 2 048 pixels shows
///   a larger picture slightly enlarged from those.
public struct ImageLimits: Hashable, Sendable {
    /// The largest file decoded, in bytes.
    public var fileBytes: Int64
    /// The most pixels a picture may have.
    public var pixels: Int
    /// The longest side a picture may have, in pixels.
    public var side: Int
    /// The most memory the library may work in besides the output, in bytes.
    public var workingMemory: Int64
    /// The longest side of the decoded pixels; larger pictures are reduced to it.
    public var outputSide: Int

    /// Limits of your own; every value is taken as at least 1.
    public init(fileBytes: Int64, pixels: Int, side: Int, workingMemory: Int64, outputSide: Int) {
        self.fileBytes = max(1, fileBytes)
        self.pixels = max(1, pixels)
        self.side = max(1, side)
        self.workingMemory = max(1, workingMemory)
        self.outputSide = max(1, outputSide)
    }

    /// The reader's limits (see the type's summary).
    public static let standard = ImageLimits(
        fileBytes: 250_000_000, pixels: 200_000_000, side: 65_535, workingMemory: 256_000_000, outputSide: 2_048)

    /// The size a `width` × `height` picture is decoded at: reduced, its aspect kept, until its
    /// longer side is at most ``outputSide``; never enlarged; each side at least 1 pixel.
    ///
    /// ```swift
    /// ImageLimits.standard.outputSize(width: 4000, height: 3000)   // (2048, 1536)
    /// ImageLimits.standard.outputSize(width: 16, height: 16)       // (16, 16)
    /// ```
    public func outputSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let width = max(1, width), height = max(1, height)
        let longer = max(width, height)
        guard longer > outputSide else { return (width, height) }
        let scale = Double(outputSide) / Double(longer)
        func reduced(_ side: Int) -> Int { min(side, max(1, Int((Double(side) * scale).rounded()))) }
        return (reduced(width), reduced(height))
    }
}
