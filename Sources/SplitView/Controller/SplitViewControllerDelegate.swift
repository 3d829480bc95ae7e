/// The object told about, and asked about, the split view's transitions.
///
/// Mirrors `UISplitViewControllerDelegate`. Every method is optional: the protocol extension
/// gives each the behaviour UIKit has when the method is not implemented. The controller
/// keeps the delegate weakly.
///
/// Call order (drawn out in <doc:DelegateCallOrder>; each `will…` sees the state before the
/// change):
/// - a mode change: `willChangeTo` → `willShow`/`willHide` (system changes only) →
///   appearance → `didShow`/`didHide` when the transition ends;
/// - collapse: `willChangeTo` (if the mode reading changes) → `topColumnForCollapsing…`
///   (or the classic trio) → `willShow`/`willHide` → `isCollapsed` flips →
///   `didShow` → `splitViewControllerDidCollapse` → `didHide`;
/// - expand: `willChangeTo` → `displayModeForExpanding…` (or the classic pair) →
///   `willShow`/`willHide` → `isCollapsed` flips → `didHide` → `splitViewControllerDidExpand`
///   → `didShow`.
///
/// `willShow`/`willHide`/`didShow`/`didHide` report system changes: a resize, a collapse or
/// expand, the display-mode and secondary-only buttons, their keys, the gestures and a click
/// on the dimmed secondary. They are not sent for ``SplitViewController/show(_:)``,
/// ``SplitViewController/hide(_:)`` or a change of ``SplitViewController/preferredDisplayMode``,
/// as UIKit documents; `willChangeTo` is.
///
/// Differs: the deprecated orientation methods (`splitViewControllerSupportedInterfaceOrientations`,
/// `…PreferredInterfaceOrientationForPresentation`) and the popover-era ones
/// (`shouldHide:inOrientation:`, `willHide:withBarButtonItem:forPopoverController:`,
/// `willShow:invalidatingBarButtonItem:`, `popoverController:willPresent:`) are left out: a
/// desktop window has no orientation and no popover.
public protocol SplitViewControllerDelegate: AnyObject {
    /// The display mode is about to change to `displayMode`.
    func splitViewController(_ svc: SplitViewController, willChangeTo displayMode: SplitViewController.DisplayMode)
    /// The mode the display-mode button, its keys and the gestures should apply;
    /// `.automatic` (the default) lets the controller choose by the table in
    /// <doc:DisplayModeButton>.
    func targetDisplayModeForAction(in svc: SplitViewController) -> SplitViewController.DisplayMode
    /// The view controller a split of `pane` puts beside it (``Command/splitRight``,
    /// ``Command/splitDown``): a new terminal, another view of the document; nil (the
    /// default) splits nothing. The core knows no programs: the app makes the new pane.
    func splitViewController(_ svc: SplitViewController, newPaneBeside pane: ViewController) -> ViewController?
    /// Whether `pane` may close (``SplitViewController/closePane(_:)``, ``Command/closePane``):
    /// false keeps it, as an app keeps the content it cannot do without. The default is true.
    func splitViewController(_ svc: SplitViewController, canClosePane pane: ViewController) -> Bool
    /// A pane command the user gave did nothing, and `reason` says why in a sentence ("“Files”
    /// is its column's own content: it cannot be closed."): the app shows it where the user
    /// reads messages. Not sent for commands given in code, which return false instead.
    func splitViewController(_ svc: SplitViewController, didRefuse command: Command, reason: String)
    /// The column to show on top once collapsed; the default returns `proposedTopColumn`
    /// (`.compact` when that column has a controller, else `.secondary`).
    func splitViewController(
        _ svc: SplitViewController,
        topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitViewController.Column
    )
        -> SplitViewController.Column
    /// The mode to use once expanded; the default returns `proposedDisplayMode`.
    func splitViewController(
        _ svc: SplitViewController,
        displayModeForExpandingToProposedDisplayMode proposedDisplayMode: SplitViewController.DisplayMode
    )
        -> SplitViewController.DisplayMode
    /// The system is about to show `column`.
    func splitViewController(_ svc: SplitViewController, willShow column: SplitViewController.Column)
    /// The system finished showing `column`.
    func splitViewController(_ svc: SplitViewController, didShow column: SplitViewController.Column)
    /// The system is about to hide `column`.
    func splitViewController(_ svc: SplitViewController, willHide column: SplitViewController.Column)
    /// The system finished hiding `column`.
    func splitViewController(_ svc: SplitViewController, didHide column: SplitViewController.Column)
    /// The interface collapsed; `isCollapsed` is true.
    func splitViewControllerDidCollapse(_ svc: SplitViewController)
    /// The interface expanded; `isCollapsed` is false.
    func splitViewControllerDidExpand(_ svc: SplitViewController)
    /// The edge-drag gesture started revealing the primary.
    func splitViewControllerInteractivePresentationGestureWillBegin(_ svc: SplitViewController)
    /// The edge-drag gesture ended, whether it revealed the primary or not.
    func splitViewControllerInteractivePresentationGestureDidEnd(_ svc: SplitViewController)

    /// Classic style: the controller to become the primary when collapsing; `nil` (the
    /// default) keeps the current primary.
    func primaryViewController(forCollapsing svc: SplitViewController) -> ViewController?
    /// Classic style: return true when you folded `secondaryViewController` away yourself (the
    /// controller then discards it); false (the default) lets the primary's navigation stack
    /// take it.
    func splitViewController(
        _ svc: SplitViewController, collapseSecondary secondaryViewController: ViewController,
        onto primaryViewController: ViewController
    ) -> Bool
    /// Classic style: the controller to become the primary when expanding; `nil` (the default)
    /// keeps the current primary.
    func primaryViewController(forExpanding svc: SplitViewController) -> ViewController?
    /// Classic style: the controller to become the secondary when expanding; `nil` (the
    /// default) separates the one the collapse folded away.
    func splitViewController(
        _ svc: SplitViewController, separateSecondaryFrom primaryViewController: ViewController
    )
        -> ViewController?
    /// Return true when you presented `vc` as the primary yourself; false (the default) lets
    /// ``SplitViewController/show(_:sender:)`` apply its heuristics.
    func splitViewController(_ svc: SplitViewController, show vc: ViewController, sender: Any?) -> Bool
    /// Return true when you presented `vc` as the secondary yourself; false (the default) lets
    /// ``SplitViewController/showDetailViewController(_:sender:)`` apply its heuristics.
    func splitViewController(_ svc: SplitViewController, showDetail vc: ViewController, sender: Any?) -> Bool
}

extension SplitViewControllerDelegate {
    /// Does nothing.
    public func splitViewController(_ svc: SplitViewController, willChangeTo displayMode: SplitViewController.DisplayMode) {}
    /// Returns `.automatic`.
    public func targetDisplayModeForAction(in svc: SplitViewController) -> SplitViewController.DisplayMode { .automatic }
    /// Splits nothing.
    public func splitViewController(_ svc: SplitViewController, newPaneBeside pane: ViewController) -> ViewController? {
        nil
    }
    /// Returns true.
    public func splitViewController(_ svc: SplitViewController, canClosePane pane: ViewController) -> Bool { true }
    /// Does nothing.
    public func splitViewController(_ svc: SplitViewController, didRefuse command: Command, reason: String) {}
    /// Returns `proposedTopColumn`.
    public func splitViewController(
        _ svc: SplitViewController,
        topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitViewController.Column
    )
        -> SplitViewController.Column
    { proposedTopColumn }
    /// Returns `proposedDisplayMode`.
    public func splitViewController(
        _ svc: SplitViewController,
        displayModeForExpandingToProposedDisplayMode proposedDisplayMode: SplitViewController.DisplayMode
    )
        -> SplitViewController.DisplayMode
    { proposedDisplayMode }
    /// Does nothing.
    public func splitViewController(_ svc: SplitViewController, willShow column: SplitViewController.Column) {}
    /// Does nothing.
    public func splitViewController(_ svc: SplitViewController, didShow column: SplitViewController.Column) {}
    /// Does nothing.
    public func splitViewController(_ svc: SplitViewController, willHide column: SplitViewController.Column) {}
    /// Does nothing.
    public func splitViewController(_ svc: SplitViewController, didHide column: SplitViewController.Column) {}
    /// Does nothing.
    public func splitViewControllerDidCollapse(_ svc: SplitViewController) {}
    /// Does nothing.
    public func splitViewControllerDidExpand(_ svc: SplitViewController) {}
    /// Does nothing.
    public func splitViewControllerInteractivePresentationGestureWillBegin(_ svc: SplitViewController) {}
    /// Does nothing.
    public func splitViewControllerInteractivePresentationGestureDidEnd(_ svc: SplitViewController) {}
    /// Returns `nil`.
    public func primaryViewController(forCollapsing svc: SplitViewController) -> ViewController? { nil }
    /// Returns false.
    public func splitViewController(
        _ svc: SplitViewController, collapseSecondary secondaryViewController: ViewController,
        onto primaryViewController: ViewController
    ) -> Bool { false }
    /// Returns `nil`.
    public func primaryViewController(forExpanding svc: SplitViewController) -> ViewController? { nil }
    /// Returns `nil`.
    public func splitViewController(
        _ svc: SplitViewController, separateSecondaryFrom primaryViewController: ViewController
    )
        -> ViewController?
    { nil }
    /// Returns false.
    public func splitViewController(_ svc: SplitViewController, show vc: ViewController, sender: Any?) -> Bool { false }
    /// Returns false.
    public func splitViewController(_ svc: SplitViewController, showDetail vc: ViewController, sender: Any?) -> Bool { false }
}
