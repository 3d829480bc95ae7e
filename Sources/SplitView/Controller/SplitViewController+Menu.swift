/// The View menu while it is open: where it was opened, the highlighted item, and the letters
/// typed to find one.
struct MenuState: Hashable, Sendable {
    /// The menu's top-left corner as asked for (the frame moves inside the window).
    let anchor: Point
    /// The highlighted item, or nil.
    private(set) var highlighted: Int?
    /// Letters typed in quick succession pick the item they begin.
    private(set) var typeAhead = TypeAhead()
    /// A pane's context menu's items, or nil for the View menu.
    private(set) var contextItems: [MenuItem]?

    /// A menu opened at `anchor`, nothing highlighted yet: Down highlights the first item, as
    /// a menu bar's menu does. `contextItems` make it a pane's context menu.
    init(anchor: Point, contextItems: [MenuItem]? = nil) {
        self.anchor = anchor
        self.contextItems = contextItems
    }

    /// Highlights the item at `index`, or none.
    mutating func highlight(_ index: Int?) {
        highlighted = index
    }

    /// A context menu's items replaced (``SplitViewController/updateVisibleMenu(_:)``): the
    /// highlight stays on its index while the menu still has an enabled item there.
    mutating func replaceContextItems(_ items: [MenuItem]) {
        guard contextItems != nil else { return }
        contextItems = items
        if let index = highlighted, !(items.indices.contains(index) && items[index].isEnabled) { highlighted = nil }
    }

    /// `character` typed at `time`: the text to find an item by, and whether the search
    /// starts after the highlighted item (``TypeAhead/type(_:at:)``).
    mutating func type(_ character: Character, at time: Double) -> (text: String, fromNext: Bool) {
        typeAhead.type(character, at: time)
    }
}

extension SplitViewController {
    /// The View menu while it is open, with its items as they read now, or `nil`.
    public var menu: Menu? {
        guard let menuState, let size else { return nil }
        let items = menuItems()
        let frame = MenuRules.frame(anchor: menuState.anchor, items: items, in: size, measurer: textMeasurer)
        return Menu(frame: frame, items: items, highlighted: menuState.highlighted)
    }

    /// Whether the View menu is open (a pane's or a content's context menu is not it): an app
    /// that makes ``additionalMenuItems`` in ``viewMenuWillOpen`` keeps them up to date
    /// meanwhile, and only then.
    public var isViewMenuOpen: Bool { menuState != nil && menuState?.contextItems == nil }

    /// The items the menu offers now (``MenuRules/items(_:)``), then the app's
    /// (``additionalMenuItems``) as their own group, with the keys the live table binds.
    func menuItems() -> [MenuItem] {
        if let context = menuState?.contextItems {
            return context.map { item in
                var item = item
                if item.shortcut.isEmpty { item.shortcut = keyBindings.chords(for: item.command).first?.displayName ?? "" }
                return item
            }
        }
        let own = MenuRules.items(
            MenuRules.State(
                style: style, isCollapsed: isCollapsed, displayMode: displayMode, showing: { self.isShowing($0) },
                hasInspector: children.original[.inspector] != nil, focusablePanes: focusableSet.count, keys: keyBindings,
                wrapsLines: validateInPanes(.toggleLineWrapping),
                showTitle: { self.showTitle(of: $0) }, hideTitle: { self.hideTitle(of: $0) },
                secondaryOnlyTitle: secondaryOnlyTitle, displayModeActionTogglesPrimary: displayModeActionTogglesPrimary(),
                splitItems: collapsibleSplitItems))
        let added = additionalMenuItems.enumerated().map { index, item in
            var item = item
            if item.shortcut.isEmpty { item.shortcut = keyBindings.chords(for: item.command).first?.displayName ?? "" }
            item.startsGroup = item.startsGroup || index == 0
            return item
        }
        return own + added
    }

    /// Changes the open context menu (a content's, or a pane's) in place: its items are given
    /// to `update` and replaced by what it returns, and the menu stays where it is, its
    /// highlight kept on an item that is still there. Nothing happens while the View menu or
    /// no menu is open (the View menu reads ``additionalMenuItems`` whenever it draws). An
    /// empty list closes the menu.
    ///
    /// Mirrors `UIContextMenuInteraction.updateVisibleMenu(_:)`: for items that arrive while
    /// the menu is open, such as the applications a file browser's "Open With" lists once a
    /// worker has read them.
    public func updateVisibleMenu(_ update: ([MenuItem]) -> [MenuItem]) {
        guard let items = menuState?.contextItems else { return }
        let updated = update(items)
        if updated.isEmpty {
            closeMenu()
        } else {
            menuState?.replaceContextItems(updated)
        }
        publish()
    }

    /// Opens the menu with its corner at `anchor`, or by default under the focused pane's bar;
    /// `contextItems` make it a pane's own menu instead of the View menu.
    func openMenu(at anchor: Point? = nil, contextItems: [MenuItem]? = nil) {
        guard isMounted else { return }
        if contextItems == nil { viewMenuWillOpen?() }
        endPointerActivityForMenu()
        let corner =
            anchor
            ?? focus.column.flatMap { layout.frame(of: $0) }.map {
                Point(x: $0.minX + 8, y: $0.minY + LayoutMetrics.navigationBarHeight)
            }
            ?? Point(x: 8, y: LayoutMetrics.navigationBarHeight)
        menuState = MenuState(anchor: corner, contextItems: contextItems)
    }

    /// Closes the menu.
    func closeMenu() {
        menuState = nil
    }

    /// What the held button was doing ends as if cancelled, since the menu takes the pointer
    /// from now on: a divider goes back to where the drag started, a content drag ends, an
    /// edge reveal slides back (the delegate hears the gesture end), a pressed button lets go.
    private func endPointerActivityForMenu() {
        switch pointer.activity {
        case .draggingContent:
            cancelContentDrag()
        case .draggingDivider:
            if let drag = pointer.cancelDividerDrag() { cancelDrag(drag) }
        case .edgeGesture(_, let reveal):
            pointer.consumePress()
            guard reveal != nil else { break }
            if let running = transition, running.isInteractive {
                transition = Transition(from: layout, to: settledLayout, primaryEdge: modes.preferences.primaryEdge)
                beginAppearance(for: settledLayout, animated: true)
            }
            delegate?.splitViewControllerInteractivePresentationGestureDidEnd(self)
        case .draggingPane:
            cancelPaneDrag()
        case .pressingButton, .draggingScrollBar, .pressingPromptChoice, .trackingContent, .pressingPaneClose:
            pointer.consumePress()
        case .idle, .consumed:
            break
        }
        publish()
    }

    /// A right click: on a showing pane's navigation bar it opens the View menu there; on a
    /// split's pane bar, that pane's menu; on its content, the content's own menu
    /// (``ViewController/contextMenu(at:in:)``), if any.
    func contextMenu(at point: Point) {
        guard isMounted, let placement = layout.columns.last(where: { $0.frame.contains(point) }) else { return }
        if let bar = paneBar(at: point) { return openPaneMenu(bar, at: point) }
        if point.y - placement.frame.minY < LayoutMetrics.navigationBarHeight { return openMenu(at: point) }
        guard !placement.isDimmed else { return }
        openContextMenu(in: placement.column, at: point)
    }

    /// Opens the context menu of `column`'s content (the focused column's with `column`
    /// nil) for the pointer at `point`, or for its selection with `point` nil (Shift+F10, the
    /// Menu key); nothing when the content has none or it is empty. A right click focuses
    /// the pane first, as a click does.
    func openContextMenu(in column: Column? = nil, at point: Point?) {
        guard isMounted, let column = column ?? focus.column, let placement = layout.placement(of: column),
            let vc = children.wrapped[column]
        else { return }
        let bounds = LayoutComputation.contentBounds(ofPaneSized: placement.frame.size)
        let local = point.map { Point(x: $0.x - placement.frame.minX, y: $0.y - placement.frame.minY) }
        if point != nil, focus.column != column { focusPane(column, byUser: true) }
        guard let menu = vc.contextMenu(at: local, in: bounds), !menu.items.isEmpty else { return publish() }
        endPointerActivityForMenu()
        let corner = Point(x: placement.frame.minX + menu.anchor.x, y: placement.frame.minY + menu.anchor.y)
        menuState = MenuState(anchor: corner, contextItems: menu.items)
    }

    /// An input while the menu is open: the menu takes it all (it is modal, as menus are).
    /// Keys choose; the pointer highlights and chooses on release; a press outside closes it.
    func handleWhileMenuOpen(_ input: Input) {
        guard var state = menuState, let menu else { return closeMenu() }
        let items = menu.items
        func local(_ point: Point) -> Point? {
            menu.frame.contains(point) ? Point(x: point.x - menu.frame.minX, y: point.y - menu.frame.minY) : nil
        }
        switch input {
        case .key(let chord):
            let key = chord.withoutLocks
            switch (key.key, key.modifiers.isEmpty) {
            case (.down, true): state.highlight(MenuRules.nextEnabled(after: state.highlighted, direction: 1, items))
            case (.up, true): state.highlight(MenuRules.nextEnabled(after: state.highlighted, direction: -1, items))
            case (.home, true): state.highlight(MenuRules.nextEnabled(after: nil, direction: 1, items))
            case (.end, true): state.highlight(MenuRules.nextEnabled(after: nil, direction: -1, items))
            case (.return, true): return choose(state.highlighted, items)
            case (.escape, true), (.f10, true): return closeMenu()
            case (.character(let character), _) where key.modifiers.subtracting(.shift).isEmpty:
                let (text, fromNext) = state.type(character, at: now)
                let start = (state.highlighted ?? 0) + (fromNext ? 1 : 0)
                if let found = items.indices.map({ ($0 + start) % items.count })
                    .first(where: { items[$0].isEnabled && items[$0].title.lowercased().hasPrefix(text) })
                {
                    state.highlight(found)
                }
            default: break
            }
        case .pointerMoved(let point):
            if let inside = local(point), let row = MenuRules.row(at: inside.y, items), items[row].isEnabled {
                state.highlight(row)
            }
        case .pointerUp(let point):
            if let inside = local(point), let row = MenuRules.row(at: inside.y, items) { return choose(row, items) }
        case .pointerDown(let point, _), .contextMenu(let point), .doubleClick(let point), .tripleClick(let point):
            // A press outside the menu closes it and goes no further, as a menu's does.
            if local(point) == nil { return closeMenu() }
        case .command(let command):
            closeMenu()
            if command != .showMenu && command != .showContextMenu { perform(command) }
            return
        // `.typed` arrives as `.key`.
        case .resize, .tick, .pointerExited, .scroll, .foreignContent, .selectionTaken, .selectionReceived, .typed, .externalDrag,
            .markedText:
            break
        }
        menuState = state
    }

    /// Performs the item at `index` if it is enabled, closing the menu first.
    func choose(_ index: Int?, _ items: [MenuItem]) {
        guard let index, items.indices.contains(index), items[index].isEnabled else { return }
        closeMenu()
        perform(items[index].command)
    }
}

extension SplitViewController {
    /// What the open menu draws, in its own coordinates (its ``Menu/frame`` gives the place),
    /// or `nil` while it is closed. The host shows it above the panes.
    public func menuDisplayList() -> DisplayList? {
        menu?.displayList(theme: theme, measurer: textMeasurer)
    }
}
