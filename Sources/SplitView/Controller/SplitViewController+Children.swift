extension SplitViewController {
    /// Installs `vc` in `column`, wrapped in a ``NavigationController`` unless it is one.
    ///
    /// Mirrors `UISplitViewController.setViewController(_:for:)`. A supplementary controller
    /// on a style without that column is ignored, as UIKit ignores it (with a log there).
    ///
    /// The classic style (`.unspecified`), where UIKit ignores the column APIs: ours accepts
    /// a superset, decided so that one app can drive every style with the same calls — the
    /// primary and the secondary (the same as setting ``viewControllers``) and the inspector
    /// (a classic window may have one) — and ignores the supplementary and the compact column,
    /// which the classic interface never shows.
    /// `nil` empties the column. If the column shows, the old controller disappears and the
    /// new one appears.
    ///
    /// The compact column while collapsed (decided; UIKit shows the compact column's
    /// controller whenever the interface is compact): a controller set for it is swapped in
    /// as the collapsed stack at once, and removing it while it shows puts back the stack
    /// the columns would have collapsed to without it, so the pane is never left empty.
    public func setViewController(_ vc: ViewController?, for column: Column) {
        if column == .supplementary && !style.hasSupplementary { return }
        if column == .compact && style.isClassic { return }
        // The column's own wrapper (as `viewControllers` returns it) is what is installed already.
        guard vc !== children.original[column], vc == nil || vc !== children.wrapped[column] else { return }
        if let vc { install(vc, in: column) } else { uninstall(column) }
        if column == .compact && isCollapsed && !style.isClassic {
            if vc != nil {
                collapse.collapse(to: [.compact])
            } else if collapse.stack.contains(.compact) {
                collapse.collapse(to: stackColumns)
            }
        }
        if isMounted { relayout(.programmatic, animated: false) }
    }

    /// The controller installed in `column` as it was given (not its wrapper), or `nil`.
    ///
    /// Mirrors `UISplitViewController.viewController(for:)`.
    public func viewController(for column: Column) -> ViewController? { children.original[column] }

    /// The navigation controller that holds `column`'s controller (the one given, when it was
    /// a navigation controller), or `nil`.
    public func navigationController(for column: Column) -> NavigationController? { children.wrapped[column] }

    /// The column controllers: primary, (supplementary,) secondary while expanded — each the
    /// navigation controller that holds it — and the one stack while collapsed. Setting it
    /// installs the controllers in that order (primary, then secondary, or primary,
    /// supplementary, secondary in a triple-column style).
    ///
    /// Mirrors `UISplitViewController.viewControllers`.
    public var viewControllers: [ViewController] {
        get {
            if style.isClassic {
                // As the app set them: the primary first, and alone while collapsed.
                let set =
                    isCollapsed ? [children.original[.primary]] : [children.original[.primary], children.original[.secondary]]
                return set.compactMap { $0 }
            }
            if isCollapsed {
                let root = collapse.stack.first ?? .primary
                return children.wrapped[root].map { [$0] } ?? []
            }
            return stackColumns.compactMap { children.wrapped[$0] }
        }
        set {
            var changed = false
            for (column, vc) in zip(stackColumns, newValue)
            where vc !== children.original[column] && vc !== children.wrapped[column] {
                install(vc, in: column)
                changed = true
            }
            if changed && isMounted { relayout(.programmatic, animated: false) }
        }
    }

    /// Shows `vc` as the primary content: the delegate may take over; otherwise, while
    /// collapsed, the stack on screen pushes it; while expanded it becomes the primary.
    ///
    /// Mirrors `UISplitViewController.show(_:sender:)`.
    public func show(_ vc: ViewController, sender: Any?) {
        if delegate?.splitViewController(self, show: vc, sender: sender) == true { return }
        if style.isClassic { return showClassic(vc) }
        if isCollapsed, let top = collapse.stack.last, let wrapper = children.wrapped[top] {
            wrapper.pushViewController(vc, animated: true)
        } else {
            setViewController(vc, for: .primary)
        }
    }

    /// Shows `vc` as the secondary content, with UIKit's heuristics: the delegate may take
    /// over; otherwise it becomes the secondary column's controller and, while collapsed, the
    /// secondary is pushed onto the stack (replacing it if on top); while expanded an overlay
    /// dimming the secondary is dismissed so the new content is seen. Given the controller it
    /// would replace (the secondary's, or its navigation controller), it does nothing, as
    /// UIKit's does: no delegate call, no push, no dismissal.
    ///
    /// Mirrors `UISplitViewController.showDetailViewController(_:sender:)`.
    public func showDetailViewController(_ vc: ViewController, sender: Any?) {
        guard vc !== children.original[.secondary], vc !== children.wrapped[.secondary] else { return }
        if delegate?.splitViewController(self, showDetail: vc, sender: sender) == true { return }
        if style.isClassic { return showClassicDetail(vc) }
        install(vc, in: .secondary)
        if isCollapsed {
            if collapse.stack.last == .secondary || collapse.stack.last == .compact {
                relayout(.programmatic, animated: false)
            } else {
                showCollapsed(.secondary, cause: .programmatic)
            }
        } else if displayMode.dimsSecondary {
            requestDisplayMode(ModeRules.dismissTarget(of: displayMode), cause: .programmatic)
        } else if isMounted {
            relayout(.programmatic, animated: false)
        }
    }

    /// The style's columns from the primary to the secondary (``SplitViewController/Style/stackColumns``).
    var stackColumns: [Column] { style.stackColumns }

    func install(_ vc: ViewController, in column: Column) {
        uninstall(column)
        let wrapper =
            (vc as? NavigationController)
            ?? (style.isClassic ? NavigationController(invisiblyWrapping: vc) : NavigationController(rootViewController: vc))
        wrapper.owner = self
        // A classic plain child has no navigation controller to reach the split view through:
        // it belongs to it directly, as UIKit's classic children do.
        if !wrapper.claimsChildren { vc.owner = self }
        children.install(vc, wrappedIn: wrapper, in: column)
    }

    private func uninstall(_ column: Column) {
        children.wrapped[column]?.owner = nil
        if let old = children.original[column], old.owner === self, !(old is NavigationController) { old.owner = nil }
        if let old = children.original[column], old.navigationController === children.wrapped[column],
            !(old is NavigationController)
        {
            old.navigationController = nil
        }
        children.remove(column)
    }

    /// A navigation stack in a column changed: the back button and what appears follow.
    func navigationStackDidChange(_ navigationController: NavigationController) {
        guard isMounted, children.wrapped.values.contains(where: { $0 === navigationController }) else { return }
        // A stack changed by a collapse or an expand (the classic style's push and pop) is laid
        // out once that change is done.
        if pipeline.isUpdating { return pipeline.postpone(.programmatic) }
        relayout(.programmatic, animated: false)
    }

    /// A controller's title changed: back buttons that carry it are resized.
    func titleDidChange() {
        guard isMounted else { return }
        settledLayout.buttons = barButtons(for: settledLayout, collapsed: isCollapsed, mode: displayMode, behavior: splitBehavior)
        publish()
    }
}

/// The view controllers per column: as the app set them, and as shown (wrapped in a
/// navigation controller for the column styles).
struct Children {
    typealias Column = SplitViewController.Column

    /// What each column shows.
    private(set) var wrapped: [Column: NavigationController] = [:]
    /// What the app set for each column.
    private(set) var original: [Column: ViewController] = [:]
    /// The display-mode button as an item, once the app asked for it.
    private(set) var displayModeItem: BarButtonItem?

    /// `column` shows `vc`, through `wrapper`: the two change together, so that a column
    /// never has one without the other.
    mutating func install(_ vc: ViewController, wrappedIn wrapper: NavigationController, in column: Column) {
        original[column] = vc
        wrapped[column] = wrapper
    }

    /// `column` shows nothing: its controller and its wrapper go together.
    mutating func remove(_ column: Column) {
        original[column] = nil
        wrapped[column] = nil
    }

    /// Keeps the display-mode item the app asked for: the same item from then on.
    mutating func keepDisplayModeItem(_ item: BarButtonItem) {
        displayModeItem = item
    }
}
