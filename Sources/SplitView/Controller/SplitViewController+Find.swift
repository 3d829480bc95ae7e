/// Find (Ctrl+F, F3, Shift+F3): the find field in the focused pane's bar, and the steps
/// through what it found.
///
/// The content decides what finding means (``ViewController/find(_:in:)``): a list keeps the
/// rows that hold the query, a text highlights where it occurs. The split view opens the
/// field, gives it the keys while its pane has the focus, and routes the steps.
extension SplitViewController {
    /// Ctrl+F: opens the find field in the focused pane's bar on the last query, found again
    /// at once, or selects its text when it is open; nothing in a pane whose content cannot be
    /// searched.
    func beginFind() {
        guard let (content, bounds) = focusedContent() else { return }
        content.presentFindNavigator()
        if let query = content.navigationItemIfLoaded?.searchField?.text, !query.isEmpty { content.find(query, in: bounds) }
    }

    /// F3 and Shift+F3: the next or previous thing found, in the focused pane when it is
    /// finding, else in the secondary when that is; with nothing being found, F3 opens the
    /// focused pane's find field, as a browser's does.
    func stepFind(_ command: Command) {
        for (content, bounds) in [focusedContent(), secondaryContent()].compactMap({ $0 })
        where content.isFindNavigatorVisible {
            _ = content.perform(command, in: bounds)
            return
        }
        if command == .findNext { beginFind() }
    }

    /// A key for the find field in the focused pane's bar; true when the field used it.
    /// Typing finds as it goes; Return is the content's ``Command/activate`` (a list opens
    /// the row, a text goes to the next match), Shift+Return ``Command/findPrevious``; Escape
    /// closes the field and shows everything again; Tab is not the field's.
    func sendKeyToFindField(_ chord: KeyChord, typing text: String?, _ item: NavigationItem) -> Bool {
        guard var field = item.searchField, let content = item.owner, let (_, bounds) = focusedContent() else { return false }
        let before = field.text
        switch field.handle(chord, typing: text) {
        case .ignored, .event(.complete):
            return false
        case .edited:
            item.searchField = field
            if field.text != before { content.find(field.text, in: bounds) }
        case .event(.submit):
            _ = content.perform(chord.modifiers.contains(.shift) ? .findPrevious : .activate, in: bounds)
        case .event(.cancel):
            content.dismissFindNavigator()
        }
        publish()
        return true
    }

    /// The focused pane's top view controller and its content bounds.
    private func focusedContent() -> (ViewController, Rect)? {
        guard let column = focus.column else { return nil }
        return content(on: column)
    }

    /// The secondary's top view controller and its content bounds, when it shows.
    private func secondaryContent() -> (ViewController, Rect)? {
        content(on: .secondary)
    }

    private func content(on column: Column) -> (ViewController, Rect)? {
        guard let placement = settledLayout.placement(of: column), let top = children.wrapped[column]?.topViewController
        else { return nil }
        return (top, LayoutComputation.contentBounds(ofPaneSized: placement.frame.size))
    }
}
