/// A navigation-bar button managed by the controller: one of the split view's own, or a
/// ``BarButtonItem`` an app placed in a ``NavigationItem``.
public struct BarButton: Hashable, Sendable {
    /// Which side of the bar an app's item is on (``NavigationItem``'s two lists).
    public enum Side: Hashable, Sendable {
        /// `leftBarButtonItems`: the primary-edge side, after the split view's own buttons.
        case left
        /// `rightBarButtonItems`: the far side.
        case right
    }

    /// Which button.
    public enum Kind: Hashable, Sendable {
        /// The display-mode (sidebar) button.
        case displayMode
        /// The secondary-only (double-arrow) button of a triple-column interface.
        case secondaryOnly
        /// The back button of the collapsed stack or of a column's navigation stack.
        case back
        /// An app's bar button item: the `index`th of the column's top controller's items on
        /// `side`.
        case item(side: Side, index: Int)
        /// The close button of the inspector's sheet while collapsed: it hides the inspector.
        case closeInspector
    }

    /// The glyph drawn on a button.
    public enum Icon: Hashable, Sendable {
        /// A window with a sidebar: the display-mode button under `.tile`.
        case sidebar
        /// A chevron pointing to the primary edge: the display-mode button under `.overlay`
        /// and `.displace`, and every back button.
        case backChevron
        /// Two arrows pointing apart: the secondary-only button, entering secondary-only.
        case expandArrows
        /// Two arrows pointing together: the secondary-only button, leaving secondary-only.
        case collapseArrows
        /// Four arrows to the corners: the classic button whose target hides the primary.
        case fullScreen
        /// A window with a panel on its far side.
        case inspector
        /// A plus.
        case add
        /// Three dots.
        case more
        /// A cross.
        case close
        /// No glyph: a text button.
        case none
    }

    /// Which button.
    public var kind: Kind
    /// The glyph.
    public var icon: Icon
    /// The column whose navigation bar holds the button.
    public var column: SplitViewController.Column
    /// The button's frame in window coordinates.
    public var frame: Rect
    /// A short label: the back button's (the previous level's title), or an item's.
    public var title: String
    /// What the button does, in the View menu's words ("Hide Sidebar", "Show Files",
    /// "Hide Inspector", "File Only"), for a tooltip or a screen reader; the back button's is
    /// "Back", an app's titled item's its title.
    ///
    /// Mirrors `UIAccessibility.accessibilityLabel`.
    public var accessibilityLabel: String
    /// False for an app's item that is disabled: drawn faint, and the pointer passes over it.
    public var isEnabled: Bool
    /// True while the pointer is over the button.
    public var isHovered: Bool
    /// True while the button is held down with the pointer inside.
    public var isPressed: Bool

    /// Creates a button.
    public init(
        kind: Kind, icon: Icon, column: SplitViewController.Column, frame: Rect, title: String = "",
        accessibilityLabel: String = "", isEnabled: Bool = true, isHovered: Bool = false, isPressed: Bool = false
    ) {
        self.accessibilityLabel = accessibilityLabel
        self.isEnabled = isEnabled
        self.kind = kind
        self.icon = icon
        self.column = column
        self.frame = frame
        self.title = title
        self.isHovered = isHovered
        self.isPressed = isPressed
    }
}

extension BarButton {
    /// True for an app's right item: it sits on the far side of the bar from the primary edge.
    public var isOnFarSide: Bool {
        if case .item(.right, _) = kind { true } else { false }
    }
}
