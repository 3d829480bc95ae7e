/// A list's context menu (``ListViewController/contextMenuItemsForRow``).
extension ListViewController {
    /// A right click selects the row under the pointer (``onSelect``, not ``onClick``: the
    /// row is chosen, not opened, as in GTK's lists) and opens its menu at the pointer;
    /// Shift+F10 or the Menu key opens the selected row's menu below its title, scrolled into
    /// view. Nil off the rows, without a selection, or without ``contextMenuItemsForRow``.
    func rowContextMenu(at point: Point?, in bounds: Rect) -> ContextMenu? {
        guard let itemsForRow = contextMenuItemsForRow else { return nil }
        if let point {
            guard let index = rowIndex(at: point, in: bounds) else { return nil }
            if index != selectedIndex { selectRow(index, in: bounds) }
            return ContextMenu(items: itemsForRow(index), anchor: point)
        }
        guard let index = selectedIndex, index < rowCount, let position = position(ofRow: index) else { return nil }
        scrollToVisible(index, in: bounds)
        let bottom = bounds.minY + Double(position + 1) * rowHeight - scrollOffset
        let indent = Self.indent(item(at: index).indentation, width: bounds.width)
        return ContextMenu(items: itemsForRow(index), anchor: Point(x: bounds.minX + ListMetrics.textInset + indent, y: bottom))
    }
}
