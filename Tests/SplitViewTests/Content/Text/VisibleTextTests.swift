import PropertyBased
import Testing

@testable import SplitView

/// Tabs and control characters as the reader draws them (`VisibleText`): tab stops every 8
/// columns counted from the file's line, C0 as U+2400 + code, DEL as U+2421, C1 as U+2426.
@Suite struct VisibleTextTests {
    static func expanded(_ line: String) -> String { String(VisibleText.expanded(Substring(line))) }

    @Test(arguments: [
        ("\tx", "        x"),  // column 0: a whole stop
        ("a\tx", "a       x"),  // column 1: 7 spaces to column 8
        ("abcdefg\tx", "abcdefg x"),  // column 7: the last column before the stop, 1 space
        ("abcdefgh\tx", "abcdefgh        x"),  // column 8: on a stop, a whole stop more
        ("\t\tx", "                x"),
        ("é\tx", "é       x"),  // a character is a column, whatever its bytes
        ("a\t", "a       "),  // a tab at the end still reaches its stop
    ])
    func tabsReachTheNextMultipleOfEight(line: String, expected: String) {
        #expect(Self.expanded(line) == expected)
    }

    @Test func controlCharactersBecomeTheirPictures() {
        #expect(Self.expanded("a\u{0}b") == "a\u{2400}b")
        #expect(Self.expanded("\u{1B}[0m") == "\u{241B}[0m", "ESC, as in a coloured log")
        #expect(Self.expanded("\u{0C}") == "\u{240C}", "form feed")
        #expect(Self.expanded("\u{1F}") == "\u{241F}", "the last C0 code")
        #expect(Self.expanded("\u{7F}") == "\u{2421}", "DEL has its own picture")
        #expect(Self.expanded("\u{85}x\u{9F}") == "\u{2426}x\u{2426}", "C1, as a Latin-1 file's 0x80–0x9F show")
    }

    @Test func boundariesOfTheControlRanges() {
        #expect(VisibleText.picture(of: " ") == nil, "space, the first printable")
        #expect(VisibleText.picture(of: "~") == nil, "0x7E, just below DEL")
        #expect(VisibleText.picture(of: "\u{A0}") == nil, "no-break space, just past C1")
        #expect(VisibleText.picture(of: "é") == nil)
    }

    @Test func aLineWithoutControlsIsReturnedUncopied() {
        let text = "plain line with é and 日本"
        let line = text[...]
        let result = VisibleText.expanded(line)
        #expect(result == line)
        #expect(result.startIndex == line.startIndex && result.endIndex == line.endIndex, "the same slice")
    }

    @Test func wrappingExpandsTabsOfEachLineFromItsOwnStart() {
        let lines = TextLayout.wrapped("a\tb\n\tc", toWidth: 1000, font: .body, measurer: FixedAdvanceMeasurer())
        #expect(lines == ["a       b", "        c"])
    }

    @Test func anUnboundedWidthBreaksOnlyAtLineBreaks() {
        let long = String(repeating: "word ", count: 500)
        var wrapper = TextLayout.Wrapper(text: long + "\nshort", width: .infinity, font: .body, measurer: FixedAdvanceMeasurer())
        wrapper.wrap(upToLineCount: 10)
        #expect(wrapper.lines.count == 2)
        #expect(abs(wrapper.widestLineWidth - FixedAdvanceMeasurer().width(of: String(long.dropLast()), font: .body)) < 0.001)
    }
}

/// `VisibleText.drawsAsIs(_:)`: a text it calls plain wraps to the very lines a scan of each
/// paragraph gives, and one with a tab or a control character is never called plain.
@Suite struct DrawsAsIsTests {
    @Test(arguments: [
        ("plain words\nand lines", true), ("a\tb", false), ("\u{1B}[0m", false), ("é · ©", true), ("x\u{85}y", false), ("", true),
    ])
    func plainTextIsKnownInOnePass(text: String, plain: Bool) {
        #expect(VisibleText.drawsAsIs(text) == plain)
    }

    @Test func wrappingAPlainTextUnscannedGivesTheSameLines() async {
        let alphabet = ["a", "bc ", " ", "\t", "\u{1}", "é", "·", "漢", "\n", "\r\n", "\u{7F}", "\u{85}"]
        await propertyCheck(count: 300, input: Gen.int(in: 0..<alphabet.count).array(of: 0...40), Gen.int(in: 1...30)) {
            codes, columns in
            let text = codes.map { alphabet[$0] }.joined()
            func lines(_ asIs: Bool) -> [String] {
                var wrapper = TextLayout.Wrapper(
                    text: text, width: Double(columns) * 7.8, font: .monospace, measurer: FixedAdvanceMeasurer(), drawsAsIs: asIs)
                while wrapper.wrapNextParagraph() {}
                return wrapper.lines
            }
            #expect(lines(VisibleText.drawsAsIs(text)) == lines(false), "\(text.debugDescription)")
        }
    }
}
