import Testing

@testable import SplitView

/// Keyboard focus (`+Commands.swift`): F6/Shift+F6 cycle the visible, undimmed panes in
/// screen order; a click focuses; a pane that hides hands the focus on and gets it back when
/// it shows again unless the user moved it; Up/Down/Return go to the focused pane.
@Suite struct FocusTests {
    typealias Column = SplitViewController.Column

    static func cycle(_ f: Fixture, _ k: Input, times: Int) -> [Column?] {
        (0..<times).map { _ in
            f.send(k)
            return f.split.focusedColumn
        }
    }

    @Test func f6CyclesThePanesInScreenOrder() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        #expect(f.split.focusedColumn == .primary)  // the first pane from the primary edge
        #expect(Self.cycle(f, key(.f6), times: 4) == [.supplementary, .secondary, .primary, .supplementary])
        #expect(Self.cycle(f, key(.f6, .shift), times: 4) == [.primary, .secondary, .supplementary, .primary])
        #expect(f.recorder.takeAll() == [])
    }

    @Test func f6IncludesTheInspectorAndFollowsATrailingEdge() {
        let f = Fixture(.tripleColumn)
        f.split.primaryEdge = .trailing
        f.split.show(.inspector)
        f.resize(1400)
        // Screen order, left to right: inspector, secondary, supplementary, primary.
        #expect(f.split.focusedColumn == .inspector)
        #expect(Self.cycle(f, key(.f6), times: 4) == [.secondary, .supplementary, .primary, .inspector])
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.twoBesideSecondary), .willShow(.supplementary), .willShow(.primary), .willShow(.secondary),
                .willShow(.inspector),
                .didShow(.supplementary), .didShow(.primary), .didShow(.secondary), .didShow(.inspector),
            ])
    }

    @Test func f6SkipsTheDimmedSecondary() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.split.preferredSplitBehavior = .overlay
        f.split.preferredDisplayMode = .twoOverSecondary
        f.split.show(.inspector)
        let panes = Self.cycle(f, key(.f6), times: 6)
        #expect(!panes.contains(.secondary))
        #expect(Set(panes.compactMap { $0 }) == [.primary, .supplementary, .inspector])
        f.split.focusedColumn = .secondary  // ignored: dimmed
        #expect(f.split.focusedColumn != .secondary)
        #expect(f.recorder.takeAll() == [.willChangeTo(.secondaryOnly), .willChangeTo(.twoOverSecondary)])
    }

    @Test func aClickFocusesThePaneAndTheSetterFocusesShowingPanesOnly() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.click(x: 900, y: 400)
        #expect(f.split.focusedColumn == .secondary)
        f.click(x: 400, y: 400)
        #expect(f.split.focusedColumn == .supplementary)
        f.split.focusedColumn = .inspector  // not showing: ignored
        #expect(f.split.focusedColumn == .supplementary)
        f.split.focusedColumn = .primary
        #expect(f.split.focusedColumn == .primary)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func theFocusLeavesAHidingPaneAndReturnsWhenItShowsAgain() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.split.focusedColumn = .primary
        f.send(key(.f9))  // primary hides
        #expect(f.split.focusedColumn == .supplementary)  // the nearest neighbour
        f.send(key(.f9))  // primary shows again
        #expect(f.split.focusedColumn == .primary)
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.oneBesideSecondary), .willHide(.primary), .didHide(.primary),
                .willChangeTo(.twoBesideSecondary), .willShow(.primary), .didShow(.primary),
            ])
    }

    @Test func theFocusStaysWhereTheUserMovedIt() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.split.focusedColumn = .primary
        f.send(key(.f9))
        f.send(key(.f6))  // the user moves on: supplementary → secondary
        #expect(f.split.focusedColumn == .secondary)
        f.send(key(.f9))
        #expect(f.split.focusedColumn == .secondary)
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.oneBesideSecondary), .willHide(.primary), .didHide(.primary),
                .willChangeTo(.twoBesideSecondary), .willShow(.primary), .didShow(.primary),
            ])
    }

    @Test func theFocusFollowsACollapseAndComesBack() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.split.focusedColumn = .supplementary
        f.resize(500)
        #expect(f.split.focusedColumn == .secondary)  // the only pane
        f.resize(1400)
        #expect(f.split.focusedColumn == .supplementary)
        #expect(f.recorder.takeAll() == Event.tripleCollapse + Event.tripleExpand)
    }

    @Test func ctrlNumberRevealsAndFocuses() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.preferredDisplayMode = .secondaryOnly
        f.forget()
        f.send(key(.character("2"), .control))
        #expect(f.split.displayMode == .oneBesideSecondary)
        #expect(f.split.focusedColumn == .supplementary)
        f.send(key(.character("3"), .control))
        #expect(f.split.focusedColumn == .secondary)
        #expect(
            f.recorder.takeAll() == [.willChangeTo(.oneBesideSecondary), .willShow(.supplementary), .didShow(.supplementary)])
    }

    // MARK: Keys to the focused list

    static func lists(_ f: Fixture) -> (ListViewController, ListViewController) {
        let items = (0..<20).map { ListItem(title: "Row \($0)") }
        let a = ListViewController(title: "A", items: items), b = ListViewController(title: "B", items: items)
        f.split.setViewController(a, for: .primary)
        f.split.setViewController(b, for: .supplementary)
        return (a, b)
    }

    @Test func upDownAndReturnGoToTheFocusedList() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        let (a, b) = Self.lists(f)
        var opened: [String] = []
        a.onActivate = { opened.append("A \($0)") }
        b.onActivate = { opened.append("B \($0)") }
        f.split.focusedColumn = .primary
        f.send(key(.down), key(.down), key(.down), key(.up))
        #expect(a.selectedIndex == 1 && b.selectedIndex == nil)
        f.send(key(.return))
        f.send(key(.f6), key(.down), key(.return))
        #expect(a.selectedIndex == 1 && b.selectedIndex == 0)
        #expect(opened == ["A 1", "B 0"])
        // Lock modifiers never break a shortcut.
        f.send(.key(KeyChord(.down, modifiers: [.capsLock, .numLock])))
        #expect(b.selectedIndex == 1)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func keysGoNowhereWhenTheFocusedPaneIsNotAList() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        let (a, _) = Self.lists(f)
        f.split.focusedColumn = .secondary
        f.send(key(.down), key(.return))
        #expect(a.selectedIndex == nil)
        #expect(f.recorder.takeAll() == [])
    }
}
