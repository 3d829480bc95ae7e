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
        isHighlighted: Bool = false
    ) {
        self.title = title
        self.subtitle = subtitle
        self.indentation = indentation
        self.disclosure = disclosure
        self.isHighlighted = isHighlighted
    }
}

/// What a ``ListViewController`` shows: rows built only when asked for, so that a folder of
/// 100 000 files costs what its visible rows cost.
///
/// Mirrors the part of `UITableViewDataSource` a list needs (`numberOfRows`, `cellForRow`).
public protocol ListDataSource: AnyObject {
    /// How many rows there are.
    var numberOfRows: Int { get }
    /// The row at `index` (0 ..< ``numberOfRows``); asked only for rows being drawn or searched.
    func item(at index: Int) -> ListItem
    /// The text type-ahead matches for the row at `index`: its title, without building the rest.
    func searchText(at index: Int) -> String
    /// True when rows have a subtitle: the row height (46 pt rather than 30) without asking
    /// every row.
    var rowsHaveSubtitles: Bool { get }
}

extension ListDataSource {
    /// The row's title.
    public func searchText(at index: Int) -> String { item(at: index).title }
}

/// Type-ahead: letters typed in quick succession build a prefix; a pause starts a new one.
///
/// A pure value so that its timing is tested without a clock: the caller passes the time of
/// each key. Typing the same letter again steps through the rows that start with it, as in
/// GTK's and Finder's lists.
public struct TypeAhead: Hashable, Sendable {
    /// How long (seconds) after the last letter the next one starts a new prefix.
    public static let timeout = 1.0
    /// The prefix typed so far.
    public private(set) var prefix = ""
    private var lastTime = -Double.infinity

    /// Creates an empty type-ahead.
    public init() {}

    /// Adds `character` typed at `time`; returns the text to match and whether the search
    /// should start after the current row (the same letter repeated).
    public mutating func type(_ character: Character, at time: Double) -> (text: String, fromNext: Bool) {
        if time - lastTime > Self.timeout { prefix = "" }
        lastTime = time
        let letter = String(character).lowercased()
        if prefix == letter || (!prefix.isEmpty && prefix.allSatisfy({ String($0) == letter })) {
            prefix += letter
            return (letter, true)
        }
        prefix += letter
        return (prefix, false)
    }

    /// Forgets the prefix (the rows changed, or the user moved the selection).
    public mutating func reset() {
        prefix = ""
        lastTime = -Double.infinity
    }
}

/// Seconds from a fixed start, for type-ahead: the standard library's continuous clock.
public func monotonicSeconds() -> Double {
    let elapsed = ContinuousClock.now - monotonicOrigin
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

private let monotonicOrigin = ContinuousClock.now
