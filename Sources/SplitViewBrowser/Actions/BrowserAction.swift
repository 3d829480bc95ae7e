import SplitView

/// The app's own actions, beside the core's commands: the value the core carries in
/// `Command.action(_:)` and hands back to the browser, typed end to end.
///
/// Everything else about an action — its title, default keys, menu groups, when it is
/// enabled, what it does — is its row in `BrowserActions.table`.
///
/// Decided: the config file's spelling is the case's own name (`"toggleHiddenFiles": "Ctrl+H"`),
/// as it was when the enum had string raw values, so config files in the wild still load; Open
/// With's target travels as the application's desktop file id, never as text to parse back.
public enum BrowserAction: AppActionValue {
    /// Shows or hides the entries whose names start with a dot.
    case toggleHiddenFiles
    /// Opens the selected file, or the selected folder, with the desktop's program.
    case openExternally
    /// Adds the shown folder to GTK's shared bookmarks, shown among the places.
    case addBookmark
    /// Shows the parent of the shown folder, the folder left selected.
    case goUp
    /// Opens the location bar in the files column's bar.
    case openLocation
    /// Takes back the newest change to the files: a move, a rename, a new folder.
    case undo
    /// Moves the selected files to the trash; in the trash, deletes them for good after a
    /// confirmation.
    case moveToTrash
    /// Deletes the selected files for good after a confirmation.
    case deletePermanently
    /// Puts the selected files of the trash back where they came from.
    case restoreFromTrash
    /// Deletes everything in the trash for good after a confirmation.
    case emptyTrash
    /// Edits the selected entry's name in the files column's bar.
    case rename
    /// Makes "New Folder" (numbered when taken) in the shown folder and renames it.
    case newFolder
    /// Orders the shown folder by name.
    case sortByName
    /// Orders the shown folder by size.
    case sortBySize
    /// Orders the shown folder by type.
    case sortByType
    /// Orders the shown folder by modification date.
    case sortByModificationDate
    /// Reverses the shown folder's order, or puts it back.
    case toggleReversedOrder
    /// Puts the selected files on the clipboard to be copied (the View menu's "Copy"; Ctrl+C
    /// in the files list is the core's `copy`, which the list takes for this).
    case copyFiles
    /// Puts the selected files on the clipboard to be moved by the next paste.
    case cutFiles
    /// Pastes the files on the clipboard into the shown folder: copied, or moved after a cut.
    case pasteFiles
    /// Asks for a command in the bar's field and runs it in a new pane on the right of the pane
    /// with the keys.
    case splitRightWith
    /// Asks for a command in the bar's field and runs it in a new pane below the pane with the
    /// keys.
    case splitDownWith
    /// Opens the selected files with the application whose desktop file id is given; `nil`
    /// stands for Open With as a whole (its row, and its disabled "Looking for Applications…").
    case openWith(applicationID: String?)

    /// The action's name: the config file's spelling for every action but Open With, which a
    /// config cannot bind (`openWith(org.gnome.TextEditor.desktop)`, for people reading logs).
    public var name: String {
        guard case .openWith(let id) = self else { return String(describing: self) }
        return "openWith(\(id ?? ""))"
    }

    /// The core's command that carries the action through the key table and the menus.
    public var command: Command { .action(self) }
}
