import Testing

@testable import SplitView

/// The edge drag (`+Pointer.swift`: within 8 pt of the primary edge while the primary is
/// hidden, an interactive transition that commits past half), the horizontal-scroll gesture
/// (one display-mode action per 48 pt in the matching direction) and the click on the dimmed
/// secondary (DisplayModes.md).
@Suite struct GestureTests {
    static let y = 400.0

    /// Triple column, tile, secondaryOnly at 1400 pt: revealing shows primary 280 + supplementary 320.
    static func hiddenPrimary(animated: Bool = false) -> Fixture {
        let f = Fixture(.tripleColumn, width: 1400, animated: animated)
        f.split.preferredDisplayMode = .secondaryOnly
        f.settle()
        f.forget()
        return f
    }

    static func move(_ f: Fixture, _ x: Double) { f.send(.pointerMoved(Point(x: x, y: y))) }

    // MARK: Edge drag

    @Test func theEdgeDragFollowsThePointerWithWellFormedLayouts() {
        let f = Self.hiddenPrimary()
        f.send(.pointerDown(Point(x: 3, y: Self.y)))
        Self.move(f, 5)  // within the 4-pt slop: nothing yet
        #expect(!f.split.isAnimating)
        #expect(f.recorder.takeAll() == [])
        var lastEdge = -Double.infinity
        for travel in stride(from: 10.0, through: 590, by: 20) {
            Self.move(f, 3 + travel)
            #expect(f.split.isAnimating)
            expectWellFormed(f.split, "travel \(travel)")
            let edge = f.split.layout.frame(of: .supplementary)?.maxX ?? .nan
            // The revealed columns' far edge stays under the pointer (600 pt of columns, 601 with the divider).
            #expect(abs(edge - travel * 601 / 600) < 0.001, "travel \(travel)")
            #expect(edge > lastEdge)
            lastEdge = edge
        }
        #expect(f.split.displayMode == .secondaryOnly)  // nothing committed yet
        #expect(f.recorder.takeAll() == [.gestureWillBegin])
        Self.move(f, 3)  // back to the start: the columns slide back out
        #expect(f.split.layout.frame(of: .supplementary)?.maxX == 0)
        f.send(.pointerUp(Point(x: 3, y: Self.y)))
        f.settle()
        #expect(f.recorder.takeAll() == [.gestureDidEnd])
    }

    /// UIKit's documentation of `presentsWithGesture`: "The gesture recognizer applies the
    /// display mode returned by the delegate's
    /// targetDisplayModeForActionInSplitViewController: method."
    /// Asked for one column beside the secondary, the drag reveals the supplementary alone.
    @Test func theEdgeDragAppliesTheDelegatesTarget() {
        let f = Self.hiddenPrimary()
        f.recorder.target = .oneBesideSecondary
        f.send(.pointerDown(Point(x: 3, y: Self.y)))
        Self.move(f, 100)
        Self.move(f, 303)  // 300 of the supplementary's 320
        #expect(f.split.layout.frame(of: .primary) == nil)
        f.send(.pointerUp(Point(x: 303, y: Self.y)))
        f.settle()
        #expect(f.split.displayMode == .oneBesideSecondary)
        expectWellFormed(f.split)
    }

    /// Decided: an edge drag only reveals. A delegate whose target shows no more columns than
    /// are showing (here `secondaryOnly` while only the secondary shows) begins no drag: the
    /// press stays an ordinary press.
    @Test func aDelegateTargetThatRevealsNothingBeginsNoDrag() {
        let f = Self.hiddenPrimary()
        f.recorder.target = .secondaryOnly
        f.send(.pointerDown(Point(x: 3, y: Self.y)))
        Self.move(f, 200)
        #expect(!f.split.isAnimating)
        f.send(.pointerUp(Point(x: 200, y: Self.y)))
        #expect(f.split.displayMode == .secondaryOnly)
        #expect(!f.recorder.takeAll().contains(.gestureWillBegin))
    }

    /// The delegate's answer is capped by the style: two columns asked of a double column
    /// reveal its one, within the current behavior.
    @Test func theDelegatesTargetIsCappedByTheStyle() {
        #expect(
            ModeRules.edgeRevealTarget(
                style: .doubleColumn, current: .secondaryOnly, behavior: .tile,
                asked: .twoOverSecondary) == .oneBesideSecondary)
        #expect(
            ModeRules.edgeRevealTarget(
                style: .tripleColumn, current: .secondaryOnly, behavior: .overlay,
                asked: .automatic) == .twoOverSecondary)
        #expect(
            ModeRules.edgeRevealTarget(
                style: .unspecified, current: .secondaryOnly, behavior: .tile,
                asked: .oneOverSecondary) == .oneOverSecondary)
        #expect(
            ModeRules.edgeRevealTarget(
                style: .tripleColumn, current: .oneBesideSecondary, behavior: .tile,
                asked: .oneBesideSecondary) == nil)
    }

    @Test func releasingPastHalfCommits() {
        let f = Self.hiddenPrimary()
        f.send(.pointerDown(Point(x: 3, y: Self.y)))
        Self.move(f, 100)
        Self.move(f, 403)  // 400 of 600
        f.send(.pointerUp(Point(x: 403, y: Self.y)))
        #expect(f.split.displayMode == .twoBesideSecondary)
        #expect(!f.split.isAnimating)
        expectWellFormed(f.split)
        #expect(AppearanceTests.byController(f.log.takeAll()) == ["P": AppearanceTests.appeared, "S": AppearanceTests.appeared])
        #expect(
            f.recorder.takeAll() == [
                .gestureWillBegin, .willChangeTo(.twoBesideSecondary), .willShow(.supplementary), .willShow(.primary),
                .didShow(.supplementary), .didShow(.primary), .gestureDidEnd,
            ])
    }

    @Test func releasingBeforeHalfCancels() {
        let f = Self.hiddenPrimary()
        f.send(.pointerDown(Point(x: 3, y: Self.y)))
        Self.move(f, 100)
        Self.move(f, 290)
        f.send(.pointerUp(Point(x: 290, y: Self.y)))
        #expect(f.split.displayMode == .secondaryOnly)
        f.settle()  // the columns slide back
        #expect(f.shown == [.secondary])
        expectWellFormed(f.split)
        #expect(
            AppearanceTests.byController(f.log.takeAll()) == [
                "P": ["willAppear", "willDisappear", "didDisappear"],
                "S": ["willAppear", "willDisappear", "didDisappear"],
            ])
        #expect(f.recorder.takeAll() == [.gestureWillBegin, .gestureDidEnd])
    }

    @Test func theEdgeZoneIsEightPoints() {
        for (x, begins) in [(0.0, true), (7.9, true), (8.0, false), (20, false)] {
            let f = Self.hiddenPrimary()
            f.send(.pointerDown(Point(x: x, y: Self.y)))
            Self.move(f, x + 50)
            #expect(f.split.isAnimating == begins, "press at \(x)")
            #expect(f.recorder.takeAll() == (begins ? [.gestureWillBegin] : []), "press at \(x)")
        }
    }

    @Test func aTrailingEdgeDragsFromTheRight() {
        let f = Fixture(.doubleColumn)
        f.split.primaryEdge = .trailing
        f.split.preferredDisplayMode = .secondaryOnly
        f.resize(1400)
        f.forget()
        f.send(.pointerDown(Point(x: 1397, y: Self.y)))
        Self.move(f, 1390)
        Self.move(f, 1397 - 250)  // 250 of the primary's 320
        f.send(.pointerUp(Point(x: 1147, y: Self.y)))
        #expect(f.split.displayMode == .oneBesideSecondary)
        #expect(f.split.layout.frame(of: .primary)?.maxX == 1400)
        #expect(
            f.recorder.takeAll() == [
                .gestureWillBegin, .willChangeTo(.oneBesideSecondary), .willShow(.primary),
                .didShow(.primary), .gestureDidEnd,
            ])
    }

    @Test func noEdgeDragWithoutPresentsWithGesture() {
        let f = Self.hiddenPrimary()
        f.split.presentsWithGesture = false
        f.forget()
        f.send(.pointerDown(Point(x: 3, y: Self.y)))
        Self.move(f, 400)
        f.send(.pointerUp(Point(x: 400, y: Self.y)))
        #expect(!f.split.isAnimating && f.split.displayMode == .secondaryOnly)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func noEdgeDragWhileThePrimaryShows() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.send(.pointerDown(Point(x: 3, y: Self.y)))
        Self.move(f, 400)
        f.send(.pointerUp(Point(x: 400, y: Self.y)))
        #expect(!f.split.isAnimating && f.split.displayMode == .twoBesideSecondary)
        #expect(f.split.primaryColumnWidth == 280)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func anEdgeDragOverTheSupplementaryRevealsThePrimary() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.preferredDisplayMode = .oneBesideSecondary
        f.forget()
        f.send(.pointerDown(Point(x: 3, y: Self.y)))
        Self.move(f, 20)
        Self.move(f, 200)  // 197 of the primary's 280
        f.send(.pointerUp(Point(x: 200, y: Self.y)))
        #expect(f.split.displayMode == .twoBesideSecondary)
        #expect(
            f.recorder.takeAll() == [
                .gestureWillBegin, .willChangeTo(.twoBesideSecondary), .willShow(.primary),
                .didShow(.primary), .gestureDidEnd,
            ])
    }

    @Test func aKeyDuringAnEdgeDragStillEndsTheGesture() {
        let f = Self.hiddenPrimary()
        f.send(.pointerDown(Point(x: 3, y: Self.y)))
        Self.move(f, 100)
        f.send(key(.f9))
        Self.move(f, 150)
        f.send(.pointerUp(Point(x: 150, y: Self.y)))
        expectWellFormed(f.split)
        let events = f.recorder.takeAll()
        #expect(events.first == .gestureWillBegin)
        #expect(events.filter { $0 == .gestureDidEnd }.count == 1, "gestureWillBegin without gestureDidEnd: \(events)")
    }

    /// Found by the random sweep: a key between the press and the slop started an animation
    /// that the reveal then replaced, and its `didShow` was never sent.
    @Test func aKeyBetweenThePressAndTheSlopFinishesItsAnimationBeforeTheReveal() {
        let f = Self.hiddenPrimary(animated: true)
        f.send(.pointerDown(Point(x: 3, y: Self.y)))
        f.send(key(.character("i"), [.control, .alt]))  // the inspector starts to slide in
        #expect(f.split.isAnimating)
        Self.move(f, 100)
        #expect(f.recorder.takeAll() == [.willShow(.inspector), .didShow(.inspector), .gestureWillBegin])
        #expect(f.split.isAnimating)  // the reveal follows the pointer
        f.send(.pointerUp(Point(x: 100, y: Self.y)))
        f.settle()
        expectWellFormed(f.split)
        #expect(f.split.isShowing(.inspector) && !f.split.isShowing(.primary))
    }

    @Test func aKeyThatShowsThePrimaryBetweenThePressAndTheSlopLeavesNoGesture() {
        let f = Self.hiddenPrimary(animated: true)
        f.send(.pointerDown(Point(x: 3, y: Self.y)))
        f.send(key(.f9))
        Self.move(f, 100)
        f.send(.pointerUp(Point(x: 100, y: Self.y)))
        f.settle()
        expectWellFormed(f.split)
        #expect(f.split.displayMode == .twoBesideSecondary)
        #expect(!f.recorder.takeAll().contains(.gestureWillBegin))
    }

    @Test func aScrollDuringAnEdgeDragDoesNotNestGestures() {
        let f = Fixture(.doubleColumn, width: 1400)  // secondaryOnly: here a scroll to the left reveals
        f.split.preferredDisplayMode = .secondaryOnly
        f.forget()
        f.send(.pointerDown(Point(x: 3, y: Self.y)))
        Self.move(f, 100)
        Self.scroll(f, -60)
        Self.move(f, 150)
        f.send(.pointerUp(Point(x: 150, y: Self.y)))
        f.settle()
        expectWellFormed(f.split)
        var open = 0, nested = false
        let events = f.recorder.takeAll()
        for event in events {
            if event == .gestureWillBegin { nested = nested || open > 0; open += 1 }
            if event == .gestureDidEnd { open -= 1 }
        }
        #expect(!nested && open == 0, "gesture calls: \(events.filter { $0 == .gestureWillBegin || $0 == .gestureDidEnd })")
    }

    @Test func aResizeDuringAnEdgeDragEndsTheGesture() {
        let f = Self.hiddenPrimary()
        f.send(.pointerDown(Point(x: 3, y: Self.y)))
        Self.move(f, 100)
        f.resize(1300)
        #expect(!f.split.isAnimating)
        Self.move(f, 400)
        f.send(.pointerUp(Point(x: 400, y: Self.y)))
        #expect(f.split.displayMode == .secondaryOnly)
        expectWellFormed(f.split)
        #expect(f.recorder.takeAll() == [.gestureWillBegin, .gestureDidEnd])
    }

    // MARK: Horizontal scroll

    static func scroll(_ f: Fixture, _ dx: Double, x: Double = 1200) { f.send(.scroll(dx: dx, dy: 0, at: Point(x: x, y: y))) }

    @Test func scrollingTowardsThePrimaryEdgeHidesOncePer48Points() {
        let f = Fixture(.doubleColumn, width: 1400)
        f.forget()
        Self.scroll(f, 30)
        #expect(f.split.displayMode == .oneBesideSecondary)
        Self.scroll(f, 17)
        #expect(f.split.displayMode == .oneBesideSecondary)  // 47 pt
        Self.scroll(f, 1)
        #expect(f.split.displayMode == .secondaryOnly)  // 48 pt
        #expect(
            f.recorder.takeAll() == [
                .gestureWillBegin, .willChangeTo(.secondaryOnly), .willHide(.primary),
                .didHide(.primary), .gestureDidEnd,
            ])
        Self.scroll(f, 500)  // already hidden: the action would reveal, which does not match
        #expect(f.split.displayMode == .secondaryOnly)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func scrollingAwayFromThePrimaryEdgeRevealsOncePerGesture() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.preferredSplitBehavior = .overlay
        f.split.preferredDisplayMode = .secondaryOnly
        f.forget()
        Self.scroll(f, -500)  // one action however far
        #expect(f.split.displayMode == .oneOverSecondary)
        Self.scroll(f, -24)
        Self.scroll(f, -24)
        #expect(f.split.displayMode == .twoOverSecondary)
        Self.scroll(f, -100)  // twoOver has no button; its dismissal hides, which does not match
        #expect(f.split.displayMode == .twoOverSecondary)
        Self.scroll(f, 48)
        #expect(f.split.displayMode == .secondaryOnly)
        #expect(
            f.recorder.takeAll() == [
                .gestureWillBegin, .willChangeTo(.oneOverSecondary), .willShow(.supplementary), .didShow(.supplementary),
                .gestureDidEnd,
                .gestureWillBegin, .willChangeTo(.twoOverSecondary), .willShow(.primary), .didShow(.primary), .gestureDidEnd,
                .gestureWillBegin, .willChangeTo(.secondaryOnly), .willHide(.supplementary), .willHide(.primary),
                .didHide(.supplementary), .didHide(.primary), .gestureDidEnd,
            ])
    }

    @Test func aReversalStartsTheTravelAgain() {
        let f = Fixture(.doubleColumn, width: 1400)
        f.forget()
        Self.scroll(f, 40)
        Self.scroll(f, -10)
        Self.scroll(f, 40)
        #expect(f.split.displayMode == .oneBesideSecondary)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func scrollingElsewhereOrVerticallyOrWithoutGesturesDoesNothing() {
        let f = Fixture(.doubleColumn, width: 1400)
        f.forget()
        Self.scroll(f, 100, x: 100)  // over the primary
        f.send(.scroll(dx: 60, dy: 80, at: Point(x: 1200, y: Self.y)))  // mostly vertical
        f.split.presentsWithGesture = false
        Self.scroll(f, 100)
        #expect(f.split.displayMode == .oneBesideSecondary)
        #expect(f.recorder.takeAll() == [])
    }

    // MARK: Dimmed secondary

    @Test(arguments: [
        (SplitViewController.SplitBehavior.overlay, SplitViewController.DisplayMode.secondaryOnly),
        (.displace, .oneBesideSecondary),
    ])
    func clickingTheDimmedSecondaryDismisses(
        _ behavior: SplitViewController.SplitBehavior, _ expected: SplitViewController.DisplayMode
    ) {
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.preferredSplitBehavior = behavior
        f.split.preferredDisplayMode = behavior == .overlay ? .oneOverSecondary : .twoDisplaceSecondary
        #expect(f.split.layout.placement(of: .secondary)?.isDimmed == true)
        f.forget()
        f.click(x: 1380, y: Self.y)
        #expect(f.split.displayMode == expected)
        #expect(f.split.layout.placement(of: .secondary)?.isDimmed == false)
        let hidden: SplitViewController.Column = behavior == .overlay ? .supplementary : .primary
        #expect(f.recorder.takeAll() == [.willChangeTo(expected), .willHide(hidden), .didHide(hidden)])
    }
}
