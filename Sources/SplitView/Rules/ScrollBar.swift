/// How tall a scrolling pane's content is, how far it is scrolled, and where it shows: what
/// a scroll bar shows.
public struct ScrollExtent: Hashable, Sendable {
    /// The content's whole height, in points.
    public var contentHeight: Double
    /// How far it is scrolled from its top, in points.
    public var offset: Double
    /// Where the scrolling content shows, in the pane's content coordinates: the whole
    /// content area, or less (a reader's text below its notice band). The bar runs along its
    /// far edge.
    public var visible: Rect

    /// Creates an extent.
    public init(contentHeight: Double, offset: Double, visible: Rect) {
        self.contentHeight = contentHeight
        self.offset = offset
        self.visible = visible
    }
}

/// The scroll bar at a scrolling pane's far edge, drawn only when the content is taller than
/// the pane: a thumb as long as the share of the content shown (never shorter than
/// ``minimumThumb``), which the pointer drags, in a track where a click pages toward it.
///
/// Pure rules: where the track and the thumb are, what a press there means, and which offset
/// a thumb dragged to a place stands for. The split view controller runs the interaction;
/// the content draws the bar with ``ops(_:theme:)``.
public enum ScrollBar {
    /// The strip along the far edge that takes the pointer, in points: wider than the thumb
    /// drawn, so that it is easy to grasp (as a divider's grab area is).
    public static let grabWidth: Double = 12
    /// What the bar leaves free at the far edge: a divider's grab area reaches that far into
    /// the pane (``LayoutMetrics/grabSlop``), and the divider is pressed there, never the bar
    /// (decided: a press meant for the divider must never scroll instead, so the bar keeps
    /// out of its way rather than share the strip).
    public static let edgeClearance: Double = LayoutMetrics.grabSlop
    /// The thumb's drawn width, in points.
    public static let thumbWidth: Double = 6
    /// The shortest thumb, in points: a huge text still shows a mark one can grasp.
    public static let minimumThumb: Double = 24
    /// The gap between the thumb and the pane's edges, in points.
    public static let inset: Double = 3
    /// The thumb's opacity, of 255.
    public static let alpha: UInt8 = 120
    /// How many lines or rows one notch of the wheel scrolls (GTK's and Finder's habit).
    public static let linesPerNotch: Double = 3

    /// The strip of `bounds` that takes presses for the bar, when the bar shows.
    public static func track(_ extent: ScrollExtent) -> Rect? {
        let bounds = extent.visible
        guard shows(extent) else { return nil }
        return Rect(x: bounds.maxX - edgeClearance - grabWidth, y: bounds.minY, width: grabWidth, height: bounds.height)
    }

    /// The thumb's rectangle as drawn, when the bar shows.
    public static func thumb(_ extent: ScrollExtent) -> Rect? {
        let bounds = extent.visible
        guard shows(extent) else { return nil }
        let (length, travel) = thumbGeometry(extent)
        let scrollable = max(extent.contentHeight - bounds.height, 1)
        let y = bounds.minY + inset + travel * min(max(extent.offset / scrollable, 0), 1)
        let x = bounds.maxX - edgeClearance - (grabWidth + thumbWidth) / 2
        return Rect(x: x, y: y, width: thumbWidth, height: length)
    }

    /// What a press at `point` on the bar means.
    public enum Hit: Hashable, Sendable {
        /// On the thumb, `grab` points below its top: a drag keeps that spot under the pointer.
        case thumb(grab: Double)
        /// In the track above the thumb: a page up.
        case pageUp
        /// In the track below the thumb: a page down.
        case pageDown
    }

    /// What a press at `point` means, or nil when it is not on the bar (or the bar does not show).
    public static func hit(_ point: Point, _ extent: ScrollExtent) -> Hit? {
        guard let track = track(extent), track.contains(point), let thumb = thumb(extent)
        else { return nil }
        if point.y < thumb.minY { return .pageUp }
        if point.y >= thumb.maxY { return .pageDown }
        return .thumb(grab: point.y - thumb.minY)
    }

    /// The offset that puts the thumb's top at `thumbTop`, clamped to the content.
    public static func offset(forThumbTop thumbTop: Double, _ extent: ScrollExtent) -> Double {
        let bounds = extent.visible
        let (_, travel) = thumbGeometry(extent)
        let scrollable = max(extent.contentHeight - bounds.height, 0)
        guard travel > 0, thumbTop.isFinite else { return extent.offset }
        let fraction = min(max((thumbTop - bounds.minY - inset) / travel, 0), 1)
        return fraction * scrollable
    }

    /// How far a page moves: the visible height less a line, so that one line stays in view.
    public static func page(_ extent: ScrollExtent, line: Double) -> Double {
        max(line, extent.visible.height - line)
    }

    /// The bar, drawn in the theme's secondary text colour over the content, or nothing when
    /// the content fits.
    public static func ops(_ extent: ScrollExtent, theme: Theme) -> [DrawOp] {
        guard let thumb = thumb(extent) else { return [] }
        return [.fill(thumb, theme.secondaryText.withAlpha(alpha))]
    }

    private static func shows(_ extent: ScrollExtent) -> Bool {
        let bounds = extent.visible
        return extent.contentHeight.isFinite && extent.offset.isFinite && extent.contentHeight > bounds.height
            && bounds.height > 2 * (minimumThumb + inset) && bounds.width > 2 * (grabWidth + edgeClearance)
    }

    /// The thumb's length and how far its top can travel.
    private static func thumbGeometry(_ extent: ScrollExtent) -> (length: Double, travel: Double) {
        let bounds = extent.visible
        let track = bounds.height - 2 * inset
        let length = min(track, max(minimumThumb, track * bounds.height / max(extent.contentHeight, 1)))
        return (length, max(0, track - length))
    }
}
