import Testing

@testable import SplitView

/// The drag recipe GtkPaned and QSplitter share: remember the grab offset, clamp to the
/// divider's range, Escape restores; the F8 keyboard moves; the widths the user dragged come
/// back when the window widens again.
///
/// Triple column at 1400 pt: primary 0–280, its divider at 280, supplementary 281–601, its
/// divider at 601, secondary from 602.
@Suite struct DividerDragTests {
    static let y = 300.0

    static func drag(_ f: Fixture, from x: Double, to targets: Double..., release: Bool = true) {
        f.send(.pointerDown(Point(x: x, y: y)))
        for target in targets { f.send(.pointerMoved(Point(x: target, y: y))) }
        if release { f.send(.pointerUp(Point(x: targets.last ?? x, y: y))) }
    }

    // MARK: Pointer

    @Test func pressingOffTheLineDoesNotJumpAndMovesFollowThePointer() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.send(.pointerDown(Point(x: 283, y: Self.y)))  // 3 pt right of the line, inside the grab area
        #expect(f.split.layout.divider(of: .primary)?.isActive == true)
        f.send(.pointerMoved(Point(x: 283, y: Self.y)))
        #expect(f.split.primaryColumnWidth == 280)
        f.send(.pointerMoved(Point(x: 303, y: Self.y)))
        #expect(f.split.primaryColumnWidth == 300)
        f.send(.pointerMoved(Point(x: 313, y: Self.y)), .pointerUp(Point(x: 313, y: Self.y)))
        #expect(f.split.primaryColumnWidth == 310)
        #expect(f.split.layout.divider(of: .primary)?.isActive == false)
        #expect(f.split.layout.frame(of: .supplementary)?.minX == 311)
        expectWellFormed(f.split)
        #expect(f.recorder.takeAll() == [])
        #expect(f.log.takeAll() == [])
    }

    @Test func theGrabAreaReachesSixPointsEachSide() {
        for (x, grabs) in [(273.9, false), (274.0, true), (286.9, true), (287.0, false)] {
            let f = Fixture(.tripleColumn, width: 1400)
            Self.drag(f, from: x, to: x + 10)
            #expect((abs(f.split.primaryColumnWidth - 290) < 1e-9) == grabs, "press at \(x)")
        }
    }

    @Test func movesClampToTheRange() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        Self.drag(f, from: 280, to: 1280, release: false)
        #expect(f.split.primaryColumnWidth == 400)  // the primary's maximum
        f.send(.pointerMoved(Point(x: -500, y: Self.y)))
        #expect(f.split.primaryColumnWidth == 240)  // its minimum
        f.send(.pointerUp(Point(x: -500, y: Self.y)))
        #expect(f.split.primaryColumnWidth == 240)
        Self.drag(f, from: f.split.layout.divider(of: .supplementary)!.drawnRect.minX, to: 1400)
        #expect(f.split.supplementaryColumnWidth == 480)
        expectWellFormed(f.split)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func theSecondaryMinimumLimitsTheRange() {
        let f = Fixture(.tripleColumn, width: 1000)
        f.forget()
        let divider = f.split.layout.divider(of: .primary)!
        Self.drag(f, from: divider.drawnRect.minX, to: 1000)
        // 1000 − 464 − (240 + 1) − 1 leaves the primary 294 at most.
        #expect(f.split.primaryColumnWidth == 294)
        #expect(f.split.secondaryColumnWidth == 464)
        expectWellFormed(f.split)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func escapeDuringADragRestoresTheStart() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        Self.drag(f, from: 280, to: 350, release: false)
        #expect(f.split.primaryColumnWidth == 350)
        f.send(key(.escape))
        #expect(f.split.primaryColumnWidth == 280)
        #expect(f.split.stateSnapshot().widths.isEmpty)  // no user width was left behind
        f.send(.pointerMoved(Point(x: 400, y: Self.y)), .pointerUp(Point(x: 400, y: Self.y)))
        #expect(f.split.primaryColumnWidth == 280)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func escapeRestoresAWidthTheUserSetBefore() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        Self.drag(f, from: 280, to: 300)
        Self.drag(f, from: 300, to: 360, release: false)
        f.send(key(.escape), .pointerUp(Point(x: 360, y: Self.y)))
        #expect(f.split.primaryColumnWidth == 300)
        f.resize(1000)
        f.resize(1400)
        #expect(f.split.primaryColumnWidth == 300)
        #expect(f.recorder.takeAll() == [])
    }

    // MARK: Keyboard

    @Test func f8FocusesTheFocusedPanesDividerAndTheKeysMoveIt() {
        let f = Fixture(.tripleColumn, width: 1400)
        #expect(f.split.focusedColumn == .primary)
        f.send(key(.f8))
        #expect(f.split.layout.divider(of: .primary)?.isFocused == true)
        f.send(key(.right))
        #expect(f.split.primaryColumnWidth == 281)
        f.send(key(.right, .control))
        #expect(f.split.primaryColumnWidth == 356)
        f.send(key(.left))
        #expect(f.split.primaryColumnWidth == 355)
        f.send(key(.home))
        #expect(f.split.primaryColumnWidth == 240)
        f.send(key(.end))
        #expect(f.split.primaryColumnWidth == 400)
        f.send(key(.return))
        #expect(f.split.layout.dividers.allSatisfy { !$0.isFocused && !$0.isActive })
        #expect(f.split.primaryColumnWidth == 400)
        f.send(key(.f8), key(.left, .control), key(.escape))
        #expect(f.split.primaryColumnWidth == 400)  // Escape cancels the move, back to the accepted width
        #expect(f.split.layout.dividers.allSatisfy { !$0.isFocused })
        expectWellFormed(f.split)
        #expect(f.recorder.takeAll().count == 7)  // the mount only
    }

    @Test func f8AgainFocusesTheNextDivider() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.send(key(.f8), key(.f8))
        #expect(f.split.layout.divider(of: .supplementary)?.isFocused == true)
        #expect(f.split.layout.divider(of: .primary)?.isFocused == false)
        f.send(key(.left))
        #expect(f.split.supplementaryColumnWidth == 319)
        #expect(f.recorder.takeAll() == [])
    }

    /// Doc comment of `focusNextDivider`: the focused pane's far edge, else its near edge.
    @Test func f8FromTheSecondaryFocusesItsNearEdge() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.split.focusedColumn = .secondary
        f.send(key(.f8))
        #expect(f.split.layout.divider(of: .supplementary)?.isFocused == true)
        #expect(f.split.layout.divider(of: .primary)?.isFocused == false)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func arrowsMoveTheSelectionAgainOnceTheDividerLetsGo() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.send(key(.f8), key(.return), key(.right))
        #expect(f.split.primaryColumnWidth == 280)
        #expect(f.recorder.takeAll() == [])
    }

    // MARK: Trailing edge and inspector

    @Test func aTrailingPrimaryEdgeReversesTheDirections() {
        let f = Fixture(.tripleColumn)
        f.split.primaryEdge = .trailing
        f.resize(1400)
        f.forget()
        let line = f.split.layout.divider(of: .primary)!.drawnRect.minX
        #expect(line == 1119)
        Self.drag(f, from: line + 3, to: line - 17)
        #expect(f.split.primaryColumnWidth == 300)
        #expect(f.split.layout.frame(of: .primary) == Rect(x: 1100, y: 0, width: 300, height: 800))
        f.split.focusedColumn = .primary
        f.send(key(.f8), key(.right))
        #expect(f.split.primaryColumnWidth == 299)
        f.send(key(.left, .control))
        #expect(f.split.primaryColumnWidth == 374)
        f.send(key(.return))
        expectWellFormed(f.split)
        #expect(f.recorder.takeAll() == [])
    }

    @Test func theInspectorsDividerResizesTheInspector() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.show(.inspector)
        f.forget()
        let divider = f.split.layout.divider(of: .secondary)!
        #expect(divider.resizes == .inspector)
        #expect(divider.drawnRect.minX == 1129)
        Self.drag(f, from: 1129, to: 1099)
        #expect(f.split.inspectorColumnWidth == 300)
        Self.drag(f, from: 1099, to: 0)
        // Qt's sums: the supplementary and primary may give way to their 240 each, so the
        // inspector reaches its own maximum, 400; the secondary keeps its 464.
        #expect(f.split.inspectorColumnWidth == 400)
        #expect(f.split.secondaryColumnWidth == 464)
        #expect(f.split.supplementaryColumnWidth == 1400 - 400 - 464 - 280 - 3)
        f.split.focusedColumn = .inspector
        f.send(key(.f8), key(.right))
        #expect(f.split.inspectorColumnWidth == 399)
        expectWellFormed(f.split)
        #expect(f.recorder.takeAll() == [])
    }

    /// DefaultNumbers.md: a divider's range comes from the min/max sums on both sides (Qt's rule), so
    /// the inspector may grow while the supplementary is above its minimum (it gives way first).
    @Test func theInspectorsRangeCountsTheOtherColumnsAtTheirMinimums() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        f.split.show(.inspector)
        Self.drag(f, from: 280, to: 350)  // the secondary is at its 464 now; the supplementary at 313
        let divider = f.split.layout.divider(of: .secondary)!
        // 1400 − (240 + 1 + 240 + 1 + 464) − 1 = 453, capped by the inspector's maximum.
        #expect(divider.range.upperBound == 400)
        Self.drag(f, from: divider.drawnRect.minX, to: divider.drawnRect.minX - 30)
        #expect(f.split.inspectorColumnWidth == 300)
        #expect(f.split.supplementaryColumnWidth == 283)
        expectWellFormed(f.split)
        #expect(f.recorder.takeAll() == [])
    }

    // MARK: Width memory

    @Test(arguments: [1000.0, 800, 500])
    func theDraggedWidthComesBackWhenTheWindowWidens(_ narrow: Double) {
        let f = Fixture(.tripleColumn, width: 1400)
        f.forget()
        Self.drag(f, from: 280, to: 380)
        #expect(f.split.primaryColumnWidth == 380)
        f.resize(narrow)  // squeezed (1000), hidden (800) or collapsed (500)
        #expect(f.split.layout.frame(of: .primary).map { $0.width < 380 } ?? true)
        expectWellFormed(f.split)
        f.resize(1400)
        #expect(f.split.primaryColumnWidth == 380)
        expectWellFormed(f.split)
        let expected: [Event] =
            switch narrow {
            case 800:
                [
                    .willChangeTo(.oneBesideSecondary), .willHide(.primary), .didHide(.primary),
                    .willChangeTo(.twoBesideSecondary), .willShow(.primary), .didShow(.primary),
                ]
            case 500: Event.tripleCollapse + Event.tripleExpand
            default: []
            }
        #expect(f.recorder.takeAll() == expected)
    }

    @Test func aKeyMoveToTheWidthItHasNotifiesNobody() {
        let f = Fixture(.tripleColumn, width: 1400, animated: true)
        f.send(key(.f8), key(.end))
        #expect(f.split.primaryColumnWidth == 400)
        f.send(key(.character("i"), [.control, .alt]), .tick(now: 0), .tick(now: 0.1))
        #expect(f.split.isAnimating)
        f.forget()
        f.send(key(.end))
        f.send(.tick(now: 0.25))
        #expect(!f.split.isAnimating, "the running transition was restarted")
        #expect(f.recorder.takeAll() == [.didShow(.inspector)])
    }
}

/// A double click on a divider puts its column back to its preferred (or automatic) width,
/// animated, and forgets the width the user had dragged (AppKit's rule).
@Suite struct DividerDoubleClickTests {
    static let y = 400.0

    /// Drags the primary's divider (at 280 in a triple column at 1400) to `x`.
    static func dragPrimary(_ f: Fixture, to x: Double) {
        f.send(.pointerDown(Point(x: 280.5, y: y)), .pointerMoved(Point(x: x, y: y)), .pointerUp(Point(x: x, y: y)))
    }

    @Test func aDoubleClickOnADividerResetsItsColumnAnimated() throws {
        let f = Fixture(.tripleColumn, width: 1400, animated: true)
        Self.dragPrimary(f, to: 350.5)
        f.settle()
        #expect(f.split.layout.frame(of: .primary)?.width == 350)
        // The host's double click: the second press (which begins a drag), then the double click.
        let divider = try #require(f.split.layout.divider(of: .primary))
        let on = Point(x: divider.drawnRect.midX, y: Self.y)
        f.send(.pointerDown(on), .doubleClick(on))
        #expect(f.split.isAnimating)
        f.send(.pointerMoved(Point(x: on.x + 20, y: Self.y)), .pointerUp(Point(x: on.x + 20, y: Self.y)))
        f.settle()
        #expect(f.split.layout.frame(of: .primary)?.width == 280, "the triple column's automatic primary width")
        #expect(f.split.stateSnapshot().widths.isEmpty, "the dragged width is forgotten")
        #expect(!(f.split.layout.divider(of: .primary)?.isActive ?? true))
        expectWellFormed(f.split)
    }

    @Test func aDoubleClickResetsToTheDevelopersPreferredWidth() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.preferredSupplementaryColumnWidth = 300
        let start = f.split.layout.divider(of: .supplementary)!.drawnRect.midX  // 280 + 1 + 300
        f.send(
            .pointerDown(Point(x: start, y: Self.y)), .pointerMoved(Point(x: start + 99, y: Self.y)),
            .pointerUp(Point(x: start + 99, y: Self.y)))
        #expect(f.split.layout.frame(of: .supplementary)?.width == 399)
        let at = Point(x: f.split.layout.divider(of: .supplementary)!.drawnRect.midX, y: Self.y)
        f.send(.pointerDown(at), .doubleClick(at), .pointerUp(at))
        #expect(f.split.layout.frame(of: .supplementary)?.width == 300)
    }

    @Test func aWidthNobodyDraggedDoesNotMove() {
        let f = Fixture(.tripleColumn, width: 1400, animated: true)
        f.forget()
        let before = f.split.layout
        let at = Point(x: 280.5, y: Self.y)
        f.send(.pointerDown(at), .doubleClick(at), .pointerUp(at))
        #expect(!f.split.isAnimating && f.split.layout == before)
        #expect(f.recorder.takeAll() == [])
    }
}
