import Glibc
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
    /// The longest name most Linux file systems take, in bytes (`NAME_MAX`).
    static let maximumNameBytes = 255

    /// F2: opens the field on the selected entry's name (the lead's, with several selected),
    /// the stem chosen so that typing keeps the extension: `report` of `report.pdf`, `archive`
    /// of `archive.tar.gz`, a folder's or a dotfile's (`.bashrc`) whole name. Without a
    /// selected entry the reader's band says what to do.
    func beginRenaming() {
        guard programs[.supplementary] == nil else { return }
        guard let folder = selectedFolder, let name = selectedName else {
            reader.notice = "Select a file or folder to rename it."
            return
        }
        let isFolder = entries.index(of: name).map(isFolder(at:)) ?? false
        let text = FilePath.displayName(name)
        renaming = folder.appending(name)
        fileList.navigationItem.textField = TextField(
            text: text, selecting: Self.stemRange(of: text, isFolder: isFolder),
            label: isFolder ? "Rename Folder" : "Rename File")
        giveFileListTheKeys()
    }

    /// The characters of `name` chosen when its rename begins: the whole name for a folder, a
    /// name without a dot or one whose only dot leads it (`.bashrc`); else the name up to its
    /// extension, which takes `.tar` with it (`archive.tar.gz`), as GNOME Files does.
    static func stemRange(of name: String, isFolder: Bool) -> Range<Int> {
        let characters = Array(name)
        guard !isFolder, let dot = characters.lastIndex(of: "."), dot > 0 else { return 0..<characters.count }
        let stem = String(characters[..<dot])
        if stem.lowercased().hasSuffix(".tar") && stem.count > 4 { return 0..<(dot - 4) }
        return 0..<dot
    }

    /// Why `text` cannot be a name, in words, or nil when it can: empty, holding `/` or a NUL,
    /// `.` or `..`, longer than 255 bytes.
    static func nameProblem(_ text: String, isFolder: Bool) -> String? {
        let thing = isFolder ? "folder" : "file"
        if text.isEmpty { return "The name cannot be empty." }
        if text.contains("/") { return "A name cannot contain “/”." }
        if text.utf8.contains(0) { return "A name cannot contain a NUL character." }
        if text == "." || text == ".." { return "A \(thing) cannot be called “\(text)”." }
        let bytes = text.utf8.count
        if bytes > maximumNameBytes { return "The name is too long: \(bytes) bytes, at most \(maximumNameBytes)." }
        return nil
    }

    /// What Return, Tab and Escape do in the rename field: Return renames (or says why not,
    /// the text kept for another try), Escape leaves the name as it was.
    func renameEvent(_ event: TextField.Event) {
        switch event {
        case .cancel: endRenaming()
        case .complete: break
        case .submit(let text): submitRename(text)
        }
    }

    /// Renames the entry to `text` with one `rename(2)` that never replaces: recorded for
    /// Ctrl+Z, and the selection follows it. The name unchanged closes the field and does
    /// nothing.
    func submitRename(_ text: String) {
        guard let source = renaming else { return }
        let folder = source.parent
        let isFolder = (try? FileInfo.read(source).get())?.isFolder ?? false
        if let problem = Self.nameProblem(text, isFolder: isFolder) { return sayInRename(problem) }
        let name = Array(text.utf8)
        // A name that is not UTF-8 shows escaped: the field left as it opened changes nothing.
        guard name != source.lastComponent && text != FilePath.displayName(source.lastComponent) else {
            return endRenaming()
        }
        let target = folder.appending(name)
        do {
            try FileOperations.renameNoReplace(source, to: target)
        } catch {
            switch error.code {
            case EEXIST, ENOTEMPTY: return sayInRename("“\(text)” already exists.")
            default: return sayInRename("Could not rename: \(error.reason).")
            }
        }
        undoStack.record(.renamed(from: source, to: target))
        endRenaming()
        if selectedFolder == folder && selectedName == source.lastComponent { selection.name = name }
        store.reload(folder)
    }

    /// Closes the rename field, if it is open.
    func endRenaming() {
        guard renaming != nil else { return }
        renaming = nil
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
            made = try FileOperations.makeNewFolder(in: folder, base: "New Folder")
        } catch {
            let shown = folder.lastName
            reader.notice = "Could not make a new folder in “\(shown)”: \(error.reason)."
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
    }

    /// Gives the files column the keys, showing it first when it is hidden (as the location
    /// bar does).
    private func giveFileListTheKeys() {
        if split.style == .tripleColumn && !split.isCollapsed {
            if !split.isShowing(.supplementary) { split.show(.supplementary) }
            split.focusedColumn = .supplementary
        } else {
            open(.supplementary, focus: true)
        }
    }

}
