/// Filtering (Ctrl+F): the list shows only the rows whose title holds the query, ignoring
/// case, as GNOME Files' and Finder's search fields narrow a folder.
///
/// Rows keep their indices: ``ListViewController/selectedIndex``, ``ListViewController/onSelect``
/// and the data source speak of the rows as they are, and only what is shown (drawing,
/// hit-testing, the moves of the arrow and Page keys, type-ahead, the scroll bar) counts the
/// rows the filter keeps, by their position among them.
extension ListViewController {
    /// What the list is filtered by; empty when it is not.
    public var filterText: String { filter.query }

    /// How many rows show: those the filter keeps, else all.
    var shownCount: Int { filter.rows?.count ?? rowCount }

    /// The row shown at `position` (0 ..< ``shownCount``).
    func row(atPosition position: Int) -> Int { filter.rows?[position] ?? position }

    /// Where row `index` shows, or `nil` when the filter hides it (or it is no row).
    func position(ofRow index: Int) -> Int? {
        guard let rows = filter.rows else { return index >= 0 && index < rowCount ? index : nil }
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if rows[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low < rows.count && rows[low] == index ? low : nil
    }

    /// Selects the row shown at `position` (clamped into the rows shown), as the user would.
    func selectPosition(_ position: Int, in bounds: Rect) {
        let count = shownCount
        guard count > 0 else { return }
        selectRow(row(atPosition: min(max(position, 0), count - 1)), in: bounds)
    }

    /// Filters by `query`. The selection stays when the filter keeps it (the other selected
    /// rows only where it shows them), else the first row
    /// kept is selected (and ``ListViewController/onSelect`` told), so that Return opens
    /// what the filter found; rows found by typing start type-ahead over.
    ///
    /// Decided: the first match is selected, as Finder's and GNOME Files' search select the
    /// first result, rather than leaving a selection the list no longer shows.
    func applyFilter(_ query: String, in bounds: Rect) {
        filter.apply(query, count: rowCount, fold: searchTextFolder)
        typeAhead.reset()
        deselectHiddenRows()
        if let selectedIndex, position(ofRow: selectedIndex) != nil {
            scrollToVisible(selectedIndex, in: bounds)
        } else if shownCount > 0 {
            selectPosition(0, in: bounds)
        }
        setNeedsDisplay()
    }

    /// What appends a row's search text, folded, to the bytes: through the data source's
    /// bytes when it has one, held strongly once (a weak reference loaded 100 000 times costs
    /// more than the folding).
    var searchTextFolder: ListFilter.Folder {
        if let source = dataSource {
            return { index, bytes in source.withSearchText(at: index) { FilterRules.fold($0, into: &bytes) } }
        }
        return { [arrayRows] index, bytes in
            var text = arrayRows[index].title
            text.withUTF8 { FilterRules.fold($0, into: &bytes) }
        }
    }

    /// "12 of 4000" while filtering, "No match" when nothing is kept; `nil` unfiltered.
    var filterStatus: String? {
        guard let rows = filter.rows else { return nil }
        return rows.isEmpty ? String(translated: "No match") : String(translated: "\(rows.count) of \(rowCount)")
    }

    /// Shows every row again; the selection stays and comes into view at the next layout.
    func clearFilter() {
        guard filter.isFiltering || !filter.query.isEmpty else { return }
        filter.clear()
        revealsSelection = true
        setNeedsDisplay()
    }
}
