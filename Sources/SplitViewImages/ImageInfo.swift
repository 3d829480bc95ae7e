/// What a picture's header says: enough for the inspector and for the limits, known before
/// any pixel is decoded.
public struct ImageInfo: Hashable, Sendable {
    /// The format, by the first bytes.
    public var format: ImageFormat
    /// The width in pixels as shown: a JPEG's EXIF orientation applied (a portrait photo
    /// stored on its side is as high as it is shown).
    public var width: Int
    /// The height in pixels as shown.
    public var height: Int
    /// Whether some pixels may be transparent: an alpha channel, or a PNG's transparent colour.
    public var hasAlpha: Bool
    /// Bits a sample as stored: 1, 2, 4, 8 or 16 (PNG), 8 or 12 (JPEG).
    public var bitDepth: Int
    /// Samples a pixel as stored: 1 grey or palette, 2 grey and alpha, 3 colour, 4 colour and
    /// alpha or CMYK.
    public var channels: Int
    /// An interlaced PNG or a progressive JPEG: decoded whole, not row by row.
    public var isInterlaced: Bool

    /// A header's facts.
    public init(
        format: ImageFormat, width: Int, height: Int, hasAlpha: Bool = false, bitDepth: Int = 8, channels: Int = 3,
        isInterlaced: Bool = false
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        self.bitDepth = bitDepth
        self.channels = channels
        self.isInterlaced = isInterlaced
    }

    /// The picture's number of pixels.
    public var pixelCount: Int { width * height }
}
