import PropertyBased
import Testing

@testable import SplitView

/// Several rows selected in a list, as GNOME Files selects them: Ctrl+click, Shift+click,
/// Shift+arrows, Ctrl+A and Escape; the lead row always among the selected; drawing and the
/// accessible tree marking every selected row.
///
/// The list sits in the focused primary of a triple column at 1400 × 800: content from y = 38,
/// rows 30 high, so row `i` is under y = 53 + 30 i.
@Suite struct ListMultipleSelectionTests {
    static func fixture(rows: Int = 8, multiple: Bool = true) -> (Fixture, ListViewController) {
        let f = Fixture(.tripleColumn, width: 1400)
        let list = ListViewController(title: "L", items: (0..<rows).map { ListItem(title: "row \($0)") })
        list.allowsMultipleSelection = multiple
        f.split.setViewController(list, for: .primary)
        f.split.focusedColumn = .primary
        return (f, list)
    }

    static func click(_ row: Int, _ modifiers: KeyChord.Modifiers = []) -> [Input] {
        let point = Point(x: 100, y: 53 + 30 * Double(row))
        return [.pointerDown(point, modifiers: modifiers), .pointerUp(point)]
    }

    static func send(_ f: Fixture, _ inputs: [Input]) {
        for input in inputs { f.split.handle(input) }
    }

    @Test func controlClickAddsAndRemovesRowsAndTheLeadFollows() {
        let (f, list) = Self.fixture()
        var selected: [Int] = []
        var changes = 0
        list.onSelect = { selected.append($0) }
        list.onSelectionChange = { changes += 1 }
        Self.send(f, Self.click(1) + Self.click(4, .control) + Self.click(6, .control))
        #expect(list.selectedIndexes == [1, 4, 6] && list.selectedIndex == 6)
        #expect(selected == [1, 4, 6] && changes == 3)
        // The lead removed: the nearest selected row below it leads, else the one above.
        Self.send(f, Self.click(4, .control))
        #expect(list.selectedIndexes == [1, 6] && list.selectedIndex == 6)
        Self.send(f, Self.click(6, .control))
        #expect(list.selectedIndexes == [1] && list.selectedIndex == 1 && selected.last == 1)
        Self.send(f, Self.click(1, .control))
        #expect(list.selectedIndexes.isEmpty && list.selectedIndex == nil && changes == 6)
    }

    @Test func aModifiedClickGathersRowsWithoutOpeningOne() {
        let (f, list) = Self.fixture()
        var clicked: [Int] = []
        list.onClick = { clicked.append($0) }
        Self.send(f, Self.click(2) + Self.click(3, .control) + Self.click(5, .shift))
        #expect(clicked == [2])
    }

    /// The modifiers come with the press, through every container on the way: a list in a
    /// stack split, and one on top of a navigation stack, gather rows with Ctrl and Shift as
    /// one in a column does; Caps Lock changes nothing.
    @Test func theModifiersReachAListInsideAStackOrANavigationStack() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        let list = ListViewController(title: "L", items: (0..<8).map { ListItem(title: "row \($0)") })
        list.allowsMultipleSelection = true
        let stack = StackSplitViewController(
            axis: .vertical, items: [SplitItem(viewController: list), SplitItem(viewController: ViewController(title: "B"))])
        f.split.setViewController(stack, for: .primary)
        f.split.focusedColumn = .primary
        let top = try #require(f.split.leaves(in: .primary).first?.frame)
        func click(_ row: Int, _ modifiers: KeyChord.Modifiers = []) -> [Input] {
            let point = Point(x: top.minX + 100, y: top.minY + LayoutMetrics.paneBarHeight + 15 + 30 * Double(row))
            return [.pointerDown(point, modifiers: modifiers), .pointerUp(point)]
        }
        Self.send(f, click(1) + click(3, [.control, .capsLock]) + click(5, [.control, .shift]))
        #expect(list.selectedIndexes == [1, 3, 4, 5], "\(list.selectedIndexes.sorted())")
        #expect(list.selectedIndex == 5)

        let (g, pushed) = Self.fixture()
        let navigation = try #require(g.split.navigationController(for: .primary))
        #expect(navigation.topViewController === pushed)
        Self.send(g, Self.click(2) + Self.click(6, .control))
        #expect(pushed.selectedIndexes == [2, 6])
    }

    /// A content that overrides only the press without modifiers still gets every press.
    @Test func aContentWithoutModifiersStillGetsThePress() {
        final class Presses: ViewController {
            var points: [Point] = []
            override func pointerDown(at point: Point, in bounds: Rect) -> Bool {
                points.append(point)
                return true
            }
        }
        let f = Fixture(.tripleColumn, width: 1400)
        let content = Presses(title: "P")
        f.split.setViewController(content, for: .primary)
        f.split.handle(.pointerDown(Point(x: 100, y: 100), modifiers: [.control, .shift]))
        #expect(content.points.count == 1)
    }

    @Test func shiftClickSelectsTheRangeFromTheAnchorAndControlShiftAddsIt() {
        let (f, list) = Self.fixture()
        Self.send(f, Self.click(2) + Self.click(5, .shift))
        #expect(list.selectedIndexes == [2, 3, 4, 5] && list.selectedIndex == 5)
        // The anchor stays: a second Shift+click redraws the range from row 2.
        Self.send(f, Self.click(0, .shift))
        #expect(list.selectedIndexes == [0, 1, 2] && list.selectedIndex == 0)
        Self.send(f, Self.click(6, .control) + Self.click(7, [.control, .shift]))
        #expect(list.selectedIndexes == [0, 1, 2, 6, 7] && list.selectedIndex == 7)
    }

    @Test func shiftArrowsExtendAndAPlainArrowOrClickReturnsToOne() {
        let (f, list) = Self.fixture()
        Self.send(f, Self.click(3))
        f.send(key(.down, .shift), key(.down, .shift))
        #expect(list.selectedIndexes == [3, 4, 5] && list.selectedIndex == 5)
        f.send(key(.up, .shift), key(.up, .shift), key(.up, .shift))
        #expect(list.selectedIndexes == [2, 3] && list.selectedIndex == 2)
        f.send(key(.end, .shift))
        #expect(list.selectedIndexes == Set(3...7) && list.selectedIndex == 7)
        f.send(key(.up))
        #expect(list.selectedIndexes == [6] && list.selectedIndex == 6)
        f.send(key(.home, .shift))
        #expect(list.selectedIndexes == Set(0...6))
        Self.send(f, Self.click(4))
        #expect(list.selectedIndexes == [4])
    }

    @Test func controlASelectsEveryRowShownAndEscapeLeavesTheLead() {
        let (f, list) = Self.fixture()
        Self.send(f, Self.click(3))
        f.send(key(.character("a"), .control))
        #expect(list.selectedIndexes == Set(0..<8) && list.selectedIndex == 3)
        f.send(key(.escape))
        #expect(list.selectedIndexes == [3] && list.selectedIndex == 3)
    }

    @Test func aListOfOneSelectionKeepsItsOldWays() {
        let (f, list) = Self.fixture(multiple: false)
        Self.send(f, Self.click(1) + Self.click(4, .control) + Self.click(6, .shift))
        #expect(list.selectedIndexes == [6] && list.selectedIndex == 6)
        f.send(key(.character("a"), .control), key(.down, .shift))
        #expect(list.selectedIndexes == [6])
    }

    @Test func settingTheLeadOutsideTheSelectionSelectsItAloneAndInsideMovesTheLead() {
        let (_, list) = Self.fixture()
        list.selectRows([1, 2, 5], lead: 2)
        list.selectedIndex = 5
        #expect(list.selectedIndexes == [1, 2, 5] && list.selectedIndex == 5)
        list.selectedIndex = 3
        #expect(list.selectedIndexes == [3])
        list.selectRows([9, 40, 7], lead: nil)
        #expect(list.selectedIndexes == [7] && list.selectedIndex == 7)
    }

    @Test func fewerRowsDropTheSelectedRowsBeyondThem() {
        let (_, list) = Self.fixture()
        list.selectRows([1, 5, 7], lead: 7)
        list.items = (0..<4).map { ListItem(title: "row \($0)") }
        #expect(list.selectedIndexes == [1, 3] && list.selectedIndex == 3)
    }

    @Test func filteringDeselectsTheRowsItHides() {
        let (f, list) = Self.fixture()
        list.items = ["apple", "banana", "apricot", "cherry"].map { ListItem(title: $0) }
        list.selectRows([0, 1, 2], lead: 0)
        list.find("ap", in: Rect(x: 0, y: 38, width: 280, height: 762))
        #expect(list.selectedIndexes == [0, 2] && list.selectedIndex == 0)
        f.send(key(.character("a"), .control))
        #expect(list.selectedIndexes == [0, 2])
    }

    @Test func everySelectedRowIsDrawnHighlightedAndReadAsSelected() throws {
        let (f, list) = Self.fixture()
        list.selectRows([1, 3, 4], lead: 3)
        let ops = f.split.laidOutDisplayList(for: .primary)?.ops ?? []
        let strong = ops.compactMap { op -> String? in
            if case .text(let text, _, .body, let color) = op, color == Theme.light.onAccent { return text }
            return nil
        }
        #expect(strong == ["row 1", "row 3", "row 4"])
        let tree = f.split.accessibleTree(title: "T")
        let node = try #require(tree.node(AccessibleNode.ID("column.primary.content.list")))
        #expect(node.states.contains(.multiselectable))
        #expect(node.children.filter { $0.states.contains(.selected) }.map(\.name) == ["row 1", "row 3", "row 4"])
        #expect(node.children.filter { $0.states.contains(.focused) }.map(\.name) == ["row 3"])
    }

    /// Over random clicks (plain, Ctrl, Shift, both), arrows with and without Shift, Ctrl+A
    /// and Escape: the lead is always selected (none only when nothing is), every selected
    /// index is a row, what `onSelectionChange` last saw is the selection, a plain click or
    /// arrow leaves exactly one row, and Ctrl+A every row.
    @Test func theLeadIsAlwaysSelectedOverRandomSequences() async {
        let steps = Gen.int(in: 0...11).array(of: 1...40)
        await propertyCheck(count: 300, input: steps, Gen.int(in: 1...12)) { steps, rows in
            let (f, list) = Self.fixture(rows: rows)
            var seen: Set<Int> = []
            list.onSelectionChange = { seen = list.selectedIndexes }
            for (number, step) in steps.enumerated() {
                let row = (number * 7 + step) % rows
                switch step {
                case 0, 1: Self.send(f, Self.click(row))
                case 2, 3: Self.send(f, Self.click(row, .control))
                case 4: Self.send(f, Self.click(row, .shift))
                case 5: Self.send(f, Self.click(row, [.control, .shift]))
                case 6: f.send(key(.down))
                case 7: f.send(key(.up, .shift))
                case 8: f.send(key(.down, .shift))
                case 9: f.send(key(.character("a"), .control))
                case 10: f.send(key(.escape))
                default: f.send(key(.end, .shift))
                }
                #expect(list.selectedIndexes.allSatisfy { (0..<rows).contains($0) })
                if let lead = list.selectedIndex {
                    #expect(list.selectedIndexes.contains(lead))
                } else {
                    #expect(list.selectedIndexes.isEmpty)
                }
                #expect(seen == list.selectedIndexes)
                if step <= 1 || step == 6 { #expect(list.selectedIndexes.count == 1) }
                if step == 9 { #expect(list.selectedIndexes.count == rows) }
                if step == 10 { #expect(list.selectedIndexes.count <= 1) }
            }
        }
    }
}
