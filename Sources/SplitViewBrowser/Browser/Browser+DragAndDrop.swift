import SplitView
import SplitViewFiles

/// Drag and drop with other programs (XDND, through the host): the files a drag from the
/// list carries, and the files other programs drop on a folder.
///
/// - **Out.** A drag from a row carries that row's file, or every selected file when the row
///   is part of the selection, as `text/uri-list` (`file://` URIs), `UTF8_STRING` and
///   `text/plain;charset=utf-8` (the paths, one a line): a file manager copies or moves them,
///   a terminal types the paths. Within the window the files move onto the folder dropped
///   on, of the outline or of the list itself, by the paste's move (``moveDragged(_:into:)``).
/// - **In.** Another program's `text/uri-list` dropped on a folder of the outline or of the
///   list goes into that folder, anywhere else in the list (a file's row, the background)
///   into the folder shown; the paste runs as Ctrl+V's does (`Browser+Pasting.swift`): copy
///   or move as the source asks, every name in the way asked about, progress in the bar,
///   undo with Ctrl+Z.
///
/// Decided (as GNOME Files): the source's `XdndActionAsk` (Alt held in GTK programs) asks
/// "Copy" (Return) or "Move" (M), Escape drops nothing. The trash's row takes no drop (a file
/// put there by a copy would have no `.trashinfo`: Delete is the way in).
extension Browser {
    /// Wires the list's and the outline's drags and drops.
    func connectDragAndDrop() {
        fileList.dragItemForRow = { [unowned self] index in
            guard let entry = self.entries.entry(at: index), let folder = self.selectedFolder else { return nil }
            var item = DragItem(title: entry.displayName, tag: index)
            let paths = self.fileList.selectedIndexes.contains(index) ? self.selectedPaths : [folder.appending(entry.name)]
            self.transfers.dragged = paths
            item.externalRepresentations = Transfers.representations(of: paths)
            return item
        }
        folders.canDropOnRow = { [unowned self] _, row in
            guard let folder = self.outlineDropFolder(row) else { return false }
            return self.transfers.canMoveDragged(into: folder)
        }
        folders.onDropOnRow = { [unowned self] _, row in
            guard let folder = self.outlineDropFolder(row) else { return }
            self.moveDragged(self.transfers.dragged, into: folder)
        }
        fileList.canDropOnRow = { [unowned self] _, row in
            guard let folder = self.listDropFolder(row) else { return false }
            return self.transfers.canMoveDragged(into: folder)
        }
        fileList.onDropOnRow = { [unowned self] _, row in
            guard let folder = self.listDropFolder(row) else { return }
            self.moveDragged(self.transfers.dragged, into: folder)
        }
        folders.externalDropTypeForRow = { [unowned self] types, row in
            guard types.contains(Transfers.droppedFilesType), let row, self.outlineDropFolder(row) != nil else { return nil }
            return Transfers.droppedFilesType
        }
        folders.onExternalDropOnRow = { [unowned self] offer, operation, row in
            guard let row, let folder = self.outlineDropFolder(row) else { return }
            self.dropped(offer, operation: operation, into: folder)
        }
        fileList.externalDropTypeForRow = { [unowned self] types, row in
            guard types.contains(Transfers.droppedFilesType), self.listDropFolder(row) != nil else { return nil }
            return Transfers.droppedFilesType
        }
        fileList.onExternalDropOnRow = { [unowned self] offer, operation, row in
            guard let folder = self.listDropFolder(row) else { return }
            self.dropped(offer, operation: operation, into: folder)
        }
    }

    /// Files dragged within the window onto a folder, of the outline or of the list itself: they
    /// move there at once, as a cut and paste moves them (a name in the way asked about, one
    /// Ctrl+Z for all); onto another file system they are copied instead.
    ///
    /// Decision (as GNOME Files and Thunar): no question first, since a move within one file
    /// system is a rename that Ctrl+Z takes back, and the band says what moved; a drop onto
    /// another file system copies, as those programs' drags do, because a move there could not
    /// be undone (Shift+Delete of the copies, or Ctrl+Z, takes them back). The folder under the
    /// pointer is highlighted before the button goes up, and a folder never takes itself, what
    /// is inside it, or its own files.
    func moveDragged(_ sources: [FilePath], into folder: FilePath) {
        guard !sources.isEmpty else { return }
        guard transfers.transfer == nil else {
            reader.notice = String(translated: "A paste is under way: wait for it, or cancel it (Escape), then drop again.")
            return
        }
        let moves = sources.allSatisfy { Transfers.onSameFileSystem($0, as: folder) }
        startTransfer(sources, into: folder, mode: moves ? .move : .copy)
    }

    /// The folder an outline row takes drops into: a folder's row, not the trash's.
    private func outlineDropFolder(_ row: Int) -> FilePath? {
        guard tree.rows.indices.contains(row), tree.rows[row].isFolder, tree.rows[row].place?.kind != .trash else { return nil }
        return tree.rows[row].path
    }

    /// The folder a list row takes drops into: a folder's row, its own folder; nil for another
    /// row (the list then offers its background: the folder shown). Nothing while the list
    /// shows the trash.
    private func listDropFolder(_ row: Int?) -> FilePath? {
        guard let folder = selectedFolder, trashPart.directory(showing: folder) == nil else { return nil }
        guard let row else { return folder }
        guard let entry = entries.entry(at: row), entry.isFolder else { return nil }
        return folder.appending(entry.name)
    }

    /// Symbolic links to `paths` made in `folder` (a link drop: Ctrl+Shift in Thunar or GNOME
    /// Files), named as the files are, or "Link to NAME" where the name is taken
    /// (``FileOperations/makeLink(to:in:attempts:)``); one Ctrl+Z removes them while they are
    /// still the links made. The band says what was made, or the first failure (the links
    /// made before it are kept, and undoable). Each link is one `symlink(2)`: made at once.
    func link(_ paths: [FilePath], into folder: FilePath) {
        var made: [CopiedItem] = []
        var failure: (path: FilePath, error: FileError)?
        for path in paths {
            do { made.append(try FileOperations.makeLink(to: path, in: folder)) } catch {
                failure = (path, error)
                break
            }
        }
        if !made.isEmpty {
            undoStack.record(.linked(made))
            if selectedFolder != folder { select(folder: folder) }
            selection.name = made[0].path.lastComponent
            selection.others = Set(made.dropFirst().map(\.path.lastComponent))
            store.reload(folder)
        }
        let count = made.count
        let undoHint = split.keyBindings.chords(for: BrowserAction.undo.command).first.map { chord in
            let key = chord.displayName
            return " " + String(translated: "\(key) removes it.", plural: "\(key) removes them.", count: count)
        }
        if let failure {
            let name = failure.path.lastName, reason = failure.error.reason
            var notice = String(translated: "Could not make a link to “\(name)”: \(reason).")
            if let first = made.first?.path.lastName {
                notice +=
                    " "
                    + (count == 1
                        ? String(translated: "Made a link “\(first)”.")
                        : String(translated: "Made \(count) link.", plural: "Made \(count) links.", count: count))
                notice += undoHint ?? ""
            }
            reader.notice = notice
        } else {
            let shown = folder.lastName
            let sentence =
                count == 1
                ? String(translated: "Made a link “\(made[0].path.lastName)” in “\(shown)”.")
                : String(
                    translated: "Made \(count) link in “\(shown)”.", plural: "Made \(count) links in “\(shown)”.", count: count)
            reader.notice = sentence + (undoHint ?? "")
        }
    }

    /// Another program's files dropped into `folder`: copied or moved as its source asked, or
    /// as the user answers when it asks.
    func dropped(_ offer: SelectionOffer, operation: DropOperation, into folder: FilePath) {
        guard let files = ClipboardFiles(uriList: offer.bytes), !files.paths.isEmpty else {
            reader.notice = String(
                translated: "Nothing was dropped: the list of files cannot be read (only local files can be dropped).")
            return
        }
        guard transfers.transfer == nil else {
            reader.notice = String(translated: "A paste is under way: wait for it, or cancel it (Escape), then drop again.")
            return
        }
        switch operation {
        case .copy: startTransfer(files.paths, into: folder, mode: .copy)
        case .move: startTransfer(files.paths, into: folder, mode: .move)
        case .link: link(files.paths, into: folder)
        case .ask:
            let count = files.paths.count
            let target = folder.lastName
            var prompt = Prompt(
                message: count == 1
                    ? String(translated: "Copy or move “\(FilePath.displayName(files.paths[0].lastComponent))” to “\(target)”?")
                    : String(
                        translated: "Copy or move \(count) file to “\(target)”?",
                        plural: "Copy or move \(count) files to “\(target)”?", count: count),
                accept: { [unowned self] in self.startTransfer(files.paths, into: folder, mode: .copy) })
            prompt.acceptTitle = String(translated: "Copy")
            prompt.choices = [
                Prompt.Choice(title: String(translated: "Move"), key: KeyChord(.character("m"))) { [unowned self] in
                    self.startTransfer(files.paths, into: folder, mode: .move)
                }
            ]
            split.prompt = prompt
        }
    }
}
