import SplitView
import SplitViewFiles

/// Sorting the files column: by name, size, type or modification date, reversed or not, chosen
/// per folder from the View menu or the keys (Ctrl+Alt+1 to 4, Ctrl+Alt+R) and remembered.
extension Browser {
    /// The folder whose order the sort commands change: the one the files column lists.
    var sortedFolder: FilePath { selectedFolder ?? tree.root }

    /// Orders the shown folder by `key`, keeping whether it is reversed.
    func sort(by key: FolderSort.Key) {
        var sort = sorts[sortedFolder]
        sort.key = key
        sorts.set(sort, for: sortedFolder)
    }

    /// Reverses the shown folder's order, or puts it back.
    func toggleReversedOrder() {
        var sort = sorts[sortedFolder]
        sort.isReversed.toggle()
        sorts.set(sort, for: sortedFolder)
    }

    /// A folder's order changed (in this window or another): the list shows it again when it
    /// is that folder, every selected entry kept and the lead scrolled to; the menu's checks
    /// follow.
    func sortChanged(of folder: FilePath) {
        guard folder == selectedFolder else { return }
        refreshEntries(keepingScroll: true)
        refreshMenu()
    }

    /// The View menu as it reads now.
    func refreshMenu() {
        split.additionalMenuItems = menuItems
    }

}
