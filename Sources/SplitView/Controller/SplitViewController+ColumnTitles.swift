extension SplitViewController {
    /// The name of `column` in the View menu and on the bar buttons: "Sidebar" for the
    /// primary, else the app's ``columnTitles`` entry, else Content, Detail or Inspector.
    public func menuTitle(of column: Column) -> String {
        if let title = appTitle(of: column) { return title }
        switch column {
        case .primary: return String(translated: "Sidebar")
        case .supplementary: return String(translated: "Content")
        case .inspector: return String(translated: "Inspector")
        default: return String(translated: "Detail")
        }
    }

    /// The app's ``columnTitles`` entry for `column`, or nil where the split view names it
    /// (always for the primary, which is the Sidebar).
    private func appTitle(of column: Column) -> String? {
        guard column != .primary, let title = columnTitles[column], !title.isEmpty else { return nil }
        return title
    }

    /// The View menu's words for showing `column`: "Show Sidebar", "Show Files" (the app's
    /// title), "Show Inspector". Each of the split view's own names is a whole phrase, so that
    /// a translation can say it as its language does.
    func showTitle(of column: Column) -> String {
        if let title = appTitle(of: column) { return String(translated: "Show \(title)") }
        switch column {
        case .primary: return String(translated: "Show Sidebar")
        case .supplementary: return String(translated: "Show Content")
        case .inspector: return String(translated: "Show Inspector")
        default: return String(translated: "Show Detail")
        }
    }

    /// The View menu's words for hiding `column`: "Hide Sidebar", "Hide Files", "Hide
    /// Inspector".
    func hideTitle(of column: Column) -> String {
        if let title = appTitle(of: column) { return String(translated: "Hide \(title)") }
        switch column {
        case .primary: return String(translated: "Hide Sidebar")
        case .supplementary: return String(translated: "Hide Content")
        case .inspector: return String(translated: "Hide Inspector")
        default: return String(translated: "Hide Detail")
        }
    }

    /// The View menu's words for the secondary alone: "Detail Only", "File Only" (the app's
    /// title).
    var secondaryOnlyTitle: String {
        if let title = appTitle(of: .secondary) { return String(translated: "\(title) Only") }
        return String(translated: "Detail Only")
    }

    /// A column's name where nothing better names it (a back button to a column whose
    /// controller has no title): "Primary", "Supplementary", …
    func fallbackTitle(of column: Column) -> String {
        switch column {
        case .primary: String(translated: "Primary")
        case .supplementary: String(translated: "Supplementary")
        case .secondary: String(translated: "Secondary")
        case .compact: String(translated: "Compact")
        case .inspector: String(translated: "Inspector")
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
            return after.contains(column) ? showTitle(of: column) : hideTitle(of: column)
        }
        return nil
    }
}
