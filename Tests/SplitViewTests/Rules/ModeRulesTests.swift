import Testing

@testable import SplitView

/// Where requests go, as pure rules: nearest modes, the dismiss target, and the two buttons'
/// targets with and without a delegate's answer.
@Suite struct ModeRulesTests {
    typealias M = SplitViewController.DisplayMode

    @Test(arguments: [
        // (style, column, current, behavior, expected)
        (
            SplitViewController.Style.tripleColumn, SplitViewController.Column.primary, M.secondaryOnly,
            SplitViewController.SplitBehavior.tile, M?.some(.twoBesideSecondary)
        ),
        (.tripleColumn, .supplementary, .secondaryOnly, .tile, .oneBesideSecondary),
        (.tripleColumn, .supplementary, .twoOverSecondary, .overlay, .twoOverSecondary),
        (.tripleColumn, .primary, .oneBesideSecondary, .displace, .twoDisplaceSecondary),
        (.doubleColumn, .primary, .secondaryOnly, .overlay, .oneOverSecondary),
        (.doubleColumn, .supplementary, .secondaryOnly, .tile, nil),
        (.tripleColumn, .secondary, .secondaryOnly, .tile, nil),
        (.tripleColumn, .inspector, .secondaryOnly, .tile, nil),
    ])
    func theNearestModeThatShows(
        style: SplitViewController.Style, column: SplitViewController.Column, current: M,
        behavior: SplitViewController.SplitBehavior, expected: M?
    ) {
        #expect(ModeRules.nearestMode(showing: column, style: style, current: current, behavior: behavior) == expected)
    }

    @Test(arguments: [
        (
            SplitViewController.Style.tripleColumn, SplitViewController.Column.primary, M.twoBesideSecondary,
            SplitViewController.SplitBehavior.tile, M?.some(.oneBesideSecondary)
        ),
        (.tripleColumn, .supplementary, .twoBesideSecondary, .tile, .secondaryOnly),
        (.tripleColumn, .primary, .twoOverSecondary, .overlay, .oneOverSecondary),
        (.doubleColumn, .primary, .oneBesideSecondary, .tile, .secondaryOnly),
        (.doubleColumn, .secondary, .oneBesideSecondary, .tile, nil),
    ])
    func theNearestModeThatHides(
        style: SplitViewController.Style, column: SplitViewController.Column, current: M,
        behavior: SplitViewController.SplitBehavior, expected: M?
    ) {
        #expect(ModeRules.nearestMode(hiding: column, style: style, current: current, behavior: behavior) == expected)
    }

    @Test func aTapOnTheDimmedSecondaryDismissesToTheModeBelow() {
        #expect(ModeRules.dismissTarget(of: .oneOverSecondary) == .secondaryOnly)
        #expect(ModeRules.dismissTarget(of: .twoOverSecondary) == .secondaryOnly)
        #expect(ModeRules.dismissTarget(of: .twoDisplaceSecondary) == .oneBesideSecondary)
    }

    /// The delegate is asked only where a button may exist, and its answer is capped by the
    /// style and kept within the behavior; a target equal to the mode shown means no button.
    @Test func theDisplayModeButtonAsksTheDelegateOnlyWhereAButtonMayBe() {
        var asked = 0
        let automatic: () -> M = {
            asked += 1; return .automatic
        }
        #expect(
            ModeRules.displayModeButtonTarget(style: .tripleColumn, mode: .secondaryOnly, behavior: .tile, asked: automatic)
                == nil)
        #expect(asked == 0)
        #expect(
            ModeRules.displayModeButtonTarget(
                style: .tripleColumn, mode: .oneBesideSecondary, behavior: .tile,
                asked: automatic) == .twoBesideSecondary)
        #expect(asked == 1)
        #expect(
            ModeRules.displayModeButtonTarget(
                style: .doubleColumn, mode: .secondaryOnly, behavior: .tile,
                asked: { .twoOverSecondary }) == .oneBesideSecondary, "capped at one level, kept tiled")
        #expect(
            ModeRules.displayModeButtonTarget(
                style: .tripleColumn, mode: .oneBesideSecondary, behavior: .tile,
                asked: { .oneBesideSecondary }) == nil, "a tap that changes nothing")
        #expect(
            ModeRules.displayModeButtonTarget(style: .unspecified, mode: .secondaryOnly, behavior: .tile, asked: automatic)
                == .oneBesideSecondary)
        #expect(
            ModeRules.displayModeButtonTarget(
                style: .unspecified, mode: .secondaryOnly, behavior: .tile,
                asked: { .oneOverSecondary }) == .oneOverSecondary, "classic keeps the answer's family")
    }

    @Test func theSecondaryOnlyButtonGoesThereAndBack() {
        #expect(
            ModeRules.secondaryOnlyButtonTarget(
                style: .tripleColumn, mode: .twoBesideSecondary, behavior: .tile,
                before: nil, tiledLevelThatFits: 2) == .secondaryOnly)
        #expect(
            ModeRules.secondaryOnlyButtonTarget(
                style: .tripleColumn, mode: .secondaryOnly, behavior: .tile,
                before: .twoBesideSecondary, tiledLevelThatFits: 1) == .twoBesideSecondary)
        #expect(
            ModeRules.secondaryOnlyButtonTarget(
                style: .tripleColumn, mode: .secondaryOnly, behavior: .overlay,
                before: .twoBesideSecondary, tiledLevelThatFits: 1) == .twoOverSecondary)
        #expect(
            ModeRules.secondaryOnlyButtonTarget(
                style: .tripleColumn, mode: .secondaryOnly, behavior: .tile,
                before: nil, tiledLevelThatFits: 2) == .twoBesideSecondary)
        #expect(
            ModeRules.secondaryOnlyButtonTarget(
                style: .doubleColumn, mode: .secondaryOnly, behavior: .tile,
                before: .twoBesideSecondary, tiledLevelThatFits: 0) == .oneBesideSecondary)
        #expect(
            ModeRules.secondaryOnlyButtonTarget(
                style: .tripleColumn, mode: .secondaryOnly, behavior: .tile,
                before: nil, tiledLevelThatFits: nil) == .oneBesideSecondary)
    }
}
