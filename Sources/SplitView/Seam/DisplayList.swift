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

/// The fonts a display list uses, by role; the host maps each to a real font once.
public enum FontRole: Int, Hashable, Sendable, CaseIterable {
    /// List rows and text: 13 pt regular.
    case body
    /// Navigation-bar titles: 13 pt bold.
    case title
    /// Secondary lines and details: 11 pt regular.
    case caption

    /// The size in points (1 pt = 1 px at 96 dpi, as Xft's `pixelsize` counts them).
    public var pointSize: Double {
        switch self {
        case .body: 13
        case .title: 13
        case .caption: 11
        }
    }

    /// True for the bold role.
    public var isBold: Bool { self == .title }
}

/// How tall a font's lines are, from the host's real font (or a test's fixed one).
public struct FontMetrics: Hashable, Sendable {
    /// From the baseline up to the top of the tallest glyph.
    public var ascent: Double
    /// From the baseline down to the bottom of the lowest glyph.
    public var descent: Double
    /// The distance between two baselines.
    public var lineHeight: Double

    /// Creates metrics from their three numbers.
    public init(ascent: Double, descent: Double, lineHeight: Double) {
        self.ascent = ascent
        self.descent = descent
        self.lineHeight = lineHeight
    }

    /// The baseline, on a whole point, that centres one line in a band `height` tall whose
    /// top is at `top`.
    public func baseline(centredIn top: Double, height: Double) -> Double {
        (top + (height - ascent - descent) / 2 + ascent).rounded()
    }
}

/// The one thing the core asks of its host: how wide a string is in a font.
///
/// The host answers with Xft's extents; tests use ``FixedAdvanceMeasurer``.
public protocol TextMeasurer {
    /// The advance of `text` in `font`, in points.
    func width(of text: String, font: FontRole) -> Double
    /// The vertical metrics of `font`, in points.
    func metrics(of font: FontRole) -> FontMetrics
}

/// A deterministic measurer: every character advances the same fraction of the font size.
///
/// Used by the tests and by the benchmarks, so their text layout never depends on fonts.
public struct FixedAdvanceMeasurer: TextMeasurer, Sendable {
    /// The advance of one character as a fraction of the point size; 0.6 by default.
    public var advance: Double

    /// Creates a measurer with the given advance per character.
    public init(advance: Double = 0.6) { self.advance = advance }

    /// `count × advance × size`.
    public func width(of text: String, font: FontRole) -> Double {
        Double(text.count) * advance * font.pointSize
    }

    /// Ascent 0.8, descent 0.2 and line height 1.25 times the size.
    public func metrics(of font: FontRole) -> FontMetrics {
        FontMetrics(ascent: (0.8 * font.pointSize).rounded(), descent: (0.2 * font.pointSize).rounded(),
                    lineHeight: (1.25 * font.pointSize).rounded())
    }
}

/// One drawing step, in a pane's own coordinates (points, from the pane's top-left corner).
public enum DrawOp: Hashable, Sendable {
    /// Fill a rectangle; translucent colours blend.
    case fill(Rect, Color)
    /// Outline a rectangle with a line `width` thick, drawn inside the rectangle.
    case strokeRect(Rect, Color, width: Double)
    /// A straight line with square ends.
    case line(from: Point, to: Point, Color, width: Double)
    /// Connected line segments with round joins, for icons.
    case polyline([Point], Color, width: Double)
    /// A filled polygon, for icons.
    case polygon([Point], Color)
    /// A run of text already fitted by the core; `origin` is the left end of its baseline.
    case text(String, origin: Point, FontRole, Color)
}

/// What one pane draws: its size and the steps in painting order.
///
/// The renderer replays it onto the pane's pixmap and decides nothing.
public struct DisplayList: Hashable, Sendable {
    /// The pane's size in points.
    public var size: Size
    /// The steps, first to last.
    public var ops: [DrawOp]

    /// Creates a display list.
    public init(size: Size, ops: [DrawOp] = []) {
        self.size = size
        self.ops = ops
    }

    /// Appends one step.
    public mutating func append(_ op: DrawOp) { ops.append(op) }

    /// The text runs, in order: what a reader of the pane would see.
    public var texts: [String] {
        ops.compactMap { if case .text(let s, _, _, _) = $0 { s } else { nil } }
    }
}
