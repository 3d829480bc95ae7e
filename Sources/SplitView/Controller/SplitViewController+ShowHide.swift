extension SplitViewController {
    /// Shows `column`, animated.
    ///
    /// Mirrors `UISplitViewController.show(_:)` (<doc:ShowingAndHidingColumns>). Expanded: ignored for `.secondary` or
    /// a column already showing; otherwise the nearest mode of the current behavior that shows
    /// it (`.primary` in a triple column → `twoBeside…`/`twoOver…`/`twoDisplace…`), recorded
    /// as the new preferred mode as UIKit does. Collapsed: pushes the column and the columns
    /// between, pops the columns covering it, or does nothing when it is on top. The
    /// inspector is revealed (a sheet while collapsed). `.compact` is ignored. The delegate
    /// gets `willChangeTo`, not `willShow`.
    ///
    /// The classic style, where UIKit ignores this method: ours accepts the primary, the
    /// secondary and the inspector (decided, a superset, so that the keys that reveal panes
    /// work in every style), and ignores the columns the classic interface does not have.
    public func show(_ column: Column) { show(column, cause: .programmatic) }

    /// Hides `column`, animated.
    ///
    /// Mirrors `UISplitViewController.hide(_:)` (<doc:ShowingAndHidingColumns>). Expanded: ignored for `.secondary` or
    /// a column not showing; otherwise the nearest mode that hides it. Collapsed: ignored for
    /// `.primary` or a column not on top; otherwise it is popped. `.compact` is ignored.
    public func hide(_ column: Column) { hide(column, cause: .programmatic) }

    /// True when `column` is on screen: in the current mode while expanded, on top of the
    /// stack while collapsed; the inspector while it is revealed.
    ///
    /// Mirrors `UISplitViewController.isShowing(_:)`.
    public func isShowing(_ column: Column) -> Bool {
        switch column {
        case .inspector: return modes.inspectorShown && isMounted
        case .compact: return isCollapsed && collapse.stack.last == .compact
        default:
            if isCollapsed && style.isClassic && column == .secondary { return classicShowsSecondaryCollapsed }
            if isCollapsed { return collapse.stack.last == column }
            if column == .secondary { return isMounted }
            return LayoutComputation.besideColumns(displayMode, style: style).contains(column)
        }
    }

    func show(_ column: Column, cause: ChangeCause) {
        guard column != .compact else { return }
        if column == .inspector { return setInspectorShown(true, cause: cause) }
        if isCollapsed && style.isClassic && column == .secondary { return showClassicSecondaryCollapsed(cause: cause) }
        if isCollapsed { return showCollapsed(column, cause: cause) }
        guard column != .secondary, !isShowing(column), let target = nearestMode(showing: column) else { return }
        requestDisplayMode(target, cause: cause)
    }

    func hide(_ column: Column, cause: ChangeCause) {
        guard column != .compact else { return }
        if column == .inspector { return setInspectorShown(false, cause: cause) }
        if isCollapsed && style.isClassic && column == .secondary, classicShowsSecondaryCollapsed,
            let navigation = children.original[.primary] as? NavigationController
        {
            navigation.popViewController(animated: true)
            return
        }
        if isCollapsed {
            guard column != .primary, collapse.stack.last == column, collapse.stack.count > 1 else { return }
            collapse.popTop()
            return relayout(cause, animated: true)
        }
        guard column != .secondary, isShowing(column), let target = nearestMode(hiding: column) else { return }
        requestDisplayMode(target, cause: cause)
    }

    func showCollapsed(_ column: Column, cause: ChangeCause) {
        guard collapse.stack != [.compact] else { return }
        let ladder = stackColumns
        guard ladder.contains(column), collapse.stack.last != column else { return }
        let pushing = !collapse.stack.contains(column)
        collapse.show(column, on: ladder)
        relayout(cause, animated: true, pushing: pushing)
    }

    /// Reveals or hides the inspector. While collapsed it is a sheet "over the secondary
    /// column" (UIKit's `UISplitViewController` documentation): revealing it brings the secondary to the top of the stack first, as
    /// ``show(_:)`` would, unless the stack is the compact column's, which has no secondary
    /// (decided: the sheet then lies over the compact column).
    private func setInspectorShown(_ shown: Bool, cause: ChangeCause) {
        guard modes.inspectorShown != shown else { return }
        if shown && isCollapsed && !isShowing(.secondary) && collapse.stack != [.compact] {
            show(.secondary, cause: cause)
        }
        modes.setInspectorShown(shown)
        update(cause)
    }

    /// The mode closest to the current one that shows `column` (``ModeRules``).
    func nearestMode(showing column: Column) -> DisplayMode? {
        ModeRules.nearestMode(showing: column, style: style, current: displayMode, behavior: splitBehavior)
    }

    /// The mode closest to the current one that hides `column` (``ModeRules``).
    private func nearestMode(hiding column: Column) -> DisplayMode? {
        ModeRules.nearestMode(hiding: column, style: style, current: displayMode, behavior: splitBehavior)
    }

    // MARK: - Requests

    /// Moves to `target` on behalf of a button, key, gesture, `show`/`hide` or a setter.
    ///
    /// Tiling targets and `secondaryOnly` become the new preferred mode, so they last across
    /// resizes. An over-mode asked for while the developer did not prefer overlays shows
    /// only until the resolution changes or it is dismissed, so that a window which widens
    /// tiles its columns instead of keeping them over the secondary.
    func requestDisplayMode(_ target: DisplayMode, cause: ChangeCause) {
        guard !isCollapsed, target != .automatic else { return }
        let dismissing = displayMode.dimsSecondary && target == ModeRules.dismissTarget(of: displayMode)
        update(cause, request: modes.request(target, showing: displayMode, dismisses: dismissing))
    }

    /// The display-mode button's target, asking the delegate, or `nil` where no button
    /// exists (`presentsWithGesture` and the visibility setting aside).
    func displayModeButtonTarget() -> DisplayMode? {
        guard isMounted, !isCollapsed else { return nil }
        return displayModeButtonTarget(mode: displayMode, behavior: splitBehavior)
    }

    /// The display-mode button's target in an expanded `mode` under `behavior`, asking the
    /// delegate where a button may exist (``ModeRules``).
    func displayModeButtonTarget(mode: DisplayMode, behavior: SplitBehavior) -> DisplayMode? {
        ModeRules.displayModeButtonTarget(style: style, mode: mode, behavior: behavior) {
            delegate?.targetDisplayModeForAction(in: self) ?? .automatic
        }
    }

    /// The display-mode button's action (F9, Ctrl+Alt+S, a click). Where UIKit shows no
    /// button the keys still act, so that a pane never hides beyond the keyboard's reach:
    /// in a dimming mode they dismiss, in a triple column's `secondaryOnly` they leave it
    /// (as the secondary-only button would), and while collapsed they go to the primary.
    func performDisplayModeButton(cause: ChangeCause) {
        guard isMounted else { return }
        if isCollapsed { return show(.primary, cause: cause) }
        if let target = displayModeButtonTarget() { return requestDisplayMode(target, cause: cause) }
        if displayMode.dimsSecondary { return requestDisplayMode(ModeRules.dismissTarget(of: displayMode), cause: cause) }
        if displayMode == .secondaryOnly { performSecondaryOnlyButton(cause: cause) }
    }

    /// The secondary-only button's target (``ModeRules``).
    func secondaryOnlyButtonTarget() -> DisplayMode {
        ModeRules.secondaryOnlyButtonTarget(
            style: style, mode: displayMode, behavior: splitBehavior,
            before: modes.beforeSecondaryOnly,
            tiledLevelThatFits: modes.resolution?.tiledLevelThatFits)
    }

    /// The secondary-only button's action (Shift+F9, a click): into `secondaryOnly` and back.
    func performSecondaryOnlyButton(cause: ChangeCause) {
        guard isMounted, !isCollapsed else { return }
        let target = secondaryOnlyButtonTarget()
        let previous = displayMode
        requestDisplayMode(target, cause: cause)
        if target == .secondaryOnly { modes.leftForSecondaryOnly(from: previous) }
    }

    /// Back one level: the focused (or top) column's navigation stack first, then the
    /// collapsed stack.
    func goBack(in column: Column? = nil, cause: ChangeCause) {
        let column = column ?? (isCollapsed ? collapse.stack.last : focus.column)
        if let column, let wrapper = children.wrapped[column], wrapper.viewControllers.count > 1 {
            wrapper.popViewController(animated: true)
            return
        }
        if isCollapsed, let top = collapse.stack.last { hide(top, cause: cause) }
    }
}
