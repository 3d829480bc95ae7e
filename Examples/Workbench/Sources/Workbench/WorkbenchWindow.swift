import SplitView
import SplitViewX11

/// One workbench window: the files in the primary column and, in the secondary, the editor
/// beside its outline above a terminal — stack splits nested in a column, as an IDE lays out.
///
/// It is the split view's delegate, so the panes split and close at run time (Ctrl+Shift+E,
/// Ctrl+Shift+O, Ctrl+Shift+W): splitting an editor or the outline opens another editor on
/// the file, as an IDE's "split editor" does; splitting a terminal starts another terminal.
final class WorkbenchWindow: SplitViewControllerDelegate {
    let split = SplitViewController(style: .doubleColumn)
    let files = FilesViewController(documents: Document.samples)
    let editor = EditorViewController()
    let outline = OutlineViewController()
    // A constant command, so it parses; a program that is not installed says so in its pane.
    let terminal = ForeignContentViewController(command: WorkbenchWindow.terminalCommand)
    /// The editors split off the first one, which show the file too.
    private var moreEditors: [Weak] = []

    /// What every terminal pane runs.
    static let terminalCommand = try! ProgramCommand(parsing: "xterm -into {}")

    /// A reference that does not keep an editor alive once its pane closed.
    private struct Weak { weak var editor: EditorViewController? }

    init() {
        // Side by side: the editor takes what the outline leaves, and a window's change of width.
        let side = SplitItem(viewController: outline)
        side.preferredThicknessFraction = 0.25
        side.minimumThickness = 160
        side.holdingPriority = 260
        side.canCollapse = true
        let top = StackSplitViewController(axis: .horizontal, items: [SplitItem(viewController: editor), side])

        // Stacked: the terminal below holds its height; a double click on its divider puts it away.
        let console = SplitItem(viewController: terminal)
        console.preferredThicknessFraction = 0.3
        console.minimumThickness = 80
        console.holdingPriority = 260
        console.canCollapse = true
        let workspace = StackSplitViewController(axis: .vertical, items: [SplitItem(viewController: top), console])

        split.setViewController(files, for: .primary)
        split.setViewController(workspace, for: .secondary)
        split.preferredDisplayMode = .oneBesideSecondary
        split.columnTitles = [.primary: "Files", .secondary: "Editor"]
        split.focusedColumn = .primary
        split.delegate = self

        files.didSelectDocument = { [unowned self] document in self.open(document) }
        files.selectedIndex = 1
        open(Document.samples[1])
    }

    /// Shows `document` in the editors and its symbols in the outline.
    func open(_ document: Document) {
        editor.document = document
        outline.document = document
        moreEditors.removeAll { $0.editor == nil }
        for more in moreEditors { more.editor?.document = document }
    }

    // MARK: - SplitViewControllerDelegate

    /// A new terminal beside a terminal; beside anything else, another editor on the file.
    func splitViewController(_ svc: SplitViewController, newPaneBeside pane: ViewController) -> ViewController? {
        if pane is ForeignContentViewController { return ForeignContentViewController(command: Self.terminalCommand) }
        let more = EditorViewController()
        more.document = editor.document
        moreEditors.append(Weak(editor: more))
        return more
    }

    /// The files list stays; every other pane may close (a column keeps its last pane).
    func splitViewController(_ svc: SplitViewController, canClosePane pane: ViewController) -> Bool {
        pane !== files
    }

    /// What the host shows in the window; the window keeps this object alive.
    var content: Host.WindowContent {
        Host.WindowContent(controller: split, title: "Workbench", owner: self)
    }
}
