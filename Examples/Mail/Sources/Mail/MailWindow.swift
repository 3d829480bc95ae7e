import SplitView
import SplitViewX11

/// One Mail window: a three-column split view and what a selection in one column shows in
/// the next (what a UIKit app's scene delegate sets up).
final class MailWindow {
    let split = SplitViewController(style: .tripleColumn)
    let mailboxes = MailboxesViewController(mailboxes: Mailbox.samples)
    let messages = MessagesViewController()
    let reader = MessageViewController()

    init() {
        split.setViewController(mailboxes, for: .primary)
        split.setViewController(messages, for: .supplementary)
        split.setViewController(reader, for: .secondary)
        split.preferredDisplayMode = .twoBesideSecondary
        split.columnTitles = [.supplementary: "Messages", .secondary: "Message"]
        split.focusedColumn = .primary
        split.delegate = self

        mailboxes.didSelectMailbox = { [unowned self] mailbox in
            self.messages.mailbox = mailbox
            self.reader.message = nil
        }
        messages.didSelectMessage = { [unowned self] message in self.reader.message = message }
        // A click opens the next column, which matters when the window is too narrow for all
        // three: collapsed, the columns are one stack, and the next one is pushed.
        mailboxes.onClick = { [unowned self] _ in if self.split.isCollapsed { self.split.show(.supplementary) } }
        messages.onClick = { [unowned self] _ in if self.split.isCollapsed { self.split.show(.secondary) } }

        // Open on the inbox's newest message, as Mail does.
        mailboxes.selectedIndex = 0
        messages.mailbox = Mailbox.samples[0]
        messages.selectedIndex = 0
        reader.message = Mailbox.samples[0].messages.first
    }

    /// What the host shows in the window; the window keeps this object alive.
    var content: Host.WindowContent {
        Host.WindowContent(controller: split, title: "Mail", owner: self)
    }
}

extension MailWindow: SplitViewControllerDelegate {
    /// Too narrow for three columns: the message when one is selected, else the list to choose
    /// one from, as Mail does on a phone.
    func splitViewController(
        _ svc: SplitViewController, topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitViewController.Column
    ) -> SplitViewController.Column {
        reader.message == nil ? .supplementary : proposedTopColumn
    }
}
