import Glibc
import SplitViewFiles

/// One of the trash's jobs a window asked for: what it does, and what stops it.
final class TrashTask {
    /// What a trash job does, for its progress and its last sentence.
    enum Kind {
        case trash, delete, restore, empty
    }

    /// What it does.
    let kind: Kind
    /// Stops it between two items (the Cancel button, Escape).
    let cancellation = TrashBatch.Cancellation()
    /// Whether its progress shows in the files list's bar.
    var isShown = false

    init(kind: Kind) {
        self.kind = kind
    }
}

/// A window's trash: where Delete moves files and what the Trash place shows, and the trash's
/// jobs the window asked for that have not ended, each run on the trash's worker (``TrashJobs``).
///
/// The browser says what happened (the band, the bar, the selection); this part knows the
/// trash's folders and its jobs. A window closed stops its jobs between two items.
final class TrashPart {
    /// The trash's name, for the place, the titles and the messages.
    static var title: String { String(translated: "Trash") }

    /// Where Delete moves files, and what the Trash place shows; `nil` for a window without a
    /// trash, where Delete asks before deleting for good.
    let trash: Trash?
    /// The worker every window's trash jobs run on, one after another.
    let jobs: TrashJobs
    /// The jobs asked for that have not ended, oldest first.
    private(set) var tasks: [TrashTask] = []
    /// Hears each job's progress while it is not cancelled (the window's bar and band).
    var onProgress: (TrashBatch.Progress, TrashTask) -> Void = { _, _ in }
    /// Hears that a job ended, once it has left ``tasks`` and before its own `done`.
    var onEnd: (TrashTask) -> Void = { _ in }

    /// The trash part of a window whose trash is `trash`, its jobs run by `jobs`.
    init(trash: Trash?, jobs: TrashJobs) {
        self.trash = trash
        self.jobs = jobs
    }

    deinit {
        for task in tasks { task.cancellation.cancel() }
    }

    /// The trash directory whose `files/` `folder` is, if any.
    func directory(showing folder: FilePath) -> TrashDirectory? {
        trash?.directory(showing: folder)
    }

    /// The trash entry of `path` when it is a file directly in a trash, for the inspector.
    func item(at path: FilePath) -> TrashedItem? {
        directory(showing: path.parent).flatMap { Trash.item(named: path.lastComponent, in: $0) }
    }

    /// Makes the home trash before the Trash place shows it; the error, or `nil`.
    func makeHome() -> FileError? {
        do { try trash?.makeHome() } catch { return error }
        return nil
    }

    /// `places` with the Trash after the home and user folders, where GNOME Files puts it,
    /// then a "Trash on …" place for each mounted volume whose own trash holds files.
    ///
    /// Decided: GNOME Files shows every trash merged in one; here a list shows one folder, so
    /// a volume's trash is a place of its own beside the home's, named by the volume, and
    /// shown only while it holds something (an empty one would be a row with nothing behind
    /// it). Restore and Empty Trash work the same in each.
    func withTrashPlaces(_ places: [Place]) -> [Place] {
        guard let trash else { return places }
        var places = places
        let index = places.lastIndex { $0.kind == .home || $0.kind == .userFolder }.map { $0 + 1 } ?? 0
        var trashes = [Place(name: Self.title, path: trash.home.files, kind: .trash)]
        // Local volumes only: a network server that does not answer must not hold the places.
        for directory in trash.directories(network: false) where directory != trash.home && Self.holdsAnything(directory.files) {
            let volume = directory.topdir.map { FilePath.displayName($0.isRoot ? $0.bytes : $0.lastComponent) } ?? ""
            trashes.append(Place(name: String(translated: "Trash on \(volume)"), path: directory.files, kind: .trash))
        }
        places.insert(contentsOf: trashes, at: index)
        return places
    }

    /// Whether `folder` has an entry: one `readdir` past `.` and `..`, not a listing.
    static func holdsAnything(_ folder: FilePath) -> Bool {
        guard let names = try? FolderNames(opening: folder) else { return false }
        return (try? names.next { _ in true }) == true
    }

    // MARK: - Jobs

    /// Runs `job` on the trash's worker as a job of `kind`: ``onProgress`` hears its progress
    /// while it is not cancelled, and once it has left ``tasks``, ``onEnd`` then `done` hear
    /// that it ended, `done` with its outcome. All run on the loop's thread.
    func start(_ kind: TrashTask.Kind, _ job: @escaping TrashJobs.Job, done: @escaping (TrashBatch.Outcome) -> Void) {
        let task = TrashTask(kind: kind)
        tasks.append(task)
        jobs.run(
            job, cancellation: task.cancellation,
            progress: { [weak self, weak task] report in
                guard let self, let task, !task.cancellation.isCancelled else { return }
                self.onProgress(report, task)
            },
            done: { [weak self, weak task] outcome in
                guard let self, let task else { return }
                self.tasks.removeAll { $0 === task }
                self.onEnd(task)
                done(outcome)
            })
    }

    /// Cancels every job; true when one shows its progress in the bar.
    @discardableResult
    func cancelAll() -> Bool {
        for task in tasks { task.cancellation.cancel() }
        return tasks.contains(where: \.isShown)
    }

    /// Whether a job still running shows its progress in the bar.
    var isShowingProgress: Bool { tasks.contains(where: \.isShown) }

    /// "Moving 1 200 of 150 000 items to the Trash", "Deleting 1 of 1 item — 45 210 files and
    /// folders deleted".
    static func progressText(_ progress: TrashBatch.Progress, _ kind: TrashTask.Kind) -> String {
        let count = progress.totalItems
        let done = Format.count(min(progress.itemsDone, count)), total = Format.count(count)
        let deleted = progress.entriesDeleted > progress.itemsDone ? Format.count(progress.entriesDeleted) : nil
        switch (kind, deleted) {
        case (.trash, _):
            return String(
                translated: "Moving \(done) of \(total) item to the Trash",
                plural: "Moving \(done) of \(total) items to the Trash",
                count: count)
        case (.delete, nil):
            return String(
                translated: "Deleting \(done) of \(total) item", plural: "Deleting \(done) of \(total) items", count: count)
        case (.delete, let deleted?):
            return String(
                translated: "Deleting \(done) of \(total) item — \(deleted) files and folders deleted",
                plural: "Deleting \(done) of \(total) items — \(deleted) files and folders deleted", count: count)
        case (.restore, _):
            return String(
                translated: "Restoring \(done) of \(total) item", plural: "Restoring \(done) of \(total) items", count: count)
        case (.empty, nil):
            return String(
                translated: "Emptying the Trash: \(done) of \(total) item",
                plural: "Emptying the Trash: \(done) of \(total) items",
                count: count)
        case (.empty, let deleted?):
            return String(
                translated: "Emptying the Trash: \(done) of \(total) item — \(deleted) files and folders deleted",
                plural: "Emptying the Trash: \(done) of \(total) items — \(deleted) files and folders deleted", count: count)
        }
    }
}
