/// Where a drawn line comes from in the text it was wrapped from.
///
/// Offsets count UTF-8 bytes. A line is a slice of its paragraph as drawn (tabs expanded,
/// control characters as pictures, ``VisibleText``); when drawing changed no byte count the
/// drawn paragraph and the text's own have the same offsets, and mapping one to the other
/// is a subtraction.
public struct LineOrigin: Hashable, Sendable {
    /// Where the line's paragraph begins in the text.
    public var paragraphStart: Int
    /// The paragraph's length in the text, without its line break.
    public var paragraphLength: Int
    /// Where the line begins in the paragraph as drawn.
    public var start: Int
    /// True when drawing the paragraph changed its length (a tab wider than one space, a
    /// control picture): offsets then map through ``VisibleText/drawnLength(of:atColumn:tabWidth:)``.
    public var isExpanded: Bool

    /// Creates an origin.
    public init(paragraphStart: Int, paragraphLength: Int, start: Int, isExpanded: Bool) {
        self.paragraphStart = paragraphStart
        self.paragraphLength = paragraphLength
        self.start = start
        self.isExpanded = isExpanded
    }

    /// The paragraph's range in the text.
    public var paragraph: Range<Int> { paragraphStart..<(paragraphStart + paragraphLength) }
}

extension TextLayout.Wrapper {
    /// The offset in the text of the character at `offset` (UTF-8 bytes) on drawn line
    /// `line`: the character's start, so that a point inside a tab's spaces lands on the
    /// tab. An offset past the line's end maps past the paragraph's last character shown.
    public func textOffset(line: Int, at offset: Int) -> Int {
        let origin = origins[line]
        let drawn = origin.start + max(0, offset)
        guard origin.isExpanded else { return origin.paragraphStart + min(drawn, origin.paragraphLength) }
        var position = 0, column = 0
        let paragraph = slice(origin.paragraph)
        for index in paragraph.indices {
            let length = VisibleText.drawnLength(of: paragraph[index], atColumn: column)
            if position + length > drawn {
                return origin.paragraphStart + paragraph.utf8.distance(from: paragraph.startIndex, to: index)
            }
            position += length
            column += 1
        }
        return origin.paragraph.upperBound
    }

    /// The offset on drawn line `line` (UTF-8 bytes of the line) where the text's character
    /// at `textOffset` is drawn, kept between the line's start and its end.
    public func lineOffset(line: Int, forTextOffset textOffset: Int) -> Int {
        let origin = origins[line], length = lines[line].utf8.count
        let drawn: Int
        if origin.isExpanded {
            var position = 0, column = 0
            let paragraph = slice(origin.paragraph)
            let target = textOffset - origin.paragraphStart
            for index in paragraph.indices {
                if paragraph.utf8.distance(from: paragraph.startIndex, to: index) >= target { break }
                position += VisibleText.drawnLength(of: paragraph[index], atColumn: column)
                column += 1
            }
            drawn = position
        } else {
            drawn = textOffset - origin.paragraphStart
        }
        return min(max(drawn - origin.start, 0), length)
    }

    /// The range of the text drawn on line `line`: from its first character to the next
    /// line's first (spaces dropped at a wrap belong to neither; they lie between).
    public func textRange(ofLine line: Int) -> Range<Int> {
        let start = textOffset(line: line, at: 0)
        return start..<max(start, textOffset(line: line, at: lines[line].utf8.count))
    }

    /// The text of `range` (UTF-8 offsets, clamped to the text), as a string.
    public func text(in range: Range<Int>) -> String {
        String(slice(range))
    }

    /// The text between two UTF-8 offsets, clamped to the text and to character boundaries.
    func slice(_ range: Range<Int>) -> Substring {
        let utf8 = text.utf8, count = utf8.count
        let lower = min(max(range.lowerBound, 0), count), upper = min(max(range.upperBound, lower), count)
        let start = utf8.index(utf8.startIndex, offsetBy: lower), end = utf8.index(utf8.startIndex, offsetBy: upper)
        return text[start..<end]
    }
}
