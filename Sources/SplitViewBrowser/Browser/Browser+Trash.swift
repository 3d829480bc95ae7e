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
            reader.notice = "Select a file to move it to the Trash."
            return
        }
        if let folder = selectedFolder, trashPart.directory(showing: folder) != nil { return askToDeletePermanently(paths) }
        guard let trash = trashPart.trash else {
            return askToDeletePermanently(paths, because: "This window has no trash.")
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
        let undoKey = split.keyBindings.chords(for: BrowserAction.undo.command).first?.description
        let undoHint = undoKey.map { " \($0) puts \(trashed.count == 1 ? "it" : "them") back." } ?? ""
        if let failure = outcome.failures.first {
            reader.notice = "Could not move \(Self.describe([failure.path])) to the Trash: \(failure.error.reason)."
        } else if outcome.cancelled {
            reader.notice =
                trashed.isEmpty
                ? "Stopped: nothing was moved to the Trash."
                : "Stopped: moved \(Self.describeDone(trashed.count, of: outcome)) to the Trash." + undoHint
        } else if !trashed.isEmpty {
            reader.notice = "Moved \(Self.describe(trashed.map(\.originalPath))) to the Trash." + undoHint
        }
        let withoutTrash = outcome.withoutTrash
        if !withoutTrash.isEmpty {
            let one = withoutTrash.count == 1
            askToDeletePermanently(
                withoutTrash,
                because: "\(Self.describe(withoutTrash)) cannot go to the Trash: \(one ? "its" : "their") volume has none.",
                selected: false)
        }
    }

    /// Asks before deleting `paths` for good (Shift+Delete, and Delete where there is no
    /// trash); `reason` comes first when there is one. Return deletes, Escape keeps them.
    /// `selected`: the paths are the list's selected rows (not some files a trashing left).
    func askToDeletePermanently(_ paths: [FilePath], because reason: String? = nil, selected: Bool = true) {
        guard !paths.isEmpty else {
            reader.notice = "Select a file to delete it."
            return
        }
        var prompt = Prompt(
            message: (reason.map { $0 + " " } ?? "") + "Delete \(Self.describe(paths)) permanently? It cannot be undone.",
            accept: { [unowned self] in self.deletePermanently(paths, selected: selected) },
            cancel: { [unowned self] in self.reader.notice = "Nothing was deleted." })
        // The button says what it does, as GNOME Files' does ("Delete", not "OK").
        prompt.acceptTitle = "Delete"
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
                self.reader.notice = "Could not delete \(Self.describe(paths)): \(failure.error.description)."
            } else if outcome.cancelled {
                self.reader.notice = Self.stoppedDeleting(outcome)
            } else {
                self.reader.notice = "Deleted \(Self.describe(outcome.done)) permanently."
            }
        }
    }

    /// What a deletion stopped by Cancel did: the items deleted, and the one deleted in part.
    static func stoppedDeleting(_ outcome: TrashBatch.Outcome) -> String {
        var sentence =
            outcome.done.isEmpty
            ? "Stopped: nothing was deleted." : "Stopped: deleted \(describeDone(outcome.done.count, of: outcome)) permanently."
        if let inside = outcome.stoppedInside {
            sentence += " “\(FilePath.displayName(inside.lastComponent))” was deleted in part: the rest of it is still there."
        }
        return sentence
    }

    /// The count of a job stopped half way: “1 200 of 150 000 items”.
    static func describeDone(_ done: Int, of outcome: TrashBatch.Outcome) -> String {
        let total = outcome.progress.totalItems
        return "\(Format.count(done)) of \(Format.count(total)) item\(total == 1 ? "" : "s")"
    }

    // MARK: - Restore and empty

    /// Puts the selected files of the shown trash back where they came from (never over a
    /// file there; a folder gone since is made again), on the trash's worker, and says where.
    func restoreSelectionFromTrash() {
        guard let folder = selectedFolder, let directory = trashPart.directory(showing: folder), !selectedPaths.isEmpty else {
            reader.notice = "Select a file in the Trash to restore it."
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
                self.reader.notice = "Could not restore “\(name)”: \(failure.error.description)."
            } else if outcome.cancelled {
                self.reader.notice =
                    restored.isEmpty
                    ? "Stopped: nothing was restored." : "Stopped: restored \(Self.describeDone(restored.count, of: outcome))."
            } else {
                let place = restored.first.map { self.displayName(ofFolder: $0.originalPath.parent) } ?? ""
                self.reader.notice = "Restored \(Self.describe(restored.map(\.originalPath))) to “\(place)”."
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
                self.reader.notice = "The Trash is empty."
                return
            }
            self.split.prompt = Prompt(
                message:
                    "Empty the Trash? \(count == 1 ? "Its item" : "All \(Format.count(count)) items") will be deleted permanently.",
                accept: { [unowned self] in self.emptyTrash(snapshot) })
        }
    }

    /// Deletes the items of `snapshot` for good on the trash's worker, and says so.
    private func emptyTrash(_ snapshot: TrashSnapshot) {
        trashPart.start(.empty, { TrashBatch.empty(snapshot, cancellation: $0, report: $1) }) { [unowned self] outcome in
            for directory in Set(snapshot.entries.map(\.directory)) { self.store.readAgain(directory.files) }
            self.reloadPlaces()
            if let failure = outcome.failures.first {
                self.reader.notice = "Could not empty the Trash entirely: \(failure.error.description)."
            } else if outcome.cancelled {
                self.reader.notice = Self.stoppedDeleting(outcome)
            } else {
                self.reader.notice = "Emptied the Trash."
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

    /// “a.txt” for one path, “3 items” (“150 000 items”) for more.
    static func describe(_ paths: [FilePath]) -> String {
        paths.count == 1 ? "“\(FilePath.displayName(paths[0].lastComponent))”" : "\(Format.count(paths.count)) items"
    }
}
