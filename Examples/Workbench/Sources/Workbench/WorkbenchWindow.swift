import SplitView
import SplitViewX11

/// One workbench window: the files in the primary column and, in the secondary, the editor
/// beside its outline above a terminal — stack splits nested in a column, as an IDE lays out.
final class WorkbenchWindow {
    let split = SplitViewController(style: .doubleColumn)
    let files = FilesViewController(documents: Document.samples)
    let editor = EditorViewController()
    let outline = OutlineViewController()
    // A constant command, so it parses; a program that is not installed says so in its pane.
    let terminal = ForeignContentViewController(command: try! ProgramCommand(parsing: "xterm -into {}"))

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

        files.didSelectDocument = { [unowned self] document in self.open(document) }
        files.selectedIndex = 1
        open(Document.samples[1])
    }

    /// Shows `document` in the editor and its symbols in the outline.
    func open(_ document: Document) {
        editor.document = document
        outline.document = document
    }

    /// What the host shows in the window; the window keeps this object alive.
    var content: Host.WindowContent {
        Host.WindowContent(controller: split, title: "Workbench", owner: self)
    }
}
