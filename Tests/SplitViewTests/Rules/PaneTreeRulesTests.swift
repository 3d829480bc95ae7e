import Testing

@testable import SplitView

/// The pure rules of run-time splits: where a split goes, the halves, the heir of a close and
/// its space, equal shares, resizing within limits, the neighbour in a direction, and drop
/// zones.
@Suite struct PaneTreeRulesTests {
    typealias Item = StackSplitRules.Item

    @Test func aSplitAlongTheStacksAxisGoesBesideElseWrapsInANewStack() {
        #expect(PaneTreeRules.placement(splitting: .horizontal, parentAxis: .horizontal) == .besideInStack)
        #expect(PaneTreeRules.placement(splitting: .vertical, parentAxis: .vertical) == .besideInStack)
        #expect(PaneTreeRules.placement(splitting: .vertical, parentAxis: .horizontal) == .wrapInNewStack)
        #expect(PaneTreeRules.placement(splitting: .horizontal, parentAxis: nil) == .wrapInNewStack, "a column's own content")
    }

    @Test(arguments: [(101.0, 1.0, 50.0), (100, 9, 45.5), (0, 1, 0), (0.5, 1, 0), (-3, 1, 0), (.nan, 1, 0), (10, .infinity, 5)])
    func theHalvesAndTheDividerFillThePanesSpace(_ thickness: Double, _ divider: Double, _ half: Double) {
        let (kept, new) = PaneTreeRules.halves(of: thickness, divider: divider)
        #expect(kept == half && new == half)
        #expect(kept >= 0 && new >= 0)
    }

    @Test func theHeirIsTheVisibleNeighbourAfterElseBefore() {
        let items = [Item(), Item(isCollapsed: true), Item(), Item()]
        #expect(PaneTreeRules.heir(of: 0, items) == 2, "the collapsed item is skipped")
        #expect(PaneTreeRules.heir(of: 3, items) == 2, "the last: the one before")
        #expect(PaneTreeRules.heir(of: 2, items) == 3)
        #expect(PaneTreeRules.heir(of: 0, [Item(), Item(isCollapsed: true)]) == nil, "no visible neighbour")
    }

    @Test func aClosedItemsSpaceAndDividerGoToItsHeirAlone() {
        let items = [Item(), Item(), Item()]
        #expect(PaneTreeRules.closing([100, 200, 300], items, removing: 1, divider: 1) == [100, 501])
        #expect(PaneTreeRules.closing([100, 200, 300], items, removing: 2, divider: 9) == [100, 509], "the last: before")
        // The thicknesses and dividers still fill what they filled: 600 + 2 = 601 + 1.
        let after = PaneTreeRules.closing([100, 200, 300], items, removing: 0, divider: 1)
        #expect(after.reduce(0, +) + 1 == 602)
        // A collapsed item had no space: nobody gains.
        let collapsed = [Item(), Item(isCollapsed: true), Item()]
        #expect(PaneTreeRules.closing([100, 0, 300], collapsed, removing: 1, divider: 1) == [100, 300])
        #expect(PaneTreeRules.closing([100], [Item()], removing: 3, divider: 1) == [100], "no such item: unchanged")
    }

    @Test func equalizedSharesEquallyWithinLimitsAndForgetsKeptThicknesses() {
        let items = [Item(thickness: 500), Item(thickness: 20), Item(fraction: 0.9)]
        #expect(PaneTreeRules.equalized(items, length: 302, divider: 1) == [100, 100, 100])
        let limited = [Item(minimum: 150), Item(), Item()]
        let result = PaneTreeRules.equalized(limited, length: 302, divider: 1)
        #expect(result[0] == 150 && result[1] == 75 && result[2] == 75)
        let withCollapsed = [Item(), Item(isCollapsed: true), Item()]
        #expect(PaneTreeRules.equalized(withCollapsed, length: 201, divider: 1) == [100, 0, 100])
    }

    @Test func aPaneGrowsFromTheNeighbourAfterElseBeforeWithinTheirLimits() {
        let items = [Item(), Item(minimum: 90), Item()]
        #expect(PaneTreeRules.resized([100, 100, 100], items, item: 0, by: 20) == [110, 90, 100], "the minimum holds")
        #expect(PaneTreeRules.resized([100, 100, 100], items, item: 2, by: 20) == [100, 90, 110], "the last: from before")
        #expect(PaneTreeRules.resized([100, 100, 100], items, item: 1, by: -20) == [100, 90, 110], "shrinks to its minimum")
        #expect(PaneTreeRules.resized([100, 100, 100], items, item: 0, by: -20) == [80, 120, 100])
        #expect(PaneTreeRules.resized([100, 0], [Item(), Item(isCollapsed: true)], item: 0, by: 20) == [100, 0], "alone")
        #expect(PaneTreeRules.resized([100, 100], [Item(), Item()], item: 0, by: .nan) == [100, 100])
    }

    /// Three columns of panes: [a] | [b over c] | [d], 1-pt dividers.
    static let a = Rect(x: 0, y: 0, width: 100, height: 200)
    static let b = Rect(x: 101, y: 0, width: 100, height: 80)
    static let c = Rect(x: 101, y: 81, width: 100, height: 119)
    static let d = Rect(x: 202, y: 0, width: 100, height: 200)

    @Test func theNeighbourInADirectionOverlapsFirstThenIsNearest() {
        let all = [Self.a, Self.b, Self.c, Self.d]
        #expect(PaneTreeRules.neighbour(of: Self.a, toward: .right, among: all) == 2, "b and c touch a: c overlaps it most")
        #expect(PaneTreeRules.neighbour(of: Self.b, toward: .down, among: all) == 2)
        #expect(PaneTreeRules.neighbour(of: Self.c, toward: .up, among: all) == 1)
        #expect(PaneTreeRules.neighbour(of: Self.c, toward: .right, among: all) == 3, "across a column")
        #expect(PaneTreeRules.neighbour(of: Self.d, toward: .left, among: all) == 2, "c overlaps d most")
        #expect(PaneTreeRules.neighbour(of: Self.a, toward: .left, among: all) == nil, "the window's edge")
        #expect(PaneTreeRules.neighbour(of: Self.a, toward: .up, among: all) == nil)
        #expect(PaneTreeRules.neighbour(of: Self.a, toward: .right, among: []) == nil)
    }

    @Test func withNoOverlapTheNearestThenTheClosestAcrossWins() {
        let from = Rect(x: 0, y: 0, width: 100, height: 50)
        let far = Rect(x: 300, y: 0, width: 50, height: 50)
        let diagonal = Rect(x: 120, y: 100, width: 50, height: 50)
        let diagonalFarther = Rect(x: 120, y: 300, width: 50, height: 50)
        #expect(PaneTreeRules.neighbour(of: from, toward: .right, among: [diagonal, far]) == 1, "overlap first")
        #expect(PaneTreeRules.neighbour(of: from, toward: .right, among: [diagonalFarther, diagonal]) == 1)
    }

    @Test(arguments: [
        (Point(x: 50, y: 50), PaneDropZone.center), (Point(x: 5, y: 50), .left), (Point(x: 95, y: 40), .right),
        (Point(x: 50, y: 3), .top), (Point(x: 60, y: 97), .bottom), (Point(x: 10, y: 20), .left),
        (Point(x: 20, y: 10), .top),
    ])
    func theDropZoneIsTheMiddleOrTheNearestEdgesHalf(_ point: Point, _ zone: PaneDropZone) {
        #expect(PaneTreeRules.dropZone(at: point, in: Rect(x: 0, y: 0, width: 100, height: 100)) == zone)
    }

    @Test func aDropOnAHalfSplitsThereAndTheCentreSwaps() {
        #expect(PaneTreeRules.split(for: .left)! == (.horizontal, false))
        #expect(PaneTreeRules.split(for: .right)! == (.horizontal, true))
        #expect(PaneTreeRules.split(for: .top)! == (.vertical, false))
        #expect(PaneTreeRules.split(for: .bottom)! == (.vertical, true))
        #expect(PaneTreeRules.split(for: .center) == nil)
        #expect(PaneTreeRules.dropZone(at: Point(x: 1, y: 1), in: Rect(x: 0, y: 0, width: 0, height: 10)) == .center)
    }
}
