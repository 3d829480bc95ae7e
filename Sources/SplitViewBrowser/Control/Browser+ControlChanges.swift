import FoundationEssentials
import SplitView
import SplitViewControl
import SplitViewFiles

/// The changes `splitviewctl` makes to a window's splits, and its layout written as a file.
extension Browser {
    /// Runs `program` in a new pane on `side` of `target` (a pane's id, or a column's name
    /// whose content is a split); returns the new pane's id.
    ///
    /// Decided: a new pane goes into a split that is there already: beside an item of a split
    /// on the same axis it joins that split; on the other axis the item is wrapped in a new
    /// split with the new pane (the item's size and limits go with the wrapper). A column whose
    /// content is not split yet is refused in words: replacing a column's content at run time
    /// belongs to the core's pane tree, still to come (`--below secondary=CMD` at the start
    /// works). The new pane is made as `--below` makes one: a third of the split, 80 points at
    /// least, collapsible, holding its size.
    package func split(target: String, side: String, program: String, ids: PaneIDs) throws(ControlError) -> Int {
        guard let side = PaneSplit.Side(rawValue: side) else {
            throw ControlError("no side \(side): above, below, before or after")
        }
        let command: ProgramCommand
        do {
            command = try ProgramCommand(parsing: program)
        } catch {
            throw ControlError("the command does not read: \(error.description)")
        }
        var place: PaneLocation?
        if let column = ConfigReader.layoutColumns[target] {
            guard controlColumns.contains(column), let content = split.viewController(for: column) else {
                throw ControlError("this window has no \(target) column")
            }
            place = PaneLocation(column: column, path: [], owner: nil, viewController: content)
        } else if let id = Int(target) {
            place = locate(pane: id, ids: ids)
            if place == nil { throw ControlError("no pane \(id)") }
        } else {
            throw ControlError("no pane \(target): a pane's id, or primary, supplementary, secondary or inspector")
        }
        guard let place else { throw ControlError("no pane \(target)") }
        let made = ForeignContentViewController(command: command)
        let item = SplitItem(viewController: made)
        item.preferredThicknessFraction = PaneSplit.programFraction
        item.minimumThickness = PaneSplit.programMinimum
        item.canCollapse = true
        item.holdingPriority = SplitItem.defaultHoldingPriority + 1
        if let owner = place.owner, let index = place.path.last {
            if owner.axis == side.axis {
                owner.insertSplitItem(item, at: side.comesFirst ? index : index + 1)
            } else {
                let old = owner.splitItems[index]
                let wrapper = StackSplitViewController(axis: side.axis)
                owner.removeSplitItem(old)
                let moved = SplitItem(viewController: old.viewController)
                wrapper.addSplitItem(moved)
                if side.comesFirst { wrapper.insertSplitItem(item, at: 0) } else { wrapper.addSplitItem(item) }
                let wrapping = SplitItem(viewController: wrapper)
                wrapping.preferredThicknessFraction = old.preferredThicknessFraction
                wrapping.minimumThickness = old.minimumThickness
                wrapping.maximumThickness = old.maximumThickness
                wrapping.holdingPriority = old.holdingPriority
                wrapping.canCollapse = old.canCollapse
                owner.insertSplitItem(wrapping, at: index)
            }
        } else if let stack = place.viewController as? StackSplitViewController, stack.axis == side.axis {
            if side.comesFirst { stack.insertSplitItem(item, at: 0) } else { stack.addSplitItem(item) }
        } else {
            throw ControlError(
                "\(place.column.name) is not split \(side.axis == .vertical ? "into stacked panes" : "side by side"): "
                    + "a column's plain content cannot be split at run time yet (start with --\(side.rawValue) "
                    + "\(place.column.name)=CMD)")
        }
        programs.besides.append(made)
        updateProgramFiles()
        return ids.id(of: made)
    }

    /// Closes the program's pane `id` (an item of a split): the host ends its program.
    ///
    /// Decided: only a program's pane closes; a column's own content (the folders, the files,
    /// the file, the details) and a program that replaces a column (`--secondary CMD`) stay, so
    /// no column is ever left empty. A split left with one item stays a split of one.
    package func close(pane id: Int, ids: PaneIDs) throws(ControlError) {
        guard let place = locate(pane: id, ids: ids) else { throw ControlError("no pane \(id)") }
        guard let program = place.viewController as? ForeignContentViewController else {
            throw ControlError("pane \(id) is not a program's pane: only those close")
        }
        guard let owner = place.owner, let index = place.path.last else {
            throw ControlError("pane \(id) is its column's content: only a pane of a split closes")
        }
        owner.removeSplitItem(owner.splitItems[index])
        programs.besides.removeAll { $0 === program }
    }

    /// The window's layout in the config file's form: `{"layout": {COLUMN: …}}`, each column
    /// whose content is split, pretty-printed with sorted keys.
    ///
    /// Decided: the file is a whole config file holding only `"layout"`, so that
    /// `splitview --config FILE` starts with the same panes, and its entry can be pasted into
    /// another config. Each item keeps its preferred fraction, limits and `canCollapse`; a column
    /// whose content is not split has no entry (its content needs none).
    package func layoutDocument() -> [UInt8] {
        var columns: [String: LayoutNode] = [:]
        for column in controlColumns {
            guard let stack = split.viewController(for: column) as? StackSplitViewController else { continue }
            columns[column.name] = layoutNode(stack, item: nil)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(["layout": columns])) ?? Data()
        return Array(data) + [10]
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

/// One node of the config's `"layout"`, as written.
struct LayoutNode: Encodable {
    var axis: String?
    var items: [LayoutNode]?
    var content: String?
    var program: String?
    var fraction: Double?
    var min: Double?
    var max: Double?
    var canCollapse: Bool?
}
