import Testing

@testable import SplitView

/// The reader's monospace text, hex dump and unwrapped lines: the hex dump's row chosen by
/// the layout pass, lines that run on and scroll sideways, and Alt+Z, the View menu's item
/// and the horizontal wheel through the split view. `FixedAdvanceMeasurer()` makes every
/// monospace character 0.6 × 13 = 7.8 pt wide; the padding is 16 pt on each side.
@Suite struct TextReaderTests {
    static let advance = 7.8

    static func context(width: Double, height: Double = 400) -> DrawContext {
        DrawContext(
            bounds: Rect(x: 0, y: 38, width: width, height: height), theme: .light, measurer: FixedAdvanceMeasurer(),
            isFocused: false)
    }

    /// The width of a pane whose text area fits exactly `columns` characters.
    static func width(columns: Int) -> Double { Double(columns) * advance + 2 * TextMetrics.padding }

    static func texts(_ ops: [DrawOp]) -> [String] {
        ops.compactMap { if case .text(let text, _, _, _) = $0 { text } else { nil } }
    }

    static func reader(hexDump: [UInt8]) -> TextViewController {
        let reader = TextViewController(title: "bin")
        reader.font = .monospace
        reader.hexDump = hexDump
        return reader
    }

    @Test(arguments: [(78, 16), (77, 8), (45, 8), (44, 4), (29, 4), (10, 4)])
    func theHexDumpRowIsTheWidestThatFits(columns: Int, bytesPerRow: Int) {
        let reader = Self.reader(hexDump: Array(0..<64))
        let context = Self.context(width: Self.width(columns: columns) + 0.01)
        reader.layoutIfNeeded(in: context)
        let rows = reader.lines(forWidth: context.bounds.width, measurer: FixedAdvanceMeasurer())
        #expect(rows.count == 64 / bytesPerRow, "one row a line, never wrapped")
        #expect(rows.first?.count == HexDumpLayout.columns(bytesPerRow: bytesPerRow))
        #expect(Self.texts(reader.draw(in: context)).count == 64 / bytesPerRow)
        #expect(
            rows.dropFirst().first?.hasPrefix(String(repeating: "0", count: 6) + (bytesPerRow == 16 ? "10" : "0\(bytesPerRow)"))
                == true)
    }

    @Test func theRowChangesInTheLayoutPassNotWhileDrawing() {
        let reader = Self.reader(hexDump: Array(0..<32))
        let wide = Self.context(width: 800), narrow = Self.context(width: 300)
        reader.layoutIfNeeded(in: wide)
        let before = reader.draw(in: wide)
        #expect(Self.texts(before).count == 2)
        #expect(reader.draw(in: narrow) == reader.draw(in: narrow))
        #expect(Self.texts(reader.draw(in: narrow)).count == 2, "drawing at another width reads the last layout")
        reader.layoutIfNeeded(in: narrow)
        #expect(Self.texts(reader.draw(in: narrow)).count == 8, "4 bytes a row")
    }

    @Test func theHexDumpNeverWrapsEvenWhenWrappingIsOn() {
        let reader = Self.reader(hexDump: Array(0..<8))
        #expect(reader.wrapsLines)
        let context = Self.context(width: 120)
        reader.layoutIfNeeded(in: context)
        #expect(Self.texts(reader.draw(in: context)) == ["00000000  00", "00000004  04"], "cut at the edge, not wrapped")
        #expect(reader.lines(forWidth: 120, measurer: FixedAdvanceMeasurer()).count == 2)
        #expect(reader.scroll(dx: 40, in: context.bounds), "it scrolls sideways instead")
    }

    @Test func tabsAreExpandedInTheMonospaceLines() {
        let reader = TextViewController(title: "Makefile", text: "all:\n\tcc -o a a.c")
        reader.font = .monospace
        let context = Self.context(width: 600)
        reader.layoutIfNeeded(in: context)
        let ops = reader.draw(in: context)
        #expect(Self.texts(ops) == ["all:", "        cc -o a a.c"])
        #expect(ops.allSatisfy { if case .text(_, _, let font, _) = $0 { font == .monospace } else { true } })
        #expect(reader.text == "all:\n\tcc -o a a.c", "the text keeps its tab")
    }

    @Test func unwrappedLinesRunOnAndScrollSideways() throws {
        let long = (0..<40).map { "w\($0)" }.joined(separator: " ")  // 149 characters
        let reader = TextViewController(title: "T", text: long + "\nshort")
        reader.font = .monospace
        let context = Self.context(width: Self.width(columns: 50))
        reader.layoutIfNeeded(in: context)
        #expect(Self.texts(reader.draw(in: context)).count > 2, "wrapped by default")
        #expect(!reader.scroll(dx: 10, in: context.bounds), "wrapped text does not scroll sideways")

        #expect(reader.perform(.toggleLineWrapping, in: context.bounds))
        #expect(!reader.wrapsLines && reader.validate(.toggleLineWrapping) == false)
        reader.layoutIfNeeded(in: context)
        var texts = Self.texts(reader.draw(in: context))
        #expect(texts == [String(long.prefix(51)), "short"], "each line whole up to the right edge")

        #expect(reader.scroll(dx: 10 * Self.advance, in: context.bounds))
        texts = Self.texts(reader.draw(in: context))
        #expect(texts.first == String(long.dropFirst(10).prefix(51)), "ten columns to the left")
        #expect(texts.count == 1, "the short line is scrolled out")
        let first = try #require(reader.draw(in: context).first { if case .text = $0 { true } else { false } })
        if case .text(_, let origin, _, _) = first { #expect(abs(origin.x - TextMetrics.padding) < 0.001) }

        _ = reader.scroll(dx: 10_000, in: context.bounds)
        let widest = Double(long.count) * Self.advance, room = 50 * Self.advance
        #expect(abs(reader.horizontalScrollOffset - (widest - room)) < 0.001, "up to the widest line's end")
        _ = reader.scroll(dx: -10_000, in: context.bounds)
        #expect(reader.horizontalScrollOffset == 0)

        #expect(reader.perform(.toggleLineWrapping, in: context.bounds))
        #expect(reader.wrapsLines && reader.horizontalScrollOffset == 0, "wrapping again starts at the left edge")
    }

    @Test func aHalfCutCharacterAtTheLeftEdgeIsLeftOut() {
        let reader = TextViewController(title: "T", text: String(repeating: "abcdefghij", count: 20))
        reader.font = .monospace
        reader.wrapsLines = false
        let context = Self.context(width: Self.width(columns: 20))
        reader.layoutIfNeeded(in: context)
        _ = reader.scroll(dx: Self.advance / 2, in: context.bounds)
        let ops = reader.draw(in: context)
        guard case .text(let line, let origin, _, _)? = ops.first(where: { if case .text = $0 { true } else { false } }) else {
            Issue.record("no line drawn")
            return
        }
        #expect(line.hasPrefix("bcd"))
        #expect(abs(origin.x - (TextMetrics.padding + Self.advance / 2)) < 0.001, "never over the margin")
    }

    // MARK: - Through the split view

    static func split(focus: SplitViewController.Column) -> (SplitViewController, TextViewController) {
        let split = SplitViewController(style: .tripleColumn)
        split.animatesTransitions = false
        let reader = TextViewController(title: "T", text: String(repeating: "long line ", count: 100))
        split.setViewController(ViewController(title: "P"), for: .primary)
        split.setViewController(ViewController(title: "S"), for: .supplementary)
        split.setViewController(reader, for: .secondary)
        split.handle(.resize(Size(width: 1400, height: 800)))
        split.focusedColumn = focus
        return (split, reader)
    }

    @Test func altZTogglesTheSecondarysWrappingFromAnyPane() {
        let (split, reader) = Self.split(focus: .primary)
        split.handle(.key(KeyChord(.character("z"), modifiers: .alt)))
        #expect(!reader.wrapsLines, "the primary has no such setting: the file's pane takes it")
        split.focusedColumn = .secondary
        split.handle(.key(KeyChord(.character("z"), modifiers: .alt)))
        #expect(reader.wrapsLines)
    }

    @Test func theViewMenuOffersWrappingWithItsKeyAndCheckMark() throws {
        let (split, reader) = Self.split(focus: .secondary)
        split.handle(.command(.showMenu))
        var item = try #require(split.menu?.items.first { $0.command == .toggleLineWrapping })
        #expect(item.title == "Wrap Long Lines" && item.shortcut == "Alt+Z" && item.isChecked && item.isEnabled)
        split.handle(.command(.showMenu))
        reader.wrapsLines = false
        split.handle(.command(.showMenu))
        item = try #require(split.menu?.items.first { $0.command == .toggleLineWrapping })
        #expect(!item.isChecked)
    }

    @Test func noTextPaneNoWrappingItem() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.send(.command(.showMenu))
        #expect(f.split.menu?.items.contains { $0.command == .toggleLineWrapping } == false)
    }

    @Test func theHorizontalWheelScrollsUnwrappedTextInsteadOfTheGesture() throws {
        let (split, reader) = Self.split(focus: .secondary)
        let frame = try #require(split.layout.frame(of: .secondary))
        let mode = split.displayMode
        split.handle(.key(KeyChord(.character("z"), modifiers: .alt)))
        split.layoutPanes()
        split.handle(.scroll(dx: 48, dy: 0, at: Point(x: frame.midX, y: frame.midY)))
        split.handle(.scroll(dx: 48, dy: 0, at: Point(x: frame.midX, y: frame.midY)))
        #expect(reader.horizontalScrollOffset == 96)
        #expect(split.displayMode == mode, "the display-mode gesture did not act")
    }
}

/// A file shown in part, under its notice band (the newcomer's two defects): the last line is
/// reached whole at End, and a line the offset leaves half above the text's area is covered by
/// the band, never drawn over it.
@Suite struct TextReaderNoticeBandTests {
    static func reader() -> (TextViewController, DrawContext) {
        let reader = TextViewController(title: "big.txt")
        reader.font = .monospace
        reader.wrapsLines = false
        reader.text = (0..<500).map { "line \($0)" }.joined(separator: "\n")
        reader.notice = "Showing the first 2.1 MB of 12 MB; the rest is not loaded."
        let context = TextReaderTests.context(width: 600, height: 400)
        reader.layoutIfNeeded(in: context)
        return (reader, context)
    }

    static func band(_ ops: [DrawOp]) -> (index: Int, rect: Rect)? {
        for (index, op) in ops.enumerated() {
            if case .fill(let rect, let color) = op, color == Theme.light.selection { return (index, rect) }
        }
        return nil
    }

    @Test func endShowsTheLastLineWholeBelowTheBand() throws {
        let (reader, context) = Self.reader()
        _ = reader.perform(.scrollToEnd, in: context.bounds)
        reader.layoutIfNeeded(in: context)
        let ops = reader.draw(in: context)
        let last = try #require(
            ops.compactMap { op -> Point? in if case .text("line 499", let origin, _, _) = op { origin } else { nil } }.first)
        let descent = FixedAdvanceMeasurer().metrics(of: .monospace).lineHeight
        #expect(last.y + descent <= context.bounds.maxY, "the last line is not cut at the pane's bottom")
    }

    @Test func aLineHalfAboveTheTextIsCoveredByTheBand() throws {
        let (reader, context) = Self.reader()
        _ = reader.scroll(dy: 1000.5, in: context.bounds)
        reader.layoutIfNeeded(in: context)
        let ops = reader.draw(in: context)
        let band = try #require(Self.band(ops))
        for (index, op) in ops.enumerated() {
            guard case .text(let text, let origin, .monospace, _) = op, origin.y - 13 < band.rect.maxY else { continue }
            #expect(index < band.index, "“\(text)” at \(origin.y) is drawn before the band, which covers it")
        }
        #expect(ops.last.map { if case .text = $0 { true } else { false } } == true, "the band's caption last")
    }
}
