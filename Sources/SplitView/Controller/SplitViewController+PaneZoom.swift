/// A pane zoomed over the whole content area of its window (``SplitViewController/zoomedPane``),
/// and put back; the zoom kept in a saved state. The decisions are those of run-time panes
/// (`SplitViewController+Panes.swift`).
extension SplitViewController {
    func setZoomedPane(_ pane: ViewController?) {
        guard isMounted else { return focus.zoomBeforeLayout(pane.map(ObjectIdentifier.init)) }
        guard let pane else { return unzoom() }
        // Collapsed, only the column that fills the window zooms: a zoom of the inspector
        // beside it would leave the window without its collapsed column.
        guard let slot = slot(of: pane), let placement = settledLayout.placement(of: slot.column), zoomedPane !== pane,
            !isCollapsed || placement.presentation == .collapsed
        else { return }
        unzoom()
        finishTransition()
        finishPaneAnimations()
        // A pane that was collapsing (its bar still showed) is gone once that ends.
        guard visiblePanes.contains(where: { $0.pane === pane }) else { return }
        focusPane(pane)
        let hidden = visiblePanes.filter { $0.column == slot.column && $0.pane !== pane }.map(\.pane)
        focus.setZoom(PaneZoom(column: slot.column, pane: ObjectIdentifier(pane)))
        relayout(.programmatic, animated: false)
        for vc in hidden {
            vc.viewWillDisappear(false)
            vc.viewDidDisappear(false)
        }
    }

    /// Zooms the pane set before the first layout, if it is still a leaf of a column.
    func zoomAfterFirstLayout() {
        guard let id = focus.zoomAfterLayout else { return }
        focus.zoomBeforeLayout(nil)
        if let pane = pane(holding: id) { setZoomedPane(pane) }
    }

    /// The zoomed pane as a saved state names it: its column, and its path from the column's
    /// stack (empty: the column's own content).
    var zoomedPaneReference: SplitViewState.PaneReference? {
        guard let pane = zoomedPane, let slot = slot(of: pane) else { return nil }
        guard let top = stackSplitViewController(in: slot.column) else {
            return SplitViewState.PaneReference(column: slot.column, path: [])
        }
        return leafPath(of: pane, in: top).map { SplitViewState.PaneReference(column: slot.column, path: $0) }
    }

    /// The leaf a saved state's reference names, if the tree has it.
    func pane(at reference: SplitViewState.PaneReference) -> ViewController? {
        guard let top = children.wrapped[reference.column]?.topViewController else { return nil }
        guard let stack = top as? StackSplitViewController else { return reference.path.isEmpty ? top : nil }
        guard !reference.path.isEmpty, let vc = stack.viewController(at: reference.path), !(vc is StackSplitViewController)
        else { return nil }
        return vc
    }

    /// Ends the zoom, if any: every pane shows again where it was.
    func unzoom() {
        guard let zoom = focus.zoom else { return }
        let before = Set(visiblePanes.map { ObjectIdentifier($0.pane) })
        focus.setZoom(nil)
        guard isMounted else { return }
        relayout(.programmatic, animated: false)
        guard children.wrapped[zoom.column]?.topViewController?.isViewVisible ?? false else { return }
        for (vc, column, _) in visiblePanes where column == zoom.column && !before.contains(ObjectIdentifier(vc)) {
            vc.viewWillAppear(false)
            vc.viewDidAppear(false)
        }
    }

    /// The layout a zoom shows: the zoomed pane's column alone, over the whole window; the
    /// layout as it is when no zoom applies (the zoomed pane's column does not show in it, or
    /// the pane left the columns).
    func zoomed(_ layout: Layout) -> Layout {
        guard let zoom = focus.zoom, let placement = layout.placement(of: zoom.column), pane(holding: zoom.pane) != nil else {
            return layout
        }
        var result = layout
        let presentation: ColumnPlacement.Presentation = placement.presentation == .collapsed ? .collapsed : .tiled
        result.columns = [
            ColumnPlacement(column: zoom.column, frame: Rect(origin: .zero, size: layout.size), presentation: presentation)
        ]
        result.dividers = []
        return result
    }
}
