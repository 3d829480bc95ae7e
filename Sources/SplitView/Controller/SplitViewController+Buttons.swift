extension SplitViewController {
    /// The buttons of every bar in `layout`: a back button where a stack is deeper than one,
    /// the display-mode button (<doc:DisplayModeButton>, with ``displayModeButtonVisibility``), and the
    /// secondary-only button.
    func barButtons(for layout: Layout, collapsed: Bool, mode: DisplayMode, behavior: SplitBehavior) -> [BarButton] {
        var buttons: [BarButton] = []
        // Room for a back button per column and the two buttons of the split view: one
        // allocation, where growing one append at a time took several.
        buttons.reserveCapacity(layout.columns.count + 2)
        // An app's items follow the split view's own buttons in each bar.
        var items: [BarButton] = []
        func add(_ button: BarButton) { buttons.append(button) }
        if collapsed {
            if let top = collapse.stack.last, let title = backTitle(in: top, collapsed: true) {
                add(BarButton(kind: .back, icon: .backChevron, column: top, frame: .zero, title: title))
            }
            if let top = collapse.stack.last, let item = children.wrapped[top]?.topViewController?.navigationItemIfLoaded {
                items = itemButtons(item, in: top, displayModeIcon: nil).buttons
            }
        } else {
            let target = showsDisplayModeButton ? displayModeButtonTarget(mode: mode, behavior: behavior) : nil
            let modeIcon = target.map { ButtonRules.displayModeIcon(style: style, behavior: behavior, target: $0) }
            var placesModeItem = false
            // One look at each column's navigation stack: its back button and its items.
            let wrappers = children.wrapped
            for placement in layout.columns {
                guard let wrapper = wrappers[placement.column] else { continue }
                if let back = wrapper.backViewController {
                    add(BarButton(kind: .back, icon: .backChevron, column: placement.column, frame: .zero, title: back.title))
                }
                guard let item = wrapper.topViewController?.navigationItemIfLoaded else { continue }
                let (columnItems, placed) = itemButtons(item, in: placement.column, displayModeIcon: modeIcon)
                items += columnItems
                placesModeItem = placesModeItem || placed
            }
            if let modeIcon, !placesModeItem {
                add(
                    BarButton(
                        kind: .displayMode, icon: modeIcon,
                        column: ButtonRules.displayModeButtonColumn(style: style, layout: layout), frame: .zero))
            }
            if style.hasSupplementary && modes.preferences.showsSecondaryOnlyButton {
                add(
                    BarButton(
                        kind: .secondaryOnly, icon: mode == .secondaryOnly ? .collapseArrows : .expandArrows,
                        column: .secondary, frame: .zero))
            }
        }
        if !items.isEmpty { buttons += items }
        let measurer = textMeasurer
        return ButtonRules.placed(buttons, in: layout, primaryEdge: modes.preferences.primaryEdge) {
            measurer.width(of: $0, font: .body)
        }
    }

    /// Whether the display-mode button may show at all: `.always`, or `.automatic` with
    /// `presentsWithGesture`.
    private var showsDisplayModeButton: Bool {
        switch modes.preferences.displayModeButtonVisibility {
        case .always: true
        case .never: false
        case .automatic: modes.preferences.presentsWithGesture
        }
    }

    /// The title of the level a back button in `column` returns to, or `nil` when there is
    /// none: the column's own stack first, then (collapsed) the column below in the stack.
    private func backTitle(in column: Column, collapsed: Bool) -> String? {
        if let back = children.wrapped[column]?.backViewController { return back.title }
        guard collapsed, collapse.stack.count > 1 else { return nil }
        let below = collapse.stack[collapse.stack.count - 2]
        return children.wrapped[below]?.topViewController?.title ?? below.name.capitalized
    }
}

extension String {
    /// The string with its first letter in upper case: "primary" → "Primary".
    var capitalized: String { prefix(1).uppercased() + dropFirst() }
}
