/// Several rows selected at once, as GTK's and GNOME Files' lists select them: Ctrl+click adds
/// or removes a row, Shift+click and Shift with the moving keys select the range from the
/// anchor, Ctrl+A selects every row shown, Escape or a plain click leaves one.
///
/// The lead row (``ListViewController/selectedIndex``) is always among the selected ones: it
/// is the row the keys move from and the one the app shows (the reader shows one file). Rows
/// are counted as they show: a range in a filtered list holds only the rows the filter keeps,
/// and filtering deselects the rows it hides, so that an action never reaches a file the user
/// cannot see.
extension ListViewController {
    /// Selects `rows` (those that exist), `lead` among them (added when it is not), without
    /// calling ``onSelect`` or ``onSelectionChange``; a nil `lead` with rows makes the first
    /// the lead. Mirrors `UITableView.selectRow(at:animated:scrollPosition:)` over several rows.
    public func selectRows(_ rows: Set<Int>, lead: Int?) {
        let count = rowCount
        var kept = rows.filter { $0 >= 0 && $0 < count }
        let lead = lead.flatMap { $0 >= 0 && $0 < count ? $0 : nil } ?? kept.min()
        if let lead { kept.insert(lead) }
        selectedIndexes = kept
        selectedIndex = lead
        if let anchor = selectionAnchor, !kept.contains(anchor) { selectionAnchor = lead }
    }

    /// Where a moving command takes the lead, among the rows shown: Up and Down one row, Page
    /// Up and Page Down a screen less a row, Home and End the ends; nil for other commands.
    func movePosition(_ command: Command, in bounds: Rect) -> Int? {
        let page = max(1, Int(bounds.height / rowHeight) - 1)
        // Moves count the rows shown: a filtered list steps through the rows it keeps.
        let current = selectedIndex.flatMap(position(ofRow:))
        switch command {
        case .selectNext, .findNext: return current.map { $0 + 1 } ?? 0
        case .selectPrevious, .findPrevious: return current.map { $0 - 1 } ?? 0
        case .pageDown: return current.map { $0 + page } ?? 0
        case .pageUp: return current.map { $0 - page } ?? 0
        case .scrollToTop: return 0
        case .scrollToEnd: return shownCount - 1
        default: return nil
        }
    }

    /// Shift with Up, Down, Page Up, Page Down, Home or End: the lead moves as without Shift,
    /// and the rows from the anchor to it are selected. False (the key goes on) without
    /// ``allowsMultipleSelection`` or for another chord.
    func extendsSelection(by chord: KeyChord, in bounds: Rect) -> Bool {
        guard allowsMultipleSelection, chord.modifiers == .shift else { return false }
        let command: Command
        switch chord.key {
        case .up: command = .selectPrevious
        case .down: command = .selectNext
        case .pageUp: command = .pageUp
        case .pageDown: command = .pageDown
        case .home: command = .scrollToTop
        case .end: command = .scrollToEnd
        default: return false
        }
        let count = shownCount
        guard count > 0, let target = movePosition(command, in: bounds) else { return true }
        typeAhead.reset()
        extendSelection(to: row(atPosition: min(max(target, 0), count - 1)), adding: false, in: bounds)
        return true
    }

    /// Shift+click (and Shift+arrows): the rows shown from the anchor to `index` are selected,
    /// `index` the lead; `adding` (Ctrl+Shift+click) keeps the rows selected before. The
    /// anchor stays, so that the next Shift+click redraws the range from the same row.
    func extendSelection(to index: Int, adding: Bool, in bounds: Rect) {
        guard let target = position(ofRow: index) else { return }
        let anchor = selectionAnchor.flatMap { position(ofRow: $0) != nil ? $0 : nil } ?? selectedIndex ?? index
        let from = position(ofRow: anchor) ?? target
        var rows = adding ? selectedIndexes : []
        for position in min(from, target)...max(from, target) { rows.insert(row(atPosition: position)) }
        selectedIndexes = rows
        selectedIndex = index
        selectionAnchor = anchor
        scrollToVisible(index, in: bounds)
        onSelect?(index)
        onSelectionChange?()
    }

    /// Ctrl+click: a row not selected is added and becomes the lead; a selected one is
    /// removed, and when it was the lead, the nearest selected row below it (else above)
    /// leads, or none is left. The row becomes the anchor either way.
    func toggleRow(_ index: Int, in bounds: Rect) {
        typeAhead.reset()
        selectionAnchor = index
        if !selectedIndexes.contains(index) {
            selectedIndexes.insert(index)
            selectedIndex = index
            scrollToVisible(index, in: bounds)
            onSelect?(index)
            onSelectionChange?()
            return
        }
        selectedIndexes.remove(index)
        if selectedIndex == index {
            let lead = selectedIndexes.filter { $0 > index }.min() ?? selectedIndexes.max()
            selectedIndex = lead
            if let lead { onSelect?(lead) }
        }
        onSelectionChange?()
    }

    /// Ctrl+A: every row shown, the lead kept (else the first shown leads). False, so that the
    /// key goes on, without ``allowsMultipleSelection`` or rows.
    func selectAllRows() -> Bool {
        let count = shownCount
        guard allowsMultipleSelection, count > 0 else { return false }
        let rows = Set((0..<count).map(row(atPosition:)))
        let lead = selectedIndex.flatMap { rows.contains($0) ? $0 : nil } ?? row(atPosition: 0)
        let leadChanged = lead != selectedIndex
        selectedIndexes = rows
        selectedIndex = lead
        if selectionAnchor == nil { selectionAnchor = lead }
        if leadChanged { onSelect?(lead) }
        onSelectionChange?()
        return true
    }

    /// Escape with several rows selected: the lead alone stays. False with one or none, so
    /// that Escape goes on to the window.
    func reduceSelectionToLead() -> Bool {
        guard selectedIndexes.count > 1, let lead = selectedIndex else { return false }
        selectedIndexes = [lead]
        selectionAnchor = lead
        onSelectionChange?()
        return true
    }

    /// Deselects the rows the filter hides, but the lead: the filter moves a hidden lead to
    /// the first row it keeps, as the user would.
    func deselectHiddenRows() {
        guard filter.isFiltering else { return }
        let kept = selectedIndexes.filter { position(ofRow: $0) != nil || $0 == selectedIndex }
        guard kept != selectedIndexes else { return }
        selectedIndexes = kept
        onSelectionChange?()
    }

    /// Selects `index` (clamped into the rows) as the user would: scrolls it into view (when
    /// a filter shows it) and calls ``onSelect``.
    public func selectRow(_ index: Int, in bounds: Rect) {
        let count = rowCount
        guard count > 0 else { return }
        let index = min(max(index, 0), count - 1)
        selectedIndexes = [index]
        selectionAnchor = index
        selectedIndex = index
        scrollToVisible(index, in: bounds)
        onSelect?(index)
        onSelectionChange?()
    }

    /// Scrolls so that row `index` is visible in `bounds`, without selecting it; a row the
    /// filter hides stays hidden.
    public func scrollToVisible(_ index: Int, in bounds: Rect) {
        guard let position = position(ofRow: index) else { return }
        let top = Double(position) * rowHeight
        if top < scrollOffset { scrollOffset = top }
        if top + rowHeight > scrollOffset + bounds.height { scrollOffset = top + rowHeight - bounds.height }
        clampScroll(in: bounds)
    }
}
