import Testing

@testable import SplitView

/// The mode requests on their own: what a request records, and what a new resolution keeps.
@Suite struct ModeRequestsTests {
    typealias M = SplitViewController.DisplayMode
    static let wide = DisplayModeResolution.resolved(
        ResolutionInput(
            style: .tripleColumn, availableWidth: 1400, preferredDisplayMode: .automatic, preferredSplitBehavior: .automatic,
            presentsWithGesture: true, minimumPrimary: 240, minimumSupplementary: 240, minimumSecondary: 464))
    static let narrow = DisplayModeResolution.resolved(
        ResolutionInput(
            style: .tripleColumn, availableWidth: 700, preferredDisplayMode: .automatic, preferredSplitBehavior: .automatic,
            presentsWithGesture: true, minimumPrimary: 240, minimumSupplementary: 240, minimumSecondary: 464))

    @Test func aTilingRequestBecomesThePreferenceAndIsHandedOn() {
        var modes = ModeRequests()
        do {
            let result = modes.request(.oneBesideSecondary, showing: .twoBesideSecondary, dismisses: false);
            #expect(result == .oneBesideSecondary)
        }
        #expect(modes.preferences.displayMode == .oneBesideSecondary && modes.temporary == nil)
    }

    @Test func anOverModeIsTemporaryUnlessOverlaysArePreferred() {
        var modes = ModeRequests()
        do { let result = modes.request(.oneOverSecondary, showing: .secondaryOnly, dismisses: false); #expect(result == nil) }
        #expect(modes.temporary == .oneOverSecondary && modes.preferences.displayMode == .automatic)
        var overlays = ModeRequests(preferences: Preferences(splitBehavior: .overlay), temporary: .oneOverSecondary)
        do { let result = overlays.request(.twoOverSecondary, showing: .secondaryOnly, dismisses: false); #expect(result == nil) }
        #expect(overlays.temporary == nil && overlays.preferences.displayMode == .twoOverSecondary)
    }

    @Test func dismissingATemporaryModeOnlyEndsIt() {
        var modes = ModeRequests(temporary: .oneOverSecondary)
        do { let result = modes.request(.secondaryOnly, showing: .oneOverSecondary, dismisses: true); #expect(result == nil) }
        #expect(modes.temporary == nil && modes.preferences.displayMode == .automatic)
    }

    @Test func leavingSecondaryOnlyForgetsTheModeItLeft() {
        var modes = ModeRequests(beforeSecondaryOnly: .twoBesideSecondary)
        _ = modes.request(.secondaryOnly, showing: .secondaryOnly, dismisses: false)
        #expect(modes.beforeSecondaryOnly == .twoBesideSecondary)
        _ = modes.request(.oneBesideSecondary, showing: .secondaryOnly, dismisses: false)
        #expect(modes.beforeSecondaryOnly == nil)
    }

    @Test func aChangedResolutionEndsTheTemporaryModeAndAnUnfittingOneEndsToo() {
        var modes = ModeRequests()
        do { let result = modes.adopt(Self.wide, overlay: nil, fits: { _ in true }); #expect(result == Self.wide.displayMode) }
        do {
            let result = modes.adopt(Self.wide, overlay: .twoOverSecondary, fits: { _ in true });
            #expect(result == .twoOverSecondary)
        }
        // The same resolution: the temporary mode stays.
        do { let result = modes.adopt(Self.wide, overlay: nil, fits: { _ in true }); #expect(result == .twoOverSecondary) }
        do {
            let result = modes.adopt(Self.narrow, overlay: nil, fits: { _ in true }); #expect(result == Self.narrow.displayMode)
        }
        #expect(modes.temporary == nil)
        do {
            let result = modes.adopt(Self.narrow, overlay: .oneOverSecondary, fits: { $0 != .oneOverSecondary });
            #expect(result == Self.narrow.displayMode)
        }
    }
}
