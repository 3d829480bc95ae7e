/// The keys, sizes and places of run-time panes: focus by direction, grow and shrink, equalize,
/// swap, and move onto another pane's half. The decisions are those of run-time panes
/// (`SplitViewController+Panes.swift`).
extension SplitViewController {
    /// Gives the keys to the nearest pane from the focused one in `direction`, across columns
    /// (`PaneTreeRules/neighbour(of:toward:among:)`); false when none lies there.
    @discardableResult
    public func focusPane(_ direction: PaneDirection) -> Bool {
        unzoom()
        guard let target = neighbour(toward: direction) else { return false }
        focusPane(target)
        return true
    }

    /// The pane that lies from the focused one in `direction`.
    private func neighbour(toward direction: PaneDirection) -> ViewController? {
        let panes = visiblePanes
        guard let focused = focusedPane, let own = panes.first(where: { $0.pane === focused }) else { return nil }
        let others = panes.filter { $0.pane !== focused }
        return PaneTreeRules.neighbour(of: own.frame, toward: direction, among: others.map(\.frame)).map { others[$0].pane }
    }

    /// Makes the pane with the keys `points` thicker (negative: thinner) along `axis`, through
    /// the nearest stack of that axis holding it, within every item's minimum and maximum;
    /// false when no such stack holds it or nothing moved.
    ///
    /// Decided: a column's width is its divider's (F8, a drag), never a pane's: a pane in no
    /// stack of the axis does not resize. A running split, close or collapse finishes first,
    /// so that the thicknesses kept are the settled ones.
    @discardableResult
    public func resizeFocusedPane(along axis: StackSplitViewController.Axis, by points: Double) -> Bool {
        unzoom()
        // Not a frame of the animation: a pane still expanding from its split, shrunk from its
        // first points, would keep no width at all, and hold the keys unseen.
        finishPaneAnimations()
        guard var current = focusedPane else { return false }
        // Up the stacks holding the pane, each checked to hold the one below it.
        while let stack = current.stackSplitViewController, stack.splitItems.contains(where: { $0.viewController === current }) {
            if stack.axis == axis, let index = stack.splitItems.firstIndex(where: { $0.viewController === current }),
                let bounds = bounds(of: stack)
            {
                let geometry = stack.geometry(in: bounds)
                let resized = PaneTreeRules.resized(
                    geometry.thicknesses, stack.splitItems.map(\.rulesItem), item: index, by: points)
                guard resized != geometry.thicknesses else { return false }
                stack.apply(resized)
                paneTreeDidChange()
                return true
            }
            current = stack
        }
        return false
    }

    /// Gives every visible item of every stack that shows an equal share of its stack, within
    /// its minimum and maximum (`PaneTreeRules/equalized(_:length:divider:)`).
    public func equalizePanes() {
        unzoom()
        finishPaneAnimations()
        func walk(_ stack: StackSplitViewController, bounds: Rect) {
            let length = stack.axis == .horizontal ? bounds.width : bounds.height
            stack.apply(
                PaneTreeRules.equalized(stack.splitItems.map(\.rulesItem), length: length, divider: stack.dividerStyle.thickness))
            let geometry = stack.geometry(in: bounds)
            for (index, item) in stack.splitItems.enumerated() {
                if let nested = item.viewController as? StackSplitViewController, let frame = geometry.frames[index] {
                    walk(nested, bounds: frame)
                }
            }
        }
        for placement in settledLayout.columns {
            guard let stack = stackSplitViewController(in: placement.column) else { continue }
            walk(stack, bounds: LayoutComputation.contentBounds(ofPaneSized: placement.frame.size))
        }
        paneTreeDidChange()
    }

    /// Swaps the pane with the keys with the nearest pane in `direction`; the keys stay with
    /// the pane, in its new place. False when none lies there.
    @discardableResult
    public func swapFocusedPane(_ direction: PaneDirection) -> Bool {
        unzoom()
        guard let focused = focusedPane, let other = neighbour(toward: direction) else { return false }
        return swapPanes(focused, other)
    }

    /// Swaps two panes (leaves of any columns): each takes the other's place, and each place
    /// keeps its size. The pane with the keys keeps them. False when either is no leaf, or
    /// they are the same.
    ///
    /// Decided (tmux's `swap-pane` swaps contents, cells stay): a place's thickness stays with
    /// the place; the items' own limits and collapsibility go with their panes.
    @discardableResult
    public func swapPanes(_ a: ViewController, _ b: ViewController) -> Bool {
        guard a !== b, slot(of: a) != nil, slot(of: b) != nil else { return false }
        unzoom()
        finishPaneAnimations()
        guard let slotA = slot(of: a), let slotB = slot(of: b) else { return false }
        let hadKeys = focusedPane
        switch (slotA.stack, slotB.stack) {
        case (let stackA?, let stackB?):
            let itemA = stackA.splitItems[slotA.index], itemB = stackB.splitItems[slotB.index]
            (itemA.thickness, itemB.thickness) = (itemB.thickness, itemA.thickness)
            (itemA.preferredThicknessFraction, itemB.preferredThicknessFraction) =
                (itemB.preferredThicknessFraction, itemA.preferredThicknessFraction)
            stackA.splitItems[slotA.index] = itemB
            stackB.splitItems[slotB.index] = itemA
            itemB.stack = stackA
            itemB.viewController.stackSplitViewController = stackA
            itemA.stack = stackB
            itemA.viewController.stackSplitViewController = stackB
            // A collapsed item swapped into a focused place never holds the keys.
            stackA.repairFocus(near: slotA.index)
            stackB.repairFocus(near: slotB.index)
            stackA.setNeedsDisplay()
            stackB.setNeedsDisplay()
        case (nil, let stackB?):
            swapColumnContent(of: slotA.column, with: stackB, at: slotB.index)
        case (let stackA?, nil):
            swapColumnContent(of: slotB.column, with: stackA, at: slotA.index)
        case (nil, nil):
            setColumnContent(b, in: slotA.column)
            setColumnContent(a, in: slotB.column)
            // Column B's stack let go of b after column A's took it: A takes it again.
            setColumnContent(b, in: slotA.column)
        }
        if let hadKeys, hadKeys === a || hadKeys === b { focusPane(hadKeys) }
        paneTreeDidChange()
        return true
    }

    /// `column`'s own content and the leaf at `index` of `stack` change places.
    private func swapColumnContent(of column: Column, with stack: StackSplitViewController, at index: Int) {
        guard let content = children.wrapped[column]?.topViewController else { return }
        let place = stack.splitItems[index]
        let moved = SplitItem(viewController: content)
        moved.thickness = place.thickness
        moved.preferredThicknessFraction = place.preferredThicknessFraction
        let leaf = place.viewController
        stack.replaceItem(at: index, with: moved)
        setColumnContent(leaf, in: column)
    }

    /// Moves `pane` onto `target`: its `zone` half splits `target` there with `pane` (which
    /// leaves its place as a close leaves it), its centre swaps the two. The rule a drop of a
    /// dragged pane calls (`PaneTreeRules/dropZone(at:in:)` gives the zone). `pane` keeps
    /// the keys when it had them. False when either is no leaf, they are the same, or `pane`
    /// is its column's last pane (a column never loses its last pane).
    @discardableResult
    public func movePane(_ pane: ViewController, onto target: ViewController, zone: PaneDropZone) -> Bool {
        guard pane !== target, slot(of: target) != nil, slot(of: pane) != nil else { return false }
        guard let (axis, after) = PaneTreeRules.split(for: zone) else { return swapPanes(pane, target) }
        unzoom()
        finishPaneAnimations()
        guard let from = slot(of: pane), let stack = from.stack, leafCount(in: from.column) >= 2, slot(of: target) != nil
        else { return false }
        removeClosedItem(stack.splitItems[from.index], from: stack)
        return split(target, along: axis, with: pane, after: after, animated: false)
    }
}
