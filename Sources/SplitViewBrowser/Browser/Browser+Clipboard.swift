import SplitView
import SplitViewFiles

/// Copy, cut and paste of files through the desktop's clipboard (X's CLIPBOARD), in the forms
/// GNOME Files, Thunar and a terminal exchange (``ClipboardFiles``).
///
/// Ctrl+C in the files list (the core's ``Command/copy``, which the reader keeps for its
/// text) and Ctrl+X offer the selected files as `x-special/gnome-copied-files`,
/// `text/uri-list` and `UTF8_STRING` (the paths). Ctrl+V asks the clipboard's owner for those
/// forms in that order — the answer comes later, through the split view's
/// ``SplitViewController/selectionReceiver`` — and pastes into the folder shown then.
extension Browser {
    /// Puts the selected files on the clipboard to be copied or moved; false (the key left to
    /// others) with nothing selected.
    @discardableResult
    func putFilesOnClipboard(_ operation: ClipboardFiles.Operation) -> Bool {
        guard !isTypingInTheList else { return false }
        let paths = selectedPaths
        guard !paths.isEmpty else {
            if operation == .cut { reader.notice = String(translated: "Select a file to cut.") }
            return false
        }
        split.post(.offerSelection(.clipboard, Transfers.offers(operation, paths)))
        let count = paths.count
        switch (operation, count == 1 ? paths[0].lastName : nil) {
        case (.copy, let name?):
            reader.notice = String(translated: "Copied “\(name)” to the clipboard: Ctrl+V pastes a copy.")
        case (.copy, nil):
            reader.notice = String(
                translated: "Copied \(count) item to the clipboard: Ctrl+V pastes a copy.",
                plural: "Copied \(count) items to the clipboard: Ctrl+V pastes a copy.", count: count)
        case (_, let name?):
            reader.notice = String(translated: "Cut “\(name)”: Ctrl+V moves it to the folder shown then.")
        case (_, nil):
            reader.notice = String(
                translated: "Cut \(count) item: Ctrl+V moves it to the folder shown then.",
                plural: "Cut \(count) items: Ctrl+V moves them to the folder shown then.", count: count)
        }
        return true
    }

    /// Asks for the clipboard's files, to paste into the folder shown now.
    func paste() {
        guard !isTypingInTheList else { return }
        guard let folder = selectedFolder else {
            reader.notice = String(translated: "Choose a folder to paste into.")
            return
        }
        guard transfers.transfer == nil else {
            reader.notice = String(translated: "A paste is under way: wait for it, or cancel it (Escape).")
            return
        }
        transfers.askForPaste(into: folder)
        split.post(.requestSelection(.clipboard, targets: Transfers.pasteTargets))
    }

    /// What the clipboard held: files are pasted into the folder asked for; anything else is
    /// said.
    func received(_ selection: Selection, _ offer: SelectionOffer?) {
        guard selection == .clipboard else { return }
        switch transfers.received(offer) {
        case .unasked: break
        case .nothing(let sentence): reader.notice = sentence
        case .files(let files, let folder):
            startTransfer(files.paths, into: folder, mode: files.operation == .cut ? .move : .copy)
        }
    }

    /// Whether the keys go to a field in the files list's bar (the location bar, the filter):
    /// Ctrl+X and Ctrl+V there are the text's, never the files'.
    var isTypingInTheList: Bool {
        let item = fileList.navigationItem
        return split.focusedColumn == .supplementary && (item.textField != nil || item.searchField != nil)
    }

    /// The files list's own meaning of the core's commands: Ctrl+C copies the selected files
    /// (the reader keeps Ctrl+C for its text).
    func listCommand(_ command: Command) -> Bool {
        command == .copy ? putFilesOnClipboard(.copy) : false
    }
}
