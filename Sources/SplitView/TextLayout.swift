/// Fitting text into widths with the host's measurer: ellipsis for one line, wrapping for
/// paragraphs.
public enum TextLayout {
    /// The ellipsis appended to text cut short.
    public static let ellipsis = "…"

    /// `text` if it fits in `width`, else the longest prefix that fits with "…" after it (an
    /// empty string when not even the ellipsis fits).
    ///
    /// - Complexity: O(log n) measurements for a string of n characters.
    public static func truncated(_ text: String, toWidth width: Double, font: FontRole,
                                 measurer: any TextMeasurer) -> String
    {
        guard width > 0 else { return "" }
        if measurer.width(of: text, font: font) <= width { return text }
        guard measurer.width(of: ellipsis, font: font) <= width else { return "" }
        let characters = Array(text)
        var low = 0, high = characters.count
        while low < high {
            let mid = (low + high + 1) / 2
            if measurer.width(of: String(characters[..<mid]) + ellipsis, font: font) <= width { low = mid } else { high = mid - 1 }
        }
        var prefix = String(characters[..<low])
        while prefix.last?.isWhitespace == true { prefix.removeLast() }
        return prefix + ellipsis
    }

    /// `text` broken into lines no wider than `width`: at line breaks (LF, CRLF, …), then between words; a
    /// word wider than a line is split where it must be. Trailing spaces are dropped.
    ///
    /// Words are measured once each, so a long paragraph costs one measurement a word.
    public static func wrapped(_ text: String, toWidth width: Double, font: FontRole,
                               measurer: any TextMeasurer) -> [String]
    {
        var lines: [String] = []
        let space = measurer.width(of: " ", font: font)
        // Any line break starts a paragraph: "\r\n" is one Character, and not "\n".
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var line = "", lineWidth = 0.0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var word = String(word)
                var wordWidth = measurer.width(of: word, font: font)
                if !line.isEmpty && lineWidth + space + wordWidth <= width {
                    line += " " + word
                    lineWidth += space + wordWidth
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                while wordWidth > width && word.count > 1 {
                    let (head, tail) = split(word, toWidth: width, font: font, measurer: measurer)
                    lines.append(head)
                    word = tail
                    wordWidth = measurer.width(of: word, font: font)
                }
                line = word
                lineWidth = wordWidth
            }
            lines.append(line)
        }
        return lines
    }

    /// The longest head of `word` that fits (at least one character) and the rest.
    private static func split(_ word: String, toWidth width: Double, font: FontRole,
                              measurer: any TextMeasurer) -> (String, String)
    {
        let characters = Array(word)
        var low = 1, high = characters.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if measurer.width(of: String(characters[..<mid]), font: font) <= width { low = mid } else { high = mid - 1 }
        }
        return (String(characters[..<low]), String(characters[low...]))
    }
}
