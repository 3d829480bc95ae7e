import SplitViewFiles

/// How a folder's entries are ordered in the files column: by name, size, type or
/// modification date, ascending or reversed; folders always first, as GNOME Files puts them
/// by default.
///
/// Decided (Nautilus's rules where it has them):
/// - Ascending is A to Z, smallest first, oldest first; Reversed Order is the exact reverse of
///   each part (the folders, then the files), so entries with equal keys, which fall back to
///   name order, come Z to A in it, as in Nautilus, whose reversed order negates the whole
///   comparison.
/// - Folders have no size of their own here (counting their items would read every one), so
///   by size they keep name order among themselves.
/// - Sorting by size or date reads every entry's details (one `lstat` each, cached with the
///   listing) the first time: the order needs them all, where name order needs none. A folder
///   of more than 1 000 entries (``FolderOrders/atOnceLimit``) is ordered by size, type or
///   date on a worker, and shows in name order until its order comes.
public struct FolderSort: Hashable, Sendable {
    /// What the entries are ordered by.
    public enum Key: String, CaseIterable, Sendable {
        /// Natural order of the names (`file2` before `file10`).
        case name
        /// Size in bytes.
        case size
        /// The type's name (`EntryList.kindKey(name:kind:)`).
        case type
        /// Modification time.
        case modified
    }

    /// What the entries are ordered by.
    public var key: Key
    /// True when the order is reversed (Z to A, largest first, newest first).
    public var isReversed: Bool

    /// An order.
    public init(_ key: Key = .name, reversed: Bool = false) {
        self.key = key
        isReversed = reversed
    }

    /// The order a folder has until one is chosen for it: by name, A to Z.
    public static let standard = FolderSort()

    /// `order`, every entry of `listing` in ``key``'s ascending order with the folders first
    /// (``Key/ascendingOrder(in:)``), as the list shows it: hidden entries left out unless
    /// `showsHidden`, and each part (the folders, then the rest) reversed when ``isReversed``.
    func shown(_ order: [Int], in listing: FolderListing, showsHidden: Bool) -> [Int] {
        var shown = showsHidden ? order : order.filter { !listing.entries.isHidden(at: $0) }
        guard isReversed else { return shown }
        let folders = shown.prefix { $0 < listing.folderCount }.count
        shown[..<folders].reverse()
        shown[folders...].reverse()
        return shown
    }
}

extension FolderSort.Key {
    /// Every entry of `listing` (hidden ones too) in this order, ascending: the folders first,
    /// then the rest, each a stable sort by the key over the listing's name order. By size and
    /// by date it reads every entry's details (the first time: the listing keeps them), which
    /// for a large folder is done on a worker (``FolderOrders``).
    public func ascendingOrder(in listing: FolderListing) -> [Int] {
        let all = Array(listing.entries.indices)
        guard self != .name else { return all }
        let folders = Array(all[..<listing.folderCount])
        let files = Array(all[listing.folderCount...])
        return arranged(folders, in: listing) + arranged(files, in: listing)
    }

    /// One part (folders or files) by this key: a stable sort over the name order.
    private func arranged(_ part: [Int], in listing: FolderListing) -> [Int] {
        switch self {
        case .name:
            return part
        case .size:
            let sizes = part.map { index -> Int64 in
                index < listing.folderCount ? 0 : ((try? listing.info(at: index).get())?.size ?? -1)
            }
            return Self.stableSorted(part, keys: sizes)
        case .modified:
            let times = part.map { (try? listing.info(at: $0).get())?.modified ?? FileTime(seconds: .min, nanoseconds: 0) }
            return Self.stableSorted(part, keys: times)
        case .type:
            let kinds = part.map { index -> String in
                index < listing.folderCount
                    ? ""
                    : EntryList.kindKey(name: listing.entries.name(at: index), kind: listing.entries[index].kind).lowercased()
            }
            return Self.stableSorted(part, keys: kinds)
        }
    }

    /// `items` ordered by `keys` (one per item), equal keys kept in their order.
    private static func stableSorted<K: Comparable>(_ items: [Int], keys: [K]) -> [Int] {
        items.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }.map { items[$0] }
    }
}
