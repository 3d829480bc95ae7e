@testable import SplitView

/// One delegate callback, as a value.
enum Event: Hashable, CustomStringConvertible {
    case willChangeTo(SplitViewController.DisplayMode)
    case targetForAction
    case topColumnForCollapsing(proposed: SplitViewController.Column)
    case displayModeForExpanding(proposed: SplitViewController.DisplayMode)
    case willShow(SplitViewController.Column)
    case didShow(SplitViewController.Column)
    case willHide(SplitViewController.Column)
    case didHide(SplitViewController.Column)
    case didCollapse
    case didExpand
    case gestureWillBegin
    case gestureDidEnd
    case primaryForCollapsing
    case collapseSecondary
    case primaryForExpanding
    case separateSecondary
    case showViewController
    case showDetail

    var description: String {
        switch self {
        case .willChangeTo(let m): "willChangeTo(\(m))"
        case .topColumnForCollapsing(let c): "topColumnForCollapsing(\(c))"
        case .displayModeForExpanding(let m): "displayModeForExpanding(\(m))"
        case .willShow(let c): "willShow(\(c))"
        case .didShow(let c): "didShow(\(c))"
        case .willHide(let c): "willHide(\(c))"
        case .didHide(let c): "didHide(\(c))"
        case .targetForAction: "targetForAction"
        case .didCollapse: "didCollapse"
        case .didExpand: "didExpand"
        case .gestureWillBegin: "gestureWillBegin"
        case .gestureDidEnd: "gestureDidEnd"
        case .primaryForCollapsing: "primaryForCollapsing"
        case .collapseSecondary: "collapseSecondary"
        case .primaryForExpanding: "primaryForExpanding"
        case .separateSecondary: "separateSecondary"
        case .showViewController: "showViewController"
        case .showDetail: "showDetail"
        }
    }
}

/// A delegate that records every callback in order (NIO's "read outbound" idea): a test sends
/// inputs, then reads the events and ends by checking nothing is left over.
///
/// Each event is stored with the `isCollapsed` value the callback saw. Answers to the
/// asking methods can be set; by default it answers as an absent delegate would.
final class Recorder: SplitViewControllerDelegate {
    private(set) var events: [Event] = []
    /// `isCollapsed` as each recorded callback saw it, parallel to `events`.
    private(set) var sawCollapsed: [Bool] = []
    /// `displayMode` as each recorded callback saw it, parallel to `events`.
    private(set) var sawMode: [SplitViewController.DisplayMode] = []

    var topColumn: SplitViewController.Column?
    var expandingMode: SplitViewController.DisplayMode?
    var target: SplitViewController.DisplayMode = .automatic
    var recordsTargetQueries = false
    var primaryForCollapsingAnswer: ViewController?
    var collapseSecondaryAnswer = false
    var primaryForExpandingAnswer: ViewController?
    var separateSecondaryAnswer: ViewController?
    var handlesShow = false
    var handlesShowDetail = false
    /// When set, every recorded event is also appended to this log (as `"delegate <event>"`),
    /// so that a test can read delegate and appearance callbacks in one order.
    var mirror: AppearanceLog?

    /// Returns the recorded events and forgets them.
    func takeAll() -> [Event] {
        defer { events.removeAll(); sawCollapsed.removeAll(); sawMode.removeAll() }
        return events
    }

    private func record(_ svc: SplitViewController, _ event: Event) {
        events.append(event)
        sawCollapsed.append(svc.isCollapsed)
        sawMode.append(svc.displayMode)
        mirror?.append("delegate \(event)")
    }

    func splitViewController(_ svc: SplitViewController, willChangeTo displayMode: SplitViewController.DisplayMode) {
        record(svc, .willChangeTo(displayMode))
    }
    func targetDisplayModeForAction(in svc: SplitViewController) -> SplitViewController.DisplayMode {
        if recordsTargetQueries { record(svc, .targetForAction) }
        return target
    }
    func splitViewController(
        _ svc: SplitViewController,
        topColumnForCollapsingToProposedTopColumn proposed: SplitViewController.Column
    ) -> SplitViewController.Column {
        record(svc, .topColumnForCollapsing(proposed: proposed))
        return topColumn ?? proposed
    }
    func splitViewController(
        _ svc: SplitViewController,
        displayModeForExpandingToProposedDisplayMode proposed: SplitViewController.DisplayMode
    ) -> SplitViewController.DisplayMode {
        record(svc, .displayModeForExpanding(proposed: proposed))
        return expandingMode ?? proposed
    }
    func splitViewController(_ svc: SplitViewController, willShow column: SplitViewController.Column) {
        record(svc, .willShow(column))
    }
    func splitViewController(_ svc: SplitViewController, didShow column: SplitViewController.Column) {
        record(svc, .didShow(column))
    }
    func splitViewController(_ svc: SplitViewController, willHide column: SplitViewController.Column) {
        record(svc, .willHide(column))
    }
    func splitViewController(_ svc: SplitViewController, didHide column: SplitViewController.Column) {
        record(svc, .didHide(column))
    }
    func splitViewControllerDidCollapse(_ svc: SplitViewController) { record(svc, .didCollapse) }
    func splitViewControllerDidExpand(_ svc: SplitViewController) { record(svc, .didExpand) }
    func splitViewControllerInteractivePresentationGestureWillBegin(_ svc: SplitViewController) { record(svc, .gestureWillBegin) }
    func splitViewControllerInteractivePresentationGestureDidEnd(_ svc: SplitViewController) { record(svc, .gestureDidEnd) }
    func primaryViewController(forCollapsing svc: SplitViewController) -> ViewController? {
        record(svc, .primaryForCollapsing)
        return primaryForCollapsingAnswer
    }
    func splitViewController(
        _ svc: SplitViewController, collapseSecondary secondaryViewController: ViewController,
        onto primaryViewController: ViewController
    ) -> Bool {
        record(svc, .collapseSecondary)
        return collapseSecondaryAnswer
    }
    func primaryViewController(forExpanding svc: SplitViewController) -> ViewController? {
        record(svc, .primaryForExpanding)
        return primaryForExpandingAnswer
    }
    func splitViewController(
        _ svc: SplitViewController, separateSecondaryFrom primaryViewController: ViewController
    ) -> ViewController? {
        record(svc, .separateSecondary)
        return separateSecondaryAnswer
    }
    func splitViewController(_ svc: SplitViewController, show vc: ViewController, sender: Any?) -> Bool {
        record(svc, .showViewController)
        return handlesShow
    }
    func splitViewController(_ svc: SplitViewController, showDetail vc: ViewController, sender: Any?) -> Bool {
        record(svc, .showDetail)
        return handlesShowDetail
    }
}

// MARK: - Sequences added for the behaviour tests

extension Event {
    /// A triple column mounting at 1400 pt: twoBesideSecondary, every column announced.
    static var tripleMount: [Event] {
        [
            .willChangeTo(.twoBesideSecondary), .willShow(.supplementary), .willShow(.primary), .willShow(.secondary),
            .didShow(.supplementary), .didShow(.primary), .didShow(.secondary),
        ]
    }

    /// A triple column in twoBesideSecondary collapsing with the secondary on top.
    static var tripleCollapse: [Event] {
        [
            .willChangeTo(.oneBesideSecondary), .topColumnForCollapsing(proposed: .secondary), .willHide(.supplementary),
            .willHide(.primary), .didCollapse, .didHide(.supplementary), .didHide(.primary),
        ]
    }

    /// A collapsed triple column expanding to twoBesideSecondary.
    static var tripleExpand: [Event] {
        [
            .willChangeTo(.twoBesideSecondary), .displayModeForExpanding(proposed: .twoBesideSecondary),
            .willShow(.supplementary),
            .willShow(.primary), .didExpand, .didShow(.supplementary), .didShow(.primary),
        ]
    }
}
