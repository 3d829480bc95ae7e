/// The thin bar at the top of a leaf of a stack split (a pane of a split), as one value in the
/// leaf's coordinates: its title, whether it marks the pane with the keys, and its close
/// button. Part of the leaf's ``SplitViewController/LeafKey``, so what decides a redraw and
/// what is drawn cannot drift apart.
///
/// Decided (UIKit has no panes of panes; Tilix, Terminator and VS Code give each pane such a
/// bar): the bar is ``LayoutMetrics/paneBarHeight`` high, its title in the caption font on its
/// leading side, its close button (×) a square at its trailing end; the pane with the keys is
/// marked by a 2-pt line in the accent along the bar's bottom and its title in the text colour
/// (the others' in the secondary text colour). A column's last pane has no close button.
struct PaneBar: Hashable, Sendable {
    /// The bar's width (the leaf's).
    var width: Double
    /// The leaf's title (``ViewController/title``, a program's own title for a hosted one).
    var title: String
    /// True when the pane can close: it is not its column's last pane.
    var hasCloseButton: Bool
    /// True when the pane has the keys.
    var isMarked: Bool
    /// True while the pointer holds the close button down.
    var isClosePressed: Bool
    /// True while the pane is being dragged by its bar.
    var isDragged: Bool

    /// The height of the accent line marking the pane with the keys.
    static let markHeight: Double = 2
    /// The room between the bar's leading edge (or its close button) and the title.
    static let titleInset: Double = 8

    /// The bar's frame in the leaf's coordinates, for a leaf `size`.
    static func frame(inLeafSized size: Size) -> Rect {
        StackGeometry.barFrame(ofLeaf: Rect(origin: .zero, size: size))
    }

    /// The close button's frame in `bar` (any coordinates): a square as high as the bar at its
    /// trailing end.
    static func closeButtonFrame(in bar: Rect) -> Rect {
        let side = min(bar.height, bar.width)
        return Rect(x: bar.maxX - side, y: bar.minY, width: side, height: side)
    }

    /// What the bar draws, in the leaf's coordinates: its band and separator, the mark, the
    /// title truncated to the room the close button leaves, and the button.
    func ops(theme: Theme, measurer: any TextMeasurer) -> [DrawOp] {
        let bar = Self.frame(inLeafSized: Size(width: width, height: LayoutMetrics.paneBarHeight))
        guard bar.height > 0, bar.width > 0 else { return [] }
        var ops: [DrawOp] = [
            .fill(bar, isDragged ? theme.buttonPressed : theme.barBackground),
            .fill(Rect(x: 0, y: bar.maxY - 1, width: bar.width, height: 1), theme.barSeparator),
        ]
        if isMarked {
            ops.append(.fill(Rect(x: 0, y: bar.maxY - Self.markHeight, width: bar.width, height: Self.markHeight), theme.accent))
        }
        let close = Self.closeButtonFrame(in: bar)
        let end = hasCloseButton ? close.minX : bar.maxX - Self.titleInset
        let fitted = TextLayout.truncated(title, toWidth: max(0, end - Self.titleInset), font: .caption, measurer: measurer)
        if !fitted.isEmpty {
            let baseline = measurer.metrics(of: .caption).baseline(centredIn: 0, height: bar.height - Self.markHeight)
            ops.append(
                .text(
                    fitted, origin: Point(x: Self.titleInset, y: baseline), .caption, isMarked ? theme.text : theme.secondaryText)
            )
        }
        if hasCloseButton {
            if isClosePressed { ops.append(.fill(close, theme.buttonPressed)) }
            ops += ButtonIcons.ops(.close, in: close, color: theme.icon, mirrored: false)
        }
        return ops
    }

    /// The part of `frame` (a pane's, in any coordinates) a drop in `zone` highlights: the
    /// half the moved pane would take, or the whole pane for the centre (a swap).
    static func dropHighlight(_ zone: PaneDropZone, in frame: Rect) -> Rect {
        switch zone {
        case .left: Rect(x: frame.minX, y: frame.minY, width: frame.width / 2, height: frame.height)
        case .right: Rect(x: frame.midX, y: frame.minY, width: frame.width / 2, height: frame.height)
        case .top: Rect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height / 2)
        case .bottom: Rect(x: frame.minX, y: frame.midY, width: frame.width, height: frame.height / 2)
        case .center: frame
        }
    }
}
