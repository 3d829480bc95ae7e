import SplitView

/// One window's content: a split view controller browsing a ``Library``.
///
/// Triple column: folders (primary), the selected folder's notes (supplementary), the note's
/// text (secondary), its details (inspector). Double column: the primary is a navigation stack
/// — folders, then a folder's notes pushed on top — beside the text.
final class Browser {
    let split: SplitViewController
    private let library: Library
    private let folders: ListViewController
    private let notes: ListViewController
    private let reader: TextViewController
    private let details: NoteDetailsViewController
    private var shownFolder: Library.Folder?
    private var shownNotes: [Library.Note] = []

    init(library: Library, style: SplitViewController.Style, theme: Theme) {
        self.library = library
        split = SplitViewController(style: style, theme: theme)
        folders = ListViewController(title: library.name, items: library.folders.map(Self.item), emptyText: "No folders")
        notes = ListViewController(title: "Notes", emptyText: "No notes in this folder")
        reader = TextViewController(title: "", placeholder: "Select a note to read it.")
        details = NoteDetailsViewController(title: "Details")
        split.showsSecondaryOnlyButton = style == .tripleColumn
        split.setViewController(folders, for: .primary)
        if style == .tripleColumn { split.setViewController(notes, for: .supplementary) }
        split.setViewController(reader, for: .secondary)
        split.setViewController(details, for: .inspector)

        // Arrow keys select (the next column follows at once); a click or Return opens the row:
        // pushed when collapsed or on the double column's stack, focused when Return is pressed.
        folders.onSelect = { [unowned self] in self.showFolder(at: $0) }
        folders.onClick = { [unowned self] _ in self.open(.supplementary, focus: false) }
        folders.onActivate = { [unowned self] _ in self.open(.supplementary, focus: true) }
        notes.onSelect = { [unowned self] in self.showNote(at: $0) }
        notes.onClick = { [unowned self] _ in self.open(.secondary, focus: false) }
        notes.onActivate = { [unowned self] _ in self.open(.secondary, focus: true) }

        // Open on the first folder and its first note, so a new window has content at once.
        if !library.folders.isEmpty {
            folders.selectedIndex = 0
            showFolder(at: 0)
            if !shownNotes.isEmpty {
                notes.selectedIndex = 0
                showNote(at: 0)
            }
        }
    }

    /// The text a new window shows first, for ``FontWarmup/prefetch(fontsFor:family:)``: the
    /// title, the folders, the first folder's notes and the opening of the first note.
    var openingText: String {
        var text = title + reader.title
        for item in folders.items.prefix(200) + notes.items.prefix(200) { text += item.title + (item.subtitle ?? "") }
        text.unicodeScalars += reader.text.unicodeScalars.prefix(8192)
        return text
    }

    /// The window title: `Library — SplitView`.
    var title: String { "\(library.name) — SplitView" }

    private func showFolder(at index: Int) {
        guard library.folders.indices.contains(index) else { return }
        let folder = library.folders[index]
        guard folder != shownFolder else { return }
        shownFolder = folder
        shownNotes = library.notes(in: folder)
        notes.title = folder.name
        notes.items = shownNotes.map { note in
            ListItem(title: note.name, subtitle: Library.size(note.size) + " · " + Library.date(note.modified))
        }
        notes.selectedIndex = nil
        if split.style != .tripleColumn {
            split.navigationController(for: .primary)?.popToRootViewController(animated: false)
        }
    }

    private func showNote(at index: Int) {
        guard shownNotes.indices.contains(index) else { return }
        let note = shownNotes[index]
        reader.title = note.name
        reader.text = library.text(of: note)
        details.show(note, in: shownFolder, text: reader.text)
    }

    /// Opens the column a row feeds: the double column pushes the notes on the primary's
    /// stack; a collapsed interface pushes the column; Return also moves the focus there.
    private func open(_ column: SplitViewController.Column, focus: Bool) {
        if split.style != .tripleColumn && column == .supplementary {
            if let stack = split.navigationController(for: .primary), stack.topViewController !== notes {
                stack.pushViewController(notes, animated: true)
            }
            if focus { split.focusedColumn = .primary }
            return
        }
        if split.isCollapsed {
            split.show(column)
        } else if focus {
            split.focusedColumn = column
        }
    }

    private static func item(_ folder: Library.Folder) -> ListItem {
        let count = folder.noteCount == 0 && folder.folderCount > 0
            ? "\(folder.folderCount) folder\(folder.folderCount == 1 ? "" : "s")"
            : "\(folder.noteCount) note\(folder.noteCount == 1 ? "" : "s")"
        let place = folder.ancestors.isEmpty ? count : folder.ancestors.joined(separator: " › ") + " · " + count
        return ListItem(title: folder.name, subtitle: place)
    }
}

/// The inspector: a note's name, place, size and counts. The counts walk the whole text, so
/// they are computed when the inspector shows, not for every note the user passes.
final class NoteDetailsViewController: DetailsViewController {
    private var pending: (note: Library.Note, folder: Library.Folder?, text: String)?

    /// Remembers what to describe; computed now if the inspector is showing.
    func show(_ note: Library.Note, in folder: Library.Folder?, text: String) {
        pending = (note, folder, text)
        if isViewVisible { describePending() }
    }

    override func viewWillAppear(_ animated: Bool) {
        describePending()
    }

    private func describePending() {
        guard let (note, folder, text) = pending else { return }
        pending = nil
        entries = [
            ("Name", note.name),
            ("Folder", (folder.map { $0.ancestors + [$0.name] } ?? []).joined(separator: " › ")),
            ("Size", Library.size(note.size)),
            ("Lines", "\(text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count)"),
            ("Words", "\(text.split(whereSeparator: { $0.isWhitespace }).count)"),
            ("Characters", "\(text.count)"),
            ("Modified", Library.date(note.modified)),
            ("Path", note.path),
        ]
    }
}
