/// Panes split at run time, as tmux, Terminator and i3 split them: a pane (a *leaf*: a column's
/// own content, or a leaf of a ``StackSplitViewController`` in a column) splits in two, closes,
/// zooms over the window, and the keys, sizes and places move between panes. The rules are
/// `PaneTreeRules`; here they are applied to the columns' stacks.
///
/// Decided (UIKit has no run-time splits; AppKit splits only what the app builds):
/// - A split along the axis of the pane's stack adds an item to that stack; any other split
///   puts a new stack of two in the pane's place, so a stack never holds fewer than two items.
///   A column's own content that is in no stack is wrapped in a new stack, which becomes the
///   column's content (the top of its navigation stack); ``viewController(for:)`` stays what
///   the app set while that controller is still in the column, as a leaf of the new stack,
///   and becomes the column's content once it leaves the column.
/// - A close gives the pane's space and the keys to its neighbour after it, else before it; a
///   stack left with one item gives its place to that item, which takes the place's size; a
///   column's last pane never closes.
/// - Every pane command but the zoom itself unzooms first, as tmux's `select-pane` does.
/// - A collapsed window zooms only a pane of the column that fills it, never the inspector
///   beside it.
/// - An edit of the tree or of the panes' sizes (split, close, swap, move, grow, shrink,
///   equalize) first finishes every running split, close or collapse: it works on the
///   settled sizes, never on a frame of an animation.
extension SplitViewController {
    /// How far ``Command/growPane(_:)`` and ``Command/shrinkPane(_:)`` move a pane's edge, in
    /// points.
    public static let paneResizeStep = 20.0

    /// A pane's place: its column, and the stack and index of its item (no stack: the
    /// column's own content).
    struct PaneSlot {
        var column: Column
        var stack: StackSplitViewController?
        var index: Int
    }

    // MARK: - Reading

    /// The pane with the keys: the focused leaf of the focused column's stack, or the focused
    /// column's own content; nil when no pane has them.
    public var focusedPane: ViewController? {
        guard let column = focus.column, let top = children.wrapped[column]?.topViewController else { return nil }
        guard let stack = top as? StackSplitViewController else { return top }
        return stack.focusedLeafPath.flatMap { stack.viewController(at: $0) }
    }

    /// The pane shown over the whole content area of the window, every other pane and column
    /// hidden (not removed: their view controllers are told they disappear, and come back as
    /// they were); nil when none is. Setting a pane that shows zooms it and gives it the keys;
    /// nil unzooms. Escape unzooms too (after the focused pane's own use of it), and so does
    /// every pane command but ``Command/zoomPane``, and a command that shows or hides a column.
    public var zoomedPane: ViewController? {
        get { focus.zoom.flatMap { zoom in pane(holding: zoom.pane) } }
        set { setZoomedPane(newValue) }
    }

    /// Every pane that shows, in the columns' screen order and each column's reading order,
    /// with its frame in window coordinates: each leaf that is not collapsing away, and each
    /// column's own content that is in no stack.
    public var visiblePanes: [(pane: ViewController, column: Column, frame: Rect)] {
        var result: [(pane: ViewController, column: Column, frame: Rect)] = []
        for column in focusableColumns {
            guard let placement = settledLayout.placement(of: column), let top = children.wrapped[column]?.topViewController
            else { continue }
            let origin = placement.frame.origin
            let content = LayoutComputation.contentBounds(ofPaneSized: placement.frame.size)
            func walk(_ stack: StackSplitViewController, bounds: Rect) {
                let geometry = stack.geometry(in: bounds)
                for (index, item) in stack.splitItems.enumerated() where !item.collapsed {
                    guard let frame = geometry.frames[index], frame.width > 0, frame.height > 0 else { continue }
                    if let nested = item.viewController as? StackSplitViewController {
                        walk(nested, bounds: frame)
                    } else {
                        result.append((item.viewController, column, frame.offsetBy(origin)))
                    }
                }
            }
            if let stack = top as? StackSplitViewController {
                walk(stack, bounds: content)
            } else {
                result.append((top, column, content.offsetBy(origin)))
            }
        }
        return result
    }

    /// Where `pane` is: its column and its item's stack and index; nil when no column holds
    /// it as a leaf.
    func slot(of pane: ViewController) -> PaneSlot? {
        for column in Column.allCases {
            guard let top = children.wrapped[column]?.topViewController else { continue }
            if top === pane { return top is StackSplitViewController ? nil : PaneSlot(column: column, stack: nil, index: 0) }
            guard let stack = top as? StackSplitViewController, stack.holds(ObjectIdentifier(pane)) else { continue }
            func find(_ stack: StackSplitViewController) -> PaneSlot? {
                for (index, item) in stack.splitItems.enumerated() {
                    if item.viewController === pane { return PaneSlot(column: column, stack: stack, index: index) }
                    if let nested = item.viewController as? StackSplitViewController, let found = find(nested) { return found }
                }
                return nil
            }
            if let found = find(stack), !(pane is StackSplitViewController) { return found }
        }
        return nil
    }

    /// The leaf whose identity is `id`, if a column holds it.
    func pane(holding id: ObjectIdentifier) -> ViewController? {
        for column in Column.allCases {
            guard let top = children.wrapped[column]?.topViewController, top.holds(id) else { continue }
            if ObjectIdentifier(top) == id { return top }
            func find(_ stack: StackSplitViewController) -> ViewController? {
                for item in stack.splitItems {
                    if ObjectIdentifier(item.viewController) == id { return item.viewController }
                    if let nested = item.viewController as? StackSplitViewController, let found = find(nested) { return found }
                }
                return nil
            }
            if let stack = top as? StackSplitViewController { return find(stack) }
        }
        return nil
    }

    /// The bounds `stack` lays out in (the column pane's coordinates), when its column shows.
    func bounds(of stack: StackSplitViewController) -> Rect? {
        for column in Column.allCases {
            guard let placement = settledLayout.placement(of: column), let top = stackSplitViewController(in: column),
                top.holds(ObjectIdentifier(stack))
            else { continue }
            func find(_ current: StackSplitViewController, _ bounds: Rect) -> Rect? {
                if current === stack { return bounds }
                let geometry = current.geometry(in: bounds)
                for (index, item) in current.splitItems.enumerated() {
                    guard let nested = item.viewController as? StackSplitViewController, let frame = geometry.frames[index]
                    else { continue }
                    if let found = find(nested, frame) { return found }
                }
                return nil
            }
            return find(top, LayoutComputation.contentBounds(ofPaneSized: placement.frame.size))
        }
        return nil
    }

    // MARK: - Split and close

    /// Splits `pane` in two along `axis`, `newPane` after it (on its right side by side, below
    /// it stacked; before it, on its left or above it, when `newPaneFirst`), each with half of
    /// the pane's space; `newPane` gets the keys. Animated as a collapse is when
    /// ``animatesTransitions`` is on. False when `pane` is no leaf of a column, or `newPane` is
    /// already in one (or is `pane`).
    @discardableResult
    public func splitPane(
        _ pane: ViewController, along axis: StackSplitViewController.Axis, with newPane: ViewController,
        newPaneFirst: Bool = false
    )
        -> Bool
    {
        split(pane, along: axis, with: newPane, after: !newPaneFirst, animated: true)
    }

    /// Closes `pane`: it leaves its column, its neighbour takes its space and the keys (when
    /// `pane` had them), and a stack left with one item is replaced by that item. Animated as a
    /// collapse is when ``animatesTransitions`` is on: the pane leaves once collapsed. False
    /// when `pane` is no leaf of a column, is its column's last pane, or the delegate keeps it
    /// (``SplitViewControllerDelegate/splitViewController(_:canClosePane:)``).
    @discardableResult
    public func closePane(_ pane: ViewController) -> Bool {
        guard let first = slot(of: pane), first.stack != nil, leafCount(in: first.column) >= 2,
            delegate?.splitViewController(self, canClosePane: pane) ?? true
        else { return false }
        unzoom()
        finishPaneAnimations()
        guard let slot = slot(of: pane), let stack = slot.stack else { return false }
        let item = stack.splitItems[slot.index]
        let hadKeys = focusedPane === pane
        let heir = PaneTreeRules.heir(of: slot.index, stack.splitItems.map(\.rulesItem)).map { stack.splitItems[$0] }
        let animates = animatesTransitions && isMounted && heir != nil && (item.thickness ?? 0) > 0 && !item.collapsed
        if animates {
            stack.setCollapsed(item, true)
            stack.collapseAnimation?.closes = true
            if stack.collapseAnimation == nil { removeClosedItem(item, from: stack) }
        } else {
            removeClosedItem(item, from: stack)
        }
        if hadKeys, let heir { focusPane(firstLeaf(of: heir.viewController)) }
        paneTreeDidChange()
        return true
    }

    /// Takes a closed `item` out of `stack`: its heir takes its thickness and divider, and a
    /// stack left with one item gives its place to it.
    func removeClosedItem(_ item: SplitItem, from stack: StackSplitViewController) {
        guard let index = stack.splitItems.firstIndex(where: { $0 === item }) else { return }
        let kept = stack.splitItems.map { $0.thickness ?? 0 }
        let thicknesses = PaneTreeRules.closing(
            kept, stack.splitItems.map(\.rulesItem), removing: index, divider: stack.dividerStyle.thickness)
        var rest = stack.splitItems
        rest.remove(at: index)
        stack.removeSplitItem(item)
        for (other, thickness) in zip(rest, thicknesses) where other.thickness != nil { other.thickness = thickness }
        // Only collapsed items left: the first shows, so that the stack never shows nothing.
        if !stack.splitItems.isEmpty, stack.splitItems.allSatisfy(\.collapsed) {
            stack.splitItems[0].collapsed = false
            stack.repairFocus()
        }
        if stack.splitItems.count == 1 { dissolve(stack) }
        paneTreeDidChange()
    }

    /// How many leaves `column`'s content holds, collapsed ones included (its own content in
    /// no stack: one).
    func leafCount(in column: Column) -> Int {
        guard let top = children.wrapped[column]?.topViewController else { return 0 }
        func count(_ vc: ViewController) -> Int {
            guard let stack = vc as? StackSplitViewController else { return 1 }
            return stack.splitItems.reduce(0) { $0 + count($1.viewController) }
        }
        return count(top)
    }

    /// A stack of one item gives its place to that item: the column's content when the stack
    /// was, else the item takes the stack's item's place and size in its parent.
    private func dissolve(_ stack: StackSplitViewController) {
        guard stack.splitItems.count == 1 else { return }
        let only = stack.splitItems[0]
        if let parent = stack.stackSplitViewController,
            let index = parent.splitItems.firstIndex(where: { $0.viewController === stack })
        {
            let place = parent.splitItems[index]
            stack.removeSplitItem(only)
            only.thickness = place.thickness
            only.preferredThicknessFraction = place.preferredThicknessFraction
            only.collapsed = place.collapsed
            parent.replaceItem(at: index, with: only)
            return
        }
        guard let column = Column.allCases.first(where: { children.wrapped[$0]?.topViewController === stack }) else { return }
        stack.removeSplitItem(only)
        only.collapsed = false
        setColumnContent(only.viewController, in: column)
    }

    /// Splits `pane` along `axis` with `newPane` after (or before) it; the new pane gets the
    /// keys.
    func split(
        _ pane: ViewController, along axis: StackSplitViewController.Axis, with newPane: ViewController, after: Bool,
        animated: Bool
    ) -> Bool {
        guard pane !== newPane, slot(of: newPane) == nil, !(newPane.holds(ObjectIdentifier(pane))) else { return false }
        guard slot(of: pane) != nil else { return false }
        unzoom()
        finishPaneAnimations()
        guard let slot = slot(of: pane) else { return false }
        let frame = visiblePanes.first { $0.pane === pane }?.frame
        let newItem = SplitItem(viewController: newPane)
        let animates = animated && animatesTransitions && isMounted
        if let stack = slot.stack, PaneTreeRules.placement(splitting: axis, parentAxis: stack.axis) == .besideInStack {
            let item = stack.splitItems[slot.index]
            if let thickness = item.thickness {
                let (kept, new) = PaneTreeRules.halves(of: thickness, divider: stack.dividerStyle.thickness)
                item.thickness = kept
                newItem.thickness = new
            }
            newItem.collapsed = animates
            stack.insertSplitItem(newItem, at: after ? slot.index + 1 : slot.index)
            if animates { stack.setCollapsed(newItem, false) }
        } else {
            let wrapper = StackSplitViewController(axis: axis)
            let length = frame.map { axis == .horizontal ? $0.width : $0.height }
            let paneItem: SplitItem
            if let stack = slot.stack {
                let place = stack.splitItems[slot.index]
                let holder = SplitItem(viewController: wrapper)
                holder.thickness = place.thickness
                holder.preferredThicknessFraction = place.preferredThicknessFraction
                holder.minimumThickness = place.minimumThickness
                holder.maximumThickness = place.maximumThickness
                holder.holdingPriority = place.holdingPriority
                holder.canCollapse = place.canCollapse
                stack.replaceItem(at: slot.index, with: holder)
                place.thickness = nil
                place.preferredThicknessFraction = nil
                paneItem = place
            } else {
                paneItem = SplitItem(viewController: pane)
            }
            if let length {
                let (kept, new) = PaneTreeRules.halves(of: length, divider: wrapper.dividerStyle.thickness)
                paneItem.thickness = kept
                newItem.thickness = new
            }
            newItem.collapsed = animates
            wrapper.addSplitItem(after ? paneItem : newItem)
            wrapper.addSplitItem(after ? newItem : paneItem)
            if slot.stack == nil { setColumnContent(wrapper, in: slot.column) }
            if animates { wrapper.setCollapsed(newItem, false) }
        }
        focusPane(newPane)
        paneTreeDidChange()
        return true
    }

    /// Makes `content` the top of `column`'s navigation stack in place of what was there.
    func setColumnContent(_ content: ViewController, in column: Column) {
        guard let wrapper = children.wrapped[column] else { return }
        var stack = wrapper.viewControllers
        guard !stack.isEmpty else { return }
        stack[stack.count - 1] = content
        if !wrapper.claimsChildren { content.owner = self }
        wrapper.viewControllers = stack
    }

    // MARK: - Keys

    /// Gives the keys to `pane` (a leaf that shows): its column becomes the focused pane and
    /// every stack on the way focuses the item holding it.
    func focusPane(_ pane: ViewController) {
        guard let slot = slot(of: pane) else { return }
        if let top = stackSplitViewController(in: slot.column), let path = leafPath(of: pane, in: top) { top.focusLeaf(at: path) }
        focus.releaseDivider()
        if isMounted { focusPane(slot.column, byUser: true) } else { focus.focusBeforeLayout(slot.column) }
    }

    /// The path of `pane` from `stack`.
    func leafPath(of pane: ViewController, in stack: StackSplitViewController) -> [Int]? {
        for (index, item) in stack.splitItems.enumerated() {
            if item.viewController === pane { return [index] }
            if let nested = item.viewController as? StackSplitViewController, let path = leafPath(of: pane, in: nested) {
                return [index] + path
            }
        }
        return nil
    }

    /// The leaf that has the keys when `vc` (a leaf, or a stack) gets them: itself, or the
    /// stack's focused leaf, else its first visible leaf.
    func firstLeaf(of vc: ViewController) -> ViewController {
        guard let stack = vc as? StackSplitViewController else { return vc }
        let path = stack.focusedLeafPath ?? stack.visibleLeafPaths.first
        return path.flatMap { stack.viewController(at: $0) } ?? vc
    }

    // MARK: - Housekeeping

    /// Ends every stack's running collapse at once (a close still running leaves).
    func finishPaneAnimations() {
        for stack in installedStacks { stack.finishAnimations() }
    }

    /// After an edit: what the app set for a column stays ``viewController(for:)`` while it is
    /// still in the column, else the column's content takes its place there; the columns are
    /// laid out again.
    func paneTreeDidChange() {
        for column in Column.allCases {
            guard let wrapper = children.wrapped[column], let original = children.original[column], original !== wrapper,
                let top = wrapper.topViewController, !top.holds(ObjectIdentifier(original))
            else { continue }
            if wrapper.viewControllers.contains(where: { $0 === original }) { continue }
            children.install(top, wrappedIn: wrapper, in: column)
        }
        if isMounted { relayout(.programmatic, animated: false) }
    }

    /// Tells the delegate why ``Command/closePane`` left `pane` (the pane with the keys) open.
    ///
    /// Decided: a column's content that is in no split, and a pane the delegate keeps, are
    /// "its column's own content"; the words name the pane by its title, as its bar does.
    func refuseClosing(_ pane: ViewController) {
        let kept = !(delegate?.splitViewController(self, canClosePane: pane) ?? true)
        let title = pane.title
        let reason =
            switch (kept || slot(of: pane)?.stack == nil, title.isEmpty) {
            case (true, true): String(translated: "This pane is its column's own content: it cannot be closed.")
            case (true, false): String(translated: "“\(title)” is its column's own content: it cannot be closed.")
            case (false, true): String(translated: "This pane is its column's last pane: it cannot be closed.")
            case (false, false): String(translated: "“\(title)” is its column's last pane: it cannot be closed.")
            }
        delegate?.splitViewController(self, didRefuse: .closePane, reason: reason)
    }

    /// The new pane for a split of the pane with the keys, asked of the delegate; nothing
    /// happens without one.
    func splitFocusedPane(along axis: StackSplitViewController.Axis) {
        guard let pane = focusedPane, let newPane = delegate?.splitViewController(self, newPaneBeside: pane) else { return }
        splitPane(pane, along: axis, with: newPane)
    }
}

extension Rect {
    /// The rectangle moved by `offset`.
    func offsetBy(_ offset: Point) -> Rect {
        Rect(x: minX + offset.x, y: minY + offset.y, width: width, height: height)
    }
}
