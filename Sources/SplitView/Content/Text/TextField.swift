/// A one-line text field's text, caret and selection, edited by key chords: the pure model
/// of a field such as a location bar.
///
/// Mirrors what `UITextField` keeps (its `text` and `selectedTextRange`), reduced to what a
/// bar's field needs: a caret, or a range selected (Ctrl+A and a location bar that opens with
/// its text chosen select it all; a rename opens with the name's stem chosen), so that what
/// is typed next replaces it. A field is shown in a bar by setting
/// it as the ``NavigationItem/textField`` of the view controller on top; while its pane has the
/// focus, the split view gives it the keys before its key table.
///
/// The caret counts characters (grapheme clusters), so that Backspace removes what people see
/// as one letter, an accent and all.
public struct TextField: Hashable, Sendable {
    /// What a key asks of the field's owner, beyond editing the text.
    public enum Event: Hashable, Sendable {
        /// Return: go where the text says.
        case submit(String)
        /// Tab: complete the text; `repeated` when the text has not changed since the last Tab
        /// (the second Tab, which lists the choices).
        case complete(String, repeated: Bool)
        /// Escape: close the field.
        case cancel
    }

    /// What ``handle(_:typing:)`` did with a key.
    public enum Outcome: Hashable, Sendable {
        /// The text, the caret or the selection changed.
        case edited
        /// The key asks the owner for something.
        case event(Event)
        /// The field has no use for the key (an arrow up, F9, Ctrl+Q): the window's key table
        /// has it.
        case ignored
    }

    /// The text.
    public private(set) var text: String
    /// The caret, in characters from the start.
    public private(set) var caret: Int
    /// The selected characters, never empty: typing or Backspace replaces them, Left and Right
    /// drop the selection at its start or end. Nil: only the caret.
    public private(set) var selectedRange: Range<Int>?
    /// True when the whole text is selected.
    public var isAllSelected: Bool { !text.isEmpty && selectedRange == 0..<text.count }
    /// Words shown before the text, naming what is typed ("Rename File"), as a popover's title
    /// names its field; nil for none.
    public var label: String?
    /// A message shown beside the text (why a path cannot be opened, the completion's
    /// choices); any edit clears it.
    public var message: String?
    /// Shown faintly while the text is empty ("Filter", "Find"), like `UITextField.placeholder`.
    public var placeholder: String?
    /// What a screen reader calls the field, as UIKit's `accessibilityLabel`: when nil, its
    /// ``label`` ("Rename File"), else its ``placeholder``.
    public var accessibilityLabel: String?
    /// The text an input method is composing (its preedit: pinyin letters before they become
    /// "中", a dead key's accent before its letter), shown at the caret, underlined, until the
    /// input method commits it as typed text or takes it back; empty when none. Not part of
    /// ``text``: Return submits the text without it, as `UITextInput`'s marked text is not
    /// yet the field's.
    public private(set) var markedText: String = ""
    /// Where the input method's caret is within ``markedText``, in its characters (an empty
    /// range: a caret), as `UITextInput`'s `setMarkedText(_:selectedRange:)` gives it.
    public private(set) var markedSelectedRange: Range<Int> = 0..<0
    /// The text at the last Tab, to tell a second Tab from a first.
    private var textAtLastTab: String?

    /// A field holding `text` with the caret at its end, or the whole text selected.
    public init(text: String = "", selectsAll: Bool = false, placeholder: String? = nil) {
        self.text = text
        self.placeholder = placeholder
        caret = text.count
        selectedRange = selectsAll && !text.isEmpty ? 0..<text.count : nil
    }

    /// A field holding `text` with the characters of `selection` selected (clamped into the
    /// text; an empty range selects nothing) and the caret at its end: a rename's field opens
    /// on the name with its stem chosen.
    public init(text: String, selecting selection: Range<Int>, label: String? = nil) {
        self.text = text
        self.label = label
        let count = text.count
        let range = min(max(0, selection.lowerBound), count)..<min(max(0, selection.upperBound), count)
        selectedRange = range.isEmpty ? nil : range
        caret = range.upperBound
    }

    /// Replaces the text (a completion), the caret at its end and nothing selected. A Tab
    /// right after it is a second Tab: the completion it made counts as the text Tab saw, so
    /// that Tab, Tab extends the name and then lists the choices, as a shell does.
    public mutating func setText(_ newText: String) {
        if textAtLastTab == text { textAtLastTab = newText }
        text = newText
        caret = newText.count
        selectedRange = nil
    }

    /// Edits the field by `chord`: characters insert, Left/Right/Home/End move the caret,
    /// Backspace/Delete remove a character (Ctrl+Backspace the word before the caret), Ctrl+A
    /// selects all; Return, Tab and Escape are events for the owner.
    ///
    /// `typed` is what the key types as the keyboard layout makes it (``Input/typed(_:text:)``):
    /// without it a character key types its own character, upper case with Shift, which is
    /// right for letters only.
    public mutating func handle(_ chord: KeyChord, typing typed: String? = nil) -> Outcome {
        let modifiers = chord.withoutLocks.modifiers
        let control = modifiers.contains(.control)
        if modifiers.contains(.alt) || modifiers.contains(.super) { return .ignored }
        let before = self
        switch chord.key {
        case .return: return .event(.submit(text))
        case .escape: return .event(.cancel)
        case .tab:
            let repeated = textAtLastTab == text
            textAtLastTab = text
            return .event(.complete(text, repeated: repeated))
        case .character("a") where control: selectedRange = text.isEmpty ? nil : 0..<text.count
        case .character(let character) where !control:
            insert(typed ?? (modifiers.contains(.shift) ? String(character).uppercased() : String(character)))
        case .space where !control: insert(" ")
        case .left: moveCaret(selectedRange?.lowerBound ?? caret - 1)
        case .right: moveCaret(selectedRange?.upperBound ?? caret + 1)
        case .home: moveCaret(0)
        case .end: moveCaret(text.count)
        case .backspace where control: removeSelection() ? () : remove(from: wordStart(before: caret), to: caret)
        case .backspace: removeSelection() ? () : remove(from: caret - 1, to: caret)
        case .delete: removeSelection() ? () : remove(from: caret, to: caret + 1)
        default: return .ignored
        }
        if self != before { message = nil }
        return .edited
    }

    /// Shows `marked` as the input method's text under composition at the caret, with its own
    /// caret at `selectedRange` (clamped into it), as `UITextInput.setMarkedText(_:selectedRange:)`;
    /// nil or empty ends the composition (the input method committed it, which arrives as
    /// typed text, or took it back).
    ///
    /// A composition that starts over selected characters replaces them, as typing does: the
    /// selection goes first, so the preedit shows where the typed text will land.
    public mutating func setMarkedText(_ marked: String?, selectedRange: Range<Int>) {
        let marked = marked ?? ""
        if !marked.isEmpty, markedText.isEmpty, removeSelection() { message = nil }
        markedText = marked
        let count = marked.count
        let lower = min(max(0, selectedRange.lowerBound), count)
        markedSelectedRange = lower..<min(max(lower, selectedRange.upperBound), count)
    }

    /// Makes the text under composition part of the text at the caret, as
    /// `UITextInput.unmarkText()` does: what a host does when the input method is reset with
    /// a composition under way (the field loses the keyboard), so that nothing shown is lost.
    public mutating func unmarkText() {
        guard !markedText.isEmpty else { return }
        let marked = markedText
        markedText = ""
        markedSelectedRange = 0..<0
        insert(marked)
    }

    private mutating func insert(_ typed: String) {
        _ = removeSelection()
        let index = text.index(text.startIndex, offsetBy: caret)
        text.insert(contentsOf: typed, at: index)
        caret += typed.count
    }

    private mutating func moveCaret(_ position: Int) {
        caret = min(max(0, position), text.count)
        selectedRange = nil
    }

    /// Removes the selected characters, the caret where they were; false when none were.
    private mutating func removeSelection() -> Bool {
        guard let range = selectedRange else { return false }
        selectedRange = nil
        remove(from: range.lowerBound, to: range.upperBound)
        caret = range.lowerBound
        return true
    }

    private mutating func remove(from start: Int, to end: Int) {
        let (start, end) = (max(0, start), min(text.count, end))
        guard start < end else { return }
        text.removeSubrange(text.index(text.startIndex, offsetBy: start)..<text.index(text.startIndex, offsetBy: end))
        caret = start
    }

    /// Where the word before `position` starts, as Ctrl+Backspace in a shell's line: the
    /// separators (`/`, space) just before the caret go with the word, so that
    /// `/usr/share/` loses `share/`.
    private func wordStart(before position: Int) -> Int {
        let characters = Array(text.prefix(position))
        var start = characters.count
        while start > 0 && Self.isSeparator(characters[start - 1]) { start -= 1 }
        while start > 0 && !Self.isSeparator(characters[start - 1]) { start -= 1 }
        return start
    }

    private static func isSeparator(_ character: Character) -> Bool { character == "/" || character == " " }
}
