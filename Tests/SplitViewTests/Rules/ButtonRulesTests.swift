import Testing

@testable import SplitView

/// DisplayModeButton.md, the navigation-bar buttons: which exist in each behavior × style × mode, their
/// glyph, where a tap goes, which bar holds them, and where they sit.
@Suite struct ButtonRulesTests {
    typealias Mode = SplitViewController.DisplayMode
    typealias Behavior = SplitViewController.SplitBehavior
    typealias Style = SplitViewController.Style
    typealias Visibility = SplitViewController.DisplayModeButtonVisibility

    // MARK: - The table of DisplayModeButton.md

    @Test(arguments: RuleTables.buttonRows)
    func displayModeTargetMatchesTable(row: RuleTables.ButtonRow) {
        #expect(ButtonRules.displayModeTarget(style: row.style, behavior: row.behavior, mode: row.mode) == row.target)
    }

    /// Every tap lands on another mode the same behavior allows, within the style's columns.
    @Test(arguments: [Style.doubleColumn, .tripleColumn], [Behavior.tile, .overlay, .displace])
    func everyTargetIsAnotherAllowedMode(style: Style, behavior: Behavior) {
        for mode in behavior.allowedModes where mode.level <= RuleTables.cap(style) {
            guard let target = ButtonRules.displayModeTarget(style: style, behavior: behavior, mode: mode) else { continue }
            #expect(target != mode)
            #expect(behavior.allowedModes.contains(target))
            #expect(target.level <= RuleTables.cap(style))
        }
    }

    /// Each row through the controller at 1400 pt: the button exists exactly when the table
    /// has a target; its glyph is the sidebar under tile and the chevron otherwise; it sits
    /// in the bar of the showing column nearest the primary edge; clicking it goes to the target.
    @Test(arguments: RuleTables.buttonRows)
    func buttonRowThroughController(row: RuleTables.ButtonRow) throws {
        let f = RuleTables.controller(row.style, behavior: row.behavior, mode: row.mode, width: 1400)
        try #require(f.split.displayMode == row.mode)
        let button = f.split.layout.button(.displayMode)
        guard let target = row.target else {
            #expect(button == nil)
            return
        }
        guard let button else { Issue.record("no display-mode button in \(row.testDescription)"); return }
        #expect(button.icon == (row.behavior == .tile ? .sidebar : .backChevron))
        let nearest: SplitViewController.Column =
            f.split.layout.frame(of: .primary) != nil
            ? .primary : f.split.layout.frame(of: .supplementary) != nil ? .supplementary : .secondary
        #expect(button.column == nearest)
        RuleTables.click(f.split, button.frame)
        #expect(f.split.displayMode == target)
        #expect(f.split.splitBehavior == row.behavior)
        expectWellFormed(f.split)
    }

    // MARK: - displayModeButtonVisibility

    @Test(arguments: [
        (Visibility.automatic, true, true), (.automatic, false, false),
        (.never, true, false), (.never, false, false),
        (.always, true, true), (.always, false, true),
    ])
    func visibility(visibility: Visibility, presentsWithGesture: Bool, shows: Bool) {
        let f = RuleTables.controller(.doubleColumn, presentsWithGesture: presentsWithGesture, width: 1400)
        f.split.displayModeButtonVisibility = visibility
        #expect((f.split.layout.button(.displayMode) != nil) == shows)
    }

    @Test func alwaysCannotAddButtonInTwoOverSecondary() {
        let f = RuleTables.controller(.tripleColumn, mode: .twoOverSecondary, presentsWithGesture: false, width: 1400)
        f.split.displayModeButtonVisibility = .always
        #expect(f.split.displayMode == .twoOverSecondary)
        #expect(f.split.layout.button(.displayMode) == nil)
    }

    /// `.never` hides the button; F9 still acts, so no pane is out of the keyboard's reach.
    @Test func neverHidesButtonButF9StillActs() {
        let f = RuleTables.controller(.doubleColumn, width: 1400)
        f.split.displayModeButtonVisibility = .never
        f.send(key(.f9))
        #expect(f.split.displayMode == .secondaryOnly)
    }

    // MARK: - Keys where UIKit shows no button

    @Test(arguments: [
        (Behavior.overlay, Mode.twoOverSecondary, Mode.secondaryOnly),  // dismisses
        (.displace, .twoDisplaceSecondary, .oneBesideSecondary),  // dismisses
        (.tile, .secondaryOnly, .twoBesideSecondary),  // leaves it, as the secondary-only button
    ])
    func f9ActsWhereNoButtonShows(behavior: Behavior, mode: Mode, after: Mode) {
        let f = RuleTables.controller(.tripleColumn, behavior: behavior, mode: mode, width: 1400)
        #expect(f.split.layout.button(.displayMode) == nil)
        f.send(key(.f9))
        #expect(f.split.displayMode == after)
    }

    // MARK: - The delegate's targetDisplayModeForAction

    @Test func delegateTargetIsAskedAndApplied() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.recorder.recordsTargetQueries = true
        f.recorder.target = .secondaryOnly
        _ = f.recorder.takeAll()
        let button = try #require(f.split.layout.button(.displayMode))
        RuleTables.click(f.split, button.frame)
        #expect(f.recorder.takeAll().contains(.targetForAction))
        #expect(f.split.displayMode == .secondaryOnly)  // not the table's oneBesideSecondary
    }

    /// The answer is read at its level in the current behavior, capped by the style (rows
    /// chosen where the table's own target differs).
    @Test(arguments: [
        (Style.tripleColumn, Behavior.overlay, Mode.secondaryOnly, Mode.twoBesideSecondary, Mode.twoOverSecondary),
        (.doubleColumn, .tile, .oneBesideSecondary, .twoOverSecondary, .oneBesideSecondary),
    ])
    func delegateTargetIsReadAtItsLevel(style: Style, behavior: Behavior, start: Mode, answer: Mode, shown: Mode) {
        let f = Fixture(style, width: 1400)
        f.split.preferredSplitBehavior = behavior
        f.split.preferredDisplayMode = start
        #expect(f.split.displayMode == start)
        #expect(ButtonRules.displayModeTarget(style: style, behavior: behavior, mode: start) != shown)
        f.recorder.target = answer
        f.send(.command(.displayModeButton))
        #expect(f.split.displayMode == shown)
    }

    /// Where the table has no button, the delegate cannot add one.
    @Test func delegateCannotAddButtonWhereTableHasNone() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.recorder.target = .secondaryOnly
        f.split.preferredDisplayMode = .twoOverSecondary
        #expect(f.split.layout.button(.displayMode) == nil)
    }

    // MARK: - The secondary-only button

    @Test(arguments: Style.allCases, [false, true])
    func secondaryOnlyButtonOnlyInTripleWhenAsked(style: Style, shows: Bool) {
        let f = RuleTables.controller(style, width: 1400)
        f.split.showsSecondaryOnlyButton = shows
        let button = f.split.layout.button(.secondaryOnly)
        #expect((button != nil) == (shows && style == .tripleColumn))
        if let button { #expect(button.column == .secondary) }
    }

    /// The double arrow toggles into `secondaryOnly` and back to the mode it left.
    @Test(arguments: [
        (Behavior.automatic, Mode.automatic, 1400.0, Mode.twoBesideSecondary),
        (.automatic, .automatic, 800, .oneBesideSecondary),
        (.overlay, .twoOverSecondary, 1400, .twoOverSecondary),
        (.overlay, .oneOverSecondary, 1400, .oneOverSecondary),
        (.displace, .twoDisplaceSecondary, 1400, .twoDisplaceSecondary),
    ])
    func secondaryOnlyButtonRoundTrip(behavior: Behavior, preferred: Mode, width: Double, start: Mode) {
        let f = RuleTables.controller(.tripleColumn, behavior: behavior, mode: preferred, width: width)
        f.split.showsSecondaryOnlyButton = true
        #expect(f.split.displayMode == start)
        #expect(f.split.layout.button(.secondaryOnly)?.icon == .expandArrows)
        RuleTables.click(f.split, f.split.layout.button(.secondaryOnly)?.frame ?? .zero)
        #expect(f.split.displayMode == .secondaryOnly)
        #expect(f.split.layout.button(.secondaryOnly)?.icon == .collapseArrows)
        RuleTables.click(f.split, f.split.layout.button(.secondaryOnly)?.frame ?? .zero)
        #expect(f.split.displayMode == start)
    }

    /// Entered some other way, `secondaryOnly` is left for as many columns as tile (at least one).
    @Test(arguments: [
        (1400.0, Mode.twoBesideSecondary), (946, .twoBesideSecondary), (945, .oneBesideSecondary), (800, .oneBesideSecondary),
    ])
    func secondaryOnlyButtonLeavesForWhatTiles(width: Double, after: Mode) {
        let f = RuleTables.controller(.tripleColumn, mode: .secondaryOnly, width: width)
        f.send(key(.f9, .shift))
        #expect(f.split.displayMode == after)
    }

    // MARK: - The classic style's button

    /// Full-screen arrows when the tap hides the primary, the chevron when it shows it; the
    /// button sits in the secondary's bar, where apps put `displayModeButtonItem`.
    @Test(arguments: [(1400.0, Mode.oneBesideSecondary, Mode.secondaryOnly), (650, .secondaryOnly, .oneOverSecondary)])
    func classicButtonIconFollowsTarget(width: Double, start: Mode, revealed: Mode) {
        let f = RuleTables.controller(.unspecified, width: width)
        #expect(f.split.displayMode == start)
        let first = f.split.layout.button(.displayMode)
        #expect(first?.column == .secondary)
        #expect(first?.icon == (start == .secondaryOnly ? .backChevron : .fullScreen))
        RuleTables.click(f.split, first?.frame ?? .zero)
        #expect(f.split.displayMode == (start == .secondaryOnly ? revealed : .secondaryOnly))
        let second = f.split.layout.button(.displayMode)
        #expect(second?.icon == (start == .secondaryOnly ? .fullScreen : .backChevron))
        RuleTables.click(f.split, second?.frame ?? .zero)
        #expect(f.split.displayMode == start)
    }

    @Test func classicButtonAppliesDelegateTarget() {
        let f = Fixture(.unspecified, width: 1400)
        f.recorder.target = .oneOverSecondary
        f.split.preferredDisplayMode = .secondaryOnly
        #expect(f.split.layout.button(.displayMode)?.icon == .backChevron)
        f.send(.command(.displayModeButton))
        #expect(f.split.displayMode == .oneOverSecondary)
    }

    /// The classic button hides itself when a tap would do nothing.
    @Test(arguments: [Mode.oneBesideSecondary, .twoBesideSecondary, .twoOverSecondary])
    func classicButtonHidesWhenTapWouldDoNothing(answer: Mode) {
        let f = Fixture(.unspecified, width: 1400)
        f.recorder.target = answer
        f.split.preferredDisplayMode = .secondaryOnly
        f.split.preferredDisplayMode = .oneBesideSecondary  // relayout after the delegate changed its answer
        #expect(f.split.displayMode == .oneBesideSecondary)
        if f.split.layout.button(.displayMode) != nil {
            f.send(.command(.displayModeButton))
            #expect(f.split.displayMode != .oneBesideSecondary, "a button showed, but its tap did nothing (answer \(answer))")
        }
    }

    // MARK: - Frames

    /// 28 × 28 at y 5, 8 pt in from the column's primary-edge side, 4 pt between buttons.
    @Test(arguments: SplitViewController.PrimaryEdge.allCases)
    func buttonFrames(edge: SplitViewController.PrimaryEdge) {
        let f = RuleTables.controller(.tripleColumn, behavior: .overlay, width: 1400)
        f.split.primaryEdge = edge
        f.split.showsSecondaryOnlyButton = true
        let secondary = f.split.layout.frame(of: .secondary) ?? .zero
        let mode = f.split.layout.button(.displayMode)?.frame ?? .zero
        let only = f.split.layout.button(.secondaryOnly)?.frame ?? .zero
        #expect(f.split.layout.buttons(in: .secondary).map(\.kind) == [.displayMode, .secondaryOnly])
        let x0 = edge == .leading ? secondary.minX + 8 : secondary.maxX - 8 - 28
        let x1 = edge == .leading ? x0 + 28 + 4 : x0 - 4 - 28
        #expect(mode == Rect(x: x0, y: 5, width: 28, height: 28))
        #expect(only == Rect(x: x1, y: 5, width: 28, height: 28))
    }

    @Test(arguments: SplitViewController.PrimaryEdge.allCases)
    func displayModeButtonSitsAtThePrimaryEdgeOfItsColumn(edge: SplitViewController.PrimaryEdge) {
        let f = RuleTables.controller(.tripleColumn, width: 1400)
        f.split.primaryEdge = edge
        let primary = f.split.layout.frame(of: .primary) ?? .zero
        let button = f.split.layout.button(.displayMode)?.frame ?? .zero
        if edge == .leading { #expect(button.minX == primary.minX + 8) } else { #expect(button.maxX == primary.maxX - 8) }
        #expect(button.minY == primary.minY + 5)
    }

    /// A back button with a title is as wide as the chevron, the title and 8 pt, but no more
    /// than 40 % of its column (and never narrower than the chevron alone). A button that does
    /// not fit in the bar after it is left out (the 50-pt column keeps only the back button).
    @Test(arguments: [(1000.0, 106.0), (200, 80), (100, 40), (50, 28)])
    func backButtonWidthFollowsItsTitle(columnWidth: Double, buttonWidth: Double) {
        let layout = Layout(
            size: Size(width: 1000, height: 800),
            columns: [
                ColumnPlacement(
                    column: .secondary, frame: Rect(x: 0, y: 0, width: columnWidth, height: 800),
                    presentation: .tiled)
            ])
        let back = BarButton(kind: .back, icon: .backChevron, column: .secondary, frame: .zero, title: "Folders")
        let mode = BarButton(kind: .displayMode, icon: .sidebar, column: .secondary, frame: .zero)
        for edge in SplitViewController.PrimaryEdge.allCases {
            let placed = ButtonRules.placed([back, mode], in: layout, primaryEdge: edge) { Double($0.count) * 10 }
            // Placed from the column's primary-edge side: its left edge, or (trailing) its right edge.
            let x = edge == .leading ? 8 : columnWidth - 8 - buttonWidth
            let second = edge == .leading ? x + buttonWidth + 4 : x - 4 - 28
            let fits = 8 + buttonWidth + 4 + 28 <= columnWidth - 8
            #expect(
                placed.map(\.frame)
                    == [Rect(x: x, y: 5, width: buttonWidth, height: 28)]
                    + (fits ? [Rect(x: second, y: 5, width: 28, height: 28)] : []))
        }
    }

    /// Buttons are grouped by column, columns in the order they first appear, and keep their
    /// order within a column: a primary's display-mode button given after a secondary's back
    /// button still sits beside the primary's own back button.
    @Test func buttonsAreGroupedByColumnInFirstAppearanceOrder() {
        let layout = Layout(
            size: Size(width: 1000, height: 800),
            columns: [
                ColumnPlacement(column: .primary, frame: Rect(x: 0, y: 0, width: 300, height: 800), presentation: .tiled),
                ColumnPlacement(column: .secondary, frame: Rect(x: 301, y: 0, width: 699, height: 800), presentation: .tiled),
            ])
        let backP = BarButton(kind: .back, icon: .backChevron, column: .primary, frame: .zero)
        let backS = BarButton(kind: .back, icon: .backChevron, column: .secondary, frame: .zero)
        let mode = BarButton(kind: .displayMode, icon: .sidebar, column: .primary, frame: .zero)
        let placed = ButtonRules.placed([backP, backS, mode], in: layout, primaryEdge: .leading) { _ in 0 }
        #expect(placed.map(\.column) == [.primary, .primary, .secondary])
        #expect(placed.map(\.kind) == [.back, .displayMode, .back])
        let lefts: [Double] = [8, 40, 309]  // 8; 8 + 28 + 4; 301 + 8
        #expect(placed.map(\.frame.minX) == lefts)
    }

    /// A column that is not showing holds no buttons.
    @Test func buttonsOfAHiddenColumnAreDropped() {
        let layout = Layout(size: Size(width: 1000, height: 800))
        let mode = BarButton(kind: .displayMode, icon: .sidebar, column: .primary, frame: .zero)
        #expect(ButtonRules.placed([mode], in: layout, primaryEdge: .leading) { _ in 0 }.isEmpty)
    }

    // MARK: - Clicking

    @Test func releaseOutsideTheButtonDoesNothing() {
        let f = RuleTables.controller(.doubleColumn, width: 1400)
        let frame = f.split.layout.button(.displayMode)?.frame ?? .zero
        f.send(.pointerDown(Point(x: frame.midX, y: frame.midY)))
        #expect(f.split.layout.button(.displayMode)?.isPressed == true)
        f.send(.pointerMoved(Point(x: frame.maxX + 20, y: frame.midY)), .pointerUp(Point(x: frame.maxX + 20, y: frame.midY)))
        #expect(f.split.displayMode == .oneBesideSecondary)
    }

    @Test func pressOutsideThenReleaseInsideDoesNothing() {
        let f = RuleTables.controller(.doubleColumn, width: 1400)
        let frame = f.split.layout.button(.displayMode)?.frame ?? .zero
        f.send(.pointerDown(Point(x: frame.maxX + 20, y: frame.midY)), .pointerUp(Point(x: frame.midX, y: frame.midY)))
        #expect(f.split.displayMode == .oneBesideSecondary)
    }

    /// The right and bottom edges are outside (`Rect.contains`): a press there misses.
    @Test func pressOnTheFarEdgeMisses() {
        let f = RuleTables.controller(.doubleColumn, width: 1400)
        let frame = f.split.layout.button(.displayMode)?.frame ?? .zero
        f.send(.pointerDown(Point(x: frame.maxX, y: frame.midY)), .pointerUp(Point(x: frame.maxX, y: frame.midY)))
        #expect(f.split.displayMode == .oneBesideSecondary)
        f.send(.pointerDown(Point(x: frame.minX, y: frame.minY)), .pointerUp(Point(x: frame.minX, y: frame.minY)))
        #expect(f.split.displayMode == .secondaryOnly)
    }
}
