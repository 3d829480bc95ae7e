import Testing

@testable import SplitView

/// Issue item 16: bad numbers never crash and never break a layout. Width setters ignore NaN,
/// infinities and negative values (fractions clamp finite values into 0…1), a maximum below
/// its minimum counts as the minimum, sizes are sanitised, and a supplementary controller on a
/// style without that column is ignored. `expectWellFormed` holds after each.
@Suite struct BadInputTests {
    typealias Style = SplitViewController.Style
    static let auto = SplitViewController.automaticDimension

    static let badWidths: [Double] = [.nan, .infinity, -.infinity, -1, -0.001, -.greatestFiniteMagnitude]

    /// A valid value each setter holds before the bad one arrives.
    static func valid(_ setter: WidthSetter) -> Double {
        if setter.isFraction { return 0.3 }
        switch setter {
        case .minimumSecondary: return 480
        case .preferredSecondary: return 700
        case .maximumPrimary, .maximumSupplementary, .maximumInspector: return 390
        default: return 250
        }
    }

    static let widthSetters = WidthSetter.allCases.filter { !$0.isFraction }
    static let fractionSetters = WidthSetter.allCases.filter(\.isFraction)

    static func isFinite(_ r: Rect) -> Bool { r.minX.isFinite && r.minY.isFinite && r.width.isFinite && r.height.isFinite }

    private static func fixture(width: Double = 1400) -> Fixture {
        let f = Fixture(.tripleColumn, width: width)
        f.split.show(.inspector)
        return f
    }

    @Test(arguments: widthSetters)
    func badWidthsAreIgnored(setter: WidthSetter) {
        let f = Self.fixture()
        f.split[keyPath: setter.keyPath] = Self.valid(setter)
        let layout = f.split.layout
        _ = f.recorder.takeAll()
        for bad in Self.badWidths {
            f.split[keyPath: setter.keyPath] = bad
            #expect(f.split[keyPath: setter.keyPath] == Self.valid(setter), "\(setter) = \(bad)")
            #expect(f.split.layout == layout, "\(setter) = \(bad)")
            expectWellFormed(f.split, "\(setter) = \(bad)")
        }
        #expect(f.recorder.takeAll().isEmpty)  // an ignored value notifies nobody
    }

    /// `automaticDimension` is the one negative value a width setter takes: it restores the default.
    @Test(arguments: widthSetters)
    func automaticDimensionRestoresTheDefault(setter: WidthSetter) {
        let f = Self.fixture()
        let layout = f.split.layout
        f.split[keyPath: setter.keyPath] = Self.valid(setter)
        f.split[keyPath: setter.keyPath] = Self.auto
        #expect(f.split[keyPath: setter.keyPath] == Self.auto)
        #expect(f.split.layout == layout)
    }

    @Test(arguments: fractionSetters)
    func badFractionsAreIgnoredOrClamped(setter: WidthSetter) {
        let f = Self.fixture()
        f.split[keyPath: setter.keyPath] = Self.valid(setter)
        for bad in [Double.nan, .infinity, -.infinity] {
            f.split[keyPath: setter.keyPath] = bad
            #expect(f.split[keyPath: setter.keyPath] == Self.valid(setter), "\(setter) = \(bad)")
        }
        for (value, stored) in [(-0.5, 0.0), (-1e-12, 0), (1.5, 1), (1e300, 1), (0, 0), (1, 1)] {
            f.split[keyPath: setter.keyPath] = value
            #expect(f.split[keyPath: setter.keyPath] == stored, "\(setter) = \(value)")
            expectWellFormed(f.split, "\(setter) = \(value)")
        }
    }

    /// A clamped fraction lays out as 0 × or 1 × the window, clamped by the width rule.
    @Test(arguments: [(-0.5, 240.0), (1.5, 400)])
    func clampedFractionInTheLayout(fraction: Double, width: Double) {
        let f = RuleTables.controller(.doubleColumn, width: 1400)
        f.split.preferredPrimaryColumnWidthFraction = fraction
        #expect(f.split.layout.frame(of: .primary)?.width == width)
        expectWellFormed(f.split)
    }

    /// min > max: both are stored as given; the layout uses the minimum.
    @Test(arguments: [SplitViewController.Column.primary, .supplementary, .inspector])
    func minimumAboveMaximum(column: SplitViewController.Column) {
        let f = Self.fixture()
        let (minimum, maximum): (WidthSetter, WidthSetter) =
            switch column {
            case .primary: (.minimumPrimary, .maximumPrimary)
            case .supplementary: (.minimumSupplementary, .maximumSupplementary)
            default: (.minimumInspector, .maximumInspector)
            }
        f.split[keyPath: minimum.keyPath] = 390
        f.split[keyPath: maximum.keyPath] = 250
        #expect(f.split[keyPath: minimum.keyPath] == 390 && f.split[keyPath: maximum.keyPath] == 250)
        #expect(f.split.layout.frame(of: column)?.width == 390)
        expectWellFormed(f.split, "\(column)")
    }

    // MARK: - Sizes

    static let sizes: [(Double, Double)] = [
        (0, 0), (1, 1), (0, 800), (1400, 0), (599, 1), (100_000, 100_000), (.nan, .nan), (.nan, 800),
        (1400, .nan), (.infinity, .infinity), (-.infinity, -5), (-1400, 800), (1e300, 1e300),
    ]

    @Test(arguments: Style.allCases, [false, true])
    func badSizesThroughResize(style: Style, inspector: Bool) {
        let f = Fixture(style, delegate: false)
        if inspector { f.split.show(.inspector) }
        for (width, height) in Self.sizes + Self.sizes.reversed() {
            let size = Size(width: width, height: height)
            f.split.handle(.resize(size))
            let context = "\(style) inspector \(inspector) after \(width)×\(height)"
            #expect(f.split.layout.size == size.sanitized, "\(context)")
            expectWellFormed(f.split, context)
            for placement in f.split.layout.columns {
                #expect(Self.isFinite(placement.frame), "\(context)")
            }
        }
        f.split.handle(.resize(Size(width: 1400, height: 800)))
        #expect(!f.split.isCollapsed)
        expectWellFormed(f.split, "\(style) back at 1400×800")
    }

    @Test(arguments: [(Double.nan, true), (.infinity, false), (-.infinity, true), (0, true), (100_000, false)])
    func sanitizedWidthDecidesCollapse(width: Double, collapsed: Bool) {
        let f = RuleTables.controller(.tripleColumn, width: width)
        #expect(f.split.isCollapsed == collapsed)
    }

    // MARK: - Huge finite widths

    /// Setters take any finite width; a huge one must not break the layout. (Checked without
    /// `expectWellFormed` where its failure text would call `explain()`; see the exit test.)
    @Test(arguments: widthSetters)
    func hugeFiniteWidthKeepsTheLayoutFinite(setter: WidthSetter) {
        let f = Self.fixture()
        f.split[keyPath: setter.keyPath] = 1e300
        for placement in f.split.layout.columns {
            let r = placement.frame
            #expect(Self.isFinite(r), "\(setter) \(placement.column)")
            #expect(r.width >= 0 && r.maxX <= 1400 || placement.presentation == .displaced)
        }
    }

    /// A huge preferred width with a huge maximum is squeezed like any other: to what the
    /// window leaves, never below the minimum while the minimums fit.
    @Test(arguments: [
        (WidthSetter.preferredPrimary, WidthSetter.maximumPrimary, SplitViewController.Column.primary),
        (.preferredSupplementary, .maximumSupplementary, .supplementary),
        (.preferredInspector, .maximumInspector, .inspector),
    ])
    func hugePreferredWidthIsSqueezedToTheWindow(preferred: WidthSetter, maximum: WidthSetter, column: SplitViewController.Column)
    {
        for huge in [1e300, 1e20] {
            let f = Self.fixture()
            f.split[keyPath: maximum.keyPath] = huge
            f.split[keyPath: preferred.keyPath] = huge
            let width = f.split.layout.frame(of: column)?.width ?? -1
            #expect(width >= 240, "\(column) \(width) with preferred and maximum \(huge)")
        }
    }

    @Test func explainWithHugeMinimumDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            let split = SplitViewController(style: .tripleColumn)
            split.minimumPrimaryColumnWidth = 1e300
            split.handle(.resize(Size(width: 1400, height: 800)))
            _ = split.explain()
        }
    }

    // MARK: - Other inputs

    @Test(arguments: [Style.doubleColumn, .unspecified])
    func supplementaryOnAStyleWithoutOneIsIgnored(style: Style) {
        let f = RuleTables.controller(style, width: 1400)
        let layout = f.split.layout
        _ = f.log.takeAll()
        f.split.setViewController(LoggingViewController("X", log: f.log), for: .supplementary)
        #expect(f.split.viewController(for: .supplementary) == nil)
        #expect(f.split.layout == layout)
        #expect(f.log.entries.isEmpty)
        f.split.show(.supplementary)
        #expect(f.split.layout.frame(of: .supplementary) == nil)
        expectWellFormed(f.split)
    }

    /// A divider dragged to NaN or infinity stays where it was.
    @Test func dividerDragToNonFiniteIsIgnored() throws {
        let f = RuleTables.controller(.tripleColumn, width: 1400)
        let x = try #require(f.split.layout.divider(of: .primary)).drawnRect.minX
        f.send(.pointerDown(Point(x: x, y: 300)))
        for bad in [Double.nan, .infinity, -.infinity] {
            f.send(.pointerMoved(Point(x: bad, y: 300)))
            #expect(f.split.primaryColumnWidth == 280)
            expectWellFormed(f.split, "dragged to \(bad)")
        }
        f.send(.pointerUp(Point(x: .nan, y: .nan)))
        #expect(f.split.primaryColumnWidth == 280)
    }

    /// A NaN or infinite clock value must not stall a transition: later ticks finish it.
    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteClockDoesNotStallATransition(bad: Double) {
        let f = Fixture(.doubleColumn, width: 1400, animated: true)
        f.send(key(.f9))
        #expect(f.split.isAnimating)
        f.send(.tick(now: bad))
        expectWellFormed(f.split, "tick \(bad)")
        for step in 0...60 { f.send(.tick(now: Double(step) / 60)) }
        #expect(!f.split.isAnimating)
        #expect(f.split.layout.frame(of: .primary) == nil)
        expectWellFormed(f.split)
    }
}
