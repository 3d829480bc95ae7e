import Testing

@testable import SplitView

/// The places where the core departed from UIKit without a reason, each now following the
/// line of UIKit's documentation it cites, or deciding where that documentation is silent.
@Suite struct UIKitDeparturesTests {
    /// A double column at 650 pt: nothing tiles beside the secondary's 464-pt minimum, so the
    /// behavior is `.overlay`, and F9 opens the primary over the secondary (a temporary mode:
    /// the developer did not prefer overlays).
    static func openOverlay() -> Fixture {
        let f = Fixture(.doubleColumn, width: 650)
        f.send(key(.f9))
        #expect(f.split.displayMode == .oneOverSecondary)
        f.forget()
        return f
    }

    /// UIKit's documentation of `preferredDisplayMode`: the controller "adjust[s] itself" to a
    /// change of the preferences the display mode depends on. Decided: the preferences the
    /// rules do not read — the secondary-only button, the button's visibility, the primary
    /// edge — leave an overlay the user opened where it is.
    @Test func anUnrelatedPreferenceLeavesTheUsersOverlayOpen() {
        let f = Self.openOverlay()
        f.split.showsSecondaryOnlyButton = true
        #expect(f.split.displayMode == .oneOverSecondary)
        f.split.displayModeButtonVisibility = .always
        #expect(f.split.displayMode == .oneOverSecondary)
        f.split.primaryEdge = .trailing
        #expect(f.split.displayMode == .oneOverSecondary)
        #expect(f.split.layout.frame(of: .primary)?.maxX == 650, "mirrored to the trailing edge, still open")
        #expect(!f.recorder.takeAll().contains { if case .willChangeTo = $0 { true } else { false } })
    }

    /// A preference the rules read ends the overlay: turning the gesture off (nothing could
    /// open it again, so the resolution shows what the preference says).
    @Test func aPreferenceTheModeReadsMayDismissIt() {
        let f = Self.openOverlay()
        f.split.preferredSplitBehavior = .tile
        #expect(f.split.displayMode != .oneOverSecondary)
    }

    /// UIKit's documentation of `maximumPrimaryColumnWidth` and `minimumPrimaryColumnWidth`:
    /// the automatic minimum "corresponds to a minimum width of 0 points", so an explicit
    /// maximum below our 240-pt default is the width the column shows at.
    @Test func anExplicitMaximumIsTheShownWidth() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.maximumPrimaryColumnWidth = 200
        f.split.maximumSupplementaryColumnWidth = 180
        #expect(f.split.layout.frame(of: .primary)?.width == 200)
        #expect(f.split.layout.frame(of: .supplementary)?.width == 180)
        #expect(f.split.minimumPrimaryColumnWidth == SplitViewController.automaticDimension)
        expectWellFormed(f.split)
    }
}

/// UIKit's documentation of `showDetailViewController(_:sender:)`: "if this view controller
/// is the same as the one it would replace, this method does nothing" — no push, no
/// dismissal, no delegate.
@Suite struct ShowDetailSameControllerTests {
    @Test func theInstalledSecondaryDismissesNoOverlay() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.preferredSplitBehavior = .overlay
        f.split.preferredDisplayMode = .twoOverSecondary
        f.forget()
        f.split.showDetailViewController(f.secondary, sender: nil)
        #expect(f.split.displayMode == .twoOverSecondary)
        if let wrapper = f.split.navigationController(for: .secondary) {
            f.split.showDetailViewController(wrapper, sender: nil)
        }
        #expect(f.split.displayMode == .twoOverSecondary)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func theInstalledSecondaryIsNotPushedWhileCollapsed() {
        let f = Fixture(.tripleColumn, width: 500)
        f.split.show(.primary)
        f.forget()
        f.split.showDetailViewController(f.secondary, sender: nil)
        #expect(f.split.isShowing(.primary) && !f.split.isShowing(.secondary))
        #expect(f.recorder.takeAll() == [])
        #expect(f.log.takeAll().isEmpty)
    }
}

/// The compact column while collapsed (decided where UIKit's documentation is silent): set, it is
/// swapped in; removed while it shows, the stack the columns collapse to without it comes
/// back, so the pane is never left empty.
@Suite struct CompactColumnWhileCollapsedTests {
    @Test func aCompactControllerSetWhileCollapsedIsSwappedIn() {
        let f = Fixture(.tripleColumn, width: 500)
        #expect(f.shown == [.secondary])
        let compact = ViewController(title: "C")
        f.split.setViewController(compact, for: .compact)
        #expect(f.shown == [.compact] && f.split.isShowing(.compact))
        #expect(f.split.viewControllers.first === f.split.navigationController(for: .compact))
        expectWellFormed(f.split)
    }

    @Test func removingTheShownCompactControllerBringsTheColumnsStackBack() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.setViewController(ViewController(title: "C"), for: .compact)
        f.send(.resize(Size(width: 500, height: 800)))
        #expect(f.shown == [.compact])
        f.split.setViewController(nil, for: .compact)
        #expect(f.shown == [.secondary])
        #expect(f.split.layout.button(.back)?.title == "S", "the secondary on top of the primary and supplementary")
        f.send(key(.escape))
        expectWellFormed(f.split)
    }

    @Test func removingAnUnshownCompactControllerLeavesTheStack() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.recorder.topColumn = .supplementary  // the delegate collapses onto the supplementary
        f.split.setViewController(ViewController(title: "C"), for: .compact)
        f.send(.resize(Size(width: 500, height: 800)))
        #expect(f.shown == [.supplementary])
        f.split.setViewController(nil, for: .compact)
        #expect(f.shown == [.supplementary])
        #expect(f.split.layout.button(.back)?.title == "P")
    }
}

/// The classic style and the column APIs UIKit ignores there. Decided: a documented superset —
/// the primary, the secondary and the inspector work as in the column styles; the
/// supplementary and the compact column, which the classic interface never shows, are ignored.
@Suite struct ClassicColumnAPITests {
    static func classic(width: Double = 1200) -> Fixture { Fixture(.unspecified, width: width) }

    @Test func theColumnsTheClassicInterfaceLacksAreIgnored() {
        let f = Self.classic()
        f.forget()
        let before = f.split.layout
        f.split.setViewController(ViewController(title: "X"), for: .supplementary)
        f.split.setViewController(ViewController(title: "C"), for: .compact)
        f.split.show(.supplementary)
        f.split.show(.compact)
        #expect(f.split.viewController(for: .supplementary) == nil && f.split.viewController(for: .compact) == nil)
        #expect(f.split.layout == before)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func thePrimarySecondaryAndInspectorWork() {
        let f = Self.classic()
        f.split.hide(.primary)
        #expect(!f.split.isShowing(.primary))
        f.split.show(.primary)
        #expect(f.split.isShowing(.primary))
        f.split.setViewController(ViewController(title: "I"), for: .inspector)
        f.split.show(.inspector)
        #expect(f.split.isShowing(.inspector) && f.split.layout.frame(of: .inspector) != nil)
        let detail = ViewController(title: "D2")
        f.split.setViewController(detail, for: .secondary)
        #expect(f.split.viewController(for: .secondary) === detail)
        expectWellFormed(f.split)
    }
}

/// The inspector's place: UIKit's `UISplitViewController` documentation puts it "on the trailing edge of the view" and, collapsed,
/// "as a sheet over the secondary column".
@Suite struct InspectorPlacementTests {
    /// Decided: with a trailing primary it mirrors with the rest, to the leading edge, next to
    /// the secondary and away from the primary.
    @Test func aTrailingPrimaryMirrorsTheInspectorToTheLeadingEdge() throws {
        let f = Fixture(.tripleColumn, width: 1600)
        f.split.setViewController(ViewController(title: "I"), for: .inspector)
        f.split.show(.inspector)
        let leading = try #require(f.split.layout.frame(of: .inspector))
        #expect(leading.maxX == 1600)
        f.split.primaryEdge = .trailing
        let mirrored = try #require(f.split.layout.frame(of: .inspector))
        let secondary = try #require(f.split.layout.frame(of: .secondary))
        #expect(mirrored.minX == 0 && mirrored.width == leading.width)
        #expect(secondary.minX > mirrored.maxX)
        #expect(try #require(f.split.layout.frame(of: .primary)).maxX == 1600)
    }

    /// Collapsed with the primary on top, revealing the inspector brings the secondary to the
    /// top first: the sheet lies over the secondary, as the README's decisions say (Inspector).
    @Test func theCollapsedSheetLiesOverTheSecondary() throws {
        let f = Fixture(.tripleColumn, width: 500)
        f.split.setViewController(ViewController(title: "I"), for: .inspector)
        f.split.show(.primary)
        #expect(f.shown == [.primary])
        f.split.show(.inspector)
        #expect(f.shown == [.secondary, .inspector])
        #expect(try #require(f.split.layout.placement(of: .secondary)).isDimmed)
        #expect(f.split.layout.placement(of: .inspector)?.presentation == .sheet)
        f.split.hide(.inspector)
        #expect(f.shown == [.secondary], "the stack stays where the sheet was shown")
        expectWellFormed(f.split)
    }

    /// The compact column's stack has no secondary: the sheet lies over the compact column.
    @Test func overTheCompactColumnTheSheetStaysThere() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.setViewController(ViewController(title: "C"), for: .compact)
        f.split.setViewController(ViewController(title: "I"), for: .inspector)
        f.send(.resize(Size(width: 500, height: 800)))
        f.split.show(.inspector)
        #expect(f.shown == [.compact, .inspector])
    }
}

/// Defects the long random sequences found (the five-million-step runs the README's Reliability section reports), each kept by a test.
@Suite struct RandomSequenceRegressionTests {
    /// A new collapse threshold collapses or expands the interface at once, not at the next
    /// resize; a bad value (infinite, negative) reads 0 and expands it too.
    @Test func aNewCollapseThresholdAppliesAtOnce() {
        let f = Fixture(.tripleColumn, width: 700)
        #expect(!f.split.isCollapsed)
        f.split.collapseThreshold = 800
        #expect(f.split.isCollapsed)
        f.split.collapseThreshold = .infinity
        #expect(f.split.collapseThreshold == 0 && !f.split.isCollapsed)
        f.split.collapseThreshold = 800
        f.split.collapseThreshold = -5
        #expect(f.split.collapseThreshold == 0 && !f.split.isCollapsed)
        expectWellFormed(f.split)
    }

    /// An app's right items ride with their column's far edge while the column animates, so
    /// they never leave its bar mid-transition.
    @Test func rightItemsFollowTheFarEdgeDuringATransition() throws {
        let f = Fixture(.tripleColumn, width: 1400, animated: true)
        f.secondary.navigationItem.rightBarButtonItems = [BarButtonItem(systemItem: .more, action: nil)]
        f.split.preferredDisplayMode = .secondaryOnly
        #expect(f.split.isAnimating)
        var now = 0.0
        while f.split.isAnimating {
            now += 1.0 / 60
            f.split.handle(.tick(now: now))
            let secondary = try #require(f.split.layout.frame(of: .secondary))
            let item = try #require(f.split.layout.buttons.first { $0.isOnFarSide })
            #expect(abs(item.frame.maxX - (secondary.maxX - ButtonMetrics.margin)) < 0.001)
        }
    }

    /// Turning animation off while the user drags an edge reveal ends the reveal revealing
    /// nothing: what began to appear disappears, instead of appearing while hidden.
    @Test func reduceMotionMidRevealRevealsNothing() {
        let f = Fixture(.tripleColumn, width: 1400, animated: true)
        f.split.preferredDisplayMode = .secondaryOnly
        f.settle()
        _ = f.log.takeAll()
        f.send(.pointerDown(Point(x: 2, y: 300)), .pointerMoved(Point(x: 40, y: 300)), .pointerMoved(Point(x: 200, y: 300)))
        #expect(f.split.isAnimating)
        f.split.animatesTransitions = false
        #expect(!f.split.isAnimating && f.shown == [.secondary])
        #expect(
            AppearanceTests.byController(f.log.takeAll()) == [
                "P": ["willAppear", "willDisappear", "didDisappear"], "S": ["willAppear", "willDisappear", "didDisappear"],
            ])
        #expect(!f.split.isShowing(.primary))
    }
}
