/// The keyboard focus: a pane, the pane it will return to, and possibly a divider moved with
/// the keys (F8).
///
/// A value with its own transitions — focus, cycle, repair, the next divider, release — so
/// that the rules are tested without a controller; the controller hands it what the layout
/// says (the panes that can take the focus, in screen order, and the dividers).
struct FocusModel: Hashable, Sendable {
    typealias Column = SplitViewController.Column

    /// The focused pane.
    private(set) var column: Column?
    /// A pane that lost the focus because it hid; it gets it back when it shows again,
    /// unless the user moved the focus meanwhile.
    private(set) var displaced: Column?
    /// The divider with the keyboard focus (F8), by its name column.
    private(set) var divider: Column?
    /// The keyboard move in progress on that divider.
    private(set) var keyboardMove: DividerDrag?
    /// The divider of a stack split with the keyboard focus (F8), if it is one of those.
    private(set) var stackDivider: StackDividerFocus?
    /// The stack divider last marked in its stack as having the keyboard (drawn in the accent):
    /// the marks are walked again only while one is, or was, so that a drag step of a window
    /// without one pays nothing for them.
    private(set) var markedStackDivider: StackDividerFocus?

    /// The pane shown over the whole window (``SplitViewController/zoomedPane``): its column
    /// and its view controller's identity. Kept with the focus because the zoomed pane is
    /// always the one with the keys: zooming gives it them, and moving them elsewhere unzooms.
    private(set) var zoom: PaneZoom?

    /// A pane to zoom once the window has its first layout (a restored state's zoom, or
    /// ``SplitViewController/zoomedPane`` set before a size): its identity.
    private(set) var zoomAfterLayout: ObjectIdentifier?

    /// Zooms the pane `zoom` names, or unzooms (nil).
    mutating func setZoom(_ zoom: PaneZoom?) {
        self.zoom = zoom
    }

    /// Records the pane to zoom at the first layout (nil: none).
    mutating func zoomBeforeLayout(_ pane: ObjectIdentifier?) {
        zoomAfterLayout = pane
    }

    /// True when a divider — a column's or a stack's — has the keyboard focus.
    var hasDivider: Bool { divider != nil || stackDivider != nil }

    /// Gives the keyboard focus to a stack's divider (F8), leaving any column divider.
    mutating func focusStackDivider(_ target: StackDividerFocus) {
        keyboardMove = nil
        divider = nil
        stackDivider = target
    }

    /// Records that `target` (or none) is now the stack divider marked in its stack.
    mutating func markStackDivider(_ target: StackDividerFocus?) {
        markedStackDivider = target
    }

    /// Records where a keyboard move of the focused stack divider started (the first arrow
    /// after F8): what Escape puts back.
    mutating func beginStackMove(from thicknesses: [Double]) {
        if stackDivider?.start == nil { stackDivider?.start = thicknesses }
    }

    /// A focus as given; a test starts from one, the controller from none.
    init(column: Column? = nil, displaced: Column? = nil, divider: Column? = nil, keyboardMove: DividerDrag? = nil) {
        self.column = column
        self.displaced = displaced
        self.divider = divider
        self.keyboardMove = keyboardMove
    }

    /// True when `column`'s pane has the focus (not a divider beside it).
    func isPaneFocused(_ column: Column) -> Bool {
        self.column == column && divider == nil
    }

    /// Focuses `pane` if it can take the focus; a user's choice forgets the pane to return to.
    mutating func focus(_ pane: Column, byUser: Bool, among focusable: ColumnSet) {
        guard focusable.contains(pane) else { return }
        column = pane
        if byUser { displaced = nil }
    }

    /// Before the first layout there are no panes to ask: `pane` takes the focus as set (by
    /// the app or a restored state), and the first ``repair(focusable:firstOnScreen:hasDivider:)``
    /// moves it on if that pane does not show.
    mutating func focusBeforeLayout(_ pane: Column) {
        column = pane
    }

    /// F6 and Shift+F6: the next or previous of `panes` (screen order), wrapping; from no
    /// focus, the first or the last. Leaves a focused divider first.
    mutating func cycle(by step: Int, panes: [Column]) {
        guard !panes.isEmpty else { return }
        releaseDivider()
        let index = column.flatMap { panes.firstIndex(of: $0) } ?? (step > 0 ? -1 : 0)
        focus(panes[((index + step) % panes.count + panes.count) % panes.count], byUser: true, among: ColumnSet(panes))
    }

    /// Keeps the focus on a pane that shows after the layout changed: a pane that hid gives
    /// the focus to its nearest neighbour (by column order) and gets it back when it shows
    /// again; no focus at all goes to the first pane on screen. A divider that is gone loses
    /// the keyboard focus. The screen order and the dividers are asked for only when needed:
    /// this runs at every layout, and the common case allocates nothing.
    mutating func repair(focusable: ColumnSet, firstOnScreen: () -> Column?, hasDivider: (Column) -> Bool) {
        if let displaced, focusable.contains(displaced) {
            column = displaced
            self.displaced = nil
        } else if let current = column, !focusable.contains(current) {
            if displaced == nil { displaced = current }
            column = Column.allCases.filter(focusable.contains)
                .min { abs($0.rawValue - current.rawValue) < abs($1.rawValue - current.rawValue) }
        } else if column == nil {
            column = firstOnScreen()
        }
        if let divider, !hasDivider(divider) { releaseDivider() }
    }

    /// F8: the divider at the focused pane's far edge (else its near edge, else the first);
    /// pressed again, the next divider, accepting the width reached.
    mutating func focusNextDivider(_ dividers: [Divider], paneFrame: Rect?) {
        guard !dividers.isEmpty else { return }
        stackDivider = nil
        if let current = divider, let index = dividers.firstIndex(where: { $0.column == current }) {
            keyboardMove = nil
            divider = dividers[(index + 1) % dividers.count].column
            return
        }
        let nearEdge = paneFrame.flatMap { frame in
            dividers.first { abs($0.drawnRect.maxX - frame.minX) < 0.5 || abs($0.drawnRect.minX - frame.maxX) < 0.5 }
        }
        let nearest = dividers.first { $0.column == column } ?? dividers.first { $0.resizes == column } ?? nearEdge ?? dividers[0]
        divider = nearest.column
    }

    /// Starts the keyboard move on the focused divider with `move`'s start values, or keeps
    /// the move already running: its start is what Escape restores, however many steps came
    /// since. The move that runs.
    mutating func beginKeyboardMove(_ move: DividerDrag) -> DividerDrag {
        if let keyboardMove { return keyboardMove }
        keyboardMove = move
        return move
    }

    /// Gives the keyboard focus back from the divider to the pane, ending any keyboard move.
    mutating func releaseDivider() {
        keyboardMove = nil
        divider = nil
        stackDivider = nil
    }
}

/// A stack split's divider with the keyboard focus: its column, its stack's path, the item it
/// follows, and the thicknesses the keyboard move started from (nil before the first arrow).
struct StackDividerFocus: Hashable, Sendable {
    var column: SplitViewController.Column
    var stackPath: [Int]
    var after: Int
    var start: [Double]?
}

/// The zoomed pane: its column, and its view controller by identity (its place in the tree
/// changes with every split, its identity does not).
struct PaneZoom: Hashable, Sendable {
    var column: SplitViewController.Column
    var pane: ObjectIdentifier
}
