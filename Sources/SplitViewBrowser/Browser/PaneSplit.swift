import SplitView

/// A program put beside a column's content (`--below 'secondary=xterm -into {}'`): which
/// column, on which side, and the command.
package struct PaneSplit: Hashable, Sendable {
    /// Where the program's pane goes, beside the column's content.
    package enum Side: String, CaseIterable, Hashable, Sendable {
        case above, below, before, after

        /// Stacked for above and below, side by side for before and after.
        var axis: StackSplitViewController.Axis {
            self == .above || self == .below ? .vertical : .horizontal
        }

        /// True when the program's pane comes first along the axis.
        var comesFirst: Bool { self == .above || self == .before }
    }

    package var column: SplitViewController.Column
    package var side: Side
    package var command: ProgramCommand

    package init(column: SplitViewController.Column, side: Side, command: ProgramCommand) {
        self.column = column
        self.side = side
        self.command = command
    }

    /// The share of the column the program's pane takes at first: a third.
    static let programFraction = 1.0 / 3

    /// The smallest thickness of the program's pane: 80 points, so a terminal keeps a few lines.
    static let programMinimum = 80.0

    /// `content` with the `splits` of its column put beside it, in the order given: each split
    /// on the same axis as the stack built so far joins it; one on the other axis wraps the
    /// whole in a new stack. Each program's pane takes a third at first, keeps 80 points, can
    /// collapse and holds its size over the content's; the content keeps the keys. Returns the
    /// content itself when there is no split, and the programs made.
    static func apply(_ splits: [PaneSplit], to content: ViewController) -> (ViewController, [ForeignContentViewController]) {
        var result = content
        var programs: [ForeignContentViewController] = []
        for split in splits {
            let program = ForeignContentViewController(command: split.command)
            programs.append(program)
            let item = SplitItem(viewController: program)
            item.preferredThicknessFraction = programFraction
            item.minimumThickness = programMinimum
            item.canCollapse = true
            // The program's pane holds its size a little more firmly than the content: a
            // resize goes to what is read (a terminal keeps its lines, as in an IDE).
            item.holdingPriority = SplitItem.defaultHoldingPriority + 1
            let stack: StackSplitViewController
            if let existing = result as? StackSplitViewController, existing.axis == split.side.axis, existing !== content {
                stack = existing
            } else {
                stack = StackSplitViewController(axis: split.side.axis, items: [SplitItem(viewController: result)])
                result = stack
            }
            if split.side.comesFirst { stack.insertSplitItem(item, at: 0) } else { stack.addSplitItem(item) }
            // The keys start in the content, wherever the program's pane went.
            if let index = stack.splitItems.firstIndex(where: { !($0.viewController is ForeignContentViewController) }) {
                stack.focusLeaf(at: [index])
            }
        }
        return (result, programs)
    }
}
