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
    /// Runs `body` with the UTF-8 of ``searchText(at:)``: what a filter reads of every row, so
    /// a data source that keeps its texts as bytes can lend them without making a string
    /// each (the default makes one).
    func withSearchText<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R
    /// True when rows have a subtitle: the row height (46 pt rather than 30) without asking
    /// every row.
    var rowsHaveSubtitles: Bool { get }
    /// What identifies the row at `index` whatever rows come and go around it (a file's
    /// name): its accessible node keeps its identity through a reload, so that a screen
    /// reader never hears a row under another row's name. Nil (the default): the row is
    /// known by its index. Mirrors UIKit's `accessibilityIdentifier`.
    func accessibilityIdentifier(at index: Int) -> String?
}

extension ListDataSource {
    /// None: the row is known by its index.
    public func accessibilityIdentifier(at index: Int) -> String? { nil }

    /// The row's title.
    public func searchText(at index: Int) -> String { item(at: index).title }

    /// The UTF-8 of ``searchText(at:)``.
    public func withSearchText<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var text = searchText(at: index)
        return text.withUTF8(body)
    }
}
