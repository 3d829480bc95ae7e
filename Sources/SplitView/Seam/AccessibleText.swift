/// The pieces of a node's text a screen reader reads by (AT-SPI's granularities): a
/// character, a word, a sentence, a line, a paragraph.
public enum AccessibleTextGranularity: Int, Sendable, CaseIterable {
    /// One character (a Unicode scalar, as AT-SPI counts).
    case character = 0
    /// A word: a run of letters and digits, or the run of other characters between two words.
    case word = 1
    /// A sentence: up to and including `.`, `!` or `?` and the spaces after it, or a line's end.
    case sentence = 2
    /// A line of the text as the file has it, with its line break.
    case line = 3
    /// A paragraph: the same as a line, for the text of a file.
    case paragraph = 4

    /// The granularity of an AT-SPI boundary type (`GetTextAtOffset`): character (0), word
    /// start or end (1, 2), sentence start or end (3, 4), line start or end (5, 6); nil for
    /// another number.
    public init?(boundary: Int) {
        switch boundary {
        case 0: self = .character
        case 1, 2: self = .word
        case 3, 4: self = .sentence
        case 5, 6: self = .line
        default: return nil
        }
    }
}

extension AccessibleNode {
    /// The piece of the node's text around character `offset` at `granularity`, as
    /// characters (Unicode scalars, AT-SPI's offsets): an empty range at the end of the text,
    /// and nil for a node without text.
    ///
    /// Lines are the text's own lines, ended by its line breaks, whether or not the reader
    /// wraps them: a screen reader that says a line says the file's line, as a programmer
    /// reading code expects, and not a piece cut where the pane's width happened to fall.
    public func textRange(at offset: Int, _ granularity: AccessibleTextGranularity) -> Range<Int>? {
        guard let text else { return nil }
        return Self.range(in: Array(text.unicodeScalars), at: offset, granularity)
    }

    /// The range of `granularity` around `offset` in `scalars`.
    static func range(in scalars: [Unicode.Scalar], at offset: Int, _ granularity: AccessibleTextGranularity) -> Range<Int> {
        let count = scalars.count
        guard offset >= 0, offset < count else {
            let end = max(0, min(offset, count))
            return end..<end
        }
        switch granularity {
        case .character:
            return offset..<(offset + 1)
        case .word:
            if scalars[offset] == "\n" { return offset..<(offset + 1) }
            let kind = isWordCharacter(scalars[offset])
            var start = offset, end = offset + 1
            while start > 0, isWordCharacter(scalars[start - 1]) == kind, scalars[start - 1] != "\n" { start -= 1 }
            while end < count, isWordCharacter(scalars[end]) == kind, scalars[end] != "\n" { end += 1 }
            return start..<end
        case .line, .paragraph:
            var start = offset, end = offset
            while start > 0, scalars[start - 1] != "\n" { start -= 1 }
            while end < count, scalars[end] != "\n" { end += 1 }
            return start..<min(count, end + 1)
        case .sentence:
            let line = range(in: scalars, at: offset, .line)
            // Sentence ends in this line: after a terminator and the spaces that follow it.
            var starts = [line.lowerBound]
            var index = line.lowerBound
            while index < line.upperBound {
                if ".!?".unicodeScalars.contains(scalars[index]) {
                    var next = index + 1
                    while next < line.upperBound, scalars[next] == " " || scalars[next] == "\t" { next += 1 }
                    if next > index + 1 || next == line.upperBound { starts.append(next) }
                    index = next
                } else {
                    index += 1
                }
            }
            starts.append(line.upperBound)
            let start = starts.last { $0 <= offset } ?? line.lowerBound
            let end = starts.first { $0 > offset } ?? line.upperBound
            return start..<end
        }
    }

    /// Whether `scalar` belongs in a word: a letter, a digit, a mark, or a joiner (`_`, `'`).
    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil || scalar == "_" || scalar == "'"
            || properties.generalCategory == .nonspacingMark
    }
}
