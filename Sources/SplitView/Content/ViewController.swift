/// A unit of content shown in a column: a title, appearance callbacks, and what it draws.
///
/// Mirrors `UIViewController` for what a split view uses: `title`, the four appearance
/// callbacks, `navigationController`, `splitViewController`, `show(_:sender:)` and
/// `showDetailViewController(_:sender:)`. Subclass it and override ``draw(in:)`` and the input
/// methods to show content; ``ListViewController`` and ``TextViewController`` are ready-made.
///
/// Appearance callbacks are sent only when the view really appears or disappears: when its
/// column starts or stops showing (mode changes, collapse, expand, overlays, hide), or when
/// it becomes or stops being the top of a navigation stack. Each `will` is followed by its
/// `did` when the transition ends; a transition reversed midway sends the opposite `will`
/// first, so the calls always pair up.
open class ViewController {
    /// The title shown in the navigation bar. Setting it redraws the pane.
    public var title: String {
        didSet {
            guard title != oldValue else { return }
            setNeedsDisplay()
            splitViewController?.titleDidChange()
        }
    }

    /// The title and the bar button items this controller shows in its column's bar while it
    /// is on top.
    ///
    /// Mirrors `UIViewController.navigationItem`.
    public var navigationItem: NavigationItem {
        if let navigationItemIfLoaded { return navigationItemIfLoaded }
        let item = NavigationItem(owner: self)
        navigationItemIfLoaded = item
        return item
    }

    /// The navigation item once anything asked for it: the layout reads this, so that a
    /// controller without bar items costs nothing.
    private(set) var navigationItemIfLoaded: NavigationItem?

    /// The navigation controller whose stack holds this controller, if any.
    public internal(set) weak var navigationController: NavigationController?

    /// The split view controller this controller belongs to, through its navigation
    /// controller or directly; `nil` when it is not installed.
    public var splitViewController: SplitViewController? {
        owner ?? navigationController?.splitViewController ?? stackSplitViewController?.splitViewController
    }

    /// The stack split whose item this controller is, if any.
    public internal(set) weak var stackSplitViewController: StackSplitViewController?

    /// The title the column's bar shows while this controller is on top: the navigation
    /// item's, else ``title``.
    var barTitle: String { navigationItemIfLoaded?.title ?? title }

    /// The controller whose navigation item's buttons and field the column's bar shows while
    /// this controller is on top: itself (a split defers to one of its panes).
    var barOwner: ViewController { self }

    /// True between `viewDidAppear` and `viewWillDisappear` — and, like UIKit's
    /// `viewIfLoaded?.window != nil`, also between `viewWillAppear` and `viewDidAppear`.
    public var isViewVisible: Bool { appearance == .appearing || appearance == .appeared }

    /// A counter the host compares to know when the content must be redrawn.
    public private(set) var revision: Int = 0

    weak var owner: SplitViewController?
    var appearance: AppearanceState = .disappeared

    /// Creates a view controller with a title.
    public init(title: String = "") {
        self.title = title
    }

    /// Asks for the content to be drawn again: the revision feeds the pane's
    /// ``PaneKey``, which the host compares before redrawing.
    public func setNeedsDisplay() {
        revision &+= 1
    }

    /// The view is about to appear. Override to prepare; no need to call `super`.
    open func viewWillAppear(_ animated: Bool) {}
    /// The view appeared.
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to disappear.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view disappeared.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Brings the content's layout up to date for `context` (its bounds and measurer):
    /// wrapped text, cached line heights, scroll offsets kept in range. The split view
    /// controller calls it from ``SplitViewController/layoutPanes()``, the pass the host runs
    /// before it compares pane keys and draws — never on a resize alone, so a resize or drag
    /// step that is not drawn costs the content nothing, and never while drawing, which is a read.
    ///
    /// Mirrors `UIView.layoutIfNeeded()`; the work is done by ``viewWillLayoutSubviews(in:)``.
    /// Unlike UIKit there is no `setNeedsLayout()` flag to consult: the bounds and the measurer
    /// come with each context rather than being stored, so the pass always runs, and each
    /// override compares with what it last laid out (the text view re-wraps only when the
    /// width, the measurer or the text changed).
    public func layoutIfNeeded(in context: DrawContext) {
        viewWillLayoutSubviews(in: context)
    }

    /// Lays the content out for `context`; called by ``layoutIfNeeded(in:)``. It must be cheap
    /// when nothing it depends on changed, since it runs before every drawing of the pane. The
    /// default does nothing.
    ///
    /// Mirrors `UIViewController.viewWillLayoutSubviews()`, with the bounds passed in.
    open func viewWillLayoutSubviews(in context: DrawContext) {}

    /// The content, drawn into `context.bounds`; the default draws nothing over the pane's
    /// background.
    ///
    /// Drawing is a read: an override changes nothing, and draws the state that
    /// ``ViewController/viewWillLayoutSubviews(in:)`` left (the controller lays out first).
    open func draw(in context: DrawContext) -> [DrawOp] { [] }

    /// The main button went down at `point` (content coordinates, as in ``DrawContext/bounds``);
    /// return true when handled.
    open func pointerDown(at point: Point, in bounds: Rect) -> Bool { false }

    /// The main button went down at `point` with `modifiers` held (Caps Lock and Num Lock left
    /// out): what the split view calls. By default the press without them,
    /// ``pointerDown(at:in:)``; a content that reads Ctrl+click or Shift+click overrides this
    /// one. Mirrors reading `UIEvent.modifierFlags` in `touchesBegan(_:with:)`: the modifiers
    /// come with the press.
    open func pointerDown(at point: Point, modifiers: KeyChord.Modifiers, in bounds: Rect) -> Bool {
        pointerDown(at: point, in: bounds)
    }

    /// The main button went down twice at `point` (content coordinates); return true when
    /// handled. The first press already came to ``pointerDown(at:in:)``.
    open func doubleClick(at point: Point, in bounds: Rect) -> Bool { false }

    /// The menu a right click at `point` opens (content coordinates), or with `point` nil
    /// the one Shift+F10 or the Menu key opens for the selection; nil for none, the default.
    /// Like `UIContextMenuInteractionDelegate`'s configuration; a list selects the row
    /// clicked first, as GTK's do.
    open func contextMenu(at point: Point?, in bounds: Rect) -> ContextMenu? { nil }

    /// The button pressed on this content (where ``pointerDown(at:in:)`` returned true and
    /// no drag began) moved to `point`, which may lie outside `bounds` (the pointer left the
    /// pane while selecting). Like `touchesMoved(_:with:)`; the default does nothing.
    open func pointerDragged(to point: Point, in bounds: Rect) {}

    /// The button pressed on this content went up at `point`. Like `touchesEnded(_:with:)`;
    /// the default does nothing.
    open func pointerUp(at point: Point, in bounds: Rect) {}

    /// True when the content can be searched: Ctrl+F (``Command/find``) opens a find field in
    /// its bar, whose text goes to ``find(_:in:)`` as it is typed. Like UIKit's
    /// `isFindInteractionEnabled`; the default is false.
    open var isFindInteractionEnabled: Bool { false }

    /// Finds `query` in the content (a list keeps the rows that hold it, a text highlights
    /// where it occurs); an empty query finds nothing and shows everything. Called as the
    /// find field's text changes. Like `UITextSearching`'s `performTextSearch(queryString:)`;
    /// the default does nothing.
    open func find(_ query: String, in bounds: Rect) {}

    /// What the find field says beside the query: how many were found ("3 of 12"), or that
    /// nothing was; `nil` says nothing. Read after each find and each step through the
    /// results (``Command/findNext``, ``Command/findPrevious``).
    open var findStatus: String? { nil }

    /// What the empty find field says: "Find" by default; a list says "Filter".
    open var findFieldPlaceholder: String { String(translated: "Find") }

    /// The find field closed (Escape, or ``dismissFindNavigator()``): the content shows all it
    /// has again and forgets the query. The default does nothing.
    open func endFind() {}

    /// How tall the content is and how far it is scrolled at `bounds`, for the pane's scroll
    /// bar; nil (the default) for content that does not scroll. Read-only: it changes nothing.
    open func scrollExtent(in bounds: Rect) -> ScrollExtent? { nil }

    /// The height of one line or row, in points: a notch of the wheel scrolls
    /// ``ScrollBar/linesPerNotch`` of them. The default is a third of a notch's points.
    open func scrollLine(in bounds: Rect) -> Double { Input.wheelNotch / ScrollBar.linesPerNotch }

    /// The main button went down a third time at `point` (content coordinates); return true
    /// when handled. The first two presses already came to ``pointerDown(at:in:)`` and
    /// ``doubleClick(at:in:)``.
    open func tripleClick(at point: Point, in bounds: Rect) -> Bool { false }

    /// A key that no binding names, while this pane has the focus (lock modifiers removed);
    /// return true when handled. Lists use it for type-ahead.
    open func keyDown(_ chord: KeyChord, in bounds: Rect) -> Bool { false }

    /// The item a drag starting at `point` would carry, or nil when nothing there can be
    /// dragged. Asked right after ``pointerDown(at:in:)``; the drag begins once the pointer
    /// moves 4 pt. Mirrors `UIDragInteractionDelegate.itemsForBeginning`.
    open func dragItem(at point: Point, in bounds: Rect) -> DragItem? { nil }

    /// A drag is over `point`: return true when dropping `item` there would work (and show
    /// where it would land). Mirrors `UIDropInteractionDelegate.sessionDidUpdate`.
    open func dropProposal(_ item: DragItem, at point: Point, in bounds: Rect) -> Bool { false }

    /// The drag left this pane, ended or was cancelled: stop showing the landing place.
    open func dropExited() {}

    /// Another program took `selection`, which this controller may have filled through
    /// ``HostRequest/setSelection(_:text:)``: a paste no longer gives its text. A reader drops
    /// its highlight when PRIMARY goes, as X programs do; the default does nothing. (UIKit has
    /// one pasteboard and no owner to lose it; X has selections owned by one program at a time.)
    open func selectionTaken(_ selection: Selection) {}

    /// `item` was dropped at `point`, where ``dropProposal(_:at:in:)`` accepted it; return
    /// true when handled. Mirrors `UIDropInteractionDelegate.performDrop`.
    open func performDrop(_ item: DragItem, at point: Point, in bounds: Rect) -> Bool { false }

    /// Another program drags contents offered in `types` over `point`: return the one of
    /// `types` this content would take there (and show where it would land), or nil. Mirrors
    /// `UIDropInteractionDelegate.sessionDidUpdate` for a session from outside the app;
    /// ``dropExited()`` ends the showing.
    open func externalDropType(for types: [String], at point: Point, in bounds: Rect) -> String? { nil }

    /// Another program's contents, `offer`, were dropped at `point`, where
    /// ``externalDropType(for:at:in:)`` named its form, asking for `operation`; return true
    /// when handled. Mirrors `UIDropInteractionDelegate.performDrop`.
    open func performExternalDrop(_ offer: SelectionOffer, operation: DropOperation, at point: Point, in bounds: Rect) -> Bool {
        false
    }

    /// A vertical scroll of `dy` points over the content; return true when handled.
    open func scroll(dy: Double, in bounds: Rect) -> Bool { false }

    /// A horizontal scroll of `dx` points over the content (the horizontal wheel, Shift+wheel);
    /// return true when handled. Not handled, it is the split view's horizontal gesture.
    open func scroll(dx: Double, in bounds: Rect) -> Bool { false }

    /// A vertical scroll of `dy` points with the pointer at `point` (content coordinates): the
    /// split view calls this one. The default ignores the point and calls
    /// ``scroll(dy:in:)``; a controller with panes of its own (``StackSplitViewController``)
    /// passes it to the pane under the pointer.
    open func scroll(dy: Double, at point: Point, in bounds: Rect) -> Bool { scroll(dy: dy, in: bounds) }

    /// A horizontal scroll of `dx` points with the pointer at `point`; the default calls
    /// ``scroll(dx:in:)``.
    open func scroll(dx: Double, at point: Point, in bounds: Rect) -> Bool { scroll(dx: dx, in: bounds) }

    /// The height of one line or row where the pointer is; the default is
    /// ``scrollLine(in:)``.
    open func scrollLine(at point: Point, in bounds: Rect) -> Double { scrollLine(in: bounds) }

    /// A content command (`selectNext`, `selectPrevious`, `activate`, `pageUp`, `pageDown`,
    /// `scrollToTop`, `scrollToEnd`, `expand`, `collapse`, `toggleLineWrapping`, `action`)
    /// while this pane has the focus; return true when handled.
    open func perform(_ command: Command, in bounds: Rect) -> Bool { false }

    /// The content's accessible nodes, for a screen reader (``SplitViewController/accessibleTree(title:isActive:)``):
    /// the rows of a list, the text of a reader, a program's window. The pane around them is the
    /// controller's. The default has none. Mirrors UIKit's `accessibilityElements`.
    open func accessibleNodes(in context: AccessibleContext) -> [AccessibleNode] { [] }

    /// What the accessible action `name` does on the node `id` of this content (a row's
    /// `activate`): true when done. The default does nothing.
    open func performAccessibleAction(_ name: String, on id: AccessibleNode.ID, in context: AccessibleContext) -> Bool { false }

    /// The node `id` names in this content and its parent's id, when the window's tree does
    /// not hold it (a list's row off screen, made when a reader asks); nil by default.
    open func accessibleNode(
        _ id: AccessibleNode.ID, in context: AccessibleContext
    ) -> (
        node: AccessibleNode, parent: AccessibleNode.ID
    )? { nil }

    /// The child at `index` of this content's node `id`, when that node holds only some of
    /// its children (``AccessibleNode/childCount``); nil by default.
    open func accessibleChild(at index: Int, of id: AccessibleNode.ID, in context: AccessibleContext) -> AccessibleNode? {
        nil
    }

    /// Whether a setting `command` switches is on (`true`) or off (`false`) in this pane, or
    /// `nil` when the pane has no such setting; the View menu checks and enables its item by
    /// the answer. UIKit's `UIResponder.validate(_:)`, reduced to the check mark.
    open func validate(_ command: Command) -> Bool? { nil }

    /// Shows `vc` the way the nearest container decides: a navigation controller pushes it,
    /// a split view controller applies ``SplitViewController/show(_:sender:)``.
    ///
    /// Mirrors `UIViewController.show(_:sender:)`.
    open func show(_ vc: ViewController, sender: Any?) {
        if let navigationController {
            navigationController.pushViewController(vc, animated: true)
        } else {
            splitViewController?.show(vc, sender: sender)
        }
    }

    /// Shows `vc` as the secondary content through the split view controller, if any.
    ///
    /// Mirrors `UIViewController.showDetailViewController(_:sender:)`.
    open func showDetailViewController(_ vc: ViewController, sender: Any?) {
        splitViewController?.showDetailViewController(vc, sender: sender)
    }
}

/// Where a view controller is in its appearance cycle.
enum AppearanceState: Hashable, Sendable {
    case disappeared, appearing, appeared, disappearing
}
