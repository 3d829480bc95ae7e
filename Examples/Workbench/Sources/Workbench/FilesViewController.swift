import SplitView

/// The primary column: the project's files.
final class FilesViewController: ListViewController {
    let documents: [Document]
    /// Called when the user selects a file (a click, the arrow keys, type-ahead).
    var didSelectDocument: ((Document) -> Void)?

    init(documents: [Document]) {
        self.documents = documents
        super.init(title: "Counter", items: documents.map { ListItem(title: $0.name) })
        onSelect = { [unowned self] row in self.didSelectDocument?(self.documents[row]) }
    }
}
