/// A selection in a text view: the part first selected (the anchor) and the end that moves
/// (the head), in UTF-8 offsets of the text, like `UITextView.selectedRange` with the
/// direction kept. Offsets are the text's own, not the lines' as drawn: a selection survives
/// rewrapping, and a copy of it copies tabs and control characters as they are.
public struct TextSelection: Hashable, Sendable {
    /// What a drag extends the selection by: what the press that began it selected.
    public enum Granularity: Hashable, Sendable {
        /// Characters (a single press).
        case character
        /// Words (a double click).
        case word
        /// The file's lines (a triple click).
        case line
    }

    /// What was selected first: a point for a press, a word for a double click, a line for a
    /// triple click. The selection always covers it.
    public private(set) var anchor: Range<Int>
    /// The end that moves with the pointer or Shift and the arrows.
    public private(set) var head: Int
    /// What a drag extends by.
    public var granularity: Granularity

    /// Selects `anchor`, with the head at its end.
    public init(anchor: Range<Int>, granularity: Granularity = .character) {
        self.anchor = anchor
        head = anchor.upperBound
        self.granularity = granularity
    }

    /// All of a text `length` UTF-8 bytes long (Ctrl+A).
    public static func all(_ length: Int) -> TextSelection {
        var all = TextSelection(anchor: 0..<0)
        all.moveHead(to: length)
        return all
    }

    /// The selected range: from the anchor to the head, whichever comes first.
    public var range: Range<Int> {
        head < anchor.lowerBound ? head..<anchor.upperBound : anchor.lowerBound..<max(head, anchor.upperBound)
    }

    /// True when nothing is selected (a press that did not move).
    public var isEmpty: Bool { range.isEmpty }

    /// Extends the selection over `unit` (the character, word or line under the pointer):
    /// the head goes to the unit's far side from the anchor.
    public mutating func extend(over unit: Range<Int>) {
        head = unit.lowerBound < anchor.lowerBound ? unit.lowerBound : unit.upperBound
    }

    /// Moves the head to `offset`, the anchor staying (Shift and an arrow key).
    public mutating func moveHead(to offset: Int) {
        head = offset
    }
}
