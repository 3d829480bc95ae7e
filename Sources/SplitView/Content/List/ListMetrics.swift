/// The lists' drawing numbers, in points.
public enum ListMetrics {
    /// A row's height.
    public static let rowHeight: Double = 30
    /// A row's height when rows have subtitles.
    public static let rowHeightWithSubtitle: Double = 46
    /// The width of one outline level.
    public static let indentationWidth: Double = 16
    /// The least room an outline row keeps for its triangle and title, however deep it is
    /// (see ``ListViewController/indent(_:width:)``).
    public static let titleRoom: Double = 120
    /// From the row's edges to its text.
    public static let textInset: Double = 16
    /// The room a disclosure triangle takes before an outline row's title.
    public static let disclosureWidth: Double = 14
    /// From the row's leading edge (after the indentation) to the triangle's centre.
    public static let disclosureCentre: Double = 12
    /// How far from the triangle's centre a click still toggles it.
    public static let disclosureHitRadius: Double = 12
    /// Half the base of a disclosure triangle: 8 pt across, pointing right when collapsed
    /// and down when expanded.
    public static let disclosureHalfBase: Double = 4
    /// From a disclosure triangle's centre back to its base.
    public static let disclosureBack: Double = 2
    /// From a disclosure triangle's centre to its tip.
    public static let disclosureTip: Double = 3
    /// How far the selection and the drop-target outline stand inside the row.
    public static let highlightInset = (dx: 6.0, dy: 1.0)
    /// The width of a drop target's outline.
    public static let dropTargetStroke: Double = 2
    /// From the row's top to a subtitled row's title line.
    public static let titleTop: Double = 6
    /// Between a title line and its subtitle line.
    public static let subtitleGap: Double = 2
    /// The side of a row's icon (``ListItem/icon``), as GTK's list rows draw theirs.
    public static let iconSize: Double = 16
    /// Between a row's icon and its title.
    public static let iconGap: Double = 6
    /// The opacity of a subtitle on the strong selection, of 255.
    public static let selectedSubtitleAlpha: UInt8 = 210
}
