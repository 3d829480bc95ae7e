/// A navigation-bar button managed by the controller.
public struct BarButton: Hashable, Sendable {
    /// Which button.
    public enum Kind: Hashable, Sendable {
        /// The display-mode (sidebar) button.
        case displayMode
        /// The secondary-only (double-arrow) button of a triple-column interface.
        case secondaryOnly
        /// The back button of the collapsed stack or of a column's navigation stack.
        case back
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
    }

    /// Which button.
    public var kind: Kind
    /// The glyph.
    public var icon: Icon
    /// The column whose navigation bar holds the button.
    public var column: SplitViewController.Column
    /// The button's frame in window coordinates.
    public var frame: Rect
    /// A short label for the back button (the previous level's title); empty otherwise.
    public var title: String
    /// True while the pointer is over the button.
    public var isHovered: Bool
    /// True while the button is held down with the pointer inside.
    public var isPressed: Bool

    /// Creates a button.
    public init(
        kind: Kind, icon: Icon, column: SplitViewController.Column, frame: Rect, title: String = "",
        isHovered: Bool = false, isPressed: Bool = false
    ) {
        self.kind = kind
        self.icon = icon
        self.column = column
        self.frame = frame
        self.title = title
        self.isHovered = isHovered
        self.isPressed = isPressed
    }
}
