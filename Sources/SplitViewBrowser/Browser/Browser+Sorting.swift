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

    /// A large folder's order came from the worker (``FolderOrders``): the list takes it when
    /// it shows that folder, every selected entry kept, and the lead row where it was in the
    /// pane (at the same height, as far as the list's ends allow), since the user was looking
    /// at it while the names stood in name order.
    func orderArrived(for folders: Set<FilePath>) {
        guard let folder = selectedFolder, folders.contains(folder) else { return }
        let height = listBounds.height
        let lead = fileList.selectedIndex.map { Double($0) * fileList.rowHeight - fileList.scrollOffset }
        refreshEntries(keepingScroll: true)
        // A filtered list's rows are not at their indices; there the lead is only kept in view.
        guard let lead, lead >= 0, lead + fileList.rowHeight <= height, fileList.filterText.isEmpty,
            let index = fileList.selectedIndex
        else { return }
        fileList.scrollOffset = Double(index) * fileList.rowHeight - lead
        fileList.scrollToVisible(index, in: listBounds)
    }
}
