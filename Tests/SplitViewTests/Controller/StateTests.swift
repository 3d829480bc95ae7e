import Foundation
import Testing

@testable import SplitView

/// `SplitViewState.swift`: the versioned state, enums by name in JSON, restore clamping and
/// refusing, an unsupported version changing nothing, the collapsed top column and the focus.
@Suite struct StateTests {
    typealias Width = SplitViewState.ColumnWidth

    static func json(_ state: SplitViewState) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(state), as: UTF8.self)
    }

    static func decode(_ text: String) throws -> SplitViewState {
        try JSONDecoder().decode(SplitViewState.self, from: Data(text.utf8))
    }

    /// Triple column at 1400 with dragged primary (350) and inspector (300) and the
    /// supplementary focused.
    static func customised() -> Fixture {
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.show(.inspector)
        let line = f.split.layout.divider(of: .secondary)!.drawnRect.minX
        DividerDragTests.drag(f, from: line, to: line - 30)
        DividerDragTests.drag(f, from: 280, to: 350)
        f.split.focusedColumn = .supplementary
        return f
    }

    @Test func aSnapshotRoundTripsThroughJSONAndRestores() throws {
        let f = Self.customised()
        #expect(f.split.inspectorColumnWidth == 300)
        let snapshot = f.split.stateSnapshot()
        let decoded = try Self.decode(try Self.json(snapshot))
        #expect(decoded == snapshot)
        let g = Fixture(.tripleColumn, width: 1400)
        g.forget()
        #expect(try g.split.restore(decoded) == [])
        #expect(g.split.primaryColumnWidth == 350)
        #expect(g.split.inspectorColumnWidth == 300)
        #expect(g.split.isShowing(.inspector))
        #expect(g.split.focusedColumn == .supplementary)
        #expect(g.split.stateSnapshot() == snapshot)
        expectWellFormed(g.split)
        #expect(g.recorder.takeAll() == [])  // restoring is programmatic and changed no mode
    }

    @Test func enumsEncodeByName() throws {
        let state = SplitViewState(
            preferredDisplayMode: .twoBesideSecondary, preferredSplitBehavior: .tile,
            widths: [Width(column: .primary, width: 350, wasShowing: true)],
            collapsedTopColumn: .supplementary, focusedColumn: .secondary)
        let text = try Self.json(state)
        #expect(text.contains(#""preferredDisplayMode":"twoBesideSecondary""#))
        #expect(text.contains(#""preferredSplitBehavior":"tile""#))
        #expect(text.contains(#""column":"primary""#))
        #expect(text.contains(#""collapsedTopColumn":"supplementary""#))
        #expect(text.contains(#""focusedColumn":"secondary""#))
        #expect(text.contains(#""version":1"#))
    }

    @Test func rawNumbersDecodeTooAndUnknownNamesThrow() throws {
        let numbers =
            #"{"version":1,"preferredDisplayMode":4,"preferredSplitBehavior":3,"widths":[{"column":0,"width":300,"wasShowing":true}],"isInspectorShown":false}"#
        let state = try Self.decode(numbers)
        #expect(state.preferredDisplayMode == .twoBesideSecondary)
        #expect(state.preferredSplitBehavior == .displace)
        #expect(state.widths == [Width(column: .primary, width: 300, wasShowing: true)])
        #expect(state.collapsedTopColumn == nil && state.focusedColumn == nil)
        let bad =
            #"{"version":1,"preferredDisplayMode":"sideways","preferredSplitBehavior":"tile","widths":[],"isInspectorShown":false}"#
        #expect(throws: DecodingError.self) { try Self.decode(bad) }
    }

    @Test func widthsAreClampedToTheColumnsRange() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.split.show(.inspector)
        let refused = try f.split.restore(
            SplitViewState(widths: [
                Width(column: .primary, width: 1000, wasShowing: true),
                Width(column: .supplementary, width: 100, wasShowing: true),
                Width(column: .inspector, width: 10, wasShowing: true),
            ]))
        #expect(refused == [])
        #expect(f.split.primaryColumnWidth == 400)
        #expect(f.split.supplementaryColumnWidth == 240)
        #expect(f.split.inspectorColumnWidth == 240)
        #expect(f.split.stateSnapshot().widths.map(\.width) == [400, 240, 240])
        expectWellFormed(f.split)
        #expect(f.recorder.takeAll() == [])
    }

    @Test(arguments: [
        Width(column: .primary, width: 0, wasShowing: true),
        Width(column: .primary, width: -5, wasShowing: true),
        Width(column: .primary, width: .nan, wasShowing: true),
        Width(column: .primary, width: .infinity, wasShowing: true),
        Width(column: .primary, width: 300, wasShowing: false),
        Width(column: .secondary, width: 500, wasShowing: true),
        Width(column: .compact, width: 300, wasShowing: true),
    ])
    func badWidthsAreRefusedAndListed(_ width: Width) throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        let refused = try f.split.restore(
            SplitViewState(widths: [width, Width(column: .supplementary, width: 300, wasShowing: true)]))
        #expect(refused.count == 1)
        #expect(refused.first?.hasPrefix(width.column.name) == true)
        #expect(f.split.primaryColumnWidth == 280)
        #expect(f.split.supplementaryColumnWidth == 300)  // the good width next to it is kept
        #expect(f.split.stateSnapshot().widths == [Width(column: .supplementary, width: 300, wasShowing: true)])
        #expect(f.recorder.takeAll() == [])
    }

    @Test func aSupplementaryWidthIsRefusedByADoubleColumn() throws {
        let f = Fixture(.doubleColumn, width: 1400)
        f.forget()
        let refused = try f.split.restore(SplitViewState(widths: [Width(column: .supplementary, width: 300, wasShowing: true)]))
        #expect(refused.count == 1)
        #expect(f.split.stateSnapshot().widths.isEmpty)
        #expect(f.recorder.takeAll() == [])
    }

    @Test(arguments: [0, 2, 99])
    func anUnsupportedVersionThrowsAndChangesNothing(_ version: Int) {
        let f = Self.customised()
        f.forget()
        let before = f.split.stateSnapshot(), layout = f.split.layout
        var state = SplitViewState(
            preferredDisplayMode: .secondaryOnly, widths: [Width(column: .primary, width: 250, wasShowing: true)],
            isInspectorShown: false, focusedColumn: .primary)
        state.version = version
        #expect(throws: SplitViewState.RestoreError.unsupportedVersion(version)) { try f.split.restore(state) }
        #expect(f.split.stateSnapshot() == before)
        #expect(f.split.layout == layout)
        #expect(f.log.takeAll() == [])
        #expect(f.recorder.takeAll() == [])
    }

    @Test func preferencesAreRestored() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        try f.split.restore(SplitViewState(preferredDisplayMode: .twoOverSecondary, preferredSplitBehavior: .overlay))
        #expect(f.split.preferredDisplayMode == .twoOverSecondary)
        #expect(f.split.preferredSplitBehavior == .overlay)
        #expect(f.split.displayMode == .twoOverSecondary)
        #expect(f.recorder.takeAll() == [.willChangeTo(.twoOverSecondary)])
    }

    // MARK: Collapsed top column and focus

    @Test func theCollapsedTopColumnIsSavedAndRestored() throws {
        let f = Fixture(.tripleColumn, width: 500)
        f.split.show(.supplementary)
        let snapshot = f.split.stateSnapshot()
        #expect(snapshot.collapsedTopColumn == .supplementary)
        let g = Fixture(.tripleColumn, width: 500)
        g.forget()
        try g.split.restore(snapshot)
        #expect(g.split.isShowing(.supplementary))
        #expect(g.recorder.takeAll() == [])
        #expect(Fixture(.tripleColumn, width: 1400).split.stateSnapshot().collapsedTopColumn == nil)
    }

    @Test func aTopColumnRestoredBeforeTheFirstSizeIsTheProposal() throws {
        let f = Fixture(.tripleColumn)
        try f.split.restore(SplitViewState(collapsedTopColumn: .primary))
        f.resize(500)
        #expect(f.split.isShowing(.primary))
        #expect(
            f.recorder.takeAll() == [
                .willChangeTo(.oneBesideSecondary), .topColumnForCollapsing(proposed: .primary),
                .willShow(.primary), .didShow(.primary), .didCollapse,
            ])
        f.resize(1400)
        f.resize(500)  // used once: later collapses propose the default again
        #expect(f.recorder.takeAll().contains(.topColumnForCollapsing(proposed: .secondary)))
    }

    @Test func theFocusRestoredBeforeTheFirstSizeTakesEffectOnMount() throws {
        let f = Fixture(.tripleColumn)
        try f.split.restore(SplitViewState(focusedColumn: .secondary))
        f.resize(1400)
        #expect(f.split.focusedColumn == .secondary)
        #expect(f.recorder.takeAll() == Event.tripleMount)
    }

    @Test func aFocusOnAPaneThatDoesNotShowIsIgnored() throws {
        let f = Fixture(.tripleColumn, width: 800)  // the primary is hidden
        f.forget()
        try f.split.restore(SplitViewState(focusedColumn: .primary))
        #expect(f.split.focusedColumn == .supplementary)
        #expect(f.recorder.takeAll() == [])
    }
}

extension SplitViewState.ColumnWidth: CustomTestStringConvertible {
    /// The column, its width and whether it showed, for test names.
    public var testDescription: String { "\(column) \(width) showing:\(wasShowing)" }
}
