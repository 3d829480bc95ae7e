/// The window as a screen reader meets it: the accessible tree, built from the same state the
/// display lists are, the events that take a listener from the last tree to this one, and
/// the actions a screen reader can do.
extension SplitViewController {
    /// The window's accessible tree: a frame named `title`, holding a split pane of the columns
    /// that have content — a panel each, named by the title its bar shows, not showing while
    /// hidden or collapsed away — with the bar's buttons (named by what they do, as the View
    /// menu says it, with their keys), the bar's text field as an entry, the content's own
    /// nodes (``ViewController/accessibleNodes(in:)``) and a prompt as an alert; then the open
    /// menu with its items. Exactly one node is focused: the menu's highlighted item while it
    /// is open, else the focused content's (its selected row, its document), else its pane.
    ///
    /// A read, as the display lists are: call it after ``layoutPanes()``.
    public func accessibleTree(title: String, isActive: Bool = true) -> AccessibleNode {
        let shown: AccessibleNode.States = [.showing, .visible, .enabled]
        var window = AccessibleNode(
            id: .init("window"), role: .frame, name: title, states: shown.union(isActive ? .active : []),
            frame: Rect(origin: .zero, size: layout.size))
        let contentHasKeys = menuState == nil && prompt == nil && !focus.hasDivider
        var panels: [AccessibleNode] = []
        // The compact column is the collapsed interface's one stack.
        for column in [Column.primary, .supplementary, .secondary, .inspector, .compact] {
            guard let wrapper = children.wrapped[column], column != .compact || layout.placement(of: column) != nil else {
                continue
            }
            let placement = layout.placement(of: column)
            let id = AccessibleNode.ID("column.\(column.name)")
            let shows = placement != nil
            var name = wrapper.topViewController?.barTitle ?? ""
            if name.isEmpty { name = menuTitle(of: column) }
            var panel = AccessibleNode(
                id: id, role: .panel, name: name, states: shows ? shown.union(.focusable) : [.enabled, .focusable],
                frame: placement?.frame ?? .zero)
            if let placement {
                panel.children += accessibleButtons(in: column)
                if let field = wrapper.topViewController?.barField {
                    var entry = AccessibleNode(
                        id: id.appending("field"), role: .entry,
                        name: field.accessibilityLabel ?? field.label ?? field.placeholder ?? "",
                        states: shown.union([.editable, .focusable]),
                        frame: Rect(
                            x: placement.frame.minX, y: placement.frame.minY, width: placement.frame.width,
                            height: LayoutMetrics.navigationBarHeight))
                    entry.text = field.text
                    entry.caret = field.caret
                    if contentHasKeys && focus.isPaneFocused(column) { entry.states.insert(.focused) }
                    panel.children.append(entry)
                }
                let context = AccessibleContext(
                    id: id.appending("content"), origin: placement.frame.origin,
                    bounds: LayoutComputation.contentBounds(ofPaneSized: placement.frame.size),
                    isFocused: contentHasKeys && focus.isPaneFocused(column) && wrapper.topViewController?.barField == nil,
                    isShowing: true)
                panel.children += wrapper.accessibleNodes(in: context)
                if let prompt, promptColumn == column { panel.children.append(accessibleAlert(prompt, in: placement)) }
            }
            panels.append(panel)
        }
        window.children.append(
            AccessibleNode(
                id: .init("columns"), role: .splitPane, name: String(translated: "Columns"), states: shown, frame: window.frame,
                children: panels))
        if let menu { window.children.append(accessibleMenu(menu)) }
        // Exactly one focused node: the content's, else the focused pane.
        if !window.allNodes.contains(where: { $0.states.contains(.focused) }) {
            let pane = focus.column.map { AccessibleNode.ID("column.\($0.name)") }
            let target = pane.flatMap { window.node($0) != nil ? $0 : nil } ?? window.id
            window = Self.marking(window, focused: target)
        }
        return window
    }

    /// The tree now and the events since the last call (none told before: only the focus).
    public func takeAccessibleChanges(title: String, isActive: Bool = true) -> (tree: AccessibleNode, events: [AccessibleEvent]) {
        let tree = accessibleTree(title: title, isActive: isActive)
        let events = AccessibleEvent.changes(from: lastAccessibleTree, to: tree)
        lastAccessibleTree = tree
        return (tree, events)
    }

    /// Does what a click on the node `id` does — a button pressed, a menu item chosen, a
    /// prompt answered, a row selected — and returns true; false for a node with no action.
    ///
    /// `name` is the click (`activate`, as rows name it, or `click`, as buttons and menu items
    /// do) or `select`, which a list's row takes from a screen reader's Selection interface:
    /// the row is selected as the arrow keys select it, without the click's opening and
    /// without moving the keyboard.
    @discardableResult
    public func performAccessibleAction(_ id: AccessibleNode.ID, named name: String = "activate") -> Bool {
        guard isMounted else { return false }
        let isClick = name == "activate" || name == "click"
        guard isClick || id.path.contains(".content.") else { return false }
        defer { publish() }
        if id.path.hasPrefix("menu.item."), let menu, let index = Int(id.path.dropFirst("menu.item.".count)) {
            choose(index, menu.items)
            return menu.items.indices.contains(index)
        }
        for button in layout.buttons where accessibleID(of: button) == id {
            guard button.isEnabled else { return false }
            press(button.kind, in: button.column)
            return true
        }
        if id.path.hasSuffix(".alert.ok") || id.path.hasSuffix(".alert.cancel"), prompt != nil {
            perform(id.path.hasSuffix(".ok") ? .activate : .cancel)
            return true
        }
        if let prompt, let range = id.path.firstRange(of: ".alert.choice."), let index = Int(id.path[range.upperBound...]),
            prompt.choices.indices.contains(index)
        {
            answerPrompt(.choice(index))
            return true
        }
        for column in Column.allCases {
            let prefix = "column.\(column.name).content."
            guard id.path.hasPrefix(prefix), let placement = layout.placement(of: column), let wrapper = children.wrapped[column]
            else { continue }
            if isClick { focusPane(column, byUser: true) }
            let context = AccessibleContext(
                id: .init("column.\(column.name).content"), origin: placement.frame.origin,
                bounds: LayoutComputation.contentBounds(ofPaneSized: placement.frame.size), isFocused: true, isShowing: true)
            return wrapper.performAccessibleAction(isClick ? "activate" : name, on: id, in: context)
        }
        return false
    }

    /// The node `id` names and its parent's id, when the window's tree does not hold it: a
    /// list's row off screen, made now for a reader that asks for it (the tree holds the
    /// rows on screen). Nil for an id nothing names.
    public func accessibleNode(_ id: AccessibleNode.ID) -> (node: AccessibleNode, parent: AccessibleNode.ID)? {
        guard let (wrapper, context) = accessibleContent(holding: id) else { return nil }
        return wrapper.accessibleNode(id, in: context)
    }

    /// The child at `index` of the node `id`, which holds only some of its children (a list:
    /// its row at that position), made now; nil when there is none.
    public func accessibleChild(at index: Int, of id: AccessibleNode.ID) -> AccessibleNode? {
        guard let (wrapper, context) = accessibleContent(holding: id) else { return nil }
        return wrapper.accessibleChild(at: index, of: id, in: context)
    }

    /// The content whose nodes `id` extends, and its context as the tree builds it.
    private func accessibleContent(holding id: AccessibleNode.ID) -> (ViewController, AccessibleContext)? {
        let contentHasKeys = menuState == nil && prompt == nil && !focus.hasDivider
        for column in Column.allCases {
            let content = AccessibleNode.ID("column.\(column.name).content")
            guard id.path.hasPrefix(content.path + "."), let placement = layout.placement(of: column),
                let wrapper = children.wrapped[column]
            else { continue }
            let context = AccessibleContext(
                id: content, origin: placement.frame.origin,
                bounds: LayoutComputation.contentBounds(ofPaneSized: placement.frame.size),
                isFocused: contentHasKeys && focus.isPaneFocused(column) && wrapper.topViewController?.barField == nil,
                isShowing: true)
            return (wrapper, context)
        }
        return nil
    }

    /// A button's id: its column's, then what it is.
    func accessibleID(of button: BarButton) -> AccessibleNode.ID {
        let kind: String
        switch button.kind {
        case .displayMode: kind = "displayMode"
        case .secondaryOnly: kind = "secondaryOnly"
        case .back: kind = "back"
        case .closeInspector: kind = "closeInspector"
        case .item(let side, let index): kind = "item.\(side == .left ? "left" : "right").\(index)"
        }
        return AccessibleNode.ID("column.\(button.column.name).button.\(kind)")
    }

    /// The bar's buttons of `column`: named by what they do, with the key that does it.
    private func accessibleButtons(in column: Column) -> [AccessibleNode] {
        layout.buttons.filter { $0.column == column }.map { button in
            var node = AccessibleNode(
                id: accessibleID(of: button), role: .pushButton,
                name: button.accessibilityLabel.isEmpty ? button.title : button.accessibilityLabel,
                states: button.isEnabled ? [.showing, .visible, .enabled, .focusable] : [.showing, .visible], frame: button.frame)
            node.actions = ["click"]
            let command: Command? =
                switch button.kind {
                case .displayMode: .displayModeButton
                case .secondaryOnly: .secondaryOnlyButton
                case .back: .back
                case .closeInspector: .hide(.inspector)
                case .item(let side, let index):
                    if case .command(let command)? = barItem(side, index, in: column)?.action { command } else { nil }
                }
            // The key the live table binds to the button's command; else the item's own key.
            var key = command.flatMap { keyBindings.chords(for: $0).first }
            if key == nil, case .item(let side, let index) = button.kind {
                key = barItem(side, index, in: column)?.keyEquivalent
            }
            node.keyBinding = key?.displayName ?? ""
            node.description = node.keyBinding
            return node
        }
    }

    /// The prompt as an alert with its answers: its choices (a check box choice is a
    /// checkable button), then OK and Cancel, each named by its own title.
    private func accessibleAlert(_ prompt: Prompt, in placement: ColumnPlacement) -> AccessibleNode {
        let id = AccessibleNode.ID("column.\(placement.column.name).alert")
        let shown: AccessibleNode.States = [.showing, .visible, .enabled]
        var choices = prompt.choices.enumerated().map { index, choice in
            var states = shown.union(.focusable)
            if let checked = choice.isChecked { states.formUnion(checked ? [.checkable, .checked] : .checkable) }
            var node = AccessibleNode(id: id.appending("choice.\(index)"), role: .pushButton, name: choice.title, states: states)
            node.keyBinding = choice.key.displayName
            node.actions = ["click"]
            return node
        }
        var ok = AccessibleNode(
            id: id.appending("ok"), role: .pushButton, name: prompt.acceptTitle, states: shown.union([.focusable, .focused]))
        ok.keyBinding = KeyChord.Key.return.displayName
        ok.actions = ["click"]
        var cancel = AccessibleNode(
            id: id.appending("cancel"), role: .pushButton, name: prompt.cancelTitle, states: shown.union(.focusable))
        cancel.keyBinding = KeyChord.Key.escape.displayName
        cancel.actions = ["click"]
        choices += [ok, cancel]
        return AccessibleNode(
            id: id, role: .alert, name: prompt.message, states: shown, frame: placement.frame, children: choices)
    }

    /// The menu with its items: checked, disabled, the highlighted one focused.
    private func accessibleMenu(_ menu: Menu) -> AccessibleNode {
        let shown: AccessibleNode.States = [.showing, .visible]
        let items = menu.items.enumerated().map { index, item in
            var node = AccessibleNode(
                id: .init("menu.item.\(index)"), role: item.isChecked ? .checkMenuItem : .menuItem, name: item.title,
                states: shown.union(item.isEnabled ? [.enabled, .focusable] : []).union(
                    item.isChecked ? [.checkable, .checked] : []
                )
                .union(menu.highlighted == index ? .focused : []),
                frame: menu.frame)
            node.keyBinding = item.shortcut
            node.description = item.shortcut
            node.actions = ["click"]
            return node
        }
        var node = AccessibleNode(
            id: .init("menu"), role: .menu, name: String(translated: "View"), states: shown.union(.enabled), frame: menu.frame,
            children: items)
        if menu.highlighted == nil { node.states.insert(.focused) }
        return node
    }

    /// `tree` with the node `id` focused.
    private static func marking(_ tree: AccessibleNode, focused id: AccessibleNode.ID) -> AccessibleNode {
        var copy = tree
        if copy.id == id { copy.states.insert(.focused) }
        copy.children = copy.children.map { marking($0, focused: id) }
        return copy
    }
}
