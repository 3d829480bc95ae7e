import Testing

@testable import SplitView

/// The request rules as pure functions: fit, the overlay of an unfitting tiling request, the
/// predicted mode and the behavior a mode implies. Triple column, minimums 240/240/464.
@Suite struct DisplayModeRequestRulesTests {
    typealias M = SplitViewController.DisplayMode

    static func input(
        _ width: Double, preferring mode: M = .automatic,
        behavior: SplitViewController.SplitBehavior = .automatic
    ) -> ResolutionInput {
        ResolutionInput(
            style: .tripleColumn, availableWidth: width, preferredDisplayMode: mode, preferredSplitBehavior: behavior,
            presentsWithGesture: true, minimumPrimary: 240, minimumSupplementary: 240, minimumSecondary: 464)
    }

    @Test func twoColumnsTileOnlyWhereTheirMinimumsFit() {
        let wide = Self.input(1400), narrow = Self.input(800)
        #expect(DisplayModeResolution.fits(.twoBesideSecondary, wide, DisplayModeResolution.resolved(wide)))
        #expect(!DisplayModeResolution.fits(.twoBesideSecondary, narrow, DisplayModeResolution.resolved(narrow)))
        #expect(!DisplayModeResolution.fits(.automatic, wide, DisplayModeResolution.resolved(wide)))
    }

    @Test func anUnfittingTilingRequestBecomesItsOverlayUnderAnAutomaticBehaviorOnly() {
        let narrow = Self.input(800)
        let resolved = DisplayModeResolution.resolved(narrow)
        #expect(DisplayModeResolution.overlayForUnfittingTiles(.twoBesideSecondary, narrow, resolved) == .twoOverSecondary)
        let tiling = Self.input(800, behavior: .tile)
        #expect(
            DisplayModeResolution.overlayForUnfittingTiles(.twoBesideSecondary, tiling, DisplayModeResolution.resolved(tiling))
                == nil)
    }

    @Test func thePredictedModeOfARequest() {
        let narrow = Self.input(800)
        let resolved = DisplayModeResolution.resolved(narrow)
        #expect(
            DisplayModeResolution.predictedMode(
                for: .twoBesideSecondary, narrow, resolved: resolved, showing: .oneBesideSecondary)
                == .twoOverSecondary)
        #expect(
            DisplayModeResolution.predictedMode(for: .secondaryOnly, narrow, resolved: nil, showing: .oneBesideSecondary)
                == .secondaryOnly)
    }

    @Test(arguments: [
        (M.oneBesideSecondary, SplitViewController.SplitBehavior.displace, SplitViewController.SplitBehavior.displace),
        (.oneBesideSecondary, .tile, .tile), (.secondaryOnly, .overlay, .overlay), (.twoOverSecondary, .tile, .overlay),
    ])
    func theBehaviorAShownModeImplies(
        mode: M, base: SplitViewController.SplitBehavior, expected: SplitViewController.SplitBehavior
    ) {
        #expect(DisplayModeResolution.behavior(of: mode, base: base) == expected)
    }
}
