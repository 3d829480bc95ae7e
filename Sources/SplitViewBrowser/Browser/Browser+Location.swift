import SplitView
import SplitViewFiles

/// The location bar: a text field in the files column's bar (Ctrl+L).
extension Browser {
    /// Opens the location bar on the shown folder's path, all of it selected so that what is
    /// typed replaces it (GNOME Files' and web browsers' Ctrl+L), and gives the files column
    /// the keys, showing it first when it is hidden. A program hosted in the files column
    /// (`--supplementary CMD`) has no bar of the browser's to hold it: nothing opens.
    func openLocation() {
        guard programs[.supplementary] == nil else { return }
        let folder = selectedFolder ?? tree.root
        renaming.end()
        programs.pendingSplit = nil
        var field = TextField(text: Location.text(of: folder), selectsAll: true)
        // Named for a screen reader as GTK's file chooser names its path entry.
        field.accessibilityLabel = String(translated: "Location")
        fileList.navigationItem.textField = field
        giveFileListTheKeys()
    }

    /// Closes the location bar.
    func closeLocation() {
        fileList.navigationItem.textField = nil
    }

    /// What Return, Tab and Escape in the location bar do.
    func locationEvent(_ event: TextField.Event) {
        switch event {
        case .cancel:
            closeLocation()
        case .submit(let text):
            let current = selectedFolder ?? tree.root
            guard let path = Location.resolve(text, from: current, home: Location.homeFolder()) else {
                return sayInLocation(text.isEmpty ? String(translated: "Type a path") : String(translated: "No such user folder"))
            }
            if let problem = go(to: path) { return sayInLocation(problem) }
            closeLocation()
        case .complete(let text, let repeated):
            completeLocation(text, listingChoices: repeated)
        }
    }

    /// Tab: completes the folder name being typed; when it cannot add anything, a second Tab
    /// lists the choices in the bar.
    func completeLocation(_ text: String, listingChoices: Bool) {
        let current = selectedFolder ?? tree.root
        let headText = text.lastIndex(of: "/").map { String(text[...$0]) } ?? ""
        let head = headText.isEmpty ? current : Location.resolve(headText, from: current, home: Location.homeFolder())
        guard let head, case .success(let listing) = FolderListing.read(head, includeHidden: true) else {
            return sayInLocation(String(translated: "No such folder"))
        }
        let names = listing.subfolderIndices.compactMap { String(validating: listing.entries.name(at: $0), as: UTF8.self) }
        let result = PathCompletion.complete(text, folders: names)
        guard var field = fileList.navigationItem.textField else { return }
        if result.choices.isEmpty {
            field.message = String(translated: "No folder matches")
        } else if result.text != text {
            field.setText(result.text)
        } else if listingChoices || result.choices.count > 1 {
            field.message = listingChoices ? result.choices.joined(separator: "  ") : nil
        }
        fileList.navigationItem.textField = field
    }

    /// Shows `message` in the location bar, the text kept as typed.
    func sayInLocation(_ message: String) {
        fileList.navigationItem.textField?.message = message
    }
}
