import FoundationEssentials
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
    private let details: DetailsViewController
    private var shownFolder: Library.Folder?
    private var shownNotes: [Library.Note] = []

    init(library: Library, style: SplitViewController.Style, theme: Theme) {
        self.library = library
        split = SplitViewController(style: style, theme: theme)
        folders = ListViewController(title: library.name, items: library.folders.map(Self.item), emptyText: "No folders")
        notes = ListViewController(title: "Notes", emptyText: "No notes in this folder")
        reader = TextViewController(title: "", placeholder: "Select a note to read it.")
        details = DetailsViewController(title: "Details")
        split.showsSecondaryOnlyButton = style == .tripleColumn
        split.setViewController(folders, for: .primary)
        if style == .tripleColumn { split.setViewController(notes, for: .supplementary) }
        split.setViewController(reader, for: .secondary)
        split.setViewController(details, for: .inspector)

        folders.onSelect = { [unowned self] in self.showFolder(at: $0, user: true) }
        folders.onActivate = { [unowned self] _ in self.reveal(.supplementary) }
        notes.onSelect = { [unowned self] in self.showNote(at: $0, user: true) }
        notes.onActivate = { [unowned self] _ in self.reveal(.secondary) }

        // Open on the first folder and its first note, so a new window has content at once.
        if !library.folders.isEmpty {
            folders.selectedIndex = 0
            showFolder(at: 0, user: false)
            if !shownNotes.isEmpty {
                notes.selectedIndex = 0
                showNote(at: 0, user: false)
            }
        }
    }

    /// The window title: `Library — SplitView`.
    var title: String { "\(library.name) — SplitView" }

    private func showFolder(at index: Int, user: Bool) {
        guard library.folders.indices.contains(index) else { return }
        let folder = library.folders[index]
        if folder == shownFolder {
            if user { reveal(.supplementary) }
            return
        }
        shownFolder = folder
        shownNotes = library.notes(in: folder)
        notes.title = folder.name
        notes.items = shownNotes.map { note in
            ListItem(title: note.name, subtitle: Library.size(note.size) + (note.modified.map { " · " + Self.date($0) } ?? ""))
        }
        notes.selectedIndex = nil
        if split.style != .tripleColumn, let stack = split.navigationController(for: .primary) {
            // Double column: the folder's notes are pushed on the primary's stack.
            stack.popToRootViewController(animated: false)
            if user { stack.pushViewController(notes, animated: true) }
        }
        if user { reveal(.supplementary) }
    }

    private func showNote(at index: Int, user: Bool) {
        guard shownNotes.indices.contains(index) else { return }
        let note = shownNotes[index]
        reader.title = note.name
        reader.text = library.text(of: note)
        let text = reader.text
        details.entries = [
            ("Name", note.name),
            ("Folder", (shownFolder.map { $0.ancestors + [$0.name] } ?? []).joined(separator: " › ")),
            ("Size", Library.size(note.size)),
            ("Lines", "\(text.split(separator: "\n", omittingEmptySubsequences: false).count)"),
            ("Words", "\(text.split(whereSeparator: { $0.isWhitespace }).count)"),
            ("Characters", "\(text.count)"),
            ("Modified", note.modified.map(Self.date) ?? "unknown"),
            ("Path", note.path),
        ]
        if user && split.isCollapsed { split.show(.secondary) }
    }

    /// Opening a row moves on to the column it feeds: pushed when collapsed, focused when not.
    private func reveal(_ column: SplitViewController.Column) {
        let target: SplitViewController.Column = split.style == .tripleColumn ? column : .secondary
        if split.isCollapsed {
            if split.style == .tripleColumn || column == .secondary { split.show(target) }
        } else if column == .secondary || split.style == .tripleColumn {
            split.focusedColumn = target
        }
    }

    private static func item(_ folder: Library.Folder) -> ListItem {
        let count = folder.noteCount == 0 && folder.folderCount > 0
            ? "\(folder.folderCount) folder\(folder.folderCount == 1 ? "" : "s")"
            : "\(folder.noteCount) note\(folder.noteCount == 1 ? "" : "s")"
        let place = folder.ancestors.isEmpty ? count : folder.ancestors.joined(separator: " › ") + " · " + count
        return ListItem(title: folder.name, subtitle: place)
    }

    private static func date(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day())
    }
}
