import Testing

@testable import SplitView

/// The list's outline rows, paging, type-ahead, double clicks and data source; the text
/// view's paging and notice; named actions and the collapse threshold.
///
/// The list sits in the primary of a triple column at 1400 × 800: content from y = 38,
/// 762 high, rows 30 high (25 rows a page, so Page Down moves 24).
@Suite struct ListOutlineTests {
    /// Folders: A (expanded) with A1, A2; B (collapsed); C (no children).
    static func outline() -> [ListItem] {
        [
            ListItem(title: "A", disclosure: .expanded), ListItem(title: "A1", indentation: 1),
            ListItem(title: "A2", indentation: 1, disclosure: .collapsed), ListItem(title: "B", disclosure: .collapsed),
            ListItem(title: "C"),
        ]
    }

    /// A list of `items` in the focused primary; the clock type-ahead reads is the split
    /// view's, which the tests move with ticks, as the host does before each batch of keys.
    static func fixture(_ items: [ListItem]) -> (Fixture, ListViewController) {
        let f = Fixture(.tripleColumn, width: 1400)
        let list = ListViewController(title: "L", items: items)
        f.split.setViewController(list, for: .primary)
        f.split.focusedColumn = .primary
        return (f, list)
    }

    @Test func rightExpandsACollapsedRowAndStepsIntoAnExpandedOne() {
        let (f, list) = Self.fixture(Self.outline())
        var asked: [(Int, Bool)] = []
        list.onDisclosure = { asked.append(($0, $1)) }
        list.selectedIndex = 3
        f.send(key(.right))
        #expect(asked.count == 1 && asked[0] == (3, true))
        list.selectedIndex = 0
        f.send(key(.right))
        #expect(list.selectedIndex == 1 && asked.count == 1)
    }

    @Test func leftCollapsesAnExpandedRowAndStepsToTheParentOfAChild() {
        let (f, list) = Self.fixture(Self.outline())
        var asked: [(Int, Bool)] = []
        list.onDisclosure = { asked.append(($0, $1)) }
        list.selectedIndex = 2
        f.send(key(.left))
        #expect(list.selectedIndex == 0 && asked.isEmpty)
        f.send(key(.left))
        #expect(asked.count == 1 && asked[0] == (0, false))
    }

    @Test func leftAndRightInAFlatListAreLeftToTheSplitView() {
        let (f, list) = Self.fixture([ListItem(title: "x"), ListItem(title: "y")])
        list.selectedIndex = 1
        f.send(key(.left), key(.right))
        #expect(list.selectedIndex == 1)
    }

    @Test func clickingTheTriangleTogglesWithoutSelecting() {
        let (f, list) = Self.fixture(Self.outline())
        var asked: [(Int, Bool)] = []
        list.onDisclosure = { asked.append(($0, $1)) }
        f.click(x: 12, y: 38 + 3 * 30 + 15)  // B's triangle
        #expect(asked.count == 1 && asked[0] == (3, true) && list.selectedIndex == nil)
        f.click(x: 150, y: 38 + 3 * 30 + 15)  // B's title
        #expect(list.selectedIndex == 3 && asked.count == 1)
    }

    @Test func outlineRowsAreIndentedAndCarryTheirTriangle() throws {
        let (f, _) = Self.fixture(Self.outline())
        let ops = try #require(f.split.laidOutDisplayList(for: .primary)?.ops)
        let triangles = ops.filter { if case .polygon = $0 { true } else { false } }
        #expect(triangles.count >= 3)
        func x(of title: String) -> Double? {
            for op in ops { if case .text(title, let origin, _, _) = op { return origin.x } }
            return nil
        }
        let top = try #require(x(of: "A")), child = try #require(x(of: "A1"))
        #expect(child - top == ListViewController.indentationWidth)
    }

    /// Boundaries of the indentation: one step per level until 120 pt are left for the
    /// triangle and title; deeper rows line up there, their names drawn inside the column,
    /// and their triangle still toggles where it is drawn.
    @Test func deepRowsStopAtTheRoomTheirTitleNeeds() throws {
        let deep =
            [ListItem(title: "top", disclosure: .expanded)]
            + (1...300).map { ListItem(title: "level \($0)", indentation: $0, disclosure: .expanded) }
        let (f, list) = Self.fixture(deep)
        let width = try #require(f.split.layout.frame(of: .primary)).width
        #expect(ListViewController.indent(5, width: width) == 80)
        #expect(ListViewController.indent(300, width: width) == width - ListMetrics.titleRoom)
        #expect(ListViewController.indent(3, width: 100) == 0)
        #expect(ListViewController.indent(-1, width: 300) == 0)
        f.send(key(.end))
        let ops = try #require(f.split.laidOutDisplayList(for: .primary)?.ops)
        let origin = ops.lazy.compactMap { op -> Point? in
            if case .text("level 300", let origin, _, _) = op { return origin }
            return nil
        }.first
        let x = try #require(origin?.x)
        #expect(x < width - 60, "the deepest title starts inside the column, with room to show")
        var asked: [(Int, Bool)] = []
        list.onDisclosure = { asked.append(($0, $1)) }
        let rowTop = 38 + 300 * 30 - list.scrollOffset
        f.click(x: ListMetrics.disclosureCentre + width - ListMetrics.titleRoom, y: rowTop + 15)
        #expect(asked.count == 1 && asked.first?.0 == 300)
    }

    @Test func pageKeysMoveByAScreenAndHomeEndToTheEnds() {
        let (f, list) = Self.fixture((0..<100).map { ListItem(title: "Row \($0)") })
        f.send(key(.pageDown))
        #expect(list.selectedIndex == 0)
        f.send(key(.pageDown))
        #expect(list.selectedIndex == 24)
        f.send(key(.end))
        #expect(list.selectedIndex == 99 && list.scrollOffset == 100 * 30 - 762)
        f.send(key(.pageUp))
        #expect(list.selectedIndex == 75)
        f.send(key(.home))
        #expect(list.selectedIndex == 0 && list.scrollOffset == 0)
    }

    @Test func typeAheadJumpsToTheFirstMatchAndAPauseStartsOver() {
        let names = ["apple", "banana", "blueberry", "cherry", "Blackcurrant"]
        let (f, list) = Self.fixture(names.map { ListItem(title: $0) })
        f.send(key(.character("b")), key(.character("l")))
        #expect(list.selectedIndex == 2)  // "bl": blueberry
        f.send(.tick(now: 0.5))
        f.send(key(.character("a")))
        #expect(list.selectedIndex == 4)  // "bla": Blackcurrant, case ignored, wrapping on
        f.send(.tick(now: 2))
        f.send(key(.character("c")))
        #expect(list.selectedIndex == 3)  // a pause: "c" alone
    }

    /// Type-ahead's pauses are measured by the split view's clock, which only ticks move:
    /// the same keys replay the same way, and a clock that is not finite changes nothing.
    @Test func typeAheadTimingIsReplayedByTheInputsAlone() {
        let names = ["dash", "dpkg", "dpkg-dev", "kbproto"]
        for _ in 0..<2 {
            let (f, list) = Self.fixture(names.map { ListItem(title: $0) })
            f.send(.tick(now: 100), key(.character("d")), .tick(now: 100.4), key(.character("p")))
            f.send(.tick(now: .nan), .tick(now: 100.8), key(.character("k")))
            #expect(list.selectedIndex == 1)  // "dpk": dpkg
            f.send(.tick(now: 102), key(.character("k")))
            #expect(list.selectedIndex == 3)  // a pause: "k" alone, kbproto
            #expect(f.split.now == 102)
        }
    }

    /// Rows of a data source that the app may change between reloads.
    final class Names: ListDataSource {
        var names: [String]
        init(_ names: [String]) { self.names = names }
        var numberOfRows: Int { names.count }
        var rowsHaveSubtitles: Bool { false }
        func item(at index: Int) -> ListItem { ListItem(title: names[index]) }
    }

    /// The browser reloads the outline on each selection, and again when the folder it
    /// selected has been read: what was typed survives both while the rows read the same
    /// (before, "dpk" landed on kbproto, by its last letter alone).
    @Test func typeAheadKeepsWhatWasTypedAcrossReloadsThatKeepTheRows() {
        let (f, list) = Self.fixture([])
        let names = Names(["dash", "dpkg", "dpkg-dev", "kbproto"])
        list.dataSource = names
        list.reloadData()
        list.onSelect = { _ in list.reloadData() }  // the reload the selection causes
        f.send(.tick(now: 10), key(.character("d")))
        list.reloadData()  // the selected folder was read: the same rows
        f.send(.tick(now: 10.3), key(.character("p")))
        list.reloadData()
        f.send(.tick(now: 10.6), key(.character("k")))
        #expect(list.selectedIndex == 1)  // "dpk": dpkg
    }

    /// The boundary: rows that changed (one more, or the selected one renamed) start the
    /// type-ahead over, since what was typed was matched against rows that are gone.
    @Test func typeAheadStartsOverWhenTheRowsChange() {
        for change in [{ (n: Names) in n.names.append("zz") }, { (n: Names) in n.names[1] = "dpkg-old" }] {
            let (f, list) = Self.fixture([])
            let names = Names(["dash", "dpkg", "dpkg-dev", "kbproto"])
            list.dataSource = names
            list.reloadData()
            f.send(.tick(now: 10), key(.character("d")), key(.character("p")))
            #expect(list.selectedIndex == 1)
            change(names)
            list.reloadData()
            f.send(.tick(now: 10.3), key(.character("k")))
            #expect(list.selectedIndex == 3)  // "k" alone: kbproto
        }
    }

    @Test func typingTheSameLetterStepsThroughItsRows() {
        let (f, list) = Self.fixture(["b1", "a", "b2", "b3"].map { ListItem(title: $0) })
        for (step, expected) in [0, 2, 3, 0].enumerated() {
            f.send(.tick(now: Double(step) * 0.2))
            f.send(key(.character("b")))
            #expect(list.selectedIndex == expected)
        }
    }

    @Test func keysWithCommandModifiersAreNotTypeAhead() {
        let (f, list) = Self.fixture(["x", "y"].map { ListItem(title: $0) })
        f.send(key(.character("y"), .control))
        #expect(list.selectedIndex == nil)
    }

    @Test func aDoubleClickOnTheSelectedRowOpensIt() {
        let (f, list) = Self.fixture((0..<5).map { ListItem(title: "Row \($0)") })
        var opened: [Int] = []
        list.onDoubleClick = { opened.append($0) }
        let point = Point(x: 100, y: 38 + 2 * 30 + 5)
        f.send(.pointerDown(point), .doubleClick(point), .pointerUp(point))
        #expect(opened == [2])
        f.send(.doubleClick(Point(x: 100, y: 38 + 4 * 30 + 5)))  // not the selected row
        #expect(opened == [2])
    }

    final class Rows: ListDataSource {
        var count: Int
        var built = 0
        init(_ count: Int) { self.count = count }
        var numberOfRows: Int { count }
        var rowsHaveSubtitles: Bool { true }
        func item(at index: Int) -> ListItem {
            built += 1
            return ListItem(title: "File \(index)", subtitle: "\(index) bytes")
        }
        func searchText(at index: Int) -> String { "File \(index)" }
    }

    @Test func aDataSourceOfManyRowsBuildsOnlyTheVisibleOnes() {
        let (f, list) = Self.fixture([])
        let rows = Rows(100_000)
        list.dataSource = rows
        list.reloadData()
        f.split.handle(.resize(Size(width: 1401, height: 800)))
        f.split.layoutPanes()
        _ = f.split.laidOutDisplayList(for: .primary)
        #expect(list.rowCount == 100_000 && list.rowHeight == 46)
        #expect(rows.built > 0 && rows.built < 60)
        rows.built = 0
        f.send(.scroll(dx: 0, dy: 50_000 * Input.wheelNotch / 3, at: Point(x: 100, y: 400)))  // 50 000 rows
        f.split.layoutPanes()
        _ = f.split.laidOutDisplayList(for: .primary)
        #expect(rows.built < 60)
        #expect(f.split.laidOutDisplayList(for: .primary)?.texts.contains("File 50000") == true)
    }

    @Test func reloadKeepsTheSelectionWhereItStillExists() {
        let (_, list) = Self.fixture([])
        let rows = Rows(10)
        list.dataSource = rows
        list.selectedIndex = 7
        rows.count = 5
        list.reloadData()
        #expect(list.selectedIndex == 4)
        rows.count = 0
        list.reloadData()
        #expect(list.selectedIndex == nil)
    }

    @Test func theReaderPagesAndGoesToItsEnds() {
        let f = Fixture(.tripleColumn, width: 1400)
        let reader = TextViewController(title: "T", text: (0..<400).map { "line \($0)" }.joined(separator: "\n"))
        f.split.setViewController(reader, for: .secondary)
        f.split.focusedColumn = .secondary
        f.split.layoutPanes()  // as the window does before its first frame: the text is wrapped
        f.send(key(.pageDown))
        let page = reader.scrollOffset
        #expect(page > 600 && page < 762)
        f.send(key(.end))
        let end = reader.scrollOffset
        #expect(end > 400 * 15 - 762)
        f.send(key(.pageDown))
        #expect(reader.scrollOffset == end)
        f.send(key(.home))
        #expect(reader.scrollOffset == 0)
    }

    @Test func theReaderShowsItsNoticeAboveTheText() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        let reader = TextViewController(title: "T", text: "body")
        reader.notice = "First 4 MiB shown"
        f.split.setViewController(reader, for: .secondary)
        let ops = try #require(f.split.laidOutDisplayList(for: .secondary)?.ops)
        func top(of text: String) -> Double? {
            ops.lazy.compactMap { op -> Double? in
                if case .text(let shown, let origin, _, _) = op, shown == text { origin.y } else { nil }
            }.first
        }
        let notice = try #require(top(of: "First 4 MiB shown")), body = try #require(top(of: "body"))
        #expect(notice < body, "the band above the text (drawn after it, so that it covers a half line)")
    }

    @Test func aNamedActionGoesToTheFocusedPaneThenTheHandler() {
        let (f, _) = Self.fixture([ListItem(title: "x")])
        var handled: [String] = []
        f.split.actionHandler = {
            handled.append($0.name); return true
        }
        f.send(.command(.action(TestAction("toggleHiddenFiles"))))
        #expect(handled == ["toggleHiddenFiles"])
    }

    @Test(arguments: [(700.0, 699.0, true), (700, 700, false), (0, 10, false)])
    func theCollapseThresholdIsTheControllers(threshold: Double, width: Double, collapses: Bool) {
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.collapseThreshold = threshold
        f.resize(width)
        #expect(f.split.isCollapsed == collapses)
    }

    @Test func aThresholdThatIsNotANumberNeverCollapses() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.collapseThreshold = .nan
        #expect(f.split.collapseThreshold == 0)
    }
}

@Suite struct FocusBeforeMountTests {
    @Test func aFocusSetBeforeTheFirstSizeHoldsOnceThePanesExist() {
        let split = SplitViewController(style: .tripleColumn)
        split.setViewController(ListViewController(title: "A", items: [ListItem(title: "x")]), for: .primary)
        split.setViewController(ListViewController(title: "B"), for: .supplementary)
        split.setViewController(TextViewController(title: "C"), for: .secondary)
        split.focusedColumn = .supplementary
        split.handle(.resize(Size(width: 1400, height: 800)))
        #expect(split.focusedColumn == .supplementary)
    }
}
