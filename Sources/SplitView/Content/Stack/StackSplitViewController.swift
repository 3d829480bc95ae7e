/// Panes along one axis, side by side or stacked, with dividers the user drags: the content of
/// a column of a ``SplitViewController``, or an item of another stack (nesting to any depth).
///
/// Mirrors AppKit's `NSSplitViewController` with its `NSSplitViewItem`s (here ``SplitItem``),
/// and SwiftUI's `HSplitView` / `VSplitView`. The space is shared by the rules of <doc:StackSplits>:
/// each item keeps its thickness, and when the space changes the items that hold least
/// (``SplitItem/holdingPriority``) give way first, within their minimum and maximum.
///
/// ```swift
/// let reader = TextViewController(title: "Notes")
/// let terminal = SplitItem(viewController: ForeignContentViewController(command: command))
/// terminal.preferredThicknessFraction = 0.3
/// terminal.canCollapse = true
/// let stack = StackSplitViewController(axis: .vertical, items: [SplitItem(viewController: reader), terminal])
/// split.setViewController(stack, for: .secondary)
/// ```
///
/// Each item that is not itself a stack is a *leaf*: a pane of its own, drawn by the host in a
/// window of its own (``SplitViewController/leaves(in:)``). The stack itself draws its dividers.
/// Input reaches the item under the pointer; keys reach the focused item
/// (``focusedItemIndex``), which F6 and Shift+F6 move through every visible leaf of the
/// window in reading order.
open class StackSplitViewController: ViewController {
    /// The direction the items are laid out in.
    public enum Axis: String, Hashable, Sendable, Codable {
        /// Side by side, left to right: vertical dividers (SwiftUI's `HSplitView`; AppKit's
        /// `isVertical == true`).
        case horizontal
        /// Stacked, top to bottom: horizontal dividers (SwiftUI's `VSplitView`).
        case vertical
    }

    /// How the dividers look, as AppKit's `NSSplitView.DividerStyle`.
    public enum DividerStyle: String, Hashable, Sendable, Codable {
        /// A 1-pt line, the default: the HIG prefers it.
        case thin
        /// A 9-pt bar.
        case thick
        /// A 9-pt bar with a grip in its middle and a line on each side.
        case paneSplitter

        /// The divider's thickness in points.
        public var thickness: Double {
            switch self {
            case .thin: 1
            case .thick, .paneSplitter: 9
            }
        }
    }

    /// The direction the items are laid out in.
    public var axis: Axis {
        didSet { if axis != oldValue { setNeedsDisplay() } }
    }

    /// How the dividers look.
    public var dividerStyle: DividerStyle = .thin {
        didSet { if dividerStyle != oldValue { setNeedsDisplay() } }
    }

    /// The items, in order along the axis.
    public internal(set) var splitItems: [SplitItem] = []

    /// The item whose content has the keys while this stack has them; always a visible
    /// (not collapsed) item, nil only when none is.
    public internal(set) var focusedItemIndex: Int?

    /// The collapse or expansion running, if any.
    var collapseAnimation: CollapseAnimation?

    /// A divider being dragged with the pointer.
    var drag: StackDividerDrag?

    /// The item a press went to, which gets the motions and the release.
    var trackedItem: Int?

    /// The item whose scroll bar's thumb the pointer drags, and where on the thumb it took it.
    var scrollBarDrag: (item: Int, grab: Double)?

    /// The divider (by the item it follows) that has the keyboard focus (F8): drawn in the
    /// accent, as a column divider with the focus is.
    var focusedDivider: Int? {
        didSet { if focusedDivider != oldValue { setNeedsDisplay() } }
    }

    /// How long a collapse or an expansion takes: the split view's own transition time.
    public static let collapseDuration = Transition.duration

    /// How far beyond a thin divider's line a press still takes it, on each side.
    public static let grabSlop = 3.0

    /// Creates a stack laying `items` out along `axis`.
    public init(axis: Axis, items: [SplitItem] = [], title: String = "") {
        self.axis = axis
        super.init(title: title)
        for item in items { addSplitItem(item) }
    }

    /// Adds `item` at the end.
    public func addSplitItem(_ item: SplitItem) {
        insertSplitItem(item, at: splitItems.count)
    }

    /// Inserts `item` at `index` (clamped into the items' range); an item already in a stack
    /// leaves it first.
    public func insertSplitItem(_ item: SplitItem, at index: Int) {
        item.stack?.removeSplitItem(item)
        item.stack = self
        item.viewController.stackSplitViewController = self
        splitItems.insert(item, at: min(max(index, 0), splitItems.count))
        if let focused = focusedItemIndex, focused >= index { focusedItemIndex = focused + 1 }
        repairFocus()
        setNeedsDisplay()
    }

    /// Removes `item`; the focus moves to a neighbour when it had it.
    public func removeSplitItem(_ item: SplitItem) {
        guard let index = splitItems.firstIndex(where: { $0 === item }) else { return }
        splitItems.remove(at: index)
        item.stack = nil
        item.viewController.stackSplitViewController = nil
        if collapseAnimation?.item === item { collapseAnimation = nil }
        drag = nil
        trackedItem = nil
        if let focused = focusedItemIndex {
            focusedItemIndex = focused == index ? nil : (focused > index ? focused - 1 : focused)
        }
        repairFocus(near: index)
        setNeedsDisplay()
    }

    /// A counter that changes whenever this stack or a stack inside it asks to be drawn again:
    /// the column's pane draws the dividers of every nested stack, so its key must follow
    /// theirs. (Each revision only grows, so their sum changes whenever one does.)
    var treeRevision: Int {
        splitItems.reduce(revision) { sum, item in
            sum &+ ((item.viewController as? StackSplitViewController)?.treeRevision ?? 0)
        }
    }

    /// The bar shows the stack's own title, or when it has none the first visible item's (the
    /// zoomed one's while a pane is zoomed): a terminal stacked under a reader leaves the bar
    /// to the file's name.
    override var barTitle: String {
        if let own = navigationItemIfLoaded?.title ?? (title.isEmpty ? nil : title) { return own }
        return shownItems.first?.viewController.barTitle ?? ""
    }

    /// The bar shows the stack's own buttons and field, or when it has none those of the first
    /// visible pane that has some, in reading order.
    ///
    /// Decided: a content split at run time keeps its bar: the reader's ⋯ and inspector buttons,
    /// the files' location field and find field stay in the column's bar when a terminal is put
    /// beside them, wherever the split put them; a pane's own bar holds only its title, its
    /// close button and its menu.
    override var barOwner: ViewController {
        if navigationItemIfLoaded?.hasBarContent == true { return self }
        for item in shownItems {
            let owner = item.viewController.barOwner
            if owner.navigationItemIfLoaded?.hasBarContent == true { return owner }
        }
        return self
    }

    // MARK: - Geometry

    /// Where everything is in `bounds` (the content area, in the pane's coordinates).
    func geometry(in bounds: Rect) -> StackGeometry {
        if let zoomed = zoomedItemIndex { return zoomedGeometry(zoomed, in: bounds) }
        var items = splitItems.map(\.rulesItem)
        if let animation = collapseAnimation, let index = splitItems.firstIndex(where: { $0 === animation.item }) {
            let thickness = animation.thickness
            items[index] = StackSplitRules.Item(
                minimum: thickness, maximum: thickness, priority: .infinity, thickness: thickness, fraction: nil,
                isCollapsed: false)
        }
        let length = axis == .horizontal ? bounds.width : bounds.height
        let thicknesses = StackSplitRules.thicknesses(items, length: length, divider: dividerStyle.thickness)
        let origin = axis == .horizontal ? bounds.minX : bounds.minY
        let positions = StackSplitRules.positions(thicknesses, items, origin: origin, divider: dividerStyle.thickness)
        var frames: [Rect?] = []
        var dividers: [StackGeometry.Divider] = []
        for index in splitItems.indices {
            guard !items[index].isCollapsed else {
                frames.append(nil)
                continue
            }
            frames.append(rect(from: positions[index].start, length: thicknesses[index], in: bounds))
            if let start = positions[index].dividerStart {
                let line = rect(from: start, length: dividerStyle.thickness, in: bounds)
                let slop = dividerStyle == .thin ? Self.grabSlop : 0
                dividers.append(
                    StackGeometry.Divider(
                        after: index, line: line,
                        grab: rect(from: start - slop, length: dividerStyle.thickness + 2 * slop, in: bounds)))
            }
        }
        return StackGeometry(
            bounds: bounds, axis: axis, thicknesses: thicknesses, frames: frames, contentFrames: contentFrames(frames),
            dividers: dividers)
    }

    /// Where each item's content goes, from the items' `frames`: a leaf's below its bar, a
    /// nested stack's whole frame (its own leaves have their bars).
    func contentFrames(_ frames: [Rect?]) -> [Rect?] {
        zip(splitItems, frames).map { item, frame in
            guard let frame else { return nil }
            return item.viewController is StackSplitViewController ? frame : StackGeometry.contentFrame(ofLeaf: frame)
        }
    }

    /// A rectangle spanning `bounds` across the axis, from `start` for `length` along it, cut
    /// to `bounds`: when the space is smaller than the dividers alone (a window a few points
    /// high), nothing reaches past the stack's edge.
    private func rect(from start: Double, length: Double, in bounds: Rect) -> Rect {
        let low = axis == .horizontal ? bounds.minX : bounds.minY
        let high = axis == .horizontal ? bounds.maxX : bounds.maxY
        let begin = min(max(start, low), high), end = min(max(start + length, low), high)
        return axis == .horizontal
            ? Rect(x: begin, y: bounds.minY, width: end - begin, height: bounds.height)
            : Rect(x: bounds.minX, y: begin, width: bounds.width, height: end - begin)
    }

    /// Gives every visible item that has none the thickness it has now: from here on, a change
    /// of space goes by holding priority (``StackSplitRules``).
    func keepThicknesses(_ geometry: StackGeometry) {
        // A zoomed item's thickness is the whole stack's for the zoom's time only.
        guard zoomedItemIndex == nil else { return }
        for (index, item) in splitItems.enumerated() where !item.collapsed && item !== collapseAnimation?.item {
            if item.thickness == nil { item.thickness = geometry.thicknesses[index] }
        }
    }

    /// Lays the stack out, keeping the thicknesses of the first layout, then each visible item
    /// in its own frame.
    open override func viewWillLayoutSubviews(in context: DrawContext) {
        let geometry = geometry(in: context.bounds)
        keepThicknesses(geometry)
        for (index, item) in splitItems.enumerated() {
            guard let frame = geometry.contentFrames[index] else { continue }
            item.viewController.layoutIfNeeded(in: itemContext(context, frame: frame, index: index))
        }
    }

    /// The context an item is laid out and drawn in: its content frame (a leaf's is below its
    /// bar), focused when it is on the focus path.
    func itemContext(_ context: DrawContext, frame: Rect, index: Int) -> DrawContext {
        DrawContext(
            bounds: frame, theme: context.theme, measurer: context.measurer,
            isFocused: context.isFocused && index == focusedItemIndex)
    }

    // MARK: - Overrides (the work is in the extensions, by concept)

    /// The dividers (the items are leaves the host draws in panes of their own).
    open override func draw(in context: DrawContext) -> [DrawOp] { dividerOps(in: context) }

    /// A split pane with a panel per item.
    open override func accessibleNodes(in context: AccessibleContext) -> [AccessibleNode] { [accessibleSplit(in: context)] }

    /// An action on a node of an item goes to that item.
    open override func performAccessibleAction(_ name: String, on id: AccessibleNode.ID, in context: AccessibleContext) -> Bool {
        performItemAction(name, on: id, in: context)
    }

    /// A press on a divider starts its drag; a press in an item focuses the item and goes to it.
    open override func pointerDown(at point: Point, in bounds: Rect) -> Bool { press(at: point, modifiers: [], in: bounds) }

    /// As ``pointerDown(at:in:)``, the item pressed given the modifiers.
    open override func pointerDown(at point: Point, modifiers: KeyChord.Modifiers, in bounds: Rect) -> Bool {
        press(at: point, modifiers: modifiers, in: bounds)
    }

    /// A divider follows the pointer; otherwise the motion goes to the item pressed.
    open override func pointerDragged(to point: Point, in bounds: Rect) { movePress(to: point, in: bounds) }

    /// The release ends a divider's drag where it is (kept), or goes to the item pressed.
    open override func pointerUp(at point: Point, in bounds: Rect) { endPress(at: point, in: bounds) }

    /// A double click on a divider collapses the collapsible item beside it or resets both;
    /// elsewhere it goes to the item.
    open override func doubleClick(at point: Point, in bounds: Rect) -> Bool {
        if doubleClickDivider(at: point, in: bounds) { return true }
        return item(under: point, in: bounds).map { $0.viewController.doubleClick(at: point, in: $0.frame) } ?? false
    }

    /// A right click goes to the item under the pointer; Shift+F10 to the focused item.
    open override func contextMenu(at point: Point?, in bounds: Rect) -> ContextMenu? {
        guard let point else { return focusedItem(in: bounds).flatMap { $0.0.contextMenu(at: nil, in: $0.1) } }
        return item(under: point, in: bounds).flatMap { $0.viewController.contextMenu(at: point, in: $0.frame) }
    }

    /// A third click goes to the item under the pointer.
    open override func tripleClick(at point: Point, in bounds: Rect) -> Bool {
        item(under: point, in: bounds).map { $0.viewController.tripleClick(at: point, in: $0.frame) } ?? false
    }

    /// The wheel goes to the item under the pointer.
    open override func scroll(dy: Double, at point: Point, in bounds: Rect) -> Bool {
        item(under: point, in: bounds).map { $0.viewController.scroll(dy: dy, at: point, in: $0.frame) } ?? false
    }

    /// The horizontal wheel goes to the item under the pointer.
    open override func scroll(dx: Double, at point: Point, in bounds: Rect) -> Bool {
        item(under: point, in: bounds).map { $0.viewController.scroll(dx: dx, at: point, in: $0.frame) } ?? false
    }

    /// The line height of the item under the pointer.
    open override func scrollLine(at point: Point, in bounds: Rect) -> Double {
        item(under: point, in: bounds).map { $0.viewController.scrollLine(at: point, in: $0.frame) } ?? scrollLine(in: bounds)
    }

    /// A drag of content starts from the item under the pointer.
    open override func dragItem(at point: Point, in bounds: Rect) -> DragItem? {
        guard drag == nil, scrollBarDrag == nil else { return nil }
        return item(under: point, in: bounds).flatMap { $0.viewController.dragItem(at: point, in: $0.frame) }
    }

    /// A dragged item is offered to the item under the pointer; the others show no landing.
    open override func dropProposal(_ item: DragItem, at point: Point, in bounds: Rect) -> Bool {
        let under = self.item(under: point, in: bounds)
        for (index, splitItem) in splitItems.enumerated() where index != under?.index { splitItem.viewController.dropExited() }
        return under.map { $0.viewController.dropProposal(item, at: point, in: $0.frame) } ?? false
    }

    /// The drag left: no item shows a landing place.
    open override func dropExited() {
        for item in splitItems { item.viewController.dropExited() }
    }

    /// A drop goes to the item under the pointer.
    open override func performDrop(_ item: DragItem, at point: Point, in bounds: Rect) -> Bool {
        self.item(under: point, in: bounds).map { $0.viewController.performDrop(item, at: point, in: $0.frame) } ?? false
    }

    /// Another program's drag is offered to the item under the pointer; the others show no landing.
    open override func externalDropType(for types: [String], at point: Point, in bounds: Rect) -> String? {
        let under = item(under: point, in: bounds)
        for (index, splitItem) in splitItems.enumerated() where index != under?.index { splitItem.viewController.dropExited() }
        return under.flatMap { $0.viewController.externalDropType(for: types, at: point, in: $0.frame) }
    }

    /// Another program's drop goes to the item under the pointer.
    open override func performExternalDrop(
        _ offer: SelectionOffer, operation: DropOperation, at point: Point, in bounds: Rect
    ) -> Bool {
        item(under: point, in: bounds).map {
            $0.viewController.performExternalDrop(offer, operation: operation, at: point, in: $0.frame)
        } ?? false
    }

    /// Escape cancels a divider's drag (the thicknesses go back); every other command goes to
    /// the focused item.
    open override func perform(_ command: Command, in bounds: Rect) -> Bool {
        if command == .cancel, let drag {
            apply(drag.thicknesses)
            self.drag = nil
            return true
        }
        guard let (vc, frame) = focusedItem(in: bounds) else { return false }
        return vc.perform(command, in: frame)
    }

    /// A key no binding names goes to the focused item.
    open override func keyDown(_ chord: KeyChord, in bounds: Rect) -> Bool {
        guard let (vc, frame) = focusedItem(in: bounds) else { return false }
        return vc.keyDown(chord, in: frame)
    }

    /// The focused item's answer.
    open override func validate(_ command: Command) -> Bool? {
        focusedItemIndex.flatMap { splitItems[$0].viewController.validate(command) }
    }

    /// The focused item's find.
    open override var isFindInteractionEnabled: Bool {
        focusedItemIndex.map { splitItems[$0].viewController.isFindInteractionEnabled } ?? false
    }

    /// Finds in the focused item.
    open override func find(_ query: String, in bounds: Rect) {
        guard let (vc, frame) = focusedItem(in: bounds) else { return }
        vc.find(query, in: frame)
    }

    /// The focused item's find status.
    open override var findStatus: String? {
        focusedItemIndex.flatMap { splitItems[$0].viewController.findStatus }
    }

    /// The focused item's placeholder.
    open override var findFieldPlaceholder: String {
        focusedItemIndex.map { splitItems[$0].viewController.findFieldPlaceholder } ?? String(translated: "Find")
    }

    /// Every item ends its find.
    open override func endFind() {
        for item in splitItems { item.viewController.endFind() }
    }

    /// Every item hears that another program took `selection`.
    open override func selectionTaken(_ selection: Selection) {
        for item in splitItems { item.viewController.selectionTaken(selection) }
    }

    /// The visible items appear with the stack.
    open override func viewWillAppear(_ animated: Bool) {
        for item in shownItems { item.viewController.viewWillAppear(animated) }
    }

    /// The visible items appeared.
    open override func viewDidAppear(_ animated: Bool) {
        for item in shownItems { item.viewController.viewDidAppear(animated) }
    }

    /// The visible items disappear with the stack.
    open override func viewWillDisappear(_ animated: Bool) {
        for item in shownItems { item.viewController.viewWillDisappear(animated) }
    }

    /// The visible items disappeared.
    open override func viewDidDisappear(_ animated: Bool) {
        for item in shownItems { item.viewController.viewDidDisappear(animated) }
    }
}
