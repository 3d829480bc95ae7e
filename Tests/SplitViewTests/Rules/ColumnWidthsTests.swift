import Testing

@testable import SplitView

/// The width rule, written once: `clamp(user ?? preferred ?? fraction × width ?? default,
/// minimum, maximum)`; then squeezing so the secondary keeps its minimum, and the read-backs.
@Suite struct ColumnWidthsTests {
    typealias Column = SplitViewController.Column
    typealias Style = SplitViewController.Style
    typealias Mode = SplitViewController.DisplayMode
    static let auto = SplitViewController.automaticDimension

    static func spec(
        preferred: Double = auto, fraction: Double = auto, minimum: Double = auto,
        maximum: Double = auto
    ) -> ColumnWidthSpec {
        var spec = ColumnWidthSpec()
        (spec.preferred, spec.fraction, spec.minimum, spec.maximum) = (preferred, fraction, minimum, maximum)
        return spec
    }

    static func widths(
        _ column: Column, _ spec: ColumnWidthSpec, user: Double? = nil, style: Style = .tripleColumn,
        window: Double = 1400
    ) -> ResolvedWidths {
        ResolvedWidths(specs: [column: spec], userWidths: user.map { [column: $0] } ?? [:], style: style, windowWidth: window)
    }

    // MARK: - Defaults (DefaultNumbers.md)

    @Test(arguments: [
        (Column.primary, Style.doubleColumn, 320.0, 240.0, 400.0),
        (.primary, .unspecified, 320, 240, 400),
        (.primary, .tripleColumn, 280, 240, 400),
        (.supplementary, .tripleColumn, 320, 240, 480),
        (.inspector, .tripleColumn, 270, 240, 400),
        (.inspector, .doubleColumn, 270, 240, 400),
    ])
    func defaults(column: Column, style: Style, natural: Double, minimum: Double, maximum: Double) {
        let w = ResolvedWidths(specs: [:], userWidths: [:], style: style, windowWidth: 1400)
        #expect(w.natural(column) == natural)
        #expect(w.minimum(column) == minimum)
        #expect(w.maximum(column) == maximum)
    }

    /// The secondary: minimum 464, no maximum, and by default it takes what the others leave.
    @Test func secondaryDefaults() {
        let w = ResolvedWidths(specs: [:], userWidths: [:], style: .tripleColumn, windowWidth: 1400)
        #expect(w.minimum(.secondary) == 464)
        #expect(w.maximum(.secondary) == .infinity)
        #expect(w.natural(.secondary) == .infinity)
    }

    @Test func automaticDimensionIsNegatedLargestFloat() {
        #expect(SplitViewController.automaticDimension == -3.4028234663852886e38)
        let split = SplitViewController(style: .tripleColumn)
        for setter in WidthSetter.allCases { #expect(split[keyPath: setter.keyPath] == Self.auto, "\(setter)") }
    }

    /// What a setter stores: `automaticDimension`, or a finite width ≥ 0; a fraction is
    /// clamped into 0…1 when finite.
    @Test func acceptedValues() {
        for value in [Self.auto, 0, 1, 1e6] { #expect(ColumnWidthSpec.accepts(width: value), "\(value)") }
        for value in [-1, -1e-9, .nan, .infinity, -.infinity] { #expect(!ColumnWidthSpec.accepts(width: value), "\(value)") }
        #expect(ColumnWidthSpec.acceptedFraction(Self.auto) == Self.auto)
        #expect(ColumnWidthSpec.acceptedFraction(0.25) == 0.25)
        #expect(ColumnWidthSpec.acceptedFraction(-0.25) == 0)
        #expect(ColumnWidthSpec.acceptedFraction(4) == 1)
        #expect(ColumnWidthSpec.acceptedFraction(.nan) == nil)
        #expect(ColumnWidthSpec.acceptedFraction(.infinity) == nil)
        #expect(ColumnWidthSpec.acceptedFraction(-.infinity) == nil)
    }

    // MARK: - The rule

    @Test(
        arguments: [
            // preferred, fraction, minimum, maximum, user → natural (window 1400, primary of a triple column)
            (auto, auto, auto, auto, nil, 280.0),  // the default
            (350, auto, auto, auto, nil, 350),  // preferred
            (500, auto, auto, auto, nil, 400),  // clamped to the maximum
            (100, auto, auto, auto, nil, 240),  // clamped to the minimum
            (0, auto, auto, auto, nil, 240),  // zero is a width, clamped too
            (auto, 0.25, auto, auto, nil, 350),  // fraction × window
            (auto, 0.1, auto, auto, nil, 240),  // 140 clamped up
            (auto, 0.5, auto, auto, nil, 400),  // 700 clamped down
            (300, 0.25, auto, auto, nil, 300),  // absolute beats fraction
            (300, auto, auto, auto, 390, 390),  // the user's width beats both
            (300, 0.25, auto, auto, 500, 400),  // ... and is clamped too
            (auto, auto, 300, auto, nil, 300),  // a raised minimum lifts the default
            (auto, auto, auto, 250, nil, 250),  // a lowered maximum caps it
            (auto, auto, auto, 200, nil, 200),  // ... even below the automatic minimum, which yields
            (100, auto, auto, 200, nil, 200),
            (auto, auto, 380, 300, nil, 380),  // min > max: the minimum wins
            (390, auto, 380, 300, nil, 380),
            (auto, auto, 0, 1000, nil, 280),
        ] as [(Double, Double, Double, Double, Double?, Double)])
    func widthRule(preferred: Double, fraction: Double, minimum: Double, maximum: Double, user: Double?, natural: Double) {
        let w = Self.widths(
            .primary, Self.spec(preferred: preferred, fraction: fraction, minimum: minimum, maximum: maximum), user: user)
        #expect(w.natural(.primary) == natural)
        #expect(w.maximum(.primary) >= w.minimum(.primary))
    }

    /// min > max: the maximum reads as the minimum, for every column that has a maximum.
    @Test(arguments: [Column.primary, .supplementary, .inspector])
    func crossedBoundsMinimumWins(column: Column) {
        let w = Self.widths(column, Self.spec(minimum: 390, maximum: 250))
        #expect(w.minimum(column) == 390)
        #expect(w.maximum(column) == 390)
        #expect(w.natural(column) == 390)
    }

    /// UIKit's documentation of the column widths: the automatic minimum "corresponds to a
    /// minimum width of 0 points", so an explicit maximum is always reachable: set below our
    /// automatic minimum (240), it beats it, for every column that has a maximum; the maximum
    /// is then the width.
    @Test(arguments: [Column.primary, .supplementary, .inspector])
    func anExplicitMaximumBeatsTheAutomaticMinimum(column: Column) {
        let w = Self.widths(column, Self.spec(maximum: 200))
        #expect(w.minimum(column) == 200)
        #expect(w.maximum(column) == 200)
        #expect(w.natural(column) == 200)
    }

    @Test func fractionFollowsTheWindow() {
        for window in [800.0, 1000, 1200, 1600] {
            let w = Self.widths(.supplementary, Self.spec(fraction: 0.3), window: window)
            #expect(w.natural(.supplementary) == min(max(0.3 * window, 240), 480))
        }
    }

    // MARK: - Squeezing

    /// Columns give way in the order given (here the supplementary, then the primary), each
    /// down to its minimum; the result is in the same order.
    @Test(
        arguments: [
            (600.0, [320.0, 280.0]),  // room for both naturals
            (534, [254, 280]),  // the first listed gives all 66
        ] as [(Double, [Double])])
    func squeezedGivesWayInOrder(budget: Double, expected: [Double]) {
        let w = ResolvedWidths(specs: [:], userWidths: [:], style: .tripleColumn, windowWidth: 1000)
        #expect(w.squeezed([.supplementary, .primary], into: budget) == expected)
    }

    @Test func squeezedOrderIsTheCallersOrder() {
        let w = ResolvedWidths(specs: [:], userWidths: [:], style: .tripleColumn, windowWidth: 1000)
        #expect(w.squeezed([.primary, .supplementary], into: 534) == [240, 294])  // primary gives 40, then 26
    }

    @Test func squeezedFirstColumnStopsAtItsMinimum() {
        let w = ResolvedWidths(specs: [:], userWidths: [:], style: .tripleColumn, windowWidth: 1000)
        #expect(w.squeezed([.supplementary, .primary], into: 494) == [240, 254])
        #expect(w.squeezed([.supplementary, .primary], into: 480) == [240, 240])
    }

    /// Only when the minimums themselves do not fit do all shrink, in proportion, never below 0.
    @Test func squeezedBelowTheMinimumsShrinksInProportion() {
        let w = ResolvedWidths(specs: [:], userWidths: [:], style: .tripleColumn, windowWidth: 1000)
        #expect(w.squeezed([.supplementary, .primary], into: 240) == [120, 120])
        #expect(w.squeezed([.supplementary, .primary], into: -50) == [0, 0])
        #expect(w.squeezed([.inspector], into: 120) == [120])
    }

    /// Through the controller: nearest the secondary gives way first, a tiled inspector last.
    @Test(arguments: [
        // width, inspector → primary, supplementary, inspector
        (1400.0, false, 280.0, 320.0, 0.0),
        (1000, false, 280, 254, 0),  // 534 for two: supplementary gives 66
        (960, false, 254, 240, 0),  // 494: supplementary at 240, primary gives 26
        (946, false, 240, 240, 0),  // exactly the minimums
        (1400, true, 280, 320, 270),
        (1200, true, 240, 240, 253),  // 733 for three: supplementary 80, primary 40, inspector 17
    ])
    func squeezingOrderInTheLayout(width: Double, inspector: Bool, primary: Double, supplementary: Double, inspectorWidth: Double)
    {
        let f = RuleTables.controller(.tripleColumn, width: width)
        if inspector { f.split.show(.inspector) }
        #expect(f.split.displayMode == .twoBesideSecondary)
        #expect(f.split.layout.frame(of: .primary)?.width == primary)
        #expect(f.split.layout.frame(of: .supplementary)?.width == supplementary)
        #expect(f.split.layout.frame(of: .inspector)?.width ?? 0 == inspectorWidth)
        #expect((f.split.layout.frame(of: .secondary)?.width ?? 0) >= 464)
        expectWellFormed(f.split)
    }

    /// When the window widens again, the widths the user dragged come back.
    @Test func draggedWidthComesBackWhenTheWindowWidens() throws {
        let f = RuleTables.controller(.tripleColumn, width: 1400)
        let divider = try #require(f.split.layout.divider(of: .primary))
        let x = divider.drawnRect.minX
        f.send(.pointerDown(Point(x: x, y: 400)), .pointerMoved(Point(x: x + 60, y: 400)), .pointerUp(Point(x: x + 60, y: 400)))
        #expect(f.split.primaryColumnWidth == 340)
        f.resize(960)
        #expect(f.split.primaryColumnWidth < 340)
        f.resize(1400)
        #expect(f.split.primaryColumnWidth == 340)
    }

    // MARK: - preferredSecondaryColumnWidth

    /// The secondary's surplus over its preferred width goes to the columns beside it,
    /// nearest first, up to their maximums.
    @Test(arguments: [
        // style, secondary preferred → primary, supplementary, secondary (at 1400)
        (Style.doubleColumn, 800.0, 400.0, 0.0, 999.0),  // primary takes 80 of 279, to its max
        (.doubleColumn, 1000, 399, 0, 1000),  // 79 of surplus: primary 399
        (.tripleColumn, 600, 318, 480, 600),  // supplementary +160 to 480, primary +38
        (.tripleColumn, 100, 400, 480, 518),  // read as the minimum 464: both to their maximums
    ])
    func preferredSecondaryHandsSurplusToNeighbours(
        style: Style, secondary: Double, primary: Double,
        supplementary: Double, secondaryWidth: Double
    ) {
        let f = Fixture(style, delegate: false)
        f.split.preferredSecondaryColumnWidth = secondary
        f.resize(1400)
        #expect(f.split.layout.frame(of: .primary)?.width == primary)
        #expect(f.split.layout.frame(of: .supplementary)?.width ?? 0 == supplementary)
        #expect(f.split.layout.frame(of: .secondary)?.width == secondaryWidth)
        expectWellFormed(f.split)
    }

    @Test func preferredSecondaryFractionHandsSurplusToo() {
        let f = Fixture(.doubleColumn, delegate: false)
        f.split.preferredSecondaryColumnWidthFraction = 0.7  // 980 of 1400
        f.resize(1400)
        #expect(f.split.layout.frame(of: .secondary)?.width == 999)  // 1400 - 1 - 400: the primary at its maximum, 999 > 980
        #expect(f.split.layout.frame(of: .primary)?.width == 400)
    }

    /// A column the user dragged keeps its width; the surplus goes past it.
    @Test func preferredSecondarySurplusSkipsUserDraggedColumns() throws {
        let f = Fixture(.tripleColumn, delegate: false)
        f.split.preferredSecondaryColumnWidth = 600
        f.resize(1400)
        let divider = try #require(f.split.layout.divider(of: .supplementary))
        let x = divider.drawnRect.minX
        f.send(.pointerDown(Point(x: x, y: 400)), .pointerMoved(Point(x: x - 100, y: 400)), .pointerUp(Point(x: x - 100, y: 400)))
        // The drag set the supplementary to 380; the surplus (1400 - 2 - 380 - 280 - 600 = 138) goes to the primary.
        #expect(f.split.layout.frame(of: .supplementary)?.width == 380)
        #expect(f.split.layout.frame(of: .primary)?.width == 400)
        #expect(f.split.layout.frame(of: .secondary)?.width == 618)  // 1400 - 2 - 380 - 400
    }

    // MARK: - Read-backs

    @Test(arguments: Style.allCases)
    func readBacksAreZeroBeforeTheFirstSize(style: Style) {
        let split = SplitViewController(style: style)
        #expect(split.primaryColumnWidth == 0)
        #expect(split.supplementaryColumnWidth == 0)
        #expect(split.inspectorColumnWidth == 0)
        #expect(split.secondaryColumnWidth == 0)
    }

    @Test func readBacksMatchTheLayout() {
        let f = RuleTables.controller(.tripleColumn, width: 1200)
        f.split.show(.inspector)
        for (column, width) in [
            (Column.primary, f.split.primaryColumnWidth), (.supplementary, f.split.supplementaryColumnWidth),
            (.secondary, f.split.secondaryColumnWidth), (.inspector, f.split.inspectorColumnWidth),
        ] {
            #expect(f.split.layout.frame(of: column)?.width == width, "\(column)")
        }
    }

    /// A hidden column reads the width it would take if shown now.
    @Test func hiddenColumnsReadTheWidthTheyWouldTake() {
        let f = RuleTables.controller(.tripleColumn, mode: .secondaryOnly, width: 1400)
        #expect(f.split.layout.frame(of: .primary) == nil)
        #expect(f.split.primaryColumnWidth == 280)
        #expect(f.split.supplementaryColumnWidth == 320)
        #expect(f.split.inspectorColumnWidth == 270)
        f.split.preferredPrimaryColumnWidth = 350
        #expect(f.split.primaryColumnWidth == 350)
        f.split.show(.primary)
        #expect(f.split.layout.frame(of: .primary)?.width == 350)
    }

    /// `primaryColumnWidth`'s doc: a hidden column reads "the width it would take if shown
    /// now". Read it, show the column, and compare. At 950 pt a shown primary must share
    /// 950 - 464 - 2 = 484 with the supplementary (280 → 244); at 1200 pt a shown inspector
    /// gives way to 253 (see `squeezingOrderInTheLayout`).
    @Test(arguments: [
        (Style.tripleColumn, Mode.oneBesideSecondary, 1400.0, Column.primary),
        (.tripleColumn, .secondaryOnly, 960, .supplementary),
        (.doubleColumn, .secondaryOnly, 1000, .primary),
        (.tripleColumn, .oneBesideSecondary, 950, .primary),
        (.tripleColumn, .secondaryOnly, 950, .primary),
        (.tripleColumn, .automatic, 1200, .inspector),
    ])
    func hiddenReadBackIsTheWidthItTakesWhenShown(style: Style, mode: Mode, width: Double, column: Column) {
        let f = RuleTables.controller(style, mode: mode, width: width)
        #expect(f.split.layout.frame(of: column) == nil)
        let readBack =
            column == .primary
            ? f.split.primaryColumnWidth
            : column == .supplementary ? f.split.supplementaryColumnWidth : f.split.inspectorColumnWidth
        f.split.show(column)
        #expect(f.split.layout.frame(of: column)?.width == readBack, "read \(readBack) while hidden")
    }

    @Test func supplementaryReadsZeroInADoubleColumn() {
        let f = RuleTables.controller(.doubleColumn, width: 1400)
        f.split.preferredSupplementaryColumnWidth = 300
        #expect(f.split.supplementaryColumnWidth == 0)
    }

    /// Collapsed, a column reads the width it would take, never more than the window.
    @Test func collapsedReadBacksNeverExceedTheWindow() {
        let f = RuleTables.controller(.doubleColumn, width: 300)
        #expect(f.split.isCollapsed)
        #expect(f.split.primaryColumnWidth == 300)
        #expect(f.split.inspectorColumnWidth == 270)
        f.resize(500)
        #expect(f.split.primaryColumnWidth == 320)
    }

    @Test func preferredWidthChangesTheLaidOutWidth() {
        let f = RuleTables.controller(.doubleColumn, width: 1400)
        f.split.preferredPrimaryColumnWidth = 333
        #expect(f.split.primaryColumnWidth == 333)
        f.split.preferredPrimaryColumnWidth = SplitViewController.automaticDimension
        #expect(f.split.primaryColumnWidth == 320)
    }
}
