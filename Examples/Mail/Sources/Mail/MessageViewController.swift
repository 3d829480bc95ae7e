import SplitView

/// The secondary column: the selected message, its headers above its text.
final class MessageViewController: TextViewController {
    /// The message shown, or nil for the placeholder.
    var message: Message? {
        didSet {
            title = message?.subject ?? ""
            text = message.map { "From: \($0.sender)\nDate: \($0.date)\nSubject: \($0.subject)\n\n\($0.body)" } ?? ""
        }
    }

    init() {
        super.init(title: "", placeholder: "No Message Selected")
    }
}
