import SplitView
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

/// The trash's jobs in a window: each runs on the trash's worker (``TrashJobs``), so the
/// window answers while 150 000 files go to the trash; its progress shows in the files list's
/// bar beside a Cancel button (Escape) once it has run 50 ms, as a paste's does, and one
/// sentence in the reader's band says what it did.
///
/// Decided: a small job shows no bar (it is over before the first report), and its sentence
/// comes at the loop's next turn. Cancel stops between two items (inside a folder deleted for
/// good, between two of its entries): what was trashed stays in the trash, recorded for
/// Ctrl+Z; what was deleted is said, and a folder stopped half way is named. While a paste
/// shows its own progress in the bar, a trash job's shows in the band only.
extension Browser {
    /// Runs `job` on the trash's worker as a job of `kind`; `done` runs on the loop's thread
    /// with its outcome, after the bar is given back.
    func startTrashTask(
        _ kind: TrashTask.Kind, _ job: @escaping TrashJobs.Job, done: @escaping (TrashBatch.Outcome) -> Void
    ) {
        let task = TrashTask(kind: kind)
        trashTasks.append(task)
        store.trashJobs.run(
            job, cancellation: task.cancellation,
            progress: { [weak self, weak task] progress in
                guard let self, let task, !task.cancellation.isCancelled else { return }
                self.showTrashProgress(progress, task)
            },
            done: { [weak self, weak task] outcome in
                guard let self, let task else { return }
                self.endTrashTask(task)
                done(outcome)
            })
    }

    /// Cancels every trash job of this window (its Cancel button, Escape).
    func cancelTrashTasks() {
        for task in trashTasks {
            task.cancellation.cancel()
            if task.isShown { showTrashBar("Stopping…") }
        }
    }

    /// The job is over: it leaves the list, and the bar when it was showing there.
    private func endTrashTask(_ task: TrashTask) {
        trashTasks.removeAll { $0 === task }
        guard task.isShown, transfer == nil, !trashTasks.contains(where: \.isShown) else { return }
        fileList.navigationItem.title = nil
        fileList.navigationItem.rightBarButtonItems = []
    }

    /// The progress in the files list's bar (unless a paste has it), and whole in the reader's
    /// band.
    private func showTrashProgress(_ progress: TrashBatch.Progress, _ task: TrashTask) {
        let text = Self.progressText(progress, task.kind)
        guard transfer == nil else {
            reader.notice = text
            return
        }
        task.isShown = true
        showTrashBar(text)
        reader.notice = text + " (Escape cancels)"
    }

    /// The bar while a trash job runs: `title` and its Cancel button.
    private func showTrashBar(_ title: String) {
        fileList.navigationItem.title = title
        if fileList.navigationItem.rightBarButtonItems.isEmpty {
            let cancel = BarButtonItem(
                systemItem: .close, title: "Cancel",
                action: .handler { [weak self] in
                    // A paste started since shares the bar: Escape stops both.
                    self?.cancelTrashTasks()
                    self?.cancelTransfer()
                })
            cancel.keyEquivalent = KeyChord(.escape)
            fileList.navigationItem.rightBarButtonItems = [cancel]
        }
    }

    /// "Moving 1 200 of 150 000 items to the Trash", "Deleting 1 of 1 item — 45 210 files and
    /// folders deleted".
    static func progressText(_ progress: TrashBatch.Progress, _ kind: TrashTask.Kind) -> String {
        let total = progress.totalItems
        let items = "\(Format.count(min(progress.itemsDone, total))) of \(Format.count(total)) item\(total == 1 ? "" : "s")"
        let deleted =
            progress.entriesDeleted > progress.itemsDone
            ? " — \(Format.count(progress.entriesDeleted)) files and folders deleted" : ""
        switch kind {
        case .trash: return "Moving \(items) to the Trash"
        case .delete: return "Deleting \(items)" + deleted
        case .restore: return "Restoring \(items)"
        case .empty: return "Emptying the Trash: \(items)" + deleted
        }
    }
}
