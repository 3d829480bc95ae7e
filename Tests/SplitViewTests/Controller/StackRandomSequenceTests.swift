import PropertyBased
import Testing

@testable import SplitView

/// Random input sequences on a window whose secondary is a nested stack split (a reader and a
/// side pane side by side, over a collapsible program) and whose primary is a stack too: presses,
/// drags and double clicks anywhere (the dividers included), every divider and focus key,
/// resizes (zero and huge ones too), ticks, the View menu's toggles, and an app's changes to
/// the items' limits, fractions and priorities (a press on a pane's bar may drag or close the
/// pane, so the tree itself changes too). After every step: the controller's own
/// invariants, and the stacks' — every leaf inside its column's content area, the leaves of a
/// stack tiling it without overlap, nothing negative or NaN, the keys never in a collapsed
/// item, and drawing a leaf a read.
@Suite struct StackRandomSequenceTests {
    /// The window: primary = [list | notes] side by side; secondary = [[reader | side] over
    /// terminal].
    static func fixture(animated: Bool) -> (Fixture, [StackSplitViewController], [SplitItem]) {
        let f = Fixture(.tripleColumn, animated: animated)
        let reader = SplitItem(viewController: ViewController(title: "reader"))
        let side = SplitItem(viewController: ViewController(title: "side"))
        side.canCollapse = true
        let top = StackSplitViewController(axis: .horizontal, items: [reader, side])
        let terminal = SplitItem(
            viewController: ForeignContentViewController(command: try! ProgramCommand(parsing: "xterm -into {}")))
        terminal.canCollapse = true
        terminal.minimumThickness = 60
        terminal.preferredThicknessFraction = 0.3
        let topItem = SplitItem(viewController: top)
        let secondary = StackSplitViewController(axis: .vertical, items: [topItem, terminal])
        secondary.dividerStyle = .paneSplitter
        let list = SplitItem(viewController: ViewController(title: "list"))
        let notes = SplitItem(viewController: ViewController(title: "notes"))
        notes.canCollapse = true
        let primary = StackSplitViewController(axis: .vertical, items: [list, notes])
        f.split.setViewController(secondary, for: .secondary)
        f.split.setViewController(primary, for: .primary)
        return (f, [secondary, top, primary], [reader, side, terminal, topItem, list, notes])
    }

    @Test(arguments: [false, true])
    func invariantsHoldAfterEveryStep(animated: Bool) async {
        await propertyCheck(count: 30, input: Gen.int(in: 0...1_000_000).array(of: 200)) { codes in
            let (f, stacks, items) = Self.fixture(animated: animated)
            var now = 0.0
            f.resize(1400)
            for (step, code) in codes.enumerated() {
                let split = f.split
                let width = split.layout.size.width, height = split.layout.size.height
                let point = Point(x: Double(code % 1500) - 50, y: Double((code / 1500) % 1000) - 50)
                let label: String
                switch code % 23 {
                case 0, 1:
                    split.handle(.pointerDown(point))
                    label = "down \(point)"
                case 2, 3, 4:
                    split.handle(.pointerMoved(point))
                    label = "move \(point)"
                case 5, 6:
                    split.handle(.pointerUp(point))
                    label = "up \(point)"
                case 7:
                    split.handle(.doubleClick(point))
                    label = "double \(point)"
                case 8:
                    let keys: [Input] = [
                        key(.f6), key(.f6, .shift), key(.f8), key(.up), key(.down), key(.left), key(.right), key(.home),
                        key(.end),
                        key(.escape), key(.return), key(.f9), key(.character("1"), .control), key(.character("3"), .control),
                        key(.up, .control), key(.down, .control),
                    ]
                    let chosen = keys[(code / 23) % keys.count]
                    split.handle(chosen)
                    label = "\(chosen)"
                case 9:
                    let sizes = [0.0, 300, 520, 800, 1400, 2200, 5000]
                    let size = Size(width: sizes[(code / 23) % sizes.count], height: [0.0, 200, 900, 3000][(code / 161) % 4])
                    split.handle(.resize(size))
                    label = "resize \(size)"
                case 10, 11:
                    now += [0.01, 0.05, 0.3, 2][(code / 23) % 4]
                    split.handle(.tick(now: now))
                    label = "tick \(now)"
                case 12:
                    let paths: [(SplitViewController.Column, [Int])] = [
                        (.secondary, [1]), (.secondary, [0, 1]), (.primary, [1]), (.primary, [0]),
                    ]
                    let (column, path) = paths[(code / 23) % paths.count]
                    split.handle(.command(.toggleSplitItem(column, path: path)))
                    label = "toggle \(column) \(path)"
                case 13:
                    let item = items[(code / 23) % items.count]
                    item.isCollapsed.toggle()
                    label = "app collapse \(item.viewController.title)"
                case 14:
                    let item = items[(code / 23) % items.count]
                    item.minimumThickness = [0, 40, 300, 2000, -5, .nan][(code / 161) % 6]
                    label = "minimum \(item.minimumThickness)"
                case 15:
                    let item = items[(code / 23) % items.count]
                    item.maximumThickness = [.infinity, 100, 500, 0, .nan][(code / 161) % 5]
                    label = "maximum \(item.maximumThickness)"
                case 16:
                    let item = items[(code / 23) % items.count]
                    item.preferredThicknessFraction = [nil, 0, 0.3, 1, 7, .nan][(code / 161) % 6]
                    label = "fraction \(String(describing: item.preferredThicknessFraction))"
                case 17:
                    let item = items[(code / 23) % items.count]
                    item.holdingPriority = [1, 250, 251, 750, 1000, .nan][(code / 161) % 6]
                    label = "priority \(item.holdingPriority)"
                case 18:
                    stacks[(code / 23) % stacks.count].dividerStyle = [.thin, .thick, .paneSplitter][(code / 161) % 3]
                    label = "divider style"
                case 19:
                    split.handle(.scroll(dx: 0, dy: 120, at: point))
                    label = "scroll \(point)"
                case 20:
                    split.animatesTransitions.toggle()
                    label = "animates \(split.animatesTransitions)"
                default:
                    split.handle(.pointerMoved(Point(x: width / 2, y: height / 2)))
                    label = "move to the middle"
                }
                expectWellFormed(split, "step \(step): \(label)")
                Self.expectStacksWellFormed(split, stacks, "step \(step): \(label)")
            }
        }
    }

    /// The stacks' invariants, and drawing each leaf being a read.
    static func expectStacksWellFormed(
        _ split: SplitViewController, _ stacks: [StackSplitViewController], _ step: @autoclosure () -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        split.layoutPanes()
        for column in [SplitViewController.Column.primary, .secondary] {
            let leaves = split.leaves(in: column)
            guard let placement = split.layout.placement(of: column) else {
                if !leaves.isEmpty { Issue.record("\(step()): leaves of a hidden \(column)", sourceLocation: sourceLocation) }
                continue
            }
            let content = LayoutComputation.contentBounds(ofPaneSized: placement.frame.size)
            for (leaf, frame) in leaves {
                let numbers = [frame.minX, frame.minY, frame.width, frame.height]
                if !numbers.allSatisfy({ $0.isFinite }) || frame.width < 0 || frame.height < 0 {
                    Issue.record("\(step()): leaf \(leaf.path) has frame \(frame)", sourceLocation: sourceLocation)
                }
                let slack = 1e-6 * max(1, content.width, content.height)
                if frame.minX < content.minX - slack || frame.maxX > content.maxX + slack || frame.minY < content.minY - slack
                    || frame.maxY > content.maxY + slack
                {
                    Issue.record(
                        "\(step()): leaf \(leaf.path) \(frame) leaves \(column)'s content \(content)",
                        sourceLocation: sourceLocation)
                }
            }
            for (a, b) in zip(leaves.indices, leaves.indices.dropFirst()) {
                _ = (a, b)
            }
            for i in leaves.indices {
                for j in leaves.indices where j > i {
                    let x = leaves[i].frame, y = leaves[j].frame
                    let overlap =
                        min(x.maxX, y.maxX) - max(x.minX, y.minX) > 1e-6 && min(x.maxY, y.maxY) - max(x.minY, y.minY) > 1e-6
                    if overlap {
                        Issue.record(
                            "\(step()): leaves \(leaves[i].leaf.path) and \(leaves[j].leaf.path) overlap",
                            sourceLocation: sourceLocation)
                    }
                }
            }
            // Drawing a leaf is a read.
            let keys = leaves.map { split.paneKey(forLeaf: $0.leaf) }
            for (leaf, _) in leaves { _ = split.displayList(forLeaf: leaf) }
            if leaves.map({ split.paneKey(forLeaf: $0.leaf) }) != keys {
                Issue.record("\(step()): drawing a leaf changed its key", sourceLocation: sourceLocation)
            }
        }
        // A pane dragged by its bar or closed by its button can take a stack out of the tree:
        // only the stacks still installed keep the keys.
        for stack in stacks where split.installedStacks.contains(where: { $0 === stack }) {
            if let index = stack.focusedItemIndex, stack.splitItems[index].isCollapsed {
                Issue.record("\(step()): the keys are in a collapsed item", sourceLocation: sourceLocation)
            }
            if stack.focusedItemIndex == nil && stack.splitItems.contains(where: { !$0.isCollapsed }) {
                Issue.record("\(step()): a stack with a visible item has no focused item", sourceLocation: sourceLocation)
            }
            for item in stack.splitItems {
                if let thickness = item.thickness, !(thickness.isFinite && thickness >= 0) {
                    Issue.record("\(step()): a kept thickness of \(thickness)", sourceLocation: sourceLocation)
                }
            }
        }
        if let leaf = split.focusedLeaf, !split.leaves(in: leaf.column).contains(where: { $0.leaf == leaf }),
            split.leaves(in: leaf.column).contains(where: { $0.frame.width > 0 })
        {
            // A leaf of no size is not drawn; the focus may rest there only while nothing else shows.
            let path = leaf.path
            if let stack = split.stackSplitViewController(in: leaf.column), stack.visibleLeafPaths.contains(path) == false {
                Issue.record("\(step()): the focused leaf \(path) is not visible", sourceLocation: sourceLocation)
            }
        }
    }
}
