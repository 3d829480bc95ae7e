import PropertyBased
import Testing

@testable import SplitView

/// `TextLayout+Origins.swift`: every drawn line maps back to the text it came from, tabs and
/// control pictures included, whatever the width.
@Suite struct LineOriginTests {
    static func wrapper(_ text: String, width: Double = .infinity) -> TextLayout.Wrapper {
        var wrapper = TextLayout.Wrapper(text: text, width: width, font: .monospace, measurer: FixedAdvanceMeasurer())
        while wrapper.wrapNextParagraph() {}
        return wrapper
    }

    @Test func aTabsSpacesMapToTheTab() {
        let w = Self.wrapper("a\tb\ncd")
        #expect(w.lines == ["a       b", "cd"])
        #expect(w.textOffset(line: 0, at: 0) == 0)
        #expect(w.textOffset(line: 0, at: 1) == 1, "the tab's first space is the tab")
        #expect(w.textOffset(line: 0, at: 5) == 1, "and its middle")
        #expect(w.textOffset(line: 0, at: 8) == 2, "b")
        #expect(w.textOffset(line: 0, at: 9) == 3, "the paragraph's end")
        #expect(w.lineOffset(line: 0, forTextOffset: 2) == 8)
        #expect(w.textOffset(line: 1, at: 1) == 5)
        #expect(w.text(in: 0..<3) == "a\tb", "a copy copies the tab")
    }

    @Test func aControlPictureMapsToTheControlCharacter() {
        let w = Self.wrapper("x\u{1}y")
        #expect(w.lines == ["x\u{2401}y"])
        #expect(w.textOffset(line: 0, at: 1 + 3) == 2, "after the picture's three bytes: y")
        #expect(w.text(in: w.textRange(ofLine: 0)) == "x\u{1}y")
    }

    @Test func wrappedLinesCoverTheirParagraphInOrder() {
        let w = Self.wrapper("one two three\r\nfour", width: 8 * 7.8)
        #expect(w.lines == ["one two", "three", "four"])
        #expect(w.textRange(ofLine: 0) == 0..<7)
        #expect(w.textRange(ofLine: 1) == 8..<13, "the space dropped at the wrap lies between")
        #expect(w.textRange(ofLine: 2) == 15..<19, "past the CR LF pair")
        #expect(w.origins.map(\.paragraph) == [0..<13, 0..<13, 15..<19])
    }

    @Test func aBreakThatEndsTheTextOpensAnEmptyLastLine() {
        let w = Self.wrapper("ab\n")
        #expect(w.lines == ["ab", ""])
        #expect(w.textRange(ofLine: 1) == 3..<3)
    }

    /// Any text of tabs, controls, wide and combined characters and breaks, at any width:
    /// lines come in the text's order; a line offset maps to a character boundary that maps
    /// back at or before it; and an unexpanded line's range holds exactly the line.
    /// (Sweeping found a tab one space wide: an unexpanded paragraph may hold tabs.)
    @Test func offsetsRoundTripForAnyText() async {
        let alphabet = ["a", "b", " ", "\t", "\u{1}", "é", "e\u{301}", "漢", "\n", "\r\n", "\u{7F}"]
        await propertyCheck(
            count: 300, input: Gen.int(in: 0..<alphabet.count).array(of: 0...40), Gen.int(in: 1...30)
        ) { codes, columns in
            let text = codes.map { alphabet[$0] }.joined()
            let w = Self.wrapper(text, width: Double(columns) * 7.8)
            var previous = 0
            for line in w.lines.indices {
                let range = w.textRange(ofLine: line)
                #expect(range.lowerBound >= previous, "\(text.debugDescription) line \(line)")
                previous = range.lowerBound
                let drawn = w.lines[line]
                for index in drawn.indices + [drawn.endIndex] {
                    let offset = drawn.utf8.distance(from: drawn.startIndex, to: index)
                    let mapped = w.textOffset(line: line, at: offset)
                    #expect(text.utf8.index(text.utf8.startIndex, offsetBy: mapped).samePosition(in: text.unicodeScalars) != nil)
                    let back = w.lineOffset(line: line, forTextOffset: mapped)
                    #expect(back <= offset && w.textOffset(line: line, at: back) == mapped)
                }
                // Unexpanded, the line is its text byte for byte (a tab one space wide aside).
                if !w.origins[line].isExpanded {
                    #expect(w.text(in: range).replacing("\t", with: " ") == drawn)
                }
            }
        }
    }
}

/// `TextSelectionRules`: where a click lands in a line and what a double click selects.
@Suite struct TextSelectionRulesTests {
    let measurer = FixedAdvanceMeasurer()

    @Test func aClickLandsOnTheNearestBoundary() {
        let line = "hello"  // 7.8 pt a character in the body font
        #expect(TextSelectionRules.offset(atX: -5, in: line, font: .body, measurer: measurer) == 0)
        #expect(TextSelectionRules.offset(atX: 3.8, in: line, font: .body, measurer: measurer) == 0)
        #expect(TextSelectionRules.offset(atX: 4, in: line, font: .body, measurer: measurer) == 1)
        #expect(TextSelectionRules.offset(atX: 500, in: line, font: .body, measurer: measurer) == 5)
        #expect(TextSelectionRules.x(ofOffset: 2, in: line, font: .body, measurer: measurer) == 15.6)
    }

    @Test(arguments: [
        ("/usr/share/doc", 6, "share"), ("snake_case word", 2, "snake_case"), ("a  b", 1, "  "),
        ("x.y", 1, "."), ("end", 3, "end"), ("", 0, ""),
    ])
    func aDoubleClickSelectsAWordARunOfSpacesOrOneMark(line: String, offset: Int, word: String) {
        let range = TextSelectionRules.wordRange(around: offset, in: line)
        let utf8 = Array(line.utf8)
        #expect(String(decoding: utf8[range], as: UTF8.self) == word)
    }
}

/// The reader's selection through the split view, as a host drives it: drag, double and
/// triple clicks, Shift and the arrows, Ctrl+A and Ctrl+C; PRIMARY offered as it changes and
/// given up when deselected or taken. Monospace characters are 7.8 pt wide, lines 16 pt,
/// the text 16 pt in from the content's corner.
@Suite struct ReaderSelectionTests {
    let f = Fixture(.tripleColumn, width: 1400)
    let reader = TextViewController(title: "notes")

    init() {
        reader.font = .monospace
        reader.text = "hello world\nsecond line\n\tindented"
        f.split.setViewController(reader, for: .secondary)
        f.split.focusedColumn = .secondary
        _ = f.split.laidOutDisplayList(for: .secondary)
        _ = f.split.takeHostRequests()
    }

    /// The window point of the boundary before character `column` of the file's drawn line `line`.
    func point(line: Int, column: Int) -> Point {
        let frame = f.split.layout.frame(of: .secondary)!
        return Point(
            x: frame.minX + TextMetrics.padding + Double(column) * 7.8 + 1,
            y: frame.minY + LayoutMetrics.navigationBarHeight + TextMetrics.padding + Double(line) * 16 + 8)
    }

    @Test func aDragSelectsAndOffersPrimaryOnRelease() {
        #expect(f.send(.pointerDown(point(line: 0, column: 6)), .pointerMoved(point(line: 1, column: 6))).isEmpty)
        #expect(reader.selectedText == "world\nsecond")
        #expect(f.send(.pointerUp(point(line: 1, column: 6))) == [.setSelection(.primary, text: "world\nsecond")])
    }

    @Test func aDragBackwardsSelectsFromTheHeadToTheAnchor() {
        f.send(.pointerDown(point(line: 1, column: 3)), .pointerMoved(point(line: 0, column: 9)))
        #expect(reader.selectedText == "ld\nsec")
    }

    @Test func aClickWithoutADragGivesPrimaryUp() {
        f.send(
            .pointerDown(point(line: 0, column: 0)), .pointerMoved(point(line: 0, column: 5)),
            .pointerUp(point(line: 0, column: 5)))
        #expect(
            f.send(.pointerDown(point(line: 1, column: 1)), .pointerUp(point(line: 1, column: 1))) == [.clearSelection(.primary)])
        #expect(reader.selection == nil)
    }

    @Test func doubleAndTripleClicksSelectAWordAndAFilesLine() {
        let requests = f.send(.pointerDown(point(line: 1, column: 8)), .doubleClick(point(line: 1, column: 8)))
        #expect(requests == [.setSelection(.primary, text: "line")])
        f.send(.pointerUp(point(line: 1, column: 8)))
        // A triple click on the tab's spaces takes the whole line, tab and all, without its break.
        f.send(.pointerDown(point(line: 2, column: 3)), .tripleClick(point(line: 2, column: 3)))
        #expect(reader.selectedText == "\tindented")
    }

    @Test func aDragAfterADoubleClickExtendsByWords() {
        f.send(.pointerDown(point(line: 0, column: 2)), .doubleClick(point(line: 0, column: 2)))
        f.send(.pointerMoved(point(line: 1, column: 2)))
        #expect(reader.selectedText == "hello world\nsecond")
    }

    @Test func shiftAndTheArrowsExtendFromTheFirstShownLine() {
        f.send(.key(KeyChord(.down, modifiers: .shift)))
        #expect(reader.selectedText == "hello world\n")
        f.send(.key(KeyChord(.right, modifiers: .shift)), .key(KeyChord(.right, modifiers: .shift)))
        #expect(reader.selectedText == "hello world\nse")
        f.send(.key(KeyChord(.end, modifiers: .shift)))
        #expect(reader.selectedText == "hello world\nsecond line")
        let last = f.send(.key(KeyChord(.end, modifiers: [.shift, .control])))
        #expect(last == [.setSelection(.primary, text: reader.text)])
        f.send(.key(KeyChord(.home, modifiers: [.shift, .control])))
        #expect(reader.selection == nil)
    }

    @Test func controlAAndControlCFillPrimaryAndClipboard() {
        #expect(f.send(.key(KeyChord(.character("a"), modifiers: .control))) == [.setSelection(.primary, text: reader.text)])
        #expect(f.send(.key(KeyChord(.character("c"), modifiers: .control))) == [.setSelection(.clipboard, text: reader.text)])
    }

    @Test func controlCWithNothingSelectedAsksNothing() {
        #expect(f.send(.key(KeyChord(.character("c"), modifiers: .control))).isEmpty)
    }

    @Test func theSelectionIsHighlightedUntilAnotherProgramTakesPrimary() throws {
        f.send(.key(KeyChord(.character("a"), modifiers: .control)))
        let theme = f.split.theme
        func highlights() -> Int {
            (f.split.laidOutDisplayList(for: .secondary)?.ops ?? []).filter {
                if case .fill(_, let color) = $0 { color == theme.textSelection } else { false }
            }.count
        }
        #expect(highlights() == 3)
        f.send(.selectionTaken(.clipboard))
        #expect(highlights() == 3, "CLIPBOARD taken changes nothing shown")
        f.send(.selectionTaken(.primary))
        #expect(highlights() == 0)
        #expect(reader.selection == nil)
    }

    @Test func rewrappingKeepsTheSelectionNewTextDropsIt() {
        f.send(.key(KeyChord(.character("a"), modifiers: .control)))
        reader.wrapsLines = false
        _ = f.split.laidOutDisplayList(for: .secondary)
        #expect(reader.selectedText == reader.text)
        reader.text = "other"
        #expect(reader.selection == nil)
        #expect(f.split.takeHostRequests().last == .clearSelection(.primary))
    }
}

/// The inspector's values are selected and copied the same way; the labels are not part of
/// what is copied.
@Suite struct DetailsSelectionTests {
    let f = Fixture(.tripleColumn, width: 1400)
    let details = DetailsViewController(
        title: "Info", entries: [(label: "Path", value: "/usr/share/doc/a b.txt"), (label: "Size", value: "12 bytes")])

    init() {
        f.split.setViewController(details, for: .secondary)
        f.split.focusedColumn = .secondary
        _ = f.split.laidOutDisplayList(for: .secondary)
        _ = f.split.takeHostRequests()
    }

    /// A point on character `column` of value `entry`'s first line (caption lines are 14 pt,
    /// the label gap 2, the entry gap 12, body lines 16).
    func point(entry: Int, column: Int) -> Point {
        let frame = f.split.layout.frame(of: .secondary)!
        let top = TextMetrics.padding + Double(entry) * (14 + 2 + 16 + TextMetrics.entryGap) + 14 + 2
        return Point(
            x: frame.minX + TextMetrics.padding + Double(column) * 7.8 + 1,
            y: frame.minY + LayoutMetrics.navigationBarHeight + top + 8)
    }

    @Test func aTripleClickCopiesThePathAlone() {
        let requests = f.send(.pointerDown(point(entry: 0, column: 3)), .tripleClick(point(entry: 0, column: 3)))
        #expect(requests == [.setSelection(.primary, text: "/usr/share/doc/a b.txt")])
        #expect(
            f.send(.key(KeyChord(.character("c"), modifiers: .control))) == [
                .setSelection(.clipboard, text: "/usr/share/doc/a b.txt")
            ])
    }

    @Test func aDragAcrossValuesSelectsThemOneALine() {
        f.send(.pointerDown(point(entry: 0, column: 15)), .pointerMoved(point(entry: 1, column: 2)))
        #expect(details.selectedText == "a b.txt\n12")
    }

    @Test func controlASelectsEveryValueAndNewEntriesDeselect() {
        #expect(
            f.send(.key(KeyChord(.character("a"), modifiers: .control))) == [
                .setSelection(.primary, text: "/usr/share/doc/a b.txt\n12 bytes")
            ])
        details.entries = [(label: "Path", value: "/x")]
        #expect(details.selection == nil)
        #expect(f.split.takeHostRequests() == [.clearSelection(.primary)])
    }

    @Test func shiftAndTheArrowsMoveThroughTheValues() {
        f.send(.key(KeyChord(.end, modifiers: .shift)))
        #expect(details.selectedText == "/usr/share/doc/a b.txt")
        f.send(.key(KeyChord(.down, modifiers: .shift)))
        #expect(details.selectedText?.hasPrefix("/usr/share/doc/a b.txt\n") == true)
    }
}
