/// A list's accessible nodes: the rows on screen.
extension ListViewController {
    /// The list (or tree) node with a child per row on screen: every selected row says so,
    /// the lead alone is focused, and a list that selects several is multiselectable.
    func accessibleList(in context: AccessibleContext) -> AccessibleNode {
        let bounds = context.bounds
        let count = shownCount
        let height = rowHeight
        var rows: [AccessibleNode] = []
        var isTree = false
        if count > 0 && height > 0 {
            let offset = min(max(0, scrollOffset), max(0, Double(count) * height - bounds.height))
            let first = max(0, Int(offset / height))
            let last = min(count - 1, Int((offset + bounds.height) / height))
            if first <= last {
                for position in first...last {
                    let index = row(atPosition: position)
                    let item = item(at: index)
                    let top = bounds.minY + Double(position) * height - offset
                    var states = context.baseStates.union(.selectable)
                    if selectedIndexes.contains(index) { states.insert(.selected) }
                    // The lead row alone has the focus: the one the keys move from.
                    if index == selectedIndex && context.isFocused { states.insert(.focused) }
                    if let disclosure = item.disclosure {
                        isTree = true
                        states.insert(.expandable)
                        if disclosure == .expanded { states.insert(.expanded) }
                    }
                    var node = AccessibleNode(
                        id: context.id.appending("row.\(index)"), role: .listItem, name: item.title, states: states,
                        frame: context.window(Rect(x: bounds.minX, y: top, width: bounds.width, height: height)))
                    node.description = item.subtitle ?? ""
                    node.level = item.indentation + 1
                    node.actions = ["activate"]
                    rows.append(node)
                }
            }
        }
        if isTree {
            for index in rows.indices { rows[index].role = .treeItem }
        }
        var list = AccessibleNode(
            id: context.id.appending("list"), role: isTree ? .tree : .list, name: title,
            states: context.baseStates.union(.focusable).union(context.isFocused && selectedIndex == nil ? .focused : [])
                .union(allowsMultipleSelection ? .multiselectable : []),
            frame: context.window(bounds), children: rows)
        if count == 0 { list.description = emptyText }
        return list
    }

    /// The row index an accessible id names, when that row exists.
    func accessibleRowIndex(_ id: AccessibleNode.ID, in context: AccessibleContext) -> Int? {
        let prefix = context.id.appending("row.").path
        guard id.path.hasPrefix(prefix), let index = Int(id.path.dropFirst(prefix.count)), index >= 0, index < rowCount
        else { return nil }
        return index
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
