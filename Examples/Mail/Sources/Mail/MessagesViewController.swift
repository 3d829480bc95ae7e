import SplitView

/// The rows of a mailbox's messages, built only when the list draws them (a
/// `UITableViewDataSource`).
final class MessagesDataSource: ListDataSource {
    var messages: [Message] = []

    var numberOfRows: Int { messages.count }

    func item(at index: Int) -> ListItem {
        ListItem(title: messages[index].subject, subtitle: "\(messages[index].sender) · \(messages[index].date)")
    }

    var rowsHaveSubtitles: Bool { true }
}

/// The supplementary column: the selected mailbox's messages.
final class MessagesViewController: ListViewController {
    /// The mailbox listed; setting it shows its messages from the top, none selected.
    var mailbox: Mailbox? {
        didSet {
            title = mailbox?.name ?? ""
            rows.messages = mailbox?.messages ?? []
            selectedIndex = nil
            reloadData(keepingScroll: false)
        }
    }
    /// Called when the user selects a message.
    var didSelectMessage: ((Message) -> Void)?

    /// Held here: a list keeps its data source weakly, as a table view does.
    private let rows = MessagesDataSource()

    init() {
        super.init(title: "", emptyText: "No Messages")
        dataSource = rows
        onSelect = { [unowned self] row in self.didSelectMessage?(self.rows.messages[row]) }
    }
}
