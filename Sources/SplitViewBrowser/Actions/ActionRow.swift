import SplitView
import SplitViewFiles

/// A group of a menu's items, a separator before it: where a row of ``BrowserActions/table``
/// shows, by kind rather than by position. Groups come in the order of the cases; within a
/// group, rows come in the table's order.
enum ActionGroup: CaseIterable, Sendable {
    /// What acts on files: undo, the clipboard, the trash, making and naming.
    case files
    /// The orders of the shown folder.
    case order
    /// Going places: up, back, forward, a typed location, a bookmark.
    case going
    /// The panes: split, zoom, close.
    case panes
    /// The applications that open the file.
    case openWith
    /// The file's details (the context menu's Properties, as GNOME Files and Thunar end it).
    case properties
}

/// One of the app's actions, whole: what it is, what people see and press, where the menus
/// show it, when it can act, and what it does. ``BrowserActions/table`` holds them all; the
/// key bindings, both menus, the config's command names and the README's key table are read
/// from it.
struct ActionRow: Sendable {
    /// What the row's keys and menu items carry: the app's ``BrowserAction``, or a command of
    /// the core's that the app's menu shows among its own (Back, Forward).
    let command: Command
    /// The menu item's title, in GNOME Files' words where it has them ("Move to Trash"), in
    /// the reader's language.
    var title: String { makeTitle() }
    /// Makes ``title`` where it is shown, so the table holds no text made before the catalog.
    private let makeTitle: @Sendable () -> String
    /// The chords bound by default, written as the README writes them (`"Ctrl+Alt+1"`,
    /// `"Backspace"`): what the default key bindings and the README's table hold.
    let keys: [String]
    /// The View menu's group that shows it, or nil.
    let viewMenu: ActionGroup?
    /// The files list's context menu group that shows it, or nil.
    let contextMenu: ActionGroup?
    /// Whether its item shows at all (Add to Bookmarks: only where there are places).
    let isShown: @Sendable (Browser) -> Bool
    /// Whether it can act now; its item is drawn faint and skipped otherwise.
    let isEnabled: @Sendable (Browser) -> Bool
    /// Whether its item is checked (the shown folder's order).
    let isChecked: @Sendable (Browser) -> Bool
    /// The items of a row that makes one per choice for a file (Open With: one per
    /// application), or nil for one item titled ``title``. Such a row shows only where there
    /// is a file.
    let items: (@Sendable (Browser, FilePath) -> [MenuItem])?
    /// What it does, given the action with its argument; nil for a core command, which the
    /// core performs.
    let perform: (@Sendable (Browser, BrowserAction) -> Void)?
    /// The core command whose key the menu shows beside it, when its own is none: Copy is
    /// done by the core's Ctrl+C in the files list (the reader keeps it for its text).
    var keyShownFrom: Command?

    /// The row of the app's `action`: `perform` is its handler.
    init(
        _ action: BrowserAction, _ title: @autoclosure @escaping @Sendable () -> String, keys: [String] = [],
        view: ActionGroup? = nil,
        context: ActionGroup? = nil, shown: @escaping @Sendable (Browser) -> Bool = { _ in true },
        enabled: @escaping @Sendable (Browser) -> Bool = { _ in true },
        checked: @escaping @Sendable (Browser) -> Bool = { _ in false },
        perform: @escaping @Sendable (Browser) -> Void
    ) {
        self.init(
            command: action.command, title: title, keys: keys, viewMenu: view, contextMenu: context, isShown: shown,
            isEnabled: enabled, isChecked: checked, items: nil, perform: { browser, _ in perform(browser) })
    }

    /// The row of an action made for each choice of a file (Open With): `items` lists them,
    /// each carrying the action with its argument, which `perform` receives.
    init(
        _ action: BrowserAction, _ title: @autoclosure @escaping @Sendable () -> String, view: ActionGroup?,
        context: ActionGroup?,
        items: @escaping @Sendable (Browser, FilePath) -> [MenuItem],
        perform: @escaping @Sendable (Browser, BrowserAction) -> Void
    ) {
        self.init(
            command: action.command, title: title, keys: [], viewMenu: view, contextMenu: context, isShown: { _ in true },
            isEnabled: { _ in true }, isChecked: { _ in false }, items: items, perform: perform)
    }

    /// The row of a core command that the app's menu shows among its own items: the core binds
    /// its keys and performs it.
    init(
        core command: Command, _ title: @autoclosure @escaping @Sendable () -> String, view: ActionGroup?,
        context: ActionGroup? = nil
    ) {
        self.init(
            command: command, title: title, keys: [], viewMenu: view, contextMenu: context, isShown: { _ in true },
            isEnabled: { _ in true }, isChecked: { _ in false }, items: nil, perform: nil)
    }

    private init(
        command: Command, title: @escaping @Sendable () -> String, keys: [String], viewMenu: ActionGroup?,
        contextMenu: ActionGroup?,
        isShown: @escaping @Sendable (Browser) -> Bool, isEnabled: @escaping @Sendable (Browser) -> Bool,
        isChecked: @escaping @Sendable (Browser) -> Bool, items: (@Sendable (Browser, FilePath) -> [MenuItem])?,
        perform: (@Sendable (Browser, BrowserAction) -> Void)?
    ) {
        self.command = command
        makeTitle = title
        self.keys = keys
        self.viewMenu = viewMenu
        self.contextMenu = contextMenu
        self.isShown = isShown
        self.isEnabled = isEnabled
        self.isChecked = isChecked
        self.items = items
        self.perform = perform
    }

    /// The app's action, or nil for a core command's row.
    var action: BrowserAction? {
        guard case .action(let action) = command else { return nil }
        return action.value as? BrowserAction
    }

    /// The name a config file binds it by: the app's action's, except a row made for each
    /// choice of a file (Open With), which no key can name.
    var configName: String? {
        items == nil ? action?.name : nil
    }

    /// ``keys`` read as chords.
    var chords: [KeyChord] {
        keys.map { text in
            guard let chord = KeyChord(parsing: text) else { preconditionFailure("the table's key \"\(text)\" is not a chord") }
            return chord
        }
    }

    /// Its items in a menu of `browser`, for `file` (the selected one in the View menu, the
    /// row's in a context menu): none when hidden, or when it lists a file's choices and
    /// there is no file.
    func menuItems(for browser: Browser, file: FilePath?) -> [MenuItem] {
        guard isShown(browser) else { return [] }
        if let items {
            guard let file else { return [] }
            return items(browser, file)
        }
        let shortcut = keyShownFrom.flatMap { browser.split.keyBindings.chords(for: $0).first?.displayName } ?? ""
        return [
            MenuItem(
                title: title, shortcut: shortcut, command: command, isChecked: isChecked(browser),
                isEnabled: isEnabled(browser))
        ]
    }
}
