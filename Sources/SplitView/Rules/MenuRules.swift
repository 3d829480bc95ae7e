/// The View menu's items and place, as pure functions of the interface's state.
enum MenuRules {
    typealias Column = SplitViewController.Column

    /// What the items depend on.
    struct State {
        var style: SplitViewController.Style
        var isCollapsed: Bool
        var displayMode: SplitViewController.DisplayMode
        /// Which columns show now (``SplitViewController/isShowing(_:)``).
        var showing: (Column) -> Bool
        /// True when the inspector column has a controller.
        var hasInspector: Bool
        /// How many panes can take the focus.
        var focusablePanes: Int
        /// The live key table.
        var keys: KeyBindings
        /// Whether the file's text wraps its lines, or `nil` when no pane shows text.
        var wrapsLines: Bool? = nil
        /// The words for showing a column (``SplitViewController/showTitle(of:)``): "Show
        /// Sidebar", "Show Files".
        var showTitle: (Column) -> String = { _ in "" }
        /// The words for hiding a column (``SplitViewController/hideTitle(of:)``): "Hide
        /// Sidebar", "Hide Files".
        var hideTitle: (Column) -> String = { _ in "" }
        /// The words for the secondary alone (``SplitViewController/secondaryOnlyTitle``):
        /// "File Only".
        var secondaryOnlyTitle = ""
        /// True when the display-mode action (F9) would now show or hide the primary as the
        /// sidebar item says.
        var displayModeActionTogglesPrimary = false
        /// The collapsible items of the stack splits that show: the command that toggles
        /// each, its title, and whether it shows.
        var splitItems: [(command: Command, title: String, isShowing: Bool)] = []
    }

    /// The items, top first: the columns to show or hide, in the user's words (macOS's
    /// "Hide Sidebar" / "Show Sidebar" for the primary, the app's column titles for the
    /// others: "Hide Files", "Show Inspector"), the secondary alone with a check mark ("File
    /// Only"), the inspector, each collapsible pane of a split by its title ("Hide xterm"), Wrap Long Lines with a check mark (only while a pane shows text
    /// that can wrap), then focus, then the windows. Beside each, the first key the live table binds
    /// to what it performs (macOS shows one). An item whose command would do nothing now is
    /// disabled: hiding the collapsed stack's root, the supplementary of a style without one,
    /// the secondary alone while collapsed, the inspector when there is none, focusing the
    /// next of one pane.
    ///
    /// Decided: the sidebar item performs the display-mode action whenever that action shows
    /// or hides the primary as the item says, so that F9 stands beside it; otherwise (F9
    /// would reveal the supplementary, say) it shows or hides the primary alone, with that
    /// command's own key.
    static func items(_ state: State) -> [MenuItem] {
        func item(
            _ title: String, _ command: Command, checked: Bool = false, enabled: Bool = true, group: Bool = false
        )
            -> MenuItem
        {
            MenuItem(
                title: title, shortcut: state.keys.chords(for: command).first?.displayName ?? "", command: command,
                isChecked: checked, isEnabled: enabled, startsGroup: group)
        }
        let sidebar = state.showing(.primary)
        let supplementary = state.style.hasSupplementary && state.showing(.supplementary)
        let inspector = state.showing(.inspector)
        // The pane's own setting is offered only where a pane has it, as UIKit's responder chain
        // offers a command only where a responder implements it.
        let wrapping =
            state.wrapsLines.map { [item(String(translated: "Wrap Long Lines"), .toggleLineWrapping, checked: $0)] } ?? []
        let sidebarCommand: Command =
            state.displayModeActionTogglesPrimary ? .displayModeButton : sidebar ? .hide(.primary) : .show(.primary)
        // The item that hides a column while it shows, else shows it.
        func showOrHide(_ column: Column, showing: Bool) -> String {
            showing ? state.hideTitle(column) : state.showTitle(column)
        }
        return [
            item(showOrHide(.primary, showing: sidebar), sidebarCommand, enabled: !(sidebar && state.isCollapsed)),
            item(
                showOrHide(.supplementary, showing: supplementary),
                supplementary ? .hide(.supplementary) : .show(.supplementary), enabled: state.style.hasSupplementary),
            item(
                state.secondaryOnlyTitle, .secondaryOnlyButton,
                checked: !state.isCollapsed && state.displayMode == .secondaryOnly, enabled: !state.isCollapsed),
            item(showOrHide(.inspector, showing: inspector), .toggleInspector, enabled: state.hasInspector),
        ]
            + state.splitItems.map { split in
                item(
                    split.isShowing ? String(translated: "Hide \(split.title)") : String(translated: "Show \(split.title)"),
                    split.command)
            }
            + wrapping + [
                item(String(translated: "Focus Next Pane"), .focusNextPane, enabled: state.focusablePanes > 1, group: true),
                item(String(translated: "New Window"), .newWindow, group: true),
                item(String(translated: "Close Window"), .closeWindow),
                item(String(translated: "Quit"), .quit),
            ]
    }

    /// The menu's frame: at `anchor` (its top-left corner), as wide as its longest title and
    /// shortcut, moved back inside a window of `size` when it would leave it (up and to the
    /// left first; a window too small for it shows it from the top-left corner).
    static func frame(anchor: Point, items: [MenuItem], in size: Size, measurer: any TextMeasurer) -> Rect {
        let titles = items.map { measurer.width(of: $0.title, font: .body) }.max() ?? 0
        let shortcuts = items.map { measurer.width(of: $0.shortcut, font: .caption) }.max() ?? 0
        let width =
            (MenuMetrics.margin + MenuMetrics.checkWidth + titles + MenuMetrics.shortcutGap + shortcuts + MenuMetrics.margin)
            .rounded(.up)
        let separators = Double(items.filter(\.startsGroup).count)
        let height =
            2 * MenuMetrics.padding + Double(items.count) * MenuMetrics.rowHeight + separators * MenuMetrics.separatorHeight
        let x = max(0, min(anchor.x, size.width - width))
        let y = max(0, min(anchor.y, size.height - height))
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// The top of each item's row inside the menu.
    static func rowTops(_ items: [MenuItem]) -> [Double] {
        var top = MenuMetrics.padding
        return items.map { item in
            if item.startsGroup { top += MenuMetrics.separatorHeight }
            defer { top += MenuMetrics.rowHeight }
            return top
        }
    }

    /// The item whose row holds `y` (inside the menu), or nil.
    static func row(at y: Double, _ items: [MenuItem]) -> Int? {
        zip(rowTops(items), items.indices).first { top, _ in y >= top && y < top + MenuMetrics.rowHeight }?.1
    }

    /// The next enabled item from `index` in `direction` (+1 down, -1 up), wrapping; nil when
    /// none is enabled.
    static func nextEnabled(after index: Int?, direction: Int, _ items: [MenuItem]) -> Int? {
        guard !items.isEmpty else { return nil }
        var candidate = index ?? (direction > 0 ? -1 : items.count)
        for _ in items.indices {
            candidate = (candidate + direction + items.count) % items.count
            if items[candidate].isEnabled { return candidate }
        }
        return nil
    }
}

extension Menu {
    /// The menu drawn in its own coordinates: a bar-coloured panel with a hairline border,
    /// each item's check mark, title and shortcut, separators, the highlighted item on the
    /// accent colour, disabled items faint. A pure function of the menu, the theme and the
    /// measurer.
    func displayList(theme: Theme, measurer: any TextMeasurer) -> DisplayList {
        let size = frame.size
        var list = DisplayList(size: size)
        list.append(.fill(Rect(origin: .zero, size: size), theme.barBackground))
        let body = measurer.metrics(of: .body), caption = measurer.metrics(of: .caption)
        for (index, top) in MenuRules.rowTops(items).enumerated() {
            let item = items[index]
            if item.startsGroup {
                let y = (top - MenuMetrics.separatorHeight / 2).rounded(.down)
                list.append(
                    .fill(Rect(x: MenuMetrics.margin, y: y, width: size.width - 2 * MenuMetrics.margin, height: 1), theme.divider)
                )
            }
            let row = Rect(x: 0, y: top, width: size.width, height: MenuMetrics.rowHeight)
            let highlighted = index == highlighted && item.isEnabled
            if highlighted { list.append(.fill(row.insetBy(dx: 4, dy: 0), theme.accent)) }
            let faint = BarMetrics.disabledAlpha
            let text = highlighted ? theme.onAccent : item.isEnabled ? theme.text : theme.text.withAlpha(faint)
            let secondary = highlighted ? theme.onAccent : theme.secondaryText.withAlpha(item.isEnabled ? 255 : faint)
            if item.isChecked {
                let x = MenuMetrics.margin, y = top + MenuMetrics.rowHeight / 2
                list.append(
                    .polyline([Point(x: x + 1, y: y), Point(x: x + 5, y: y + 4), Point(x: x + 12, y: y - 5)], text, width: 2))
            }
            let titleX = MenuMetrics.margin + MenuMetrics.checkWidth
            list.append(
                .text(
                    item.title, origin: Point(x: titleX, y: body.baseline(centredIn: top, height: MenuMetrics.rowHeight)), .body,
                    text))
            if !item.shortcut.isEmpty {
                let x = size.width - MenuMetrics.margin - measurer.width(of: item.shortcut, font: .caption)
                list.append(
                    .text(
                        item.shortcut, origin: Point(x: x, y: caption.baseline(centredIn: top, height: MenuMetrics.rowHeight)),
                        .caption, secondary))
            }
        }
        list.append(.strokeRect(Rect(origin: .zero, size: size), theme.divider, width: 1))
        return list
    }
}
