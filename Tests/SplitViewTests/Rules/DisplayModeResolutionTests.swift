import Testing

@testable import SplitView

/// DisplayModes.md and `DisplayModeResolution.resolved`'s documented decisions: preferences and a
/// width in, `displayMode` and `splitBehavior` out. Boundaries: three triple columns tile
/// from 240 + 240 + 464 + 2 = 946 pt, two (and a double column's one) from 705 pt.
@Suite struct DisplayModeResolutionTests {
    typealias Mode = SplitViewController.DisplayMode
    typealias Behavior = SplitViewController.SplitBehavior
    typealias Style = SplitViewController.Style

    static let preferenceTable: [(Style, Behavior, Mode)] = Style.allCases.flatMap { style in
        Behavior.allCases.flatMap { behavior in Mode.allCases.map { (style, behavior, $0) } }
    }

    // MARK: - The full table, through the controller

    /// style × preferredSplitBehavior × preferredDisplayMode (84 cases) × every width class ×
    /// presentsWithGesture, set before the first size, against `RuleTables.expected`.
    @Test(arguments: preferenceTable)
    func fullTableThroughController(style: Style, behavior: Behavior, mode: Mode) {
        for width in RuleTables.widthClasses {
            for gesture in [true, false] {
                let f = RuleTables.controller(style, behavior: behavior, mode: mode, presentsWithGesture: gesture, width: width)
                let (mode2, behavior2) = RuleTables.expected(
                    style, behavior: behavior, mode: mode, width: width,
                    presentsWithGesture: gesture)
                let context = "\(style) \(behavior) \(mode) at \(width), presentsWithGesture \(gesture)"
                #expect(f.split.displayMode == mode2, "\(context)")
                #expect(f.split.splitBehavior == behavior2, "\(context)")
                #expect(!f.split.isCollapsed, "\(context)")
                expectWellFormed(f.split, context)
            }
        }
    }

    /// The same table against the pure function.
    @Test(arguments: preferenceTable)
    func fullTableDirect(style: Style, behavior: Behavior, mode: Mode) {
        for width in RuleTables.widthClasses {
            for gesture in [true, false] {
                let r = DisplayModeResolution.resolved(Self.input(style, width, mode, behavior, gesture: gesture))
                let (mode2, behavior2) = RuleTables.expected(
                    style, behavior: behavior, mode: mode, width: width,
                    presentsWithGesture: gesture)
                #expect(
                    r.displayMode == mode2 && r.splitBehavior == behavior2,
                    "\(style) \(behavior) \(mode) at \(width), gesture \(gesture): got \(r.displayMode) \(r.splitBehavior)")
                #expect(r.splitBehavior.allowedModes.contains(r.displayMode))
            }
        }
    }

    // MARK: - Boundaries, named

    @Test func threeColumnsAtExactMinimumSum() {
        #expect(RuleTables.threeColumnsWidth == 946)
        let f = RuleTables.controller(.tripleColumn, width: 946)
        #expect(f.split.displayMode == .twoBesideSecondary)
        #expect(f.split.splitBehavior == .tile)
    }

    @Test func oneBelowThreeColumnSumDropsToTwo() {
        let f = RuleTables.controller(.tripleColumn, width: 945)
        #expect(f.split.displayMode == .oneBesideSecondary)
        #expect(f.split.splitBehavior == .tile)
    }

    @Test(arguments: [Style.tripleColumn, .doubleColumn, .unspecified])
    func twoColumnsAtExactMinimumSum(style: Style) {
        #expect(RuleTables.twoColumnsWidth == 705)
        let f = RuleTables.controller(style, width: 705)
        #expect(f.split.displayMode == .oneBesideSecondary)
        #expect(f.split.splitBehavior == .tile)
    }

    /// Below 705 nothing tiles: the automatic behavior is overlay, and nothing lies over the
    /// secondary until the user asks.
    @Test(arguments: [Style.tripleColumn, .doubleColumn, .unspecified])
    func oneBelowTwoColumnSumShowsSecondaryOnlyUnderOverlay(style: Style) {
        let f = RuleTables.controller(style, width: 704)
        #expect(f.split.displayMode == .secondaryOnly)
        #expect(f.split.splitBehavior == .overlay)
    }

    /// Before the first size the column styles read `secondaryOnly`/`overlay`, the classic one
    /// `oneBesideSecondary`/`tile` (DisplayModes.md, "Collapsed").
    @Test(arguments: Style.allCases)
    func readingsBeforeTheFirstSize(style: Style) {
        let split = SplitViewController(style: style)
        #expect(split.displayMode == (style == .unspecified ? .oneBesideSecondary : .secondaryOnly))
        #expect(split.splitBehavior == (style == .unspecified ? .tile : .overlay))
    }

    // MARK: - UIKit's documented rows (DisplayModes.md, "Behaviors and their modes")

    @Test func twoBesideUnderOverlayIsTwoOver() {
        let f = RuleTables.controller(.tripleColumn, behavior: .overlay, mode: .twoBesideSecondary, width: 1400)
        #expect(f.split.displayMode == .twoOverSecondary)
        #expect(f.split.splitBehavior == .overlay)
    }

    @Test func twoBesideUnderDisplaceIsTwoDisplace() {
        let f = RuleTables.controller(.tripleColumn, behavior: .displace, mode: .twoBesideSecondary, width: 1400)
        #expect(f.split.displayMode == .twoDisplaceSecondary)
        #expect(f.split.splitBehavior == .displace)
    }

    /// The inferred rows: a mode is read at its level in the behavior that is set.
    @Test(arguments: [
        (Behavior.overlay, Mode.oneBesideSecondary, Mode.oneOverSecondary),
        (.tile, .oneOverSecondary, .oneBesideSecondary),
        (.tile, .twoOverSecondary, .twoBesideSecondary),
        (.tile, .twoDisplaceSecondary, .twoBesideSecondary),
        (.displace, .oneOverSecondary, .oneBesideSecondary),
        (.displace, .twoOverSecondary, .twoDisplaceSecondary),
        (.overlay, .twoDisplaceSecondary, .twoOverSecondary),
    ])
    func modeIsReadAtItsLevelUnderTheSetBehavior(behavior: Behavior, preferred: Mode, shown: Mode) {
        let f = RuleTables.controller(.tripleColumn, behavior: behavior, mode: preferred, width: 1400)
        #expect(f.split.displayMode == shown)
        #expect(f.split.splitBehavior == behavior)
    }

    @Test(arguments: [Mode.twoBesideSecondary, .twoOverSecondary, .twoDisplaceSecondary])
    func twoColumnModesInADoubleColumnShowOne(preferred: Mode) {
        let f = RuleTables.controller(.doubleColumn, mode: preferred, width: 1400)
        #expect(f.split.displayMode.level == 1)
        #expect(f.split.displayMode == RuleTables.mode(level: 1, f.split.splitBehavior))
    }

    /// With `preferredSplitBehavior` automatic, an over-mode or `twoDisplaceSecondary`
    /// names its behavior even where the columns could tile.
    @Test(arguments: [
        (Mode.oneOverSecondary, Behavior.overlay), (.twoOverSecondary, .overlay), (.twoDisplaceSecondary, .displace),
    ])
    func preferredModeNamesItsBehavior(preferred: Mode, behavior: Behavior) {
        let f = RuleTables.controller(.tripleColumn, mode: preferred, width: 1400)
        #expect(f.split.displayMode == preferred)
        #expect(f.split.splitBehavior == behavior)
    }

    /// `.automatic` under a set behavior: as many as tile, none over, one displacing.
    @Test(arguments: [(Behavior.tile, Mode.twoBesideSecondary), (.overlay, .secondaryOnly), (.displace, .oneBesideSecondary)])
    func automaticModeUnderEachBehavior(behavior: Behavior, shown: Mode) {
        let f = RuleTables.controller(.tripleColumn, behavior: behavior, width: 1400)
        #expect(f.split.displayMode == shown)
    }

    /// Differs from UIKit (which waits for the next layout): a behavior change applies at once.
    @Test func behaviorChangeTakesEffectAtOnce() {
        let f = RuleTables.controller(.tripleColumn, width: 1400)
        #expect(f.split.displayMode == .twoBesideSecondary)
        f.split.preferredSplitBehavior = .overlay
        #expect(f.split.displayMode == .secondaryOnly)
        #expect(f.split.splitBehavior == .overlay)
        f.split.preferredSplitBehavior = .displace
        #expect(f.split.displayMode == .oneBesideSecondary)
        #expect(f.split.splitBehavior == .displace)
    }

    @Test func tilingPreferenceDropsToWhatFits() {
        let f = RuleTables.controller(.tripleColumn, behavior: .tile, mode: .twoBesideSecondary, width: 945)
        #expect(f.split.displayMode == .oneBesideSecondary)
        let g = RuleTables.controller(.tripleColumn, behavior: .tile, mode: .twoBesideSecondary, width: 704)
        #expect(g.split.displayMode == .secondaryOnly)
        #expect(g.split.splitBehavior == .tile)
    }

    // MARK: - Strict mode (presentsWithGesture false)

    /// Nothing could reveal a hidden column, so a tiling preference that does not fit shows
    /// its columns over the secondary.
    @Test func strictTwoBesideThatDoesNotFitShowsTwoOver() {
        let strict = RuleTables.controller(.tripleColumn, mode: .twoBesideSecondary, presentsWithGesture: false, width: 945)
        #expect(strict.split.displayMode == .twoOverSecondary)
        #expect(strict.split.splitBehavior == .overlay)
        let loose = RuleTables.controller(.tripleColumn, mode: .twoBesideSecondary, presentsWithGesture: true, width: 945)
        #expect(loose.split.displayMode == .oneBesideSecondary)
    }

    @Test func strictOneBesideBelow705ShowsOneOver() {
        let strict = RuleTables.controller(.doubleColumn, mode: .oneBesideSecondary, presentsWithGesture: false, width: 704)
        #expect(strict.split.displayMode == .oneOverSecondary)
        let loose = RuleTables.controller(.doubleColumn, mode: .oneBesideSecondary, presentsWithGesture: true, width: 704)
        #expect(loose.split.displayMode == .secondaryOnly)
    }

    @Test func strictTilingFitsAtExactMinimumSum() {
        let f = RuleTables.controller(.tripleColumn, mode: .twoBesideSecondary, presentsWithGesture: false, width: 946)
        #expect(f.split.displayMode == .twoBesideSecondary)
    }

    /// A set `.tile` forbids overlaying: the strict preference drops to what fits instead.
    @Test func strictUnderSetTileDropsToWhatFits() {
        let f = RuleTables.controller(
            .tripleColumn, behavior: .tile, mode: .twoBesideSecondary,
            presentsWithGesture: false, width: 945)
        #expect(f.split.displayMode == .oneBesideSecondary)
        #expect(f.split.splitBehavior == .tile)
    }

    // MARK: - A tiling preference set while it does not fit (UIKit, measured)

    @Test func tilingPreferenceSetWhileItDoesNotFitShowsOver() {
        let f = RuleTables.controller(.tripleColumn, width: 800)
        f.split.preferredDisplayMode = .twoBesideSecondary
        #expect(f.split.displayMode == .twoOverSecondary)
        #expect(f.split.splitBehavior == .overlay)
        f.resize(945)  // still one column tiles: the resolution is unchanged
        #expect(f.split.displayMode == .twoOverSecondary)
        f.resize(946)  // now three tile: the resolution changed
        #expect(f.split.displayMode == .twoBesideSecondary)
        #expect(f.split.splitBehavior == .tile)
    }

    @Test func oneBesideSetBelow705ShowsOneOverUntil705() {
        let f = RuleTables.controller(.doubleColumn, width: 650)
        f.split.preferredDisplayMode = .oneBesideSecondary
        #expect(f.split.displayMode == .oneOverSecondary)
        f.resize(704)
        #expect(f.split.displayMode == .oneOverSecondary)
        f.resize(705)
        #expect(f.split.displayMode == .oneBesideSecondary)
    }

    @Test func overShownOnRequestEndsWhenNarrowingChangesTheResolution() {
        let f = RuleTables.controller(.tripleColumn, width: 800)
        f.split.preferredDisplayMode = .twoBesideSecondary
        f.resize(704)
        #expect(f.split.displayMode == .secondaryOnly)
        #expect(f.split.splitBehavior == .overlay)
    }

    /// Narrowing a window that tiles drops columns; it does not lay them over the secondary.
    @Test func narrowingATiledPreferenceDropsColumns() {
        let f = RuleTables.controller(.tripleColumn, mode: .twoBesideSecondary, width: 1400)
        #expect(f.split.displayMode == .twoBesideSecondary)
        f.resize(945)
        #expect(f.split.displayMode == .oneBesideSecondary)
        #expect(f.split.splitBehavior == .tile)
    }

    /// Under the overlay a narrow window chose, the button shows the column over the
    /// secondary; it stays until the width changes the resolution, then the column tiles.
    @Test func narrowOverlayShowsColumnWhenAskedUntilTheResolutionChanges() {
        let f = RuleTables.controller(.doubleColumn, width: 650)
        #expect(f.split.displayMode == .secondaryOnly)
        f.send(key(.f9))
        #expect(f.split.displayMode == .oneOverSecondary)
        f.resize(704)
        #expect(f.split.displayMode == .oneOverSecondary)
        f.resize(705)
        #expect(f.split.displayMode == .oneBesideSecondary)
        f.resize(704)  // narrowing again: the resolution changed, nothing is shown over
        #expect(f.split.displayMode == .secondaryOnly)
    }

    @Test func requestUnderSetTileDoesNotOverlay() {
        let f = RuleTables.controller(.tripleColumn, behavior: .tile, width: 800)
        f.split.preferredDisplayMode = .twoBesideSecondary
        #expect(f.split.displayMode == .oneBesideSecondary)
        #expect(f.split.splitBehavior == .tile)
    }

    // MARK: - Minimums move the boundaries

    /// Raising a minimum by `raise` moves the boundary by the same amount (DisplayModes.md; UIKit,
    /// measured).
    @Test(arguments: [
        (Style.tripleColumn, WidthSetter.minimumPrimary, 60.0, 2, 946.0),
        (.tripleColumn, .minimumSupplementary, 60, 2, 946),
        (.tripleColumn, .minimumSecondary, 36, 2, 946),
        (.tripleColumn, .minimumSupplementary, 60, 1, 705),
        (.tripleColumn, .minimumSecondary, 36, 1, 705),
        (.doubleColumn, .minimumPrimary, 60, 1, 705),
        (.doubleColumn, .minimumSecondary, 36, 1, 705),
    ])
    func raisingAMinimumMovesTheBoundary(style: Style, setter: WidthSetter, raise: Double, level: Int, boundary: Double) {
        let base = setter == .minimumSecondary ? RuleTables.minimumSecondary : 240
        let below = Fixture(style, delegate: false), at = Fixture(style, delegate: false)
        for f in [below, at] { f.split[keyPath: setter.keyPath] = base + raise }
        below.resize(boundary + raise - 1)
        at.resize(boundary + raise)
        #expect(below.split.displayMode.level == level - 1)
        #expect(at.split.displayMode.level == level)
        #expect(at.split.splitBehavior == .tile)
    }

    /// The primary's minimum does not move a triple column's two-column boundary: the
    /// supplementary is the column that tiles alone.
    @Test func primaryMinimumLeavesTripleTwoColumnBoundary() {
        let f = Fixture(.tripleColumn, delegate: false)
        f.split.minimumPrimaryColumnWidth = 300
        f.resize(705)
        #expect(f.split.displayMode == .oneBesideSecondary)
    }

    /// A shown inspector tiles beside three columns from 946 + 241 = 1187 pt; below, it
    /// lies over the secondary and the three columns stay (it never takes a column's place).
    @Test func aShownInspectorLeavesTheThreeColumnBoundary() {
        let below = RuleTables.controller(.tripleColumn, width: 1186), at = RuleTables.controller(.tripleColumn, width: 1187)
        below.split.show(.inspector)
        at.split.show(.inspector)
        #expect(below.split.displayMode == .twoBesideSecondary)
        #expect(below.split.layout.placement(of: .inspector)?.presentation == .overlay)
        #expect(at.split.displayMode == .twoBesideSecondary)
        #expect(at.split.layout.placement(of: .inspector)?.presentation == .tiled)
    }

    // MARK: - The pure function: its rules and named limits

    @Test(arguments: [(945.0, 1), (946, 2), (704, 0), (705, 1)])
    func tiledLevelThatFitsTriple(width: Double, level: Int) {
        #expect(DisplayModeResolution.tiledLevelThatFits(Self.input(.tripleColumn, width, .automatic, .automatic)) == level)
    }

    @Test(arguments: [(704.0, 0), (705, 1), (3000, 1)])
    func tiledLevelThatFitsDouble(width: Double, level: Int) {
        #expect(DisplayModeResolution.tiledLevelThatFits(Self.input(.doubleColumn, width, .automatic, .automatic)) == level)
    }

    /// Over the secondary: two columns need 240 + 240 + 1 pt, one needs 240 pt, each plus the
    /// 44-pt margin of the secondary left visible (to dismiss them).
    @Test(arguments: [(2, 525.0, true), (2, 524, false), (1, 284, true), (1, 283, false), (0, 0, true)])
    func overlayFitsAtMinimums(level: Int, width: Double, fits: Bool) {
        #expect(DisplayModeResolution.overlayFits(level: level, Self.input(.tripleColumn, width, .automatic, .automatic)) == fits)
    }

    @Test func rulesNamedForExplain() {
        func resolved(_ style: Style, _ w: Double, _ m: Mode, _ b: Behavior, gesture: Bool = true) -> Resolution {
            DisplayModeResolution.resolved(Self.input(style, w, m, b, gesture: gesture))
        }
        #expect(resolved(.tripleColumn, 1400, .automatic, .overlay).behaviorRule == .preferred)
        #expect(resolved(.tripleColumn, 1400, .oneOverSecondary, .automatic).behaviorRule == .preferredModeFamily)
        #expect(resolved(.tripleColumn, 1400, .automatic, .automatic).behaviorRule == .widthAllowsTiling)
        #expect(resolved(.tripleColumn, 704, .automatic, .automatic).behaviorRule == .widthTooNarrowToTile)
        #expect(resolved(.tripleColumn, 800, .twoBesideSecondary, .automatic, gesture: false).behaviorRule == .strictPreference)
        #expect(resolved(.tripleColumn, 1400, .automatic, .automatic).modeRule == .automatic)
        #expect(resolved(.tripleColumn, 1400, .twoBesideSecondary, .automatic).modeRule == .preferred)
        #expect(
            resolved(.tripleColumn, 945, .twoBesideSecondary, .automatic).modeRule == .droppedForSpace(from: .twoBesideSecondary))
        #expect(resolved(.tripleColumn, 704, .oneBesideSecondary, .automatic).modeRule == .overlayWaitsForRequest)
        #expect(resolved(.tripleColumn, 704, .secondaryOnly, .automatic).modeRule == .preferred)
    }

    @Test func levelCapByStyle() {
        #expect(DisplayModeResolution.levelCap(.tripleColumn) == 2)
        #expect(DisplayModeResolution.levelCap(.doubleColumn) == 1)
        #expect(DisplayModeResolution.levelCap(.unspecified) == 1)
    }

    static func input(
        _ style: Style, _ width: Double, _ mode: Mode, _ behavior: Behavior, gesture: Bool = true
    ) -> ResolutionInput {
        ResolutionInput(
            style: style, availableWidth: width, preferredDisplayMode: mode, preferredSplitBehavior: behavior,
            presentsWithGesture: gesture, minimumPrimary: 240, minimumSupplementary: 240, minimumSecondary: 464)
    }
}
