import SplitView

/// The pane beside the editor: the declarations of the selected file, nested as in the file.
final class OutlineViewController: ListViewController {
    /// The file outlined; setting it lists its symbols from the top, none selected.
    var document: Document? {
        didSet {
            items = document?.symbols.map { ListItem(title: $0.title, subtitle: "line \($0.line)", indentation: $0.depth) } ?? []
            selectedIndex = nil
            reloadData(keepingScroll: false)
        }
    }

    init() {
        super.init(title: "Outline", emptyText: "No Symbols")
    }
}
