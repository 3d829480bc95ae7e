import SplitView
import SplitViewFiles

/// The primary column: the folders under the root as an outline.
///
/// The root is the first row, expanded at first. A folder's triangle shows until its listing
/// is known to hold no (visible) subfolder, as in Nautilus: knowing would mean reading every
/// visible folder. An expanded folder still being read shows a "Loading…" row under it, one
/// that cannot be read shows why. A link to a folder expands like a folder, except into one of
/// its own ancestors (a loop), which shows "Link loop" instead of its children.
final class FolderTree: ListDataSource {
    /// One row of the outline.
    struct Row: Hashable {
        /// The folder, or the folder a message row belongs to.
        var path: FilePath
        /// 0 for the root.
        var depth: Int
        /// The folder's name, escaped where it is not UTF-8; or the message.
        var title: String
        /// False for a message row ("Loading…", "Permission denied").
        var isFolder: Bool
        /// The triangle, or nil for a folder known to hold no subfolder and for messages.
        var disclosure: ListItem.Disclosure?
    }

    let root: FilePath
    private let store: FileStore
    /// The expanded folders.
    private(set) var expanded: Set<FilePath>
    /// Whether hidden folders show.
    var showsHidden: Bool
    private(set) var rows: [Row] = []

    init(root: FilePath, store: FileStore, expanded: Set<FilePath>, showsHidden: Bool) {
        self.root = root
        self.store = store
        self.expanded = expanded
        self.showsHidden = showsHidden
        rebuild()
    }

    var numberOfRows: Int { rows.count }
    var rowsHaveSubtitles: Bool { false }

    func item(at index: Int) -> ListItem {
        let row = rows[index]
        return ListItem(title: row.title, indentation: row.depth, disclosure: row.disclosure)
    }

    func searchText(at index: Int) -> String { rows[index].isFolder ? rows[index].title : "" }

    /// The row of `folder`, if it shows.
    func index(of folder: FilePath) -> Int? {
        rows.firstIndex { $0.isFolder && $0.path == folder }
    }

    /// Expands or collapses `folder`; true when that changed the rows.
    @discardableResult
    func setExpanded(_ folder: FilePath, _ expand: Bool) -> Bool {
        let changed = expand ? expanded.insert(folder).inserted : expanded.remove(folder) != nil
        if changed { rebuild() }
        return changed
    }

    /// Expands every folder from the root down to `folder`'s parent, so that `folder` shows.
    func reveal(_ folder: FilePath) {
        var chain: [FilePath] = []
        var step = folder
        while step != root && step.bytes.count > root.bytes.count {
            step = step.parent
            chain.append(step)
        }
        for ancestor in chain { expanded.insert(ancestor) }
        rebuild()
    }

    /// Builds the rows again from the store's listings (after a read or a change).
    func rebuild() {
        var rows: [Row] = []
        var ancestors: Set<FileIdentity> = []
        add(
            root, name: FilePath.displayName(root.lastComponent.isEmpty ? root.bytes : root.lastComponent),
            depth: 0, identity: try? FileInfo.read(root).get().identity, ancestors: &ancestors, into: &rows)
        self.rows = rows
    }

    /// Adds `folder`'s row and, when it is expanded, its subfolders' rows. `identity` is the
    /// folder's device and inode (its target's, for a link), from the parent listing's cached
    /// entry rather than a `stat` of its path at every rebuild: a path walk costs one step per
    /// level, and a tree thousands of levels deep made each rebuild quadratic in its depth.
    /// The ancestors are a set for the same reason.
    private func add(
        _ folder: FilePath, name: String, depth: Int, identity: FileIdentity?, ancestors: inout Set<FileIdentity>,
        into rows: inout [Row]
    ) {
        let isExpanded = expanded.contains(folder)
        // Only expanded folders are read: a collapsed one uses what is known already.
        let listing = isExpanded ? store.listing(of: folder) : store.known(folder) ?? .loading
        var disclosure: ListItem.Disclosure? = isExpanded ? .expanded : .collapsed
        if case .loaded(let entries) = listing, entries.subfolderIndices.allSatisfy({ !visible(entries.entries[$0]) }) {
            disclosure = nil
        }
        rows.append(Row(path: folder, depth: depth, title: name, isFolder: true, disclosure: disclosure))
        guard isExpanded else { return }
        func message(_ text: String) { rows.append(Row(path: folder, depth: depth + 1, title: text, isFolder: false)) }
        guard let identity else { return message("Cannot read this folder") }
        if ancestors.contains(identity) {
            return message("Link loop: an enclosing folder")
        }
        switch listing {
        case .loading: message("Loading…")
        case .failed(let error): message(error.reason)
        case .loaded(let entries):
            ancestors.insert(identity)
            for index in entries.subfolderIndices where visible(entries.entries[index]) {
                let entry = entries.entries[index]
                add(
                    folder.appending(entry.name), name: entry.displayName, depth: depth + 1,
                    identity: try? entries.info(at: index).get().identity, ancestors: &ancestors, into: &rows)
            }
            ancestors.remove(identity)
        }
    }

    private func visible(_ entry: FolderListing.Entry) -> Bool { showsHidden || !entry.isHidden }
}
