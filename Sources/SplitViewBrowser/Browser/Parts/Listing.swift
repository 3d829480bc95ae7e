import SplitViewFiles

/// What a window lists: the folders every window shares (the store and the orders chosen for
/// them), the outline's rows, the files list's rows, and whether hidden entries show.
///
/// The outline is made again when a place is chosen (``reroot(at:rootTitle:)``); the list's
/// rows are the browser's to fill (`Browser.refreshEntries(keepingScroll:)`).
final class Listing {
    /// The folders every window shows, shared with the other windows.
    let store: FileStore
    /// The order chosen for each folder, shared with the other windows.
    let sorts: FolderSorts
    /// The outline's rows: the places, then the folders under the root.
    private(set) var tree: FolderTree
    /// The file list's rows: the selected folder's entries.
    let entries: EntryList
    /// Whether hidden entries show (Ctrl+H).
    private(set) var showsHidden: Bool

    /// The listing of a window over `root`, `expanded` open in the outline, its root row titled
    /// `rootTitle` when that is not the folder's name.
    init(
        store: FileStore, sorts: FolderSorts, root: FilePath, expanded: Set<FilePath>, showsHidden: Bool,
        rootTitle: String?
    ) {
        self.store = store
        self.sorts = sorts
        self.showsHidden = showsHidden
        tree = FolderTree(root: root, store: store, expanded: expanded, showsHidden: showsHidden, rootTitle: rootTitle)
        entries = EntryList(showsHidden: showsHidden, types: store.types, orders: store.orders)
    }

    /// Shows or hides the entries whose names start with a dot in the outline (made again at
    /// once); false when they already did. The list takes it at its next filling.
    @discardableResult
    func setShowsHidden(_ shows: Bool) -> Bool {
        guard shows != showsHidden else { return false }
        showsHidden = shows
        tree.showsHidden = shows
        tree.rebuild()
        return true
    }

    /// A new outline at `folder`, expanded, with the places of the old one.
    func reroot(at folder: FilePath, rootTitle: String?) {
        let places = tree.places
        tree = FolderTree(root: folder, store: store, expanded: [folder], showsHidden: showsHidden, rootTitle: rootTitle)
        tree.places = places
    }
}
