import PropertyBased
import Testing

@testable import SplitView

/// Random sequences of run-time splits: splits right and down (through the delegate), closes
/// (by the keys and by a bar's close button), panes dragged by their bars (let go or
/// cancelled), zooms and Escape, focus moves by direction and F6, swaps, moves onto any pane's halves and
/// centre, grow, shrink and equalize, an app's collapses, presses, resizes and ticks, with
/// transitions animated and not. After every step: the controller's own invariants, and the
/// pane tree's — no stack of fewer than two items, every stack's visible thicknesses and
/// dividers filling its extent, every pane in exactly one place (one being closed: at most
/// one), exactly one pane with the keys, a zoom showing that pane alone, every leaf's bar on
/// its top (at most one marked), and a drop target inside a pane that is not the dragged one.
@Suite struct PaneTreeRandomSequenceTests {
    /// Shrinking is off: shrinking a 150-step failure, with these checks after every step,
    /// takes so long that the run looks hung; a failure names its step instead.
    @Test(.shrinking(false), arguments: [false, true])
    func invariantsHoldAfterEveryStep(animated: Bool) async {
        let targets = Tally()
        await propertyCheck(count: 20, input: Gen.int(in: 0...1_000_000).array(of: 150)) { codes in
            let f = Fixture(.tripleColumn, animated: animated)
            let maker = PaneMaker()
            f.split.delegate = maker
            f.split.preferredDisplayMode = .twoBesideSecondary
            f.resize(1400)
            var now = 0.0
            var closing: [ViewController] = []
            for (step, code) in codes.enumerated() {
                let split = f.split
                let label = Self.apply(code, to: f, now: &now, closing: &closing)
                if label.hasSuffix(Self.targetShown) { targets.add() }
                expectWellFormed(split, "step \(step): \(label)")
                Self.expectPaneTreeWellFormed(
                    split, panes: [f.primary, f.supplementary, f.secondary] + maker.made, closing: closing,
                    "step \(step): \(label)")
            }
        }
        // The drop-target check runs only while a drag shows one: it must have, or it proved nothing.
        #expect(targets.count > 0, "no drag showed a drop target in any sequence")
    }

    /// One step of the alphabet; returns its label.
    static func apply(_ code: Int, to f: Fixture, now: inout Double, closing: inout [ViewController]) -> String {
        let split = f.split
        let choice = code / 31
        let panes = split.visiblePanes
        switch code % 31 {
        case 0...2 where panes.count < 16:
            split.handle(.command(.splitRight))
            return "split right"
        case 3...5 where panes.count < 16:
            split.handle(.command(.splitDown))
            return "split down"
        case 6, 7:
            guard let pane = split.focusedPane else { return "close nothing" }
            if split.closePane(pane) { closing.append(pane) }
            return "close \(pane.title)"
        case 8:
            split.handle(.command(.zoomPane))
            return "zoom"
        case 9:
            split.handle(.key(KeyChord(.escape)))
            return "escape"
        case 10, 11, 12:
            let direction = PaneDirection.allCases[choice % 4]
            split.handle(.command(.focusPane(direction)))
            return "focus \(direction)"
        case 13, 14:
            let direction = PaneDirection.allCases[choice % 4]
            split.handle(.command(.swapPane(direction)))
            return "swap \(direction)"
        case 15, 16:
            guard !panes.isEmpty else { return "move nothing" }
            let pane = panes[choice % panes.count].pane
            let target = panes[(choice / 7) % panes.count].pane
            let zone = PaneDropZone.allCases[(choice / 53) % 5]
            split.movePane(pane, onto: target, zone: zone)
            return "move \(pane.title) onto \(target.title) \(zone)"
        case 17:
            let axis: StackSplitViewController.Axis = choice % 2 == 0 ? .horizontal : .vertical
            split.handle(.command(choice % 3 == 0 ? .shrinkPane(axis) : .growPane(axis)))
            return "resize \(axis)"
        case 18:
            split.handle(.command(.equalizePanes))
            return "equalize"
        case 19:
            split.handle(.key(KeyChord(.f6, modifiers: choice % 2 == 0 ? [] : .shift)))
            return "F6"
        case 20, 21:
            let point = Point(x: Double(choice % 1400), y: Double((choice / 1400) % 900))
            // A click may land on a pane bar's close button: where it lies once the press has
            // finished a running transition, as a press does first.
            split.finishTransition()
            let closed = split.paneBar(at: point).flatMap { $0.closeButton?.contains(point) == true ? $0.pane : nil }
            split.handle(.pointerDown(point))
            split.handle(.pointerUp(point))
            if let closed { closing.append(closed) }
            return "click \(point)"
        case 26, 27:
            // A pane dragged by its bar to a random point, let go there or cancelled first.
            guard !panes.isEmpty else { return "drag nothing" }
            let pane = panes[choice % panes.count].pane
            guard let bar = split.paneBarFrame(of: pane) else { return "drag \(pane.title): no bar" }
            let start = Point(x: bar.minX + min(4, bar.width / 4), y: bar.midY)
            let end = Point(x: Double((choice / 7) % 1400), y: Double((choice / 11) % 900))
            split.handle(.pointerDown(start))
            split.handle(.pointerMoved(Point(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2)))
            split.handle(.pointerMoved(end))
            let cancels = (choice / 13) % 4 == 0
            if cancels { split.handle(.key(KeyChord(.escape))) }
            let shown = expectDropTargetInItsPane(split, "drag \(pane.title) to \(end)")
            split.handle(.pointerUp(end))
            return "drag \(pane.title) to \(end)\(cancels ? ", cancelled" : "")\(shown ? Self.targetShown : "")"
        case 28:
            guard !panes.isEmpty else { return "close nothing" }
            let pane = panes[choice % panes.count].pane
            guard let close = split.paneCloseButtonFrame(of: pane) else { return "no close button on \(pane.title)" }
            let centre = Point(x: close.midX, y: close.midY)
            // A column lying over the pane's (an overlay) takes the click, and a running
            // transition ends first: the pane closed is the one under the pointer then.
            split.finishTransition()
            let closed = split.paneBar(at: centre).flatMap { $0.closeButton?.contains(centre) == true ? $0.pane : nil }
            split.handle(.pointerDown(centre))
            split.handle(.pointerUp(centre))
            if let closed { closing.append(closed) }
            return "close button of \(pane.title)"
        case 22:
            let stacks = split.installedStacks
            guard !stacks.isEmpty else { return "collapse nothing" }
            let stack = stacks[choice % stacks.count]
            let item = stack.splitItems[(choice / 5) % stack.splitItems.count]
            // An app that collapses every item of a stack leaves it empty: not the point here.
            guard item.isCollapsed || stack.splitItems.filter({ !$0.isCollapsed }).count > 1 else { return "keep" }
            item.canCollapse = true
            item.isCollapsed.toggle()
            return "app collapse \(item.viewController.title) \(item.isCollapsed)"
        case 23:
            let widths = [1400.0, 900, 500, 2000, 300]
            f.resize(widths[choice % widths.count], height: [900.0, 400, 120][(choice / 5) % 3])
            return "resize \(split.layout.size)"
        case 24:
            split.handle(.key(KeyChord(.f9)))
            return "F9"
        case 25:
            split.animatesTransitions.toggle()
            return "animates \(split.animatesTransitions)"
        default:
            now += [0.01, 0.05, 0.3, 2][choice % 4]
            split.handle(.tick(now: now))
            return "tick \(now)"
        }
    }

    /// What a drag's label ends with when it showed a drop target (the sweep counts them).
    static let targetShown = ", a target shown"

    /// A drop target, when there is one, highlights a part of a pane that shows, and is
    /// never the dragged pane. Returns whether there was one to check.
    @discardableResult
    static func expectDropTargetInItsPane(
        _ split: SplitViewController, _ step: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        guard let target = split.paneDropTarget else { return false }
        let frame = split.visiblePanes.first { $0.pane === target.pane }?.frame
        // Halves of odd widths are not whole: a billionth of a point of slack.
        let slack = 1e-9
        guard let frame,
            target.frame.minX >= frame.minX - slack, target.frame.maxX <= frame.maxX + slack,
            target.frame.minY >= frame.minY - slack, target.frame.maxY <= frame.maxY + slack
        else {
            Issue.record("\(step()): the drop target \(target.frame) outside its pane", sourceLocation: sourceLocation)
            return true
        }
        if target.pane === split.draggedPane {
            Issue.record("\(step()): the dragged pane is its own target", sourceLocation: sourceLocation)
        }
        return true
    }

    /// The pane tree's invariants.
    static func expectPaneTreeWellFormed(
        _ split: SplitViewController, panes: [ViewController], closing: [ViewController], _ step: @autoclosure () -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        func fail(_ message: String) { Issue.record("\(step()): \(message)", sourceLocation: sourceLocation) }
        split.layoutPanes()
        // Every stack has two items or more, each item knows its stack, each leaf its item's.
        var leaves: [ViewController] = []
        func walk(_ vc: ViewController) {
            guard let stack = vc as? StackSplitViewController else { return leaves.append(vc) }
            if stack.splitItems.count < 2 { fail("a stack of \(stack.splitItems.count) items") }
            for item in stack.splitItems {
                if item.stack !== stack || item.viewController.stackSplitViewController !== stack {
                    fail("\(item.viewController.title)'s item does not know its stack")
                }
                walk(item.viewController)
            }
        }
        for column in SplitViewController.Column.allCases {
            if let top = split.navigationController(for: column)?.topViewController { walk(top) }
        }
        // Every pane in exactly one place; one being closed in at most one.
        for pane in panes {
            let count = leaves.filter { $0 === pane }.count
            let isClosing = closing.contains { $0 === pane }
            if count > 1 || (count == 0 && !isClosing) { fail("\(pane.title) is in \(count) places") }
        }
        if leaves.count != Set(leaves.map(ObjectIdentifier.init)).count { fail("a leaf in two places") }
        // Every showing stack's visible thicknesses and dividers fill its extent.
        for placement in split.layout.columns {
            guard let stack = split.stackSplitViewController(in: placement.column) else { continue }
            func check(_ stack: StackSplitViewController, _ bounds: Rect) {
                let geometry = stack.geometry(in: bounds)
                let length = stack.axis == .horizontal ? bounds.width : bounds.height
                let visible = geometry.frames.compactMap { $0 }.count
                let dividers = Double(max(0, visible - 1)) * stack.dividerStyle.thickness
                let sum = geometry.thicknesses.reduce(0, +) + (stack.zoomedItemIndex == nil ? dividers : 0)
                if visible > 0, length >= dividers, abs(sum - length) > 1e-6 * max(1, length) {
                    fail("a stack's items fill \(sum) of \(length)")
                }
                for (index, item) in stack.splitItems.enumerated() {
                    if let nested = item.viewController as? StackSplitViewController, let frame = geometry.frames[index] {
                        check(nested, frame)
                    }
                }
            }
            check(stack, LayoutComputation.contentBounds(ofPaneSized: placement.frame.size))
        }
        // Every leaf's bar is the top of its pane, its content under it; at most one bar is
        // marked; no drag outlives its button.
        var marked = 0
        for placement in split.layout.columns {
            for (leaf, frame) in split.leaves(in: placement.column) {
                guard let vc = split.viewController(of: leaf), let key = split.paneKey(forLeaf: leaf) else { continue }
                if key.bar.isMarked { marked += 1 }
                let bar = Rect(
                    x: placement.frame.minX + frame.minX, y: placement.frame.minY + frame.minY, width: frame.width,
                    height: min(LayoutMetrics.paneBarHeight, frame.height))
                if !placement.isDimmed, split.paneBarFrame(of: vc) != bar {
                    fail("\(vc.title)'s bar is \(String(describing: split.paneBarFrame(of: vc))), not \(bar)")
                }
                if let foreign = vc as? ForeignContentViewController, let placed = split.placement(of: foreign),
                    placed.frame.minY != frame.minY + bar.height + ChromeMetrics.focusRingWidth
                {
                    fail("\(vc.title)'s program is not under its bar")
                }
            }
        }
        if marked > 1 { fail("\(marked) bars are marked") }
        if split.draggedPane != nil { fail("a pane is still dragged after its release") }
        // Exactly one pane with the keys, and it is a leaf of a showing column.
        guard split.layout.size.width > 0, split.menu == nil else { return }
        let visible = split.visiblePanes
        guard let focused = split.focusedPane else {
            if !visible.isEmpty { fail("no pane has the keys") }
            return
        }
        if !leaves.contains(where: { $0 === focused }) { fail("the keys are in \(focused.title), in no column") }
        var drawnFocused = 0
        for placement in split.layout.columns {
            let stackLeaves = split.leaves(in: placement.column)
            if stackLeaves.isEmpty {
                if split.focusedColumn == placement.column { drawnFocused += 1 }
            } else {
                // As ``SplitViewController/LeafKey/isFocused`` decides it.
                let focusedLeaf = split.focusedLeaf
                drawnFocused += stackLeaves.filter { split.focusedColumn == placement.column && $0.leaf == focusedLeaf }.count
            }
        }
        if drawnFocused > 1 { fail("\(drawnFocused) panes are drawn with the keys") }
        // The panes drawn are those of the layout on screen; while the columns move (F9), a
        // pane the settled layout shows can still be squeezed to nothing there.
        let settled = split.layout.columns.elementsEqual(split.settledLayout.columns) {
            $0.column == $1.column && $0.frame == $1.frame
        }
        if settled && visible.contains(where: { $0.pane === focused }) && drawnFocused != 1 {
            fail("\(drawnFocused) panes are drawn with the keys")
        }
        // A zoom shows its pane alone, and that pane has the keys.
        if let zoomed = split.zoomedPane {
            if split.layout.columns.count != 1 { fail("zoomed, with \(split.layout.columns.count) columns") }
            if visible.count > 1 { fail("zoomed, with \(visible.count) panes showing") }
            if zoomed !== focused { fail("the zoomed pane \(zoomed.title) has not the keys (\(focused.title) has)") }
        }
    }
}

/// A count the sweep's runs add to.
private final class Tally: @unchecked Sendable {
    private(set) var count = 0
    func add() { count += 1 }
}
