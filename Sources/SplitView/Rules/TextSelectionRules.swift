/// How far a selection moves and where a click lands in a drawn line: pure functions of the
/// line and the measurer, shared by the reader and the inspector.
enum TextSelectionRules {
    /// The offset (UTF-8 bytes of `line`) of the character boundary nearest `x` points from
    /// the line's start: a click on a character's right half lands after it, as in every
    /// text field. Before the line, 0; past it, its end.
    static func offset(atX x: Double, in line: String, font: FontRole, measurer: any TextMeasurer) -> Int {
        guard x > 0 else { return 0 }
        var left = 0.0
        for index in line.indices {
            let width = measurer.width(of: String(line[index]), font: font)
            if x < left + width / 2 { return line.utf8.distance(from: line.startIndex, to: index) }
            left += width
        }
        return line.utf8.count
    }

    /// How far from the line's start, in points, the boundary at `offset` (UTF-8 bytes) is
    /// drawn.
    static func x(ofOffset offset: Int, in line: String, font: FontRole, measurer: any TextMeasurer) -> Double {
        let utf8 = line.utf8
        let end = utf8.index(utf8.startIndex, offsetBy: min(max(offset, 0), utf8.count))
        return measurer.width(of: String(line[..<end]), font: font)
    }

    /// What a character is, for double-click selection: letters, digits and `_` make words;
    /// runs of white space go together; any other character stands alone.
    private enum Kind: Equatable {
        case word, space, other
        init(_ character: Character) {
            if character.isLetter || character.isNumber || character == "_" {
                self = .word
            } else if character.isWhitespace {
                self = .space
            } else {
                self = .other
            }
        }
    }

    /// The word around `offset` (UTF-8 bytes of `line`), as a double click selects it: the
    /// run of word characters (or of spaces) the character at `offset` belongs to, or that
    /// character alone when it is punctuation. At the line's end, the last character's run.
    ///
    /// Decided: `_` joins words (identifiers stay whole); `.`, `/` and `-` do not, so a
    /// double click in a path selects one component, as GNOME's text views do.
    static func wordRange(around offset: Int, in line: String) -> Range<Int> {
        let characters = Array(line.indices)
        guard !characters.isEmpty else { return 0..<0 }
        func utf8Offset(_ index: String.Index) -> Int { line.utf8.distance(from: line.startIndex, to: index) }
        var at = characters.firstIndex { utf8Offset($0) > offset }.map { $0 - 1 } ?? characters.count - 1
        at = max(at, 0)
        let kind = Kind(line[characters[at]])
        guard kind != .other else {
            return utf8Offset(characters[at])..<utf8Offset(line.index(after: characters[at]))
        }
        var first = at, last = at
        while first > 0, Kind(line[characters[first - 1]]) == kind { first -= 1 }
        while last + 1 < characters.count, Kind(line[characters[last + 1]]) == kind { last += 1 }
        return utf8Offset(characters[first])..<utf8Offset(line.index(after: characters[last]))
    }

    /// The character boundary before `offset` (UTF-8 bytes of `text`); the start stays.
    static func boundary(in text: String, before offset: Int) -> Int {
        let utf8 = text.utf8
        guard offset > 0 else { return 0 }
        let index = utf8.index(utf8.startIndex, offsetBy: min(offset, utf8.count))
        return utf8.distance(from: utf8.startIndex, to: text.index(before: index))
    }

    /// The character boundary after `offset` (UTF-8 bytes of `text`); the end stays.
    static func boundary(in text: String, after offset: Int) -> Int {
        let utf8 = text.utf8
        guard offset < utf8.count else { return utf8.count }
        let index = utf8.index(utf8.startIndex, offsetBy: max(offset, 0))
        return utf8.distance(from: utf8.startIndex, to: text.index(after: index))
    }

    /// The part of `wrapper`'s drawn line `index` that `range` selects (offsets of the
    /// wrapper's text plus `base`), as distances from the line's start in points, or `nil`
    /// when it selects none of it. A selection that goes on past the end of a paragraph
    /// takes a space's width after it, so that a selected line break shows.
    static func span(
        ofLine index: Int, _ range: Range<Int>, base: Int = 0, in wrapper: TextLayout.Wrapper, font: FontRole,
        measurer: any TextMeasurer
    ) -> (from: Double, to: Double)? {
        let local = wrapper.textRange(ofLine: index)
        let lineRange = (base + local.lowerBound)..<(base + local.upperBound)
        let lower = max(range.lowerBound, lineRange.lowerBound), upper = min(range.upperBound, lineRange.upperBound)
        let endsParagraph = local.upperBound == wrapper.origins[index].paragraph.upperBound
        let takesBreak = endsParagraph && range.lowerBound <= lineRange.upperBound && range.upperBound > lineRange.upperBound
        guard lower < upper || takesBreak else { return nil }
        let line = wrapper.lines[index]
        func x(_ offset: Int) -> Double {
            Self.x(
                ofOffset: wrapper.lineOffset(line: index, forTextOffset: offset - base), in: line, font: font, measurer: measurer)
        }
        let from = x(min(lower, lineRange.upperBound))
        let to = x(upper) + (takesBreak ? measurer.width(of: " ", font: font) : 0)
        return (from, to)
    }
}

/// Who owns X's PRIMARY selection for a view that selects text: what it selects is offered,
/// nothing selected gives PRIMARY up (only when this view had it), and another program
/// taking it is noted. One value, shared by the reader and the inspector.
struct PrimaryOwnership {
    /// True while the view owns PRIMARY (it asked the host to), until it gives it up or
    /// another program takes it.
    private(set) var isOwned = false

    /// Offers `text` as PRIMARY, or gives PRIMARY up for `nil`.
    mutating func offer(_ text: String?, to controller: SplitViewController?) {
        if let text {
            isOwned = true
            controller?.post(.setSelection(.primary, text: text))
        } else {
            giveUp(to: controller)
        }
    }

    /// Gives PRIMARY up when this view owns it.
    mutating func giveUp(to controller: SplitViewController?) {
        guard isOwned else { return }
        isOwned = false
        controller?.post(.clearSelection(.primary))
    }

    /// Ctrl+C: puts `text` on CLIPBOARD; false (the key is not used) with nothing selected.
    func copy(_ text: String?, to controller: SplitViewController?) -> Bool {
        guard let text else { return false }
        controller?.post(.setSelection(.clipboard, text: text))
        return true
    }

    /// Another program took PRIMARY.
    mutating func taken() {
        isOwned = false
    }
}
