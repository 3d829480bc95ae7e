extension SplitViewController {
    /// The name of `column` in the View menu and on the bar buttons: "Sidebar" for the
    /// primary, else the app's ``columnTitles`` entry, else Content, Detail or Inspector.
    public func menuTitle(of column: Column) -> String {
        if column == .primary { return "Sidebar" }
        if let title = columnTitles[column], !title.isEmpty { return title }
        switch column {
        case .supplementary: return "Content"
        case .inspector: return "Inspector"
        default: return "Detail"
        }
    }

    /// True when the display-mode action (F9, the sidebar button) would now show or hide the
    /// primary, as the View menu's sidebar item says it does: the item then performs that
    /// action, and shows its key. Collapsed, the action goes to the primary.
    ///
    /// Decided: judged by the split view's own button rule, without asking the delegate's
    /// `targetDisplayModeForAction`: the menu is read while it is drawn, and drawing calls
    /// nothing out (the delegate is asked when the action happens, as UIKit asks it).
    func displayModeActionTogglesPrimary() -> Bool {
        guard isMounted else { return false }
        if isCollapsed { return !isShowing(.primary) }
        let target: DisplayMode?
        if let button = ModeRules.displayModeButtonTarget(
            style: style, mode: displayMode, behavior: splitBehavior, asked: { .automatic })
        {
            target = button
        } else if displayMode.dimsSecondary {
            target = ModeRules.dismissTarget(of: displayMode)
        } else if displayMode == .secondaryOnly {
            target = secondaryOnlyButtonTarget()
        } else {
            target = nil
        }
        guard let target else { return false }
        return LayoutComputation.besideColumns(target, style: style).contains(.primary) != isShowing(.primary)
    }

    /// What going from `mode` to `target` does, in the menu's words: "Show Sidebar",
    /// "Hide Files" — the first column (from the primary) that it shows or hides — or `nil`
    /// when it changes none.
    func changeTitle(from mode: DisplayMode, to target: DisplayMode) -> String? {
        let before = LayoutComputation.besideColumns(mode, style: style)
        let after = LayoutComputation.besideColumns(target, style: style)
        for column in [Column.primary, .supplementary] where before.contains(column) != after.contains(column) {
            return (after.contains(column) ? "Show " : "Hide ") + menuTitle(of: column)
        }
        return nil
    }
}
