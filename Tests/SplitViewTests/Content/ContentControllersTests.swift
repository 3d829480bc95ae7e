import Testing

@testable import SplitView

/// The content controllers: `ListViewController` (selection by click and keys, clamped
/// scrolling, only visible rows drawn, the persistent highlight), `TextViewController`
/// (wrapping, scrolling) and `NavigationController` (push, pop, the back button).
///
/// The list sits in the primary of a triple column at 1400 × 800: its content is 280 wide,
/// from y = 38 (below the bar), 762 high; rows are 30 high.
@Suite struct ContentControllersTests {
    static let theme = Theme.light

    static func listFixture(rows: Int = 100) -> (Fixture, ListViewController, Box) {
        let f = Fixture(.tripleColumn, width: 1400)
        let list = ListViewController(title: "L", items: (0..<rows).map { ListItem(title: "Row \($0)") })
        let selected = Box()
        list.onSelect = { selected.values.append($0) }
        f.split.setViewController(list, for: .primary)
        return (f, list, selected)
    }

    final class Box { var values: [Int] = [] }

    static func rowTexts(_ f: Fixture) -> [String] {
        (f.split.laidOutDisplayList(for: .primary)?.texts ?? []).filter { $0.hasPrefix("Row ") }
    }

    // MARK: List

    @Test func aNewPlaceholderIsDrawnWhileTheTextStaysEmpty() {
        let reader = TextViewController(title: "doc", placeholder: "Loading…")
        let before = reader.revision
        reader.placeholder = "Loading…"
        #expect(reader.revision == before)
        reader.placeholder = "“doc” is a folder: Return opens it."
        #expect(reader.revision != before)
    }

    @Test func aClickSelectsTheRowUnderThePointer() {
        let (f, list, selected) = Self.listFixture()
        f.click(x: 100, y: 38 + 3 * 30 + 10)
        #expect(list.selectedIndex == 3 && selected.values == [3])
        #expect(f.split.focusedColumn == .primary)
        f.click(x: 100, y: 20)  // the bar: no row
        #expect(list.selectedIndex == 3 && selected.values == [3])
        let short = Self.listFixture(rows: 5)
        short.0.click(x: 100, y: 38 + 5 * 30 + 10)  // below the last row
        #expect(short.1.selectedIndex == nil && short.2.values.isEmpty)
    }

    @Test func keysMoveTheSelectionWithinTheRows() {
        let (f, list, selected) = Self.listFixture(rows: 3)
        f.split.focusedColumn = .primary
        f.send(key(.up))
        #expect(list.selectedIndex == 0)
        f.send(key(.down), key(.down), key(.down), key(.down))
        #expect(list.selectedIndex == 2)
        f.send(key(.up))
        #expect(list.selectedIndex == 1)
        #expect(selected.values == [0, 1, 2, 2, 2, 1])
        list.selectedIndex = 0  // setting it does not call onSelect
        #expect(selected.values.count == 6)
    }

    @Test func scrollingClampsToTheContent() {
        let (f, list, _) = Self.listFixture()
        let at = Point(x: 100, y: 400)
        f.send(.scroll(dx: 0, dy: -50, at: at))
        #expect(list.scrollOffset == 0)
        // A notch is three rows of 30 pt: 10 rows are 300 pt, 160 of the wheel's points.
        f.send(.scroll(dx: 0, dy: 10 * Input.wheelNotch / 3, at: at))
        #expect(list.scrollOffset == 300)
        f.send(.scroll(dx: 0, dy: 1_000_000, at: at))
        #expect(list.scrollOffset == 100 * 30 - 762)
        let short = Self.listFixture(rows: 5)
        short.0.send(.scroll(dx: 0, dy: 200, at: at))
        #expect(short.1.scrollOffset == 0)  // shorter than the pane: nothing to scroll
    }

    @Test func selectingScrollsTheRowIntoView() {
        let (f, list, _) = Self.listFixture()
        f.split.focusedColumn = .primary
        for _ in 0..<40 { f.send(key(.down)) }
        #expect(list.selectedIndex == 39)
        #expect(list.scrollOffset == 40 * 30 - 762)
        for _ in 0..<39 { f.send(key(.up)) }
        #expect(list.scrollOffset == 0)
    }

    @Test func onlyTheVisibleRowsAreDrawn() {
        let (f, list, _) = Self.listFixture()
        #expect(Self.rowTexts(f) == (0...25).map { "Row \($0)" })  // 762 / 30: rows 0–25, the last one cut
        f.send(.scroll(dx: 0, dy: 10 * Input.wheelNotch / 3, at: Point(x: 100, y: 400)))  // ten rows
        #expect(Self.rowTexts(f) == (10...35).map { "Row \($0)" })
        #expect(list.revision > 0)
    }

    @Test func theHighlightPersistsAndIsStrongerWithTheFocus() throws {
        let (f, list, _) = Self.listFixture()
        f.split.focusedColumn = .primary
        f.send(key(.down), key(.down))
        let row = Rect(x: 6, y: 38 + 30 + 1, width: 268, height: 28)
        let focused = try #require(f.split.laidOutDisplayList(for: .primary))
        #expect(focused.ops.contains(.fill(row, Self.theme.accent)))
        #expect(focused.ops.contains { if case .text("Row 1", _, _, Self.theme.onAccent) = $0 { true } else { false } })
        f.send(key(.f6))
        let unfocused = try #require(f.split.laidOutDisplayList(for: .primary))
        #expect(unfocused.ops.contains(.fill(row, Self.theme.selection)))
        #expect(!unfocused.ops.contains(.fill(row, Self.theme.accent)))
        #expect(list.selectedIndex == 1)
    }

    @Test func replacingTheItemsKeepsOrClampsTheSelection() {
        let list = ListViewController(title: "L", items: (0..<10).map { ListItem(title: "\($0)") })
        list.selectedIndex = 4
        list.items = (0..<8).map { ListItem(title: "\($0)") }
        #expect(list.selectedIndex == 4)
        list.items = (0..<3).map { ListItem(title: "\($0)") }
        #expect(list.selectedIndex == 2)
        list.items = []
        #expect(list.selectedIndex == nil)
        #expect(list.rowHeight == 30)
        list.items = [ListItem(title: "a", subtitle: "b")]
        #expect(list.rowHeight == 46)
    }

    @Test func anEmptyListShowsItsEmptyText() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.split.setViewController(ListViewController(title: "L", emptyText: "Nothing here"), for: .primary)
        #expect(f.split.laidOutDisplayList(for: .primary)?.texts == ["Nothing here", "L"])
        #expect(f.recorder.takeAll() == [])
    }

    // MARK: Text

    @Test func textWrapsToThePaneWidth() {
        let measurer = FixedAdvanceMeasurer()
        let words = (0..<200).map { "word\($0)" }
        let text = TextViewController(title: "T", text: words.joined(separator: " "))
        let lines = text.lines(forWidth: 300, measurer: measurer)
        #expect(lines.count > 10)
        #expect(lines.allSatisfy { measurer.width(of: $0, font: .body) <= 300 - 32 })
        #expect(lines.joined(separator: " ").split(separator: " ").map(String.init) == words)
        #expect(text.lines(forWidth: 600, measurer: measurer).count < lines.count)
    }

    @Test func textDrawsOnlyVisibleLinesAndScrollsWithinItsContent() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        let text = TextViewController(title: "T", text: (0..<300).map { "line \($0)" }.joined(separator: "\n"))
        f.split.setViewController(text, for: .secondary)
        let drawn = try #require(f.split.laidOutDisplayList(for: .secondary)).texts.filter { $0.hasPrefix("line ") }
        // 762 pt of content at 16 pt a line, less the 16-pt padding: about 47 lines.
        #expect(drawn.first == "line 0" && drawn.count < 60)
        let at = Point(x: 900, y: 400)
        f.send(.scroll(dx: 0, dy: 1_000_000, at: at))
        #expect(text.scrollOffset == 300 * 16 + 32 - 762)
        let end = try #require(f.split.laidOutDisplayList(for: .secondary)).texts.filter { $0.hasPrefix("line ") }
        #expect(end.last == "line 299" && end.count < 60)
        f.split.focusedColumn = .secondary
        f.send(key(.up))
        #expect(text.scrollOffset == 300 * 16 + 32 - 762 - 16)
        text.text = "short"
        #expect(text.scrollOffset == 0)
        #expect(f.recorder.takeAll() == [])
    }

    // MARK: Navigation

    @Test func aNavigationStackPushesAndPops() {
        let root = ViewController(title: "Root"), a = ViewController(title: "A"), b = ViewController(title: "B")
        let nav = NavigationController(rootViewController: root)
        #expect(nav.topViewController === root && nav.backViewController == nil && nav.title == "Root")
        nav.pushViewController(a, animated: true)
        nav.pushViewController(a, animated: true)  // already in the stack: ignored
        nav.pushViewController(b, animated: true)
        #expect(nav.viewControllers.count == 3 && nav.backViewController === a && nav.title == "B")
        #expect(b.navigationController === nav)
        #expect(nav.popViewController(animated: true) === b)
        #expect(b.navigationController == nil)
        nav.pushViewController(b, animated: true)
        #expect(nav.popToRootViewController(animated: true)?.count == 2)
        #expect(nav.popViewController(animated: true) == nil)  // the root stays
        #expect(nav.popToRootViewController(animated: true) == nil)
        #expect(nav.topViewController === root)
    }

    @Test func aColumnsBackButtonCarriesThePreviousTitleAndPops() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        let nav = try #require(f.split.navigationController(for: .secondary))
        nav.pushViewController(LoggingViewController("Page", log: f.log), animated: true)
        let back = try #require(f.split.layout.buttons(in: .secondary).first { $0.kind == .back })
        #expect(back.title == "D")
        #expect(f.split.laidOutDisplayList(for: .secondary)?.texts.contains("Page") == true)  // the bar's title
        f.forget()
        f.click(Point(x: back.frame.midX, y: back.frame.midY))
        #expect(nav.viewControllers.count == 1)
        #expect(f.split.layout.buttons(in: .secondary).isEmpty)
        #expect(
            AppearanceTests.byController(f.log.takeAll(), ["D", "Page"])
                == ["D": AppearanceTests.appeared, "Page": AppearanceTests.disappeared])
        #expect(f.recorder.takeAll() == [])
    }

    @Test func aTitleChangeRedrawsTheBar() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        let key = f.split.paneKey(for: .secondary)
        f.secondary.title = "Renamed"
        #expect(f.split.paneKey(for: .secondary) != key)
        #expect(f.split.laidOutDisplayList(for: .secondary)?.texts.contains("Renamed") == true)
        #expect(f.recorder.takeAll() == [])
    }
}
