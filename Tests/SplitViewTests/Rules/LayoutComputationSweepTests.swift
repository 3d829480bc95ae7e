import Testing

@testable import SplitView

/// Sweeps: every style × preferred mode × behavior × inspector shown or not × primary edge,
/// resized through 0…3000 pt (up, then down, so both sides of the collapse hysteresis are
/// crossed), with the layout's invariants, the resolution table and the
/// collapse rule checked at every width; and the narrowing rule at every single point.
@Suite struct LayoutComputationSweepTests {
    typealias Mode = SplitViewController.DisplayMode
    typealias Behavior = SplitViewController.SplitBehavior
    typealias Style = SplitViewController.Style

    /// Each side of every boundary: collapse (600/624), two and three columns (705/946), the
    /// same with a tiled inspector (+241), and the band where two columns beside a tiled
    /// inspector lack room (722…767).
    static let boundaries: [Double] = [599, 600, 623, 624, 704, 705, 721, 722, 766, 767, 945, 946, 1186, 1187]
    /// Up by 17 and down by 31 (about 300 sizes, so the file stays near 5 s in debug), each
    /// with the boundaries.
    static let widths: [Double] =
        Set(stride(from: 0.0, through: 3000, by: 17)).union(boundaries).sorted()
        + Set(stride(from: 3000.0, through: 0, by: -31)).union(boundaries).sorted(by: >)

    @Test(arguments: Style.allCases, Behavior.allCases)
    func wellFormedAtEveryWidth(style: Style, behavior: Behavior) {
        for mode in Mode.allCases {
            for inspector in [false, true] {
                for edge in SplitViewController.PrimaryEdge.allCases {
                    sweep(style, behavior, mode, inspector: inspector, edge: edge)
                }
            }
        }
    }

    /// Sweeps one configuration. `expectWellFormed` runs at every width until it has failed at
    /// three; the sweep's own checks report each kind of failure once, with its first width
    /// and how many widths it failed at, so that one bug does not bury the log.
    private func sweep(
        _ style: Style, _ behavior: Behavior, _ mode: Mode, inspector: Bool,
        edge: SplitViewController.PrimaryEdge
    ) {
        let f = Fixture(style, delegate: false)
        let split = f.split
        split.preferredSplitBehavior = behavior
        split.preferredDisplayMode = mode
        split.primaryEdge = edge
        if inspector { split.show(.inspector) }
        let config = "\(style) \(behavior) \(mode) inspector \(inspector) \(edge)"
        var collapsed: Bool?
        var wellFormedFailures = 0
        var failures: [String: (first: Double, count: Int)] = [:]
        var order: [String] = []
        func fail(_ kind: String, _ width: Double) {
            if failures[kind] == nil { order.append(kind) }
            failures[kind, default: (width, 0)].count += 1
        }
        for width in Self.widths {
            f.resize(width, height: 600)
            if wellFormedFailures < 3 {
                var failedHere = false
                expectWellFormed(
                    split,
                    {
                        failedHere = true; return "\(config) at \(width)"
                    }())
                if failedHere { wellFormedFailures += 1 }
            }
            // Collapse below 600, expand again at 624.
            let shouldCollapse = collapsed == true ? width < 624 : width < 600
            collapsed = shouldCollapse
            guard split.isCollapsed == shouldCollapse else { fail("isCollapsed \(split.isCollapsed)", width); continue }
            guard !shouldCollapse else { continue }
            // The resolution table at every width. The columns are chosen as if the inspector
            // were hidden; it tiles (taking 240 + 1 first) only when it fits beside them.
            let alone = RuleTables.expected(style, behavior: behavior, mode: mode, width: width, presentsWithGesture: true).0
            let tiled = LayoutComputation.tiledColumns(alone, style: style).reduce(0) {
                $0 + split.resolvedWidths.minimum($1) + 1
            }
            let available = inspector && width - tiled - 241 >= 464 ? width - 241 : width
            let (m, b) = RuleTables.expected(style, behavior: behavior, mode: mode, width: available, presentsWithGesture: true)
            if split.displayMode != m || split.splitBehavior != b {
                fail("\(split.displayMode) \(split.splitBehavior), expected \(m) \(b)", width)
            }
            // The layout shows exactly the mode's columns, and the inspector when shown.
            for column in [SplitViewController.Column.primary, .supplementary] {
                let beside = LayoutComputation.besideColumns(split.displayMode, style: style).contains(column)
                if (split.layout.frame(of: column) != nil) != beside { fail("\(column) shown: \(!beside)", width) }
            }
            if (split.layout.frame(of: .inspector) != nil) != inspector { fail("inspector shown: \(!inspector)", width) }
            // Columns shrink below their minimums only when the minimums cannot fit, "which
            // display-mode resolution avoids" (ResolvedWidths.squeezed): tiled, overlaid or
            // displacing, an expanded column keeps its minimum.
            let widths = split.resolvedWidths
            for placement in split.layout.columns where placement.column != .secondary {
                if placement.frame.width < widths.minimum(placement.column) - 0.001 {
                    fail("\(placement.column) (\(placement.presentation), \(split.displayMode)) below its minimum", width)
                }
            }
        }
        for kind in order {
            let (first, count) = failures[kind]!
            Issue.record("\(kind) — \(config), first at \(first), at \(count) widths")
        }
    }

    // MARK: - When the window narrows, three tiled columns become two before the interface collapses

    /// The number of columns beside the secondary as a window narrows point by point (or widens).
    private func levels(_ f: Fixture, through widths: [Double]) -> [(width: Double, level: Int?)] {
        widths.map { width in
            f.resize(width)
            return (width, f.split.isCollapsed ? nil : f.split.displayMode.level)
        }
    }

    @Test(arguments: [
        (Behavior.automatic, Mode.automatic), (.automatic, .twoBesideSecondary), (.tile, .automatic),
        (.tile, .twoBesideSecondary),
    ])
    func narrowingDropsColumnsBeforeCollapsing(behavior: Behavior, mode: Mode) {
        let f = RuleTables.controller(.tripleColumn, behavior: behavior, mode: mode, width: 3000)
        let seen = levels(f, through: Array(stride(from: 3000.0, through: 0, by: -1)))
        let expanded = seen.compactMap { $0.level }
        // Non-increasing while the window narrows; collapse comes last.
        #expect(zip(expanded, expanded.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(seen.first { $0.level != 2 }?.width == 945)  // three become two one below 946
        #expect(seen.first { $0.level == nil }?.width == 599)  // collapses below 600
        #expect(seen.last { $0.level != nil }?.level.map { $0 < 2 } == true)
        let firstDrop = seen.first { $0.level != 2 }?.width ?? 0
        let collapse = seen.first { $0.level == nil }?.width ?? 0
        #expect(firstDrop > collapse)
        #expect(seen.filter { $0.width >= 600 }.allSatisfy { $0.level != nil })
    }

    @Test func widenedWindowTilesAgainAtTheSameBoundaries() {
        let f = RuleTables.controller(.tripleColumn, width: 0)
        let seen = levels(f, through: Array(stride(from: 0.0, through: 3000, by: 1)))
        let expanded = seen.compactMap { $0.level }
        #expect(zip(expanded, expanded.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(seen.last { $0.level == nil }?.width == 623)  // stays collapsed at 623
        #expect(seen.first { $0.level != nil }?.width == 624)  // expands at 624
        #expect(seen.first { $0.level == 1 }?.width == 705)
        #expect(seen.first { $0.level == 2 }?.width == 946)
    }

    /// A shown inspector never takes a column's place: the columns narrow at the same
    /// widths as without it, and the inspector lies over the secondary wherever it does not
    /// fit beside them (before, it moved the boundaries to 1186 and 945 and hid the lists).
    @Test func shownInspectorLeavesTheNarrowingBoundaries() {
        let f = RuleTables.controller(.tripleColumn, width: 3000)
        f.split.show(.inspector)
        var tiles: [Double: Bool] = [:]
        let seen = Array(stride(from: 3000.0, through: 0, by: -1)).map { width in
            f.resize(width)
            tiles[width] = f.split.layout.placement(of: .inspector)?.presentation == .tiled
            return (width: width, level: f.split.isCollapsed ? nil : f.split.displayMode.level)
        }
        #expect(seen.first { $0.level != 2 }?.width == 945)
        #expect(seen.first { ($0.level ?? 0) < 1 }?.width == 704)
        #expect(seen.first { $0.level == nil }?.width == 599)
        // Beside as many columns as fit, it tiles only from 946 + 241: one column tiles from
        // 705 and two from 946, so below 1187 the inspector never has room of its own.
        #expect(tiles.filter(\.value).keys.min() == 1187)
        #expect(tiles.filter { $0.key >= 1187 }.allSatisfy { $0.value })
    }

    /// Double column: one beside from 705, then none, then collapsed.
    @Test(arguments: [Style.doubleColumn, .unspecified])
    func doubleColumnNarrowing(style: Style) {
        let f = RuleTables.controller(style, width: 3000)
        let seen = levels(f, through: Array(stride(from: 3000.0, through: 0, by: -1)))
        #expect(seen.first { $0.level != 1 }?.width == 704)
        #expect(seen.first { $0.level == nil }?.width == 599)
        #expect(seen.compactMap(\.level).allSatisfy { $0 <= 1 })
    }
}
