/// Where everything is: the value the host applies to its windows after each input.
///
/// Frames are in points, in window coordinates. Columns come bottom to top: the host stacks
/// their windows in this order, so overlaid columns lie above the secondary. A column that is
/// not showing has no placement. Reading `layout` never recomputes it.
public struct Layout: Hashable, Sendable {
    /// The window's size.
    public var size: Size
    /// The showing columns, bottom to top.
    public var columns: [ColumnPlacement]
    /// The dividers between tiled or overlaid columns, in order from the primary edge.
    public var dividers: [Divider]
    /// The navigation-bar buttons the controller manages.
    public var buttons: [BarButton]

    /// Creates a layout.
    public init(size: Size, columns: [ColumnPlacement] = [], dividers: [Divider] = [], buttons: [BarButton] = []) {
        self.size = size
        self.columns = columns
        self.dividers = dividers
        self.buttons = buttons
    }

    /// An empty layout of the given size.
    public static func empty(_ size: Size) -> Layout { Layout(size: size) }

    /// The column's frame, or `nil` when it is not showing.
    public func frame(of column: SplitViewController.Column) -> Rect? {
        placement(of: column)?.frame
    }

    /// The column's placement, or `nil` when it is not showing.
    public func placement(of column: SplitViewController.Column) -> ColumnPlacement? {
        columns.first { $0.column == column }
    }

    /// The divider named by `column` (whose far edge it sits on), or `nil`.
    public func divider(of column: SplitViewController.Column) -> Divider? {
        dividers.first { $0.column == column }
    }

    /// The buttons drawn in `column`'s navigation bar, leading first.
    public func buttons(in column: SplitViewController.Column) -> [BarButton] {
        buttons.filter { $0.column == column }
    }

    /// The button of the given kind, or `nil`.
    public func button(_ kind: BarButton.Kind) -> BarButton? {
        buttons.first { $0.kind == kind }
    }
}

/// How and where one column shows.
public struct ColumnPlacement: Hashable, Sendable {
    /// How a column relates to the others.
    public enum Presentation: Hashable, Sendable {
        /// Side by side with its neighbours.
        case tiled
        /// Lying over the secondary (`oneOverSecondary`, `twoOverSecondary`, or an inspector
        /// too wide to tile); it casts a shadow on what is below.
        case overlay
        /// The secondary pushed partly past the far edge (`twoDisplaceSecondary`).
        case displaced
        /// The inspector as a sheet over the collapsed interface.
        case sheet
        /// The top of the collapsed navigation stack, filling the window.
        case collapsed
    }

    /// The column.
    public var column: SplitViewController.Column
    /// Its frame in window coordinates; it may reach past the window's edges while
    /// displaced or sliding.
    public var frame: Rect
    /// How it shows.
    public var presentation: Presentation
    /// True when a veil dims it and pointer input only dismisses what lies over it.
    public var isDimmed: Bool

    /// Creates a placement.
    public init(column: SplitViewController.Column, frame: Rect, presentation: Presentation, isDimmed: Bool = false) {
        self.column = column
        self.frame = frame
        self.presentation = presentation
        self.isDimmed = isDimmed
    }
}

/// A divider: a 1-pt line the user drags to resize the column beside it.
public struct Divider: Hashable, Sendable {
    /// The column whose far edge (away from the primary edge) the divider sits on; the host
    /// names the divider's window `divider-<column>`.
    public var column: SplitViewController.Column
    /// The column whose width the divider changes: `column` itself, except for the divider
    /// between the secondary and the inspector, which resizes the inspector.
    public var resizes: SplitViewController.Column
    /// The line as drawn, 1 pt wide.
    public var drawnRect: Rect
    /// The area that starts a drag: the line and 6 pt more on each side.
    public var grabRect: Rect
    /// The widths the resized column may take by dragging this divider, from the min/max sums
    /// on both sides.
    public var range: ClosedRange<Double>
    /// True while the divider has the keyboard focus (F8).
    public var isFocused: Bool
    /// True while a pointer drag or keyboard move is in progress.
    public var isActive: Bool

    /// Creates a divider.
    public init(
        column: SplitViewController.Column, resizes: SplitViewController.Column, drawnRect: Rect,
        grabRect: Rect, range: ClosedRange<Double>, isFocused: Bool = false, isActive: Bool = false
    ) {
        self.column = column
        self.resizes = resizes
        self.drawnRect = drawnRect
        self.grabRect = grabRect
        self.range = range
        self.isFocused = isFocused
        self.isActive = isActive
    }

    /// The window name the host gives the divider: `divider-primary`, …
    public var name: String { "divider-\(column.name)" }
}
