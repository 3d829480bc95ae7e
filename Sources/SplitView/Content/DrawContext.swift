/// What a view controller needs to draw its content.
public struct DrawContext {
    /// The content area in the pane's coordinates: below the navigation bar.
    public var bounds: Rect
    /// The colours.
    public var theme: Theme
    /// Text measurement, from the host.
    public var measurer: any TextMeasurer
    /// True when this pane has the keyboard focus (the selection highlight is stronger).
    public var isFocused: Bool

    /// Creates a context.
    public init(bounds: Rect, theme: Theme, measurer: any TextMeasurer, isFocused: Bool) {
        self.bounds = bounds
        self.theme = theme
        self.measurer = measurer
        self.isFocused = isFocused
    }
}
