import Testing

@testable import SplitView

/// The focus rules on their own: focusing, F6 cycling, repair after a layout change, F8.
@Suite struct FocusModelTests {
    typealias C = SplitViewController.Column
    static let three: [C] = [.primary, .supplementary, .secondary]

    @Test func aPaneThatCannotTakeTheFocusIsRefused() {
        var focus = FocusModel()
        focus.focus(.inspector, byUser: true, among: ColumnSet(Self.three))
        #expect(focus.column == nil)
        focus.focus(.secondary, byUser: true, among: ColumnSet(Self.three))
        #expect(focus.column == .secondary && focus.isPaneFocused(.secondary))
    }

    @Test(arguments: [
        (C?.none, 1, C.primary), (nil, -1, .secondary), (.secondary, 1, .primary), (.primary, -1, .secondary),
        (.supplementary, 1, .secondary),
    ])
    func cyclingWrapsInScreenOrder(from start: C?, step: Int, to expected: C) {
        var focus = FocusModel(column: start)
        focus.cycle(by: step, panes: Self.three)
        #expect(focus.column == expected)
    }

    @Test func cyclingLeavesAFocusedDivider() {
        var focus = FocusModel(column: .primary, divider: .primary)
        focus.cycle(by: 1, panes: Self.three)
        #expect(focus.divider == nil && focus.column == .supplementary)
    }

    @Test func aHiddenPaneLendsTheFocusToItsNeighbourAndGetsItBack() {
        var focus = FocusModel(column: .supplementary)
        focus.repair(
            focusable: ColumnSet([.primary, .secondary]), firstOnScreen: { ([.primary, .secondary] as [C]).first },
            hasDivider: { ([] as [C]).contains($0) })
        #expect(focus.column == .primary && focus.displaced == .supplementary)  // nearest by column order, the first of a tie
        focus.repair(
            focusable: ColumnSet(Self.three), firstOnScreen: { Self.three.first }, hasDivider: { ([] as [C]).contains($0) })
        #expect(focus.column == .supplementary && focus.displaced == nil)
    }

    @Test func aUsersChoiceForgetsThePaneToReturnTo() {
        var focus = FocusModel(column: .primary, displaced: .supplementary)
        focus.focus(.secondary, byUser: true, among: ColumnSet([.primary, .secondary]))
        #expect(focus.displaced == nil)
    }

    @Test func noFocusGoesToTheFirstPaneOnScreenAndAGoneDividerIsReleased() {
        var focus = FocusModel(divider: .supplementary)
        focus.repair(
            focusable: ColumnSet(Self.three), firstOnScreen: { Self.three.first },
            hasDivider: { ([.primary] as [C]).contains($0) })
        #expect(focus.column == .primary && focus.divider == nil)
    }
}
