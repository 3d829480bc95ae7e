import SplitView
import SplitViewFiles

/// The inspector: the selected entry's details, computed when the inspector shows, not for
/// every entry the user passes.
final class FileDetailsViewController: DetailsViewController {
    private var pending: FileDetails?
    /// The details shown while the database was not read yet, described again when it is.
    private var describedWithoutDatabase: FileDetails?
    /// The database the Type row is read from, asked at each description: nil (the row says
    /// the kind only) while the worker is still reading it, so the loop's thread never waits
    /// for it nor reads it itself.
    var mime: () -> MimeDatabase? = { nil }

    /// Remembers what to describe; described now if the inspector is showing.
    func show(_ details: FileDetails) {
        pending = details
        describedWithoutDatabase = nil
        if isViewVisible { describePending() }
    }

    /// Describes nothing.
    func clear() {
        pending = nil
        describedWithoutDatabase = nil
        entries = []
    }

    /// The database has been read: details described without it are described again, unless
    /// the user has selected some of them (describing again would take the selection away: a
    /// late Type row waits for the next description instead).
    func databaseArrived() {
        guard let details = describedWithoutDatabase, pending == nil, selection == nil else { return }
        describedWithoutDatabase = nil
        if isViewVisible { describe(details) } else { pending = details }
    }

    override func viewWillAppear(_ animated: Bool) {
        describePending()
    }

    private func describePending() {
        guard let details = pending else { return }
        pending = nil
        describe(details)
    }

    private func describe(_ details: FileDetails) {
        let database = mime()
        entries = details.entries(mime: database)
        if database == nil { describedWithoutDatabase = details }
    }
}
