import Testing

@testable import SplitView

/// ShowingAndHidingColumns.md: `show(_:)`, `hide(_:)` and `isShowing(_:)`, expanded and collapsed, and the inspector.
@Suite struct ShowHideTests {
    typealias Column = SplitViewController.Column
    typealias Mode = SplitViewController.DisplayMode
    typealias Behavior = SplitViewController.SplitBehavior

    struct Case: Sendable, CustomTestStringConvertible {
        var style: SplitViewController.Style
        var behavior: Behavior
        var start: Mode
        var show: Bool
        var column: Column
        var expected: Mode
        var testDescription: String { "\(style) \(behavior) \(start): \(show ? "show" : "hide")(\(column)) → \(expected)" }
    }

    static func c(
        _ style: SplitViewController.Style, _ behavior: Behavior, _ start: Mode, _ show: Bool, _ column: Column,
        _ expected: Mode
    ) -> Case {
        Case(style: style, behavior: behavior, start: start, show: show, column: column, expected: expected)
    }

    static let show = true, hide = false

    /// The expanded rows of ShowingAndHidingColumns.md with the measured iOS 26.1 values: ignored for `.secondary`,
    /// `.compact` and a column already in the wanted state; otherwise the nearest mode.
    static let expandedCases: [Case] = [
        // triple, tile (measured: show(.primary) → twoBeside, hide(.primary) → oneBeside, hide(.supplementary) → secondaryOnly)
        c(.tripleColumn, .tile, .twoBesideSecondary, show, .primary, .twoBesideSecondary),
        c(.tripleColumn, .tile, .twoBesideSecondary, show, .supplementary, .twoBesideSecondary),
        c(.tripleColumn, .tile, .twoBesideSecondary, show, .secondary, .twoBesideSecondary),
        c(.tripleColumn, .tile, .twoBesideSecondary, hide, .secondary, .twoBesideSecondary),
        c(.tripleColumn, .tile, .twoBesideSecondary, show, .compact, .twoBesideSecondary),
        c(.tripleColumn, .tile, .twoBesideSecondary, hide, .compact, .twoBesideSecondary),
        c(.tripleColumn, .tile, .twoBesideSecondary, hide, .primary, .oneBesideSecondary),
        c(.tripleColumn, .tile, .twoBesideSecondary, hide, .supplementary, .secondaryOnly),
        c(.tripleColumn, .tile, .oneBesideSecondary, show, .primary, .twoBesideSecondary),
        c(.tripleColumn, .tile, .oneBesideSecondary, hide, .primary, .oneBesideSecondary),
        c(.tripleColumn, .tile, .oneBesideSecondary, hide, .supplementary, .secondaryOnly),
        c(.tripleColumn, .tile, .secondaryOnly, show, .supplementary, .oneBesideSecondary),
        c(.tripleColumn, .tile, .secondaryOnly, show, .primary, .twoBesideSecondary),
        c(.tripleColumn, .tile, .secondaryOnly, hide, .supplementary, .secondaryOnly),
        // triple, overlay and displace: the nearest mode of the same behavior
        c(.tripleColumn, .overlay, .secondaryOnly, show, .primary, .twoOverSecondary),
        c(.tripleColumn, .overlay, .secondaryOnly, show, .supplementary, .oneOverSecondary),
        c(.tripleColumn, .overlay, .twoOverSecondary, hide, .primary, .oneOverSecondary),
        c(.tripleColumn, .overlay, .twoOverSecondary, hide, .supplementary, .secondaryOnly),
        c(.tripleColumn, .displace, .oneBesideSecondary, show, .primary, .twoDisplaceSecondary),
        c(.tripleColumn, .displace, .oneBesideSecondary, hide, .supplementary, .secondaryOnly),
        c(.tripleColumn, .displace, .twoDisplaceSecondary, hide, .primary, .oneBesideSecondary),
        // double (measured: show(.primary) → oneBeside, oneOver under overlay; hide(.primary) → secondaryOnly)
        c(.doubleColumn, .tile, .secondaryOnly, show, .primary, .oneBesideSecondary),
        c(.doubleColumn, .tile, .secondaryOnly, show, .supplementary, .secondaryOnly),
        c(.doubleColumn, .tile, .oneBesideSecondary, show, .primary, .oneBesideSecondary),
        c(.doubleColumn, .tile, .oneBesideSecondary, hide, .primary, .secondaryOnly),
        c(.doubleColumn, .overlay, .secondaryOnly, show, .primary, .oneOverSecondary),
        c(.doubleColumn, .overlay, .oneOverSecondary, hide, .primary, .secondaryOnly),
        c(.doubleColumn, .displace, .secondaryOnly, show, .primary, .oneBesideSecondary),
    ]

    @Test(arguments: expandedCases)
    func expandedShowAndHideGoToTheNearestMode(_ c: Case) {
        let f = Fixture(c.style, width: 1400)
        f.split.preferredSplitBehavior = c.behavior
        f.split.preferredDisplayMode = c.start
        #expect(f.split.displayMode == c.start)
        f.forget()
        c.show ? f.split.show(c.column) : f.split.hide(c.column)
        #expect(f.split.displayMode == c.expected)
        #expect(f.split.splitBehavior == c.behavior)
        for column in [Column.primary, .supplementary, .secondary] {
            #expect(f.split.isShowing(column) == (f.split.layout.frame(of: column) != nil), "isShowing(\(column))")
        }
        if c.column != .secondary && c.column != .compact && c.expected != c.start {
            #expect(f.split.isShowing(c.column) == c.show)
        }
        expectWellFormed(f.split)
        // Programmatic: willChangeTo only, never willShow/willHide (UIKit documents it; DelegateCallOrder.md).
        #expect(f.recorder.takeAll() == (c.expected == c.start ? [] : [.willChangeTo(c.expected)]))
    }

    @Test func showWhileAutomaticRecordsTheModeButKeepsTheBehavior() {
        let f = Fixture(.tripleColumn, width: 800)  // automatic: oneBesideSecondary
        f.forget()
        f.split.show(.primary)
        #expect(f.split.preferredDisplayMode == .twoBesideSecondary)
        #expect(f.split.preferredSplitBehavior == .automatic)
        f.resize(1400)  // the recorded preference tiles once it fits
        #expect(f.split.displayMode == .twoBesideSecondary)
        f.resize(800)  // and narrowing drops a column again
        #expect(f.split.displayMode == .oneBesideSecondary)
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.twoOverSecondary), .willChangeTo(.twoBesideSecondary),
                .willChangeTo(.oneBesideSecondary), .willHide(.primary), .didHide(.primary),
            ])
    }

    @Test func showingAColumnThatCannotTileShowsItOverTheSecondary() {
        let f = Fixture(.tripleColumn, width: 800)
        f.forget()
        f.split.show(.primary)
        #expect(f.split.displayMode == .twoOverSecondary)
        #expect(f.split.isShowing(.primary) && f.split.isShowing(.supplementary))
        expectWellFormed(f.split)
        #expect(f.recorder.takeAll() == [.willChangeTo(.twoOverSecondary)])
    }

    // MARK: Collapsed

    @Test func collapsedShowPopsCoveringColumnsAndPushesInterveningOnes() {
        let f = Fixture(.tripleColumn, width: 500)
        f.forget()
        #expect(f.split.isShowing(.secondary) && !f.split.isShowing(.primary) && !f.split.isShowing(.supplementary))
        f.split.show(.secondary)  // on top: no-op
        #expect(f.log.takeAll() == [])
        f.split.show(.primary)  // pops secondary and supplementary
        #expect(f.split.isShowing(.primary) && f.shown == [.primary])
        f.split.show(.secondary)  // pushes supplementary and secondary
        #expect(f.split.isShowing(.secondary))
        f.split.hide(.secondary)  // pops back to the pushed supplementary
        #expect(f.split.isShowing(.supplementary))
        #expect(f.split.isCollapsed && f.split.displayMode == .oneBesideSecondary)
        expectWellFormed(f.split)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func collapsedHideIsIgnoredForThePrimaryAndForAColumnNotOnTop() {
        let f = Fixture(.tripleColumn, width: 500)
        f.forget()
        f.split.hide(.supplementary)  // not on top
        f.split.hide(.primary)
        #expect(f.split.isShowing(.secondary))
        f.split.hide(.secondary)
        #expect(f.split.isShowing(.supplementary))
        f.split.hide(.supplementary)
        #expect(f.split.isShowing(.primary))
        f.split.hide(.primary)  // the root stays
        f.split.hide(.compact)
        f.split.show(.compact)
        #expect(f.split.isShowing(.primary) && f.shown == [.primary])
        let log = f.log.takeAll()
        #expect(entries(of: "D", in: log) == ["willDisappear", "didDisappear"])
        #expect(entries(of: "S", in: log) == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
        #expect(entries(of: "P", in: log) == ["willAppear", "didAppear"])
        #expect(f.recorder.takeAll() == [])
    }

    @Test func collapsedDoubleColumnHasNoSupplementary() {
        let f = Fixture(.doubleColumn, width: 500)
        f.forget()
        f.split.show(.supplementary)
        #expect(f.split.isShowing(.secondary))
        f.split.hide(.secondary)
        #expect(f.split.isShowing(.primary))
        #expect(f.recorder.takeAll() == [])
    }

    @Test func collapsedUserShowAnnouncesTheColumns() {
        let f = Fixture(.tripleColumn, width: 500)
        f.forget()
        f.send(key(.character("1"), .control))
        #expect(f.split.isShowing(.primary))
        #expect(f.recorder.takeAll() == [.willShow(.primary), .willHide(.secondary), .didShow(.primary), .didHide(.secondary)])
    }

    // MARK: Inspector

    @Test func theInspectorIsHiddenUntilShownAndTilesWhenItFits() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        #expect(!f.split.isShowing(.inspector))
        f.split.hide(.inspector)
        f.split.show(.inspector)
        #expect(f.split.isShowing(.inspector))
        #expect(f.split.layout.placement(of: .inspector)?.presentation == .tiled)
        #expect(f.split.layout.frame(of: .inspector)?.maxX == 1400)
        f.split.show(.inspector)  // already showing
        expectWellFormed(f.split)
        f.split.hide(.inspector)
        #expect(!f.split.isShowing(.inspector) && f.split.layout.frame(of: .inspector) == nil)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func theInspectorTakesRoomFromTheColumns() {
        let f = Fixture(.tripleColumn, width: 1000)
        f.forget()
        f.split.show(.inspector)
        // 1000 − 240 − 1 leaves 759 pt: one column tiles beside the secondary's 464.
        #expect(f.split.displayMode == .oneBesideSecondary)
        expectWellFormed(f.split)
        f.split.hide(.inspector)
        #expect(f.split.displayMode == .twoBesideSecondary)
        #expect(f.recorder.takeAll() == [.willChangeTo(.oneBesideSecondary), .willChangeTo(.twoBesideSecondary)])
    }

    @Test func theInspectorOverlaysWhenItCannotTile() {
        let f = Fixture(.doubleColumn, width: 650)
        f.forget()
        f.split.show(.inspector)
        #expect(f.split.layout.placement(of: .inspector)?.presentation == .overlay)
        expectWellFormed(f.split)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func theInspectorIsASheetWhenCollapsed() {
        let f = Fixture(.tripleColumn, width: 500)
        f.forget()
        f.split.show(.inspector)
        #expect(f.split.isShowing(.inspector) && f.split.isShowing(.secondary))
        #expect(f.split.layout.placement(of: .inspector)?.presentation == .sheet)
        #expect(f.split.layout.placement(of: .secondary)?.isDimmed == true)
        expectWellFormed(f.split)
        f.resize(1400)  // expanding turns the sheet into a column
        #expect(f.split.layout.placement(of: .inspector)?.presentation == .tiled)
        #expect(f.split.layout.placement(of: .secondary)?.isDimmed == false)
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.twoBesideSecondary), .displayModeForExpanding(proposed: .twoBesideSecondary),
                .willShow(.supplementary), .willShow(.primary), .didExpand, .didShow(.supplementary), .didShow(.primary),
            ])
        f.resize(500)
        #expect(f.split.layout.placement(of: .inspector)?.presentation == .sheet)
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.oneBesideSecondary), .topColumnForCollapsing(proposed: .secondary),
                .willHide(.supplementary), .willHide(.primary), .didCollapse, .didHide(.supplementary), .didHide(.primary),
            ])
        f.split.hide(.inspector)
        #expect(f.split.layout.placement(of: .secondary)?.isDimmed == false)
        #expect(f.recorder.takeAll() == [])
    }
}
