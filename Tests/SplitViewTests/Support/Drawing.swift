@testable import SplitView

extension SplitViewController {
    /// What the window shows for `column`: the layout pass, then the display list, as the host
    /// does once per batch (``layoutPanes()`` before it draws). The tests that check that
    /// drawing is a read call the two apart.
    func laidOutDisplayList(for column: Column) -> DisplayList? {
        layoutPanes()
        return displayList(for: column)
    }
}
