import Glibc
import SplitView
import SplitViewFiles

/// The trash in the browser, as GNOME Files has it: Delete moves the selected files to the
/// trash (Ctrl+Z puts them back), Shift+Delete deletes them for good after a question, and the
/// Trash place lists the home trash, where "Restore From Trash" and "Empty Trash" apply.
///
/// Decided, where the issue is silent:
/// - In a trash, Delete deletes for good after the question, as in GNOME Files' trash.
/// - A file whose volume has no usable trash, or a window without a trash, is deleted for good
///   only after the question says so; Escape keeps it.
/// - Restore and Empty Trash have no key of their own (GNOME Files gives them none): they are
///   in the View menu (F10), enabled only in a trash, and bindable in the config file
///   (`restoreFromTrash`, `emptyTrash`). A restore is not an undoable change: Delete trashes
///   again.
/// - After Delete, the row below the deleted one is selected (the one above at the end), so
///   that Delete pressed again goes on down the list.
/// - The Trash place shows the home trash; a volume's trash is shown, with the same actions,
///   by browsing to its `.Trash-$uid/files` (Ctrl+H shows it). Empty Trash empties them all.
extension Browser {
    /// A folder's name for the titles: "Trash" for a trash's `files`, else its own.
    func displayName(ofFolder folder: FilePath) -> String {
        if trashPart.directory(showing: folder) != nil { return TrashPart.title }
        return folder.lastName
    }

    /// `YYYY-MM-DD hh:mm:ss`, as the inspector writes times.
    static func format(_ date: DeletionDate) -> String {
        let text = date.text
        return text.prefix(10) + " " + text.suffix(8)
    }

    // MARK: - Delete

    /// Delete: the selected files go to the trash on the trash's worker, and the band says so;
    /// in a trash, or where there is no trash, the question to delete them for good comes
    /// instead. The selection moves on at once, so that Delete pressed again takes the next
    /// file, whatever the worker has done yet.
    func moveSelectionToTrash() {
        let paths = selectedPaths
        guard !paths.isEmpty else {
            reader.notice = String(translated: "Select a file to move it to the Trash.")
            return
        }
        if let folder = selectedFolder, trashPart.directory(showing: folder) != nil { return askToDeletePermanently(paths) }
        guard let trash = trashPart.trash else {
            return askToDeletePermanently(paths, because: String(translated: "This window has no trash."))
        }
        selectNeighbourOfSelectedRows()
        trashPart.start(.trash, { TrashBatch.moveToTrash(paths, trash: trash, cancellation: $0, report: $1) }) {
            [unowned self] outcome in self.trashed(outcome)
        }
    }

    /// A trashing is over: recorded for Ctrl+Z, said in the band, and the files whose volume
    /// has no trash asked about.
    private func trashed(_ outcome: TrashBatch.Outcome) {
        let trashed = outcome.items
        if !trashed.isEmpty {
            undoStack.record(.trashed(trashed))
            changed(trashed.map(\.originalPath), alsoIn: trashed.map(\.directory.files))
        }
        let count = trashed.count
        let undoHint =
            split.keyBindings.chords(for: BrowserAction.undo.command).first.map { chord in
                let key = chord.displayName
                return " " + String(translated: "\(key) puts it back.", plural: "\(key) puts them back.", count: count)
            } ?? ""
        if let failure = outcome.failures.first {
            let name = FilePath.displayName(failure.path.lastComponent), reason = failure.error.reason
            reader.notice = String(translated: "Could not move “\(name)” to the Trash: \(reason).")
        } else if outcome.cancelled {
            let (done, total, all) = Self.doneCounts(count, of: outcome)
            reader.notice =
                trashed.isEmpty
                ? String(translated: "Stopped: nothing was moved to the Trash.")
                : String(
                    translated: "Stopped: moved \(done) of \(total) item to the Trash.",
                    plural: "Stopped: moved \(done) of \(total) items to the Trash.", count: all) + undoHint
        } else if !trashed.isEmpty {
            reader.notice =
                Self.describe(
                    trashed.map(\.originalPath), one: { String(translated: "Moved “\($0)” to the Trash.") },
                    many: {
                        String(translated: "Moved \($0) item to the Trash.", plural: "Moved \($0) items to the Trash.", count: $1)
                    })
                + undoHint
        }
        let withoutTrash = outcome.withoutTrash
        if !withoutTrash.isEmpty {
            askToDeletePermanently(
                withoutTrash,
                because: Self.describe(
                    withoutTrash, one: { String(translated: "“\($0)” cannot go to the Trash: its volume has none.") },
                    many: {
                        String(
                            translated: "\($0) item cannot go to the Trash: their volume has none.",
                            plural: "\($0) items cannot go to the Trash: their volume has none.", count: $1)
                    }),
                selected: false)
        }
    }

    /// Asks before deleting `paths` for good (Shift+Delete, and Delete where there is no
    /// trash); `reason` comes first when there is one. Return deletes, Escape keeps them.
    /// `selected`: the paths are the list's selected rows (not some files a trashing left).
    func askToDeletePermanently(_ paths: [FilePath], because reason: String? = nil, selected: Bool = true) {
        guard !paths.isEmpty else {
            reader.notice = String(translated: "Select a file to delete it.")
            return
        }
        var prompt = Prompt(
            message: (reason.map { $0 + " " } ?? "")
                + Self.describe(
                    paths, one: { String(translated: "Delete “\($0)” permanently? It cannot be undone.") },
                    many: {
                        String(
                            translated: "Delete \($0) item permanently? It cannot be undone.",
                            plural: "Delete \($0) items permanently? It cannot be undone.", count: $1)
                    }),
            accept: { [unowned self] in self.deletePermanently(paths, selected: selected) },
            cancel: { [unowned self] in self.reader.notice = String(translated: "Nothing was deleted.") })
        // The button says what it does, as GNOME Files' does ("Delete", not "OK").
        prompt.acceptTitle = String(translated: "Delete")
        split.prompt = prompt
    }

    /// Deletes `paths` for good on the trash's worker, a file of a trash with its info file;
    /// the band says what happened, naming the first failure. The selection moves on at once:
    /// off the selected rows when `selected`, else off `paths`.
    func deletePermanently(_ paths: [FilePath], selected: Bool = false) {
        let trash = trashPart.trash
        if selected { selectNeighbourOfSelectedRows() } else { selectNeighbour(leaving: paths) }
        trashPart.start(.delete, { TrashBatch.deletePermanently(paths, trash: trash, cancellation: $0, report: $1) }) {
            [unowned self] outcome in
            self.changed(outcome.done + (outcome.stoppedInside.map { [$0] } ?? []), alsoIn: [])
            if let failure = outcome.failures.first {
                let reason = failure.error.description
                self.reader.notice = Self.describe(
                    paths, one: { String(translated: "Could not delete “\($0)”: \(reason).") },
                    many: {
                        String(
                            translated: "Could not delete \($0) item: \(reason).",
                            plural: "Could not delete \($0) items: \(reason).", count: $1)
                    })
            } else if outcome.cancelled {
                self.reader.notice = Self.stoppedDeleting(outcome)
            } else {
                self.reader.notice = Self.describe(
                    outcome.done, one: { String(translated: "Deleted “\($0)” permanently.") },
                    many: {
                        String(
                            translated: "Deleted \($0) item permanently.", plural: "Deleted \($0) items permanently.", count: $1)
                    })
            }
        }
    }

    /// What a deletion stopped by Cancel did: the items deleted, and the one deleted in part.
    static func stoppedDeleting(_ outcome: TrashBatch.Outcome) -> String {
        let (done, total, count) = doneCounts(outcome.done.count, of: outcome)
        var sentence =
            outcome.done.isEmpty
            ? String(translated: "Stopped: nothing was deleted.")
            : String(
                translated: "Stopped: deleted \(done) of \(total) item permanently.",
                plural: "Stopped: deleted \(done) of \(total) items permanently.", count: count)
        if let inside = outcome.stoppedInside {
            let name = FilePath.displayName(inside.lastComponent)
            sentence += " " + String(translated: "“\(name)” was deleted in part: the rest of it is still there.")
        }
        return sentence
    }

    /// The counts of a job stopped half way, “1 200 of 150 000 items”: the items done and all
    /// of them as written, and the number of all, which chooses the plural.
    static func doneCounts(_ done: Int, of outcome: TrashBatch.Outcome) -> (done: String, total: String, count: Int) {
        let total = outcome.progress.totalItems
        return (Format.count(done), Format.count(total), total)
    }

    // MARK: - Restore and empty

    /// Puts the selected files of the shown trash back where they came from (never over a
    /// file there; a folder gone since is made again), on the trash's worker, and says where.
    func restoreSelectionFromTrash() {
        guard let folder = selectedFolder, let directory = trashPart.directory(showing: folder), !selectedPaths.isEmpty else {
            reader.notice = String(translated: "Select a file in the Trash to restore it.")
            return
        }
        let names = selectedPaths.map(\.lastComponent)
        selectNeighbourOfSelectedRows()
        trashPart.start(.restore, { TrashBatch.restore(named: names, in: directory, cancellation: $0, report: $1) }) {
            [unowned self] outcome in
            let restored = outcome.items
            self.changed(restored.map(\.trashedPath), alsoIn: restored.map(\.originalPath.parent))
            if let failure = outcome.failures.first {
                let name = FilePath.displayName(failure.path.lastComponent)
                self.reader.notice = String(translated: "Could not restore “\(name)”: \(failure.error.description).")
            } else if outcome.cancelled {
                let (done, total, count) = Self.doneCounts(restored.count, of: outcome)
                self.reader.notice =
                    restored.isEmpty
                    ? String(translated: "Stopped: nothing was restored.")
                    : String(
                        translated: "Stopped: restored \(done) of \(total) item.",
                        plural: "Stopped: restored \(done) of \(total) items.",
                        count: count)
            } else {
                let place = restored.first.map { self.displayName(ofFolder: $0.originalPath.parent) } ?? ""
                self.reader.notice = Self.describe(
                    restored.map(\.originalPath), one: { String(translated: "Restored “\($0)” to “\(place)”.") },
                    many: {
                        String(
                            translated: "Restored \($0) item to “\(place)”.", plural: "Restored \($0) items to “\(place)”.",
                            count: $1)
                    })
            }
        }
    }

    /// Asks before emptying every trash, naming how many items it holds (counted on the
    /// trash's worker); Return deletes those items for good, and only those
    /// (``Trash/empty(_:)``): what is trashed after the question stays.
    func askToEmptyTrash() {
        guard let trash = trashPart.trash else { return }
        trashPart.jobs.count(trash) { [weak self] snapshot in
            guard let self else { return }
            let count = snapshot.count
            guard count > 0 else {
                self.reader.notice = String(translated: "The Trash is empty.")
                return
            }
            self.split.prompt = Prompt(
                message: String(
                    translated: "Empty the Trash? Its item will be deleted permanently.",
                    plural: "Empty the Trash? All \(Format.count(count)) items will be deleted permanently.", count: count),
                accept: { [unowned self] in self.emptyTrash(snapshot) })
        }
    }

    /// Deletes the items of `snapshot` for good on the trash's worker, and says so.
    private func emptyTrash(_ snapshot: TrashSnapshot) {
        trashPart.start(.empty, { TrashBatch.empty(snapshot, cancellation: $0, report: $1) }) { [unowned self] outcome in
            for directory in Set(snapshot.entries.map(\.directory)) { self.store.readAgain(directory.files) }
            self.reloadPlaces()
            if let failure = outcome.failures.first {
                self.reader.notice = String(translated: "Could not empty the Trash entirely: \(failure.error.description).")
            } else if outcome.cancelled {
                self.reader.notice = Self.stoppedDeleting(outcome)
            } else {
                self.reader.notice = String(translated: "Emptied the Trash.")
            }
        }
    }

    // MARK: - After a change

    /// The files at `paths` went (or came): the selection moves to the next entry left, and
    /// their folders and `folders` are read again.
    private func changed(_ paths: [FilePath], alsoIn folders: [FilePath]) {
        selectNeighbour(leaving: paths)
        var read = Set(folders)
        var last: FilePath?
        for path in paths {
            // 150 000 files of one folder: one set insertion, not 150 000.
            let parent = path.parent
            if parent != last { read.insert(parent) }
            last = parent
        }
        for folder in read { store.readAgain(folder) }
        // A volume's trash that filled or emptied shows or leaves the places.
        reloadPlaces()
    }

    /// When the selected entry is among `paths`, selects the next entry not among them (the
    /// previous one at the end of the list), or none.
    private func selectNeighbour(leaving paths: [FilePath]) {
        guard let folder = selectedFolder, let name = selectedName, paths.contains(folder.appending(name)) else { return }
        let gone = Set(paths.lazy.filter { $0.parent == folder }.map(\.lastComponent))
        let start = fileList.selectedIndex ?? entries.index(of: name) ?? 0
        guard
            let index = BrowserSelection.neighbour(
                leavingNames: gone, from: start, rowCount: entries.numberOfRows, name: { entries.entry(at: $0)?.name }),
            let entry = entries.entry(at: index)
        else { return deselectEntry() }
        selection.name = entry.name
        fileList.selectedIndex = index
        showSelection(at: index)
    }

    /// Moves the selection off every selected row at once (Delete, Shift+Delete, Restore
    /// give their files to the worker): to the next row not selected after the lead, else the
    /// nearest one before it, else none. By rows, not paths: one pass whatever the number
    /// selected (Ctrl+A in 150 000 files).
    private func selectNeighbourOfSelectedRows() {
        let selected = fileList.selectedIndexes
        guard let start = fileList.selectedIndex ?? selected.min() else { return }
        guard let index = BrowserSelection.neighbour(leaving: selected, lead: start, rowCount: entries.numberOfRows),
            let entry = entries.entry(at: index)
        else { return deselectEntry() }
        selection.name = entry.name
        fileList.selectedIndex = index
        showSelection(at: index)
    }

    /// The sentence about `paths`: `one`'s for one path, given its name (“Moved “a.txt” to the
    /// Trash.”), `many`'s for more, given their count as written (“150 000”) and the number,
    /// which chooses the plural (“Moved 150 000 items to the Trash.”).
    static func describe(
        _ paths: [FilePath], one: (String) -> String, many: (_ count: String, _ number: Int) -> String
    ) -> String {
        paths.count == 1 ? one(FilePath.displayName(paths[0].lastComponent)) : many(Format.count(paths.count), paths.count)
    }
}
