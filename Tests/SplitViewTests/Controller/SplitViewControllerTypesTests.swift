import Testing

@testable import SplitView

/// The mode table of DisplayModes.md as the enums hold it: UIKit's raw values, the columns each mode shows,
/// which dim the secondary, and the modes allowed under each behavior.
@Suite struct SplitViewControllerTypesTests {
    typealias Mode = SplitViewController.DisplayMode
    typealias Behavior = SplitViewController.SplitBehavior

    @Test(arguments: [
        // mode, UIKit raw value, columns beside the secondary, dims the secondary
        (Mode.automatic, 0, 0, false),
        (.secondaryOnly, 1, 0, false),
        (.oneBesideSecondary, 2, 1, false),
        (.oneOverSecondary, 3, 1, true),
        (.twoBesideSecondary, 4, 2, false),
        (.twoOverSecondary, 5, 2, true),
        (.twoDisplaceSecondary, 6, 2, true),
    ])
    func modeTable(mode: Mode, rawValue: Int, level: Int, dims: Bool) {
        #expect(mode.rawValue == rawValue)
        #expect(mode.level == level)
        #expect(mode.dimsSecondary == dims)
    }

    @Test(arguments: [
        (Behavior.automatic, 0, [Mode]()),
        (.tile, 1, [.secondaryOnly, .oneBesideSecondary, .twoBesideSecondary]),
        (.overlay, 2, [.secondaryOnly, .oneOverSecondary, .twoOverSecondary]),
        (.displace, 3, [.secondaryOnly, .oneBesideSecondary, .twoDisplaceSecondary]),
    ])
    func allowedModesByBehavior(behavior: Behavior, rawValue: Int, modes: [Mode]) {
        #expect(behavior.rawValue == rawValue)
        #expect(behavior.allowedModes == modes)
        for (level, mode) in modes.enumerated() { #expect(Mode.mode(level: level, in: behavior) == mode) }
        #expect(Mode.mode(level: 5, in: behavior) == modes.last)  // capped at the top level
    }

    /// The behavior a mode names by itself; `secondaryOnly` and `automatic` name none.
    @Test func familyOfEachMode() {
        #expect(Mode.automatic.family == nil && Mode.secondaryOnly.family == nil)
        #expect(Mode.oneBesideSecondary.family == .tile && Mode.twoBesideSecondary.family == .tile)
        #expect(Mode.oneOverSecondary.family == .overlay && Mode.twoOverSecondary.family == .overlay)
        #expect(Mode.twoDisplaceSecondary.family == .displace)
    }

    @Test func namesAsUIKitSpellsThem() {
        #expect(
            Mode.allCases.map(\.description) == [
                "automatic", "secondaryOnly", "oneBesideSecondary", "oneOverSecondary",
                "twoBesideSecondary", "twoOverSecondary", "twoDisplaceSecondary",
            ])
        #expect(
            SplitViewController.Column.allCases.map(\.name) == ["primary", "supplementary", "secondary", "compact", "inspector"])
        #expect(SplitViewController.Style.allCases.map(\.description) == ["unspecified", "doubleColumn", "tripleColumn"])
    }

    /// UIKit's defaults (DefaultNumbers.md, "Properties").
    @Test func defaultPreferences() {
        let split = SplitViewController(style: .tripleColumn)
        #expect(split.preferredDisplayMode == .automatic)
        #expect(split.preferredSplitBehavior == .automatic)
        #expect(split.presentsWithGesture)
        #expect(!split.showsSecondaryOnlyButton)
        #expect(split.displayModeButtonVisibility == .automatic)
        #expect(split.primaryEdge == .leading)
    }
}
