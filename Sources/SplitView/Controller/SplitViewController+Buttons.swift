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
        // Where the display-mode button goes, asked of the delegate once per layout.
        var target: DisplayMode?
        if collapsed {
            if let top = collapse.stack.last, let title = backTitle(in: top, collapsed: true) {
                add(BarButton(kind: .back, icon: .backChevron, column: top, frame: .zero, title: title))
            }
            if let top = collapse.stack.last, let item = children.wrapped[top]?.topViewController?.barOwner.navigationItemIfLoaded
            {
                items = itemButtons(item, in: top, displayModeIcon: nil).buttons
            }
            // Decided: the inspector's sheet has a close button at its bar's leading end, as
            // a sheet has its Close or Done, so that the pointer alone can dismiss it.
            if layout.placement(of: .inspector)?.presentation == .sheet {
                add(BarButton(kind: .closeInspector, icon: .close, column: .inspector, frame: .zero))
            }
        } else {
            target = showsDisplayModeButton ? displayModeButtonTarget(mode: mode, behavior: behavior) : nil
            let modeIcon = target.map { ButtonRules.displayModeIcon(style: style, behavior: behavior, target: $0) }
            var placesModeItem = false
            // One look at each column's navigation stack: its back button and its items.
            let wrappers = children.wrapped
            for placement in layout.columns {
                guard let wrapper = wrappers[placement.column] else { continue }
                if wrapper.backViewController != nil, let title = backTitle(in: placement.column, collapsed: false) {
                    add(BarButton(kind: .back, icon: .backChevron, column: placement.column, frame: .zero, title: title))
                }
                guard let item = wrapper.topViewController?.barOwner.navigationItemIfLoaded else { continue }
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
        var placed = ButtonRules.placed(buttons, in: layout, primaryEdge: modes.preferences.primaryEdge) {
            measurer.width(of: $0, font: .body)
        }
        // The target asked above, once: naming the buttons asks the delegate nothing more.
        let modeTitle = target.flatMap { changeTitle(from: mode, to: $0) } ?? menuTitle(of: .primary)
        for index in placed.indices {
            placed[index].accessibilityLabel = accessibilityLabel(of: placed[index], displayModeTitle: modeTitle)
        }
        return placed
    }

    /// A button's name, in the View menu's words (``BarButton/accessibilityLabel``): the
    /// display-mode button names the column its action shows or hides, the secondary-only
    /// button the secondary alone, the sheet's close button and an inspector item what they
    /// do to the inspector.
    private func accessibilityLabel(of button: BarButton, displayModeTitle displayMode: String) -> String {
        let inspector = modes.inspectorShown ? hideTitle(of: .inspector) : showTitle(of: .inspector)
        switch button.kind {
        case .displayMode: return displayMode
        case .secondaryOnly: return secondaryOnlyTitle
        case .back: return String(translated: "Back")
        case .closeInspector: return hideTitle(of: .inspector)
        case .item(let side, let index):
            guard let item = barItem(side, index, in: button.column) else { return button.title }
            if !item.title.isEmpty { return item.title }
            switch item.action {
            case .command(.toggleInspector)?: return inspector
            case .command(.displayModeButton)?: return displayMode
            case .command(.secondaryOnlyButton)?: return secondaryOnlyTitle
            case .command(.showMenu)?: return String(translated: "View Menu")
            default: return ""
            }
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
    ///
    /// Decided: a back title that repeats the bar's own title is "Back" (a folder's files
    /// over the outline rooted at that same folder read "‹ Notes   Notes"), as UIKit says
    /// "Back" where the previous title will not do.
    private func backTitle(in column: Column, collapsed: Bool) -> String? {
        let shown = children.wrapped[column]?.topViewController?.barTitle
        func unlessRepeated(_ title: String) -> String { title == shown ? String(translated: "Back") : title }
        if let back = children.wrapped[column]?.backViewController { return unlessRepeated(back.title) }
        guard collapsed, collapse.stack.count > 1 else { return nil }
        let below = collapse.stack[collapse.stack.count - 2]
        return unlessRepeated(children.wrapped[below]?.topViewController?.title ?? fallbackTitle(of: below))
    }
}
