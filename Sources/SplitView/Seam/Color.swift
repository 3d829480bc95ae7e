/// A colour with alpha, 8 bits a channel. Alpha below 255 blends over what is drawn already.
public struct Color: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8
    /// Opacity, 0 (transparent) – 255 (opaque).
    public var alpha: UInt8

    /// Creates a colour from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Creates a colour from `0xRRGGBB` and an opacity.
    public init(rgb: UInt32, alpha: UInt8 = 255) {
        self.init(red: UInt8((rgb >> 16) & 0xff), green: UInt8((rgb >> 8) & 0xff), blue: UInt8(rgb & 0xff), alpha: alpha)
    }

    /// The same colour with another opacity.
    public func withAlpha(_ alpha: UInt8) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// `#rrggbb` or `#rrggbbaa` when not opaque.
    public var description: String {
        let hex = [red, green, blue] + (alpha == 255 ? [] : [alpha])
        return "#" + hex.map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
