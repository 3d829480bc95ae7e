import SplitView
import SplitViewFiles

/// The app's actions, one row each: the one place an action is declared. The default key
/// bindings, the View menu's app items, the files list's context menu, the config file's
/// command names and the browser's dispatch all read ``table``; a test holds the README's
/// "Keys" table and its list of command names to it.
///
/// Adding an action is a case of ``BrowserAction``, a row here, and its handler.
///
/// Decided:
/// - A menu shows a row by its group (``ActionGroup``), never by position: the groups in
///   their order, each after a separator, the rows of a group in the table's order.
/// - The context menu of a row of the files list shows the rows with a context group, for
///   that row's file: Cut, Copy, Paste, Move to Trash, Rename…, then Open With, then
///   Properties (the inspector), as GNOME Files' and Thunar's menus hold them.
/// - Back and Forward are the core's commands (bound and performed by it); their rows only
///   place them in the app's "going" group, beside Go Up.
enum BrowserActions {
    /// Every action, in menu order within each group: the action, its title, its default keys,
    /// its groups in the View menu (`view:`) and the context menu (`context:`), when it shows,
    /// is enabled or checked, and its handler.
    static let table: [ActionRow] = [
        ActionRow(.undo, String(translated: "Undo"), keys: ["Ctrl+Z"], view: .files, enabled: \.undoStack.canUndo) {
            $0.undoLastChange()
        },
        ActionRow(.cutFiles, String(translated: "Cut"), keys: ["Ctrl+X"], view: .files, context: .files) {
            $0.putFilesOnClipboard(.cut)
        },
        ActionRow(.copyFiles, String(translated: "Copy"), view: .files, context: .files) { $0.putFilesOnClipboard(.copy) }
            .showingKey(of: .copy),
        ActionRow(.pasteFiles, String(translated: "Paste"), keys: ["Ctrl+V"], view: .files, context: .files) { $0.paste() },
        ActionRow(
            .moveToTrash, String(translated: "Move to Trash"), keys: ["Delete"], view: .files, context: .files,
            enabled: \.canMoveToTrash
        ) {
            $0.moveSelectionToTrash()
        },
        ActionRow(
            .deletePermanently, String(translated: "Delete Permanently…"), keys: ["Shift+Delete"], view: .files,
            enabled: \.hasSelectedEntry
        ) {
            $0.askToDeletePermanently($0.selectedPaths)
        },
        ActionRow(.restoreFromTrash, String(translated: "Restore From Trash"), view: .files, enabled: \.canRestoreFromTrash) {
            $0.restoreSelectionFromTrash()
        },
        ActionRow(.emptyTrash, String(translated: "Empty Trash…"), view: .files, enabled: \.canEmptyTrash) {
            $0.askToEmptyTrash()
        },
        ActionRow(.newFolder, String(translated: "New Folder"), keys: ["Ctrl+Shift+N"], view: .files) { $0.makeNewFolder() },
        ActionRow(.rename, String(translated: "Rename…"), keys: ["F2"], view: .files, context: .files) { $0.beginRenaming() },
        // Ctrl+1 to 3 reveal the columns: the orders take the same digits with Alt.
        ActionRow(
            .sortByName, String(translated: "Sort by Name"), keys: ["Ctrl+Alt+1"], view: .order,
            checked: { $0.isSorted(by: .name) }
        ) {
            $0.sort(by: .name)
        },
        ActionRow(
            .sortBySize, String(translated: "Sort by Size"), keys: ["Ctrl+Alt+2"], view: .order,
            checked: { $0.isSorted(by: .size) }
        ) {
            $0.sort(by: .size)
        },
        ActionRow(
            .sortByType, String(translated: "Sort by Type"), keys: ["Ctrl+Alt+3"], view: .order,
            checked: { $0.isSorted(by: .type) }
        ) {
            $0.sort(by: .type)
        },
        ActionRow(
            .sortByModificationDate, String(translated: "Sort by Modification Date"), keys: ["Ctrl+Alt+4"], view: .order,
            checked: { $0.isSorted(by: .modified) }
        ) { $0.sort(by: .modified) },
        ActionRow(
            .toggleReversedOrder, String(translated: "Reversed Order"), keys: ["Ctrl+Alt+R"], view: .order, checked: \.isReversed
        ) {
            $0.toggleReversedOrder()
        },
        ActionRow(.goUp, String(translated: "Go Up"), keys: ["Alt+Up", "Backspace"], view: .going) { $0.goUp() },
        ActionRow(core: .back, String(translated: "Back"), view: .going),
        ActionRow(core: .forward, String(translated: "Forward"), view: .going),
        ActionRow(.openLocation, String(translated: "Open Location…"), keys: ["Ctrl+L"], view: .going) { $0.openLocation() },
        ActionRow(.addBookmark, String(translated: "Add to Bookmarks"), keys: ["Ctrl+D"], view: .going, shown: \.hasPlaces) {
            $0.bookmarkShownFolder()
        },
        ActionRow(.toggleHiddenFiles, String(translated: "Show Hidden Files"), keys: ["Ctrl+H"]) {
            $0.setShowsHidden(!$0.showsHidden)
        },
        ActionRow(.openExternally, String(translated: "Open"), keys: ["Ctrl+O"]) { $0.openExternally() },
        ActionRow(
            .openWith(applicationID: nil), String(translated: "Open With"), view: .openWith, context: .openWith,
            items: { $0.openWithItems(for: $1) },
            perform: { browser, action in
                if case .openWith(let id?) = action { browser.openSelection(with: id) }
            }),
        ActionRow(core: .splitRight, String(translated: "Split Right"), view: .panes),
        ActionRow(core: .splitDown, String(translated: "Split Down"), view: .panes),
        ActionRow(.splitRightWith, String(translated: "Split Right With…"), view: .panes) {
            $0.askForSplitCommand(along: .horizontal)
        },
        ActionRow(.splitDownWith, String(translated: "Split Down With…"), view: .panes) {
            $0.askForSplitCommand(along: .vertical)
        },
        ActionRow(core: .zoomPane, String(translated: "Zoom Pane"), view: .panes),
        ActionRow(core: .equalizePanes, String(translated: "Equalize Panes"), view: .panes),
        ActionRow(core: .closePane, String(translated: "Close Pane"), view: .panes),
        // The inspector, as GNOME Files' and Thunar's context menus end with Properties.
        ActionRow(core: .show(.inspector), String(translated: "Properties"), view: nil, context: .properties),
    ]

    /// The end of `browser`'s responder chain (`SplitViewController.actionHandler`): each
    /// action performed by its row.
    static func handler(for browser: Browser) -> (AppAction) -> Bool {
        { [unowned browser] in perform($0, on: browser) }
    }

    /// Performs the action the core handed back by its row's handler; false for a value that
    /// is not a ``BrowserAction`` (the core then has no one else to ask).
    static func perform(_ action: AppAction, on browser: Browser) -> Bool {
        guard let action = action.value as? BrowserAction else { return false }
        row(for: action)?.perform?(browser, action)
        return true
    }

    /// The row of `action`; Open With's for any application.
    static func row(for action: BrowserAction) -> ActionRow? {
        if case .openWith = action { return rows[.openWith(applicationID: nil)] }
        return rows[action]
    }

    /// The table's rows by action.
    private static let rows: [BrowserAction: ActionRow] = Dictionary(
        table.compactMap { row in row.action.map { ($0, row) } }, uniquingKeysWith: { first, _ in first })

    /// The default keys of the app's actions, in the table's order, to go before the core's.
    static var defaultBindings: [KeyBindings.Binding] {
        table.flatMap { row in row.chords.map { KeyBindings.Binding($0, row.command) } }
    }

    /// The actions a config file may bind, in the table's order.
    static let configActions: [AppAction] = table.compactMap { row in
        guard row.configName != nil, case .action(let action) = row.command else { return nil }
        return action
    }

    /// The items of a menu for `browser`: the rows `group` places in it, group by group, each
    /// group after a separator (the first one's is the menu's to draw), for `file` (the View
    /// menu's selected file, or the context menu's row).
    static func menuItems(
        _ group: KeyPath<ActionRow, ActionGroup?>, for browser: Browser, file: FilePath?
    ) -> [MenuItem] {
        var items: [MenuItem] = []
        for section in ActionGroup.allCases {
            var added = table.filter { $0[keyPath: group] == section }.flatMap { $0.menuItems(for: browser, file: file) }
            guard !added.isEmpty else { continue }
            added[0].startsGroup = !items.isEmpty
            items += added
        }
        return items
    }
}

extension ActionRow {
    /// The row, its menu item showing the key of the core's `command` (see ``keyShownFrom``).
    func showingKey(of command: Command) -> ActionRow {
        var row = self
        row.keyShownFrom = command
        return row
    }
}
