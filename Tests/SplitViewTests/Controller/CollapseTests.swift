import Testing

@testable import SplitView

/// Collapse below 600 pt, expand again at 600 + 24 (DefaultNumbers.md); the collapsed stack
/// (DisplayModes.md, "Collapsed"); the
/// ways back; what the interface reads while collapsed.
@Suite struct CollapseTests {
    typealias Column = SplitViewController.Column

    // MARK: Threshold and hysteresis

    @Test func collapsesJustBelowTheThreshold() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.resize(599.9)
        #expect(f.split.isCollapsed)
        expectWellFormed(f.split)
        #expect(f.recorder.takeAll().contains(.didCollapse))
    }

    @Test func staysExpandedAtTheThreshold() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.resize(600)
        #expect(!f.split.isCollapsed)
        expectWellFormed(f.split)
        // 600 pt tiles no column beside the secondary's 464 + 240: the columns leave.
        #expect(f.split.displayMode == .secondaryOnly)
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.secondaryOnly), .willHide(.supplementary), .willHide(.primary),
                .didHide(.supplementary), .didHide(.primary),
            ])
    }

    @Test func staysCollapsedBelowTheHysteresis() {
        let f = Fixture(.tripleColumn, width: 599.9)
        f.forget()
        f.resize(600)
        f.resize(623.9)
        #expect(f.split.isCollapsed)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func expandsAtThresholdPlusHysteresis() {
        let f = Fixture(.tripleColumn, width: 599.9)
        f.forget()
        f.resize(624)
        #expect(!f.split.isCollapsed)
        expectWellFormed(f.split)
        // 624 pt tiles nothing beside the secondary: only the secondary shows.
        #expect(f.split.displayMode == .secondaryOnly)
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.secondaryOnly), .displayModeForExpanding(proposed: .secondaryOnly), .didExpand,
            ])
    }

    @Test(arguments: [(599.9, true), (600, false), (610, false), (623.9, false), (0, true)])
    func mountingCollapsesOnlyBelowTheThreshold(_ width: Double, _ collapsed: Bool) {
        let f = Fixture(.tripleColumn, width: width)
        #expect(f.split.isCollapsed == collapsed)
        expectWellFormed(f.split)
        #expect(f.recorder.takeAll().contains(.didCollapse) == collapsed)
    }

    // MARK: The stack

    /// The column styles' stack of columns (the classic style pushes onto the primary's own
    /// navigation controller instead: ClassicChildrenTests).
    @Test(arguments: [SplitViewController.Style.tripleColumn, .doubleColumn])
    func collapsedStackEndsWithTheSecondaryAndBackWalksDownIt(_ style: SplitViewController.Style) {
        let f = Fixture(style, width: 500)
        f.forget()
        #expect(f.split.isShowing(.secondary) && f.shown == [.secondary])
        var expected: [(Column, String)] = [(.secondary, "D")]
        if style == .tripleColumn { expected.append((.supplementary, "S")) }
        expected.append((.primary, "P"))
        // The back button carries the title of the level below.
        for (top, below) in zip(expected, expected.dropFirst()) {
            #expect(f.split.isShowing(top.0))
            let back = f.split.layout.button(.back)
            #expect(back?.column == top.0)
            #expect(back?.title == below.1)
            f.send(key(.left, .alt))
        }
        #expect(f.split.isShowing(.primary))
        #expect(f.split.layout.button(.back) == nil)
        f.send(key(.left, .alt))  // the root stays
        #expect(f.split.isShowing(.primary))
        expectWellFormed(f.split)
        #expect(
            f.recorder.takeAll()
                == (style == .tripleColumn
                    ? [
                        .willShow(.supplementary), .willHide(.secondary), .didShow(.supplementary), .didHide(.secondary),
                        .willShow(.primary), .willHide(.supplementary), .didShow(.primary), .didHide(.supplementary),
                    ]
                    : [.willShow(.primary), .willHide(.secondary), .didShow(.primary), .didHide(.secondary)]))
    }

    @Test func escapeAndTheBackButtonPop() {
        let f = Fixture(.tripleColumn, width: 500)
        f.forget()
        f.send(key(.escape))
        #expect(f.split.isShowing(.supplementary))
        f.click(.back)
        #expect(f.split.isShowing(.primary))
        #expect(
            f.recorder.takeAll() == [
                .willShow(.supplementary), .willHide(.secondary), .didShow(.supplementary), .didHide(.secondary),
                .willShow(.primary), .willHide(.supplementary), .didShow(.primary), .didHide(.supplementary),
            ])
    }

    @Test func backPopsAColumnsOwnStackFirst() throws {
        let f = Fixture(.tripleColumn, width: 500)
        f.forget()
        let nav = try #require(f.split.navigationController(for: .secondary))
        nav.pushViewController(ViewController(title: "Page"), animated: false)
        #expect(f.split.layout.button(.back)?.title == "D")
        f.send(key(.left, .alt))
        #expect(nav.viewControllers.count == 1 && f.split.isShowing(.secondary))
        f.send(key(.left, .alt))
        #expect(f.split.isShowing(.supplementary))
        #expect(
            f.recorder.takeAll() == [
                .willShow(.supplementary), .willHide(.secondary), .didShow(.supplementary), .didHide(.secondary),
            ])
    }

    @Test func theCompactColumnReplacesTheStack() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        let compact = f.install("C", in: .compact)
        #expect(f.split.viewController(for: .compact) === compact)
        #expect(f.log.takeAll().filter { $0.hasPrefix("C") } == [])  // not shown while expanded
        f.resize(500)
        #expect(f.split.isShowing(.compact) && f.shown == [.compact])
        #expect(!f.split.isShowing(.secondary))
        #expect(entries(of: "C", in: f.log.takeAll()) == ["willAppear", "didAppear"])
        f.send(key(.left, .alt))  // nothing below it
        #expect(f.split.isShowing(.compact))
        f.resize(1400)
        #expect(!f.split.isShowing(.compact) && f.split.layout.frame(of: .compact) == nil)
        #expect(entries(of: "C", in: f.log.takeAll()) == ["willDisappear", "didDisappear"])
        expectWellFormed(f.split)
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.oneBesideSecondary), .topColumnForCollapsing(proposed: .compact), .willShow(.compact),
                .willHide(.supplementary), .willHide(.primary), .willHide(.secondary), .didShow(.compact), .didCollapse,
                .didHide(.supplementary), .didHide(.primary), .didHide(.secondary),
                .willChangeTo(.twoBesideSecondary), .displayModeForExpanding(proposed: .twoBesideSecondary),
                .willShow(.supplementary), .willShow(.primary), .willShow(.secondary), .willHide(.compact),
                .didHide(.compact), .didExpand, .didShow(.supplementary), .didShow(.primary), .didShow(.secondary),
            ])
    }

    @Test func theInspectorSheetDimsTheTopAndEscapeClosesItFirst() {
        let f = Fixture(.tripleColumn, width: 500)
        f.forget()
        f.split.show(.inspector)
        let sheet = f.split.layout.placement(of: .inspector)
        #expect(sheet?.presentation == .sheet)
        #expect(sheet?.frame == Rect(x: 0, y: 40, width: 500, height: 760))
        #expect(f.split.layout.placement(of: .secondary)?.isDimmed == true)
        f.send(key(.escape))
        #expect(!f.split.isShowing(.inspector))
        #expect(f.split.isShowing(.secondary))  // Escape closed the sheet, it did not go back
        f.split.show(.inspector)
        f.click(x: 250, y: 20)  // the dimmed strip above the sheet
        #expect(!f.split.isShowing(.inspector))
        #expect(f.split.isShowing(.secondary))
        expectWellFormed(f.split)
        #expect(
            f.recorder.takeAll() == [.willHide(.inspector), .didHide(.inspector), .willHide(.inspector), .didHide(.inspector)])
    }

    // MARK: What the interface reads while collapsed

    @Test(arguments: SplitViewController.SplitBehavior.allCases)
    func collapsedReadsOneBesideSecondaryAndTile(_ behavior: SplitViewController.SplitBehavior) {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.split.preferredSplitBehavior = behavior
        f.split.preferredDisplayMode = .secondaryOnly
        f.resize(500)
        #expect(f.split.displayMode == .oneBesideSecondary)
        #expect(f.split.splitBehavior == .tile)
        #expect(f.split.preferredDisplayMode == .secondaryOnly)  // the preference is kept for expanding
        f.resize(1400)
        #expect(f.split.displayMode == .secondaryOnly)
        #expect(
            f.recorder.takeAll() == (behavior == .displace ? [.willChangeTo(.oneBesideSecondary)] : []) + [
                .willChangeTo(.secondaryOnly), .willChangeTo(.oneBesideSecondary), .topColumnForCollapsing(proposed: .secondary),
                .didCollapse, .willChangeTo(.secondaryOnly), .displayModeForExpanding(proposed: .secondaryOnly), .didExpand,
            ])
    }

    @Test(arguments: [SplitViewController.Style.tripleColumn, .doubleColumn, .unspecified])
    func viewControllersHasOneElementWhenCollapsed(_ style: SplitViewController.Style) {
        let f = Fixture(style, width: 1400)
        f.forget()
        #expect(f.split.viewControllers.count == (style == .tripleColumn ? 3 : 2))
        f.resize(500)
        #expect(f.split.viewControllers.count == 1)
        #expect(f.split.viewControllers.first === f.split.navigationController(for: .primary))
        f.resize(1400)
        #expect(f.split.viewControllers.count == (style == .tripleColumn ? 3 : 2))
        let expected: [Event] =
            switch style {
            case .tripleColumn: Event.tripleCollapse + Event.tripleExpand
            case .doubleColumn:
                [
                    .topColumnForCollapsing(proposed: .secondary), .willHide(.primary), .didCollapse, .didHide(.primary),
                    .displayModeForExpanding(proposed: .oneBesideSecondary), .willShow(.primary), .didExpand, .didShow(.primary),
                ]
            case .unspecified:
                // The secondary goes onto the primary's stack: its column hides, and comes back.
                [
                    .primaryForCollapsing, .collapseSecondary, .willHide(.secondary), .didCollapse, .didHide(.secondary),
                    .primaryForExpanding, .separateSecondary, .willShow(.secondary), .didExpand, .didShow(.secondary),
                ]
            }
        #expect(f.recorder.takeAll() == expected)
    }

    @Test func theDisplayModeButtonGoesToThePrimaryWhileCollapsed() {
        let f = Fixture(.tripleColumn, width: 500)
        #expect(f.split.layout.button(.displayMode) == nil)
        f.forget()
        f.send(key(.f9))
        #expect(f.split.isShowing(.primary))
        #expect(f.recorder.takeAll() == [.willShow(.primary), .willHide(.secondary), .didShow(.primary), .didHide(.secondary)])
    }

    @Test func collapsingEndsADividerDrag() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.send(.pointerDown(Point(x: 280, y: 300)), .pointerMoved(Point(x: 300, y: 300)))
        f.resize(500)
        f.send(.pointerMoved(Point(x: 100, y: 300)), .pointerUp(Point(x: 100, y: 300)))
        f.resize(1400)
        #expect(f.split.primaryColumnWidth == 300)  // the width reached before the collapse stays
        expectWellFormed(f.split)
        #expect(f.recorder.takeAll() == Event.tripleCollapse + Event.tripleExpand)
    }
}
