/// A picture's pixels, ready to draw: immutable, and equal only to itself.
///
/// A ``DrawOp/image(_:in:)`` carries one. Equality and hashing go by identity, never by the
/// pixels: a display list holding a 16 MiB picture compares and hashes as fast as one holding
/// text, and a host may upload the pixels once and find them again by ``id`` at every frame.
/// A host that keeps uploads by ``id`` keeps the object too, so that the identifier is never
/// reused for another picture while it stands for this one.
///
/// The pixels come in ``levels``: the picture as decoded, then each level half the one before
/// (a box average), so that a host scaling it down far by bilinear filtering starts from a
/// level at most twice the size it draws, and the result stays smooth rather than aliased.
///
/// ```swift
/// let red = ImagePixels(width: 2, height: 1, argb: [0xFFFF_0000, 0x8080_0000])
/// ops.append(.image(red, in: Rect(x: 16, y: 16, width: 2, height: 1)))
/// ```
public final class ImagePixels: Hashable, Sendable, CustomStringConvertible {
    /// One size of the picture: premultiplied ARGB in native 32-bit words (alpha in the top
    /// byte, blue in the bottom one; each colour at most its alpha), row after row.
    public struct Level: Sendable {
        /// The width in pixels, at least 1.
        public let width: Int
        /// The height in pixels, at least 1.
        public let height: Int
        /// `width` × `height` pixels, top row first.
        public let argb: [UInt32]

        /// A level of `width` × `height` pixels; `argb` must hold exactly that many.
        public init(width: Int, height: Int, argb: [UInt32]) {
            precondition(width >= 1 && height >= 1, "an image level has at least one pixel")
            precondition(argb.count == width * height, "an image level holds width × height pixels")
            self.width = width
            self.height = height
            self.argb = argb
        }
    }

    /// The picture as decoded first, then each smaller one; never empty.
    public let levels: [Level]
    /// The picture's own width in pixels, which the first level may reduce (a decoder bounds
    /// what it keeps): what the reader fits and says.
    public let pixelWidth: Int
    /// The picture's own height in pixels.
    public let pixelHeight: Int

    /// A picture of `levels` (the largest first) whose own size is `pixelWidth` × `pixelHeight`.
    public init(levels: [Level], pixelWidth: Int, pixelHeight: Int) {
        precondition(!levels.isEmpty, "an image has at least one level")
        precondition(pixelWidth >= 1 && pixelHeight >= 1, "an image has at least one pixel")
        self.levels = levels
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// A picture of one level, `width` × `height` pixels of premultiplied ARGB.
    public convenience init(width: Int, height: Int, argb: [UInt32]) {
        self.init(levels: [Level(width: width, height: height, argb: argb)], pixelWidth: width, pixelHeight: height)
    }

    /// What tells this picture from every other one while it exists.
    public var id: ObjectIdentifier { ObjectIdentifier(self) }

    /// The picture's own size, one point a pixel: its size at 1:1.
    public var naturalSize: Size { Size(width: Double(pixelWidth), height: Double(pixelHeight)) }

    /// The same object.
    public static func == (a: ImagePixels, b: ImagePixels) -> Bool { a === b }

    /// Hashes the identity, never the pixels.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// `image 640×480 (3 levels)`.
    public var description: String { "image \(pixelWidth)×\(pixelHeight) (\(levels.count) levels)" }
}
