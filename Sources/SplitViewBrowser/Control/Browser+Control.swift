import SplitView
import SplitViewControl

/// What the host knows of a hosted program that the model does not: its process and window.
package struct ProgramFacts: Hashable, Sendable {
    /// The first process of the running instance.
    package var pid: Int32?
    /// The program's own X window, once it made one.
    package var xWindow: UInt?

    package init(pid: Int32?, xWindow: UInt?) {
        self.pid = pid
        self.xWindow = xWindow
    }
}

/// Where a pane is in a window: its column, and the stack and index that hold it (nil for a
/// column's own content).
package struct PaneLocation {
    package var column: SplitViewController.Column
    /// The indices from the column's content down to the pane (empty: the content itself).
    package var path: [Int]
    package var owner: StackSplitViewController?
    package var viewController: ViewController
}

/// A window as `splitviewctl` sees and changes it (`SplitViewControl`).
extension Browser {
    /// The columns this window's style has, in their order.
    var controlColumns: [SplitViewController.Column] {
        split.style == .tripleColumn ? [.primary, .supplementary, .secondary, .inspector] : [.primary, .secondary, .inspector]
    }

    /// This window as a tree: each column's content down to its leaves, with ids from `ids`,
    /// and what the host knows of each program from `facts`.
    package func controlWindow(
        id: Int, xWindow: UInt?, ids: PaneIDs, facts: (ForeignContentViewController) -> ProgramFacts?
    ) -> ControlTree.Window {
        let size = split.layout.size
        var columns: [ControlTree.Column] = []
        for column in controlColumns {
            guard let content = columnContent(column) else { continue }
            let placement = split.layout.placement(of: column)
            let origin = placement?.frame.origin ?? Point(x: 0, y: 0)
            var leafFrames: [[Int]: Rect] = [:]
            for (leaf, frame) in split.leaves(in: column) { leafFrames[leaf.path] = frame }
            let focusedPath: [Int]? =
                split.focusedColumn == column ? (split.stackSplitViewController(in: column)?.focusedLeafPath ?? []) : nil
            let contentFrame = split.contentFrame(of: column)
            func node(_ vc: ViewController, path: [Int], item: SplitItem?) -> ControlTree.Node {
                var result = ControlTree.Node(
                    id: ids.id(of: vc), kind: kind(of: vc), fraction: item?.preferredThicknessFraction,
                    collapsed: item?.isCollapsed ?? false, zoomed: split.zoomedPane === vc)
                if let stack = vc as? StackSplitViewController {
                    result.axis = stack.axis.rawValue
                    result.items = stack.splitItems.enumerated().map { node($1.viewController, path: path + [$0], item: $1) }
                    let frames = (result.items ?? []).compactMap(\.frame)
                    if let first = frames.first {
                        result.frame = frames.dropFirst().reduce(first) { union($0, $1) }
                    }
                    result.focused = focusedPath.map { $0.starts(with: path) && $0.count > path.count } ?? false
                } else {
                    let local = path.isEmpty ? contentFrame : leafFrames[path]
                    if placement != nil, let local {
                        result.frame = ControlTree.Frame(
                            x: origin.x + local.minX, y: origin.y + local.minY, width: local.width, height: local.height)
                    }
                    result.focused = focusedPath == path
                }
                if let program = vc as? ForeignContentViewController {
                    result.command = program.command.text
                    result.status = Self.statusText(program.status)
                    if let known = facts(program) {
                        result.pid = known.pid
                        result.xWindow = known.xWindow
                    }
                }
                return result
            }
            columns.append(
                ControlTree.Column(
                    name: column.name, shown: placement != nil, focused: split.focusedColumn == column,
                    frame: placement.map {
                        ControlTree.Frame(x: $0.frame.minX, y: $0.frame.minY, width: $0.frame.width, height: $0.frame.height)
                    }, content: node(content, path: [], item: nil)))
        }
        return ControlTree.Window(
            id: id, title: title, xWindow: xWindow, frame: ControlTree.Frame(x: 0, y: 0, width: size.width, height: size.height),
            columns: columns)
    }

    /// `folders`, `files`, `file`, `details`, `program`, `split`, or `content`.
    private func kind(of vc: ViewController) -> String {
        if vc is StackSplitViewController { return "split" }
        if vc is ForeignContentViewController { return "program" }
        if vc === folders { return "folders" }
        if vc === fileList { return "files" }
        if vc === reader { return "file" }
        if vc === details { return "details" }
        return "content"
    }

    /// A program's status in a word or its ending's line.
    static func statusText(_ status: ForeignContentViewController.Status) -> String {
        switch status {
        case .waitingForFile: "waiting"
        case .starting: "starting"
        case .running: "running"
        case .noWindow: "no window"
        case .ended(let line): line
        }
    }

    /// Finds the pane `id` in this window.
    package func locate(pane id: Int, ids: PaneIDs) -> PaneLocation? {
        guard let object = ids.object(id) else { return nil }
        for column in controlColumns {
            guard let content = columnContent(column) else { continue }
            if content === object { return PaneLocation(column: column, path: [], owner: nil, viewController: content) }
            func find(_ stack: StackSplitViewController, _ path: [Int]) -> PaneLocation? {
                for (index, item) in stack.splitItems.enumerated() {
                    if item.viewController === object {
                        return PaneLocation(
                            column: column, path: path + [index], owner: stack, viewController: item.viewController)
                    }
                    if let nested = item.viewController as? StackSplitViewController, let found = find(nested, path + [index]) {
                        return found
                    }
                }
                return nil
            }
            if let stack = content as? StackSplitViewController, let found = find(stack, []) { return found }
        }
        return nil
    }

    /// The leaf `id`, for a command that acts on leaves; a split is refused with `refusal`
    /// (saying what to do instead: "pane 3 is a split: focus one of its leaves"), a missing
    /// pane said in words.
    func leaf(_ id: Int, ids: PaneIDs, refusal: (Int) -> String) throws(ControlError) -> PaneLocation {
        guard let place = locate(pane: id, ids: ids) else { throw ControlError(String(translated: "no pane \(id)")) }
        guard !(place.viewController is StackSplitViewController) else {
            throw ControlError(refusal(id))
        }
        return place
    }

    /// Gives the keys to the leaf `id`: its column, and in a split every stack on the way.
    package func focus(pane id: Int, ids: PaneIDs) throws(ControlError) {
        let place = try leaf(id, ids: ids) { String(translated: "pane \($0) is a split: focus one of its leaves") }
        guard split.layout.placement(of: place.column) != nil else {
            throw ControlError(String(translated: "pane \(id) is not showing: its column, \(place.column.name), is hidden"))
        }
        split.focusedColumn = place.column
        if !place.path.isEmpty { split.stackSplitViewController(in: place.column)?.focusLeaf(at: place.path) }
        guard split.focusedColumn == place.column else {
            throw ControlError(String(translated: "pane \(id) cannot take the keys now"))
        }
    }

    /// Makes `fraction` the share of its split the item `id` takes: its preferred fraction,
    /// and its thickness now (then held as a drag holds it; the other items give way by their
    /// holding priority, each within its limits).
    package func resize(pane id: Int, fraction: Double, ids: PaneIDs) throws(ControlError) {
        guard let place = locate(pane: id, ids: ids) else { throw ControlError(String(translated: "no pane \(id)")) }
        guard let owner = place.owner, let index = place.path.last else {
            throw ControlError(
                String(
                    translated: "pane \(id) is a column's content, not an item of a split: its column's width is not a fraction"))
        }
        let item = owner.splitItems[index]
        guard !item.isCollapsed else { throw ControlError(String(translated: "pane \(id) is collapsed")) }
        item.preferredThicknessFraction = fraction
        // The split's extent along its axis, from its items' frames as the tree measures them.
        let window = controlWindow(id: 0, xWindow: nil, ids: ids, facts: { _ in nil })
        let nodes = window.columns.first { $0.name == place.column.name }?.content.allNodes ?? []
        let ownerID = ids.id(of: owner)
        var extent = 0.0
        if place.path.count == 1, let content = nodes.first, content.id == ownerID {
            extent = owner.axis == .vertical ? content.frame?.height ?? 0 : content.frame?.width ?? 0
        } else if let node = nodes.first(where: { $0.id == ownerID }) {
            extent = owner.axis == .vertical ? node.frame?.height ?? 0 : node.frame?.width ?? 0
        }
        guard extent > 0 else { return }  // not laid out: the fraction applies at the first layout
        var state = split.stateSnapshot()
        var items = (state.stackItems ?? []).filter { !($0.column == place.column && $0.path == place.path) }
        items.append(
            SplitViewState.StackItem(column: place.column, path: place.path, thickness: fraction * extent, isCollapsed: false))
        state.stackItems = items
        _ = try? split.restore(state)
    }

    /// The smallest rectangle holding `a` and `b`.
    private func union(_ a: ControlTree.Frame, _ b: ControlTree.Frame) -> ControlTree.Frame {
        let x = min(a.x, b.x)
        let y = min(a.y, b.y)
        return ControlTree.Frame(
            x: x, y: y, width: max(a.x + a.width, b.x + b.width) - x, height: max(a.y + a.height, b.y + b.height) - y)
    }
}
