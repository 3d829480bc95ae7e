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
        /// The place a row of the places above the outline chooses (``PlaceRows``); `nil` for
        /// the outline's rows and the places' heading.
        var place: Place?
    }

    /// The outline's first row. It only ever moves up (``moveRoot(to:)``): going above it
    /// makes the folder gone to, or the nearest folder enclosing both, the new root.
    private(set) var root: FilePath
    private let store: FileStore
    /// The expanded folders.
    private(set) var expanded: Set<FilePath> {
        didSet { revision &+= 1 }
    }
    /// Counts the changes to ``expanded``, so that a reader can keep what it made of it (the
    /// state file's list) until it changes.
    private(set) var revision = 0
    /// The expanded folders as the state file lists them, and the ``revision`` they were made
    /// at (see ``savedExpansions()``).
    private var savedExpansionsCache: (revision: Int, folders: [String]) = (-1, [])
    /// Whether hidden folders show.
    var showsHidden: Bool
    private(set) var rows: [Row] = []
    /// The places shown above the outline (``PlaceRows``): set, the rows are read again.
    var places: [Place] = [] {
        didSet { if places != oldValue { flatten() } }
    }

    /// The outline as a tree of folders, kept between changes: a change to one folder (its
    /// listing arrived, it was expanded or collapsed) rebuilds that folder's part only, and
    /// then the rows are read off the tree in one walk. Rebuilding every row at every change
    /// made each step down a tree thousands of levels deep cost a hash, a copy and a
    /// comparison of every level's whole path (4 KiB deep down): the walk was cubic.
    private var top: Node
    /// Every folder in the tree by its path. A collapsed folder has no children here: they are
    /// made again from the store's listings when it is expanded.
    private var nodes: [FilePath: Node] = [:]

    /// A folder in the outline.
    private final class Node {
        let path: FilePath
        let title: String
        let depth: Int
        /// The folder's device and inode (its target's, for a link): from the parent
        /// listing's cached entry, never a `stat` of the path at each change; the root's is
        /// read when it changes.
        var identity: FileIdentity?
        weak var parent: Node?
        var children: [Node] = []
        /// The row under an expanded folder that has no children to show: why.
        var message: String?
        var disclosure: ListItem.Disclosure?
        /// The node's row in ``rows``.
        var row = 0

        init(path: FilePath, title: String, depth: Int, identity: FileIdentity?, parent: Node?) {
            self.path = path
            self.title = title
            self.depth = depth
            self.identity = identity
            self.parent = parent
        }
    }

    /// The expanded folders as the state file lists them: relative to the root, sorted. Made
    /// again only when ``expanded`` changed: the launcher captures the state after every input,
    /// and making the list each time (thousands of paths in a deep tree) cost more than a frame.
    func savedExpansions() -> [String] {
        if savedExpansionsCache.revision != revision {
            savedExpansionsCache = (revision, expanded.compactMap { StatePath.relative($0, to: root) }.sorted())
        }
        return savedExpansionsCache.folders
    }

    /// The root row's title when not the folder's name ("Trash" for the trash's `files`).
    private(set) var rootTitle: String?

    init(root: FilePath, store: FileStore, expanded: Set<FilePath>, showsHidden: Bool, rootTitle: String? = nil) {
        self.rootTitle = rootTitle
        self.root = root
        self.store = store
        self.expanded = expanded
        self.showsHidden = showsHidden
        top = Node(path: root, title: "", depth: 0, identity: nil, parent: nil)
        rebuild()
    }

    var numberOfRows: Int { rows.count }
    var rowsHaveSubtitles: Bool { false }

    func item(at index: Int) -> ListItem {
        let row = rows[index]
        let icon =
            row.isFolder
            ? store.types.icon(for: "inode/directory") : row.place.map { store.types.icon(named: $0.iconNames, glyph: .folder) }
        return ListItem(title: row.title, indentation: row.depth, disclosure: row.disclosure, icon: icon)
    }

    func searchText(at index: Int) -> String { rows[index].isFolder ? rows[index].title : "" }

    /// A folder's row is its path, a place's its kind and path, the heading its own: a
    /// reader keeps each row as rows open and close above it.
    func accessibilityIdentifier(at index: Int) -> String? {
        let row = rows[index]
        let path = String(decoding: PercentEncoding.encoded(row.path.bytes), as: UTF8.self)
        if let place = row.place { return "place:\(place.kind):" + path }
        return row.isFolder ? "folder:" + path : "heading"
    }

    /// The row of `folder`, if it shows.
    func index(of folder: FilePath) -> Int? {
        nodes[folder]?.row
    }

    /// `folder`'s device and inode as its parent's listing gave them, if it shows.
    func identity(of folder: FilePath) -> FileIdentity? {
        nodes[folder]?.identity
    }

    /// Expands or collapses `folder`; true when that changed the rows.
    @discardableResult
    func setExpanded(_ folder: FilePath, _ expand: Bool) -> Bool {
        let changed = expand ? expanded.insert(folder).inserted : expanded.remove(folder) != nil
        if changed, let node = nodes[folder] {
            fill(node)
            flatten()
        }
        return changed
    }

    /// Expands every folder from the root down to `folder`'s parent, so that `folder` shows.
    /// The walk up stops at the first folder already expanded in the outline: everything
    /// above it is expanded too.
    func reveal(_ folder: FilePath) {
        var step = folder
        var highest: Node?
        while step != root && step.bytes.count > root.bytes.count {
            step = step.parent
            if nodes[step] != nil && expanded.contains(step) { break }
            expanded.insert(step)
            highest = nodes[step] ?? highest
        }
        if let highest {
            fill(highest)
            flatten()
        }
    }

    /// Makes `newRoot` the first row, expanded, keeping every folder expanded below it, and
    /// builds the outline again. Rooting the outline above the start folder is how the user
    /// leaves it (Alt+Up, the location bar): the folders shown so far stay where they were,
    /// one level deeper.
    func moveRoot(to newRoot: FilePath) {
        guard newRoot != root else { return }
        root = newRoot
        rootTitle = nil
        expanded.insert(newRoot)
        rebuild()
    }

    /// Whether `path` is the root or below it.
    func contains(_ path: FilePath) -> Bool {
        StatePath.relative(path, to: root) != nil
    }

    /// Builds the whole outline again from the store's listings (the hidden folders were
    /// shown or hidden).
    func rebuild() {
        nodes = [:]
        top = Node(
            path: root, title: rootTitle ?? root.lastName,
            depth: 0, identity: try? FileInfo.read(root).get().identity, parent: nil)
        nodes[root] = top
        fill(top)
        flatten()
    }

    /// Follows the store after it read `changed` again: only those folders' parts of the tree
    /// are made again, the shallowest first (a deeper one may go with its ancestor's).
    func refresh(_ changed: Set<FilePath>) {
        var touched = false
        for path in changed.sorted(by: { $0.bytes.count < $1.bytes.count }) {
            guard let node = nodes[path] else { continue }
            if node === top { top.identity = try? FileInfo.read(root).get().identity }
            fill(node)
            touched = true
        }
        if touched { flatten() }
    }

    /// Makes `node`'s disclosure and children again from its listing, keeping the children
    /// whose folder is still the same (same name, device and inode) with what is below them.
    private func fill(_ node: Node) {
        var ancestors: Set<FileIdentity> = []
        var up = node.parent
        while let ancestor = up {
            if let identity = ancestor.identity { ancestors.insert(identity) }
            up = ancestor.parent
        }
        fill(node, ancestors: &ancestors)
    }

    private func fill(_ node: Node, ancestors: inout Set<FileIdentity>) {
        let isExpanded = expanded.contains(node.path)
        // Only expanded folders are read: a collapsed one uses what is known already.
        let listing = isExpanded ? store.listing(of: node.path) : store.known(node.path) ?? .loading
        node.disclosure = isExpanded ? .expanded : .collapsed
        if case .loaded(let entries) = listing, entries.subfolderIndices.allSatisfy({ !visible(entries.entries[$0]) }) {
            node.disclosure = nil
        }
        let old = node.children
        node.children = []
        node.message = nil
        defer { for child in old where child.parent == nil { forget(child) } }
        for child in old { child.parent = nil }
        guard isExpanded else { return }
        guard let identity = node.identity else {
            node.message = String(translated: "Cannot read this folder")
            return
        }
        if ancestors.contains(identity) {
            node.message = String(translated: "Link loop: an enclosing folder")
            return
        }
        switch listing {
        case .loading: node.message = String(translated: "Loading…")
        case .failed(let error): node.message = error.reason
        case .loaded(let entries):
            var kept: [[UInt8]: Node] = [:]
            for child in old { kept[child.path.lastComponent] = child }
            ancestors.insert(identity)
            for index in entries.subfolderIndices where visible(entries.entries[index]) {
                let entry = entries.entries[index]
                let childIdentity = try? entries.info(at: index).get().identity
                if let same = kept[entry.name], same.identity == childIdentity, childIdentity != nil {
                    same.parent = node
                    node.children.append(same)
                    continue
                }
                let child = Node(
                    path: node.path.appending(entry.name), title: entry.displayName, depth: node.depth + 1,
                    identity: childIdentity, parent: node)
                nodes[child.path] = child
                node.children.append(child)
                fill(child, ancestors: &ancestors)
            }
            ancestors.remove(identity)
        }
    }

    /// Takes `node` and everything below it out of the tree.
    private func forget(_ node: Node) {
        var stack = [node]
        while let next = stack.popLast() {
            if nodes[next.path] === next { nodes[next.path] = nil }
            stack.append(contentsOf: next.children)
            next.children = []
        }
    }

    /// Reads the rows off the tree, depth first.
    private func flatten() {
        var rows = PlaceRows.rows(for: places, root: root)
        rows.reserveCapacity(rows.count + nodes.count)
        var stack = [top]
        while let node = stack.popLast() {
            node.row = rows.count
            rows.append(Row(path: node.path, depth: node.depth, title: node.title, isFolder: true, disclosure: node.disclosure))
            if let message = node.message {
                rows.append(Row(path: node.path, depth: node.depth + 1, title: message, isFolder: false))
            }
            stack.append(contentsOf: node.children.reversed())
        }
        self.rows = rows
    }

    private func visible(_ entry: FolderListing.Entry) -> Bool { showsHidden || !entry.isHidden }
}
