/// The thin bar at a scrolling view's far edge that shows how much there is and where the
/// view is; drawn only when the content is taller than the view.
enum ScrollIndicator {
    /// The bar's width in points.
    static let width: Double = 4
    /// The shortest bar, so that a huge text still shows a graspable mark.
    static let minimumLength: Double = 24
    /// The gap between the bar and the view's edges.
    static let inset: Double = 3
    /// The bar's opacity, of 255.
    static let alpha: UInt8 = 110

    /// The bar for content `contentHeight` tall scrolled by `offset` in `bounds`, or nothing.
    static func ops(contentHeight: Double, offset: Double, in bounds: Rect, theme: Theme) -> [DrawOp] {
        guard contentHeight > bounds.height, bounds.height > 2 * minimumLength else { return [] }
        let track = bounds.height - 2 * inset
        let length = max(minimumLength, track * bounds.height / contentHeight)
        let travel = max(0, contentHeight - bounds.height)
        let y = bounds.minY + inset + (track - length) * min(max(offset / travel, 0), 1)
        let bar = Rect(x: bounds.maxX - width - inset, y: y, width: width, height: length)
        return [.fill(bar, theme.secondaryText.withAlpha(alpha))]
    }
}
