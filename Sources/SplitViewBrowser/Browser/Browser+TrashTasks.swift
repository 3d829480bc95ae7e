import SplitView
import SplitViewFiles

/// The trash's jobs in a window (``TrashPart``): each runs on the trash's worker, so the
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
    /// Wires the trash's jobs to the window: their progress in the bar and the band, their end
    /// giving the bar back.
    func connectTrashTasks() {
        trashPart.onProgress = { [unowned self] in self.showTrashProgress($0, $1) }
        trashPart.onEnd = { [unowned self] in self.endTrashTask($0) }
    }

    /// Cancels every trash job of this window (its Cancel button, Escape).
    func cancelTrashTasks() {
        if trashPart.cancelAll() { showTrashBar(String(translated: "Stopping…")) }
    }

    /// The job is over: the bar is given back when it was showing there and nothing else
    /// shows in it.
    private func endTrashTask(_ task: TrashTask) {
        guard task.isShown, transfers.transfer == nil, !trashPart.isShowingProgress else { return }
        fileList.navigationItem.title = nil
        fileList.navigationItem.rightBarButtonItems = []
    }

    /// The progress in the files list's bar (unless a paste has it), and whole in the reader's
    /// band.
    private func showTrashProgress(_ progress: TrashBatch.Progress, _ task: TrashTask) {
        let text = TrashPart.progressText(progress, task.kind)
        guard transfers.transfer == nil else {
            reader.notice = text
            return
        }
        task.isShown = true
        showTrashBar(text)
        reader.notice = String(translated: "\(text) (Escape cancels)")
    }

    /// The bar while a trash job runs: `title` and its Cancel button.
    private func showTrashBar(_ title: String) {
        fileList.navigationItem.title = title
        if fileList.navigationItem.rightBarButtonItems.isEmpty {
            let cancel = BarButtonItem(
                systemItem: .close, title: String(translated: "Cancel"),
                action: .handler { [weak self] in
                    // A paste started since shares the bar: Escape stops both.
                    self?.cancelTrashTasks()
                    self?.cancelTransfer()
                })
            cancel.keyEquivalent = KeyChord(.escape)
            fileList.navigationItem.rightBarButtonItems = [cancel]
        }
    }
}
