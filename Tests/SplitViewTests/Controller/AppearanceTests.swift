import Testing

@testable import SplitView

/// `ViewController`'s rule: appearance callbacks are sent only when a view really appears or
/// disappears, each `will` followed by its `did` when the transition ends, and a transition
/// reversed midway sends the opposite `will` first.
@Suite struct AppearanceTests {
    static let appeared = ["willAppear", "didAppear"]
    static let disappeared = ["willDisappear", "didDisappear"]

    /// Each controller's entries in `log`, keyed by title, leaving out titles with none.
    static func byController(_ log: [String], _ titles: [String] = ["P", "S", "D", "I", "C", "X", "N"]) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for title in titles {
            let mine = entries(of: title, in: log)
            if !mine.isEmpty { result[title] = mine }
        }
        return result
    }

    // MARK: Mount, collapse, expand

    @Test func mountAppearsEachShowingControllerOnce() {
        let f = Fixture(.tripleColumn, width: 1400)
        #expect(Self.byController(f.log.takeAll()) == ["P": Self.appeared, "S": Self.appeared, "D": Self.appeared])
        #expect(f.primary.isViewVisible && f.supplementary.isViewVisible && f.secondary.isViewVisible)
        #expect(f.recorder.takeAll().count == 7)
    }

    @Test func mountAppearsOnlyWhatShows() {
        let narrow = Fixture(.tripleColumn, width: 800)
        #expect(Self.byController(narrow.log.takeAll()) == ["S": Self.appeared, "D": Self.appeared])
        #expect(!narrow.primary.isViewVisible)
        let collapsed = Fixture(.tripleColumn, width: 500)
        #expect(Self.byController(collapsed.log.takeAll()) == ["D": Self.appeared])
        #expect(
            narrow.recorder.takeAll() == [
                .willChangeTo(.oneBesideSecondary), .willShow(.supplementary), .willShow(.secondary),
                .didShow(.supplementary), .didShow(.secondary),
            ])
        #expect(collapsed.recorder.takeAll().count == 5)
    }

    @Test func collapseDisappearsTheFoldedColumnsAndLeavesTheTopAlone() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.resize(500)
        #expect(Self.byController(f.log.takeAll()) == ["P": Self.disappeared, "S": Self.disappeared])
        #expect(f.secondary.isViewVisible && !f.primary.isViewVisible)
        #expect(f.recorder.takeAll().count == 7)
    }

    @Test func expandAppearsTheSeparatedColumns() {
        let f = Fixture(.tripleColumn, width: 500)
        f.forget()
        f.resize(1400)
        #expect(Self.byController(f.log.takeAll()) == ["P": Self.appeared, "S": Self.appeared])
        #expect(f.recorder.takeAll().count == 7)
    }

    @Test func collapsingOntoThePrimaryKeepsItAndFoldsTheRest() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.recorder.topColumn = .primary
        f.forget()
        f.resize(500)
        #expect(Self.byController(f.log.takeAll()) == ["S": Self.disappeared, "D": Self.disappeared])
        #expect(f.recorder.takeAll().count == 7)
    }

    @Test func resizingWithoutChangingWhatShowsSendsNothing() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.resize(1200)
        f.resize(1100, height: 500)
        f.split.preferredDisplayMode = .twoBesideSecondary
        f.split.preferredSplitBehavior = .overlay  // twoBeside → twoOver: the same three views show
        #expect(f.split.displayMode == .twoOverSecondary)
        #expect(f.log.takeAll() == [])
        #expect(f.recorder.takeAll() == [.willChangeTo(.twoOverSecondary)])
    }

    // MARK: Overlay, hide and show, inspector

    @Test func anOverlayAppearsAndDismissingItDisappearsIt() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.preferredSplitBehavior = .overlay
        f.split.preferredDisplayMode = .secondaryOnly
        f.forget()
        f.send(key(.f9))
        #expect(f.split.displayMode == .oneOverSecondary)
        #expect(Self.byController(f.log.takeAll()) == ["S": Self.appeared])  // the dimmed secondary stays on screen
        f.click(x: 1300, y: 400)
        #expect(f.split.displayMode == .secondaryOnly)
        #expect(Self.byController(f.log.takeAll()) == ["S": Self.disappeared])
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.oneOverSecondary), .willShow(.supplementary), .didShow(.supplementary),
                .willChangeTo(.secondaryOnly), .willHide(.supplementary), .didHide(.supplementary),
            ])
    }

    @Test func hideAndShowPairUp() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.split.hide(.primary)
        #expect(Self.byController(f.log.takeAll()) == ["P": Self.disappeared])
        f.split.hide(.primary)  // already hidden: nothing
        #expect(f.log.takeAll() == [])
        f.split.show(.primary)
        #expect(Self.byController(f.log.takeAll()) == ["P": Self.appeared])
        #expect(f.recorder.takeAll() == [.willChangeTo(.oneBesideSecondary), .willChangeTo(.twoBesideSecondary)])
    }

    @Test func theInspectorAppearsAndDisappears() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.install("I", in: .inspector)
        #expect(f.log.takeAll() == [])  // installed hidden
        f.send(key(.character("i"), [.control, .alt]))
        #expect(Self.byController(f.log.takeAll()) == ["I": Self.appeared])
        f.send(key(.character("i"), [.control, .alt]))
        #expect(Self.byController(f.log.takeAll()) == ["I": Self.disappeared])
        #expect(
            f.recorder.takeAll() == [.willShow(.inspector), .didShow(.inspector), .willHide(.inspector), .didHide(.inspector)])
    }

    @Test func theInspectorSheetLeavesTheDimmedTopOnScreen() {
        let f = Fixture(.tripleColumn, width: 500)
        f.install("I", in: .inspector)
        f.forget()
        f.split.show(.inspector)
        #expect(Self.byController(f.log.takeAll()) == ["I": Self.appeared])
        f.send(key(.escape))
        #expect(!f.split.isShowing(.inspector))
        #expect(Self.byController(f.log.takeAll()) == ["I": Self.disappeared])
        #expect(f.recorder.takeAll() == [.willHide(.inspector), .didHide(.inspector)])
    }

    // MARK: Navigation stacks and replaced controllers

    @Test func pushAndPopSwapTheTopController() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        let nav = try #require(f.split.navigationController(for: .secondary))
        let pushed = LoggingViewController("X", log: f.log)
        nav.pushViewController(pushed, animated: true)
        #expect(Self.byController(f.log.takeAll()) == ["D": Self.disappeared, "X": Self.appeared])
        nav.popViewController(animated: true)
        #expect(Self.byController(f.log.takeAll()) == ["D": Self.appeared, "X": Self.disappeared])
        #expect(f.recorder.takeAll() == [])
    }

    @Test func pushingOntoAHiddenColumnSendsNothing() throws {
        let f = Fixture(.tripleColumn, width: 800)  // the primary is hidden
        f.forget()
        let nav = try #require(f.split.navigationController(for: .primary))
        nav.pushViewController(LoggingViewController("X", log: f.log), animated: true)
        #expect(f.log.takeAll() == [])
        f.split.show(.primary)  // twoOver on request: the pushed controller is the one that appears
        #expect(Self.byController(f.log.takeAll()) == ["X": Self.appeared])
        #expect(f.recorder.takeAll() == [.willChangeTo(.twoOverSecondary)])
    }

    @Test func replacingAShowingControllerSwapsAppearance() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.install("N", in: .secondary)
        #expect(Self.byController(f.log.takeAll()) == ["D": Self.disappeared, "N": Self.appeared])
        f.split.setViewController(nil, for: .secondary)
        #expect(Self.byController(f.log.takeAll()) == ["N": Self.disappeared])
        #expect(f.recorder.takeAll() == [])
    }

    @Test func replacingAHiddenControllerSendsNothing() {
        let f = Fixture(.tripleColumn, width: 800)
        f.forget()
        f.install("N", in: .primary)
        #expect(f.log.takeAll() == [])
        #expect(f.recorder.takeAll() == [])
    }

    // MARK: Animated transitions

    @Test func didsWaitForTheTransitionsEnd() {
        let f = Fixture(.tripleColumn, width: 1400, animated: true)
        f.forget()
        f.send(key(.f9))
        #expect(Self.byController(f.log.takeAll()) == ["P": ["willDisappear"]])
        #expect(f.primary.isViewVisible == false)
        f.settle()
        #expect(Self.byController(f.log.takeAll()) == ["P": ["didDisappear"]])
        #expect(f.recorder.takeAll() == [.willChangeTo(.oneBesideSecondary), .willHide(.primary), .didHide(.primary)])
    }

    @Test func aTransitionReversedMidwaySendsTheOppositeWillFirst() {
        let f = Fixture(.tripleColumn, width: 1400, animated: true)
        f.forget()
        f.send(key(.f9), .tick(now: 0), .tick(now: 0.1))
        f.send(key(.f9))
        #expect(Self.byController(f.log.takeAll()) == ["P": ["willDisappear", "willAppear"]])
        f.settle(from: 0.2)
        #expect(Self.byController(f.log.takeAll()) == ["P": ["didAppear"]])
        #expect(f.primary.isViewVisible)
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.oneBesideSecondary), .willHide(.primary),
                .willChangeTo(.twoBesideSecondary), .didHide(.primary), .willShow(.primary), .didShow(.primary),
            ])
    }

    @Test func anAppearanceReversedMidwayDisappears() {
        let f = Fixture(.tripleColumn, width: 1400, animated: true)
        f.split.preferredDisplayMode = .oneBesideSecondary
        f.settle()
        f.forget()
        f.send(key(.f9), .tick(now: 10), .tick(now: 10.05), key(.f9))
        f.settle(from: 10.1)
        #expect(Self.byController(f.log.takeAll()) == ["P": ["willAppear", "willDisappear", "didDisappear"]])
        #expect(f.split.layout.frame(of: .primary) == nil)
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.twoBesideSecondary), .willShow(.primary),
                .willChangeTo(.oneBesideSecondary), .didShow(.primary), .willHide(.primary), .didHide(.primary),
            ])
    }
}
