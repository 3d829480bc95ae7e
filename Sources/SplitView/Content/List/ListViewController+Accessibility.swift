/// A list's accessible nodes: the rows on screen.
extension ListViewController {
    /// The list (or tree) node with a child per row on screen: every selected row says so,
    /// the lead alone is focused, and a list that selects several is multiselectable.
    func accessibleList(in context: AccessibleContext) -> AccessibleNode {
        let bounds = context.bounds
        let count = shownCount
        let height = rowHeight
        var rows: [AccessibleNode] = []
        if count > 0 && height > 0 {
            let offset = min(max(0, scrollOffset), max(0, Double(count) * height - bounds.height))
            let first = max(0, Int(offset / height))
            let last = min(count - 1, Int((offset + bounds.height) / height))
            if first <= last {
                for position in first...last { rows.append(accessibleRow(atPosition: position, in: context, outline: false)) }
            }
        }
        // An outline when a row on screen has a triangle (its rows are then tree items).
        let isTree = rows.contains { $0.states.contains(.expandable) }
        accessibleIsOutline = isTree
        if isTree {
            for index in rows.indices { rows[index].role = .treeItem }
        }
        var list = AccessibleNode(
            id: context.id.appending("list"), role: isTree ? .tree : .list, name: title,
            states: context.baseStates.union([.focusable, .managesDescendants])
                .union(context.isFocused && selectedIndex == nil ? .focused : [])
                .union(allowsMultipleSelection ? .multiselectable : []),
            frame: context.window(bounds), children: rows)
        // Every row is a child; those on screen are held, the others made when asked for.
        list.childCount = count
        list.childrenVersion = rowsVersion &* 31 &+ filter.query.hashValue &* 7 &+ (filter.rows?.count ?? -1)
        if count == 0 { list.description = emptyText }
        return list
    }

    /// The row at `position` among those shown (the filter's, else all), as a reader reads
    /// it: showing when it is on screen. Its id is its data source's identifier when there is
    /// one (``ListDataSource/accessibilityIdentifier(at:)``), else its index.
    ///
    /// Decided: every row is a child of the list, as GTK's tree views expose every row, so a
    /// reader counts and reaches them all; the list says it manages its descendants, and only
    /// the rows on screen are built with the window's tree.
    func accessibleRow(atPosition position: Int, in context: AccessibleContext, outline: Bool) -> AccessibleNode {
        let bounds = context.bounds, height = rowHeight
        let index = row(atPosition: position)
        let item = item(at: index)
        let offset = min(max(0, scrollOffset), max(0, Double(shownCount) * height - bounds.height))
        let top = bounds.minY + Double(position) * height - offset
        var states = context.baseStates.union(.selectable)
        if top + height <= bounds.minY || top >= bounds.maxY { states.remove(.showing) }
        if selectedIndexes.contains(index) { states.insert(.selected) }
        // The lead row alone has the focus: the one the keys move from.
        if index == selectedIndex && context.isFocused { states.insert(.focused) }
        if let disclosure = item.disclosure {
            states.insert(.expandable)
            if disclosure == .expanded { states.insert(.expanded) }
        }
        var node = AccessibleNode(
            id: accessibleRowID(index, in: context), role: outline ? .treeItem : .listItem,
            name: item.title, states: states,
            frame: context.window(Rect(x: bounds.minX, y: top, width: bounds.width, height: height)))
        node.description = item.subtitle ?? ""
        node.level = item.indentation + 1
        node.actions = ["activate"]
        node.indexInParent = position
        return node
    }

    /// The id of row `index`: `row:` and its identifier, else `row.` and its index.
    func accessibleRowID(_ index: Int, in context: AccessibleContext) -> AccessibleNode.ID {
        if let identifier = dataSource?.accessibilityIdentifier(at: index) {
            return context.id.appending("row:" + identifier)
        }
        return context.id.appending("row.\(index)")
    }

    /// The row index an accessible id names, when that row exists.
    func accessibleRowIndex(_ id: AccessibleNode.ID, in context: AccessibleContext) -> Int? {
        let byIndex = context.id.appending("row.").path, byName = context.id.appending("row:").path
        if id.path.hasPrefix(byIndex), let index = Int(id.path.dropFirst(byIndex.count)), index >= 0, index < rowCount {
            return index
        }
        guard id.path.hasPrefix(byName), let dataSource else { return nil }
        if rowIndexByIdentifier == nil {
            var found: [String: Int] = [:]
            for index in 0..<rowCount {
                if let identifier = dataSource.accessibilityIdentifier(at: index), found[identifier] == nil {
                    found[identifier] = index
                }
            }
            rowIndexByIdentifier = found
        }
        return rowIndexByIdentifier?[String(id.path.dropFirst(byName.count))]
    }

    /// The node `id` names in this list (a row, whether on screen or not), for a reader
    /// asking for one the window's tree does not hold.
    func accessibleRowNode(
        _ id: AccessibleNode.ID, in context: AccessibleContext
    ) -> (
        node: AccessibleNode, parent: AccessibleNode.ID
    )? {
        guard let index = accessibleRowIndex(id, in: context) else { return nil }
        let position = filter.rows.map { $0.firstIndex(of: index) } ?? index
        guard let position else { return nil }
        return (accessibleRow(atPosition: position, in: context, outline: accessibleIsOutline), context.id.appending("list"))
    }

    /// The child at `index` of the node `id` of this list: its row at that position.
    func accessibleRowChild(at index: Int, of id: AccessibleNode.ID, in context: AccessibleContext) -> AccessibleNode? {
        guard id == context.id.appending("list"), index >= 0, index < shownCount else { return nil }
        return accessibleRow(atPosition: index, in: context, outline: accessibleIsOutline)
    }
}

/// A text view's accessible node: its text as a document.
extension TextViewController {
    /// The band's message as a notification ("Moved “a.txt” to the Trash…"), when one shows:
    /// it appears, and a new message in it is spoken (``AccessibleEvent/announcement(_:_:)``).
    func accessibleNotice(in context: AccessibleContext) -> AccessibleNode? {
        guard let notice, !notice.isEmpty else { return nil }
        return AccessibleNode(
            id: context.id.appending("notice"), role: .notification, name: notice, states: context.baseStates,
            frame: context.window(
                Rect(x: context.bounds.minX, y: context.bounds.minY, width: context.bounds.width, height: noticeBand)))
    }

    /// The document node. Its text is what the pane shows: the text, else the placeholder
    /// that stands in for it ("“a.txt” is no longer in this folder"); a picture is an image
    /// named by the title, described by its size as the band says it.
    func accessibleDocument(in context: AccessibleContext) -> AccessibleNode {
        var node = AccessibleNode(
            id: context.id.appending("document"), role: .documentText, name: title,
            states: context.baseStates.union([.focusable, .multiLine]).union(context.isFocused ? .focused : []),
            frame: context.window(context.bounds))
        if let image {
            node.role = .image
            node.description = ImageFit.dimensions(width: image.pixelWidth, height: image.pixelHeight)
            node.states.remove(.multiLine)
            return node
        }
        node.text = text.isEmpty && hexDump == nil ? placeholder : text
        if let selection, !text.isEmpty {
            let utf8 = text.utf8
            func characters(_ offset: Int) -> Int {
                String(decoding: utf8.prefix(max(0, min(offset, utf8.count))), as: UTF8.self).unicodeScalars.count
            }
            let range = selection.range
            node.textSelection = characters(range.lowerBound)..<characters(range.upperBound)
            node.caret = characters(selection.head)
        }
        return node
    }
}
