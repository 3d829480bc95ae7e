/// A list as an outline: rows indented by their level, and Right and Left to expand,
/// collapse or step between a row and its children.
extension ListViewController {
    /// The width of one outline level, in points (``ListMetrics/indentationWidth``).
    public static let indentationWidth = ListMetrics.indentationWidth

    /// How far a row `indentation` levels deep is indented in a list `width` points wide: one
    /// ``indentationWidth`` per level, but never so far that less than
    /// ``ListMetrics/titleRoom`` is left for the triangle and the title. Deeper levels line up
    /// at that limit, so a folder hundreds of levels down still shows its name instead of an
    /// empty highlight. (UIKit is silent; AppKit's outline indents past the edge.)
    public static func indent(_ indentation: Int, width: Double) -> Double {
        min(Double(max(0, indentation)) * indentationWidth, max(0, width - ListMetrics.titleRoom))
    }

    /// Right and Left in an outline (GTK's and Finder's rule): Right expands a collapsed row
    /// or steps to the first child of an expanded one; Left collapses an expanded row or steps
    /// to the parent. In a flat list they do nothing, so the split view may use them.
    func disclose(expanding: Bool, in bounds: Rect) -> Bool {
        guard let index = selectedIndex, index < rowCount else { return false }
        let row = item(at: index)
        switch (expanding, row.disclosure) {
        case (true, .collapsed?): onDisclosure?(index, true)
        case (false, .expanded?): onDisclosure?(index, false)
        case (true, .expanded?):
            guard index + 1 < rowCount, item(at: index + 1).indentation > row.indentation,
                position(ofRow: index + 1) != nil
            else { return true }
            selectRow(index + 1, in: bounds)
        case (false, _):
            guard row.indentation > 0,
                let parent = (0..<index).reversed().first(where: { item(at: $0).indentation < row.indentation }),
                position(ofRow: parent) != nil
            else { return row.disclosure != nil }
            selectRow(parent, in: bounds)
        default: return false
        }
        return true
    }
}
