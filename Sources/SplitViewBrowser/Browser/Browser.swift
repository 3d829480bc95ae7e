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
package final class Browser {
    /// The window's split view controller: the columns below are its children.
    package let split: SplitViewController
    /// The four columns' view controllers.
    let columns: BrowserColumns
    /// What the window lists: the shared store and orders, the outline's and the list's rows,
    /// hidden files.
    let listing: Listing
    /// The selected folder and entry, with what follows them when they are renamed.
    var selection = BrowserSelection()
    /// The band's note the shown file set ("Shown as Latin-1", "Showing the first 2 MB…"), if
    /// the band still says it: a placeholder takes it away, but never a message an action left
    /// there ("Moved “a.txt” to the Trash…") when the folder it emptied shows nothing.
    var fileNotice: String?
    /// The loop's timers, which let an action's message leave the band (`Browser+Notices.swift`);
    /// nil where there is no loop (the tests fire the end of a message themselves).
    package var timers: LoopTimers?
    /// The timer that ends the band's current message, while one waits.
    var noticeTimer: Int?
    /// The history of the folders shown, and the places.
    let navigation: Navigation
    /// The trash, and the trash's jobs this window asked for (`Browser+Trash.swift`).
    let trashPart: TrashPart
    /// The clipboard's files, the paste under way, the files dragged (`Browser+Pasting.swift`).
    let transfers: Transfers
    /// The entry whose name the files column's bar edits (F2).
    var renaming = Renaming()
    /// The preview shown and the picture on its way (`Browser+Images.swift`).
    let pictures: Pictures
    /// The programs in panes, and those started on the selected files.
    var programs: Programs
    /// The changes to the files that Ctrl+Z takes back, newest last.
    var undoStack = FileUndoStack() {
        // The View menu's "Undo" is enabled only while there is something to undo.
        didSet { if undoStack.canUndo != oldValue.canUndo { refreshMenu() } }
    }
    /// The file of the row whose context menu was last made: its "Open With" is made again
    /// when the applications arrive while it is open.
    var contextMenuFile: FilePath?
    /// Called when the window title changes.
    package var onTitleChange: ((String) -> Void)?

    /// The largest part of a file the reader shows (2 MiB): the rest is left on disk.
    static let previewLimit = 2 << 20

    /// The folder whose entries the supplementary lists.
    package var selectedFolder: FilePath? { selection.folder }
    /// The name of the selected entry in that folder.
    var selectedName: [UInt8]? { selection.name }

    // MARK: - The parts' state, read where it reads better

    /// The folders every window shows, shared with the other windows.
    var store: FileStore { listing.store }
    /// The order chosen for each folder, shared with the other windows.
    var sorts: FolderSorts { listing.sorts }
    /// The outline's rows: the places, then the folders under the root.
    var tree: FolderTree { listing.tree }
    /// The file list's rows: the selected folder's entries.
    var entries: EntryList { listing.entries }
    /// Whether hidden entries show (Ctrl+H).
    var showsHidden: Bool { listing.showsHidden }
    /// The primary column: the outline.
    var folders: ListViewController { columns.folders }
    /// The supplementary column: the selected folder's files and folders.
    var fileList: ListViewController { columns.fileList }
    /// The secondary column: the selected file's text.
    var reader: TextViewController { columns.reader }
    /// The inspector: the selected file's details.
    var details: FileDetailsViewController { columns.details }

    init(
        store: FileStore, root: FilePath, style: SplitViewController.Style, theme: Theme,
        keyBindings: KeyBindings = AppConfig.defaultKeyBindings, showsHidden: Bool = false,
        expanded: Set<FilePath>? = nil, programs commands: [SplitViewController.Column: ProgramCommand] = [:],
        layout: [SplitViewController.Column: PaneLayout] = [:], splits: [PaneSplit] = [],
        places: PlaceSources? = nil, trash: Trash? = nil, sorts: FolderSorts = FolderSorts(),
        opener: @escaping (FilePath) -> String? = { _ in String(translated: "no program opens files in this window") }
    ) {
        split = SplitViewController(style: style, keyBindings: keyBindings, theme: theme)
        trashPart = TrashPart(trash: trash, jobs: store.trashJobs)
        // A window restored on the trash's files is titled Trash, as the place titles it.
        let rootTitle = trash?.directory(showing: root) != nil ? TrashPart.title : nil
        listing = Listing(
            store: store, sorts: sorts, root: root, expanded: expanded ?? [root], showsHidden: showsHidden,
            rootTitle: rootTitle)
        columns = BrowserColumns(rootTitle: rootTitle ?? FilePath.displayName(root.lastComponent), types: store.types)
        navigation = Navigation(places: places)
        transfers = Transfers()
        pictures = Pictures(loader: store.images)
        programs = Programs(commands, style: style, opener: opener)
        columns.folders.dataSource = listing.tree
        columns.fileList.dataSource = listing.entries
        split.showsSecondaryOnlyButton = style == .tripleColumn
        // The View menu's and the buttons' words for the columns, as the README names them:
        // "Hide Files", "File Only", "Show Inspector" (the primary is the Sidebar).
        split.columnTitles = [
            .supplementary: String(translated: "Files"), .secondary: String(translated: "File"),
            .inspector: String(translated: "Inspector"),
        ]
        var contents: [SplitViewController.Column: ViewController] = [
            .primary: programs[.primary] ?? folders, .secondary: programs[.secondary] ?? reader,
            .inspector: programs[.inspector] ?? details,
        ]
        if style == .tripleColumn { contents[.supplementary] = programs[.supplementary] ?? fileList }
        for (column, content) in contents {
            // The config's layout first, then the command line's splits around it.
            let (laidOut, _) = layout[column]?.build(content: content) ?? (content, [])
            contents[column] = PaneSplit.apply(splits.filter { $0.column == column }, to: laidOut).0
        }
        for column in SplitViewController.Column.allCases {
            if let content = contents[column] { split.setViewController(content, for: column) }
        }
        // The View menu (F10) and the inspector's toggle (Ctrl+Alt+I), where the file is shown:
        // every pane command within a click for those who do not know the keys.
        (contents[.secondary] ?? reader).navigationItem.rightBarButtonItems = [
            BarButtonItem(systemItem: .more, action: .command(.showMenu)),
            BarButtonItem(systemItem: .inspector, action: .command(.toggleInspector)),
        ]
        // A new window's keys go to the outline; a restored one's focus replaces this.
        split.focusedColumn = .primary
        connect()
        store.addObserver(self) { [unowned self] in self.foldersChanged($0) }
        sorts.addObserver(self) { [unowned self] in self.sortChanged(of: $0) }
        store.orders.addObserver(self) { [unowned self] in self.orderArrived(for: $0) }
        store.types.addObserver(self) { [unowned self] in self.typesArrived($0) }
        startPlaces()
        select(folder: root)
    }

    // Its parts go with it: the picture decoding stops, a copy stops and removes what it made,
    // the trash's jobs stop between two items (what they did stays done).
    deinit {
        store.removeObserver(self)
        sorts.removeObserver(self)
        store.orders.removeObserver(self)
        store.types.removeObserver(self)
    }

    private func connect() {
        // Arrow keys select (the next column follows at once); a click or Return opens the row:
        // pushed when collapsed or on the double column's stack, focused when Return is pressed.
        folders.onSelect = { [unowned self] in self.selectTreeRow($0) }
        folders.onClick = { [unowned self] in if !self.choosePlace(at: $0) { self.open(.supplementary, focus: false) } }
        folders.onActivate = { [unowned self] in if !self.choosePlace(at: $0) { self.open(.supplementary, focus: true) } }
        folders.onDisclosure = { [unowned self] index, expand in
            guard self.tree.rows.indices.contains(index) else { return }
            self.tree.setExpanded(self.tree.rows[index].path, expand)
            self.treeDidChange()
        }
        fileList.onSelect = { [unowned self] in self.selectEntry($0) }
        fileList.allowsMultipleSelection = true
        fileList.onSelectionChange = { [unowned self] in self.listSelectionChanged() }
        fileList.onClick = { [unowned self] _ in self.open(.secondary, focus: false) }
        fileList.onActivate = { [unowned self] in self.activateEntry($0) }
        fileList.commandHandler = { [unowned self] in self.listCommand($0) }
        split.selectionReceiver = { [unowned self] in self.received($0, $1) }
        split.delegate = self
        split.paneMenuItems = { [unowned self] _ in self.paneMenuItems }
        fileList.onDoubleClick = { [unowned self] in
            if self.isFolder(at: $0) { self.activateEntry($0) } else { self.openExternally() }
        }
        split.historyHandler = { [unowned self] in self.moveThroughHistory($0) }
        fileList.navigationItem.textFieldHandler = { [unowned self] in
            if self.renaming.path != nil {
                self.renameEvent($0)
            } else if self.programs.pendingSplit != nil {
                self.splitCommandEvent($0)
            } else {
                self.locationEvent($0)
            }
        }
        // The core hands back the app's actions as the values the table bound (BrowserActions).
        split.actionHandler = BrowserActions.handler(for: self)
        fileList.contextMenuItemsForRow = { [unowned self] in self.contextMenuItems(forRow: $0) }
        split.viewMenuWillOpen = { [unowned self] in
            self.store.types.requestApplications()
            self.split.additionalMenuItems = self.menuItems
        }
        connectDragAndDrop()
        connectTrashTasks()
        reader.noticeDidChange = { [unowned self] in self.noticeChanged() }
    }

    /// The window title: the selected entry's name, the folder's, then the app's
    /// (`Kyoto.md — Japan 2024 — SplitView`), as file managers and editors title theirs.
    /// In a trash, a file is named as it was (`notes.txt`, not the trash's `notes.2.txt`).
    package var title: String {
        let folderName = displayName(ofFolder: selectedFolder ?? tree.root)
        let name = selectedName.map { name in
            entries.trash.flatMap { _ in entries.trashedItem(named: name)?.originalPath.lastName } ?? FilePath.displayName(name)
        }
        return (name.map { $0 + " — " } ?? "") + folderName + " — SplitView"
    }

    /// The text a new window shows first, for the font thread: the title, the outline's and the
    /// list's first rows, and the opening of the file.
    package var openingText: String {
        var text = title + reader.title
        for index in 0..<min(200, tree.numberOfRows) { text += tree.rows[index].title }
        for index in 0..<min(200, entries.numberOfRows) { text += entries.entry(at: index)?.displayName ?? "" }
        text.unicodeScalars += reader.text.unicodeScalars.prefix(8192)
        return text
    }
}
