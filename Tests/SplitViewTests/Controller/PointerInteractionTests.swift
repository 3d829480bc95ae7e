import Testing

@testable import SplitView

/// The pointer's state machine on its own: release, abandoning a gesture, cancelling a divider
/// drag, and the horizontal-scroll travel.
@Suite struct PointerInteractionTests {
    static let drag = DividerDrag(
        divider: .primary, resizes: .primary, startWidth: 280, startUserWidth: nil,
        startX: 280, direction: 1)
    static let reveal = EdgeGesture(target: .twoBesideSecondary, distance: 560)

    @Test func releaseHandsBackTheActivityAndGoesIdle() {
        var pointer = PointerInteraction()
        pointer.pressButton(.displayMode, in: .primary)
        let released = pointer.release()
        #expect(released == .pressingButton(.displayMode, .primary))
        #expect(pointer.activity == .idle)
    }

    @Test(arguments: [(EdgeGesture?.none, false), (reveal, true)])
    func abandoningAnEdgePressSaysWhetherTheRevealHadBegun(reveal: EdgeGesture?, began: Bool) {
        var pointer = PointerInteraction()
        pointer.pressAtEdge(x: 2)
        if let reveal { pointer.beginEdgeReveal(reveal, startX: 2) }
        #expect(pointer.edgeReveal == reveal)
        let abandoned = pointer.abandonGesture()
        #expect(abandoned == began)
        #expect(pointer.activity == .consumed && pointer.edgeReveal == nil)
        let again = pointer.abandonGesture()
        #expect(!again)  // nothing left to abandon
    }

    @Test func abandoningLeavesOtherActivitiesAlone() {
        var pointer = PointerInteraction()
        pointer.beginDividerDrag(Self.drag)
        let abandoned = pointer.abandonGesture()
        #expect(!abandoned && pointer.dividerDrag == Self.drag)
    }

    @Test func cancellingADividerDragHandsItBackOnce() {
        var pointer = PointerInteraction()
        let none = pointer.cancelDividerDrag()
        #expect(none == nil)
        pointer.beginDividerDrag(Self.drag)
        let cancelled = pointer.cancelDividerDrag()
        #expect(cancelled == Self.drag)
        let twice = pointer.cancelDividerDrag()
        #expect(pointer.activity == .consumed && twice == nil)
    }

    @Test func scrollTravelFiresOncePerDistanceAndStartsOverWhenReversed() {
        var pointer = PointerInteraction()
        do { let fired = pointer.scroll(-30, distance: 48); #expect(fired == nil) }
        do { let fired = pointer.scroll(20, distance: 48); #expect(fired == nil) }  // reversed: starts over at +20
        #expect(pointer.scrollTravel == 20)
        do { let fired = pointer.scroll(28, distance: 48); #expect(fired == 1) }
        #expect(pointer.scrollTravel == 0)
        do { let fired = pointer.scroll(-47.9, distance: 48); #expect(fired == nil) }
        do { let fired = pointer.scroll(-0.1, distance: 48); #expect(fired == -1) }
    }
}
