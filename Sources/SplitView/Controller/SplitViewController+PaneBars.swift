/// Each leaf of a stack split (a pane of a split) has a thin bar of its own at its top, as
/// Tilix, Terminator and VS Code give their panes: its title, the mark of the pane with the
/// keys, a close button, its menu on a right click, and a handle to drag the pane elsewhere.
///
/// Decided (UIKit has no panes of panes):
/// - Only leaves of a ``StackSplitViewController`` have one; a column's own content in no
///   stack has the column's navigation bar. The leaf's content lies below the bar (a hosted
///   program's window too: ``placement(of:)``).
/// - A press on the bar gives its pane the keys; a release on the close button it was pressed
///   on closes the pane (``closePane(_:)``); a column's last pane has no close button. A
///   double click on the bar zooms the pane, or unzooms it (``zoomedPane``), as a title bar's
///   double click maximizes a window.
/// - A right click on the bar gives the pane the keys and opens its menu: Split Right, Split
///   Down, Zoom (Unzoom while zoomed), Equalize Panes, Close Pane, then the app's
///   (``paneMenuItems``).
/// - Past ``paneDragThreshold`` from the press the pane is dragged: over another pane that
///   shows (a leaf, or a column's own content below its bar) the zone under the pointer
///   (`PaneTreeRules/dropZone(at:in:)`: the nearest edge's half, the middle half of both axes
///   the centre) is the target (``paneDropTarget``), and the release moves the pane there
///   (``movePane(_:onto:zone:)``: a half splits the pane there, the centre swaps the two).
///   Escape, a release over no pane, over the dragged pane itself or where the pane cannot go
///   (a column's last pane splits nothing), the menu opening, and the window collapsing or
///   expanding cancel it. While it runs no hosted program has the keys, so that Escape reaches the
///   split view.
extension SplitViewController {
    /// How far (points, along either axis) the pointer travels from a press on a pane's bar
    /// before the pane is dragged: a click that moves less is a click.
    public static let paneDragThreshold = 6.0

    /// Where a dragged pane would land if the button went up now: the pane under the pointer,
    /// the zone of it, and the rectangle to highlight (in window coordinates): the half the
    /// moved pane would take, the whole pane for the centre (a swap).
    public struct PaneDropTarget {
        /// The pane the dragged one would be dropped on.
        public var pane: ViewController
        /// The part of it under the pointer.
        public var zone: PaneDropZone
        /// What to highlight, in window coordinates.
        public var frame: Rect
    }

    /// A leaf's bar as the pointer meets it: the pane, its leaf, the bar and its close button
    /// (nil when the pane cannot close) in window coordinates.
    struct PaneBarHit {
        var pane: ViewController
        var leaf: Leaf
        var bar: Rect
        var closeButton: Rect?
    }

    // MARK: - Reading

    /// The bar of `pane` (a leaf of a stack split that shows), in window coordinates; nil for
    /// a pane that has none (a column's own content in no stack) or does not show.
    public func paneBarFrame(of pane: ViewController) -> Rect? {
        paneBars().first { $0.pane === pane }?.bar
    }

    /// The close button of `pane`'s bar, in window coordinates; nil when it has no bar or
    /// cannot close (its column's last pane).
    public func paneCloseButtonFrame(of pane: ViewController) -> Rect? {
        paneBars().first { $0.pane === pane }?.closeButton
    }

    /// The pane being dragged by its bar, once the pointer travelled past
    /// ``paneDragThreshold``; nil otherwise.
    public var draggedPane: ViewController? {
        guard let drag = pointer.paneDrag, drag.began else { return nil }
        return pane(holding: drag.pane)
    }

    /// Where the dragged pane would land now (``draggedPane``); nil while no pane is dragged,
    /// or the pointer is over no pane, over the dragged pane, or where it cannot go. The host
    /// shows ``PaneDropTarget/frame`` above everything, hosted programs included.
    public var paneDropTarget: PaneDropTarget? {
        guard let drag = pointer.paneDrag, drag.began, let target = drag.target,
            let shown = visiblePanes.first(where: { ObjectIdentifier($0.pane) == target.pane })
        else { return nil }
        return PaneDropTarget(pane: shown.pane, zone: target.zone, frame: PaneBar.dropHighlight(target.zone, in: shown.frame))
    }

    /// Every bar that shows, in undimmed columns, in window coordinates.
    func paneBars() -> [PaneBarHit] {
        var result: [PaneBarHit] = []
        for placement in layout.columns where !placement.isDimmed {
            let origin = placement.frame.origin
            let several = leafCount(in: placement.column) >= 2
            for (leaf, frame) in leaves(in: placement.column) {
                guard let vc = viewController(of: leaf) else { continue }
                let closes = several && delegateLetsClose(vc)
                let bar = StackGeometry.barFrame(ofLeaf: frame).offsetBy(origin)
                guard bar.width > 0, bar.height > 0 else { continue }
                result.append(
                    PaneBarHit(pane: vc, leaf: leaf, bar: bar, closeButton: closes ? PaneBar.closeButtonFrame(in: bar) : nil))
            }
        }
        return result
    }

    /// The bar under `point` (window coordinates), in the topmost column there; nil over a
    /// stack divider's grab area, which is the divider's.
    func paneBar(at point: Point) -> PaneBarHit? {
        guard let placement = layout.columns.last(where: { $0.frame.contains(point) }), !placement.isDimmed else { return nil }
        let local = Point(x: point.x - placement.frame.minX, y: point.y - placement.frame.minY)
        if stackDividers(in: placement.column).contains(where: { $0.grabRect.contains(local) }) { return nil }
        return paneBars().first { $0.leaf.column == placement.column && $0.bar.contains(point) }
    }

    /// The bar `leaf` draws, of `width`, in the leaf's coordinates.
    func paneBar(for leaf: Leaf, viewController vc: ViewController, width: Double, isFocused: Bool) -> PaneBar {
        var closePressed = false
        var dragged = false
        switch pointer.activity {
        case .pressingPaneClose(let id): closePressed = id == ObjectIdentifier(vc)
        case .draggingPane(let drag): dragged = drag.began && drag.pane == ObjectIdentifier(vc)
        default: break
        }
        return PaneBar(
            width: width, title: vc.barTitle, hasCloseButton: leafCount(in: leaf.column) >= 2 && delegateLetsClose(vc),
            isMarked: isFocused,
            isClosePressed: closePressed, isDragged: dragged)
    }

    /// True when ``closePane(_:)`` would close `pane`: a leaf of a stack that is not its
    /// column's last pane, and that the delegate lets close.
    func canClosePane(_ pane: ViewController) -> Bool {
        slot(of: pane).map { $0.stack != nil && leafCount(in: $0.column) >= 2 } ?? false && delegateLetsClose(pane)
    }

    /// Decided: a pane the delegate keeps (``SplitViewControllerDelegate/splitViewController(_:canClosePane:)``)
    /// has no close button, in its bar or for a screen reader: a button that could only refuse
    /// is not offered. Ctrl+Shift+W still says why it did nothing.
    func delegateLetsClose(_ pane: ViewController) -> Bool {
        delegate?.splitViewController(self, canClosePane: pane) ?? true
    }

    // MARK: - Pointer

    /// The main button went down on `hit`'s bar at `point`: the pane gets the keys; on the
    /// close button the press closes it on release, elsewhere it may become a drag.
    func pressPaneBar(_ hit: PaneBarHit, at point: Point) {
        focusPane(hit.pane)
        if let close = hit.closeButton, close.contains(point) {
            pointer.pressPaneClose(ObjectIdentifier(hit.pane))
        } else {
            pointer.dragPane(PaneDrag(pane: ObjectIdentifier(hit.pane), start: point))
        }
    }

    /// The pointer moved while a pane's bar is held: past the threshold the drag begins, and
    /// the target under the pointer is found again.
    func movePaneDrag(_ drag: PaneDrag, to point: Point) {
        var drag = drag
        guard drag.follow(to: point, threshold: Self.paneDragThreshold) else { return }
        drag.hover(over: dropTarget(for: drag.pane, at: point))
        pointer.dragPane(drag)
    }

    /// The target a drag of the pane `id` has at `point`: the pane that shows there (not the
    /// dragged one) and the zone under the pointer, when the move can happen. None once the
    /// dragged pane no longer shows (collapsed, its column hidden during the drag).
    private func dropTarget(for id: ObjectIdentifier, at point: Point) -> PaneDrag.Target? {
        let panes = visiblePanes
        guard let dragged = pane(holding: id), let slot = slot(of: dragged), panes.contains(where: { $0.pane === dragged }),
            let under = panes.last(where: { $0.frame.contains(point) }), under.pane !== dragged
        else { return nil }
        let zone = PaneTreeRules.dropZone(at: point, in: under.frame)
        // A column's last pane may swap, never leave its column.
        guard zone == .center || (slot.stack != nil && leafCount(in: slot.column) >= 2) else { return nil }
        return PaneDrag.Target(pane: ObjectIdentifier(under.pane), zone: zone)
    }

    /// The button went up on a pane's bar: a drag over a target moves the pane there; a press
    /// that never became a drag was a click (the pane already has the keys).
    func endPaneDrag(_ drag: PaneDrag, at point: Point) {
        guard drag.began, let pane = pane(holding: drag.pane), let target = dropTarget(for: drag.pane, at: point),
            let onto = self.pane(holding: target.pane)
        else { return }
        movePane(pane, onto: onto, zone: target.zone)
    }

    /// The button went up after a press on a bar's close button: the pane closes when the
    /// release is on that button still.
    func releasePaneClose(_ id: ObjectIdentifier, at point: Point) {
        guard let pane = pane(holding: id), let close = paneCloseButtonFrame(of: pane), close.contains(point) else { return }
        closePane(pane)
    }

    /// Ends a pane drag without moving anything (Escape, the menu, the window collapsing or
    /// expanding). The bars' state is part of their leaves' keys: they draw again by themselves.
    func cancelPaneDrag() {
        pointer.cancelPaneDrag()
    }

    /// A double click on a pane's bar (not its close button) zooms the pane, or unzooms it.
    func doubleClickPaneBar(_ hit: PaneBarHit, at point: Point) {
        cancelPaneDrag()
        pointer.consumePress()
        if let close = hit.closeButton, close.contains(point) { return }
        zoomedPane = zoomedPane === hit.pane ? nil : hit.pane
    }

    // MARK: - Menu

    /// The items of `pane`'s menu: the split view's pane commands, then the app's
    /// (``paneMenuItems``) after a separator. They act on the pane with the keys, which the
    /// menu's pane is while it is open.
    func paneMenuItems(for pane: ViewController) -> [MenuItem] {
        let splits = delegate != nil
        let closes = canClosePane(pane)
        var items = [
            MenuItem(title: String(translated: "Split Right"), shortcut: "", command: .splitRight, isEnabled: splits),
            MenuItem(title: String(translated: "Split Down"), shortcut: "", command: .splitDown, isEnabled: splits),
            MenuItem(
                title: zoomedPane === pane ? String(translated: "Unzoom") : String(translated: "Zoom"), shortcut: "",
                command: .zoomPane, startsGroup: true),
            MenuItem(title: String(translated: "Equalize Panes"), shortcut: "", command: .equalizePanes),
            MenuItem(
                title: String(translated: "Close Pane"), shortcut: "", command: .closePane, isEnabled: closes,
                startsGroup: true),
        ]
        for (index, item) in (paneMenuItems?(pane) ?? []).enumerated() {
            var item = item
            item.startsGroup = item.startsGroup || index == 0
            items.append(item)
        }
        return items
    }

    /// A right click on `hit`'s bar at `point`: the pane gets the keys and its menu opens
    /// there.
    func openPaneMenu(_ hit: PaneBarHit, at point: Point) {
        focusPane(hit.pane)
        cancelPaneDrag()
        openMenu(at: point, contextItems: paneMenuItems(for: hit.pane))
    }
}
