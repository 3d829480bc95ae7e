import SplitView
import SplitViewFiles

/// The places above the outline: read, followed on disk, chosen, and Ctrl+D's bookmark.
extension Browser {
    /// Reads the places and watches the folders of the bookmarks file and `user-dirs.dirs`
    /// (through the store, which tells ``foldersChanged(_:)``), so that a bookmark GNOME Files
    /// adds shows here too.
    func startPlaces() {
        guard let sources = navigation.places else { return }
        for folder in sources.watchedFolders { _ = store.listing(of: folder) }
        reloadPlaces()
    }

    /// Reads the places again (``Navigation/gatherPlaces()``), the trashes among them, keeping
    /// the place the keys have highlighted.
    func reloadPlaces() {
        guard let places = navigation.gatherPlaces() else { return }
        let place = highlightedPlace
        tree.places = trashPart.withTrashPlaces(places)
        treeDidChange(keepingPlace: place)
    }

    /// Chooses the place at the outline's `row`, if the row is one: true when it was.
    func choosePlace(at row: Int) -> Bool {
        guard tree.rows.indices.contains(row), let place = tree.rows[row].place else { return false }
        if place.kind == .trash, let failure = trashPart.makeHome() {
            reader.notice = String(translated: "Could not open the Trash: \(failure.description)")
            return true
        }
        if place.kind == .remote, let uri = place.uri {
            guard let gvfs = navigation.places?.gvfsFolder, let folder = GVfsFolders.localPath(of: uri, in: gvfs),
                case .success(let info) = FileInfo.read(folder), info.kind == .directory
            else {
                let name = place.name
                reader.notice = String(
                    translated:
                        "“\(name)” (\(uri)) is not mounted: mount it in GNOME Files or Thunar, or with “gio mount \(uri)”, then choose it again."
                )
                return true
            }
            reroot(at: folder)
            split.focusedColumn = .primary
            return true
        }
        reroot(at: place.path)
        split.focusedColumn = .primary
        return true
    }

    /// Shows `folder` as the outline's root, expanded and selected, its entries listed, and a
    /// step in the history: what choosing a place does. The outline's expanded folders and
    /// scroll position start afresh (they were the old root's); the places stay.
    ///
    /// Decided: a place is where the user wants to browse, so it becomes the outline's root
    /// (as a sidebar place does in GNOME Files); going up, a typed location and the history
    /// instead move the root only as far up as needed to hold the folder
    /// (``show(folder:selecting:)``), so that the outline keeps what was open.
    func reroot(at folder: FilePath) {
        guard folder != tree.root else { return select(folder: folder) }
        // The folder left is a step of the history, as any other: the selection is cleared
        // below, which would otherwise leave nothing to record (Back after a place then gave
        // the folder before the one left).
        if let shown = selectedFolder, shown != folder { navigation.leave(shown, root: tree.root) }
        listing.reroot(at: folder, rootTitle: trashPart.directory(showing: folder) != nil ? TrashPart.title : nil)
        folders.dataSource = tree
        folders.title = displayName(ofFolder: folder)
        folders.scrollOffset = 0
        selection = BrowserSelection()
        select(folder: folder)
    }

    /// Ctrl+D: adds the shown folder (the selected one, else the root) to GTK's bookmarks
    /// (``Navigation/bookmark(_:)``), and says in the reader's notice band what happened.
    func bookmarkShownFolder() {
        guard let (sentence, added) = navigation.bookmark(selectedFolder ?? tree.root) else { return }
        reader.notice = sentence
        if added { reloadPlaces() }
    }
}
