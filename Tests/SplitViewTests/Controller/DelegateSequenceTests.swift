import Testing

@testable import SplitView

/// The delegate's call order of DelegateCallOrder.md (mount, collapse, expand), as `SplitViewControllerDelegate`'s
/// doc comment and `+Collapse.swift` write it down.
@Suite struct DelegateSequenceTests {
    typealias Column = SplitViewController.Column
    typealias Mode = SplitViewController.DisplayMode

    /// True when every entry matching `first` comes before every entry matching `then`.
    static func allBefore(_ log: [String], _ first: (String) -> Bool, _ then: (String) -> Bool) -> Bool {
        guard let last = log.lastIndex(where: first), let next = log.firstIndex(where: then) else { return true }
        return last < next
    }

    static func isAppearance(_ entry: String) -> Bool { !entry.hasPrefix("delegate ") }
    static func isWill(_ entry: String) -> Bool { entry.hasPrefix("delegate will") }
    static func isDidShowOrHide(_ entry: String) -> Bool {
        entry.hasPrefix("delegate didShow") || entry.hasPrefix("delegate didHide")
    }

    // MARK: Mount

    @Test func mountExpandedAnnouncesSupplementaryPrimarySecondaryThenAppearanceThenDidShow() {
        let f = Fixture(.tripleColumn)
        f.recorder.mirror = f.log
        f.resize(1400)
        let merged = f.log.takeAll()
        #expect(Self.allBefore(merged, Self.isWill, Self.isAppearance))
        #expect(Self.allBefore(merged, Self.isAppearance, Self.isDidShowOrHide))
        #expect(merged.filter(Self.isAppearance).count == 6)
        #expect(f.recorder.sawMode.first == .secondaryOnly)  // the reading before the first size
        #expect(f.recorder.sawCollapsed.allSatisfy { !$0 })
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.twoBesideSecondary),
                .willShow(.supplementary), .willShow(.primary), .willShow(.secondary),
                .didShow(.supplementary), .didShow(.primary), .didShow(.secondary),
            ])
    }

    @Test func mountExpandedDoubleColumn() {
        let f = Fixture(.doubleColumn)
        f.resize(1000)
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.oneBesideSecondary), .willShow(.primary), .willShow(.secondary),
                .didShow(.primary), .didShow(.secondary),
            ])
    }

    @Test(arguments: [SplitViewController.Style.tripleColumn, .doubleColumn])
    func mountCollapsedProposesSecondaryAndShowsOnlyIt(_ style: SplitViewController.Style) {
        let f = Fixture(style)
        f.resize(500)
        #expect(f.split.isCollapsed)
        #expect(f.recorder.sawCollapsed == [false, false, false, true, true])
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.oneBesideSecondary), .topColumnForCollapsing(proposed: .secondary),
                .willShow(.secondary), .didShow(.secondary), .didCollapse,
            ])
        #expect(f.log.takeAll() == ["D willAppear", "D didAppear"])
    }

    @Test func mountCollapsedClassicAsksTheTrioAndSendsNoWillChangeTo() {
        let f = Fixture(.unspecified)
        f.resize(500)
        // The classic style reads oneBesideSecondary before the first size already.
        #expect(
            f.recorder.takeAll() == [
                // The primary's column shows, the secondary pushed onto its navigation controller.
                .primaryForCollapsing, .collapseSecondary, .willShow(.primary), .didShow(.primary), .didCollapse,
            ])
    }

    // MARK: Collapse and expand

    @Test func collapseAnnouncesBeforeTopColumnAndHidesAfterDidCollapse() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.recorder.mirror = f.log
        f.resize(500)
        #expect(f.recorder.sawCollapsed == [false, false, false, false, true, true, true])
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.oneBesideSecondary), .topColumnForCollapsing(proposed: .secondary),
                .willHide(.supplementary), .willHide(.primary),
                .didCollapse, .didHide(.supplementary), .didHide(.primary),
            ])
        let merged = f.log.takeAll()
        #expect(Self.allBefore(merged, Self.isWill, Self.isAppearance))
        #expect(Self.allBefore(merged, Self.isAppearance, { $0 == "delegate didCollapse" }))
    }

    @Test func collapseAppearanceWillsSeeExpandedDidsSeeCollapsed() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        let probe = CollapseProbe("X")
        f.split.setViewController(probe, for: .primary)
        #expect(probe.seen == ["willAppear expanded", "didAppear expanded"])
        probe.seen = []
        f.resize(500)
        #expect(probe.seen == ["willDisappear expanded", "didDisappear collapsed"])
        f.resize(1400)
        #expect(probe.seen == ["willDisappear expanded", "didDisappear collapsed", "willAppear collapsed", "didAppear expanded"])
        #expect(f.recorder.takeAll() == Event.tripleCollapse + Event.tripleExpand)
    }

    @Test func collapseWithCompactColumnShowsItBeforeDidCollapse() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.install("C", in: .compact)
        f.forget()
        f.resize(500)
        #expect(f.split.isShowing(.compact))
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.oneBesideSecondary), .topColumnForCollapsing(proposed: .compact),
                .willShow(.compact), .willHide(.supplementary), .willHide(.primary), .willHide(.secondary),
                .didShow(.compact), .didCollapse,
                .didHide(.supplementary), .didHide(.primary), .didHide(.secondary),
            ])
    }

    @Test func expandAsksForTheModeAfterWillChangeToAndShowsAfterDidExpand() {
        let f = Fixture(.tripleColumn, width: 500)
        f.forget()
        f.recorder.mirror = f.log
        f.resize(1400)
        #expect(f.recorder.sawCollapsed == [true, true, true, true, false, false, false])
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.twoBesideSecondary), .displayModeForExpanding(proposed: .twoBesideSecondary),
                .willShow(.supplementary), .willShow(.primary),
                .didExpand, .didShow(.supplementary), .didShow(.primary),
            ])
        let merged = f.log.takeAll()
        #expect(Self.allBefore(merged, Self.isWill, Self.isAppearance))
        #expect(Self.allBefore(merged, Self.isAppearance, { $0 == "delegate didExpand" }))
    }

    @Test func expandFromCompactHidesItBeforeDidExpand() {
        let f = Fixture(.tripleColumn, width: 500)
        f.install("C", in: .compact)
        f.resize(1400)
        f.resize(500)  // now the compact column is on top
        #expect(f.split.isShowing(.compact))
        f.forget()
        f.resize(1400)
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.twoBesideSecondary), .displayModeForExpanding(proposed: .twoBesideSecondary),
                .willShow(.supplementary), .willShow(.primary), .willShow(.secondary), .willHide(.compact),
                .didHide(.compact), .didExpand, .didShow(.supplementary), .didShow(.primary), .didShow(.secondary),
            ])
    }

    // MARK: Delegate answers

    struct TopColumnCase: Sendable, CustomTestStringConvertible {
        var style: SplitViewController.Style
        var compact: Bool
        var answer: Column
        var top: Column
        var testDescription: String { "\(style) compact:\(compact) answer \(answer) → \(top)" }
    }

    static let topColumnCases: [TopColumnCase] = [
        .init(style: .tripleColumn, compact: false, answer: .supplementary, top: .supplementary),
        .init(style: .tripleColumn, compact: false, answer: .primary, top: .primary),
        .init(style: .tripleColumn, compact: false, answer: .secondary, top: .secondary),
        .init(style: .tripleColumn, compact: false, answer: .compact, top: .secondary),  // no compact controller: proposal
        .init(style: .tripleColumn, compact: false, answer: .inspector, top: .secondary),
        .init(style: .tripleColumn, compact: true, answer: .compact, top: .compact),
        .init(style: .tripleColumn, compact: true, answer: .supplementary, top: .supplementary),
        .init(style: .tripleColumn, compact: true, answer: .primary, top: .primary),
        .init(style: .doubleColumn, compact: false, answer: .supplementary, top: .secondary),
        .init(style: .doubleColumn, compact: false, answer: .primary, top: .primary),
        .init(style: .doubleColumn, compact: true, answer: .inspector, top: .compact),
    ]

    @Test(arguments: topColumnCases)
    func topColumnForCollapsingIsHonoured(_ c: TopColumnCase) {
        let f = Fixture(c.style, width: 1400)
        if c.compact { f.install("C", in: .compact) }
        f.recorder.topColumn = c.answer
        f.forget()
        f.resize(500)
        #expect(f.split.isShowing(c.top))
        #expect(f.shown == [c.top])
        // A double column reads oneBesideSecondary already: no willChangeTo.
        let announced: [Event] = c.style == .tripleColumn ? [.willChangeTo(.oneBesideSecondary)] : []
        let events = f.recorder.takeAll()
        #expect(
            Array(events.prefix(announced.count + 1)) == announced + [
                .topColumnForCollapsing(proposed: c.compact ? .compact : .secondary)
            ])
        #expect(events.filter { $0 == .didCollapse }.count == 1)
        expectWellFormed(f.split)
    }

    @Test func displayModeForExpandingAnotherModeIsAnnouncedWithASecondWillChangeTo() {
        let f = Fixture(.tripleColumn, width: 500)
        f.recorder.expandingMode = .oneBesideSecondary
        f.forget()
        f.resize(1400)
        #expect(f.split.displayMode == .oneBesideSecondary)
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.twoBesideSecondary), .displayModeForExpanding(proposed: .twoBesideSecondary),
                .willChangeTo(.oneBesideSecondary), .willShow(.supplementary), .didExpand, .didShow(.supplementary),
            ])
        expectWellFormed(f.split)
    }

    @Test func displayModeForExpandingTheProposalSendsOneWillChangeTo() {
        let f = Fixture(.tripleColumn, width: 500)
        f.recorder.expandingMode = .twoBesideSecondary
        f.forget()
        f.resize(1400)
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.twoBesideSecondary), .displayModeForExpanding(proposed: .twoBesideSecondary),
                .willShow(.supplementary), .willShow(.primary), .didExpand, .didShow(.supplementary), .didShow(.primary),
            ])
    }

    @Test func expandingToTheModeReadWhileCollapsedSendsNoWillChangeTo() {
        let f = Fixture(.doubleColumn, width: 500)
        f.forget()
        f.resize(1400)
        #expect(
            f.recorder.takeAll() == [
                .displayModeForExpanding(proposed: .oneBesideSecondary), .willShow(.primary), .didExpand, .didShow(.primary),
            ])
    }

    // MARK: Programmatic and user changes

    @Test func programmaticShowHideAndPreferenceSendWillChangeToOnly() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.split.hide(.primary)
        #expect(f.recorder.takeAll() == [.willChangeTo(.oneBesideSecondary)])
        f.split.show(.primary)
        #expect(f.recorder.takeAll() == [.willChangeTo(.twoBesideSecondary)])
        f.split.preferredDisplayMode = .secondaryOnly
        #expect(f.recorder.takeAll() == [.willChangeTo(.secondaryOnly)])
        f.split.preferredSplitBehavior = .overlay
        #expect(f.recorder.takeAll() == [])
        f.split.show(.supplementary)
        #expect(f.recorder.takeAll() == [.willChangeTo(.oneOverSecondary)])
    }

    enum UserAction: String, CaseIterable, Sendable { case f9, ctrlAltS, commandHide, button }

    @Test(arguments: UserAction.allCases)
    func userActionsSendWillAndDidHide(_ action: UserAction) {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        switch action {
        case .f9: f.send(key(.f9))
        case .ctrlAltS: f.send(key(.character("s"), [.control, .alt]))
        case .commandHide: f.send(.command(.hide(.primary)))
        case .button: f.click(.displayMode)
        }
        #expect(f.split.displayMode == .oneBesideSecondary)
        #expect(f.recorder.takeAll() == [.willChangeTo(.oneBesideSecondary), .willHide(.primary), .didHide(.primary)])
    }

    @Test func secondaryOnlyKeyAndDimTapSendWillAndDid() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.send(key(.f9, .shift))
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.secondaryOnly), .willHide(.supplementary), .willHide(.primary),
                .didHide(.supplementary), .didHide(.primary),
            ])
        f.split.preferredSplitBehavior = .overlay
        f.send(key(.f9))
        #expect(f.split.displayMode == .oneOverSecondary)
        #expect(f.recorder.takeAll() == [.willChangeTo(.oneOverSecondary), .willShow(.supplementary), .didShow(.supplementary)])
        f.click(x: 1300, y: 400)
        #expect(f.split.displayMode == .secondaryOnly)
        #expect(f.recorder.takeAll() == [.willChangeTo(.secondaryOnly), .willHide(.supplementary), .didHide(.supplementary)])
    }

    @Test func aResizeThatDropsAColumnIsASystemChange() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.resize(800)
        #expect(f.recorder.takeAll() == [.willChangeTo(.oneBesideSecondary), .willHide(.primary), .didHide(.primary)])
    }

    @Test func aDelegateChangingThePreferenceInsideWillChangeToIsAppliedAfter() {
        let f = Fixture(.tripleColumn, width: 1400)
        let delegate = Reentrant()
        f.forget()
        f.split.delegate = delegate
        f.send(key(.f9))
        #expect(
            delegate.events == [
                "willChangeTo(oneBesideSecondary) seeing twoBesideSecondary",
                "willHide(primary)", "didHide(primary)",
                "willChangeTo(secondaryOnly) seeing oneBesideSecondary",
            ])
        #expect(f.split.displayMode == .secondaryOnly)
        #expect(f.split.preferredDisplayMode == .secondaryOnly)
        expectWellFormed(f.split)
        #expect(f.recorder.takeAll() == [])
    }
}

/// Changes the preferred mode from inside the first `willChangeTo` it gets.
private final class Reentrant: SplitViewControllerDelegate {
    var events: [String] = []
    private var changed = false

    func splitViewController(_ svc: SplitViewController, willChangeTo displayMode: SplitViewController.DisplayMode) {
        events.append("willChangeTo(\(displayMode)) seeing \(svc.displayMode)")
        if !changed {
            changed = true
            svc.preferredDisplayMode = .secondaryOnly
        }
    }
    func splitViewController(_ svc: SplitViewController, willShow column: SplitViewController.Column) {
        events.append("willShow(\(column))")
    }
    func splitViewController(_ svc: SplitViewController, didShow column: SplitViewController.Column) {
        events.append("didShow(\(column))")
    }
    func splitViewController(_ svc: SplitViewController, willHide column: SplitViewController.Column) {
        events.append("willHide(\(column))")
    }
    func splitViewController(_ svc: SplitViewController, didHide column: SplitViewController.Column) {
        events.append("didHide(\(column))")
    }
}

/// Records whether the split view was collapsed when each appearance callback came.
final class CollapseProbe: ViewController {
    var seen: [String] = []
    init(_ title: String) { super.init(title: title) }
    private func note(_ what: String) {
        seen.append("\(what) \(splitViewController?.isCollapsed == true ? "collapsed" : "expanded")")
    }
    override func viewWillAppear(_ animated: Bool) { note("willAppear") }
    override func viewDidAppear(_ animated: Bool) { note("didAppear") }
    override func viewWillDisappear(_ animated: Bool) { note("willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { note("didDisappear") }
}
