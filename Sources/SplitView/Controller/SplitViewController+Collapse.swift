extension SplitViewController {
    /// Regular → compact: the columns fold into one navigation stack.
    ///
    /// Order (<doc:DelegateCallOrder>): `willChangeTo` if the mode reading changes → the top column is chosen
    /// (`topColumnForCollapsing…`, or the classic trio) → `willShow`/`willHide` and appearance
    /// `will`s (all still see `isCollapsed == false`) → `isCollapsed` flips → appearance `did`s
    /// → `didShow` → `splitViewControllerDidCollapse` → `didHide`.
    ///
    /// Differs from the measured iOS 26 sequence, which reports the collapsed stack as the
    /// primary column showing: here the column on top of the stack is the one that shows,
    /// and every `willShow`/`willHide` is paired with its `did`.
    func collapseInterface() {
        finishTransition()
        cancelInteractions()
        modes.clearTemporary()
        let reading = DisplayMode.oneBesideSecondary
        if displayMode != reading { delegate?.splitViewController(self, willChangeTo: reading) }
        collapse.collapse(to: style.isClassic ? classicCollapsedStack() : columnCollapsedStack())
        switchInterface(
            collapsed: true, to: computeLayout(collapsed: true, mode: reading, behavior: .tile),
            mode: reading, behavior: .tile)
    }

    /// Compact → regular: the stack separates into columns again.
    ///
    /// Order (<doc:DelegateCallOrder>): `willChangeTo` for the proposed mode → `displayModeForExpanding…` (column
    /// styles; a different answer is announced with a second `willChangeTo`), or the classic
    /// pair (`primaryViewController(forExpanding:)`, `separateSecondary(from:)`) →
    /// `willShow`/`willHide` and appearance `will`s (all still see `isCollapsed == true`) →
    /// `isCollapsed` flips → appearance `did`s → `didHide` → `splitViewControllerDidExpand` →
    /// `didShow`.
    func expandInterface() {
        finishTransition()
        cancelInteractions()
        let resolved = resolve()
        modes.beginExpanded(with: resolved)
        var mode = resolved.displayMode
        if mode != displayMode { delegate?.splitViewController(self, willChangeTo: mode) }
        if style.isClassic { separateClassicSecondary() }
        if !style.isClassic, let chosen = delegate?.splitViewController(self, displayModeForExpandingToProposedDisplayMode: mode),
            chosen != mode, chosen != .automatic, fits(chosen, resolved)
        {
            delegate?.splitViewController(self, willChangeTo: chosen)
            modes.showTemporarily(chosen)
            mode = chosen
        }
        let behavior = behavior(of: mode, base: resolved.splitBehavior)
        switchInterface(
            collapsed: false, to: computeLayout(collapsed: false, mode: mode, behavior: behavior),
            mode: mode, behavior: behavior)
    }

    /// The shared middle and end of a collapse or an expand: `willShow`/`willHide` and the
    /// appearance `will`s → `isCollapsed` flips → appearance `did`s → the `did`s of the
    /// columns that arrive (collapsing) or leave (expanding) → `DidCollapse`/`DidExpand` → the
    /// other columns' `did`s.
    private func switchInterface(collapsed: Bool, to target: Layout, mode: DisplayMode, behavior: SplitBehavior) {
        var target = target
        if focus.zoom != nil {
            // Decided: a collapse or an expand ends a zoom, as a command that shows or hides a
            // column does (the zoomed pane's column may not show in the other interface).
            focus.setZoom(nil)
            target = computeLayout(collapsed: collapsed, mode: mode, behavior: behavior)
        }
        let (show, hide) = announceWill(target)
        beginAppearance(for: target, animated: false)
        isCollapsed = collapsed
        displayMode = mode
        splitBehavior = behavior
        if !collapsed { collapse.expand() }
        settledLayout = target
        appearance.complete(animated: false)
        let didShow = { for column in show.ordered { self.delegate?.splitViewController(self, didShow: column) } }
        let didHide = { for column in hide.ordered { self.delegate?.splitViewController(self, didHide: column) } }
        if collapsed {
            didShow()
            delegate?.splitViewControllerDidCollapse(self)
            didHide()
        } else {
            didHide()
            delegate?.splitViewControllerDidExpand(self)
            didShow()
        }
        publish()
        repairFocus()
    }

    /// The stack of a column style: the columns from the primary up to the top column the
    /// delegate chooses (proposal: a restored state's top column, else `.compact` when it has
    /// a controller, else `.secondary`), or the compact column alone.
    private func columnCollapsedStack() -> [Column] {
        var proposal: Column = children.original[.compact] != nil ? .compact : .secondary
        if let restored = collapse.takeRestoredTop() { proposal = restored }
        var top = delegate?.splitViewController(self, topColumnForCollapsingToProposedTopColumn: proposal) ?? proposal
        // A top that cannot be shown (the inspector, an absent compact column, the
        // supplementary of a double column) falls back to the proposal.
        if top == .inspector || (top == .compact && children.original[.compact] == nil)
            || (top == .supplementary && !style.hasSupplementary)
        {
            top = proposal
        }
        if top == .compact { return [.compact] }
        let ladder = stackColumns
        return Array(ladder.prefix(through: ladder.firstIndex(of: top)!))
    }
}

/// The collapsed interface's stack of columns, and the top a restored state asked for.
struct CollapseState: Hashable, Sendable {
    typealias Column = SplitViewController.Column

    /// The columns on the collapsed stack, bottom first.
    private(set) var stack: [Column] = []
    /// The column a restored state put on top, applied at the next collapse.
    private(set) var restoredTop: Column?
    /// The classic style: how deep a navigation controller primary's own stack was before
    /// collapsing pushed the secondary onto it; nil when nothing was pushed.
    private(set) var classicBaseDepth: Int?

    /// The interface collapses to `stack` (bottom first), or the stack shown is replaced
    /// whole: the compact column swapped in or out.
    mutating func collapse(to stack: [Column]) {
        self.stack = stack
    }

    /// The columns separate again: there is no stack.
    mutating func expand() {
        stack = []
    }

    /// `column` comes on top: the stack is `ladder`'s columns up to it, bottom first, so that
    /// going back always reaches the columns below it in order.
    mutating func show(_ column: Column, on ladder: [Column]) {
        guard let index = ladder.firstIndex(of: column) else { return }
        stack = Array(ladder.prefix(through: index))
    }

    /// Back one level: the top column leaves the stack; the bottom one never does.
    mutating func popTop() {
        guard stack.count > 1 else { return }
        stack.removeLast()
    }

    /// A restored state asks for `top` on top at the next collapse.
    mutating func restore(top: Column?) {
        restoredTop = top
    }

    /// The top a restored state asked for, now applied once: the next collapse proposes its own.
    mutating func takeRestoredTop() -> Column? {
        defer { restoredTop = nil }
        return restoredTop
    }

    /// The classic secondary was pushed onto the primary's stack at `depth`: the lowest level
    /// it was pushed at is kept, since the user may have gone back below an earlier one.
    mutating func pushedClassicSecondary(atDepth depth: Int) {
        classicBaseDepth = min(classicBaseDepth ?? depth, depth)
    }

    /// How deep the primary's own stack was before the secondary was pushed onto it (nil when
    /// nothing was), forgotten from now on: expanding gives it back once, a collapse starts over.
    mutating func takeClassicBaseDepth() -> Int? {
        defer { classicBaseDepth = nil }
        return classicBaseDepth
    }
}
