/// A stack as a screen reader meets it: a split pane of panels.
extension StackSplitViewController {
    /// A split pane with a panel per item, named by its title (a collapsed item's panel is
    /// not showing), holding the item's own nodes.
    func accessibleSplit(in context: AccessibleContext) -> AccessibleNode {
        let geometry = geometry(in: context.bounds)
        var panels: [AccessibleNode] = []
        for (index, item) in splitItems.enumerated() {
            let frame = geometry.frames[index]
            let shows = context.isShowing && frame != nil
            let inner = AccessibleContext(
                id: context.id.appending("item.\(index)"), origin: context.origin, bounds: geometry.contentFrames[index] ?? .zero,
                isFocused: context.isFocused && focusedItemIndex == index, isShowing: shows)
            var children = item.viewController.accessibleNodes(in: inner)
            if let frame, let close = closeButtonNode(of: item, frame: frame, in: inner, window: context) {
                children.append(close)
            }
            let panel = AccessibleNode(
                id: inner.id, role: .panel, name: item.viewController.barTitle, states: inner.baseStates,
                frame: context.window(frame ?? .zero), children: children)
            panels.append(panel)
        }
        return AccessibleNode(
            id: context.id.appending("split"), role: .splitPane, name: title, states: context.baseStates,
            frame: context.window(context.bounds), children: panels)
    }

    /// The close button of a leaf's bar (``SplitViewController/paneCloseButtonFrame(of:)``) as a
    /// screen reader meets it: "Close Pane", with the key that closes the pane with the keys;
    /// nil for a stack, or a pane that cannot close (its column's last).
    private func closeButtonNode(
        of item: SplitItem, frame: Rect, in inner: AccessibleContext, window context: AccessibleContext
    ) -> AccessibleNode? {
        guard !(item.viewController is StackSplitViewController), let split = splitViewController,
            split.canClosePane(item.viewController)
        else { return nil }
        let rect = PaneBar.closeButtonFrame(in: StackGeometry.barFrame(ofLeaf: frame))
        var node = AccessibleNode(
            id: inner.id.appending("close"), role: .pushButton, name: String(translated: "Close Pane"),
            states: inner.isShowing ? [.showing, .visible, .enabled, .focusable] : [], frame: context.window(rect))
        node.actions = ["click"]
        node.keyBinding = split.keyBindings.chords(for: .closePane).first?.displayName ?? ""
        node.description = node.keyBinding
        return node
    }

    /// An action on a node of an item goes to that item, which takes the keys; on the close
    /// button of a leaf's bar, it closes the leaf, as a click does.
    func performItemAction(_ name: String, on id: AccessibleNode.ID, in context: AccessibleContext) -> Bool {
        let geometry = geometry(in: context.bounds)
        for (index, item) in splitItems.enumerated() {
            let prefix = context.id.appending("item.\(index)")
            if id == prefix.appending("close"), !(item.viewController is StackSplitViewController),
                let split = splitViewController
            {
                return split.closePane(item.viewController)
            }
            guard id.path.hasPrefix(prefix.path + "."), let frame = geometry.contentFrames[index] else { continue }
            focusItem(at: index)
            let inner = AccessibleContext(
                id: prefix, origin: context.origin, bounds: frame, isFocused: context.isFocused, isShowing: true)
            return item.viewController.performAccessibleAction(name, on: id, in: inner)
        }
        return false
    }
}
