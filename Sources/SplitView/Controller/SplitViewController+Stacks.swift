/// The stacks in the columns: their leaves as panes of their own for the host, the focus moving
/// through them, their collapses animated with the rest.
extension SplitViewController {
    /// A pane inside a column's ``StackSplitViewController``: the column, and the path to the
    /// item (its index in the stack, then its index in each nested stack).
    public struct Leaf: Hashable, Sendable {
        /// The column whose content the stack is.
        public var column: Column
        /// The indices from the column's stack down to the item.
        public var path: [Int]

        /// Creates a leaf's id.
        public init(column: Column, path: [Int]) {
            self.column = column
            self.path = path
        }
    }

    /// Everything a leaf's drawing depends on: when it is unchanged the host may skip the redraw.
    public struct LeafKey: Hashable, Sendable {
        /// The leaf's size in points.
        var size: Size
        /// The view controller it shows, and its revision.
        var controller: ObjectIdentifier
        var revision: Int
        /// The theme's and the measurer's revision.
        var appearanceRevision: Int
        /// Whether it has the keys (its content is drawn focused, with the ring when the window
        /// shows rings).
        var isFocused: Bool
        var showsFocusRing: Bool
        /// Whether its column is dimmed under an overlay.
        var isDimmed: Bool
        /// Its column, which chooses its background.
        var column: Column
        /// Its bar: title, mark, close button.
        var bar: PaneBar
    }

    /// The stack `column` shows on top of its stack of view controllers, if any.
    public func stackSplitViewController(in column: Column) -> StackSplitViewController? {
        children.wrapped[column]?.topViewController as? StackSplitViewController
    }

    /// The leaves of `column`'s stack while the column shows, in reading order, each with its
    /// frame in the column pane's coordinates; empty for a column that shows no stack. The
    /// host gives each one a window of its own over the pane.
    public func leaves(in column: Column) -> [(leaf: Leaf, frame: Rect)] {
        guard let placement = layout.placement(of: column), let stack = stackSplitViewController(in: column) else { return [] }
        var result: [(leaf: Leaf, frame: Rect)] = []
        func walk(_ stack: StackSplitViewController, bounds: Rect, path: [Int]) {
            let geometry = stack.geometry(in: bounds)
            for (index, item) in stack.splitItems.enumerated() {
                guard let frame = geometry.frames[index], frame.width > 0, frame.height > 0 else { continue }
                if let nested = item.viewController as? StackSplitViewController {
                    walk(nested, bounds: frame, path: path + [index])
                } else {
                    result.append((Leaf(column: column, path: path + [index]), frame))
                }
            }
        }
        walk(stack, bounds: LayoutComputation.contentBounds(ofPaneSized: placement.frame.size), path: [])
        return result
    }

    /// A divider of a stack in a column, for the host's pointer shapes: which stack (its path
    /// from the column's stack), after which item, where a press takes it (in the column pane's
    /// coordinates), and the stack's axis (side by side: a horizontal-resize arrow; stacked: a
    /// vertical one).
    public struct StackDivider: Hashable, Sendable {
        /// The column whose content the stack is in.
        public var column: Column
        /// The stack's path from the column's stack (empty for that one).
        public var stackPath: [Int]
        /// The index of the item the divider follows.
        public var after: Int
        /// Where a press takes it.
        public var grabRect: Rect
        /// The axis of its stack.
        public var axis: StackSplitViewController.Axis
    }

    /// The dividers of `column`'s stacks (nested ones included) while the column shows.
    public func stackDividers(in column: Column) -> [StackDivider] {
        guard let placement = layout.placement(of: column), let stack = stackSplitViewController(in: column) else { return [] }
        var result: [StackDivider] = []
        func walk(_ stack: StackSplitViewController, bounds: Rect, path: [Int]) {
            let geometry = stack.geometry(in: bounds)
            for divider in geometry.dividers {
                result.append(
                    StackDivider(column: column, stackPath: path, after: divider.after, grabRect: divider.grab, axis: stack.axis))
            }
            for (index, item) in stack.splitItems.enumerated() {
                guard let nested = item.viewController as? StackSplitViewController, let frame = geometry.frames[index] else {
                    continue
                }
                walk(nested, bounds: frame, path: path + [index])
            }
        }
        walk(stack, bounds: LayoutComputation.contentBounds(ofPaneSized: placement.frame.size), path: [])
        return result
    }

    /// The stack a focused divider belongs to, with the bounds it lays out in.
    func stackAt(_ target: StackDividerFocus) -> (stack: StackSplitViewController, bounds: Rect)? {
        guard let placement = layout.placement(of: target.column), var stack = stackSplitViewController(in: target.column) else {
            return nil
        }
        var bounds = LayoutComputation.contentBounds(ofPaneSized: placement.frame.size)
        for index in target.stackPath {
            guard let frame = stack.geometry(in: bounds).frames[safe: index],
                let nested = stack.splitItems[index].viewController as? StackSplitViewController, let frame
            else { return nil }
            stack = nested
            bounds = frame
        }
        return (stack, bounds)
    }

    /// Every item of the columns' stacks that keeps a thickness or is collapsed, for the state.
    func stackItemStates() -> [SplitViewState.StackItem] {
        var result: [SplitViewState.StackItem] = []
        func walk(_ stack: StackSplitViewController, column: Column, path: [Int]) {
            for (index, item) in stack.splitItems.enumerated() {
                if item.thickness != nil || item.collapsed {
                    result.append(
                        SplitViewState.StackItem(
                            column: column, path: path + [index], thickness: item.thickness, isCollapsed: item.collapsed))
                }
                if let nested = item.viewController as? StackSplitViewController {
                    walk(nested, column: column, path: path + [index])
                }
            }
        }
        for column in Column.allCases {
            if let stack = stackSplitViewController(in: column) { walk(stack, column: column, path: []) }
        }
        return result
    }

    /// Gives the stacks' items the saved thicknesses and collapse, each within its item's
    /// limits and without animation; an item that is not there (the layout changed), a
    /// thickness that is not a positive number, or a collapse of an item that cannot collapse
    /// is refused in words, and the rest applies.
    func restoreStackItems(_ records: [SplitViewState.StackItem]) -> [String] {
        var refused: [String] = []
        for record in records {
            let column = record.column, path = record.path.map(String.init).joined(separator: ".")
            guard let stack = stackSplitViewController(in: record.column),
                let owner = record.path.count == 1
                    ? stack : stack.viewController(at: Array(record.path.dropLast())) as? StackSplitViewController,
                let index = record.path.last, owner.splitItems.indices.contains(index)
            else {
                refused.append(String(translated: "\(column) split item \(path): no such item"))
                continue
            }
            let item = owner.splitItems[index]
            if let thickness = record.thickness {
                if thickness.isFinite && thickness > 0 {
                    item.thickness = min(max(thickness, item.minimumThickness), max(item.minimumThickness, item.maximumThickness))
                } else {
                    refused.append(
                        String(translated: "\(column) split item \(path) thickness \(thickness): not a positive number"))
                }
            }
            if record.isCollapsed != item.collapsed {
                if record.isCollapsed && !item.canCollapse {
                    refused.append(String(translated: "\(column) split item \(path): it cannot collapse"))
                } else {
                    item.collapsed = record.isCollapsed
                    owner.repairFocus(near: index)
                    owner.setNeedsDisplay()
                }
            }
        }
        return refused
    }

    /// The user's collapse or expansion of the item at `path` of `column`'s stack: only an item
    /// that can collapse; animated as any collapse.
    func toggleSplitItem(in column: Column, at path: [Int]) {
        guard let stack = stackSplitViewController(in: column), let index = path.last,
            let owner = path.count == 1 ? stack : stack.viewController(at: Array(path.dropLast())) as? StackSplitViewController,
            owner.splitItems.indices.contains(index), owner.splitItems[index].canCollapse
        else { return }
        let item = owner.splitItems[index]
        item.isCollapsed = !item.collapsed
    }

    /// The collapsible items of the columns that show, for the View menu: the command that
    /// toggles each, its title, and whether it shows now.
    var collapsibleSplitItems: [(command: Command, title: String, isShowing: Bool)] {
        var result: [(command: Command, title: String, isShowing: Bool)] = []
        func walk(_ stack: StackSplitViewController, column: Column, path: [Int]) {
            for (index, item) in stack.splitItems.enumerated() {
                if item.canCollapse {
                    result.append(
                        (.toggleSplitItem(column, path: path + [index]), item.viewController.barTitle, !item.collapsed))
                }
                if !item.collapsed, let nested = item.viewController as? StackSplitViewController {
                    walk(nested, column: column, path: path + [index])
                }
            }
        }
        for column in Column.allCases where layout.placement(of: column) != nil {
            if let stack = stackSplitViewController(in: column) { walk(stack, column: column, path: []) }
        }
        return result
    }

    /// The axis of the stack whose divider the pointer drags, if one does: the host shows the
    /// resize arrow of that axis for the drag's whole length.
    public var draggedStackDividerAxis: StackSplitViewController.Axis? {
        guard case .trackingContent = pointer.activity else { return nil }
        return installedStacks.first { $0.drag != nil }?.axis
    }

    /// The view controller a leaf shows.
    public func viewController(of leaf: Leaf) -> ViewController? {
        stackSplitViewController(in: leaf.column)?.viewController(at: leaf.path)
    }

    /// The leaf that has the keys: the focused leaf of the focused column's stack.
    public var focusedLeaf: Leaf? {
        guard let column = focus.column, let path = stackSplitViewController(in: column)?.focusedLeafPath else { return nil }
        return Leaf(column: column, path: path)
    }

    /// A value that changes whenever `leaf`'s display list would; nil when it does not show.
    public func paneKey(forLeaf leaf: Leaf) -> LeafKey? {
        shownLeaf(leaf)?.key
    }

    /// What `leaf` draws, in its own coordinates (from its top-left corner): its background,
    /// its bar (``paneBarFrame(of:)``), its content below the bar, the focus ring around the
    /// content when it has the keys, the dimming of its column. A read, as a column's display
    /// list is.
    public func displayList(forLeaf leaf: Leaf) -> DisplayList? {
        guard let (key, frame, vc) = shownLeaf(leaf) else { return nil }
        let content = StackGeometry.contentFrame(ofLeaf: frame)
        let context = DrawContext(bounds: content, theme: theme, measurer: textMeasurer, isFocused: key.isFocused)
        let whole = Rect(origin: .zero, size: frame.size)
        var list = DisplayList(size: frame.size)
        list.append(.fill(whole, PaneChrome.background(of: leaf.column, theme)))
        list.ops += vc.draw(in: context).map { $0.translated(by: Point(x: -frame.minX, y: -frame.minY)) }
        list.ops += key.bar.ops(theme: theme, measurer: textMeasurer)
        if key.isFocused && key.showsFocusRing {
            list.append(
                .strokeRect(
                    content.offsetBy(Point(x: -frame.minX, y: -frame.minY)), theme.accent.withAlpha(ChromeMetrics.focusRingAlpha),
                    width: ChromeMetrics.focusRingWidth))
        }
        if key.isDimmed { list.append(.fill(whole, theme.dim)) }
        return list
    }

    /// A showing leaf's key, frame and view controller, from one walk of its column's stack.
    /// Rings show when more than one pane can have the keys: several columns, or several
    /// leaves in this one (with one column showing, every leaf is in it).
    private func shownLeaf(_ leaf: Leaf) -> (key: LeafKey, frame: Rect, viewController: ViewController)? {
        let siblings = leaves(in: leaf.column)
        guard let frame = siblings.first(where: { $0.leaf == leaf })?.frame, let vc = viewController(of: leaf),
            let placement = layout.placement(of: leaf.column)
        else { return nil }
        let isFocused = focus.isPaneFocused(leaf.column) && focusedLeaf == leaf
        let key = LeafKey(
            size: frame.size, controller: ObjectIdentifier(vc), revision: vc.revision, appearanceRevision: appearanceRevision,
            isFocused: isFocused, showsFocusRing: focusableSet.count > 1 || siblings.count > 1, isDimmed: placement.isDimmed,
            column: leaf.column, bar: paneBar(for: leaf, viewController: vc, width: frame.width, isFocused: isFocused))
        return (key, frame, vc)
    }

    /// Every stack installed, nested ones included, each once.
    var installedStacks: [StackSplitViewController] {
        var result: [StackSplitViewController] = []
        func add(_ stack: StackSplitViewController) {
            guard !result.contains(where: { $0 === stack }) else { return }
            result.append(stack)
            for item in stack.splitItems { (item.viewController as? StackSplitViewController).map(add) }
        }
        for column in Column.allCases {
            for vc in children.wrapped[column]?.viewControllers ?? [] { (vc as? StackSplitViewController).map(add) }
        }
        return result
    }

    /// True while a stack's item collapses or expands.
    var stacksAnimate: Bool {
        installedStacks.contains { $0.collapseAnimation != nil }
    }

    /// F6 and Shift+F6 inside a column's stack: the next or previous leaf, when the focused
    /// column has one before its end; true when the focus moved.
    func cycleLeafFocus(by step: Int) -> Bool {
        guard let column = focus.column, !focus.hasDivider, let stack = stackSplitViewController(in: column) else {
            return false
        }
        let paths = stack.visibleLeafPaths
        guard let current = stack.focusedLeafPath, let index = paths.firstIndex(of: current) else { return false }
        let next = index + step
        guard paths.indices.contains(next) else { return false }
        stack.focusLeaf(at: paths[next])
        return true
    }

    /// A column that the focus enters by F6 (or Shift+F6) starts at its first (or last) leaf.
    func enterLeaves(of column: Column, by step: Int) {
        guard let stack = stackSplitViewController(in: column) else { return }
        let paths = stack.visibleLeafPaths
        if let path = step > 0 ? paths.first : paths.last { stack.focusLeaf(at: path) }
    }

    /// Where a foreign content shows: its column, the leaf when it is one, and where its
    /// program's window goes in the column pane's coordinates: the content area (a leaf's below
    /// its bar) less the focus ring's width on every side; nil when it does not show.
    ///
    /// Decision: the program's window sits ``ChromeMetrics/focusRingWidth`` inside its area,
    /// focused or not, so the ring drawn around a focused pane's content shows around it (the
    /// newcomer saw none: the program's window covered it), and a change of focus never
    /// resizes the program. The margin is the pane's background, as a terminal's padding.
    public func placement(of content: ForeignContentViewController) -> (column: Column, leaf: Leaf?, frame: Rect)? {
        let ring = ChromeMetrics.focusRingWidth
        for column in Column.allCases {
            if foreignContent(in: column) === content, let frame = contentFrame(of: column) {
                return (column, nil, frame.insetBy(dx: ring, dy: ring))
            }
            for (leaf, frame) in leaves(in: column) where viewController(of: leaf) === content {
                return (column, leaf, StackGeometry.contentFrame(ofLeaf: frame).insetBy(dx: ring, dy: ring))
            }
        }
        return nil
    }
}

extension Array {
    /// The element at `index`, or nil outside the array.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
