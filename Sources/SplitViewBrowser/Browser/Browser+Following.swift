import Glibc
import SplitView
import SplitViewFiles

/// The selection following the disk: the selected file renamed, the selected folder renamed
/// or gone.
extension Browser {
    /// Shows the outline's rows again after they changed, keeping the selected folder.
    func treeDidChange(keepingPlace place: Place? = nil) {
        let selected = selectedFolder
        folders.reloadData()
        if let place, let index = tree.rows.firstIndex(where: { $0.place == place }) {
            folders.selectedIndex = index
            return
        }
        folders.selectedIndex = selected.flatMap(tree.index(of:))
    }

    /// The place whose row the keys have highlighted (moving through the places, before
    /// Return chooses one), if any.
    ///
    /// Decided: a change to the places or the outline (a bookmark added, a folder read) keeps
    /// that highlight on its place, wherever its row goes; before, it went back to the folder
    /// shown, and the next arrow key started from there.
    var highlightedPlace: Place? {
        folders.selectedIndex.flatMap { tree.rows.indices.contains($0) ? tree.rows[$0].place : nil }
    }

    /// The store read folders again (or for the first time): the outline, the list and the
    /// reader follow, each keeping its selection when it still exists.
    func foldersChanged(_ changed: Set<FilePath>) {
        let place = highlightedPlace
        tree.refresh(changed)
        if let watched = navigation.places?.watchedFolders, !watched.isDisjoint(with: changed) { reloadPlaces() }
        treeDidChange(keepingPlace: place)
        if let folder = selectedFolder, changed.contains(folder) {
            refreshEntries(keepingScroll: true)
        } else if selectedFolder == nil, changed.contains(tree.root) {
            select(folder: tree.root)
        }
        followSelectedFolder()
    }

    /// The selected file's new name when it was renamed in its folder: the entry with the same
    /// device and inode. Only folders of up to ``renameSearchLimit`` entries are searched (each
    /// entry costs an `lstat`); in a larger one the selection ends, as for a deleted file.
    func renamedSelection() -> [UInt8]? {
        guard let selected = selection.fileIdentity, selected.folder == selectedFolder, let listing = entries.listing,
            listing.entries.count <= Self.renameSearchLimit
        else { return nil }
        let match = listing.entries.indices.first { (try? listing.info(at: $0).get())?.identity == selected.identity }
        return match.map { listing.entries.name(at: $0) }
    }

    /// The largest folder searched for a renamed selection.
    static let renameSearchLimit = 10_000

    /// Follows the selected folder when it is no longer where it was (its listing failed with
    /// "No such file or directory" or "Not a directory").
    ///
    /// Renamed within its folder, it is found by its device and inode and selected under its
    /// new name, with the same file; deleted, or moved elsewhere, the nearest enclosing folder
    /// still there is selected, as file managers do, rather than a list that only says the
    /// folder is gone. An enclosing folder renamed is not followed: its subfolders' identities
    /// are not known any more. While the enclosing folder's listing still names the folder
    /// (its new reading has not arrived), nothing moves: that reading follows, and a folder
    /// made again under the same name is read again and stays selected. A file in its place is
    /// not the folder: the enclosing one is selected. As for a renamed file, only folders of up
    /// to ``renameSearchLimit`` entries are searched (each subfolder costs a `stat`).
    func followSelectedFolder() {
        guard var gone = selectedFolder, gone != tree.root, Self.isGone(store.known(gone)) else { return }
        let folder = gone
        while true {
            let parent = gone.parent
            switch store.known(parent) {
            case .loaded(let listing)?:
                let name = gone.lastComponent
                if listing.subfolderIndices.contains(where: { listing.entries.hasName(name, at: $0) }) { return }
                if gone == folder, let identity = selection.folderIdentity, listing.entries.count <= Self.renameSearchLimit,
                    let index = listing.subfolderIndices.first(where: {
                        (try? listing.info(at: $0).get())?.identity == identity
                    })
                {
                    return withoutHistory { select(folder: listing.path(at: index), name: selectedName) }
                }
                return withoutHistory { select(folder: parent) }
            case .failed? where Self.isGone(store.known(parent)) && parent != tree.root && parent != gone:
                gone = parent
            default:
                return
            }
        }
    }

    /// Whether a listing failed because its folder is not there any more.
    static func isGone(_ listing: FileStore.Listing?) -> Bool {
        guard case .failed(let error)? = listing else { return false }
        return error.code == ENOENT || error.code == ENOTDIR
    }
}
