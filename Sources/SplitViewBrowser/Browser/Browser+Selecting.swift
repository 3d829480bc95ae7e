import SplitView
import SplitViewFiles

/// Selecting as the user does: a folder in the outline, an entry in the list, a row opened
/// into the next column.
extension Browser {
    /// Selects `folder` as the user would by clicking it — revealed in the outline, its entries
    /// listed — and the entry called `name` in it, if given. While the folder is still being
    /// read, the list says "Loading…" and the entry is selected when the listing arrives. A
    /// folder known not to be there (a saved state naming one since deleted) gives way to its
    /// nearest enclosing folder, as when the shown folder goes (see `followSelectedFolder()`).
    package func select(folder: FilePath, name: [UInt8]? = nil) {
        defer { followSelectedFolder() }
        if tree.index(of: folder) == nil { tree.reveal(folder) }
        folders.reloadData()
        folders.selectedIndex = tree.index(of: folder)
        if let index = folders.selectedIndex { folders.scrollToVisible(index, in: listBounds) }
        showFolder(folder)
        if let name {
            selection.name = name
            refreshEntries(keepingScroll: true)
            if let index = fileList.selectedIndex { fileList.scrollToVisible(index, in: listBounds) }
        }
    }

    /// The files the user's next action on files acts on (Delete, F2, Ctrl+C): every entry
    /// selected in the list, in the list's order, or none.
    var selectedPaths: [FilePath] {
        selection.paths(rows: fileList.selectedIndexes) { entries.entry(at: $0)?.name }
    }

    /// The list's selected rows changed (a click, Shift or Ctrl with a click or a key, Ctrl+A,
    /// Escape): the other names are kept beside the lead's, and no lead left means no entry.
    func listSelectionChanged() {
        let kept = selection.rowsChanged(fileList.selectedIndexes, lead: fileList.selectedIndex) { entries.entry(at: $0)?.name }
        if !kept { deselectEntry() }
    }

    /// Selects again, after the rows changed, the other entries still listed beside the lead
    /// (``BrowserSelection/rowsToKeep(lead:rowCount:name:)``).
    private func reselectOthers() {
        guard let lead = fileList.selectedIndex else {
            selection.others = []
            return
        }
        let rows = selection.rowsToKeep(lead: lead, rowCount: entries.numberOfRows) { entries.entry(at: $0)?.name }
        fileList.selectRows(rows, lead: lead)
    }

    /// A list's content area for scrolling a row into view before the first layout: the
    /// window's height less the bar, or a typical one.
    var listBounds: Rect {
        let bar = LayoutMetrics.navigationBarHeight
        let height = split.layout.size.height > 0 ? split.layout.size.height : 900
        return Rect(x: 0, y: bar, width: 300, height: max(0, height - bar))
    }

    /// Selects no entry: the reader says so.
    func deselectEntry() {
        selection.clearEntry()
        fileList.selectedIndex = nil
        showSelection()
    }

    /// An outline row selected (an arrow key): its folder's entries show at once.
    func selectTreeRow(_ index: Int) {
        guard tree.rows.indices.contains(index), tree.rows[index].isFolder else { return }
        showFolder(tree.rows[index].path)
    }

    /// Lists `folder`; a folder other than the shown one starts with no entry selected, and
    /// unfiltered.
    ///
    /// Decided: a filter (Ctrl+F) belongs to the folder it was typed in, as GNOME Files' search
    /// does; the next folder shows all its entries, and Ctrl+F brings the query back.
    func showFolder(_ folder: FilePath) {
        let changed = folder != selectedFolder
        if changed {
            navigation.leave(selectedFolder, root: tree.root)
            fileList.dismissFindNavigator()
            // The entry being renamed is no longer shown.
            endRenaming()
        }
        _ = selection.show(folder, identity: self.tree.identity(of: folder) ?? (try? FileInfo.read(folder).get().identity))
        if changed { fileList.selectedIndex = nil }
        fileList.title = displayName(ofFolder: folder)
        refreshEntries(keepingScroll: !changed)
        // The View menu checks the shown folder's order.
        if changed { refreshMenu() }
        if split.style != .tripleColumn && changed {
            split.navigationController(for: .primary)?.popToRootViewController(animated: false)
        }
    }

    /// Lists the selected folder's entries again, keeping the selected name when it is still
    /// there.
    func refreshEntries(keepingScroll: Bool) {
        guard let folder = selectedFolder else { return }
        entries.trash = trashPart.directory(showing: folder)
        // Before its first reading starts: a large folder is then read and ordered in one job.
        store.orders.want(sorts[folder].key, for: folder)
        switch store.listing(of: folder) {
        case .loading:
            entries.show(nil, showsHidden: showsHidden)
            fileList.emptyText = String(translated: "Loading…")
        case .failed(let error):
            entries.show(nil, showsHidden: showsHidden)
            fileList.emptyText = error.reason
        case .loaded(let listing):
            entries.show(listing, showsHidden: showsHidden, sort: sorts[folder])
            fileList.emptyText =
                showsHidden || listing.entries.isEmpty
                ? String(translated: "Empty folder") : String(translated: "Only hidden files (Ctrl+H shows them)")
        }
        fileList.reloadData(keepingScroll: keepingScroll)
        if let name = selectedName, entries.index(of: name) == nil, let renamed = renamedSelection() {
            selection.name = renamed
        }
        fileList.selectedIndex = selectedName.flatMap(entries.index(of:))
        reselectOthers()
        if let index = fileList.selectedIndex { fileList.scrollToVisible(index, in: listBounds) }
        showSelection()
    }

    /// A list row selected (an arrow key, a click): the reader follows.
    func selectEntry(_ index: Int) {
        guard let entry = entries.entry(at: index) else { return }
        selection.name = entry.name
        showSelection(at: index)
    }

    /// Whether the list's row `index` is a folder.
    func isFolder(at index: Int) -> Bool {
        guard let entry = entries.entry(at: index) else { return false }
        return entry.isFolder
    }

    /// Return on an entry: a folder opens in the outline (its entries replace the list), a file
    /// takes the focus to the reader.
    func activateEntry(_ index: Int) {
        guard let entry = entries.entry(at: index), let folder = selectedFolder else { return }
        if isFolder(at: index) {
            select(folder: folder.appending(entry.name))
            if split.style == .tripleColumn { split.focusedColumn = .supplementary }
        } else {
            open(.secondary, focus: true)
        }
    }

    /// Opens the column a row feeds: the double column pushes the entries on the primary's
    /// stack; a collapsed interface pushes the column; Return also moves the focus there.
    func open(_ column: SplitViewController.Column, focus: Bool) {
        if split.style != .tripleColumn && column == .supplementary {
            if let stack = split.navigationController(for: .primary), stack.topViewController !== fileList {
                stack.pushViewController(fileList, animated: true)
            }
            if focus { split.focusedColumn = .primary }
            return
        }
        if split.isCollapsed {
            split.show(column)
        } else if focus {
            split.focusedColumn = column
        }
    }
}
