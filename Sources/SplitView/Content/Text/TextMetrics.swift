/// What tells one measurer of a font from another without comparing the measurers: its type,
/// the role, the font's vertical metrics and the width of a space. A measurer that kept all
/// four but measured words differently would not be noticed; hosts change fonts as a whole.
struct MeasureKey: Equatable {
    var type: ObjectIdentifier
    var font: FontRole
    var metrics: FontMetrics
    var space: Double

    init(_ measurer: any TextMeasurer, font: FontRole, metrics: FontMetrics) {
        type = ObjectIdentifier(Swift.type(of: measurer))
        self.font = font
        self.metrics = metrics
        space = measurer.width(of: " ", font: font)
    }
}

/// The text views' drawing numbers, in points.
public enum TextMetrics {
    /// The margin around the text, and around the details' entries.
    public static let padding: Double = 16
    /// Added to a caption line's height to make the notice band above the text.
    public static let noticePadding: Double = 12
    /// Between a detail's label and its value.
    public static let labelGap: Double = 2
    /// After a detail's value, before the next label.
    public static let entryGap: Double = 12
    /// The line height a text view assumes until its first layout measures the body font: what
    /// a scroll command sent before the pane was ever drawn moves by. (UIKit is silent; it is
    /// the body font's 13 pt size at a 1.25 line spacing, rounded.)
    public static let lineHeightBeforeLayout: Double = 16
}
