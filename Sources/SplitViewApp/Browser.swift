import Glibc
import SplitView
import SplitViewFiles

/// One window's content: a split view controller browsing a folder tree.
///
/// Triple column: the folders as an outline (primary), the selected folder's entries
/// (supplementary), the selected file (secondary), its details (inspector). Double column: the
/// primary is a navigation stack — the outline, then a folder's entries pushed on top — beside
/// the file.
///
/// The selection always matches what is shown (the HIG's persistent highlight in every pane
/// that leads to the detail): the reader shows exactly the selected file, or says that none
/// is selected, and the outline and the list keep highlighting their choice.
final class Browser {
    let split: SplitViewController
    let store: FileStore
    let tree: FolderTree
    let entries: EntryList
    let folders: ListViewController
    let notes: ListViewController
    let reader: TextViewController
    let details: FileDetailsViewController
    /// The panes that host a program instead of the browser's content (`--secondary CMD`).
    let programs: [SplitViewController.Column: ForeignContentViewController]
    /// Whether hidden entries show (Ctrl+H).
    private(set) var showsHidden: Bool
    /// The folder whose entries the supplementary lists.
    private(set) var selectedFolder: FilePath?
    /// The name of the selected entry in that folder.
    private(set) var selectedName: [UInt8]?
    /// Called when the window title changes.
    var onTitleChange: ((String) -> Void)?
    /// Runs the opener for Ctrl+O and double clicks (tests replace it); reports a failure.
    var opener: (FilePath) -> String? = { path in
        switch Opener.start(path) {
        case .success(let pid): Browser.openers.append((pid, path))
        case .failure(let failure): return failure.reason
        }
        return nil
    }
    /// Openers still running, polled by the app's timer.
    nonisolated(unsafe) static var openers: [(pid: Int32, path: FilePath)] = []
    /// The entry being dragged from the list, if any.
    var dragged: FilePath?
    /// The selected folder's device and inode, to follow it when it is renamed.
    var selectedFolderIdentity: FileIdentity?
    /// The selected file's device and inode, to follow it when it is renamed.
    private(set) var selectedIdentity: (folder: FilePath, identity: FileIdentity)?
    /// The expanded folders as the state file lists them, and the outline's ``FolderTree/revision``
    /// they were made at: the launcher captures the state after every input, and making the
    /// list again each time (thousands of paths in a deep tree) cost more than a frame.
    var savedExpansions: (revision: Int, folders: [String]) = (-1, [])
    /// The preview's identity, to read a changed file again and leave an unchanged one alone.
    private var shownPreview: (path: FilePath, size: Int64, modified: FileTime)?

    /// The largest part of a file the reader shows (2 MiB): the rest is left on disk.
    static let previewLimit = 2 << 20

    init(
        store: FileStore, root: FilePath, style: SplitViewController.Style, theme: Theme,
        keyBindings: KeyBindings = AppConfig.defaultKeyBindings, showsHidden: Bool = false,
        expanded: Set<FilePath>? = nil, programs commands: [SplitViewController.Column: ProgramCommand] = [:]
    ) {
        self.store = store
        self.showsHidden = showsHidden
        split = SplitViewController(style: style, keyBindings: keyBindings, theme: theme)
        tree = FolderTree(root: root, store: store, expanded: expanded ?? [root], showsHidden: showsHidden)
        entries = EntryList(showsHidden: showsHidden)
        folders = ListViewController(title: FilePath.displayName(root.lastComponent), emptyText: "Loading…")
        notes = ListViewController(title: "", emptyText: "No folder selected")
        reader = TextViewController(title: "", placeholder: "No file selected")
        details = FileDetailsViewController(title: "Details")
        folders.dataSource = tree
        notes.dataSource = entries
        programs = commands.filter { style == .tripleColumn || $0.key != .supplementary }
            .mapValues(ForeignContentViewController.init(command:))
        split.showsSecondaryOnlyButton = style == .tripleColumn
        split.setViewController(programs[.primary] ?? folders, for: .primary)
        if style == .tripleColumn { split.setViewController(programs[.supplementary] ?? notes, for: .supplementary) }
        split.setViewController(programs[.secondary] ?? reader, for: .secondary)
        split.setViewController(programs[.inspector] ?? details, for: .inspector)
        // The View menu (F10) and the inspector's toggle (Ctrl+Alt+I), where the file is shown:
        // every pane command within a click for those who do not know the keys.
        (programs[.secondary] ?? reader).navigationItem.rightBarButtonItems = [
            BarButtonItem(systemItem: .more, action: .command(.showMenu)),
            BarButtonItem(systemItem: .inspector, action: .command(.toggleInspector)),
        ]
        // A new window's keys go to the outline; a restored one's focus replaces this.
        split.focusedColumn = .primary
        connect()
        store.addObserver(self) { [unowned self] in self.foldersChanged($0) }
        select(folder: root)
    }

    deinit {
        store.removeObserver(self)
    }

    private func connect() {
        // Arrow keys select (the next column follows at once); a click or Return opens the row:
        // pushed when collapsed or on the double column's stack, focused when Return is pressed.
        folders.onSelect = { [unowned self] in self.selectTreeRow($0) }
        folders.onClick = { [unowned self] _ in self.open(.supplementary, focus: false) }
        folders.onActivate = { [unowned self] _ in self.open(.supplementary, focus: true) }
        folders.onDisclosure = { [unowned self] index, expand in
            guard self.tree.rows.indices.contains(index) else { return }
            self.tree.setExpanded(self.tree.rows[index].path, expand)
            self.treeDidChange()
        }
        notes.onSelect = { [unowned self] in self.selectEntry($0) }
        notes.onClick = { [unowned self] _ in self.open(.secondary, focus: false) }
        notes.onActivate = { [unowned self] in self.activateEntry($0) }
        notes.onDoubleClick = { [unowned self] in
            if self.isFolder(at: $0) { self.activateEntry($0) } else { self.openExternally() }
        }
        split.actionHandler = { [unowned self] in self.perform(action: $0) }
        notes.dragItemForRow = { [unowned self] index in
            guard let entry = self.entries.entry(at: index), let folder = self.selectedFolder else { return nil }
            self.dragged = folder.appending(entry.name)
            return DragItem(title: entry.displayName, tag: index)
        }
        folders.canDropOnRow = { [unowned self] _, row in
            guard let source = self.dragged, self.tree.rows.indices.contains(row), self.tree.rows[row].isFolder else {
                return false
            }
            return Self.canMove(source, into: self.tree.rows[row].path)
        }
        folders.onDropOnRow = { [unowned self] _, row in
            guard let source = self.dragged else { return }
            self.askToMove(source, into: self.tree.rows[row].path)
        }
    }

    /// The window title: the selected entry's name, the folder's, then the app's
    /// (`Kyoto.md — Japan 2024 — SplitView`), as file managers and editors title theirs.
    var title: String {
        let folder = selectedFolder ?? tree.root
        let folderName = FilePath.displayName(folder.lastComponent.isEmpty ? folder.bytes : folder.lastComponent)
        return (selectedName.map { FilePath.displayName($0) + " — " } ?? "") + folderName + " — SplitView"
    }

    /// The text a new window shows first, for the font thread: the title, the outline's and the
    /// list's first rows, and the opening of the file.
    var openingText: String {
        var text = title + reader.title
        for index in 0..<min(200, tree.numberOfRows) { text += tree.rows[index].title }
        for index in 0..<min(200, entries.numberOfRows) { text += entries.entry(at: index)?.displayName ?? "" }
        text.unicodeScalars += reader.text.unicodeScalars.prefix(8192)
        return text
    }

    // MARK: - Selecting

    /// Selects `folder` as the user would by clicking it — revealed in the outline, its entries
    /// listed — and the entry called `name` in it, if given. While the folder is still being
    /// read, the list says "Loading…" and the entry is selected when the listing arrives. A
    /// folder known not to be there (a saved state naming one since deleted) gives way to its
    /// nearest enclosing folder, as when the shown folder goes (see `followSelectedFolder()`).
    func select(folder: FilePath, name: [UInt8]? = nil) {
        defer { followSelectedFolder() }
        if tree.index(of: folder) == nil { tree.reveal(folder) }
        folders.reloadData()
        folders.selectedIndex = tree.index(of: folder)
        if let index = folders.selectedIndex { folders.scrollToVisible(index, in: listBounds) }
        showFolder(folder)
        if let name {
            selectedName = name
            refreshEntries(keepingScroll: true)
            if let index = notes.selectedIndex { notes.scrollToVisible(index, in: listBounds) }
        }
    }

    /// A list's content area for scrolling a row into view before the first layout: the
    /// window's height less the bar, or a typical one.
    private var listBounds: Rect {
        let height = split.layout.size.height > 0 ? split.layout.size.height : 900
        return Rect(x: 0, y: 38, width: 300, height: max(0, height - 38))
    }

    /// Selects no entry: the reader says so.
    func deselectEntry() {
        selectedName = nil
        notes.selectedIndex = nil
        showSelection()
    }

    private func selectTreeRow(_ index: Int) {
        guard tree.rows.indices.contains(index), tree.rows[index].isFolder else { return }
        showFolder(tree.rows[index].path)
    }

    private func showFolder(_ folder: FilePath) {
        let changed = folder != selectedFolder
        selectedFolder = folder
        if changed {
            selectedName = nil
            notes.selectedIndex = nil
            selectedFolderIdentity = tree.identity(of: folder) ?? (try? FileInfo.read(folder).get().identity)
        }
        notes.title = FilePath.displayName(folder.lastComponent.isEmpty ? folder.bytes : folder.lastComponent)
        refreshEntries(keepingScroll: !changed)
        if split.style != .tripleColumn && changed {
            split.navigationController(for: .primary)?.popToRootViewController(animated: false)
        }
    }

    /// Lists the selected folder's entries again, keeping the selected name when it is still
    /// there.
    private func refreshEntries(keepingScroll: Bool) {
        guard let folder = selectedFolder else { return }
        switch store.listing(of: folder) {
        case .loading:
            entries.show(nil, showsHidden: showsHidden)
            notes.emptyText = "Loading…"
        case .failed(let error):
            entries.show(nil, showsHidden: showsHidden)
            notes.emptyText = error.reason
        case .loaded(let listing):
            entries.show(listing, showsHidden: showsHidden)
            notes.emptyText = showsHidden || listing.entries.isEmpty ? "Empty folder" : "Only hidden files (Ctrl+H shows them)"
        }
        notes.reloadData(keepingScroll: keepingScroll)
        if let name = selectedName, entries.index(of: name) == nil, let renamed = renamedSelection() {
            selectedName = renamed
        }
        notes.selectedIndex = selectedName.flatMap(entries.index(of:))
        if let index = notes.selectedIndex { notes.scrollToVisible(index, in: listBounds) }
        showSelection()
    }

    private func selectEntry(_ index: Int) {
        guard let entry = entries.entry(at: index) else { return }
        selectedName = entry.name
        showSelection(at: index)
    }

    /// Shows the selected entry in the reader and the inspector, or says why not; `row` is
    /// its row when the caller knows it (an arrow key in a folder of 100 000 files need not
    /// search for the name).
    private func showSelection(at row: Int? = nil) {
        onTitleChange?(title)
        defer { updateProgramFiles() }
        guard let folder = selectedFolder else {
            return showPlaceholder(title: "", "No folder selected", details: nil)
        }
        guard let name = selectedName else {
            return showPlaceholder(title: "", "No file selected", details: FileDetails(path: folder, preview: nil))
        }
        let path = folder.appending(name)
        let display = FilePath.displayName(name)
        let known = row.flatMap { entries.entry(at: $0)?.name == name ? $0 : nil }
        guard let index = known ?? entries.index(of: name), let info = entries.info(at: index) else {
            switch store.known(folder) {
            case .loaded?:
                return showPlaceholder(title: display, "“\(display)” is no longer in this folder.", details: nil)
            case .failed(let error)?:
                return showPlaceholder(title: display, "“\(display)” cannot be shown: \(error.reason).", details: nil)
            default: break
            }
            return showPlaceholder(title: display, "Loading…", details: nil)
        }
        selectedIdentity = (folder, info.identity)
        if let shown = shownPreview, shown.path == path, shown.size == info.size, shown.modified == info.modified,
            reader.title == display
        {
            return
        }
        let preview = FilePreview.read(path, limit: Self.previewLimit)
        shownPreview = (path, info.size, info.modified)
        let sameFile = reader.title == display
        let offset = reader.scrollOffset
        reader.title = display
        switch preview {
        case .text(let text, _, let bytesShown, let total):
            reader.text = text
            reader.notice =
                Int64(bytesShown) < total
                ? "Showing the first \(Format.size(Int64(bytesShown))) of \(Format.size(total)); the rest is not loaded."
                : nil
            reader.placeholder = "Empty file"
        case .binary(let total, let hex):
            reader.text = hex
            reader.notice = "Binary file, \(total) bytes: the first bytes in hexadecimal"
        case .notRegular(let kind): showNoText("“\(display)” is a \(kind.word): listed, never opened.")
        case .directory: showNoText("“\(display)” is a folder: Return opens it.")
        case .unreadable(let error): showNoText("“\(display)” cannot be read: \(error.reason).")
        }
        if sameFile { reader.scrollOffset = offset }  // the same file changed on disk: stay put
        details.show(FileDetails(path: path, preview: preview))
    }

    private func showPlaceholder(title: String, _ text: String, details shown: FileDetails?) {
        shownPreview = nil
        reader.title = title
        showNoText(text)
        if let shown { details.show(shown) } else { details.clear() }
    }

    /// The reader without text, saying why.
    private func showNoText(_ placeholder: String) {
        reader.text = ""
        reader.notice = nil
        reader.placeholder = placeholder
    }

    private func isFolder(at index: Int) -> Bool {
        guard let entry = entries.entry(at: index) else { return false }
        return entry.isFolder
    }

    /// Return on an entry: a folder opens in the outline (its entries replace the list), a file
    /// takes the focus to the reader.
    private func activateEntry(_ index: Int) {
        guard let entry = entries.entry(at: index), let folder = selectedFolder else { return }
        if isFolder(at: index) {
            select(folder: folder.appending(entry.name))
            if split.style == .tripleColumn { split.focusedColumn = .supplementary }
        } else {
            open(.secondary, focus: true)
        }
    }

    // MARK: - Actions

    /// The app's named actions: `toggleHiddenFiles` (Ctrl+H), `openExternally` (Ctrl+O).
    func perform(action: String) -> Bool {
        switch action {
        case "toggleHiddenFiles": setShowsHidden(!showsHidden)
        case "openExternally": openExternally()
        default: return false
        }
        return true
    }

    /// Shows or hides the entries whose names start with a dot, keeping every selection that
    /// still shows.
    func setShowsHidden(_ shows: Bool) {
        guard shows != showsHidden else { return }
        showsHidden = shows
        tree.showsHidden = shows
        if let name = selectedName, !shows, name.first == UInt8(ascii: ".") { selectedName = nil }
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
    func reportOpenFailure(_ path: FilePath, _ reason: String) {
        reader.notice = "Could not open “\(FilePath.displayName(path.lastComponent))”: \(reason)"
    }

    // MARK: - Changes

    /// Shows the outline's rows again after they changed, keeping the selected folder.
    private func treeDidChange() {
        let selected = selectedFolder
        folders.reloadData()
        folders.selectedIndex = selected.flatMap(tree.index(of:))
    }

    /// The store read folders again (or for the first time): the outline, the list and the
    /// reader follow, each keeping its selection when it still exists.
    private func foldersChanged(_ changed: Set<FilePath>) {
        tree.refresh(changed)
        treeDidChange()
        if let folder = selectedFolder, changed.contains(folder) {
            refreshEntries(keepingScroll: true)
        } else if selectedFolder == nil, changed.contains(tree.root) {
            select(folder: tree.root)
        }
        followSelectedFolder()
    }

    /// Opens the column a row feeds: the double column pushes the entries on the primary's
    /// stack; a collapsed interface pushes the column; Return also moves the focus there.
    private func open(_ column: SplitViewController.Column, focus: Bool) {
        if split.style != .tripleColumn && column == .supplementary {
            if let stack = split.navigationController(for: .primary), stack.topViewController !== notes {
                stack.pushViewController(notes, animated: true)
            }
            if focus { split.focusedColumn = .primary }
            return
        }
        if split.isCollapsed {
            split.show(column)
        } else if focus {
            split.focusedColumn = column
        }
    }
}
