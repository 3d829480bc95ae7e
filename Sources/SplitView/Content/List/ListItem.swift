/// One row of a ``ListViewController``.
public struct ListItem: Hashable, Sendable {
    /// The main text.
    public var title: String
    /// A quieter second line, or `nil` for a one-line row.
    public var subtitle: String?
    /// How deep the row sits in an outline: 0 at the top, each level indented 16 pt.
    public var indentation: Int
    /// The row's disclosure triangle in an outline, or `nil` for a row without children.
    public var disclosure: Disclosure?
    /// A highlight other than the selection: a drop target while a drag hovers over it.
    public var isHighlighted: Bool
    /// The picture before the title (a file's type, a folder), or `nil` for none; the title
    /// moves right to make room.
    public var icon: ListIcon?

    /// An outline row's state.
    public enum Disclosure: Hashable, Sendable {
        /// Children hidden: the triangle points to the text.
        case collapsed
        /// Children shown below: the triangle points down.
        case expanded
    }

    /// Creates a row.
    public init(
        title: String, subtitle: String? = nil, indentation: Int = 0, disclosure: Disclosure? = nil,
        isHighlighted: Bool = false, icon: ListIcon? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.indentation = indentation
        self.disclosure = disclosure
        self.isHighlighted = isHighlighted
        self.icon = icon
    }
}
