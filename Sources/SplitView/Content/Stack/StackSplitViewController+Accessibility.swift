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
            let panel = AccessibleNode(
                id: inner.id, role: .panel, name: item.viewController.barTitle, states: inner.baseStates,
                frame: context.window(frame ?? .zero), children: item.viewController.accessibleNodes(in: inner))
            panels.append(panel)
        }
        return AccessibleNode(
            id: context.id.appending("split"), role: .splitPane, name: title, states: context.baseStates,
            frame: context.window(context.bounds), children: panels)
    }

    /// An action on a node of an item goes to that item, which takes the keys.
    func performItemAction(_ name: String, on id: AccessibleNode.ID, in context: AccessibleContext) -> Bool {
        let geometry = geometry(in: context.bounds)
        for (index, item) in splitItems.enumerated() {
            let prefix = context.id.appending("item.\(index)")
            guard id.path.hasPrefix(prefix.path + "."), let frame = geometry.contentFrames[index] else { continue }
            focusItem(at: index)
            let inner = AccessibleContext(
                id: prefix, origin: context.origin, bounds: frame, isFocused: context.isFocused, isShowing: true)
            return item.viewController.performAccessibleAction(name, on: id, in: inner)
        }
        return false
    }
}
