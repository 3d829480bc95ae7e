import CX11
import SplitView

/// The leaves of a window's stack splits as X windows: each leaf pane a child window of its
/// column's window with its own pixmap and display list (``SplitViewController/leaves(in:)``),
/// and each stack divider an input-only child with the resize arrow of its axis.
///
/// A leaf that goes (its item collapsed, its column hidden) is unmapped, not destroyed: a
/// hosted program's socket may be inside it, and the program must not find its window
/// destroyed under it; the windows go with the top-level.
final class LeafPanes {
    /// A leaf's window and what it last drew.
    final class Pane {
        let window: Window
        var placed: PixelRect?
        var mapped = false
        var canvas: Canvas?
        var drawnKey: SplitViewController.LeafKey?
        /// Mapped, moved, or resized without keeping its pixels this turn: its window's pixels
        /// cannot be trusted, so it is copied whole.
        var moved = false
        /// Its bit gravity keeps its pixels on a resize (``PaneGravity``).
        var keepsPixels = false

        init(window: Window) { self.window = window }
    }

    let connection: X11Connection
    let fonts: FontSet
    private(set) var panes: [SplitViewController.Leaf: Pane] = [:]
    /// The stack dividers' input-only windows, by their column, stack and item.
    private var dividers: [DividerID: (window: Window, placed: PixelRect?, mapped: Bool, axis: StackSplitViewController.Axis)] =
        [:]
    var cursors: Cursors?

    struct DividerID: Hashable {
        var column: SplitViewController.Column
        var stackPath: [Int]
        var after: Int
    }

    init(connection: X11Connection, fonts: FontSet) {
        self.connection = connection
        self.fonts = fonts
    }

    /// Places, maps and unmaps the leaves and stack dividers of every column to match the
    /// controller; `columnWindow` gives each showing column's window.
    func apply(_ controller: SplitViewController, columnWindow: (SplitViewController.Column) -> Window?) {
        let display = connection.display, scale = connection.scale
        var shown: Set<SplitViewController.Leaf> = []
        var shownDividers: Set<DividerID> = []
        for column in SplitViewController.Column.allCases {
            guard let parent = columnWindow(column) else { continue }
            for (leaf, frame) in controller.leaves(in: column) {
                let rect = scale.pixels(frame)
                guard !rect.isEmpty else { continue }
                shown.insert(leaf)
                let pane = pane(for: leaf, in: parent)
                if pane.placed != rect {
                    let keeps = PaneGravity.update(
                        pane.window, from: pane.placed, to: rect, shown: pane.mapped, current: &pane.keepsPixels, on: display)
                    XMoveResizeWindow(display, pane.window, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
                    pane.placed = rect
                    if !keeps { pane.moved = true }
                }
                if !pane.mapped {
                    XMapWindow(display, pane.window)
                    pane.mapped = true
                    pane.moved = true
                    pane.drawnKey = nil
                }
            }
            for divider in controller.stackDividers(in: column) {
                let id = DividerID(column: column, stackPath: divider.stackPath, after: divider.after)
                let rect = scale.pixels(divider.grabRect)
                guard !rect.isEmpty else { continue }
                shownDividers.insert(id)
                var entry = dividers[id] ?? (makeDivider(in: parent, axis: divider.axis), nil, false, divider.axis)
                if entry.axis != divider.axis {
                    entry.axis = divider.axis
                    if let cursors { XDefineCursor(display, entry.window, cursor(for: divider.axis, cursors)) }
                }
                if entry.placed != rect {
                    XMoveResizeWindow(
                        display, entry.window, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
                    entry.placed = rect
                }
                // Above the leaves: the grab area overlaps their edges.
                XRaiseWindow(display, entry.window)
                if !entry.mapped {
                    XMapWindow(display, entry.window)
                    entry.mapped = true
                }
                dividers[id] = entry
            }
        }
        for (leaf, pane) in panes where pane.mapped && !shown.contains(leaf) {
            XUnmapWindow(display, pane.window)
            pane.mapped = false
            pane.placed = nil
        }
        for (id, entry) in dividers where entry.mapped && !shownDividers.contains(id) {
            XUnmapWindow(display, entry.window)
            dividers[id]?.mapped = false
            dividers[id]?.placed = nil
        }
    }

    /// Draws the leaves whose key changed, and copies what changed to their windows; a leaf
    /// that moved (or whose column's window did, `movedColumns`) is copied again whole, so
    /// that what the move uncovers is drawn in the frame's own requests (see
    /// `SplitWindow.redraw(presenting:)`).
    func redraw(_ controller: SplitViewController, presenting: Bool, movedColumns: Set<SplitViewController.Column> = []) {
        for (leaf, pane) in panes where pane.mapped {
            let moved = pane.moved || movedColumns.contains(leaf.column)
            pane.moved = false
            guard let rect = pane.placed, let key = controller.paneKey(forLeaf: leaf) else { continue }
            let size = PixelSize(width: rect.width, height: rect.height)
            guard pane.drawnKey != key || pane.canvas?.size != size, let list = controller.displayList(forLeaf: leaf) else {
                if moved && presenting, let canvas = pane.canvas, canvas.size == size { canvas.present() }
                continue
            }
            let canvas = pane.canvas ?? Canvas(connection: connection, window: pane.window, size: size, fonts: fonts)
            if canvas.size != size { canvas.resize(to: size) }
            pane.canvas = canvas
            let changes = canvas.draw(list)
            if presenting {
                if moved { canvas.present() } else { canvas.present(changes: changes) }
            }
            pane.drawnKey = key
        }
    }

    /// Every drawing is stale (the theme changed).
    func invalidate() {
        for pane in panes.values { pane.drawnKey = nil }
    }

    /// Gives the dividers their resize arrows (once the cursors exist).
    func define(_ cursors: Cursors) {
        self.cursors = cursors
        for entry in dividers.values { XDefineCursor(connection.display, entry.window, cursor(for: entry.axis, cursors)) }
    }

    /// The drawing of the leaf whose window is `child`, once it has one.
    func drawing(shownIn child: Window) -> Canvas? {
        panes.values.first(where: { $0.window == child })?.canvas
    }

    /// The column of `child` (a leaf or a stack divider) and where it starts inside that
    /// column's window, if it is one and placed.
    func origin(of child: Window) -> (column: SplitViewController.Column, point: PixelPoint)? {
        if let (leaf, pane) = panes.first(where: { $0.value.window == child }), let rect = pane.placed {
            return (leaf.column, PixelPoint(x: rect.x, y: rect.y))
        }
        if let (id, entry) = dividers.first(where: { $0.value.window == child }), let rect = entry.placed {
            return (id.column, PixelPoint(x: rect.x, y: rect.y))
        }
        return nil
    }

    /// The leaf window showing `leaf`, when it is mapped.
    func window(of leaf: SplitViewController.Leaf) -> Window? {
        panes[leaf].flatMap { $0.mapped ? $0.window : nil }
    }

    /// True when `child` is a leaf or a stack divider of this window.
    func owns(_ child: Window) -> Bool {
        panes.values.contains { $0.window == child } || dividers.values.contains { $0.window == child }
    }

    /// Frees the pixmaps (the windows go with the top-level).
    func destroy() {
        for pane in panes.values { pane.canvas = nil }
        panes.removeAll()
        dividers.removeAll()
    }

    private func pane(for leaf: SplitViewController.Leaf, in parent: Window) -> Pane {
        // A leaf's key holds its column, so a pane found is already in that column's window.
        if let pane = panes[leaf] { return pane }
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = UInt(None)
        attributes.bit_gravity = ForgetGravity  // until a resize keeps its corner: PaneGravity
        attributes.event_mask = Int(ExposureMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
        let window = XCreateWindow(
            connection.display, parent, 0, 0, 1, 1, 0, connection.depth, UInt32(InputOutput), connection.visual,
            UInt(CWBackPixmap | CWBitGravity | CWEventMask), &attributes)
        WindowProperties.setName(
            window, on: connection, name: "leaf-\(leaf.column.name)-" + leaf.path.map(String.init).joined(separator: "."))
        let pane = Pane(window: window)
        panes[leaf] = pane
        return pane
    }

    private func makeDivider(in parent: Window, axis: StackSplitViewController.Axis) -> Window {
        var attributes = XSetWindowAttributes()
        attributes.event_mask = Int(ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
        let window = XCreateWindow(
            connection.display, parent, 0, 0, 1, 1, 0, 0, UInt32(InputOnly), nil, UInt(CWEventMask), &attributes)
        WindowProperties.setName(window, on: connection, name: "stack-divider")
        if let cursors { XDefineCursor(connection.display, window, cursor(for: axis, cursors)) }
        return window
    }

    private func cursor(for axis: StackSplitViewController.Axis, _ cursors: Cursors) -> Cursor {
        axis == .horizontal ? cursors.horizontalResize : cursors.verticalResize
    }
}
