import SplitView
import SplitViewFiles

/// A paste's way through the window: the plan read on a worker, every name in the way asked
/// about (Replace, Keep Both, Skip, and "Apply to All", as GNOME Files asks), the copy run on
/// a worker with its progress in the files list's bar beside a Cancel button (Escape), then
/// one sentence in the reader's band and the paste recorded for undo.
///
/// Decided (as GNOME Files): Return answers Replace (Merge for two folders), the default of
/// GNOME's conflict dialog; Escape cancels the whole paste, and nothing is copied. "Apply to
/// All" is a check box (A) that applies the next answer to every later question.
extension Browser {
    /// Starts pasting `sources` into `folder`.
    func startTransfer(_ sources: [FilePath], into folder: FilePath, mode: TransferMode) {
        let job = transfers.begin(mode, into: folder)
        showTransfer(mode == .copy ? String(translated: "Preparing to copy…") : String(translated: "Preparing to move…"))
        store.transfers.plan(sources, into: folder, mode: mode) { [weak self, weak job] result in
            guard let self, self.transfers.isCurrent(job), let job else { return }
            switch result {
            case .failure(let failure): self.endTransfer(failure.message)
            case .success(let plan):
                guard !job.cancellation.isCancelled else { return self.endTransfer(Self.cancelled(job.mode)) }
                guard !plan.nodes.isEmpty else { return self.endTransfer(plan.notes.joined(separator: " ")) }
                job.resolution = CopyResolution(plan: plan)
                self.askOrRun(job)
            }
        }
    }

    /// Asks about the next name in the way, or runs the copy when none is left.
    private func askOrRun(_ job: Transfer) {
        guard let resolution = job.resolution else { return }
        if let index = resolution.nextConflict { return ask(about: index, job) }
        job.isCopying = true
        let totals = resolution.totals
        showProgress(CopyProgress(totalFiles: totals.files, totalBytes: totals.bytes), job)
        store.transfers.run(
            resolution, cancellation: job.cancellation,
            progress: { [weak self, weak job] progress in
                guard let self, self.transfers.isCurrent(job), let job, !job.cancellation.isCancelled else { return }
                self.showProgress(progress, job)
            },
            done: { [weak self, weak job] outcome in
                guard let self, self.transfers.isCurrent(job) else { return }
                self.finish(outcome)
            })
    }

    /// The question about node `index` of the plan, whose name is taken.
    private func ask(about index: Int, _ job: Transfer) {
        guard let plan = job.resolution?.plan else { return }
        let node = plan.nodes[index]
        let name = FilePath.displayName(node.name), folder = plan.targetPath(of: index).parent.lastName
        let folders = node.kind == .folder && node.existingIsFolder == true
        job.isAsking = true
        var prompt = Prompt(
            message: folders
                ? String(translated: "A folder named “\(name)” already exists in “\(folder)”. Merge them?")
                : String(translated: "“\(name)” already exists in “\(folder)”. Replace it?"),
            accept: { [weak self, weak job] in self?.answer(.replace, index, job) },
            cancel: { [weak self] in self?.cancelTransfer() })
        prompt.acceptTitle = folders ? String(translated: "Merge") : String(translated: "Replace")
        prompt.choices = [
            Prompt.Choice(title: String(translated: "Keep Both"), key: KeyChord(.character("k"))) { [weak self, weak job] in
                self?.answer(.keepBoth, index, job)
            },
            Prompt.Choice(title: String(translated: "Skip"), key: KeyChord(.character("s"))) { [weak self, weak job] in
                self?.answer(.skip, index, job)
            },
            Prompt.Choice(title: String(translated: "Apply to All"), key: KeyChord(.character("a")), isChecked: job.appliesToAll)
            {
                [weak self, weak job] in
                guard let self, self.transfers.isCurrent(job), let job else { return }
                job.appliesToAll.toggle()
                self.ask(about: index, job)
            },
        ]
        split.prompt = prompt
    }

    private func answer(_ choice: ConflictChoice, _ index: Int, _ job: Transfer?) {
        guard transfers.isCurrent(job), let job else { return }
        job.isAsking = false
        job.resolution?.answer(choice, for: index, forAll: job.appliesToAll)
        askOrRun(job)
    }

    /// Cancels the paste under way (its Cancel button, Escape): a copy removes what it made
    /// and says so; before the copy, nothing was made.
    func cancelTransfer() {
        guard let job = transfers.transfer else { return }
        job.cancellation.cancel()
        if job.isCopying {
            showTransfer(
                job.mode == .copy ? String(translated: "Cancelling the copy…") : String(translated: "Cancelling the move…"))
        } else {
            endTransfer(Self.cancelled(job.mode))
        }
    }

    private func finish(_ outcome: CopyOutcome) {
        if let record = outcome.undoRecord { undoStack.record(record) }
        selectPlaced(outcome.placed)
        if outcome.mode == .move, outcome.failure == nil, !outcome.placed.isEmpty { split.post(.clearSelection(.clipboard)) }
        endTransfer(Self.summary(outcome, into: transfers.transfer?.destination))
    }

    /// Selects what a paste or an undo put in the shown folder, as GNOME Files selects pasted
    /// and restored files; paths elsewhere leave the selection as it is.
    func selectPlaced(_ paths: [FilePath]) {
        guard let folder = selectedFolder else { return }
        let here = paths.filter { $0.parent == folder }.map(\.lastComponent)
        guard let first = here.first else { return }
        selection.name = first
        selection.others = Set(here.dropFirst())
        store.reload(folder)
    }

    /// The paste is over: the bar shows the folder again, and the band says `message`.
    private func endTransfer(_ message: String) {
        if transfers.end()?.isAsking == true { split.prompt = nil }
        fileList.navigationItem.title = nil
        fileList.navigationItem.rightBarButtonItems = []
        reader.notice = message
    }

    /// The bar while a paste runs: `title` and its Cancel button.
    private func showTransfer(_ title: String) {
        fileList.navigationItem.title = title
        if fileList.navigationItem.rightBarButtonItems.isEmpty {
            let cancel = BarButtonItem(
                systemItem: .close, title: String(translated: "Cancel"),
                action: .handler { [weak self] in self?.cancelTransfer() })
            cancel.keyEquivalent = KeyChord(.escape)
            fileList.navigationItem.rightBarButtonItems = [cancel]
        }
    }

    /// The progress in the files list's bar, and whole in the reader's band (a narrow bar
    /// cuts it short).
    private func showProgress(_ progress: CopyProgress, _ job: Transfer) {
        let text = Self.progressText(progress, mode: job.mode)
        showTransfer(text)
        reader.notice = String(translated: "\(text) (Escape cancels)")
    }

    /// "Copying 3 of 120 files — 45 MB of 300 MB".
    static func progressText(_ progress: CopyProgress, mode: TransferMode) -> String {
        let total = progress.totalFiles, files = min(progress.filesDone, progress.totalFiles)
        guard progress.totalBytes > 0 else {
            return mode == .copy
                ? String(
                    translated: "Copying \(files) of \(total) file", plural: "Copying \(files) of \(total) files", count: total)
                : String(
                    translated: "Moving \(files) of \(total) file", plural: "Moving \(files) of \(total) files", count: total)
        }
        let done = Format.size(min(progress.bytesDone, progress.totalBytes)), size = Format.size(progress.totalBytes)
        return mode == .copy
            ? String(
                translated: "Copying \(files) of \(total) file — \(done) of \(size)",
                plural: "Copying \(files) of \(total) files — \(done) of \(size)", count: total)
            : String(
                translated: "Moving \(files) of \(total) file — \(done) of \(size)",
                plural: "Moving \(files) of \(total) files — \(done) of \(size)", count: total)
    }

    /// The sentence a finished paste leaves in the reader's band.
    static func summary(_ outcome: CopyOutcome, into folder: FilePath?) -> String {
        let notes = outcome.notes.joined(separator: " ")
        if let failure = outcome.failure { return notes.isEmpty ? failure : failure + " " + notes }
        var sentence = placedSentence(outcome, into: folder)
        let replaced = outcome.replaced
        if replaced > 0 {
            sentence += " " + String(translated: "\(replaced) replaced.", plural: "\(replaced) replaced.", count: replaced)
        }
        if outcome.movedAcross { sentence += " " + String(translated: "It crossed file systems: Ctrl+Z cannot undo it.") }
        return notes.isEmpty ? sentence : sentence + " " + notes
    }

    /// What a finished paste placed: "Copied “a.txt” to “Notes”.", "Moved 3 items.".
    private static func placedSentence(_ outcome: CopyOutcome, into folder: FilePath?) -> String {
        let count = outcome.placed.count, copied = outcome.mode == .copy
        switch (count, folder?.lastName) {
        case (0, _):
            return copied ? String(translated: "Nothing was copied.") : String(translated: "Nothing was moved.")
        case (1, let target?):
            let name = outcome.placed[0].lastName
            return copied
                ? String(translated: "Copied “\(name)” to “\(target)”.") : String(translated: "Moved “\(name)” to “\(target)”.")
        case (1, nil):
            let name = outcome.placed[0].lastName
            return copied ? String(translated: "Copied “\(name)”.") : String(translated: "Moved “\(name)”.")
        case (_, let target?):
            return copied
                ? String(
                    translated: "Copied \(count) item to “\(target)”.", plural: "Copied \(count) items to “\(target)”.",
                    count: count)
                : String(
                    translated: "Moved \(count) item to “\(target)”.", plural: "Moved \(count) items to “\(target)”.",
                    count: count)
        case (_, nil):
            return copied
                ? String(translated: "Copied \(count) item.", plural: "Copied \(count) items.", count: count)
                : String(translated: "Moved \(count) item.", plural: "Moved \(count) items.", count: count)
        }
    }

    private static func cancelled(_ mode: TransferMode) -> String {
        mode == .copy
            ? String(translated: "Copy cancelled: nothing was copied.") : String(translated: "Move cancelled: nothing was moved.")
    }
}
