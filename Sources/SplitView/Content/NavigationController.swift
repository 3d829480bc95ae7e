/// A stack of view controllers, the top one showing; the column's navigation bar shows its
/// title and a back button while the stack is deeper than one.
///
/// Mirrors `UINavigationController`: `viewControllers`, `topViewController`,
/// `pushViewController(_:animated:)`, `popViewController(animated:)`,
/// `popToRootViewController(animated:)`. The split view controller wraps every column's
/// controller that is not already a navigation controller in one of these, and the collapsed
/// interface is one stack of columns.
open class NavigationController: ViewController {
    /// The stack, root first. Setting it replaces the whole stack.
    public var viewControllers: [ViewController] {
        didSet {
            if claimsChildren {
                for vc in viewControllers { vc.navigationController = self }
                for vc in oldValue where !viewControllers.contains(where: { $0 === vc }) { vc.navigationController = nil }
            }
            stackDidChange()
        }
    }

    /// False for the wrapper the classic style draws a plain child through: the child's
    /// `navigationController` stays nil, as UIKit's classic children have none.
    let claimsChildren: Bool

    /// Creates a navigation controller with `rootViewController` at the bottom of its stack.
    public init(rootViewController: ViewController) {
        viewControllers = [rootViewController]
        claimsChildren = true
        super.init(title: rootViewController.title)
        rootViewController.navigationController = self
    }

    /// A wrapper invisible to `child`: the split view draws the classic style's plain
    /// children through one, without becoming their navigation controller.
    init(invisiblyWrapping child: ViewController) {
        viewControllers = [child]
        claimsChildren = false
        super.init(title: child.title)
    }

    /// The controller on top of the stack.
    public var topViewController: ViewController? { viewControllers.last }

    /// The controller the back button returns to, or `nil` at the root.
    public var backViewController: ViewController? {
        viewControllers.count > 1 ? viewControllers[viewControllers.count - 2] : nil
    }

    /// The split view controller that installed this navigation controller in a column.
    override public var splitViewController: SplitViewController? { owner ?? super.splitViewController }

    /// Pushes `vc` on top; the previous top disappears and `vc` appears if the column shows.
    /// Pushing a controller already in the stack is a programmer's mistake and is ignored.
    open func pushViewController(_ vc: ViewController, animated: Bool) {
        guard !viewControllers.contains(where: { $0 === vc }) else { return }
        viewControllers.append(vc)
    }

    /// Pops the top controller and returns it; the root is never popped (returns `nil`).
    @discardableResult
    open func popViewController(animated: Bool) -> ViewController? {
        guard viewControllers.count > 1 else { return nil }
        return viewControllers.removeLast()
    }

    /// Pops everything above the root and returns what was popped, bottom first.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [ViewController]? {
        guard viewControllers.count > 1 else { return nil }
        let popped = Array(viewControllers.dropFirst())
        viewControllers = [viewControllers[0]]
        return popped
    }

    /// Lays out the top controller's content.
    override open func viewWillLayoutSubviews(in context: DrawContext) {
        topViewController?.layoutIfNeeded(in: context)
    }

    /// The top controller's content.
    override open func draw(in context: DrawContext) -> [DrawOp] {
        topViewController?.draw(in: context) ?? []
    }

    /// Forwarded to the top controller.
    override open func pointerDown(at point: Point, in bounds: Rect) -> Bool {
        topViewController?.pointerDown(at: point, in: bounds) ?? false
    }

    /// Forwarded to the top controller, with the modifiers.
    override open func pointerDown(at point: Point, modifiers: KeyChord.Modifiers, in bounds: Rect) -> Bool {
        topViewController?.pointerDown(at: point, modifiers: modifiers, in: bounds) ?? false
    }

    /// Forwarded to the top controller.
    override open func pointerDragged(to point: Point, in bounds: Rect) {
        topViewController?.pointerDragged(to: point, in: bounds)
    }

    /// Forwarded to the top controller.
    override open func pointerUp(at point: Point, in bounds: Rect) {
        topViewController?.pointerUp(at: point, in: bounds)
    }

    /// Forwarded to the top controller.
    override open func dragItem(at point: Point, in bounds: Rect) -> DragItem? {
        topViewController?.dragItem(at: point, in: bounds)
    }

    /// Forwarded to the top controller.
    override open func dropProposal(_ item: DragItem, at point: Point, in bounds: Rect) -> Bool {
        topViewController?.dropProposal(item, at: point, in: bounds) ?? false
    }

    /// Forwarded to the top controller.
    override open func dropExited() {
        topViewController?.dropExited()
    }

    /// Forwarded to the top controller.
    override open func performDrop(_ item: DragItem, at point: Point, in bounds: Rect) -> Bool {
        topViewController?.performDrop(item, at: point, in: bounds) ?? false
    }

    /// Forwarded to the top controller.
    override open func externalDropType(for types: [String], at point: Point, in bounds: Rect) -> String? {
        topViewController?.externalDropType(for: types, at: point, in: bounds)
    }

    /// Forwarded to the top controller.
    override open func performExternalDrop(
        _ offer: SelectionOffer, operation: DropOperation, at point: Point, in bounds: Rect
    ) -> Bool {
        topViewController?.performExternalDrop(offer, operation: operation, at: point, in: bounds) ?? false
    }

    /// Forwarded to the top controller.
    override open func doubleClick(at point: Point, in bounds: Rect) -> Bool {
        topViewController?.doubleClick(at: point, in: bounds) ?? false
    }

    /// Forwarded to the top controller.
    override open func contextMenu(at point: Point?, in bounds: Rect) -> ContextMenu? {
        topViewController?.contextMenu(at: point, in: bounds)
    }

    /// Forwarded to the top controller.
    override open func tripleClick(at point: Point, in bounds: Rect) -> Bool {
        topViewController?.tripleClick(at: point, in: bounds) ?? false
    }

    /// The top controller's.
    override open func scrollExtent(in bounds: Rect) -> ScrollExtent? {
        topViewController?.scrollExtent(in: bounds)
    }

    /// The top controller's.
    override open func scrollLine(in bounds: Rect) -> Double {
        topViewController?.scrollLine(in: bounds) ?? super.scrollLine(in: bounds)
    }

    /// Forwarded to the top controller.
    override open func keyDown(_ chord: KeyChord, in bounds: Rect) -> Bool {
        topViewController?.keyDown(chord, in: bounds) ?? false
    }

    /// Forwarded to the top controller.
    override open func scroll(dy: Double, in bounds: Rect) -> Bool {
        topViewController?.scroll(dy: dy, in: bounds) ?? false
    }

    /// Forwarded to the top controller.
    override open func scroll(dx: Double, in bounds: Rect) -> Bool {
        topViewController?.scroll(dx: dx, in: bounds) ?? false
    }

    /// Forwarded to the top controller.
    override open func scroll(dy: Double, at point: Point, in bounds: Rect) -> Bool {
        topViewController?.scroll(dy: dy, at: point, in: bounds) ?? false
    }

    /// Forwarded to the top controller.
    override open func scroll(dx: Double, at point: Point, in bounds: Rect) -> Bool {
        topViewController?.scroll(dx: dx, at: point, in: bounds) ?? false
    }

    /// Forwarded to the top controller.
    override open func scrollLine(at point: Point, in bounds: Rect) -> Double {
        topViewController?.scrollLine(at: point, in: bounds) ?? scrollLine(in: bounds)
    }

    /// Forwarded to the top controller.
    override open func accessibleNodes(in context: AccessibleContext) -> [AccessibleNode] {
        topViewController?.accessibleNodes(in: context) ?? []
    }

    /// Forwarded to the top controller.
    override open func performAccessibleAction(_ name: String, on id: AccessibleNode.ID, in context: AccessibleContext) -> Bool {
        topViewController?.performAccessibleAction(name, on: id, in: context) ?? false
    }

    /// Forwarded to the top controller.
    override open func accessibleNode(
        _ id: AccessibleNode.ID, in context: AccessibleContext
    ) -> (
        node: AccessibleNode, parent: AccessibleNode.ID
    )? {
        topViewController?.accessibleNode(id, in: context)
    }

    /// Forwarded to the top controller.
    override open func accessibleChild(at index: Int, of id: AccessibleNode.ID, in context: AccessibleContext) -> AccessibleNode?
    {
        topViewController?.accessibleChild(at: index, of: id, in: context)
    }

    /// Forwarded to the top controller.
    override open func validate(_ command: Command) -> Bool? {
        topViewController?.validate(command)
    }

    /// Forwarded to the top controller.
    override open func perform(_ command: Command, in bounds: Rect) -> Bool {
        topViewController?.perform(command, in: bounds) ?? false
    }

    private func stackDidChange() {
        title = topViewController?.title ?? ""
        setNeedsDisplay()
        splitViewController?.navigationStackDidChange(self)
    }
}
