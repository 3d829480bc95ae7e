/// The rules of splitting panes at run time, as tmux, Terminator and i3 do: where a split goes,
/// how the space is shared when a pane comes or goes, which pane lies in a direction, how a
/// pane grows, and what a drop on a pane means. Pure functions of values; the controller
/// applies them to its ``StackSplitViewController``s.
enum PaneTreeRules {
    typealias Axis = StackSplitViewController.Axis

    /// Where a split puts the new pane.
    enum SplitPlacement: Hashable, Sendable {
        /// Beside the pane in the stack it is in, which has the split's axis already.
        case besideInStack
        /// In a new stack of the split's axis that takes the pane's place and holds the pane
        /// and the new one.
        case wrapInNewStack
    }

    /// Where a split along `axis` goes for a pane whose stack has `parentAxis` (nil: the pane
    /// is a column's own content, in no stack).
    ///
    /// Decided (AppKit splits only what the app builds): a split along the stack's own axis
    /// adds an item to that stack rather than nesting a stack of two, so that three panes split
    /// right in a row are three items of one stack, as tmux and i3 keep them; any other split
    /// wraps the pane in a new stack, so a stack never holds fewer than two items.
    static func placement(splitting axis: Axis, parentAxis: Axis?) -> SplitPlacement {
        parentAxis == axis ? .besideInStack : .wrapInNewStack
    }

    /// The thicknesses of the pane split and of the new pane when they share `thickness`
    /// points with a divider of `divider` points between them: two equal halves, which with
    /// the divider fill exactly what the pane had (never negative).
    static func halves(of thickness: Double, divider: Double) -> (kept: Double, new: Double) {
        let clean = thickness.isFinite ? max(0, thickness) : 0
        let half = max(0, clean - max(0, divider.isFinite ? divider : 0)) / 2
        return (half, half)
    }

    /// The item that takes a closed item's space: the nearest visible item after it, else
    /// the nearest before it; nil when it has no visible neighbour.
    static func heir(of index: Int, _ items: [StackSplitRules.Item]) -> Int? {
        items.indices.first { $0 > index && !items[$0].isCollapsed }
            ?? items.indices.last { $0 < index && !items[$0].isCollapsed }
    }

    /// The kept thicknesses after the item at `index` is closed, the item itself left out: its
    /// heir (``heir(of:_:)``) takes its thickness and the divider that goes with it, so the
    /// other items keep theirs exactly.
    static func closing(
        _ thicknesses: [Double], _ items: [StackSplitRules.Item], removing index: Int, divider: Double
    )
        -> [Double]
    {
        guard thicknesses.indices.contains(index), items.count == thicknesses.count else { return thicknesses }
        var result = thicknesses
        if !items[index].isCollapsed, let heir = heir(of: index, items) {
            result[heir] += thicknesses[index] + (divider.isFinite ? max(0, divider) : 0)
        }
        result.remove(at: index)
        return result
    }

    /// Every visible item's equal share of `length` with `divider` points between each two,
    /// each within its minimum and maximum (what the limits refuse goes by
    /// ``StackSplitRules/thicknesses(_:length:divider:)``): the items as if they kept nothing
    /// and asked for no fraction.
    static func equalized(_ items: [StackSplitRules.Item], length: Double, divider: Double) -> [Double] {
        let fresh = items.map { item in
            var item = item
            item.thickness = nil
            item.fraction = nil
            return item
        }
        return StackSplitRules.thicknesses(fresh, length: length, divider: divider)
    }

    /// The thicknesses after the item at `index` grew by `delta` points (negative: shrank),
    /// taking from (or giving to) its neighbour after it, else the one before it, each within
    /// its minimum and maximum; unchanged when it has no visible neighbour.
    static func resized(
        _ thicknesses: [Double], _ items: [StackSplitRules.Item], item index: Int, by delta: Double
    )
        -> [Double]
    {
        guard items.indices.contains(index), !items[index].isCollapsed, delta.isFinite else { return thicknesses }
        if items.indices.contains(where: { $0 > index && !items[$0].isCollapsed }) {
            return StackSplitRules.drag(thicknesses, items, divider: index, by: delta)
        }
        guard let before = items.indices.last(where: { $0 < index && !items[$0].isCollapsed }) else { return thicknesses }
        return StackSplitRules.drag(thicknesses, items, divider: before, by: -delta)
    }

    /// The pane that lies from `frame` in `direction` among `candidates` (window
    /// coordinates), or nil: one whose near edge is at or beyond `frame`'s far edge in that
    /// direction. Those that overlap `frame` across the direction come first, the nearest of
    /// them, then the one that overlaps most; with none overlapping, the nearest, then the
    /// one whose middle is closest across. Ties go to the first candidate (reading order).
    ///
    /// Decided (tmux picks the most recently used of the adjacent panes; i3 the container's
    /// neighbour): geometry alone, so that the answer is the same whatever came before, and
    /// crosses columns as it crosses splits.
    static func neighbour(of frame: Rect, toward direction: PaneDirection, among candidates: [Rect]) -> Int? {
        let slack = 0.5
        var best: (index: Int, key: (Int, Double, Double))?
        for (index, candidate) in candidates.enumerated() {
            let gap: Double
            let overlap: Double
            let across: Double
            switch direction {
            case .right: gap = candidate.minX - frame.maxX
            case .left: gap = frame.minX - candidate.maxX
            case .down: gap = candidate.minY - frame.maxY
            case .up: gap = frame.minY - candidate.maxY
            }
            if direction.axis == .horizontal {
                overlap = min(frame.maxY, candidate.maxY) - max(frame.minY, candidate.minY)
                across = abs(frame.midY - candidate.midY)
            } else {
                overlap = min(frame.maxX, candidate.maxX) - max(frame.minX, candidate.minX)
                across = abs(frame.midX - candidate.midX)
            }
            guard gap >= -slack, gap.isFinite, candidate != frame else { continue }
            let key = overlap > slack ? (0, gap, -overlap) : (1, gap, across)
            if best.map({ key < $0.key }) ?? true { best = (index, key) }
        }
        return best?.index
    }

    /// The zone of a pane of `frame` that `point` is in: the middle half of each side is the
    /// centre; elsewhere, the half whose edge is nearest in proportion to the pane's size.
    static func dropZone(at point: Point, in frame: Rect) -> PaneDropZone {
        guard frame.width > 0, frame.height > 0 else { return .center }
        let x = (point.x - frame.minX) / frame.width
        let y = (point.y - frame.minY) / frame.height
        if (0.25...0.75).contains(x) && (0.25...0.75).contains(y) { return .center }
        let distances: [(PaneDropZone, Double)] = [(.left, x), (.right, 1 - x), (.top, y), (.bottom, 1 - y)]
        return distances.min { $0.1 < $1.1 }?.0 ?? .center
    }

    /// The split a drop in `zone` makes on the pane dropped on: along which axis, and whether
    /// the moved pane goes after it; nil for the centre (a swap).
    static func split(for zone: PaneDropZone) -> (axis: Axis, after: Bool)? {
        switch zone {
        case .left: (.horizontal, false)
        case .right: (.horizontal, true)
        case .top: (.vertical, false)
        case .bottom: (.vertical, true)
        case .center: nil
        }
    }
}
