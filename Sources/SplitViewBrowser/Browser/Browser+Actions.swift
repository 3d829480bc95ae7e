import SplitView
import SplitViewFiles

/// The app's own actions (``BrowserActions``) in the window: the core hands them back here,
/// and the menus are read from the table. Also opening a file in another program.
extension Browser {
    /// Performs the app's action the core handed back (a key, a menu item); false for a value
    /// that is not the browser's.
    func perform(_ action: AppAction) -> Bool {
        BrowserActions.perform(action, on: self)
    }

    /// Performs `action` by its row's handler.
    func perform(_ action: BrowserAction) {
        _ = BrowserActions.perform(AppAction(action), on: self)
    }

    /// The app's items of the View menu, after the split view's: every row of the table with a
    /// View menu group, beside the key the live table binds to it, and the selected file's
    /// applications last.
    var menuItems: [MenuItem] {
        BrowserActions.menuItems(\.viewMenu, for: self, file: selectedPaths.first)
    }

    /// The View menu's items made again for what changed (the selection, the sort, the undo
    /// stack, the applications read), when the menu is open; closed, it is left alone.
    ///
    /// Decided: the items are made as the menu opens (`viewMenuWillOpen`), not at every
    /// change. Made at every selection, they were 0.5 M instructions before the first frame
    /// and work at every arrow key, for a menu seldom opened. The core reads them only while
    /// it draws the open menu.
    func refreshMenu() {
        if split.isViewMenuOpen { split.additionalMenuItems = menuItems }
    }

    /// The context menu of the files list's row `index`: the table's rows with a context
    /// group, for that row's file. The applications its "Open With" lists are read now if they
    /// were not yet (``FileTypes/requestApplications()``).
    func contextMenuItems(forRow index: Int) -> [MenuItem] {
        guard let entry = entries.entry(at: index), let folder = selectedFolder else { return [] }
        store.types.requestApplications()
        let file = folder.appending(entry.name)
        contextMenuFile = file
        return BrowserActions.menuItems(\.contextMenu, for: self, file: file)
    }

    // MARK: - What the rows ask

    /// Whether an entry of the list is selected: what acts on files has something to act on.
    var hasSelectedEntry: Bool { selectedFolder != nil && selectedName != nil }

    /// Whether the shown folder is a trash's `files/`.
    var isShowingTrash: Bool { selectedFolder.flatMap(trashPart.directory(showing:)) != nil }

    /// Move to Trash: something selected, outside a trash.
    var canMoveToTrash: Bool { hasSelectedEntry && !isShowingTrash }

    /// Restore From Trash: something selected in a trash.
    var canRestoreFromTrash: Bool { hasSelectedEntry && isShowingTrash }

    /// Empty Trash: a trash shown, holding something.
    var canEmptyTrash: Bool { isShowingTrash && entries.listing?.entries.isEmpty == false }

    /// Whether the window shows places (and so has bookmarks to add to).
    var hasPlaces: Bool { navigation.places != nil }

    /// Whether the shown folder is ordered by `key`.
    func isSorted(by key: FolderSort.Key) -> Bool { sorts[sortedFolder].key == key }

    /// Whether the shown folder's order is reversed.
    var isReversed: Bool { sorts[sortedFolder].isReversed }

    // MARK: - Handlers

    /// Shows or hides the entries whose names start with a dot, keeping every selection that
    /// still shows.
    func setShowsHidden(_ shows: Bool) {
        guard listing.setShowsHidden(shows) else { return }
        if let name = selectedName, !shows, name.first == UInt8(ascii: ".") { selection.name = nil }
        treeDidChange()
        refreshEntries(keepingScroll: true)
    }

    /// Opens the selected file (or, without one, the selected folder) with the desktop's
    /// default program; a failure shows in the reader's notice band.
    func openExternally() {
        guard let folder = selectedFolder else { return }
        let path = selectedName.map(folder.appending) ?? folder
        if let failure = programs.opener(path) { reportOpenFailure(path, failure) }
    }

    /// Says in the reader that `path` could not be opened.
    package func reportOpenFailure(_ path: FilePath, _ reason: String) {
        reader.notice = String(translated: "Could not open “\(FilePath.displayName(path.lastComponent))”: \(reason)")
    }
}
