extension SplitViewController {
    /// The text field in the focused pane's bar, if any (the location bar, or the find
    /// field): the navigation item that holds it.
    var focusedTextFieldItem: NavigationItem? {
        guard isMounted, !focus.hasDivider, menuState == nil, prompt == nil, let column = focus.column,
            let item = children.wrapped[column]?.topViewController?.barOwner.navigationItemIfLoaded,
            item.textField != nil || item.searchField != nil
        else { return nil }
        return item
    }

    /// Offers `chord` to the text field in the focused pane's bar; true when the field used it.
    /// `text` is what the key types as the keyboard layout makes it, when the host said.
    ///
    /// A field has the keys before the key table, as a focused `UITextField` is the first
    /// responder: Left, Home or Backspace edit the text instead of collapsing a row or going
    /// up. A key it has no use for (Up, F9, Ctrl+Q, Alt+Left) goes on to the table.
    func sendKeyToTextField(_ chord: KeyChord, typing text: String?) -> Bool {
        guard let item = focusedTextFieldItem else { return false }
        // The copy key copies a field's text chosen whole, as a text field's Ctrl+C does.
        if keyBindings.command(for: chord, dividerFocused: false) == .copy,
            let field = item.textField ?? item.searchField, field.isAllSelected
        {
            post(.setSelection(.clipboard, text: field.text))
            return true
        }
        guard var field = item.textField else { return sendKeyToFindField(chord, typing: text, item) }
        switch field.handle(chord, typing: text) {
        case .ignored:
            return false
        case .edited:
            item.textField = field
        case .event(let event):
            item.textField = field  // a Tab remembers the text it completed
            item.textFieldHandler?(event)
        }
        publish()
        return true
    }

    /// Shows an input method's text under composition in the focused bar's field (the
    /// location bar, a rename's field, the find field); nothing when no field has the keys.
    func setMarkedText(_ marked: String, selectedRange: Range<Int>) {
        guard let item = focusedTextFieldItem else { return }
        if var field = item.textField {
            field.setMarkedText(marked, selectedRange: selectedRange)
            item.textField = field
        } else if var field = item.searchField {
            field.setMarkedText(marked, selectedRange: selectedRange)
            item.searchField = field
        }
        publish()
    }

    /// Where the caret of the field that has the keys is, in window points (UIKit's
    /// `caretRect(for:)` of the first responder), or nil when no bar's field has them.
    ///
    /// A host tells its input method this place (XIM's spot location), so that the input
    /// method's own preedit window and its candidates open beside the caret, not at a corner
    /// of the screen.
    public var textInputCaretRect: Rect? {
        guard focusedTextFieldItem != nil, let column = focus.column, let placement = layout.placement(of: column),
            let chrome = paneKey(for: column)?.chrome, let caret = chrome.textFieldCaretRect(textMeasurer)
        else { return nil }
        return caret.offsetBy(dx: placement.frame.minX, dy: placement.frame.minY)
    }
}
