/// What a drag between panes carries: a title to show and a tag the source gives it (a row's
/// index, say), so that the app knows what is being moved.
///
/// Mirrors the part of `UIDragItem` a split view needs; the payload stays with the app.
public struct DragItem: Hashable, Sendable {
    /// What is being dragged, for people.
    public var title: String
    /// The source's own reference to the item.
    public var tag: Int
    /// The pane the drag started in (set by the controller).
    public internal(set) var source: SplitViewController.Column?
    /// The item's contents for other programs, in each form it comes in (`text/uri-list`,
    /// `UTF8_STRING`…): a drag that leaves the window takes them to another program (XDND on
    /// X), as a `UIDragItem`'s `itemProvider` does. Empty: the item stays in the window.
    public var externalRepresentations: [SelectionOffer] = []

    /// Creates an item.
    public init(title: String, tag: Int) {
        self.title = title
        self.tag = tag
    }
}

/// A drag between panes, as the host sees it: whether it has begun and whether the pane
/// under the pointer would take the item (the host shows a move cursor meanwhile).
public struct DragSession: Hashable, Sendable {
    /// The item.
    public var item: DragItem
    /// True when the pane under the pointer accepts the item.
    public var isOverTarget: Bool
}

/// A drag of content in progress: where it started, whether it has travelled past the slop,
/// and the pane that would take it.
struct ContentDrag: Hashable, Sendable {
    /// What is dragged.
    let item: DragItem
    /// Where the press was.
    let start: Point
    /// True once the pointer travelled past the slop; it stays true.
    private(set) var began = false
    /// The pane under the pointer at the last move.
    private(set) var target: SplitViewController.Column?
    /// True when that pane would take the item.
    private(set) var accepted = false

    /// A press on draggable content at `start`; no drag until it moves past the slop.
    init(item: DragItem, start: Point) {
        self.item = item
        self.start = start
    }

    /// The pointer moved to `point`: past the slop from the press the drag begins. False
    /// while it has not begun.
    mutating func follow(to point: Point) -> Bool {
        if !began {
            guard abs(point.x - start.x) >= contentDragSlop || abs(point.y - start.y) >= contentDragSlop else { return false }
            began = true
        }
        return true
    }

    /// The pointer is over `target`'s content (or none), which would take the item or not.
    mutating func hover(over target: SplitViewController.Column?, accepted: Bool) {
        self.target = target
        self.accepted = accepted
    }
}

/// How far (points) the pointer travels from a press before a drag begins.
let contentDragSlop: Double = 4

extension SplitViewController {
    /// The drag between panes in progress, if it has begun.
    public var dragSession: DragSession? {
        guard case .draggingContent(let drag) = pointer.activity, drag.began else { return nil }
        return DragSession(item: drag.item, isOverTarget: drag.accepted)
    }

    /// Follows the pointer: past the slop the drag begins; each move asks the pane under the
    /// pointer whether it takes the item, and tells the pane it left.
    func moveContentDrag(_ drag: ContentDrag, to point: Point) {
        var drag = drag
        guard drag.follow(to: point) else { return }
        let under = contentTarget(at: point)
        if let previous = drag.target, previous != under?.column { children.wrapped[previous]?.dropExited() }
        let accepted = under.map { $0.vc.dropProposal(drag.item, at: $0.local, in: $0.bounds) } ?? false
        drag.hover(over: under?.column, accepted: accepted)
        pointer.dragContent(drag)
    }

    /// The button went up: the pane under the pointer takes the item if it accepts it. A
    /// press that never became a drag ends as a click: the pane pressed hears the release
    /// (a list selects the row pressed within its selection then).
    func endContentDrag(_ drag: ContentDrag, at point: Point) {
        guard drag.began else {
            if let column = drag.item.source, let placement = layout.placement(of: column), let vc = children.wrapped[column] {
                let local = Point(x: point.x - placement.frame.minX, y: point.y - placement.frame.minY)
                vc.pointerUp(at: local, in: LayoutComputation.contentBounds(ofPaneSized: placement.frame.size))
            }
            return
        }
        if drag.accepted, let under = contentTarget(at: point), under.column == drag.target {
            _ = under.vc.performDrop(drag.item, at: under.local, in: under.bounds)
        }
        if let target = drag.target { children.wrapped[target]?.dropExited() }
    }

    /// Escape, or a change of the columns: the drag ends without a drop.
    func cancelContentDrag() {
        guard let drag = pointer.cancelContentDrag() else { return }
        if let target = drag.target { children.wrapped[target]?.dropExited() }
    }

    /// The pane's content under `point`: its column, controller, the point in its content
    /// coordinates and its content bounds; nil over a bar, a dimmed pane or nothing.
    func contentTarget(
        at point: Point
    )
        -> (column: Column, vc: NavigationController, local: Point, bounds: Rect)?
    {
        guard let placement = layout.columns.last(where: { $0.frame.contains(point) }), !placement.isDimmed,
            let vc = children.wrapped[placement.column]
        else { return nil }
        let local = Point(x: point.x - placement.frame.minX, y: point.y - placement.frame.minY)
        guard local.y >= LayoutMetrics.navigationBarHeight else { return nil }
        return (placement.column, vc, local, LayoutComputation.contentBounds(ofPaneSized: placement.frame.size))
    }
}
