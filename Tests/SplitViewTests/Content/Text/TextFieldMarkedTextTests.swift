import PropertyBased
import Testing

@testable import SplitView

/// An input method's text under composition (its preedit) in a bar's field: shown at the
/// caret, underlined, never part of the text until the input method commits it; and the
/// caret's place, which the host tells the input method so that its candidates open beside it.
@Suite struct TextFieldMarkedTextTests {
    @Test func markedTextShowsAtTheCaretAndIsNotTheFieldsText() {
        var field = TextField(text: "caf")
        field.setMarkedText("zhong", selectedRange: 5..<5)
        #expect(field.text == "caf" && field.caret == 3)
        #expect(field.markedText == "zhong" && field.markedSelectedRange == 5..<5)
        // Return submits the text without what is still being composed.
        #expect(field.handle(KeyChord(.return)) == .event(.submit("caf")))
        // The commit arrives as typed text, and the preedit is cleared.
        _ = field.handle(KeyChord(.character("z")), typing: "中")
        field.setMarkedText(nil, selectedRange: 0..<0)
        #expect(field.text == "caf中" && field.caret == 4 && field.markedText.isEmpty)
    }

    @Test func aCompositionStartedOverASelectionReplacesIt() {
        var field = TextField(text: "report.pdf", selecting: 0..<6, label: "Rename File")
        field.message = "“report.pdf” already exists"
        field.setMarkedText("ni", selectedRange: 2..<2)
        #expect(field.text == ".pdf" && field.caret == 0 && field.selectedRange == nil)
        #expect(field.message == nil)
        // A later draw of the same composition removes nothing more.
        field.setMarkedText("nih", selectedRange: 3..<3)
        #expect(field.text == ".pdf")
        _ = field.handle(KeyChord(.character("n")), typing: "你")
        field.setMarkedText("", selectedRange: 0..<0)
        #expect(field.text == "你.pdf")
    }

    @Test func unmarkTextKeepsWhatWasComposedAtTheCaret() {
        var field = TextField(text: "ab")
        _ = field.handle(KeyChord(.left))
        field.setMarkedText("xy", selectedRange: 1..<1)
        field.unmarkText()
        #expect(field.text == "axyb" && field.caret == 3 && field.markedText.isEmpty)
        field.unmarkText()  // nothing marked: nothing changes
        #expect(field.text == "axyb" && field.caret == 3)
    }

    /// Boundaries: a range beyond the marked text is clamped into it, a reversed one made a
    /// caret; an empty text ends the composition whatever the range says.
    @Test func theMarkedRangeIsClampedIntoTheMarkedText() {
        var field = TextField()
        field.setMarkedText("abc", selectedRange: 7..<9)
        #expect(field.markedSelectedRange == 3..<3)
        field.setMarkedText("abc", selectedRange: -2..<1)
        #expect(field.markedSelectedRange == 0..<1)
        field.setMarkedText("", selectedRange: 2..<3)
        #expect(field.markedText.isEmpty && field.markedSelectedRange == 0..<0)
    }

    /// Any mix of compositions, commits, edits and unmarks keeps the caret in the text and the
    /// input method's caret in its marked text, and the committed text only ever holds what was
    /// typed or unmarked.
    @Test func anyMixOfCompositionsAndEditsKeepsBothCaretsInside() async {
        let step = Gen.int(in: 0...7).array(of: 1...40)
        await propertyCheck(count: 500, input: step, Gen.int(in: -3...9)) { steps, number in
            var field = TextField(text: "ab", selecting: 0..<1)
            for (index, kind) in steps.enumerated() {
                let n = number + index % 5
                switch kind {
                case 0: field.setMarkedText(String(repeating: "m", count: max(0, n)), selectedRange: n..<(n + 1))
                case 1: field.setMarkedText(nil, selectedRange: 0..<0)
                case 2: _ = field.handle(KeyChord(.character("t")), typing: "文")
                case 3: field.unmarkText()
                case 4: _ = field.handle(KeyChord(.left))
                case 5: _ = field.handle(KeyChord(.backspace))
                case 6: _ = field.handle(KeyChord(.character("a"), modifiers: .control))
                default: _ = field.handle(KeyChord(.end))
                }
                #expect((0...field.text.count).contains(field.caret))
                #expect(field.markedSelectedRange.lowerBound >= 0)
                #expect(field.markedSelectedRange.upperBound <= field.markedText.count)
                #expect(field.text.allSatisfy { "abmt文".contains($0) })
            }
        }
    }

    @Test func theBarDrawsTheMarkedTextUnderlinedAndTheCaretInsideIt() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.supplementary.navigationItem.textField = TextField(text: "caf")
        f.split.focusedColumn = .supplementary
        let before = try #require(f.split.textInputCaretRect)
        f.send(.markedText("zhong", selectedRange: 2..<2))
        let list = try #require(f.split.displayList(for: .supplementary))
        #expect(list.texts.contains("cafzhong"))
        let body = f.split.textMeasurer.width(of: "x", font: .body)
        // The underline spans the five marked characters, after the three of the text.
        let underlines = list.ops.compactMap { op -> Rect? in
            if case .fill(let rect, _) = op, rect.height == 1, abs(rect.width - (5 * body).rounded()) < 0.5 { return rect }
            return nil
        }
        #expect(underlines.count == 1, "\(list.ops)")
        // The caret is two marked characters on from where it was.
        let caret = try #require(f.split.textInputCaretRect)
        #expect(abs(caret.minX - before.minX - (2 * body).rounded()) <= 1)
        #expect(caret.minY == before.minY && caret.height == before.height)
        #expect(underlines.first.map { abs($0.minX - (before.minX - f.supplementaryFrameMinX)) <= 1 } == true)
        f.send(.markedText("", selectedRange: 0..<0))
        #expect(try #require(f.split.displayList(for: .supplementary)).texts.contains("caf"))
        #expect(f.split.textInputCaretRect == before)
    }

    /// The caret's place is in window points: inside the focused pane's bar, moving right as
    /// text is typed; nil when no bar's field has the keys (another pane is focused, a menu is
    /// open, there is no field).
    @Test func theCaretRectIsInWindowPointsAndOnlyWhileAFieldHasTheKeys() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        #expect(f.split.textInputCaretRect == nil)
        f.supplementary.navigationItem.textField = TextField(text: "/tmp")
        f.split.focusedColumn = .primary
        #expect(f.split.textInputCaretRect == nil)
        f.split.focusedColumn = .supplementary
        let frame = try #require(f.split.layout.placement(of: .supplementary)).frame
        let caret = try #require(f.split.textInputCaretRect)
        #expect(frame.minX < caret.minX && caret.maxX < frame.maxX)
        #expect(caret.minY >= frame.minY && caret.maxY <= frame.minY + LayoutMetrics.navigationBarHeight)
        f.send(.typed(KeyChord(.character("x")), text: "x"))
        #expect(try #require(f.split.textInputCaretRect).minX > caret.minX)
        f.send(.command(.showMenu))
        #expect(f.split.textInputCaretRect == nil)
    }

    @Test func markedTextReachesTheFindFieldAndNoFieldWhenNoneHasTheKeys() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.supplementary.navigationItem.searchField = TextField(placeholder: "Find")
        f.split.focusedColumn = .primary
        f.send(.markedText("ni", selectedRange: 2..<2))
        #expect(f.supplementary.navigationItem.searchField?.markedText == "")
        f.split.focusedColumn = .supplementary
        f.send(.markedText("ni", selectedRange: 2..<2))
        #expect(f.supplementary.navigationItem.searchField?.markedText == "ni")
        #expect(f.split.textInputCaretRect != nil)
    }
}

extension Fixture {
    /// Where the supplementary pane starts, in window points.
    fileprivate var supplementaryFrameMinX: Double { split.layout.placement(of: .supplementary)?.frame.minX ?? 0 }
}
