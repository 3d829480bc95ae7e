import CX11
import SplitView

/// The pointer shape a pressed button's grab shows, chosen from the core's state rather
/// than from the X window that was pressed: whatever starts a divider drag (its grab area, a
/// press the controller takes as one), the shape follows.
public enum GrabCursor: Hashable, Sendable {
    /// The grab shows no cursor of its own: the window's.
    case none
    /// A divider is dragged: the horizontal-resize double arrow.
    case resize
    /// A divider between stacked panes is dragged: the vertical-resize double arrow.
    case verticalResize
    /// An item is dragged between panes, or a pane by its bar: the four-way move arrow
    /// (outside the window too, over a program that moves it).
    case move
    /// An item dragged out of the window, over a program that copies it: a plus.
    case copy
    /// An item dragged out of the window, over nothing that takes it: a circle.
    case noDrop

    /// The shape for a controller's `layout` (a divider marked active is being dragged or
    /// moved), its `dragSession` (an item dragged between panes), the axis of the stack
    /// split whose divider is dragged, if one is (`SplitViewController.draggedStackDividerAxis`),
    /// and whether a pane is dragged by its bar (`SplitViewController.draggedPane`): the move
    /// arrow too. A drag wins, since a divider cannot be dragged at the same time.
    public init(
        layout: Layout, dragSession: DragSession?, stackDivider: StackSplitViewController.Axis? = nil,
        movesPane: Bool = false
    ) {
        if dragSession != nil || movesPane {
            self = .move
        } else if layout.dividers.contains(where: \.isActive) {
            self = .resize
        } else if let axis = stackDivider {
            self = axis == .horizontal ? .resize : .verticalResize
        } else {
            self = .none
        }
    }
}

/// The pointer shapes the windows use (arrow, resize, move), created once per connection.
public struct Cursors {
    /// The arrow, for the top-level and so every pane (without it panes show the root's X).
    package let arrow: Cursor
    /// The horizontal-resize double arrow, over dividers and during a drag.
    package let horizontalResize: Cursor
    /// The four-way arrow of a move, while an item is dragged between panes.
    package let move: Cursor
    /// The vertical-resize double arrow, over the dividers between stacked panes.
    package let verticalResize: Cursor
    /// The plus of a copy, and the circle of no drop, outside the window.
    package let copy: Cursor
    package let noDrop: Cursor

    /// The cursor for a grab's shape, or `None` for ``GrabCursor/none``.
    package func cursor(for shape: GrabCursor) -> Cursor {
        switch shape {
        case .none: UInt(None)
        case .resize: horizontalResize
        case .verticalResize: verticalResize
        case .move: move
        case .copy: copy
        case .noDrop: noDrop
        }
    }

    /// Creates the cursors from the cursor font.
    public init(connection: X11Connection) {
        arrow = XCreateFontCursor(connection.display, UInt32(XC_left_ptr))
        horizontalResize = XCreateFontCursor(connection.display, UInt32(XC_sb_h_double_arrow))
        move = XCreateFontCursor(connection.display, UInt32(XC_fleur))
        verticalResize = XCreateFontCursor(connection.display, UInt32(XC_sb_v_double_arrow))
        copy = XCreateFontCursor(connection.display, UInt32(XC_plus))
        noDrop = XCreateFontCursor(connection.display, UInt32(XC_circle))
    }
}
