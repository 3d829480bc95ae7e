import SplitView
import SplitViewFiles

/// The reader and the inspector: the selected entry shown, or why it cannot be.
extension Browser {
    /// Shows the selected entry in the reader and the inspector, or says why not; `row` is
    /// its row when the caller knows it (an arrow key in a folder of 100 000 files need not
    /// search for the name).
    func showSelection(at row: Int? = nil) {
        onTitleChange?(title)
        // The menu's items, for the entry now selected (its "Open With" group), if it is open.
        refreshMenu()
        defer { updateProgramFiles() }
        guard let folder = selectedFolder else {
            return showPlaceholder(title: "", String(translated: "No folder selected"), details: nil)
        }
        guard let name = selectedName else {
            // The shown folder is described as the window names it: a trash's `files` is "Trash".
            let shownName = trashPart.directory(showing: folder) != nil ? TrashPart.title : nil
            return showPlaceholder(
                title: "", String(translated: "No file selected"),
                details: FileDetails(path: folder, preview: nil, shownName: shownName))
        }
        let path = folder.appending(name)
        let display = FilePath.displayName(name)
        let known = row.flatMap { entries.entry(at: $0)?.name == name ? $0 : nil }
        guard let index = known ?? entries.index(of: name), let info = entries.info(at: index) else {
            switch store.known(folder) {
            case .loaded?:
                return showPlaceholder(
                    title: display, String(translated: "“\(display)” is no longer in this folder."), details: nil)
            case .failed(let error)?:
                return showPlaceholder(
                    title: display, String(translated: "“\(display)” cannot be shown: \(error.reason)."), details: nil)
            default: break
            }
            return showPlaceholder(title: display, String(translated: "Loading…"), details: nil)
        }
        selection.fileIdentity = (folder, info.identity)
        if pictures.isShowing(path, size: info.size, modified: info.modified), reader.title == display { return }
        let preview = FilePreview.read(path, limit: Self.previewLimit)
        pictures.didShow(path, size: info.size, modified: info.modified)
        let sameFile = reader.title == display
        let offset = reader.scrollOffset
        reader.title = display
        if let format = Pictures.format(of: preview) { return showImage(path, format, preview: preview, keepingShown: sameFile) }
        clearImage()
        switch preview {
        case .text(let text, _, let bytesShown, let total, let encoding):
            reader.hexDump = nil
            reader.text = text
            fileNotice = Self.notice(encoding: encoding, bytesShown: bytesShown, total: total)
            reader.notice = fileNotice
            reader.placeholder = String(translated: "Empty file")
        case .binary(let total, let head):
            reader.text = ""
            reader.hexDump = head
            fileNotice = String(
                translated: "Binary file, \(total) byte: the first bytes in hexadecimal",
                plural: "Binary file, \(total) bytes: the first bytes in hexadecimal", count: Int(clamping: total))
            reader.notice = fileNotice
        case .notRegular(let kind): showNoText(kind.neverOpened(display))
        case .directory: showNoText(String(translated: "“\(display)” is a folder: Return opens it."))
        case .unreadable(let error): showNoText(String(translated: "“\(display)” cannot be read: \(error.reason)."))
        }
        if sameFile { reader.scrollOffset = offset }  // the same file changed on disk: stay put
        details.show(FileDetails(path: path, preview: preview, trashed: trashPart.item(at: path)))
    }

    /// The reader's one-line band for a text file: the encoding when it is not UTF-8's
    /// ("Shown as Latin-1: not UTF-8"), then the 2 MiB cut, joined by " · " when both apply;
    /// `nil` for a whole UTF-8 file. UTF-16 is named only in the inspector: it is read as
    /// written, nothing is guessed.
    static func notice(encoding: TextEncoding, bytesShown: Int, total: Int64) -> String? {
        var parts: [String] = []
        if encoding == .latin1 { parts.append(String(translated: "Shown as Latin-1: not UTF-8")) }
        if Int64(bytesShown) < total {
            let shown = Format.size(Int64(bytesShown)), size = Format.size(total)
            parts.append(String(translated: "Showing the first \(shown) of \(size); the rest is not loaded."))
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The reader without a file: `text` says why; the inspector describes `shown`, or nothing.
    func showPlaceholder(title: String, _ text: String, details shown: FileDetails?) {
        pictures.didShowNothing()
        reader.title = title
        showNoText(text)
        if let shown { details.show(shown) } else { details.clear() }
    }

    /// The reader without text, saying why. The band loses the file's note, and keeps an
    /// action's message: a Delete that empties the folder still says what it did.
    func showNoText(_ placeholder: String) {
        clearImage()
        reader.text = ""
        reader.hexDump = nil
        if reader.notice == fileNotice { reader.notice = nil }
        fileNotice = nil
        reader.placeholder = placeholder
    }
}
