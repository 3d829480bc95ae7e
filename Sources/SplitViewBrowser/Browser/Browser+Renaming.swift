import SplitView
import SplitViewFiles

/// Renaming (F2) and New Folder (Ctrl+Shift+N): the name is edited in the files column's bar.
///
/// Decided: the field is the bar's, labelled "Rename File" or "Rename Folder", rather than one
/// drawn over the row. GNOME Files itself renames in a labelled popover beside the item, not in
/// the row; the bar's field already has the keys first, its caret, selection, message and
/// accessible entry, and stays whole however narrow the column or deep the row. The row stays
/// highlighted below it, so what is renamed is in sight.
extension Browser {
    /// F2: opens the field on the selected entry's name (the lead's, with several selected),
    /// the stem chosen so that typing keeps the extension: `report` of `report.pdf`, `archive`
    /// of `archive.tar.gz`, a folder's or a dotfile's (`.bashrc`) whole name. Without a
    /// selected entry the reader's band says what to do.
    func beginRenaming() {
        guard programs[.supplementary] == nil else { return }
        guard let folder = selectedFolder, let name = selectedName else {
            reader.notice = String(translated: "Select a file or folder to rename it.")
            return
        }
        let isFolder = entries.index(of: name).map(isFolder(at:)) ?? false
        programs.pendingSplit = nil
        fileList.navigationItem.textField = renaming.begin(folder.appending(name), isFolder: isFolder)
        giveFileListTheKeys()
    }

    /// What Return, Tab and Escape do in the rename field: Return renames (or says why not,
    /// the text kept for another try), Escape leaves the name as it was.
    func renameEvent(_ event: TextField.Event) {
        switch event {
        case .cancel:
            let made = renaming.newFolder
            endRenaming()
            if let made { takeBackNewFolder(made) }
        case .complete: break
        case .submit(let text): submitRename(text)
        }
    }

    /// Renames the entry to `text` (``Renaming/rename(to:)``): recorded for Ctrl+Z, and the
    /// selection follows it. The name unchanged closes the field and does nothing; a name
    /// refused is said in the field, the text kept.
    func submitRename(_ text: String) {
        switch renaming.rename(to: text) {
        case nil: break
        case .unchanged?: endRenaming()
        case .refused(let problem)?: sayInRename(problem)
        case .renamed(let source, let target)?:
            undoStack.record(.renamed(from: source, to: target))
            endRenaming()
            let folder = source.parent
            if selectedFolder == folder && selectedName == source.lastComponent { selection.name = target.lastComponent }
            store.reload(folder)
        }
    }

    /// Escape on a new folder's first name: the folder goes again (while it is still empty
    /// and still the newest change), as GNOME Files' New Folder dialog makes nothing when
    /// cancelled; Ctrl+Z has nothing left of it to undo.
    private func takeBackNewFolder(_ made: FilePath) {
        guard undoStack.operations.last == .created(made) else { return }
        do { _ = try undoStack.undoLast() } catch {
            reader.notice = String(translated: "“\(made.lastName)” was kept: \(error.reason).")
            return
        }
        store.reload(made.parent)
    }

    /// Closes the rename field, if it is open.
    func endRenaming() {
        guard renaming.end() else { return }
        fileList.navigationItem.textField = nil
    }

    /// Shows `message` at the rename field's end, the text kept as typed.
    func sayInRename(_ message: String) {
        fileList.navigationItem.textField?.message = message
    }

    /// Ctrl+Shift+N: makes "New Folder" in the shown folder ("New Folder 2", "New Folder 3"…
    /// when taken), records it for Ctrl+Z, selects it and starts renaming it, its whole name
    /// chosen. Renamed then, Ctrl+Z takes back the rename first, then the folder.
    func makeNewFolder() {
        guard programs[.supplementary] == nil else { return }
        let folder = selectedFolder ?? tree.root
        let made: FilePath
        do {
            made = try FileOperations.makeNewFolder(in: folder, base: String(translated: "New Folder"))
        } catch {
            let shown = folder.lastName
            reader.notice = String(translated: "Could not make a new folder in “\(shown)”: \(error.reason).")
            return
        }
        undoStack.record(.created(made))
        // A filter could hide it: the new folder must show to be renamed.
        fileList.dismissFindNavigator()
        if selectedFolder != folder { select(folder: folder) }
        selection.name = made.lastComponent
        selection.others = []
        store.reload(folder)
        if let index = fileList.selectedIndex { fileList.scrollToVisible(index, in: listBounds) }
        beginRenaming()
        renaming.newFolder = made
    }

    /// Gives the files column the keys, showing it first when it is hidden (as the location
    /// bar does).
    ///
    /// In a files column split at run time, the files' own pane gets them, not a terminal beside
    /// it: what is typed goes to the field in the column's bar.
    func giveFileListTheKeys() {
        if split.style == .tripleColumn && !split.isCollapsed {
            if !split.isShowing(.supplementary) { split.show(.supplementary) }
            split.focusedColumn = .supplementary
        } else {
            open(.supplementary, focus: true)
        }
        if let stack = split.stackSplitViewController(in: .supplementary),
            let path = stack.visibleLeafPaths.first(where: { stack.viewController(at: $0) === fileList })
        {
            stack.focusLeaf(at: path)
        }
    }

}
