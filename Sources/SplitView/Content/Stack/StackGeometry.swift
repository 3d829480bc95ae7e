/// Where a stack's items and dividers are, for one bounds.
struct StackGeometry {
    /// One divider: after which item, the line drawn, and where a press takes it.
    struct Divider: Hashable {
        var after: Int
        var line: Rect
        var grab: Rect
    }

    var bounds: Rect
    var axis: StackSplitViewController.Axis
    /// Every item's thickness (0 when collapsed).
    var thicknesses: [Double]
    /// Every item's frame, nil when collapsed.
    var frames: [Rect?]
    /// Where each item's content goes: a leaf's frame below its bar
    /// (``LayoutMetrics/paneBarHeight``), a nested stack's whole frame; nil when collapsed.
    var contentFrames: [Rect?]
    var dividers: [Divider]

    /// The item whose frame holds `point`.
    func item(at point: Point) -> Int? {
        frames.indices.first { frames[$0]?.contains(point) ?? false }
    }

    /// A leaf's content frame: `frame` below its bar, the bar cut to `frame` when it is lower.
    static func contentFrame(ofLeaf frame: Rect) -> Rect {
        let bar = min(LayoutMetrics.paneBarHeight, max(0, frame.height))
        return Rect(x: frame.minX, y: frame.minY + bar, width: frame.width, height: frame.height - bar)
    }

    /// A leaf's bar: the top of `frame`, ``LayoutMetrics/paneBarHeight`` high (less when
    /// `frame` is lower).
    static func barFrame(ofLeaf frame: Rect) -> Rect {
        Rect(x: frame.minX, y: frame.minY, width: frame.width, height: min(LayoutMetrics.paneBarHeight, max(0, frame.height)))
    }

    /// The divider whose grab area holds `point`.
    func divider(at point: Point) -> Divider? {
        dividers.first { $0.grab.contains(point) }
    }

    /// `point`'s coordinate along the axis.
    func along(_ point: Point) -> Double {
        axis == .horizontal ? point.x : point.y
    }
}

/// A divider of a stack being dragged: which, where the press was, and the thicknesses when it
/// began (what Escape puts back).
struct StackDividerDrag: Hashable {
    var after: Int
    var start: Double
    var thicknesses: [Double]
}

/// An item collapsing or expanding: its thickness goes from `from` to `to` over
/// ``StackSplitViewController/collapseDuration``.
struct CollapseAnimation {
    let item: SplitItem
    let from: Double
    let to: Double
    let began: Double
    var progress = 0.0
    /// True when the item is being closed (``SplitViewController/closePane(_:)``): it leaves
    /// its stack once collapsed.
    var closes = false

    /// The thickness now.
    var thickness: Double { max(0, from + (to - from) * progress) }
    /// True once the thickness reached its end.
    var isFinished: Bool { progress >= 1 }
}
