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
///   listing) the first time: the order needs them all, where name order needs none.
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

    /// The listing's indices `visible` (folders first, then the rest, each in natural order,
    /// as ``FolderListing`` sorts them) put in this order; folders stay first.
    func ordered(_ visible: [Int], in listing: FolderListing) -> [Int] {
        guard self != .standard else { return visible }
        let folders = visible.filter { $0 < listing.folderCount }
        let files = visible.filter { $0 >= listing.folderCount }
        return arranged(folders, in: listing) + arranged(files, in: listing)
    }

    /// One part (folders or files) in this order: a stable sort by the key over the name
    /// order, then reversed when asked.
    private func arranged(_ part: [Int], in listing: FolderListing) -> [Int] {
        var result: [Int]
        switch key {
        case .name:
            result = part
        case .size:
            let sizes = part.map { index -> Int64 in
                index < listing.folderCount ? 0 : ((try? listing.info(at: index).get())?.size ?? -1)
            }
            result = Self.stableSorted(part, keys: sizes)
        case .modified:
            let times = part.map { (try? listing.info(at: $0).get())?.modified ?? FileTime(seconds: .min, nanoseconds: 0) }
            result = Self.stableSorted(part, keys: times)
        case .type:
            let kinds = part.map { index -> String in
                index < listing.folderCount
                    ? ""
                    : EntryList.kindKey(name: listing.entries.name(at: index), kind: listing.entries[index].kind).lowercased()
            }
            result = Self.stableSorted(part, keys: kinds)
        }
        return isReversed ? result.reversed() : result
    }

    /// `items` ordered by `keys` (one per item), equal keys kept in their order.
    private static func stableSorted<K: Comparable>(_ items: [Int], keys: [K]) -> [Int] {
        items.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }.map { items[$0] }
    }
}
