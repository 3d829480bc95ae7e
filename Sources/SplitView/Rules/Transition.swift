/// An animation of column frames from one layout to another.
///
/// Columns in both layouts move from their old frame to their new one; a column that
/// appears slides in from off-screen and one that disappears slides out, then leaves the
/// layout. Every edge moves by the same eased fraction, so columns that tile the window keep
/// tiling it at every step. The clock starts at the first tick after the transition begins,
/// so a stale clock never skips an animation, and that tick already shows the first frame's
/// movement: the input came one frame (1/60 s) before, so a key press answers at once.
///
/// Decided (UIKit is silent, its frames land on the display's pixels by Core Animation):
/// every edge lies a whole number of points from where it ends. A frame that would move an
/// edge by less than half a point is the frame before it, so a host draws nothing for it —
/// the tail of the ease-out moves a fraction of a pixel a frame, and a pane redrawn for that
/// shows nothing new — and the last frames are the resting layout itself. Edges that meet
/// keep meeting: they share their end and their offset from it. An interactive transition is
/// not snapped: the edge the pointer drags stays under it.
struct Transition {
    /// About 250 ms, as UIKit's and libadwaita's column transitions.
    static let duration = 0.25
    /// One display frame: how long before its first tick a transition's input is taken to be.
    static let frame = 1.0 / 60

    /// The layout the transition ends at.
    let to: Layout
    /// Columns that slide out, with the frames they slide to; drawn above the others.
    private let leaving: [(placement: ColumnPlacement, target: Rect)]
    /// Starting frames of the columns that exist in `to`.
    private let starts: [Rect]
    private(set) var start: Double?
    private(set) var progress = 0.0
    private let primaryEdge: SplitViewController.PrimaryEdge
    /// True for an interactive transition that follows the pointer instead of the clock.
    let isInteractive: Bool

    /// A transition from the layout on screen now to `to`.
    ///
    /// - Parameters:
    ///   - from: the layout on screen now.
    ///   - to: the layout the transition ends at.
    ///   - primaryEdge: the edge the primary slides from.
    ///   - pushing: when the collapsed stack grows, the new top slides in from the far edge
    ///     over the old one; otherwise the old top slides out over the new one.
    ///   - interactive: true when the pointer drives the transition instead of the clock.
    init(
        from: Layout, to: Layout, primaryEdge: SplitViewController.PrimaryEdge, pushing: Bool = false,
        interactive: Bool = false
    ) {
        self.to = to
        self.primaryEdge = primaryEdge
        isInteractive = interactive
        let width = to.size.width, height = to.size.height
        let appearing = to.columns.filter { from.frame(of: $0.column) == nil }
        let leavingColumns = from.columns.filter { to.frame(of: $0.column) == nil }
        // Columns that slide in (or out) together on the primary side move by one shared
        // distance, so that they keep their order and never cover each other on the way.
        let inShift = primarySideShift(appearing, width: width, edge: primaryEdge)
        let outShift = primarySideShift(leavingColumns, width: width, edge: primaryEdge)
        starts = to.columns.map { placement in
            if let old = from.frame(of: placement.column) { return old }
            if placement.presentation == .collapsed && !pushing { return placement.frame }
            return offscreen(placement, width: width, height: height, edge: primaryEdge, shift: inShift)
        }
        leaving = leavingColumns.map { placement in
            if placement.presentation == .collapsed && pushing { return (placement, placement.frame) }
            return (placement, offscreen(placement, width: width, height: height, edge: primaryEdge, shift: outShift))
        }
    }

    /// True once the transition has reached its end.
    var isFinished: Bool { progress >= 1 }

    /// Advances to the clock time `now`; the first call starts the clock.
    mutating func advance(to now: Double) {
        // A clock that is not a finite number says nothing about time; wait for one that is.
        guard !isInteractive, now.isFinite else { return }
        let began = start ?? now - Transition.frame
        start = began
        progress = min(1, max(0, (now - began) / Transition.duration))
    }

    /// Moves an interactive transition to `fraction` (0…1) of the way.
    mutating func follow(_ fraction: Double) {
        progress = min(1, max(0, fraction))
    }

    /// The layout at the current progress, eased (ease-out cubic) unless interactive.
    var current: Layout {
        let eased = isInteractive ? progress : 1 - pow3(1 - progress)
        var layout = to
        // Per column: how far the primary-edge side of the bar moved, the far side, and down.
        var offsets: [(SplitViewController.Column, Double, Double, Double)] = []
        for index in layout.columns.indices {
            let target = to.columns[index].frame
            let frame = snap(starts[index].interpolated(to: target, eased), endingAt: target)
            layout.columns[index].frame = frame
            let left = frame.minX - target.minX, right = frame.maxX - target.maxX
            let near = primaryEdge == .leading ? left : right, far = primaryEdge == .leading ? right : left
            offsets.append((to.columns[index].column, near, far, frame.minY - target.minY))
        }
        let exits = leaving.map { item in
            var placement = item.placement
            placement.frame = snap(item.placement.frame.interpolated(to: item.target, eased), endingAt: item.target)
            return placement
        }
        layout.columns.append(contentsOf: exits)
        // Buttons ride with their side of their column's bar (an app's right items with the far
        // edge, the rest with the primary edge); dividers return when the columns settle.
        for index in layout.buttons.indices {
            if let (_, near, far, dy) = offsets.first(where: { $0.0 == layout.buttons[index].column }) {
                let dx = layout.buttons[index].isOnFarSide ? far : near
                layout.buttons[index].frame = layout.buttons[index].frame.offsetBy(dx: dx, dy: dy)
            }
        }
        layout.buttons = Self.fitting(layout.buttons, in: layout)
        layout.dividers = eased >= 1 ? to.dividers : []
        return layout
    }

    /// `frame` snapped to whole points from `end` (``snapped(_:endingAt:)``), unless the
    /// transition is interactive: then the edge stays exactly under the pointer.
    private func snap(_ frame: Rect, endingAt end: Rect) -> Rect {
        isInteractive ? frame : Self.snapped(frame, endingAt: end)
    }

    /// `frame` with each edge a whole number of points from the same edge of `end`; a frame
    /// whose two edges lie equally far from their ends keeps `end`'s own extent exactly (the
    /// difference of two moved edges may differ from it in the last bit).
    static func snapped(_ frame: Rect, endingAt end: Rect) -> Rect {
        let dx0 = (frame.minX - end.minX).rounded(), dx1 = (frame.maxX - end.maxX).rounded()
        let dy0 = (frame.minY - end.minY).rounded(), dy1 = (frame.maxY - end.maxY).rounded()
        let x = end.minX + dx0, y = end.minY + dy0
        return Rect(
            x: x, y: y, width: dx0 == dx1 ? end.width : max(0, end.maxX + dx1 - x),
            height: dy0 == dy1 ? end.height : max(0, end.maxY + dy1 - y))
    }

    /// The buttons that lie within their column's frame on the way, and each column's first
    /// button whatever its room: the rest are left out until their column has grown enough.
    ///
    /// The buttons are placed for the columns' final frames and ride with their side of the
    /// bar, so a column that grows (the secondary as the supplementary slides away) would show
    /// buttons past its far edge while it is still narrower: over the next column, where a
    /// click would reach a button nobody sees. `ButtonRules` leaves out a button that does not
    /// fit at rest in the same way.
    static func fitting(_ buttons: [BarButton], in layout: Layout) -> [BarButton] {
        var seen = ColumnSet()
        return buttons.filter { button in
            let first = !seen.contains(button.column)
            seen.insert(ColumnSet(button.column))
            guard !first, let frame = layout.frame(of: button.column) else { return true }
            return button.frame.minX >= frame.minX - 0.001 && button.frame.maxX <= frame.maxX + 0.001
        }
    }
}

/// True for the columns that wait beyond the primary edge (not the inspector, a sheet or the
/// top of a collapsed stack, which come from the far edge or from below).
private func waitsOnPrimarySide(_ placement: ColumnPlacement) -> Bool {
    placement.column != .inspector && placement.presentation != .collapsed && placement.presentation != .sheet
}

/// How far the primary-side columns among `placements` move to lie just beyond the primary
/// edge, all together: the largest distance any of them needs.
private func primarySideShift(_ placements: [ColumnPlacement], width: Double, edge: SplitViewController.PrimaryEdge) -> Double {
    placements.filter(waitsOnPrimarySide).reduce(0) { shift, placement in
        max(shift, edge == .leading ? placement.frame.maxX : width - placement.frame.minX)
    }
}

/// Where a column waits off-screen: beyond the primary edge (moved by the group's `shift`),
/// the inspector and the top of a collapsed stack beyond the far edge, a sheet below.
private func offscreen(
    _ placement: ColumnPlacement, width: Double, height: Double,
    edge: SplitViewController.PrimaryEdge, shift: Double
) -> Rect {
    let frame = placement.frame
    if placement.presentation == .sheet { return frame.offsetBy(dx: 0, dy: height - frame.minY) }
    if waitsOnPrimarySide(placement) { return frame.offsetBy(dx: edge == .leading ? -shift : shift, dy: 0) }
    // The far side: the inspector and a pushed stack top come in from beyond the far edge.
    return edge == .leading ? frame.offsetBy(dx: width - frame.minX, dy: 0) : frame.offsetBy(dx: -frame.maxX, dy: 0)
}

@inline(__always)
private func pow3(_ x: Double) -> Double { x * x * x }
