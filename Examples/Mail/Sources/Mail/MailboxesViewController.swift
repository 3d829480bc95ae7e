import SplitView

/// The primary column: the mailboxes, each with how many messages it holds.
final class MailboxesViewController: ListViewController {
    let mailboxes: [Mailbox]
    /// Called when the user selects a mailbox (a click, the arrow keys, type-ahead).
    var didSelectMailbox: ((Mailbox) -> Void)?

    init(mailboxes: [Mailbox]) {
        self.mailboxes = mailboxes
        super.init(
            title: "Mailboxes",
            items: mailboxes.map { ListItem(title: $0.name, subtitle: Self.count($0.messages.count)) })
        onSelect = { [unowned self] row in self.didSelectMailbox?(self.mailboxes[row]) }
    }

    private static func count(_ messages: Int) -> String {
        messages == 1 ? "1 message" : "\(messages) messages"
    }
}
