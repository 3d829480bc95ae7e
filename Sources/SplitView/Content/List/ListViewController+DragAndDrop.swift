/// The list's side of drag and drop: a row gives what it drags, a row (or the background)
/// takes a drop, from a pane of the window or from another program.
extension ListViewController {
    /// The item ``dragItemForRow`` gives for the row under `point`.
    func rowDragItem(at point: Point, in bounds: Rect) -> DragItem? {
        rowIndex(at: point, in: bounds).flatMap { dragItemForRow?($0) }
    }

    /// Highlights the row under `point` when ``canDropOnRow`` accepts `item` there.
    func rowDropProposal(_ item: DragItem, at point: Point, in bounds: Rect) -> Bool {
        let row = rowIndex(at: point, in: bounds)
        dropTargetRow = row.flatMap { (canDropOnRow?(item, $0) ?? false) ? $0 : nil }
        return dropTargetRow != nil
    }

    /// Stops highlighting the drop target.
    func rowDropExited() {
        dropTargetRow = nil
    }

    /// Gives `item` to ``onDropOnRow`` with the row under `point`, if that row accepts it.
    func rowPerformDrop(_ item: DragItem, at point: Point, in bounds: Rect) -> Bool {
        guard let row = rowIndex(at: point, in: bounds), canDropOnRow?(item, row) ?? false else { return false }
        dropTargetRow = nil
        onDropOnRow?(item, row)
        return true
    }

    /// Another program's drag over the row under `point` (or the background below the rows):
    /// the type ``externalDropTypeForRow`` takes there, and the row highlights. A row that
    /// takes nothing offers the background instead (a file's row: the folder shown), without
    /// a highlight, as GNOME Files does.
    func rowExternalDropType(for types: [String], at point: Point, in bounds: Rect) -> String? {
        let target = externalDropTarget(for: types, at: point, in: bounds)
        dropTargetRow = target?.row
        return target?.type
    }

    /// The row (nil: the background) under `point` that takes one of `types`, and that type.
    private func externalDropTarget(for types: [String], at point: Point, in bounds: Rect) -> (row: Int?, type: String)? {
        let row = rowIndex(at: point, in: bounds)
        if let type = externalDropTypeForRow?(types, row) { return (row, type) }
        guard row != nil, let type = externalDropTypeForRow?(types, nil) else { return nil }
        return (nil, type)
    }

    /// Gives another program's `offer` to ``onExternalDropOnRow`` with the row under `point`
    /// (nil: the background), if it takes that form there.
    func rowPerformExternalDrop(
        _ offer: SelectionOffer, operation: DropOperation, at point: Point, in bounds: Rect
    ) -> Bool {
        dropTargetRow = nil
        guard let target = externalDropTarget(for: [offer.target], at: point, in: bounds) else { return false }
        onExternalDropOnRow?(offer, operation, target.row)
        return true
    }

    /// A press within a multiple selection that did not become a drag: the row it landed on
    /// is selected alone, as a click selects it.
    func rowPointerUp(at point: Point, in bounds: Rect) {
        guard let index = pressedInSelection else { return }
        pressedInSelection = nil
        guard index < rowCount else { return }
        selectRow(index, in: bounds)
        onClick?(index)
    }
}
