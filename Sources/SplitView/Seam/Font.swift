/// The fonts a display list uses, by role; the host maps each to a real font once.
public enum FontRole: Int, Hashable, Sendable, CaseIterable {
    /// List rows and text: 13 pt regular.
    case body
    /// Navigation-bar titles: 13 pt bold.
    case title
    /// Secondary lines and details: 11 pt regular.
    case caption
    /// A file's text and hex dumps: 13 pt regular in the theme's monospace family
    /// (``Theme/monospaceFontFamily``), so that code, tables and dumps keep their columns.
    case monospace

    /// The size in points (1 pt = 1 px at 96 dpi, as Xft's `pixelsize` counts them).
    public var pointSize: Double {
        switch self {
        case .body: 13
        case .title: 13
        case .caption: 11
        case .monospace: 13
        }
    }

    /// True for the bold role.
    public var isBold: Bool { self == .title }

    /// True for the role set in the monospace family.
    public var isMonospace: Bool { self == .monospace }
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
        FontMetrics(
            ascent: (0.8 * font.pointSize).rounded(), descent: (0.2 * font.pointSize).rounded(),
            lineHeight: (1.25 * font.pointSize).rounded())
    }
}
