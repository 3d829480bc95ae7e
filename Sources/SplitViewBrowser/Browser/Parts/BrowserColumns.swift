import SplitView

/// The view controllers of a window's four columns: what the browser wires to its parts.
///
/// Made once with the window; a column that hosts a program (`--secondary CMD`) keeps its view
/// controller here, unused.
struct BrowserColumns {
    /// The primary column: the outline.
    let folders: ListViewController
    /// The supplementary column: the selected folder's files and folders.
    let fileList: ListViewController
    /// The secondary column: the selected file's text.
    let reader: TextViewController
    /// The inspector: the selected file's details.
    let details: FileDetailsViewController

    /// The columns of a window whose outline is titled `rootTitle`; `types` gives the inspector
    /// the MIME database once it is read.
    init(rootTitle: String, types: FileTypes) {
        folders = ListViewController(title: rootTitle, emptyText: String(translated: "Loading…"))
        fileList = ListViewController(title: "", emptyText: String(translated: "No folder selected"))
        reader = TextViewController(title: "", placeholder: String(translated: "No file selected"))
        reader.font = .monospace
        details = FileDetailsViewController(title: String(translated: "Details"))
        details.mime = { [types] in types.loadedDatabase }
    }
}
