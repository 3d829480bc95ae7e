/// One command of the View menu, as it reads now.
public struct MenuItem: Hashable, Sendable {
    /// The label: "Hide Sidebar", "Secondary Only", …
    public var title: String
    /// The key the live key table binds to the command ("Ctrl+1", "Shift+F9"), or empty.
    public var shortcut: String
    /// What choosing the item performs.
    public var command: Command
    /// True for a setting that is on (Secondary Only while the secondary shows alone).
    public var isChecked: Bool
    /// False when the command would do nothing now; the item is drawn faint and skipped.
    public var isEnabled: Bool
    /// True when a separator line comes before the item.
    public var startsGroup: Bool

    /// Creates an item.
    public init(
        title: String, shortcut: String, command: Command, isChecked: Bool = false, isEnabled: Bool = true,
        startsGroup: Bool = false
    ) {
        self.title = title
        self.shortcut = shortcut
        self.command = command
        self.isChecked = isChecked
        self.isEnabled = isEnabled
        self.startsGroup = startsGroup
    }
}

/// A pane's own menu for what is under the pointer or selected: its items, and where its
/// top-left corner goes, in the pane's content coordinates (as ``DrawContext/bounds``).
///
/// Mirrors `UIContextMenuConfiguration`, given by ``ViewController/contextMenu(at:in:)``; the
/// split view shows it as it shows the View menu (same keys, same drawing), at that corner.
public struct ContextMenu: Hashable, Sendable {
    /// The items, top first; a shortcut left empty is filled from the live key table.
    public var items: [MenuItem]
    /// The corner, in content coordinates.
    public var anchor: Point

    /// Creates a context menu.
    public init(items: [MenuItem], anchor: Point) {
        self.items = items
        self.anchor = anchor
    }
}

/// The View menu while it is open: where it is, what it offers, which item is highlighted.
///
/// The HIG asks for "multiple ways to reveal hidden panes … a toolbar button or a menu command
/// — including a keyboard shortcut": F10, a right click on a navigation bar, or an item
/// performing ``Command/showMenu`` opens it; Up, Down, type-ahead and Return, or the pointer,
/// choose; Escape or a click elsewhere closes it. The host shows it above the panes, drawn
/// from ``SplitViewController/menuDisplayList()``.
public struct Menu: Hashable, Sendable {
    /// The menu's frame in the window, in points.
    public var frame: Rect
    /// The items, top first.
    public var items: [MenuItem]
    /// The highlighted item's index, or `nil`.
    public var highlighted: Int?

    /// Creates a menu.
    public init(frame: Rect, items: [MenuItem], highlighted: Int?) {
        self.frame = frame
        self.items = items
        self.highlighted = highlighted
    }
}

/// The menu's drawing numbers, in points.
public enum MenuMetrics {
    /// One item's height.
    public static let rowHeight: Double = 26
    /// Above the first item and below the last.
    public static let padding: Double = 4
    /// From the menu's edge to the check mark, and from the shortcut to the far edge.
    public static let margin: Double = 10
    /// The room the check mark takes before the titles.
    public static let checkWidth: Double = 18
    /// Between the longest title and the longest shortcut.
    public static let shortcutGap: Double = 32
    /// The space a separator takes above its item.
    public static let separatorHeight: Double = 9
}
