/// A stack's share of the run-time splits (``SplitViewController/splitPane(_:along:with:)``
/// and the rest): the zoomed item, an item replaced in place, and the end of a close.
extension StackSplitViewController {
    /// The item holding the zoomed pane (``SplitViewController/zoomedPane``), if this stack
    /// holds it: that item alone shows, over the whole stack.
    var zoomedItemIndex: Int? {
        guard let zoom = splitViewController?.focus.zoom else { return nil }
        return splitItems.firstIndex { $0.viewController.holds(zoom.pane) }
    }

    /// The geometry while the item at `index` is zoomed: it fills `bounds`, every other item
    /// has no frame, and there is no divider.
    func zoomedGeometry(_ index: Int, in bounds: Rect) -> StackGeometry {
        let length = axis == .horizontal ? bounds.width : bounds.height
        var thicknesses = [Double](repeating: 0, count: splitItems.count)
        thicknesses[index] = max(0, length)
        var frames = [Rect?](repeating: nil, count: splitItems.count)
        frames[index] = bounds
        return StackGeometry(
            bounds: bounds, axis: axis, thicknesses: thicknesses, frames: frames, contentFrames: contentFrames(frames),
            dividers: [])
    }

    /// The items that show while the stack does: the visible ones, or the zoomed one alone.
    var shownItems: [SplitItem] {
        if let zoomed = zoomedItemIndex { return [splitItems[zoomed]] }
        return splitItems.filter { !$0.collapsed }
    }

    /// Puts `item` in place of the item at `index`, which leaves the stack; the focus stays
    /// on that place.
    func replaceItem(at index: Int, with item: SplitItem) {
        guard splitItems.indices.contains(index) else { return }
        let old = splitItems[index]
        if old.viewController.stackSplitViewController === self { old.viewController.stackSplitViewController = nil }
        old.stack = nil
        if collapseAnimation?.item === old { collapseAnimation = nil }
        item.stack = self
        item.viewController.stackSplitViewController = self
        splitItems[index] = item
        drag = nil
        trackedItem = nil
        repairFocus(near: index)
        setNeedsDisplay()
    }

    /// A closed item finished collapsing: it leaves the stack, through the split view when
    /// there is one (a stack left with one item gives way to it).
    func finishClosing(_ item: SplitItem) {
        guard splitItems.contains(where: { $0 === item }) else { return }
        if let split = splitViewController {
            split.removeClosedItem(item, from: self)
        } else {
            removeSplitItem(item)
        }
    }
}

extension ViewController {
    /// True when this controller is the one `id` names, or a stack holding it at any depth.
    func holds(_ id: ObjectIdentifier) -> Bool {
        if ObjectIdentifier(self) == id { return true }
        guard let stack = self as? StackSplitViewController else { return false }
        return stack.splitItems.contains { $0.viewController.holds(id) }
    }
}
