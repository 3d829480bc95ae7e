/// The classic style (`.unspecified`): two children as the app set them, collapsed by asking
/// the primary to take the secondary, as UIKit's `UISplitViewController` before the column
/// styles (the *UISplitViewController Class Reference* of iOS 8 and earlier).
///
/// The children are not wrapped: ``SplitViewController/viewControllers`` returns them as set,
/// and a plain controller's `navigationController` stays nil. (The core still draws a plain
/// child through a navigation controller of its own, invisible to the child.) Collapsing
/// pushes the secondary onto the primary when the primary is a ``NavigationController``;
/// expanding pops it back. With a plain primary, where UIKit would present a detail modally,
/// the secondary is stacked over the primary with a back button instead.
extension SplitViewController {
    /// The collapsed classic interface: `primaryViewController(forCollapsing:)` may replace
    /// the primary; `collapseSecondary(_:onto:)` returning true takes the secondary over;
    /// otherwise a navigation controller primary takes it onto its stack (UIKit's
    /// `UINavigationController` default) and a plain primary does not (UIKit's
    /// `UIViewController` default): the secondary is folded away until the interface expands.
    func classicCollapsedStack() -> [Column] {
        if let primary = delegate?.primaryViewController(forCollapsing: self), primary !== children.original[.primary] {
            install(primary, in: .primary)
        }
        // A new collapse starts over: nothing of the secondary is on the primary's stack yet.
        _ = collapse.takeClassicBaseDepth()
        guard let secondary = children.original[.secondary], let primary = children.original[.primary] else { return [.primary] }
        let handled = delegate?.splitViewController(self, collapseSecondary: secondary, onto: primary) ?? false
        if !handled, let navigation = primary as? NavigationController { pushSecondary(onto: navigation) }
        return [.primary]
    }

    /// The expanded classic interface: `primaryViewController(forExpanding:)` may replace the
    /// primary; `separateSecondary(from:)` may give the secondary. Otherwise a navigation
    /// controller primary gives back what was pushed onto it from the secondary's side
    /// (UIKit's `UINavigationController` default): a navigation controller secondary gets its
    /// stack back; a plain one is replaced by the last detail shown (decided: the details
    /// shown while collapsed replaced one another, as they do expanded). What lies below
    /// stays the primary's. A secondary the user navigated back from, or folded away, simply
    /// returns.
    func separateClassicSecondary() {
        if let primary = delegate?.primaryViewController(forExpanding: self), primary !== children.original[.primary] {
            install(primary, in: .primary)
        }
        let base = collapse.takeClassicBaseDepth()
        guard let primary = children.original[.primary] else { return }
        if let secondary = delegate?.splitViewController(self, separateSecondaryFrom: primary) {
            if secondary !== children.original[.secondary] { install(secondary, in: .secondary) }
            return
        }
        guard let navigation = primary as? NavigationController, let base, navigation.viewControllers.count > base else { return }
        let popped = Array(navigation.viewControllers[base...])
        navigation.viewControllers.removeLast(popped.count)
        if let stack = children.original[.secondary] as? NavigationController {
            stack.viewControllers = popped
        } else if let last = popped.last {
            // A fresh wrapper of its own: the one it had still lists it.
            install(last, in: .secondary)
        }
    }

    /// Pushes the secondary's content onto the primary's navigation stack. A secondary that
    /// is a navigation controller lends its whole stack (one navigation controller cannot be
    /// pushed onto another), and how deep the primary's own stack was is remembered, so that
    /// expanding can give it back.
    func pushSecondary(onto navigation: NavigationController) {
        guard let secondary = children.original[.secondary] else { return }
        // The lowest level a secondary was pushed at: the user may have gone back below it.
        let depth = navigation.viewControllers.count
        if let stack = secondary as? NavigationController {
            guard !stack.viewControllers.isEmpty else { return }
            collapse.pushedClassicSecondary(atDepth: depth)
            let moved = stack.viewControllers
            stack.viewControllers = []
            navigation.viewControllers += moved
        } else if !navigation.viewControllers.contains(where: { $0 === secondary }) {
            collapse.pushedClassicSecondary(atDepth: depth)
            navigation.pushViewController(secondary, animated: true)
        } else if let index = navigation.viewControllers.firstIndex(where: { $0 === secondary }),
            index < navigation.viewControllers.count - 1
        {
            navigation.viewControllers.removeLast(navigation.viewControllers.count - 1 - index)
        }
    }

    /// `showDetailViewController(_:sender:)` in the classic style, after the delegate
    /// declined. Collapsed: pushed onto a navigation controller primary; with a plain primary
    /// (where UIKit presents it modally) stacked over the primary with a back button.
    /// Expanded: installed as the secondary, and an overlay dimming it is dismissed.
    func showClassicDetail(_ vc: ViewController) {
        install(vc, in: .secondary)
        if !isCollapsed {
            if displayMode.dimsSecondary {
                requestDisplayMode(ModeRules.dismissTarget(of: displayMode), cause: .programmatic)
            } else if isMounted {
                relayout(.programmatic, animated: false)
            }
            return
        }
        if let navigation = children.original[.primary] as? NavigationController {
            pushSecondary(onto: navigation)
        } else {
            collapse.collapse(to: [.primary, .secondary])
            relayout(.programmatic, animated: true, pushing: true)
        }
    }

    /// `show(_:sender:)` in the classic style, after the delegate declined. Expanded: `vc`
    /// becomes the primary, unless it is already a child of the primary (on a navigation
    /// controller primary's stack, not its root), in which case it becomes the secondary.
    /// Collapsed: pushed onto a navigation controller primary; a plain primary is replaced
    /// (decided: where UIKit presents it modally, the collapsed interface shows the primary).
    func showClassic(_ vc: ViewController) {
        let navigation = children.original[.primary] as? NavigationController
        if isCollapsed {
            if let navigation { return navigation.pushViewController(vc, animated: true) }
            return setViewController(vc, for: .primary)
        }
        if let navigation, let index = navigation.viewControllers.firstIndex(where: { $0 === vc }), index > 0 {
            navigation.viewControllers.remove(at: index)
            return setViewController(vc, for: .secondary)
        }
        setViewController(vc, for: .primary)
    }

    /// `show(.secondary)` while the classic interface is collapsed: the secondary comes on top
    /// of a navigation controller primary's stack (pushed again, or the levels above it
    /// popped), or is stacked over a plain primary.
    func showClassicSecondaryCollapsed(cause: ChangeCause) {
        if let navigation = children.original[.primary] as? NavigationController {
            return pushSecondary(onto: navigation)
        }
        guard children.original[.secondary] != nil, collapse.stack.last != .secondary else { return }
        collapse.collapse(to: [.primary, .secondary])
        relayout(cause, animated: true, pushing: true)
    }

    /// True while the collapsed classic interface shows the secondary: on top of a navigation
    /// controller primary's stack, or stacked over a plain primary.
    var classicShowsSecondaryCollapsed: Bool {
        if let navigation = children.original[.primary] as? NavigationController, let secondary = children.original[.secondary] {
            if let stack = secondary as? NavigationController {
                return stack.viewControllers.isEmpty && (collapse.classicBaseDepth ?? .max) < navigation.viewControllers.count
            }
            return navigation.topViewController === secondary
        }
        return collapse.stack.last == .secondary
    }
}
