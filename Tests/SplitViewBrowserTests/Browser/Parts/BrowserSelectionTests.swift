import SplitViewFiles
import Testing

@testable import SplitViewBrowser

/// The selection alone, without a list: a folder shown drops the names, the rows' rules give
/// the paths, the rows kept and the neighbour to select.
@Suite struct BrowserSelectionTests {
    static let names: [[UInt8]] = ["a", "b", "c", "d", "e"].map { Array($0.utf8) }
    static func name(_ row: Int) -> [UInt8]? { names.indices.contains(row) ? names[row] : nil }

    @Test func anotherFolderDropsTheNamesAndTakesItsIdentity() {
        var selection = BrowserSelection()
        let first = selection.show(FilePath("/x"), identity: nil)
        #expect(first)
        selection.name = Self.names[1]
        selection.others = [Self.names[2]]
        var asked = 0
        let same = selection.show(
            FilePath("/x"),
            identity: {
                asked += 1; return nil
            }())
        #expect(!same)
        #expect(selection.name == Self.names[1] && selection.others == [Self.names[2]] && asked == 0)
        let other = selection.show(FilePath("/y"), identity: nil)
        #expect(other)
        #expect(selection.folder == FilePath("/y") && selection.name == nil && selection.others.isEmpty)
    }

    @Test func thePathsAreTheLeadsAloneOrEveryRowInOrder() {
        var selection = BrowserSelection()
        #expect(selection.paths(rows: [1], name: Self.name) == [])
        _ = selection.show(FilePath("/x"), identity: nil)
        selection.name = Self.names[3]
        #expect(selection.paths(rows: [3, 0], name: Self.name) == [FilePath("/x/d")])
        selection.others = [Self.names[0]]
        #expect(selection.paths(rows: [3, 0], name: Self.name) == [FilePath("/x/a"), FilePath("/x/d")])
    }

    @Test func rowsChangedKeepTheOthersNamesAndNoLeadDeselects() {
        var selection = BrowserSelection()
        _ = selection.show(FilePath("/x"), identity: nil)
        selection.name = Self.names[1]
        let gathered = selection.rowsChanged([1, 3, 4], lead: 1, name: Self.name)
        #expect(gathered && selection.others == [Self.names[3], Self.names[4]])
        let leadless = selection.rowsChanged([], lead: nil, name: Self.name)
        #expect(!leadless)
        selection.clearEntry()
        let none = selection.rowsChanged([], lead: nil, name: Self.name)
        #expect(none)
    }

    /// After the rows change, the others still listed are selected again; the gone ones drop.
    @Test func theRowsKeptAreTheLeadAndTheOthersStillListed() {
        var selection = BrowserSelection()
        selection.others = [Self.names[0], Array("gone".utf8), Self.names[4]]
        let kept = selection.rowsToKeep(lead: 2, rowCount: 5, name: Self.name)
        #expect(kept == [0, 2, 4] && selection.others == [Self.names[0], Self.names[4]])
        selection.others = []
        let alone = selection.rowsToKeep(lead: 3, rowCount: 5, name: Self.name)
        #expect(alone == [3])
    }

    @Test(
        arguments: [
            ([2], 2, 5, 3), ([2, 3, 4], 2, 5, 1), ([0, 1, 2, 3, 4], 0, 5, nil), ([4], 4, 5, 3), ([0], 0, 1, nil),
            ([1, 3], 1, 5, 2),
        ] as [(Set<Int>, Int, Int, Int?)])
    func theNeighbourIsTheNextRowLeftElseTheNearestBefore(selected: Set<Int>, lead: Int, rows: Int, expected: Int?) {
        #expect(BrowserSelection.neighbour(leaving: selected, lead: lead, rowCount: rows) == expected)
    }

    @Test func theNeighbourOfNamesGoneWrapsBackBeforeTheStart() {
        let gone: Set<[UInt8]> = [Self.names[3], Self.names[4]]
        #expect(BrowserSelection.neighbour(leavingNames: gone, from: 3, rowCount: 5, name: Self.name) == 2)
        #expect(BrowserSelection.neighbour(leavingNames: [Self.names[1]], from: 1, rowCount: 5, name: Self.name) == 2)
        #expect(BrowserSelection.neighbour(leavingNames: Set(Self.names), from: 0, rowCount: 5, name: Self.name) == nil)
    }
}
