import Testing

@testable import SplitView

/// `explain()` (`+Explain.swift`): one line for the collapse state, one for the behavior and
/// one for the mode, each naming its rule and the widths it compared.
@Suite struct ExplainTests {
    static func lines(_ f: Fixture) -> [String] { f.split.explain().split(separator: "\n").map(String.init) }

    @Test(arguments: [
        (SplitViewController.Style.tripleColumn, "secondaryOnly"), (.doubleColumn, "secondaryOnly"),
        (.unspecified, "oneBesideSecondary"),
    ])
    func beforeTheFirstSize(_ style: SplitViewController.Style, _ reading: String) {
        let f = Fixture(style)
        #expect(f.split.explain() == "\(style): no size yet; displayMode reads \(reading) until the first resize")
    }

    @Test func automaticAndWide() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        #expect(
            Self.lines(f) == [
                "tripleColumn 1400×800: expanded (collapses below 600 pt)",
                "splitBehavior tile: preferred automatic; 2 columns fit beside the secondary",
                "displayMode twoBesideSecondary: preferred automatic under tile (three columns need 946 pt, two 705, has 1400)",
            ])
        #expect(f.recorder.takeAll() == [])
    }

    @Test func collapsedNamesTheStackAndTheHysteresis() {
        let f = Fixture(.tripleColumn, width: 500)
        f.forget()
        f.split.show(.inspector)
        #expect(
            Self.lines(f) == [
                "tripleColumn 500×800: collapsed (width below 600 pt; expands at 624 pt)",
                "stack primary > supplementary > secondary; displayMode reads oneBesideSecondary, splitBehavior tile",
                "inspector shown (sheet)",
            ])
        f.send(key(.escape), key(.escape))  // closes the sheet, then goes back
        #expect(Self.lines(f)[1].hasPrefix("stack primary > supplementary;"))
        #expect(
            f.recorder.takeAll() == [
                .willHide(.inspector), .didHide(.inspector),
                .willShow(.supplementary), .willHide(.secondary), .didShow(.supplementary), .didHide(.secondary),
            ])
    }

    @Test func aPreferenceDroppedForSpace() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.split.preferredDisplayMode = .twoBesideSecondary
        f.resize(800)
        #expect(
            Self.lines(f) == [
                "tripleColumn 800×800: expanded (collapses below 600 pt)",
                "splitBehavior tile: preferred automatic; 1 column fits beside the secondary",
                "displayMode oneBesideSecondary: preferred twoBesideSecondary needs 946 pt, has 800; dropped to what fits",
            ])
        #expect(f.recorder.takeAll() == [.willChangeTo(.oneBesideSecondary), .willHide(.primary), .didHide(.primary)])
    }

    @Test func aModeShownOnRequest() {
        let f = Fixture(.tripleColumn, width: 800)
        f.forget()
        f.send(key(.f9))
        #expect(f.split.displayMode == .twoOverSecondary)
        #expect(
            Self.lines(f).dropFirst() == [
                "splitBehavior overlay: twoOverSecondary was asked for while its columns cannot tile (resolved behavior: tile)",
                "displayMode twoOverSecondary: shown on request over the resolved oneBesideSecondary, until the width changes the resolution",
            ])
        #expect(f.recorder.takeAll() == [.willChangeTo(.twoOverSecondary), .willShow(.primary), .didShow(.primary)])
    }

    @Test func preferredBehaviorAndMode() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.split.preferredSplitBehavior = .overlay
        f.split.preferredDisplayMode = .oneOverSecondary
        #expect(
            Self.lines(f).dropFirst() == [
                "splitBehavior overlay: preferred overlay",
                "displayMode oneOverSecondary: preferred oneOverSecondary",
            ])
        f.split.preferredSplitBehavior = .automatic
        #expect(
            Self.lines(f)[1] == "splitBehavior overlay: preferred automatic; preferred mode oneOverSecondary belongs to overlay")
        #expect(f.recorder.takeAll() == [.willChangeTo(.secondaryOnly), .willChangeTo(.oneOverSecondary)])
    }

    @Test func aNarrowWindowWaitsForARequest() throws {
        let f = Fixture(.doubleColumn, width: 650)
        f.forget()
        #expect(
            Self.lines(f)[1] == "splitBehavior overlay: preferred automatic; no column fits beside the secondary (needs 705 pt)")
        try f.split.restore(SplitViewState(preferredDisplayMode: .oneBesideSecondary))
        #expect(
            Self.lines(f)[2]
                == "displayMode secondaryOnly: narrow window: preferred oneBesideSecondary shows no column over the secondary until asked (button, F9, gesture)"
        )
        #expect(f.recorder.takeAll() == [])
    }

    @Test func aStrictPreference() {
        let f = Fixture(.tripleColumn, width: 800)
        f.forget()
        f.split.presentsWithGesture = false
        f.split.preferredDisplayMode = .twoBesideSecondary
        #expect(f.split.displayMode == .twoOverSecondary)
        #expect(
            Self.lines(f).dropFirst() == [
                "splitBehavior overlay: presentsWithGesture is false: preferred twoBesideSecondary shows over the secondary rather than hide",
                "displayMode twoOverSecondary: preferred twoBesideSecondary",
            ])
        #expect(f.recorder.takeAll() == [.willChangeTo(.twoOverSecondary)])
    }

    @Test func theTiledInspectorCountsInTheWidths() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.split.show(.inspector)
        #expect(
            Self.lines(f)[2]
                == "displayMode twoBesideSecondary: preferred automatic under tile (three columns need 1187 pt, two 946, has 1400)"
        )
        #expect(Self.lines(f)[3] == "inspector shown (tiled)")
        #expect(f.recorder.takeAll() == [])
    }

    @Test func explainingChangesNothing() {
        let f = Fixture(.tripleColumn, width: 1400, animated: true)
        f.send(key(.f9), .tick(now: 0))
        f.forget()
        let layout = f.split.layout
        #expect(f.split.explain() == f.split.explain())
        #expect(f.split.layout == layout && f.split.isAnimating)
        #expect(f.recorder.takeAll() == [])
        #expect(f.log.takeAll() == [])
    }
}
