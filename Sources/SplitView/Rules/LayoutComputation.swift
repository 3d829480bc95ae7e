/// What the layout rule needs to know, and nothing else.
struct LayoutInput {
    var size: Size
    var style: SplitViewController.Style
    var primaryEdge: SplitViewController.PrimaryEdge
    var displayMode: SplitViewController.DisplayMode
    var isCollapsed: Bool
    var collapsedTop: SplitViewController.Column
    var inspectorShown: Bool
    var widths: ResolvedWidths
    /// Columns whose width the user dragged: the secondary's preferred width never grows them.
    var userSized: ColumnSet
}

/// The numbers that shape a layout, in points; <doc:DefaultNumbers> lists them with the others.
public enum LayoutMetrics {
    /// The drawn divider line.
    public static let dividerWidth: Double = 1
    /// How far the divider's grab area reaches past the line on each side.
    public static let grabSlop: Double = 6
    /// How much of the secondary an overlay, displacement or overlaid inspector leaves
    /// visible (and clickable, to dismiss) when the window allows.
    public static let dismissMargin: Double = 44
    /// The gap above the inspector's sheet while collapsed (when the window is at least
    /// 200 pt high).
    public static let sheetTopMargin: Double = 40
    /// The navigation bar's height.
    public static let navigationBarHeight: Double = 38
    /// The height of the thin bar at the top of each leaf of a stack split (a pane of a
    /// split): one line of the caption font with room around it. The leaf's content starts
    /// below it.
    public static let paneBarHeight: Double = 22
}

/// The layout rule: column frames and dividers for a resolved mode, as a pure function.
enum LayoutComputation {
    /// Frames bottom to top and dividers from the primary edge, mirrored for a trailing
    /// primary edge. Buttons are added by ``ButtonRules``.
    ///
    /// The inspector is mirrored too (decided): UIKit's `UISplitViewController` documentation puts it "on the trailing edge of the
    /// view" for the usual leading primary. It belongs to the secondary, on the side away from
    /// the primary, so with a trailing primary it is on the leading edge — as a right-to-left
    /// interface mirrors it — and the columns never interleave (primary, supplementary,
    /// secondary, inspector, from the primary edge).
    static func layout(_ input: LayoutInput) -> Layout {
        var result = input.isCollapsed ? collapsed(input) : expanded(input)
        if input.primaryEdge == .trailing { result = mirrored(result) }
        return result
    }

    /// True when a shown inspector tiles at this width beside the secondary and the columns
    /// tiled beside it (`tiled`), each at its minimum with its divider; else it lies over the
    /// secondary's far edge.
    ///
    /// Decided (UIKit is silent): the inspector never takes a tiled column's place. When the
    /// columns that show and the inspector do not all fit, the inspector gives way — it lies
    /// over the secondary — rather than a list: the columns hold the user's place and often
    /// the keyboard, and the inspector is the detail asked for last, which an overlay shows
    /// whole. Before, at 900 pt the inspector tiled and took both lists and their keyboard.
    static func inspectorTiles(width: Double, widths: ResolvedWidths, tiled: [SplitViewController.Column] = []) -> Bool {
        let gap = LayoutMetrics.dividerWidth
        let beside = tiled.reduce(0) { $0 + widths.minimum($1) + gap }
        return width - beside - widths.minimum(.inspector) - gap >= widths.minimum(.secondary)
    }

    /// The width the display-mode rules share out among the primary, supplementary and
    /// secondary: the window's, less a shown inspector that tiles (beside the `tiled`
    /// columns, those of the mode the rules choose without it) at its minimum width and its
    /// divider. An inspector that cannot tile lies over the secondary and takes nothing, so
    /// it never takes a column's place (``inspectorTiles(width:widths:tiled:)``).
    static func widthForColumns(
        width: Double, widths: ResolvedWidths, inspectorShown: Bool, tiled: [SplitViewController.Column] = []
    ) -> Double {
        guard inspectorShown && inspectorTiles(width: width, widths: widths, tiled: tiled) else { return width }
        return width - widths.minimum(.inspector) - LayoutMetrics.dividerWidth
    }

    /// The columns a mode tiles beside the secondary, which a tiled inspector must leave room
    /// for: none in a mode that dims the secondary (its columns lie over it, or are pushed
    /// aside, until dismissed).
    static func tiledColumns(
        _ mode: SplitViewController.DisplayMode, style: SplitViewController.Style
    )
        -> [SplitViewController.Column]
    {
        mode.dimsSecondary ? [] : besideColumns(mode, style: style)
    }

    /// The content area of a pane of `size`, in the pane's coordinates: everything below its
    /// navigation bar (the whole pane is bar when it is shorter than one).
    static func contentBounds(ofPaneSized size: Size) -> Rect {
        let bar = min(LayoutMetrics.navigationBarHeight, size.height)
        return Rect(x: 0, y: bar, width: size.width, height: size.height - bar)
    }

    /// The columns beside the secondary in a mode, from the primary edge.
    static func besideColumns(
        _ mode: SplitViewController.DisplayMode, style: SplitViewController.Style
    )
        -> [SplitViewController.Column]
    {
        style.besideColumns(level: mode.level)
    }

    private static func collapsed(_ input: LayoutInput) -> Layout {
        let window = Rect(origin: .zero, size: input.size)
        var columns = [
            ColumnPlacement(
                column: input.collapsedTop, frame: window, presentation: .collapsed,
                isDimmed: input.inspectorShown)
        ]
        if input.inspectorShown {
            let top = input.size.height >= 200 ? LayoutMetrics.sheetTopMargin : 0
            columns.append(
                ColumnPlacement(
                    column: .inspector,
                    frame: Rect(
                        x: 0, y: top, width: input.size.width,
                        height: max(0, input.size.height - top)), presentation: .sheet))
        }
        return Layout(size: input.size, columns: columns)
    }

    private static func expanded(_ input: LayoutInput) -> Layout {
        let columnWidths = input.widths, width = input.size.width, height = input.size.height
        let gap = LayoutMetrics.dividerWidth
        let mode = input.displayMode
        let beside = besideColumns(mode, style: input.style)
        let inspectorTiles =
            input.inspectorShown
            && inspectorTiles(width: width, widths: columnWidths, tiled: tiledColumns(mode, style: input.style))
            && leavesRoomForOverlays(mode, beside: beside, width: width, columnWidths)
        let (sized, inspectorWidth) = widths(mode: mode, beside: beside, inspectorTiles: inspectorTiles, input)
        let available = inspectorTiles ? width - inspectorWidth - gap : width
        var layout = Layout(size: input.size)
        layout.columns.reserveCapacity(4)
        layout.dividers.reserveCapacity(3)

        switch mode {
        case .oneOverSecondary, .twoOverSecondary:
            layout.columns.append(
                ColumnPlacement(
                    column: .secondary, frame: Rect(x: 0, y: 0, width: available, height: height),
                    presentation: .tiled, isDimmed: true))
            place(
                beside, sized, presentation: .overlay, in: &layout, height: height,
                farLimit: available - LayoutMetrics.dismissMargin, columnWidths)
        case .twoDisplaceSecondary:
            let x = place(
                beside, sized, presentation: .tiled, in: &layout, height: height,
                farLimit: available - LayoutMetrics.dismissMargin - gap, columnWidths)
            // The secondary keeps the width it had beside the supplementary alone, pushed past the
            // edge — but never under a tiled inspector, where it ends instead.
            let pushed = max(0, available - (sized.last ?? 0) - gap)
            let secondaryWidth = inspectorTiles ? max(0, min(pushed, available - x)) : pushed
            layout.columns.insert(
                ColumnPlacement(
                    column: .secondary, frame: Rect(x: x, y: 0, width: secondaryWidth, height: height),
                    presentation: .displaced, isDimmed: true), at: 0)
        default:
            let x = place(
                beside, sized, presentation: .tiled, in: &layout, height: height,
                farLimit: available - columnWidths.minimum(.secondary) - gap, columnWidths)
            layout.columns.append(
                ColumnPlacement(
                    column: .secondary, frame: Rect(x: x, y: 0, width: max(0, available - x), height: height),
                    presentation: .tiled))
        }

        if input.inspectorShown {
            let frame = Rect(x: width - inspectorWidth, y: 0, width: inspectorWidth, height: height)
            layout.columns.append(
                ColumnPlacement(column: .inspector, frame: frame, presentation: inspectorTiles ? .tiled : .overlay))
            // Qt's sums: the tiled columns may give way down to their minimums (nearest first).
            let tiledBeside =
                mode.dimsSecondary && mode != .twoDisplaceSecondary ? 0 : beside.reduce(0) { $0 + columnWidths.minimum($1) + gap }
            let keep = mode == .twoDisplaceSecondary ? LayoutMetrics.dismissMargin : columnWidths.minimum(.secondary)
            let limit = inspectorTiles ? width - gap - keep - tiledBeside : width - LayoutMetrics.dismissMargin
            layout.dividers.append(
                divider(
                    .secondary, resizes: .inspector, at: frame.minX - gap, height: height,
                    width: inspectorWidth, lower: columnWidths.minimum(.inspector),
                    upper: min(columnWidths.maximum(.inspector), limit)))
        }
        return layout
    }

    /// True unless `mode` lays columns over the secondary and a tiled inspector at its
    /// minimum would leave them less than their minimums and the dismiss margin: then the
    /// inspector lies over the secondary too, rather than tile narrower than its minimum
    /// (found by the random sweep: 34 pt at 560 pt with two columns over the secondary).
    private static func leavesRoomForOverlays(
        _ mode: SplitViewController.DisplayMode, beside: [SplitViewController.Column], width: Double,
        _ columnWidths: ResolvedWidths
    ) -> Bool {
        guard mode == .oneOverSecondary || mode == .twoOverSecondary else { return true }
        let gap = LayoutMetrics.dividerWidth
        let overlays = beside.reduce(0) { $0 + columnWidths.minimum($1) } + gap * Double(max(0, beside.count - 1))
        let keep = max(columnWidths.minimum(.secondary), overlays + LayoutMetrics.dismissMargin)
        return width - gap - keep >= columnWidths.minimum(.inspector)
    }

    /// The widths of the columns beside the secondary (from the primary edge) and of the
    /// inspector. Tiled columns share the window with a tiled inspector: the column nearest
    /// the secondary gives way first, the inspector last, and the secondary keeps its minimum
    /// (or, displaced, the dismiss margin). Overlaid columns share what the margin leaves.
    private static func widths(
        mode: SplitViewController.DisplayMode, beside: [SplitViewController.Column],
        inspectorTiles: Bool, _ input: LayoutInput
    ) -> ([Double], Double) {
        let columnWidths = input.widths, width = input.size.width, gap = LayoutMetrics.dividerWidth
        let over = mode == .oneOverSecondary || mode == .twoOverSecondary
        var inspectorWidth = 0.0
        if input.inspectorShown && !inspectorTiles {
            inspectorWidth = min(columnWidths.natural(.inspector), max(0, width - LayoutMetrics.dismissMargin))
        } else if inspectorTiles && over {
            // The inspector leaves room for the overlaid columns at their minimums and the margin.
            let overlays = beside.reduce(0) { $0 + columnWidths.minimum($1) } + gap * Double(max(0, beside.count - 1))
            let keep = max(columnWidths.minimum(.secondary), overlays + LayoutMetrics.dismissMargin)
            inspectorWidth = columnWidths.squeezed([.inspector], into: width - gap - keep)[0]
        }
        if over {
            let available = inspectorTiles ? width - inspectorWidth - gap : width
            let budget = max(0, available - LayoutMetrics.dismissMargin) - gap * Double(max(0, beside.count - 1))
            return (Array(columnWidths.squeezed(beside.reversed(), into: budget).reversed()), inspectorWidth)
        }
        let keep = mode == .twoDisplaceSecondary ? LayoutMetrics.dismissMargin : columnWidths.minimum(.secondary)
        let shared = inspectorTiles ? beside.reversed() + [.inspector] : Array(beside.reversed())
        var squeezed = columnWidths.squeezed(shared, into: width - gap * Double(shared.count) - keep)
        if inspectorTiles { inspectorWidth = squeezed.removeLast() }
        var sized = Array(squeezed.reversed())
        if mode != .twoDisplaceSecondary {
            let available = inspectorTiles ? width - inspectorWidth - gap : width
            grow(&sized, beside, toLeaveSecondary: available - gap * Double(beside.count), input)
        }
        return (sized, inspectorWidth)
    }

    /// Hands the secondary's surplus over its preferred width to the columns beside it,
    /// nearest first, up to their maximums; user-sized columns keep their width.
    private static func grow(
        _ sized: inout [Double], _ beside: [SplitViewController.Column],
        toLeaveSecondary total: Double, _ input: LayoutInput
    ) {
        let preferred = input.widths.natural(.secondary)
        guard preferred.isFinite else { return }
        var surplus = total - sized.reduce(0, +) - preferred
        for index in beside.indices.reversed() where surplus > 0 && !input.userSized.contains(beside[index]) {
            let room = max(0, input.widths.maximum(beside[index]) - sized[index])
            let take = min(room, surplus)
            sized[index] += take
            surplus -= take
        }
    }

    /// Places `columns` from the primary edge with a divider after each, and returns the x
    /// where the next column starts. `farLimit` is where the last of them may end at most;
    /// each divider's range keeps the columns after it at their minimums within that limit.
    @discardableResult
    private static func place(
        _ columns: [SplitViewController.Column], _ widths: [Double],
        presentation: ColumnPlacement.Presentation, in layout: inout Layout,
        height: Double, farLimit: Double, _ columnWidths: ResolvedWidths
    ) -> Double {
        let gap = LayoutMetrics.dividerWidth
        var x = 0.0
        for (index, column) in columns.enumerated() {
            let width = widths[index]
            layout.columns.append(
                ColumnPlacement(
                    column: column, frame: Rect(x: x, y: 0, width: width, height: height),
                    presentation: presentation))
            let after = columns[(index + 1)...].reduce(0) { $0 + columnWidths.minimum($1) + gap }
            layout.dividers.append(
                divider(
                    column, resizes: column, at: x + width, height: height, width: width,
                    lower: columnWidths.minimum(column), upper: min(columnWidths.maximum(column), farLimit - after - x)))
            x += width + gap
        }
        return x
    }

    /// A divider whose line starts at `x`; its range always contains the current width.
    private static func divider(
        _ column: SplitViewController.Column, resizes: SplitViewController.Column, at x: Double,
        height: Double, width: Double, lower: Double, upper: Double
    ) -> Divider {
        let low = min(lower, width), high = max(upper, width, low)
        return Divider(
            column: column, resizes: resizes,
            drawnRect: Rect(x: x, y: 0, width: LayoutMetrics.dividerWidth, height: height),
            grabRect: Rect(
                x: x - LayoutMetrics.grabSlop, y: 0,
                width: LayoutMetrics.dividerWidth + 2 * LayoutMetrics.grabSlop, height: height),
            range: low...high)
    }

    private static func mirrored(_ layout: Layout) -> Layout {
        var result = layout
        let width = layout.size.width
        for index in result.columns.indices { result.columns[index].frame = result.columns[index].frame.mirrored(inWidth: width) }
        for index in result.dividers.indices {
            result.dividers[index].drawnRect = result.dividers[index].drawnRect.mirrored(inWidth: width)
            result.dividers[index].grabRect = result.dividers[index].grabRect.mirrored(inWidth: width)
        }
        return result
    }
}
