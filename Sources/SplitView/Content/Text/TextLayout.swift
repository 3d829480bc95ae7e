/// Fitting text into widths with the host's measurer: ellipsis for one line, wrapping for
/// paragraphs.
///
/// Both walk the text once. Breaks are found in the UTF-8 bytes: a space or a line feed is one
/// byte that is never part of a larger character (a CR LF pair is taken together), so no
/// grapheme segmentation is paid for while the window is being dragged.
public enum TextLayout {
    /// The ellipsis appended to text cut short.
    public static let ellipsis = "…"

    /// `text` if it fits in `width`, else the longest prefix of whole characters that fits
    /// with "…" after it (an empty string when not even the ellipsis fits).
    ///
    /// - Complexity: one measurement of the text, and one per character when it is cut.
    public static func truncated(
        _ text: String, toWidth width: Double, font: FontRole,
        measurer: any TextMeasurer
    ) -> String {
        guard width > 0 else { return "" }
        if measurer.width(of: text, font: font) <= width { return text }
        let room = width - measurer.width(of: ellipsis, font: font)
        guard room >= 0 else { return "" }
        var used = 0.0, end = text.startIndex
        for index in text.indices {
            // A character of up to 15 UTF-8 bytes is a small string: measuring it allocates nothing.
            used += measurer.width(of: String(text[index]), font: font)
            guard used <= room else { break }
            end = text.index(after: index)
        }
        var prefix = text[..<end]
        while prefix.last?.isWhitespace == true { prefix.removeLast() }
        return prefix + ellipsis
    }

    /// `text` broken into lines no wider than `width`: at line breaks (LF, CR LF, CR), then
    /// between words at spaces; a word wider than a line is split where it must be. Spaces at
    /// a break are dropped; a paragraph's indentation and the spaces between words are kept.
    /// Tabs and control characters are drawn as ``VisibleText/expanded(_:tabWidth:)`` shows
    /// them; a `width` of `.infinity` breaks at line breaks only.
    public static func wrapped(
        _ text: String, toWidth width: Double, font: FontRole,
        measurer: any TextMeasurer
    ) -> [String] {
        var wrapper = Wrapper(text: text, width: width, font: font, measurer: measurer)
        while wrapper.wrapNextParagraph() {}
        return wrapper.lines
    }

    /// Wraps `text` paragraph by paragraph, on demand: a view shows its first screen without
    /// wrapping a long file to its end.
    public struct Wrapper {
        /// The lines wrapped so far.
        public private(set) var lines: [String] = []
        /// Where each of ``lines`` comes from in the text, one a line: what maps a point on a
        /// line back to the text's own characters (a selection copies a tab, not its spaces).
        public private(set) var origins: [LineOrigin] = []
        /// The width of the widest line wrapped so far, in points: how far an unwrapped text
        /// scrolls sideways.
        public private(set) var widestLineWidth = 0.0
        /// True once the whole text is wrapped.
        public var isComplete: Bool { position == bytes.endIndex }
        /// How much of the text (in UTF-8 bytes) is wrapped, 0…1.
        public var fractionWrapped: Double {
            bytes.isEmpty ? 1 : Double(bytes.distance(from: bytes.startIndex, to: position)) / Double(bytes.count)
        }

        /// How many lines the whole text wraps to: exact once ``isComplete``, else estimated
        /// from the part wrapped so far (lines per byte), which is all a scroll bar needs. At
        /// least the lines wrapped so far; a wrapped part too small to go by counts as 0.1 %.
        public var estimatedLineCount: Double {
            let wrapped = Double(lines.count)
            return isComplete ? wrapped : max(wrapped, wrapped / max(fractionWrapped, 0.001))
        }

        /// The text being wrapped.
        public let text: String
        private let bytes: String.UTF8View
        private var position: String.Index
        private let width: Double
        private let font: FontRole
        private let measurer: any TextMeasurer
        private let space: Double
        /// True when no character of the text needs ``VisibleText``: paragraphs then go to
        /// the lines unscanned.
        private let drawsAsIs: Bool

        /// Prepares to wrap `text` at `width`. `drawsAsIs` says the caller knows that `text`
        /// holds no tab and no control character (``VisibleText/drawsAsIs(_:)``), which
        /// spares a scan of each paragraph at each wrapping: a reader re-wraps its screen at
        /// every resize step, and its text only changes with the file.
        public init(text: String, width: Double, font: FontRole, measurer: any TextMeasurer, drawsAsIs: Bool = false) {
            self.drawsAsIs = drawsAsIs
            self.text = text
            bytes = text.utf8
            position = text.startIndex
            self.width = width
            self.font = font
            self.measurer = measurer
            space = measurer.width(of: " ", font: font)
        }

        /// Wraps paragraphs until at least `count` lines exist or the text ends.
        public mutating func wrap(upToLineCount count: Int) {
            while lines.count < count && wrapNextParagraph() {}
        }

        /// Wraps the next paragraph; false when the text had already ended.
        @discardableResult
        public mutating func wrapNextParagraph() -> Bool {
            guard position < bytes.endIndex || (lines.isEmpty && text.isEmpty) else { return false }
            var end = position
            while end < bytes.endIndex, bytes[end] != 0x0A, bytes[end] != 0x0D { end = bytes.index(after: end) }
            let source = text[position..<end], drawn = drawsAsIs ? source : VisibleText.expanded(source)
            current = LineOrigin(
                paragraphStart: bytes.distance(from: bytes.startIndex, to: position), paragraphLength: source.utf8.count,
                start: 0, isExpanded: drawn.utf8.count != source.utf8.count)
            wrapParagraph(drawn)
            // Past the break: LF, CR, or the CR LF pair (which Swift counts as one character).
            if end < bytes.endIndex {
                let isCR = bytes[end] == 0x0D
                end = bytes.index(after: end)
                if isCR, end < bytes.endIndex, bytes[end] == 0x0A { end = bytes.index(after: end) }
                // A break that ends the text still opens an (empty) last paragraph.
                if end == bytes.endIndex {
                    lines.append("")
                    origins.append(LineOrigin(paragraphStart: bytes.count, paragraphLength: 0, start: 0, isExpanded: false))
                }
            }
            position = end
            if text.isEmpty { position = bytes.endIndex }
            return true
        }

        private mutating func wrapParagraph(_ paragraph: Substring) {
            var line = Substring(), lineWidth = 0.0
            let utf8 = paragraph.utf8
            // Leading spaces (indentation) belong to the first word; later runs of spaces are gaps.
            var start = utf8.startIndex, gap = 0
            while start < utf8.endIndex, utf8[start] == 0x20 { start = utf8.index(after: start) }
            var wordStart = utf8.startIndex
            while start < utf8.endIndex {
                var stop = start
                while stop < utf8.endIndex, utf8[stop] != 0x20 { stop = utf8.index(after: stop) }
                place(paragraph[wordStart..<stop], after: gap, on: &line, width: &lineWidth, paragraph: paragraph)
                start = stop
                gap = 0
                while start < utf8.endIndex, utf8[start] == 0x20 {
                    start = utf8.index(after: start)
                    gap += 1
                }
                wordStart = start
            }
            widestLineWidth = max(widestLineWidth, lineWidth)
            append(line, of: paragraph)
        }

        /// The paragraph being wrapped, with ``LineOrigin/start`` still to fill in.
        private var current = LineOrigin(paragraphStart: 0, paragraphLength: 0, start: 0, isExpanded: false)

        /// Adds `line`, a slice of the drawn `text` of the current paragraph, with its origin.
        private mutating func append(_ line: Substring, of text: Substring) {
            var origin = current
            // An empty line (a blank paragraph, or one of spaces) is no slice of anything.
            origin.start = line.isEmpty ? 0 : text.utf8.distance(from: text.startIndex, to: line.startIndex)
            lines.append(String(line))
            origins.append(origin)
        }

        /// Adds one word, `gap` spaces after the line so far, breaking the line (or the word)
        /// where it must.
        private mutating func place(
            _ word: Substring, after gap: Int, on line: inout Substring,
            width lineWidth: inout Double, paragraph: Substring
        ) {
            let wordWidth = measurer.width(of: String(word), font: font)
            let gapWidth = space * Double(gap)
            if !line.isEmpty && lineWidth + gapWidth + wordWidth <= width {
                // Extend the line over the spaces and the word: it stays a slice of the paragraph.
                line = paragraph[line.startIndex..<word.endIndex]
                lineWidth += gapWidth + wordWidth
                return
            }
            if !line.isEmpty {
                widestLineWidth = max(widestLineWidth, lineWidth)
                append(line, of: paragraph)
            }
            var rest = word, restWidth = wordWidth
            while restWidth > width && rest.count > 1 {
                let head = fittingHead(of: rest)
                widestLineWidth = max(widestLineWidth, width)
                append(head, of: paragraph)
                rest = rest[head.endIndex...]
                restWidth = measurer.width(of: String(rest), font: font)
            }
            line = rest
            lineWidth = restWidth
        }

        /// The longest head of `word` (at least one character) that fits the width, ending
        /// after its last `/` that fits when it has one: a path breaks between its folders
        /// (`/home/ana/` then `Documents/`), as browsers break a URL, not in a folder's name.
        private func fittingHead(of word: Substring) -> Substring {
            var used = 0.0, end = word.index(after: word.startIndex)
            var afterSlash: Substring.Index?
            for index in word.indices {
                used += measurer.width(of: String(word[index]), font: font)
                guard used <= width else { break }
                end = word.index(after: index)
                if word[index] == "/" && index != word.startIndex { afterSlash = end }
            }
            if let afterSlash, afterSlash < end { return word[..<afterSlash] }
            return word[..<end]
        }
    }
}
