import SplitView

/// The app's own actions, beside the core's commands. The raw value is the one spelling: the
/// config file binds it (`"toggleHiddenFiles": "Ctrl+H"`), the default bindings carry it in
/// `Command.action`, and the browser performs what the core hands back by it.
public enum BrowserAction: String, CaseIterable, Sendable {
    /// Shows or hides the entries whose names start with a dot (Ctrl+H).
    case toggleHiddenFiles
    /// Opens the selected file, or the selected folder, with the desktop's program (Ctrl+O).
    case openExternally
    /// Adds the shown folder to GTK's shared bookmarks, shown among the places (Ctrl+D).
    case addBookmark
    /// Shows the parent of the shown folder, the folder left selected (Alt+Up; Backspace).
    case goUp
    /// Opens the location bar in the files column's bar (Ctrl+L).
    case openLocation
    /// Takes back the newest change to the files: a move, a rename, a new folder (Ctrl+Z).
    case undo
    /// Moves the selected files to the trash (Delete); in the trash, deletes them for good
    /// after a confirmation.
    case moveToTrash
    /// Deletes the selected files for good after a confirmation (Shift+Delete).
    case deletePermanently
    /// Puts the selected files of the trash back where they came from ("Restore From Trash").
    case restoreFromTrash
    /// Deletes everything in the trash for good after a confirmation ("Empty Trash").
    case emptyTrash
    /// Edits the selected entry's name in the files column's bar (F2).
    case rename
    /// Makes "New Folder" (numbered when taken) in the shown folder and renames it (Ctrl+Shift+N).
    case newFolder
    /// Orders the shown folder by name (Ctrl+Alt+1).
    case sortByName
    /// Orders the shown folder by size (Ctrl+Alt+2).
    case sortBySize
    /// Orders the shown folder by type (Ctrl+Alt+3).
    case sortByType
    /// Orders the shown folder by modification date (Ctrl+Alt+4).
    case sortByModificationDate
    /// Reverses the shown folder's order, or puts it back (Ctrl+Alt+R).
    case toggleReversedOrder
    /// Puts the selected files on the clipboard to be copied (Ctrl+C in the files list, which
    /// the core's `copy` carries there; the View menu's "Copy").
    case copyFiles
    /// Puts the selected files on the clipboard to be moved by the next paste (Ctrl+X).
    case cutFiles
    /// Pastes the files on the clipboard into the shown folder: copied, or moved after a cut
    /// (Ctrl+V).
    case pasteFiles

    /// The core's command that carries the action through the key table.
    public var command: Command { .action(rawValue) }

    /// Every action's spelling, for reading a config file's bindings.
    public static let names = Set(allCases.map(\.rawValue))
}
