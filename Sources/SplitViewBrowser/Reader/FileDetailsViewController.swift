import SplitView
import SplitViewFiles

/// The inspector: the selected entry's details, computed when the inspector shows, not for
/// every entry the user passes.
final class FileDetailsViewController: DetailsViewController {
    private var pending: FileDetails?
    /// The database the Type row is read from; without one the row says the kind only.
    var mime: MimeDatabase?

    /// Remembers what to describe; described now if the inspector is showing.
    func show(_ details: FileDetails) {
        pending = details
        if isViewVisible { describePending() }
    }

    /// Describes nothing.
    func clear() {
        pending = nil
        entries = []
    }

    override func viewWillAppear(_ animated: Bool) {
        describePending()
    }

    private func describePending() {
        guard let details = pending else { return }
        pending = nil
        entries = details.entries(mime: mime)
    }
}
