/// How far the decoder goes: each bound refused in words before it is crossed, but a JPEG's
/// scans, past which it shows what it has read.
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
/// - ``scans``: 100 scans of a JPEG. Each scan of a progressive JPEG is a pass over every block
///   of the picture, however few its bytes, so a file of 200 000 tiny scans (2.4 MB) took 36 s
///   of processor time; libjpeg-turbo's advice is to cap them (`djpeg -maxscans`). Encoders
///   write about ten (libjpeg: 6 for grey, 10 for colour, 18 for CMYK). Not a refusal, where
///   the issue left the choice: a JPEG of more is shown from its first 100 scans
///   (``DecodedImage/scansShown``), which is the whole picture for a real file, and the rest of
///   the file is never read. A sequential JPEG of a scan per component counts its scans alike.
/// - ``processorTime``: 20 seconds of the decoding thread's processor time, for one decode of
///   either format, header included; past it the picture is refused
///   (``ImageError/tooSlow(_:limit:)``). The largest pictures these limits allow take at most
///   3.2 s here (a 200-megapixel PNG of 253 MB), and the costliest file within the scan limit
///   9.1 s (100 refinement scans over a 127-megapixel grey picture; Benchmarks/README.md): this
///   bounds whatever else a file's bytes may cost beyond their size, so that the worker is free
///   again within 20 s, and a machine three times slower still shows every real picture.
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
    /// The most scans of a JPEG read; a JPEG of more is shown from these.
    public var scans: Int
    /// The most processor time one decode may take, on its own thread.
    public var processorTime: Duration

    /// Limits of your own; every value is taken as at least 1 (a nanosecond for the time). The
    /// scans and the processor time are the standard ones unless given.
    public init(
        fileBytes: Int64, pixels: Int, side: Int, workingMemory: Int64, outputSide: Int, scans: Int = 100,
        processorTime: Duration = .seconds(20)
    ) {
        self.fileBytes = max(1, fileBytes)
        self.pixels = max(1, pixels)
        self.side = max(1, side)
        self.workingMemory = max(1, workingMemory)
        self.outputSide = max(1, outputSide)
        self.scans = max(1, scans)
        self.processorTime = max(.nanoseconds(1), processorTime)
    }

    /// The reader's limits (see the type's summary).
    public static let standard = ImageLimits(
        fileBytes: 250_000_000, pixels: 200_000_000, side: 65_535, workingMemory: 256_000_000, outputSide: 2_048,
        scans: 100, processorTime: .seconds(20))

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
