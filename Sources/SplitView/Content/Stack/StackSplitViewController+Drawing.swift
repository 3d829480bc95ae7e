/// A stack's drawing: its dividers.
extension StackSplitViewController {
    /// The dividers (the items are leaves the host draws in panes of their own), nested
    /// stacks' too: a thin line, a thick bar, or a pane splitter with its grip; the one being
    /// dragged or moved with the keys in the accent.
    func dividerOps(in context: DrawContext) -> [DrawOp] {
        let geometry = geometry(in: context.bounds)
        var ops: [DrawOp] = []
        for divider in geometry.dividers {
            let dragged = drag?.after == divider.after || focusedDivider == divider.after
            let color = dragged ? context.theme.accent : context.theme.divider
            switch dividerStyle {
            case .thin:
                ops.append(.fill(divider.line, color))
            case .thick:
                ops.append(.fill(divider.line, context.theme.sidebarBackground))
                if dragged { ops.append(.fill(divider.line, color)) }
            case .paneSplitter:
                ops.append(.fill(divider.line, context.theme.sidebarBackground))
                ops += edges(of: divider.line, color: context.theme.divider)
                ops.append(.fill(grip(in: divider.line), color))
            }
        }
        for (index, item) in splitItems.enumerated() {
            guard let nested = item.viewController as? StackSplitViewController, let frame = geometry.frames[index] else {
                continue
            }
            ops += nested.dividerOps(in: itemContext(context, frame: frame, index: index))
        }
        return ops
    }

    /// The two 1-pt lines along a pane splitter's sides.
    private func edges(of line: Rect, color: Color) -> [DrawOp] {
        axis == .horizontal
            ? [
                .fill(Rect(x: line.minX, y: line.minY, width: 1, height: line.height), color),
                .fill(Rect(x: line.maxX - 1, y: line.minY, width: 1, height: line.height), color),
            ]
            : [
                .fill(Rect(x: line.minX, y: line.minY, width: line.width, height: 1), color),
                .fill(Rect(x: line.minX, y: line.maxY - 1, width: line.width, height: 1), color),
            ]
    }

    /// A pane splitter's grip: a short bar in the middle of the divider.
    private func grip(in line: Rect) -> Rect {
        axis == .horizontal
            ? Rect(x: line.midX - 1, y: line.midY - 12, width: 2, height: 24)
            : Rect(x: line.midX - 12, y: line.midY - 1, width: 24, height: 2)
    }
}
