import Testing

@testable import SplitView

/// Fitting text with the host's measurer. `FixedAdvanceMeasurer(advance: 0.5)` makes every
/// character of the 13-pt body font exactly 6.5 pt wide, so widths below are character counts
/// × 6.5 and every boundary is exact.
@Suite struct TextLayoutTests {
    static let measurer = FixedAdvanceMeasurer(advance: 0.5)
    static let char = 6.5

    static func truncated(_ text: String, _ width: Double) -> String {
        TextLayout.truncated(text, toWidth: width, font: .body, measurer: measurer)
    }

    static func wrapped(_ text: String, _ width: Double) -> [String] {
        TextLayout.wrapped(text, toWidth: width, font: .body, measurer: measurer)
    }

    /// A path longer than the width breaks after a `/`, between its folders (the inspector's
    /// Path row), never inside a name while a slash fits; a name longer than the width still
    /// breaks where it must. Before, "/home/ana/Documents" broke as "/home/ana/Doc", "uments".
    @Test func aLongPathBreaksBetweenItsFolders() {
        #expect(
            Self.wrapped("/home/ana/Documents/projects/report.pdf", 12 * Self.char) == [
                "/home/ana/", "Documents/", "projects/", "report.pdf",
            ])
        #expect(Self.wrapped("/averyveryverylongname/x", 8 * Self.char) == ["/averyve", "ryverylo", "ngname/x"])
        // A word without a slash breaks at the width, as before.
        #expect(Self.wrapped("abcdefghij", 4 * Self.char) == ["abcd", "efgh", "ij"])
    }

    @Test func measurerIsExact() {
        #expect(Self.measurer.width(of: "Hello world", font: .body) == 11 * Self.char)
        #expect(FixedAdvanceMeasurer().width(of: "ab", font: .caption) == 2 * 0.6 * 11)
    }

    // MARK: - One line with an ellipsis

    @Test(arguments: [
        ("Hello world", 11.0, "Hello world"),  // fits exactly
        ("Hello world", 10.99, "Hello wor…"),  // a hair short: 9 characters and the ellipsis
        ("Hello world", 10, "Hello wor…"),
        ("Hello world", 7, "Hello…"),  // "Hello " + "…": the space before the ellipsis goes
        ("Hello world", 2, "H…"),
        ("Hello world", 1, "…"),  // only the ellipsis fits
        ("Hello world", 0.99, ""),  // not even the ellipsis
        ("", 5, ""),
        ("日本語のテキスト", 4, "日本語…"),  // characters, not bytes
    ])
    func truncated(text: String, widthInCharacters: Double, expected: String) {
        let result = Self.truncated(text, widthInCharacters * Self.char)
        #expect(result == expected)
        #expect(Self.measurer.width(of: result, font: .body) <= widthInCharacters * Self.char)
    }

    @Test(arguments: [0.0, -1, -.infinity, .nan])
    func truncatedToNoWidthIsEmpty(width: Double) {
        #expect(Self.truncated("Hello", width) == "")
    }

    /// Every width from nothing to the whole text: the result fits, is a prefix plus "…"
    /// (or the text itself), and grows with the width.
    @Test func truncatedSweep() {
        let text = "The quick brown fox jumps over the lazy dog"
        var previous = 0
        for tenths in 0...Int(Double(text.count) * Self.char * 10 + 20) {
            let width = Double(tenths) / 10
            let result = Self.truncated(text, width)
            #expect(Self.measurer.width(of: result, font: .body) <= width)
            #expect(result == text || result.isEmpty || (result.hasSuffix("…") && text.hasPrefix(result.dropLast())))
            #expect(result.count >= previous, "at \(width)")
            previous = result.count
        }
        #expect(previous == text.count)
    }

    // MARK: - Wrapping

    @Test(
        arguments: [
            ("the quick brown fox", 10.0, ["the quick", "brown fox"]),
            ("the quick brown fox", 15, ["the quick brown", "fox"]),  // a line exactly full
            ("the quick brown fox", 14.99, ["the quick", "brown fox"]),
            ("the quick brown fox", 100, ["the quick brown fox"]),
            ("abcdefghijklmnopqrstuvwxyz", 10, ["abcdefghij", "klmnopqrst", "uvwxyz"]),  // a long word split
            ("a abcdefghijkl b", 5, ["a", "abcde", "fghij", "kl b"]),  // the tail of a split word keeps the line
            ("one\ntwo", 100, ["one", "two"]),  // newlines kept
            ("one\n\ntwo", 100, ["one", "", "two"]),  // an empty line kept
            ("one\n", 100, ["one", ""]),
            ("", 100, [""]),
            ("trailing   ", 100, ["trailing"]),  // trailing spaces dropped
            ("   ", 100, [""]),
        ] as [(String, Double, [String])])
    func wrapped(text: String, widthInCharacters: Double, expected: [String]) {
        #expect(Self.wrapped(text, widthInCharacters * Self.char) == expected)
    }

    /// No room for even one character: each character gets its own line; nothing is lost.
    @Test(arguments: [0.0, 1, 6.4])
    func wrappedWithoutRoomSplitsEveryCharacter(width: Double) {
        #expect(Self.wrapped("abc de", width) == ["a", "b", "c", "d", "e"])
    }

    /// A Windows line end is a newline too.
    @Test func wrappedKeepsCarriageReturnLineFeed() {
        #expect(Self.wrapped("one\r\ntwo", 100 * Self.char) == ["one", "two"])
    }

    /// Every width: each line fits (a lone character may not), and the words come back in order.
    @Test func wrappedSweep() {
        let text = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt"
        let words = text.split(separator: " ").map(String.init)
        for characters in 1...95 {
            let width = Double(characters) * Self.char
            let lines = Self.wrapped(text, width)
            for line in lines { #expect(Self.measurer.width(of: line, font: .body) <= width || line.count == 1) }
            #expect(lines.joined(separator: " ").split(separator: " ").joined() == words.joined())
            #expect(lines.allSatisfy { !$0.hasSuffix(" ") && !$0.hasPrefix(" ") })
        }
    }

    /// Part-way through, the estimate scales the lines wrapped so far by the bytes left; at
    /// the end it is the exact count.
    @Test func theEstimatedLineCountIsExactAtTheEnd() {
        let paragraph = "ten chars."  // one 10-byte line per paragraph at 20 characters
        var wrapper = TextLayout.Wrapper(
            text: Array(repeating: paragraph, count: 100).joined(separator: "\n"), width: 20 * Self.char, font: .body,
            measurer: Self.measurer)
        wrapper.wrap(upToLineCount: 25)
        #expect(wrapper.lines.count == 25 && !wrapper.isComplete)
        #expect(abs(wrapper.estimatedLineCount - 100) < 1)
        while wrapper.wrapNextParagraph() {}
        #expect(wrapper.estimatedLineCount == 100)
    }
}
