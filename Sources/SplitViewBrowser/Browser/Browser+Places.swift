import Glibc
import SplitView
import SplitViewFiles

/// The places above the outline: read, followed on disk, chosen, and Ctrl+D's bookmark.
extension Browser {
    /// Reads the places and watches the folders of the bookmarks file and `user-dirs.dirs`
    /// (through the store, which tells ``foldersChanged(_:)``), so that a bookmark GNOME Files
    /// adds shows here too.
    func startPlaces() {
        guard let sources = placeSources else { return }
        for folder in sources.watchedFolders { _ = store.listing(of: folder) }
        reloadPlaces()
    }

    /// Reads the places again; a bookmarks file that cannot be used is said in one line
    /// (``report``, on stderr), once, and its bookmarks are left out while the other places show.
    func reloadPlaces() {
        guard let sources = placeSources else { return }
        let (places, problem) = sources.gather()
        if let problem, problem != placesProblem { report(problem) }
        placesProblem = problem
        let place = highlightedPlace
        tree.places = withTrashPlace(places)
        treeDidChange(keepingPlace: place)
    }

    /// Chooses the place at the outline's `row`, if the row is one: true when it was.
    func choosePlace(at row: Int) -> Bool {
        guard tree.rows.indices.contains(row), let place = tree.rows[row].place else { return false }
        if place.kind == .trash, let failure = makeHomeTrash() {
            reader.notice = "Could not open the Trash: \(failure.description)"
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
        let places = tree.places
        tree = FolderTree(
            root: folder, store: store, expanded: [folder], showsHidden: showsHidden,
            rootTitle: trashDirectory(showing: folder) != nil ? Self.trashTitle : nil)
        tree.places = places
        folders.dataSource = tree
        folders.title = displayName(ofFolder: folder)
        folders.scrollOffset = 0
        selection = BrowserSelection()
        select(folder: folder)
    }

    /// Adds the shown folder (the selected one, else the root) to GTK's bookmarks, written
    /// atomically with every other line kept byte for byte, and says in the reader's notice
    /// band what happened. A folder already there is left alone ("already bookmarked"); a
    /// bookmarks file that cannot be read or is not one is never rewritten. A bookmarks file
    /// that is a symbolic link stays one: the file it links to is replaced.
    func bookmarkShownFolder() {
        guard let sources = placeSources else { return }
        let folder = selectedFolder ?? tree.root
        let name = folder.lastName
        var contents: [UInt8] = []
        switch AtomicFile.read(sources.bookmarksFile, limit: GTKBookmarks.sizeLimit) {
        case .success(let bytes):
            if let problem = GTKBookmarks.problem(in: bytes) {
                reader.notice = "Could not bookmark “\(name)”: \(AtomicFile.printable(sources.bookmarksFile)): \(problem)"
                return
            }
            contents = bytes
        case .failure(let error) where error.code == ENOENT:
            if let error = AtomicFile.makeFolders(AtomicFile.parentFolder(of: sources.bookmarksFile)) {
                reader.notice = "Could not bookmark “\(name)”: \(error.description)"
                return
            }
        case .failure(let error):
            reader.notice = "Could not bookmark “\(name)”: \(error.description)"
            return
        }
        guard let added = GTKBookmarks.adding(folder, to: contents) else {
            reader.notice = "“\(name)” is already bookmarked."
            return
        }
        guard let target = sources.bookmarksTarget() else {
            reader.notice = "Could not bookmark “\(name)”: \(AtomicFile.printable(sources.bookmarksFile)) is a broken link"
            return
        }
        if let error = AtomicFile.write(added, to: target) {
            reader.notice = "Could not bookmark “\(name)”: \(error.description)"
            return
        }
        reader.notice = "Bookmarked “\(name)”."
        reloadPlaces()
    }
}
