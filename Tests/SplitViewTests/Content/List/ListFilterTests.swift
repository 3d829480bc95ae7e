import PropertyBased
import Testing

@testable import SplitView

/// `ListFilter.swift`: the rows a filter keeps are those whose text holds the query, ignoring
/// case, however the query was typed.
@Suite struct ListFilterTests {
    /// Folds `names[index]`, as a list does.
    static func fold(_ names: [String]) -> ListFilter.Folder {
        { index, bytes in
            var name = names[index]
            name.withUTF8 { FilterRules.fold($0, into: &bytes) }
        }
    }

    static func filtered(_ names: [String], _ query: String) -> [Int]? {
        var filter = ListFilter()
        filter.apply(query, count: names.count, fold: Self.fold(names))
        return filter.rows
    }

    @Test func aQueryKeepsTheRowsHoldingItIgnoringCase() {
        let names = ["README.md", "Makefile", "read-me.txt", "dpkg", "ÉTÉ.txt", "kbproto"]
        #expect(Self.filtered(names, "read") == [0, 2])
        #expect(Self.filtered(names, "MAKE") == [1])
        #expect(Self.filtered(names, "été") == [4], "beyond ASCII too")
        #expect(Self.filtered(names, "dpk") == [3], "a substring, not the last letter")
        #expect(Self.filtered(names, "zzz") == [])
    }

    /// Boundary: the empty query is no filter at all.
    @Test func anEmptyQueryShowsEveryRow() {
        #expect(Self.filtered(["a", "b"], "") == nil)
    }

    @Test func newRowsAreFilteredAgainByTheSameQuery() {
        var names = ["alpha", "beta"]
        var filter = ListFilter()
        filter.apply("a", count: names.count, fold: Self.fold(names))
        #expect(filter.rows == [0, 1])
        names = ["gamma", "delta", "omicron"]
        filter.rowsChanged(count: names.count, fold: Self.fold(names))
        #expect(filter.rows == [0, 1])
        #expect(filter.query == "a")
    }

    /// Typing letter by letter (narrowing over the rows kept) and deleting them again keeps
    /// exactly the rows a fresh filter keeps, for any names and any query.
    @Test func typingAndDeletingAgreeWithAFreshFilter() async {
        let alphabet = ["a", "B", "b", "é", "É", ".", " ", "漢", "ß"]
        await propertyCheck(
            count: 300, input: Gen.int(in: 0..<alphabet.count).array(of: 0...8).array(of: 0...20),
            Gen.int(in: 0..<alphabet.count).array(of: 1...4)
        ) { nameCodes, queryCodes in
            let names = nameCodes.map { $0.map { alphabet[$0] }.joined() }
            let query = queryCodes.map { alphabet[$0] }
            var filter = ListFilter()
            for length in Array(1...query.count) + Array((1..<query.count).reversed()) {
                let typed = query.prefix(length).joined()
                filter.apply(typed, count: names.count, fold: Self.fold(names))
                let naive = names.indices.filter { names[$0].lowercased().contains(typed.lowercased()) }
                #expect(filter.rows == naive, "\(names) \(typed)")
            }
        }
    }
}

/// `ListViewController+Filter.swift`, through the split view: Ctrl+F in a list opens the
/// filter in its bar, typing narrows the rows, the moves go through the rows kept, Escape
/// shows them all again.
@Suite struct ListFilteringTests {
    let f = Fixture(.tripleColumn, width: 1400)
    let list = ListViewController(title: "Files")
    var selected: [Int] = []
    final class Log { var selected: [Int] = [], activated: [Int] = [] }
    let log = Log()

    init() {
        list.items = ["alpha.txt", "Beta.md", "gamma.txt", "delta.md", "ALPHABET"].map { ListItem(title: $0) }
        list.onSelect = { [log] in log.selected.append($0) }
        list.onActivate = { [log] in log.activated.append($0) }
        f.split.setViewController(list, for: .supplementary)
        f.split.focusedColumn = .supplementary
        _ = f.split.laidOutDisplayList(for: .supplementary)
    }

    func type(_ text: String) {
        for character in text { f.send(.typed(KeyChord(.character(character)), text: String(character))) }
    }

    var rowsShown: [String] {
        let names: Set = ["alpha.txt", "Beta.md", "gamma.txt", "delta.md", "ALPHABET", "new.md", "other.txt", "more.md"]
        return f.split.laidOutDisplayList(for: .supplementary)!.texts.filter { names.contains($0) }
    }

    @Test func controlFOpensTheFilterAndTypingNarrowsTheRows() {
        f.send(key(.character("f"), .control))
        #expect(list.isFindNavigatorVisible)
        #expect(f.split.laidOutDisplayList(for: .supplementary)!.texts.contains("Filter"), "the empty field says what it is")
        type("alp")
        #expect(list.filterText == "alp")
        #expect(rowsShown == ["alpha.txt", "ALPHABET"])
        #expect(list.findStatus == "2 of 5")
        #expect(f.split.laidOutDisplayList(for: .supplementary)!.texts.contains("2 of 5"), "the bar says how many")
        #expect(list.selectedIndex == 0 && log.selected == [0], "the first row kept is selected")
        f.send(key(.down))
        #expect(list.selectedIndex == 4, "Down goes to the next row kept, past the hidden ones")
        f.send(key(.down))
        #expect(list.selectedIndex == 4, "and stops at the last")
        f.send(key(.escape))
        #expect(!list.isFindNavigatorVisible)
        #expect(list.filterText == "")
        #expect(rowsShown == ["alpha.txt", "Beta.md", "gamma.txt", "delta.md", "ALPHABET"])
        #expect(list.selectedIndex == 4, "the selection stays")
    }

    @Test func aSelectionTheFilterKeepsStays() {
        list.selectedIndex = 3
        f.send(key(.character("f"), .control))
        type("md")
        #expect(list.selectedIndex == 3)
        #expect(log.selected == [])
        type("x")
        #expect(rowsShown == [])
        #expect(f.split.laidOutDisplayList(for: .supplementary)!.texts.contains("No match"))
        #expect(list.findStatus == "No match")
    }

    @Test func returnInTheFilterOpensTheRowAndF3StepsThroughTheRowsKept() {
        f.send(key(.character("f"), .control))
        type("a.t")
        #expect(rowsShown == ["alpha.txt", "gamma.txt"])
        f.send(key(.f3))
        #expect(list.selectedIndex == 2)
        f.send(key(.f3, .shift))
        #expect(list.selectedIndex == 0)
        f.send(key(.return))
        #expect(log.activated == [0])
        #expect(list.isFindNavigatorVisible, "opening a row leaves the filter")
    }

    @Test func aClickSelectsTheRowItShows() {
        f.send(key(.character("f"), .control))
        type("md")
        let frame = f.split.layout.frame(of: .supplementary)!
        // The second row shown is delta.md (row 3).
        f.click(x: frame.midX, y: frame.minY + LayoutMetrics.navigationBarHeight + list.rowHeight * 1.5)
        #expect(list.selectedIndex == 3)
    }

    @Test func controlFAgainBringsTheLastQueryBack() {
        f.send(key(.character("f"), .control))
        type("gam")
        f.send(key(.escape))
        f.send(key(.character("f"), .control))
        #expect(list.navigationItem.searchField?.text == "gam")
        #expect(list.navigationItem.searchField?.isAllSelected == true, "typing replaces it")
        #expect(rowsShown == ["gamma.txt"], "and it filters at once")
    }

    @Test func reloadedRowsAreFilteredByTheSameQuery() {
        f.send(key(.character("f"), .control))
        type("md")
        list.items = ["new.md", "other.txt", "more.md"].map { ListItem(title: $0) }
        #expect(rowsShown == ["new.md", "more.md"])
    }

    /// Typing in the list without the filter is still type-ahead; the field takes the
    /// letters only while it is open.
    @Test func withoutTheFilterLettersAreTypeAhead() {
        f.send(key(.character("g")))
        #expect(list.selectedIndex == 2)
        #expect(!list.isFindNavigatorVisible)
    }
}
