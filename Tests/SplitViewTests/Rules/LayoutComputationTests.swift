import Testing

@testable import SplitView

/// The layout rule as a pure function: exact frames for every mode of each style, dividers,
/// the inspector, the collapsed interface, and the mirror of a trailing primary edge. Every
/// number below is worked out from DefaultNumbers.md's widths (primary 280 triple / 320 double,
/// supplementary 320, inspector 270; minimums 240/240/464/240), 1-pt dividers and the 44-pt
/// margin an overlay or displacement leaves of the secondary.
@Suite struct LayoutComputationTests {
    typealias Column = SplitViewController.Column
    typealias Mode = SplitViewController.DisplayMode
    typealias Style = SplitViewController.Style

    /// One expected placement: column, x, width, presentation, dimmed (y 0, full height).
    struct P: Hashable, CustomStringConvertible {
        var column: Column, x: Double, width: Double, presentation: ColumnPlacement.Presentation, dimmed = false
        init(
            _ column: Column, _ x: Double, _ width: Double, _ presentation: ColumnPlacement.Presentation = .tiled,
            dimmed: Bool = false
        ) {
            (self.column, self.x, self.width, self.presentation, self.dimmed) = (column, x, width, presentation, dimmed)
        }
        init(_ placement: ColumnPlacement) {
            self.init(
                placement.column, placement.frame.minX, placement.frame.width, placement.presentation, dimmed: placement.isDimmed)
        }
        var description: String { "\(column) \(x)+\(width) \(presentation)\(dimmed ? " dimmed" : "")" }
    }

    /// One expected divider: its name, the x of its drawn line, what it resizes, its range.
    struct D: Hashable, CustomStringConvertible {
        var name: String, x: Double, resizes: Column, range: ClosedRange<Double>
        init(_ name: String, _ x: Double, _ resizes: Column, _ range: ClosedRange<Double>) {
            (self.name, self.x, self.resizes, self.range) = (name, x, resizes, range)
        }
        init(_ divider: Divider) { self.init(divider.name, divider.drawnRect.minX, divider.resizes, divider.range) }
        var description: String { "\(name)@\(x) → \(resizes) \(range)" }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var style: Style, mode: Mode, width: Double, inspector = false
        var columns: [P], dividers: [D]
        var testDescription: String { "\(style) \(mode) \(Int(width))\(inspector ? " +inspector" : "")" }
    }

    static let cases: [Case] = [
        // Triple 1400: every mode at natural widths. Tiled columns end 464 + 1 before the edge at most.
        Case(style: .tripleColumn, mode: .secondaryOnly, width: 1400, columns: [P(.secondary, 0, 1400)], dividers: []),
        Case(
            style: .tripleColumn, mode: .oneBesideSecondary, width: 1400,
            columns: [P(.supplementary, 0, 320), P(.secondary, 321, 1079)],
            dividers: [D("divider-supplementary", 320, .supplementary, 240...480)]),
        Case(
            style: .tripleColumn, mode: .twoBesideSecondary, width: 1400,
            columns: [P(.primary, 0, 280), P(.supplementary, 281, 320), P(.secondary, 602, 798)],
            dividers: [
                D("divider-primary", 280, .primary, 240...400), D("divider-supplementary", 601, .supplementary, 240...480),
            ]),
        Case(
            style: .tripleColumn, mode: .oneOverSecondary, width: 1400,
            columns: [P(.secondary, 0, 1400, dimmed: true), P(.supplementary, 0, 320, .overlay)],
            dividers: [D("divider-supplementary", 320, .supplementary, 240...480)]),
        Case(
            style: .tripleColumn, mode: .twoOverSecondary, width: 1400,
            columns: [
                P(.secondary, 0, 1400, dimmed: true), P(.primary, 0, 280, .overlay), P(.supplementary, 281, 320, .overlay),
            ],
            dividers: [
                D("divider-primary", 280, .primary, 240...400), D("divider-supplementary", 601, .supplementary, 240...480),
            ]),
        // Displaced: the secondary keeps the width it had beside the supplementary alone (1079), pushed past the edge.
        Case(
            style: .tripleColumn, mode: .twoDisplaceSecondary, width: 1400,
            columns: [P(.secondary, 602, 1079, .displaced, dimmed: true), P(.primary, 0, 280), P(.supplementary, 281, 320)],
            dividers: [
                D("divider-primary", 280, .primary, 240...400), D("divider-supplementary", 601, .supplementary, 240...480),
            ]),
        // Triple 1000: 1000 - 464 - 2 = 534 for two; the supplementary, nearest the secondary, gives way.
        // Ranges from the min/max sums: primary ≤ 1000 - 465 - 241 = 294, supplementary ≤ 1000 - 465 - 281 = 254.
        Case(
            style: .tripleColumn, mode: .twoBesideSecondary, width: 1000,
            columns: [P(.primary, 0, 280), P(.supplementary, 281, 254), P(.secondary, 536, 464)],
            dividers: [
                D("divider-primary", 280, .primary, 240...294), D("divider-supplementary", 535, .supplementary, 240...254),
            ]),
        Case(
            style: .tripleColumn, mode: .twoDisplaceSecondary, width: 1000,
            columns: [P(.secondary, 602, 679, .displaced, dimmed: true), P(.primary, 0, 280), P(.supplementary, 281, 320)],
            dividers: [
                D("divider-primary", 280, .primary, 240...400), D("divider-supplementary", 601, .supplementary, 240...480),
            ]),
        // Triple 620: over the secondary the columns share 620 - 44 - 1 = 575 (supplementary 295).
        Case(
            style: .tripleColumn, mode: .twoOverSecondary, width: 620,
            columns: [P(.secondary, 0, 620, dimmed: true), P(.primary, 0, 280, .overlay), P(.supplementary, 281, 295, .overlay)],
            dividers: [
                D("divider-primary", 280, .primary, 240...335), D("divider-supplementary", 576, .supplementary, 240...295),
            ]),
        // Displacing at 620: 620 - 2 - 44 = 574 for two, 44 pt of the secondary stay visible.
        Case(
            style: .tripleColumn, mode: .twoDisplaceSecondary, width: 620,
            columns: [P(.secondary, 576, 325, .displaced, dimmed: true), P(.primary, 0, 280), P(.supplementary, 281, 294)],
            dividers: [
                D("divider-primary", 280, .primary, 240...334), D("divider-supplementary", 575, .supplementary, 240...294),
            ]),
        Case(
            style: .tripleColumn, mode: .oneOverSecondary, width: 620,
            columns: [P(.secondary, 0, 620, dimmed: true), P(.supplementary, 0, 320, .overlay)],
            dividers: [D("divider-supplementary", 320, .supplementary, 240...480)]),
        // A tiled mode whose minimums do not fit (resolution never picks it): squeezed in proportion.
        Case(
            style: .tripleColumn, mode: .oneBesideSecondary, width: 620,
            columns: [P(.supplementary, 0, 155), P(.secondary, 156, 464)],
            dividers: [D("divider-supplementary", 155, .supplementary, 155...155)]),
        // Double and classic.
        Case(
            style: .doubleColumn, mode: .oneBesideSecondary, width: 1000,
            columns: [P(.primary, 0, 320), P(.secondary, 321, 679)], dividers: [D("divider-primary", 320, .primary, 240...400)]),
        Case(
            style: .doubleColumn, mode: .oneOverSecondary, width: 1000,
            columns: [P(.secondary, 0, 1000, dimmed: true), P(.primary, 0, 320, .overlay)],
            dividers: [D("divider-primary", 320, .primary, 240...400)]),
        Case(style: .doubleColumn, mode: .secondaryOnly, width: 1000, columns: [P(.secondary, 0, 1000)], dividers: []),
        Case(
            style: .doubleColumn, mode: .oneBesideSecondary, width: 705,
            columns: [P(.primary, 0, 240), P(.secondary, 241, 464)], dividers: [D("divider-primary", 240, .primary, 240...240)]),
        Case(
            style: .unspecified, mode: .oneBesideSecondary, width: 1000,
            columns: [P(.primary, 0, 320), P(.secondary, 321, 679)], dividers: [D("divider-primary", 320, .primary, 240...400)]),
        // The inspector, tiled: it gives way last (1000 - 3 - 464 = 533 for primary and inspector: the primary gives 56).
        Case(
            style: .tripleColumn, mode: .twoBesideSecondary, width: 1400, inspector: true,
            columns: [P(.primary, 0, 280), P(.supplementary, 281, 320), P(.secondary, 602, 527), P(.inspector, 1130, 270)],
            dividers: [
                D("divider-primary", 280, .primary, 240...400), D("divider-supplementary", 601, .supplementary, 240...383),
                D("divider-secondary", 1129, .inspector, 240...400),
            ]),
        Case(
            style: .doubleColumn, mode: .oneBesideSecondary, width: 1000, inspector: true,
            columns: [P(.primary, 0, 264), P(.secondary, 265, 464), P(.inspector, 730, 270)],
            dividers: [D("divider-primary", 264, .primary, 240...264), D("divider-secondary", 729, .inspector, 240...294)]),
        Case(
            style: .tripleColumn, mode: .twoOverSecondary, width: 1400, inspector: true,
            columns: [
                P(.secondary, 0, 1129, dimmed: true), P(.primary, 0, 280, .overlay), P(.supplementary, 281, 320, .overlay),
                P(.inspector, 1130, 270),
            ],
            dividers: [
                D("divider-primary", 280, .primary, 240...400), D("divider-supplementary", 601, .supplementary, 240...480),
                D("divider-secondary", 1129, .inspector, 240...400),
            ]),
        // The inspector overlaid: below 240 + 1 + 464 = 705 it lies over the secondary's far edge.
        Case(
            style: .doubleColumn, mode: .secondaryOnly, width: 650, inspector: true,
            columns: [P(.secondary, 0, 650), P(.inspector, 380, 270, .overlay)],
            dividers: [D("divider-secondary", 379, .inspector, 240...400)]),
    ]

    @Test(arguments: cases)
    func exactFrames(_ c: Case) {
        let layout = RuleTables.layout(c.style, c.mode, width: c.width, inspector: c.inspector)
        #expect(layout.columns.map(P.init) == c.columns)
        #expect(layout.dividers.map(D.init) == c.dividers)
        for placement in layout.columns {
            #expect(placement.frame.minY == 0 && placement.frame.height == 800, "\(placement.column)")
        }
    }

    /// Boundary: two columns over the secondary leave a tiled inspector less than its minimum
    /// below 240 + 1 + 240 + the dismiss margin + 1 + 240; there the inspector lies over the
    /// secondary instead of tiling narrower than 240 pt (the random sweep found 34 pt).
    @Test(arguments: Array(stride(from: 705.0, through: 1100, by: 5)))
    func anInspectorBesideOverlaidColumnsNeverTilesBelowItsMinimum(width: Double) {
        let layout = RuleTables.layout(.tripleColumn, .twoOverSecondary, width: width, inspector: true)
        let inspector = layout.columns.first { $0.column == .inspector }
        #expect(inspector != nil)
        if let inspector, inspector.presentation == .tiled {
            #expect(inspector.frame.width >= 240, "\(width): \(inspector.frame.width)")
        }
    }

    /// Dividers: drawn 1 pt at the far edge of the column they name (the inspector's at its
    /// near edge), grab area 6 pt more on each side, full height.
    @Test(arguments: cases)
    func dividersSitOnTheirColumnsEdge(_ c: Case) {
        let layout = RuleTables.layout(c.style, c.mode, width: c.width, inspector: c.inspector)
        for divider in layout.dividers {
            let drawn = divider.drawnRect
            #expect(drawn.width == 1 && drawn.height == 800 && drawn.minY == 0)
            #expect(divider.grabRect == Rect(x: drawn.minX - 6, y: 0, width: 13, height: 800))
            #expect(divider.name == "divider-\(divider.column.name)")
            if divider.resizes == .inspector {
                #expect(divider.column == .secondary)
                #expect(drawn.maxX == layout.frame(of: .inspector)?.minX)
            } else {
                #expect(divider.column == divider.resizes)
                #expect(drawn.minX == layout.frame(of: divider.column)?.maxX)
            }
            if let width = layout.frame(of: divider.resizes)?.width { #expect(divider.range.contains(width)) }
        }
    }

    /// `primaryEdge == .trailing` mirrors every frame, drawn line and grab area.
    @Test(arguments: cases)
    func trailingEdgeMirrorsEveryFrame(_ c: Case) {
        let leading = RuleTables.layout(c.style, c.mode, width: c.width, inspector: c.inspector)
        let trailing = RuleTables.layout(c.style, c.mode, width: c.width, inspector: c.inspector, edge: .trailing)
        #expect(trailing.columns.map(\.column) == leading.columns.map(\.column))
        for (l, t) in zip(leading.columns, trailing.columns) {
            #expect(t.frame == l.frame.mirrored(inWidth: c.width), "\(l.column)")
            #expect(t.presentation == l.presentation && t.isDimmed == l.isDimmed)
        }
        #expect(trailing.dividers.count == leading.dividers.count)
        for (l, t) in zip(leading.dividers, trailing.dividers) {
            #expect(t.drawnRect == l.drawnRect.mirrored(inWidth: c.width))
            #expect(t.grabRect == l.grabRect.mirrored(inWidth: c.width))
            #expect(t.range == l.range && t.name == l.name)
        }
    }

    /// A divider's upper bound: the column's maximum, or what the window leaves once the
    /// columns after it and the secondary have their minimums, whichever is smaller.
    @Test(arguments: Array(stride(from: 946.0, through: 1500, by: 37)))
    func dividerRangeFromTheMinimumSums(width: Double) {
        let layout = RuleTables.layout(.tripleColumn, .twoBesideSecondary, width: width)
        let primary = layout.divider(of: .primary), supplementary = layout.divider(of: .supplementary)
        let primaryWidth = layout.frame(of: .primary)?.width ?? 0
        #expect(primary?.range == 240...min(400, width - 464 - 1 - 240 - 1))
        #expect(supplementary?.range == 240...min(480, width - 464 - 1 - primaryWidth - 1))
    }

    @Test func raisedMinimumsNarrowTheRange() {
        var secondary = ColumnWidthSpec(), primary = ColumnWidthSpec()
        secondary.minimum = 800
        primary.minimum = 260
        let layout = RuleTables.layout(
            .tripleColumn, .twoBesideSecondary, width: 1400,
            specs: [.secondary: secondary, .primary: primary])
        // 1400 - 801 = 599 for the two: the supplementary gives way to 318.
        #expect(layout.frame(of: .supplementary)?.width == 318)
        #expect(layout.divider(of: .primary)?.range == 260...358)  // 599 - 241
        #expect(layout.divider(of: .supplementary)?.range == 240...318)  // 599 - 281
    }

    // MARK: - Collapsed

    @Test(arguments: [(800.0, 40.0), (200, 40), (199, 0), (150, 0)])
    func collapsedTopWithInspectorSheet(height: Double, sheetTop: Double) {
        let layout = RuleTables.layout(
            .tripleColumn, .oneBesideSecondary, width: 500, height: height, inspector: true, collapsed: true)
        #expect(layout.columns.map(P.init) == [P(.secondary, 0, 500, .collapsed, dimmed: true), P(.inspector, 0, 500, .sheet)])
        #expect(layout.frame(of: .secondary) == Rect(x: 0, y: 0, width: 500, height: height))
        #expect(layout.frame(of: .inspector) == Rect(x: 0, y: sheetTop, width: 500, height: height - sheetTop))
        #expect(layout.dividers.isEmpty)
    }

    @Test(arguments: [Column.primary, .supplementary, .secondary, .compact])
    func collapsedTopFillsTheWindow(top: Column) {
        for edge in SplitViewController.PrimaryEdge.allCases {
            let layout = RuleTables.layout(
                .tripleColumn, .oneBesideSecondary, width: 500, edge: edge, collapsed: true, collapsedTop: top)
            #expect(layout.columns.map(P.init) == [P(top, 0, 500, .collapsed)])
            #expect(layout.frame(of: top)?.height == 800)
        }
    }

    // MARK: - With a tiled inspector (found by the sweeps)

    /// Invariants.swift: tiled (and displaced) frames never overlap. A displaced secondary
    /// must not slide under a tiled inspector.
    @Test func displacedSecondaryStaysClearOfTiledInspector() {
        let f = RuleTables.controller(.tripleColumn, behavior: .displace, mode: .twoDisplaceSecondary, width: 1400)
        f.split.show(.inspector)
        #expect(f.split.displayMode == .twoDisplaceSecondary)
        let secondary = f.split.layout.frame(of: .secondary) ?? .zero, inspector = f.split.layout.frame(of: .inspector) ?? .zero
        #expect(f.split.layout.placement(of: .inspector)?.presentation == .tiled)
        #expect(!secondary.intersects(inspector), "secondary \(secondary) under inspector \(inspector)")
    }

    /// `ResolvedWidths.squeezed`: columns go below their minimums only when the minimums do
    /// not fit, "which display-mode resolution avoids". Two columns over or displacing the
    /// secondary beside a tiled inspector at 722…766 pt get less than 240 each.
    @Test(arguments: [(SplitViewController.SplitBehavior.overlay, 740.0), (.overlay, 765), (.displace, 740), (.displace, 766)])
    func twoColumnsBesideTiledInspectorKeepTheirMinimums(behavior: SplitViewController.SplitBehavior, width: Double) {
        let f = RuleTables.controller(.tripleColumn, behavior: behavior, mode: .twoBesideSecondary, width: width)
        f.split.show(.inspector)
        for placement in f.split.layout.columns where placement.column != .secondary {
            #expect(placement.frame.width >= 240, "\(f.split.displayMode): \(placement.column) \(placement.frame.width)")
        }
    }

    // MARK: - Helpers

    @Test func besideColumnsByModeAndStyle() {
        #expect(LayoutComputation.besideColumns(.twoBesideSecondary, style: .tripleColumn) == [.primary, .supplementary])
        #expect(LayoutComputation.besideColumns(.twoDisplaceSecondary, style: .tripleColumn) == [.primary, .supplementary])
        #expect(LayoutComputation.besideColumns(.oneOverSecondary, style: .tripleColumn) == [.supplementary])
        #expect(LayoutComputation.besideColumns(.oneBesideSecondary, style: .doubleColumn) == [.primary])
        #expect(LayoutComputation.besideColumns(.secondaryOnly, style: .tripleColumn).isEmpty)
    }

    /// The rules share out the window less a tiled inspector at its minimum (240) and its
    /// divider; an overlaid inspector, or none, takes nothing.
    @Test(arguments: [(1400.0, true, 1159.0), (1400, false, 1400), (705, true, 464), (704, true, 704), (0, true, 0)])
    func theColumnsShareTheWidthATiledInspectorLeaves(width: Double, shown: Bool, shared: Double) {
        let widths = ResolvedWidths(specs: [:], userWidths: [:], style: .doubleColumn, windowWidth: width)
        #expect(LayoutComputation.widthForColumns(width: width, widths: widths, inspectorShown: shown) == shared)
    }

    /// A pane's content starts under its 38 pt bar; a pane shorter than the bar is all bar.
    @Test(arguments: [
        (Size(width: 300, height: 500), Rect(x: 0, y: 38, width: 300, height: 462)),
        (Size(width: 300, height: 38), Rect(x: 0, y: 38, width: 300, height: 0)),
        (Size(width: 300, height: 20), Rect(x: 0, y: 20, width: 300, height: 0)),
        (Size.zero, Rect.zero),
    ])
    func contentStartsUnderTheBar(size: Size, content: Rect) {
        #expect(LayoutComputation.contentBounds(ofPaneSized: size) == content)
    }

    /// The inspector tiles from 240 + 1 + 464 = 705 pt.
    @Test(arguments: [(705.0, true), (704, false)])
    func inspectorTilesFrom705(width: Double, tiles: Bool) {
        let widths = ResolvedWidths(specs: [:], userWidths: [:], style: .doubleColumn, windowWidth: width)
        #expect(LayoutComputation.inspectorTiles(width: width, widths: widths) == tiles)
        let layout = RuleTables.layout(.doubleColumn, .secondaryOnly, width: width, inspector: true)
        #expect(layout.placement(of: .inspector)?.presentation == (tiles ? .tiled : .overlay))
    }

    /// An overlaid inspector leaves the 44-pt margin of the secondary uncovered.
    @Test func overlaidInspectorLeavesTheMargin() {
        let layout = RuleTables.layout(.doubleColumn, .secondaryOnly, width: 300, inspector: true)
        #expect(layout.frame(of: .inspector) == Rect(x: 44, y: 0, width: 256, height: 800))
    }
}
