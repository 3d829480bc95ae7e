import Testing

@testable import SplitView

/// `Transition.swift` and the controller's use of it: about 250 ms on the injected clock,
/// started by the first tick; every edge moves by one eased fraction so tiled columns keep
/// tiling; a change mid-transition retargets from the frames on screen and is never dropped;
/// reduce motion and a resize end it at once.
@Suite struct TransitionTests {
    /// What is wrong with an in-flight layout: the tiled columns (sliding ones included) must
    /// cover the window with no hole wider than the 1-pt divider, and the columns that tile in
    /// the target must never overlap one another (nor part by more than the divider).
    static func tilingProblems(_ split: SplitViewController) -> [String] {
        var problems: [String] = []
        let layout = split.layout, width = layout.size.width
        let all = layout.columns.filter { $0.presentation == .tiled }.map(\.frame).sorted { $0.minX < $1.minX }
        var reach = all.first?.minX ?? 0
        if reach > 0.001 { problems.append("left edge uncovered up to \(reach)") }
        for frame in all {
            if frame.minX > reach + 1.001 { problems.append("hole \(reach)…\(frame.minX)") }
            reach = max(reach, frame.maxX)
        }
        if reach < width - 0.001 { problems.append("right edge uncovered from \(reach)") }
        let target = Set(split.settledLayout.columns.filter { $0.presentation == .tiled }.map(\.column))
        let staying = layout.columns.prefix(split.settledLayout.columns.count).filter { target.contains($0.column) }
            .sorted { $0.frame.minX < $1.frame.minX }
        for (a, b) in zip(staying, staying.dropFirst()) {
            let gap = b.frame.minX - a.frame.maxX
            if gap < -0.001 || gap > 1.001 { problems.append("\(a.column) \(a.frame) | \(b.column) \(b.frame): gap \(gap)") }
        }
        return problems
    }

    @Test func aModeChangeAnimatesAboutAQuarterSecondFromTheFirstTick() {
        let f = Fixture(.tripleColumn, width: 1400, animated: true)
        f.forget()
        let start = f.split.layout
        f.send(key(.f9))
        #expect(f.split.isAnimating)
        #expect(f.split.displayMode == .oneBesideSecondary)  // the mode changes at once; the frames follow
        #expect(f.split.layout.frame(of: .primary) == start.frame(of: .primary))
        // A stale clock: the first tick starts it, showing the first frame's movement (1/60 s
        // of the 0.25 s, eased out cubically), never a skipped animation.
        f.send(.tick(now: 1000))
        let firstFrame = 1 - (1 - (1.0 / 60) / 0.25) * (1 - (1.0 / 60) / 0.25) * (1 - (1.0 / 60) / 0.25)
        #expect(f.split.isAnimating)
        // (Whole points from where it ends: see framesLieWholePointsFromTheirEnds.)
        #expect(abs((f.split.layout.frame(of: .supplementary)?.minX ?? 0) - (281 * (1 - firstFrame)).rounded()) < 0.001)
        f.send(.tick(now: 1000.2))
        #expect(f.split.isAnimating)
        #expect(f.split.layout.frame(of: .supplementary) != start.frame(of: .supplementary))
        f.send(.tick(now: 1000.3))
        #expect(!f.split.isAnimating)
        #expect(f.split.layout.frame(of: .primary) == nil)
        #expect(f.split.layout.frame(of: .supplementary)?.minX == 0)
        expectWellFormed(f.split)
        #expect(f.recorder.takeAll() == [.willChangeTo(.oneBesideSecondary), .willHide(.primary), .didHide(.primary)])
    }

    @Test(arguments: [0, 1, 2, 3])
    func everyIntermediateLayoutKeepsTiling(_ which: Int) {
        let f = Fixture(.tripleColumn, width: 1400, animated: true)
        f.forget()
        if which >= 2 { f.split.primaryEdge = .trailing; f.settle() }
        f.split.show(.inspector)
        f.settle()
        let input: Input = which % 2 == 0 ? key(.f9) : key(.f9, .shift)
        for round in 0..<2 {  // away and back
            f.send(input)
            var now = Double(round * 10)
            var problems: [String] = []
            f.send(.tick(now: now))
            while f.split.isAnimating {
                expectWellFormed(f.split, "round \(round) t=\(now)")
                problems += Self.tilingProblems(f.split).map { "t=\(now - Double(round * 10)): \($0)" }
                now += 0.01
                f.send(.tick(now: now))
            }
            expectWellFormed(f.split, "round \(round) settled")
            #expect(problems.isEmpty, "round \(round), \(input): \(problems.count) problems, first: \(problems.prefix(3))")
        }
        #expect(
            f.recorder.takeAll()
                == (which % 2 == 0
                    ? [
                        .willChangeTo(.oneBesideSecondary), .willHide(.primary), .didHide(.primary),
                        .willChangeTo(.twoBesideSecondary), .willShow(.primary), .didShow(.primary),
                    ]
                    : [
                        .willChangeTo(.secondaryOnly), .willHide(.supplementary), .willHide(.primary), .didHide(.supplementary),
                        .didHide(.primary),
                        .willChangeTo(.twoBesideSecondary), .willShow(.supplementary), .willShow(.primary),
                        .didShow(.supplementary), .didShow(.primary),
                    ]))
    }

    /// Decided: each edge of a frame on the way lies a whole number of points from its end
    /// (here the ends are fractional: a primary 280.4 pt wide), so a tick that would move it
    /// less than half a point changes nothing a host could draw, and the ease's tail shows the
    /// resting frames themselves before the transition ends.
    @Test func framesLieWholePointsFromTheirEnds() {
        for edge in [SplitViewController.PrimaryEdge.leading, .trailing] {
            let f = Fixture(.tripleColumn, width: 1400, animated: true)
            f.split.primaryEdge = edge
            f.split.preferredPrimaryColumnWidth = 280.4
            f.settle()
            f.forget()
            for round in 0..<2 {  // hide, then show
                f.send(key(.f9))
                let end = f.split.settledLayout
                var now = Double(round * 10), frames = 0, resting = 0
                f.send(.tick(now: now))
                while f.split.isAnimating {
                    frames += 1
                    for placement in f.split.layout.columns {
                        guard let target = end.frame(of: placement.column) else { continue }
                        let frame = placement.frame
                        for (value, goal) in [(frame.minX, target.minX), (frame.maxX, target.maxX), (frame.minY, target.minY)] {
                            #expect(abs((value - goal) - (value - goal).rounded()) < 1e-9, "\(edge) \(placement.column) \(frame)")
                        }
                    }
                    if end.columns.allSatisfy({ f.split.layout.frame(of: $0.column) == $0.frame }) { resting += 1 }
                    now += 1.0 / 60
                    f.send(.tick(now: now))
                }
                #expect(frames >= 10, "\(edge) round \(round): the transition ran")
                #expect(resting >= 1, "\(edge) round \(round): the tail showed the resting frames")
            }
        }
    }

    @Test func theEaseNeverOvershoots() {
        let f = Fixture(.doubleColumn, width: 1400, animated: true)
        f.forget()
        f.send(key(.f9), .tick(now: 0))
        var previous = f.split.layout.frame(of: .primary)?.maxX ?? 0
        for step in 1...30 {
            f.send(.tick(now: Double(step) / 100))
            guard let edge = f.split.layout.frame(of: .primary)?.maxX else { break }
            #expect(edge <= previous && edge >= 0)
            previous = edge
        }
        #expect(f.recorder.takeAll() == [.willChangeTo(.secondaryOnly), .willHide(.primary), .didHide(.primary)])
    }

    @Test func aCallMidTransitionRetargetsFromTheFramesOnScreen() {
        let f = Fixture(.tripleColumn, width: 1400, animated: true)
        f.forget()
        f.send(key(.f9), .tick(now: 0), .tick(now: 0.08))
        let midway = f.split.layout
        f.send(key(.f9))  // back to twoBeside
        for column in [SplitViewController.Column.primary, .supplementary, .secondary] {
            #expect(f.split.layout.frame(of: column) == midway.frame(of: column), "\(column) jumped")
        }
        f.settle(from: 1)
        #expect(f.split.displayMode == .twoBesideSecondary)
        #expect(f.split.layout.columns == f.split.computeLayout().columns)
        expectWellFormed(f.split)
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.oneBesideSecondary), .willHide(.primary),
                .willChangeTo(.twoBesideSecondary), .didHide(.primary), .willShow(.primary), .didShow(.primary),
            ])
    }

    @Test func callsMidTransitionAreNeverDropped() {
        let f = Fixture(.tripleColumn, width: 1400, animated: true)
        f.forget()
        f.send(key(.f9), .tick(now: 0), .tick(now: 0.05))
        f.split.hide(.supplementary)
        f.send(.tick(now: 0.1), .tick(now: 0.12))
        f.split.show(.primary)
        f.send(.tick(now: 0.15), .tick(now: 0.16))
        f.send(key(.f9, .shift))
        f.settle(from: 0.2)
        #expect(f.split.displayMode == .secondaryOnly)
        #expect(f.shown == [.secondary])
        expectWellFormed(f.split)
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.oneBesideSecondary), .willHide(.primary),  // F9
                .willChangeTo(.secondaryOnly), .didHide(.primary),  // hide(.supplementary): programmatic
                .willChangeTo(.twoBesideSecondary),  // show(.primary): programmatic
                .willChangeTo(.secondaryOnly), .willHide(.supplementary), .willHide(.primary),  // Shift+F9
                .didHide(.supplementary), .didHide(.primary),
            ])
    }

    /// `show(.primary)` during the dismissal of `twoOverSecondary` acts on the mode the
    /// transition goes to, and is honoured (the DocC article "Showing and hiding columns":
    /// UIKit is known to ignore it).
    @Test func showDuringADismissalIsHonoured() {
        let f = Fixture(.tripleColumn, width: 1400, animated: true)
        f.forget()
        f.split.preferredSplitBehavior = .overlay
        f.split.preferredDisplayMode = .twoOverSecondary
        f.settle()
        f.click(x: 1300, y: 400)  // dismiss
        #expect(f.split.displayMode == .secondaryOnly)
        f.send(.tick(now: 0), .tick(now: 0.1))
        f.split.show(.primary)
        f.settle(from: 0.2)
        #expect(f.split.displayMode == .twoOverSecondary)
        #expect(f.shown.contains(.primary) && f.shown.contains(.supplementary))
        expectWellFormed(f.split)
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.secondaryOnly), .willChangeTo(.twoOverSecondary),  // the preferences
                .willChangeTo(.secondaryOnly), .willHide(.supplementary), .willHide(.primary),  // the click
                .willChangeTo(.twoOverSecondary), .didHide(.supplementary), .didHide(.primary),  // show(.primary)
            ])
    }

    @Test func turningAnimationOffJumpsToTheEnd() {
        let f = Fixture(.tripleColumn, width: 1400, animated: true)
        f.forget()
        f.send(key(.f9), .tick(now: 0), .tick(now: 0.1))
        f.split.animatesTransitions = false
        #expect(!f.split.isAnimating)
        #expect(f.split.layout.frame(of: .primary) == nil)
        expectWellFormed(f.split)
        #expect(f.log.takeAll() == ["P willDisappear", "P didDisappear"])
        #expect(f.recorder.takeAll() == [.willChangeTo(.oneBesideSecondary), .willHide(.primary), .didHide(.primary)])
        f.send(key(.f9))  // and later changes do not animate
        #expect(!f.split.isAnimating && f.split.layout.frame(of: .primary) != nil)
        #expect(f.recorder.takeAll() == [.willChangeTo(.twoBesideSecondary), .willShow(.primary), .didShow(.primary)])
    }

    @Test func aResizeMidTransitionEndsIt() {
        let f = Fixture(.tripleColumn, width: 1400, animated: true)
        f.forget()
        f.send(key(.f9), .tick(now: 0), .tick(now: 0.1))
        f.resize(1300)
        #expect(!f.split.isAnimating)
        expectWellFormed(f.split)
        #expect(f.split.layout.frame(of: .primary) == nil)
        #expect(f.recorder.takeAll() == [.willChangeTo(.oneBesideSecondary), .willHide(.primary), .didHide(.primary)])
        #expect(f.log.takeAll() == ["P willDisappear", "P didDisappear"])
    }

    @Test func nothingAnimatesWhenNothingMoves() {
        let f = Fixture(.tripleColumn, width: 1400, animated: true)
        f.forget()
        f.split.preferredSplitBehavior = .automatic
        f.split.showsSecondaryOnlyButton = true
        f.send(.tick(now: 5))
        #expect(!f.split.isAnimating)
        f.resize(1200)  // a resize never animates
        #expect(!f.split.isAnimating)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func collapsedPushesAndPopsAnimateToo() {
        let f = Fixture(.tripleColumn, width: 500, animated: true)
        f.forget()
        f.send(key(.escape))
        #expect(f.split.isAnimating)
        f.send(.tick(now: 0), .tick(now: 0.1))
        expectWellFormed(f.split)
        f.settle(from: 1)
        #expect(f.shown == [.supplementary])
        expectWellFormed(f.split)
        #expect(
            f.recorder.takeAll() == [
                .willShow(.supplementary), .willHide(.secondary), .didShow(.supplementary), .didHide(.secondary),
            ])
    }

    /// A boundary found by the random sequences: the secondary grows from 22 pt while the
    /// supplementary slides away, and its buttons, placed for its final width, would lie past
    /// its far edge, over the inspector. Each column's first button stays; the others show
    /// once they fit, and all are back when the columns settle.
    @Test func buttonsThatDoNotYetFitAGrowingColumnWaitForIt() {
        let f = Fixture(.tripleColumn, width: 1400, animated: true)
        f.split.showsSecondaryOnlyButton = true
        f.split.minimumSecondaryColumnWidth = 0
        f.split.navigationController(for: .secondary)?.pushViewController(ViewController(title: "v1"), animated: false)
        f.send(.command(.show(.inspector)))
        f.resize(614, height: 257)
        #expect(!f.split.isAnimating)
        let before = f.split.layout.frame(of: .secondary)?.width ?? 0
        f.send(.command(.hide(.supplementary)))
        var now = 10.0, cut = false
        while f.split.isAnimating {
            f.send(.tick(now: now))
            now += 1.0 / 60
            let layout = f.split.layout
            let buttons = layout.buttons.filter { $0.column == .secondary }
            cut = cut || buttons.count < 2
            for button in buttons.dropFirst() {
                let frame = layout.frame(of: .secondary) ?? .zero
                #expect(button.frame.minX >= frame.minX - 0.001 && button.frame.maxX <= frame.maxX + 0.001)
            }
        }
        #expect(before < 80 && cut, "the scenario squeezes the secondary: \(before) pt")
        #expect(f.split.layout.buttons.filter { $0.column == .secondary }.map(\.kind) == [.back, .secondaryOnly])
        expectWellFormed(f.split)
    }
}
