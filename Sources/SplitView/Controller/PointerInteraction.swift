/// The edge-drag reveal in progress.
struct EdgeGesture: Hashable, Sendable {
    /// The mode a completed reveal goes to.
    let target: SplitViewController.DisplayMode
    /// How far the pointer travels to reveal fully: the width of the revealed columns.
    let distance: Double
}

/// What the main pointer button is doing.
enum PointerActivity: Hashable, Sendable {
    case idle
    /// Held on a bar button; it acts on release inside.
    case pressingButton(BarButton.Kind, SplitViewController.Column)
    /// Held on a prompt's button; it answers on release inside.
    case pressingPromptChoice(PromptAnswer)
    /// Dragging a divider.
    case draggingDivider(DividerDrag)
    /// Pressed within the edge zone while the primary is hidden: `reveal` is nil until the
    /// pointer travels past the slop, then the reveal in progress.
    case edgeGesture(startX: Double, reveal: EdgeGesture?)
    /// Pressed on content that can be dragged (a list's row): a drag once it moves.
    case draggingContent(ContentDrag)
    /// Dragging a pane's scroll bar thumb, held `grab` points below its top.
    case draggingScrollBar(SplitViewController.Column, grab: Double)
    /// Pressed on content that follows the pointer until the button goes up (text being
    /// selected): the pane gets ``ViewController/pointerDragged(to:in:)`` and
    /// ``ViewController/pointerUp(at:in:)``.
    case trackingContent(SplitViewController.Column)
    /// Held on the close button of a pane's bar: the pane closes on release inside it.
    case pressingPaneClose(ObjectIdentifier)
    /// Pressed on a pane's bar: the pane's drag once the pointer moves past the threshold.
    case draggingPane(PaneDrag)
    /// Pressed on something that consumed the press (a dimmed column, a list): ignore until up.
    case consumed
}

/// Everything the pointer is doing, in one value so that its parts can never disagree: the
/// button's activity (with the edge reveal it may carry), where the pointer is, and the
/// horizontal-scroll travel toward the next display-mode action.
///
/// The controller asks it questions and tells it what happened; the transitions between
/// activities are its mutating methods, each tested on its own.
struct PointerInteraction: Hashable, Sendable {
    /// What the button is doing.
    private(set) var activity = PointerActivity.idle
    /// Where the pointer is, or nil when it left the window (hover states end).
    private(set) var location: Point?
    /// Horizontal scroll travel toward the next display-mode action, in points; its sign is
    /// the direction.
    private(set) var scrollTravel = 0.0

    /// The edge reveal in progress, once the press has travelled past the slop.
    var edgeReveal: EdgeGesture? {
        if case .edgeGesture(_, let reveal) = activity { reveal } else { nil }
    }

    /// The divider being dragged by the pointer, if any.
    var dividerDrag: DividerDrag? {
        if case .draggingDivider(let drag) = activity { drag } else { nil }
    }

    /// The pointer is at `point`.
    mutating func move(to point: Point) {
        location = point
    }

    /// The pointer left the window: hover states end.
    mutating func exitWindow() {
        location = nil
    }

    /// The button went down on a bar button: it acts if the button goes up inside it.
    mutating func pressButton(_ kind: BarButton.Kind, in column: SplitViewController.Column) {
        activity = .pressingButton(kind, column)
    }

    /// The button went down on a prompt's choice: it answers if the button goes up inside it.
    mutating func pressPromptChoice(_ answer: PromptAnswer) {
        activity = .pressingPromptChoice(answer)
    }

    /// The press means nothing more until the button goes up: it landed on something that
    /// took it (a disabled button, a dimmed column, a list), or what it began was cancelled.
    mutating func consumePress() {
        activity = .consumed
    }

    /// The button went down within the edge zone at `x`: an edge reveal once it travels
    /// past the slop.
    mutating func pressAtEdge(x: Double) {
        activity = .edgeGesture(startX: x, reveal: nil)
    }

    /// The edge press from `startX` travelled past the slop: `reveal` runs, following the pointer.
    mutating func beginEdgeReveal(_ reveal: EdgeGesture, startX: Double) {
        activity = .edgeGesture(startX: startX, reveal: reveal)
    }

    /// The button went down on the thumb of `column`'s scroll bar, `grab` points below its
    /// top: the thumb follows the pointer, keeping that spot under it.
    mutating func beginScrollBarDrag(in column: SplitViewController.Column, grab: Double) {
        activity = .draggingScrollBar(column, grab: grab)
    }

    /// The button went down on a divider: `drag` follows the pointer from its start values.
    mutating func beginDividerDrag(_ drag: DividerDrag) {
        activity = .draggingDivider(drag)
    }

    /// The button went down on content in `column` that follows the pointer (text being
    /// selected).
    mutating func trackContent(in column: SplitViewController.Column) {
        activity = .trackingContent(column)
    }

    /// The button holds content: `drag` as it stands now (pressed, begun, over a pane).
    mutating func dragContent(_ drag: ContentDrag) {
        activity = .draggingContent(drag)
    }

    /// The button went down on the close button of `pane`'s bar: it closes the pane if the
    /// button goes up inside it.
    mutating func pressPaneClose(_ pane: ObjectIdentifier) {
        activity = .pressingPaneClose(pane)
    }

    /// The button holds a pane's bar: `drag` as it stands now (pressed, begun, over a target).
    mutating func dragPane(_ drag: PaneDrag) {
        activity = .draggingPane(drag)
    }

    /// The pane drag in progress, pressed or begun, if any.
    var paneDrag: PaneDrag? {
        if case .draggingPane(let drag) = activity { drag } else { nil }
    }

    /// Cancels the pane drag, if one runs (Escape, the menu, the window collapsing): the
    /// press means nothing more until the button goes up. True when one ran.
    @discardableResult
    mutating func cancelPaneDrag() -> Bool {
        guard paneDrag != nil else { return false }
        activity = .consumed
        return true
    }

    /// The button went up: the activity it ends (the caller finishes it), and idle from now on.
    mutating func release() -> PointerActivity {
        defer { activity = .idle }
        return activity
    }

    /// The press stops meaning anything until the button goes up (a key changed the columns,
    /// Escape cancelled): true when an edge reveal had begun, so that the delegate hears the
    /// gesture end.
    @discardableResult
    mutating func abandonGesture() -> Bool {
        guard case .edgeGesture(_, let reveal) = activity else { return false }
        activity = .consumed
        return reveal != nil
    }

    /// Cancels the divider drag, if one runs; the drag, for the caller to undo.
    mutating func cancelDividerDrag() -> DividerDrag? {
        guard let drag = dividerDrag else { return nil }
        activity = .consumed
        return drag
    }

    /// Cancels the content drag, if one runs; the drag, for the caller to tell the pane it was
    /// over.
    mutating func cancelContentDrag() -> ContentDrag? {
        guard case .draggingContent(let drag) = activity else { return nil }
        activity = .consumed
        return drag
    }

    /// Adds a horizontal scroll of `dx` points. Travel in the other direction starts over;
    /// once it reaches `distance`, the travel resets and its direction comes back (-1 or +1)
    /// for one display-mode action; otherwise nil.
    mutating func scroll(_ dx: Double, distance: Double) -> Double? {
        if scrollTravel != 0 && (scrollTravel < 0) != (dx < 0) { scrollTravel = 0 }
        scrollTravel += dx
        guard abs(scrollTravel) >= distance else { return nil }
        let direction: Double = scrollTravel < 0 ? -1 : 1
        scrollTravel = 0
        return direction
    }
}
