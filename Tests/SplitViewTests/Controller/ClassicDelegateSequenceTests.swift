import Testing

@testable import SplitView

/// The classic style's delegate order (DelegateCallOrder.md): the collapse trio and the
/// expand pair, and where they come among the other calls.
@Suite struct ClassicDelegateSequenceTests {
    typealias Column = SplitViewController.Column
    typealias Mode = SplitViewController.DisplayMode

    // MARK: Classic style

    @Test(arguments: [false, true])
    func classicCollapseAsksTheTrio(_ handled: Bool) {
        let f = Fixture(.unspecified, width: 1400)
        let replacement = NavigationController(rootViewController: LoggingViewController("R", log: f.log))
        f.recorder.primaryForCollapsingAnswer = replacement
        f.recorder.collapseSecondaryAnswer = handled
        f.forget()
        f.resize(500)
        #expect(f.split.viewController(for: .primary) === replacement)
        // true: the delegate took the secondary over; false: the primary's navigation
        // controller pushed it. Either way the secondary's column goes.
        #expect(f.split.isShowing(handled ? .primary : .secondary))
        #expect(replacement.viewControllers.count == (handled ? 1 : 2))
        let folded: Column = .secondary
        #expect(
            f.recorder.takeAll() == [
                .primaryForCollapsing, .collapseSecondary, .willHide(folded), .didCollapse, .didHide(folded),
            ])
    }

    @Test func classicExpandAsksThePairAndSeparatesTheSecondary() {
        let f = Fixture(.unspecified, width: 500)
        let primary = LoggingViewController("P2", log: f.log)
        let secondary = LoggingViewController("D2", log: f.log)
        f.recorder.primaryForExpandingAnswer = primary
        f.recorder.separateSecondaryAnswer = secondary
        f.forget()
        f.resize(1400)
        #expect(f.split.viewController(for: .primary) === primary)
        #expect(f.split.viewController(for: .secondary) === secondary)
        #expect(
            f.recorder.takeAll() == [
                .primaryForExpanding, .separateSecondary, .willShow(.secondary), .didExpand, .didShow(.secondary),
            ])
        #expect(entries(of: "P2", in: f.log.entries) == ["willAppear", "didAppear"])
        #expect(entries(of: "D2", in: f.log.entries) == ["willAppear", "didAppear"])
        #expect(entries(of: "D", in: f.log.entries) == ["willDisappear", "didDisappear"])
    }

    @Test func classicExpandWithoutAnswersBringsTheFoldedSecondaryBack() {
        let f = Fixture(.unspecified, width: 1400)
        f.forget()
        f.recorder.collapseSecondaryAnswer = true
        f.resize(500)
        f.resize(1400)
        #expect(f.split.viewController(for: .secondary) === f.secondary)
        #expect(f.shown == [.primary, .secondary])
        #expect(
            f.recorder.takeAll() == [
                .primaryForCollapsing, .collapseSecondary, .willHide(.secondary), .didCollapse, .didHide(.secondary),
                .primaryForExpanding, .separateSecondary, .willShow(.secondary), .didExpand, .didShow(.secondary),
            ])
    }

    /// Documented order (delegate protocol, `expandInterface`): `willChangeTo` → the classic
    /// pair → `willShow`/`willHide`.
    @Test func classicExpandAnnouncesTheModeBeforeThePair() {
        let f = Fixture(.unspecified, width: 1400)
        f.split.preferredDisplayMode = .secondaryOnly
        f.resize(500)
        f.forget()
        f.resize(1400)
        #expect(f.split.displayMode == .secondaryOnly)
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.secondaryOnly), .primaryForExpanding, .separateSecondary, .willShow(.secondary),
                .willHide(.primary), .didHide(.primary), .didExpand, .didShow(.secondary),
            ])
    }
}
