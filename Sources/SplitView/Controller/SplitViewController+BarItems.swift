extension SplitViewController {
    /// The display-mode button as a bar button item, for an app to place in a bar of its
    /// choice; once placed in a showing bar, the split view adds no display-mode button of
    /// its own. It shows the button's current glyph, does the button's action, and is left out
    /// of the bar while the mode has no button.
    ///
    /// Mirrors `UISplitViewController.displayModeButtonItem`.
    public var displayModeButtonItem: BarButtonItem {
        if let item = children.displayModeItem { return item }
        let item = BarButtonItem(systemItem: .sidebar, action: .command(.displayModeButton))
        children.keepDisplayModeItem(item)
        return item
    }

    /// The display-mode item, if the app asked for it.
    var displayModeButtonItemIfLoaded: BarButtonItem? { children.displayModeItem }

    /// The buttons of an app's bar button items in `column`'s bar: the lists of its top
    /// controller's navigation `item`, left then right. The ``displayModeButtonItem``, where an app
    /// placed it, shows the display-mode button's glyph and is left out while there is no
    /// button (`target` nil).
    func itemButtons(
        _ item: NavigationItem, in column: Column, displayModeIcon: BarButton.Icon?
    )
        -> (buttons: [BarButton], placesModeItem: Bool)
    {
        guard !(item.leftBarButtonItems.isEmpty && item.rightBarButtonItems.isEmpty) else { return ([], false) }
        var buttons: [BarButton] = []
        var placesModeItem = false
        for (side, items) in [(BarButton.Side.left, item.leftBarButtonItems), (.right, item.rightBarButtonItems)] {
            for (index, barItem) in items.enumerated() {
                var icon = barItem.systemItem.map(Self.icon(for:)) ?? .none
                if barItem === displayModeButtonItemIfLoaded {
                    placesModeItem = true
                    guard let displayModeIcon else { continue }
                    icon = displayModeIcon
                }
                buttons.append(
                    BarButton(
                        kind: .item(side: side, index: index), icon: icon, column: column, frame: .zero,
                        title: barItem.title, isEnabled: barItem.isEnabled))
            }
        }
        return (buttons, placesModeItem)
    }

    /// The glyph of a system item.
    static func icon(for item: BarButtonItem.SystemItem) -> BarButton.Icon {
        switch item {
        case .sidebar: .sidebar
        case .inspector: .inspector
        case .back: .backChevron
        case .add: .add
        case .more: .more
        case .close: .close
        }
    }

    /// The item behind an `.item` button of `column`.
    func barItem(_ side: BarButton.Side, _ index: Int, in column: Column) -> BarButtonItem? {
        guard let item = children.wrapped[column]?.topViewController?.barOwner.navigationItemIfLoaded else { return nil }
        let items = side == .left ? item.leftBarButtonItems : item.rightBarButtonItems
        return items.indices.contains(index) ? items[index] : nil
    }

    /// Performs an item's action, when it is enabled.
    func press(_ item: BarButtonItem) {
        guard item.isEnabled, let action = item.action else { return }
        switch action {
        case .command(let command): perform(command)
        case .handler(let handler): handler()
        }
    }

    /// The enabled item whose ``BarButtonItem/keyEquivalent`` is `chord` in a showing pane's
    /// bar, the focused pane's first.
    func barItem(forKey chord: KeyChord) -> BarButtonItem? {
        let key = chord.withoutLocks
        var columns = layout.columns.map(\.column)
        if let focused = focus.column, let index = columns.firstIndex(of: focused) {
            columns.insert(columns.remove(at: index), at: 0)
        }
        for column in columns {
            guard let item = children.wrapped[column]?.topViewController?.barOwner.navigationItemIfLoaded else { continue }
            if let found = (item.leftBarButtonItems + item.rightBarButtonItems).first(where: {
                $0.isEnabled && $0.keyEquivalent == key
            }) {
                return found
            }
        }
        return nil
    }
}
