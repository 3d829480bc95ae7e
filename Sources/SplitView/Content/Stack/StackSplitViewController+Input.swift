/// A stack's input: presses on its dividers are its own; everything else goes to the item under
/// the pointer (a press also gives that item the keys) or, for keys, to the focused item.
extension StackSplitViewController {
    // MARK: - Pointer

    /// The item under `point`, with its view controller and its content frame (a leaf's is
    /// below its bar).
    func item(under point: Point, in bounds: Rect) -> (index: Int, viewController: ViewController, frame: Rect)? {
        let geometry = geometry(in: bounds)
        guard let index = geometry.item(at: point), let frame = geometry.contentFrames[index] else { return nil }
        return (index, splitItems[index].viewController, frame)
    }

    /// A press on a divider starts its drag; a press in an item focuses the item and goes to it,
    /// with `modifiers`.
    func press(at point: Point, modifiers: KeyChord.Modifiers, in bounds: Rect) -> Bool {
        let geometry = geometry(in: bounds)
        trackedItem = nil
        if let divider = geometry.divider(at: point) {
            keepThicknesses(geometry)
            drag = StackDividerDrag(after: divider.after, start: geometry.along(point), thicknesses: geometry.thicknesses)
            setNeedsDisplay()
            return true
        }
        guard let index = geometry.item(at: point), let frame = geometry.contentFrames[index] else { return false }
        focusItem(at: index)
        let vc = splitItems[index].viewController
        // A leaf's bar is the split view's (``SplitViewController``'s pane bars): its content
        // never hears a press above its bounds.
        guard frame.contains(point) || vc is StackSplitViewController else { return true }
        // The item's scroll bar, as a column's: the thumb drags, the track pages.
        if let extent = vc.scrollExtent(in: frame), let hit = ScrollBar.hit(point, extent) {
            switch hit {
            case .thumb(let grab): scrollBarDrag = (index, grab)
            case .pageUp: _ = vc.scroll(dy: -ScrollBar.page(extent, line: vc.scrollLine(in: frame)), in: frame)
            case .pageDown: _ = vc.scroll(dy: ScrollBar.page(extent, line: vc.scrollLine(in: frame)), in: frame)
            }
            return true
        }
        trackedItem = index
        _ = vc.pointerDown(at: point, modifiers: modifiers, in: frame)
        return true
    }

    /// A divider follows the pointer; otherwise the motion goes to the item pressed.
    func movePress(to point: Point, in bounds: Rect) {
        let geometry = geometry(in: bounds)
        if let drag {
            let moved = StackSplitRules.drag(
                drag.thicknesses, splitItems.map(\.rulesItem), divider: drag.after, by: geometry.along(point) - drag.start)
            apply(moved)
            return
        }
        if let (index, grab) = scrollBarDrag, splitItems.indices.contains(index), let frame = geometry.contentFrames[index] {
            let vc = splitItems[index].viewController
            guard let extent = vc.scrollExtent(in: frame) else { return }
            _ = vc.scroll(dy: ScrollBar.offset(forThumbTop: point.y - grab, extent) - extent.offset, in: frame)
            return
        }
        guard let index = trackedItem, splitItems.indices.contains(index), let frame = geometry.contentFrames[index] else {
            return
        }
        splitItems[index].viewController.pointerDragged(to: point, in: frame)
    }

    /// The release ends a divider's drag where it is (kept), or goes to the item pressed.
    func endPress(at point: Point, in bounds: Rect) {
        if scrollBarDrag != nil {
            scrollBarDrag = nil
            return
        }
        if drag != nil {
            drag = nil
            setNeedsDisplay()
            return
        }
        let geometry = geometry(in: bounds)
        defer { trackedItem = nil }
        guard let index = trackedItem, splitItems.indices.contains(index), let frame = geometry.contentFrames[index] else {
            return
        }
        splitItems[index].viewController.pointerUp(at: point, in: frame)
    }

    /// A double click on a divider collapses the collapsible item beside it (the one after it
    /// first: in a stack, what is added below or after is what people put away), otherwise puts
    /// both neighbours back to their preferred fractions. False when `point` is on no divider.
    func doubleClickDivider(at point: Point, in bounds: Rect) -> Bool {
        let geometry = geometry(in: bounds)
        if let divider = geometry.divider(at: point) {
            drag = nil
            let before = divider.after
            let after = splitItems.indices.first { $0 > before && !splitItems[$0].collapsed }
            if let after, splitItems[after].canCollapse {
                setCollapsed(splitItems[after], true)
            } else if splitItems[before].canCollapse {
                setCollapsed(splitItems[before], true)
            } else if let after {
                resetThicknesses(before, after, geometry)
            }
            return true
        }
        return false
    }

    // MARK: - Pointer

    // MARK: - Keys

    /// The focused item's view controller and content frame.
    func focusedItem(in bounds: Rect) -> (ViewController, Rect)? {
        guard let index = focusedItemIndex, let frame = geometry(in: bounds).contentFrames[index] else { return nil }
        return (splitItems[index].viewController, frame)
    }

    // MARK: - Focus

    /// Gives the keys to the item at `index` (when it is visible).
    func focusItem(at index: Int) {
        guard splitItems.indices.contains(index), !splitItems[index].collapsed, focusedItemIndex != index else { return }
        focusedItemIndex = index
        setNeedsDisplay()
    }

    /// Keeps the focus on a visible item: the nearest to `near` (or to the item that had it),
    /// the first when none had it.
    func repairFocus(near index: Int? = nil) {
        if let focused = focusedItemIndex, splitItems.indices.contains(focused), !splitItems[focused].collapsed { return }
        let anchor = index ?? focusedItemIndex ?? 0
        focusedItemIndex = splitItems.indices.filter { !splitItems[$0].collapsed }.min { abs($0 - anchor) < abs($1 - anchor) }
    }

    /// The leaves' paths in reading order: each visible item that is not a stack, and the
    /// leaves of those that are (an item's path is its index, then the path inside it).
    public var visibleLeafPaths: [[Int]] {
        splitItems.indices.flatMap { index -> [[Int]] in
            let item = splitItems[index]
            guard !item.collapsed || collapseAnimation?.item === item else { return [] }
            if let zoomed = zoomedItemIndex, zoomed != index { return [] }
            if let nested = item.viewController as? StackSplitViewController {
                return nested.visibleLeafPaths.map { [index] + $0 }
            }
            return [[index]]
        }
    }

    /// The path of the leaf that has the keys while this stack has them.
    public var focusedLeafPath: [Int]? {
        guard let index = focusedItemIndex else { return nil }
        if let nested = splitItems[index].viewController as? StackSplitViewController {
            return nested.focusedLeafPath.map { [index] + $0 }
        }
        return [index]
    }

    /// Gives the keys to the leaf at `path`, every stack on the way focusing its item.
    public func focusLeaf(at path: [Int]) {
        guard let index = path.first, splitItems.indices.contains(index), !splitItems[index].collapsed else { return }
        focusItem(at: index)
        (splitItems[index].viewController as? StackSplitViewController)?.focusLeaf(at: Array(path.dropFirst()))
    }

    /// The view controller at `path`, if there is one.
    public func viewController(at path: [Int]) -> ViewController? {
        guard let index = path.first, splitItems.indices.contains(index) else { return nil }
        let vc = splitItems[index].viewController
        if path.count == 1 { return vc }
        return (vc as? StackSplitViewController)?.viewController(at: Array(path.dropFirst()))
    }

    // MARK: - Thicknesses and collapse

    /// Makes `thicknesses` the items' kept thicknesses (a drag, or its cancel).
    func apply(_ thicknesses: [Double]) {
        for (index, item) in splitItems.enumerated() where !item.collapsed && thicknesses.indices.contains(index) {
            item.thickness = thicknesses[index]
        }
        setNeedsDisplay()
    }

    /// Puts the two items beside a divider back to their preferred fractions of the space
    /// they share (an item without one takes what the other leaves; neither has one: halves).
    func resetThicknesses(_ before: Int, _ after: Int, _ geometry: StackGeometry) {
        let shared = geometry.thicknesses[before] + geometry.thicknesses[after]
        let total = geometry.thicknesses.reduce(0, +)
        var items = splitItems.map(\.rulesItem)
        let wanted =
            splitItems[before].preferredThicknessFraction.map { $0 * total }
            ?? splitItems[after].preferredThicknessFraction.map { shared - $0 * total } ?? shared / 2
        items[before].thickness = geometry.thicknesses[before]
        let moved = StackSplitRules.drag(
            geometry.thicknesses, items, divider: before, by: wanted - geometry.thicknesses[before])
        apply(moved)
    }

    /// Collapses or expands `item`: animated unless the split view reduces motion (or the
    /// stack is not in a split view). The focus leaves a collapsing item at once.
    func setCollapsed(_ item: SplitItem, _ collapsed: Bool) {
        guard let index = splitItems.firstIndex(where: { $0 === item }) else {
            item.collapsed = collapsed
            return
        }
        let current = collapseAnimation?.item === item ? collapseAnimation?.thickness : nil
        guard item.collapsed != collapsed || current != nil else { return }
        // A collapse or an expansion shows the panes as they are: it ends a zoom.
        if splitViewController?.focus.zoom != nil { splitViewController?.unzoom() }
        let animates = splitViewController?.animatesTransitions ?? false
        let now = splitViewController?.now ?? 0
        drag = nil
        if collapsed {
            let from = current ?? (item.collapsed ? 0 : (item.thickness ?? 0))
            if item.thickness == nil || item.thickness == 0 { item.thickness = from }
            item.collapsed = true
            if focusedItemIndex == index {
                focusedItemIndex = nil
                repairFocus(near: index)
            }
            collapseAnimation = animates && from > 0 ? CollapseAnimation(item: item, from: from, to: 0, began: now) : nil
        } else {
            item.collapsed = false
            let to = item.thickness ?? 0
            collapseAnimation = animates && to > 0 ? CollapseAnimation(item: item, from: current ?? 0, to: to, began: now) : nil
            repairFocus()
        }
        setNeedsDisplay()
    }

    /// True while an item of this stack, or of a stack inside it, is collapsing or expanding.
    public var isAnimating: Bool {
        collapseAnimation != nil
            || splitItems.contains { ($0.viewController as? StackSplitViewController)?.isAnimating ?? false }
    }

    /// Moves the running collapse or expansion (and those of nested stacks) to `now`.
    func advance(to now: Double) {
        if var animation = collapseAnimation {
            animation.progress = min(1, max(0, (now - animation.began) / Self.collapseDuration))
            collapseAnimation = animation.isFinished ? nil : animation
            setNeedsDisplay()
            if animation.isFinished && animation.closes { finishClosing(animation.item) }
        }
        for item in splitItems { (item.viewController as? StackSplitViewController)?.advance(to: now) }
    }

    /// Ends every collapse or expansion at once (reduce motion turned on).
    func finishAnimations() {
        if let animation = collapseAnimation {
            collapseAnimation = nil
            setNeedsDisplay()
            if animation.closes { finishClosing(animation.item) }
        }
        for item in splitItems { (item.viewController as? StackSplitViewController)?.finishAnimations() }
    }

    // MARK: - Appearance
}
