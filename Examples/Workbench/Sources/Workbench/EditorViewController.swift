import SplitView

/// The editor pane: the selected file's text, monospace, long lines scrolling sideways.
final class EditorViewController: TextViewController {
    /// The file shown, or nil for the placeholder; a new file shows from its top.
    var document: Document? {
        didSet {
            title = document?.name ?? ""
            text = document?.text ?? ""
            scrollOffset = 0
        }
    }

    init() {
        super.init(title: "", placeholder: "No File Selected")
        font = .monospace
        wrapsLines = false
    }
}
