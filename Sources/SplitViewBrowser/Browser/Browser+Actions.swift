import SplitView
import SplitViewFiles

/// The app's own actions (``BrowserAction``), and opening a file in another program.
extension Browser {
    /// Performs one of the app's actions: Ctrl+H shows or hides hidden entries, Ctrl+O opens
    /// the selection in the desktop's program, Alt+Up and Backspace go up, Ctrl+L opens the
    /// location bar, Ctrl+D bookmarks the shown folder.
    func perform(_ action: BrowserAction) {
        switch action {
        case .toggleHiddenFiles: setShowsHidden(!showsHidden)
        case .openExternally: openExternally()
        case .addBookmark: bookmarkShownFolder()
        case .goUp: goUp()
        case .openLocation: openLocation()
        case .undo: undoLastChange()
        case .moveToTrash: moveSelectionToTrash()
        case .deletePermanently: askToDeletePermanently(selectedPaths)
        case .restoreFromTrash: restoreSelectionFromTrash()
        case .emptyTrash: askToEmptyTrash()
        case .rename: beginRenaming()
        case .newFolder: makeNewFolder()
        case .sortByName: sort(by: .name)
        case .sortBySize: sort(by: .size)
        case .sortByType: sort(by: .type)
        case .sortByModificationDate: sort(by: .modified)
        case .toggleReversedOrder: toggleReversedOrder()
        case .copyFiles: _ = putFilesOnClipboard(.copy)
        case .cutFiles: _ = putFilesOnClipboard(.cut)
        case .pasteFiles: paste()
        }
    }

    /// Shows or hides the entries whose names start with a dot, keeping every selection that
    /// still shows.
    func setShowsHidden(_ shows: Bool) {
        guard shows != showsHidden else { return }
        showsHidden = shows
        tree.showsHidden = shows
        if let name = selectedName, !shows, name.first == UInt8(ascii: ".") { selection.name = nil }
        tree.rebuild()
        treeDidChange()
        refreshEntries(keepingScroll: true)
    }

    /// Opens the selected file (or, without one, the selected folder) with the desktop's
    /// default program; a failure shows in the reader's notice band.
    func openExternally() {
        guard let folder = selectedFolder else { return }
        let path = selectedName.map(folder.appending) ?? folder
        if let failure = opener(path) { reportOpenFailure(path, failure) }
    }

    /// Says in the reader that `path` could not be opened.
    package func reportOpenFailure(_ path: FilePath, _ reason: String) {
        reader.notice = "Could not open “\(FilePath.displayName(path.lastComponent))”: \(reason)"
    }
}
