/// The find field in a view controller's bar (Ctrl+F): opened by the split view for the
/// focused pane, closed by Escape or by the app.
///
/// Mirrors `UIFindInteraction`'s `presentFindNavigator(showingReplace:)` and
/// `dismissFindNavigator()`, without replace.
extension ViewController {
    /// True while the find field shows in this controller's bar.
    public var isFindNavigatorVisible: Bool { navigationItemIfLoaded?.searchField != nil }

    /// Opens the find field on the last query, all of it selected so that what is typed
    /// replaces it (or keeps it, with an arrow key); an open field gets its text selected.
    /// Nothing happens when the content cannot be searched. The split view then finds the
    /// query again (``find(_:in:)``), which needs the pane's bounds.
    public func presentFindNavigator() {
        guard isFindInteractionEnabled else { return }
        let query = navigationItem.searchField?.text ?? navigationItem.lastSearchText
        navigationItem.searchField = TextField(text: query, selectsAll: true, placeholder: findFieldPlaceholder)
    }

    /// Closes the find field and ends the find: the content shows everything again.
    public func dismissFindNavigator() {
        guard let field = navigationItemIfLoaded?.searchField else { return }
        navigationItem.lastSearchText = field.text
        navigationItem.searchField = nil
        endFind()
        setNeedsDisplay()
    }

    /// The field the bar shows: the ``NavigationItem/textField`` (the location bar) when
    /// there is one, else the find field saying ``findStatus`` beside the query, read as the
    /// bar is drawn, so that it follows what the content found.
    var barField: TextField? {
        guard let item = navigationItemIfLoaded else { return nil }
        if let field = item.textField { return field }
        guard var field = item.searchField else { return nil }
        field.message = findStatus
        return field
    }
}
