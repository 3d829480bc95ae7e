import FoundationEssentials
import SplitView
import SplitViewControl
import SplitViewFiles

/// The changes `splitviewctl` makes to a window's splits, and its layout written as a file.
extension Browser {
    /// The column's content as the tree shows it: the split the column shows (one the core
    /// made at run time around the app's content included), else what the app set.
    func columnContent(_ column: SplitViewController.Column) -> ViewController? {
        split.stackSplitViewController(in: column) ?? split.viewController(for: column)
    }

    /// The column's own content: the program that replaces it (`--secondary CMD`), else the
    /// browser's folders, files, file or details.
    func ownContent(of column: SplitViewController.Column) -> ViewController {
        if let program = programs[column] { return program }
        switch column {
        case .primary: return folders
        case .supplementary: return fileList
        case .inspector: return details
        default: return reader
        }
    }

    /// Runs `program` in a new pane on `side` of `target` (a leaf's id, or a column's name for
    /// its own content); returns the new pane's id.
    ///
    /// Decided: the split is the core's (``SplitViewController/splitPane(_:along:with:newPaneFirst:)``),
    /// the same as Ctrl+Shift+E and Ctrl+Shift+O: the target is a leaf, which gives the new pane
    /// half its space; the new pane runs in the folder shown and gets the keys, as tmux's
    /// `split-window` gives them. A column's name stands for its own content (the folders, the
    /// files, the file, the details, or the program that replaces it), wherever a split put it;
    /// a split's id is refused in words (split one of its leaves).
    package func split(target: String, side: String, program: String, ids: PaneIDs) throws(ControlError) -> Int {
        guard let side = PaneSplit.Side(rawValue: side) else {
            throw ControlError(String(translated: "no side \(side): above, below, before or after"))
        }
        let command: ProgramCommand
        do {
            command = try ProgramCommand(parsing: program)
        } catch {
            throw ControlError(String(translated: "the command does not read: \(error.description)"))
        }
        let pane: ViewController
        if let column = ConfigReader.layoutColumns[target] {
            guard controlColumns.contains(column) else {
                throw ControlError(String(translated: "this window has no \(target) column"))
            }
            pane = ownContent(of: column)
        } else if let id = Int(target) {
            pane = try leaf(id, ids: ids) { String(translated: "pane \($0) is a split: split one of its leaves") }.viewController
        } else {
            throw ControlError(
                String(translated: "no pane \(target): a pane's id, or primary, supplementary, secondary or inspector"))
        }
        let made = newPane(running: command)
        guard split.splitPane(pane, along: side.axis, with: made, newPaneFirst: side.comesFirst) else {
            throw ControlError(String(translated: "\(target) is not in the window now: its column is not laid out"))
        }
        return ids.id(of: made)
    }

    /// Closes the pane `id` as Ctrl+Shift+W closes it (the core's
    /// ``SplitViewController/closePane(_:)``): the host ends its program, the pane beside takes
    /// its space. A column's own content and a column's last pane stay, said in words.
    package func close(pane id: Int, ids: PaneIDs) throws(ControlError) {
        let place = try leaf(id, ids: ids) { String(translated: "pane \($0) is a split: close its leaves") }
        guard split.closePane(place.viewController) else {
            let own = !splitViewController(split, canClosePane: place.viewController) || place.owner == nil
            throw ControlError(
                own
                    ? String(translated: "pane \(id) is its column's own content: it cannot be closed")
                    : String(translated: "pane \(id) is its column's last pane"))
        }
    }

    /// Zooms the leaf `id` over the window (the core's ``SplitViewController/zoomedPane``), or
    /// puts it back when it is the one zoomed, as tmux's `resize-pane -Z` toggles.
    package func zoom(pane id: Int, ids: PaneIDs) throws(ControlError) {
        let place = try leaf(id, ids: ids) { String(translated: "pane \($0) is a split: zoom one of its leaves") }
        if split.zoomedPane === place.viewController {
            split.zoomedPane = nil
            return
        }
        split.zoomedPane = place.viewController
        guard split.zoomedPane === place.viewController else {
            throw ControlError(String(translated: "pane \(id) cannot be zoomed now: it is not showing"))
        }
    }

    /// Lays out the columns the file at `path` names (a config file's `"layout"`, as
    /// ``saveLayout(to:)`` writes it): each gets new splits and programs around its own content;
    /// the programs of the panes replaced end. Columns the file does not name stay as they are.
    ///
    /// Decided: nothing changes unless the whole file reads: a file with any problem is refused
    /// with its first problem, the window kept as it was (a config file at start-up skips bad
    /// entries instead; a script asking for a layout wants that layout or an error). A zoom
    /// ends first; the keys stay in the column that had them.
    package func loadLayout(from path: String) throws(ControlError) {
        let (config, warnings) = AppConfig.load(path: path, environment: [:])
        if let first = warnings.first { throw ControlError(first) }
        let named = config.layout.filter { controlColumns.contains($0.key) }
        guard !named.isEmpty else {
            let file = printableLine(path)
            throw ControlError(String(translated: "\(file) lays out no column of this window (it needs a \"layout\" entry)"))
        }
        split.zoomedPane = nil
        let focused = split.focusedColumn
        for column in controlColumns {
            guard let layout = named[column] else { continue }
            let own = ownContent(of: column)
            let old = columnContent(column)
            if let stack = own.stackSplitViewController, let item = stack.splitItems.first(where: { $0.viewController === own }) {
                stack.removeSplitItem(item)
            }
            let (built, _) = layout.build(content: own)
            if let old, old !== built, built.navigationItem.rightBarButtonItems.isEmpty {
                built.navigationItem.rightBarButtonItems = old.navigationItem.rightBarButtonItems
            }
            split.setViewController(built, for: column)
        }
        if let focused { split.focusedColumn = focused }
        updateProgramFiles()
    }

    /// The window's layout in the config file's form: `{"layout": {COLUMN: …}}`, each column
    /// whose content is split, pretty-printed with sorted keys.
    ///
    /// Decided: the file is a whole config file holding only `"layout"`, so that
    /// `splitview --config FILE` starts with the same panes, and its entry can be pasted into
    /// another config. Each item keeps its preferred fraction, limits and `canCollapse`; a column
    /// whose content is not split has no entry (its content needs none).
    package func layoutDocument() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(["layout": layoutColumns()])) ?? Data()
        return Array(data) + [10]
    }

    /// Each column whose content is split, as the config's `"layout"` writes it, by the
    /// column's name: what the window's state saves and Ctrl+N copies.
    package func layoutColumns() -> [String: LayoutNode] {
        var columns: [String: LayoutNode] = [:]
        for column in controlColumns {
            guard let stack = columnContent(column) as? StackSplitViewController else { continue }
            columns[column.name] = layoutNode(stack, item: nil)
        }
        return columns
    }

    /// Writes ``layoutDocument()`` to `path`, atomically: the file is the old one or the new,
    /// never half-written.
    package func saveLayout(to path: String) throws(ControlError) {
        if let error = AtomicFile.write(layoutDocument(), to: path) { throw ControlError(error.description) }
    }

    private func layoutNode(_ vc: ViewController, item: SplitItem?) -> LayoutNode {
        var node = LayoutNode()
        if let stack = vc as? StackSplitViewController {
            node.axis = stack.axis.rawValue
            node.items = stack.splitItems.map { layoutNode($0.viewController, item: $0) }
        } else if let program = vc as? ForeignContentViewController {
            node.program = program.command.text
        } else {
            node.content = kindName(vc)
        }
        if let item {
            node.fraction = item.preferredThicknessFraction
            node.min = item.minimumThickness > 0 ? item.minimumThickness : nil
            node.max = item.maximumThickness.isFinite ? item.maximumThickness : nil
            node.canCollapse = item.canCollapse ? true : nil
        }
        return node
    }

    private func kindName(_ vc: ViewController) -> String {
        if vc === folders { return "folders" }
        if vc === fileList { return "files" }
        if vc === details { return "details" }
        return "file"
    }
}
