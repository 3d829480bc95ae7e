import SplitView

/// One folder's order as the state file keeps it, in ``AppState/sortOrders``:
/// `{"folder": "/home/ana/Photos", "by": "modified", "reversed": true}`.
public struct FolderSortState: Codable, Equatable, Sendable {
    /// The folder, absolute.
    public var folder: String
    /// `name`, `size`, `type` or `modified` (``FolderSort/Key``).
    public var by: String
    /// Whether the order is reversed.
    public var reversed: Bool

    /// A saved order.
    public init(folder: String, by: String, reversed: Bool) {
        self.folder = folder
        self.by = by
        self.reversed = reversed
    }
}

extension AppState {
    /// The most folder orders a state may hold: ``FolderSorts/limit``.
    static let maximumSortOrders = FolderSorts.limit
    /// The most bytes of folder paths the saved orders may take (256 KiB), the oldest left
    /// out first beyond it: a thousand folders 4 KiB deep would pass the 1 MiB the loader reads.
    static let maximumSortOrderBytes = 256 << 10

    /// Throws the first saved order the loader refuses: more than 1000, a folder that is not
    /// an absolute path, an order this version does not know.
    func checkSortOrders() throws(StateProblem) {
        if sortOrders.count > Self.maximumSortOrders {
            let key = "sortOrders", maximum = Self.maximumSortOrders
            throw StateProblem(
                String(
                    translated: "\(key): more than \(maximum) folder", plural: "\(key): more than \(maximum) folders",
                    count: maximum))
        }
        for (index, order) in sortOrders.enumerated() {
            try Self.check(absolutePath: order.folder, at: "sortOrders[\(index)].folder")
            guard FolderSort.Key(rawValue: order.by) != nil else {
                let key = "sortOrders[\(index)].by", name = StateProblem.shortened(order.by)
                throw StateProblem(
                    String(translated: "\(key): unknown order \"\(name)\" (expected name, size, type or modified)"))
            }
        }
    }

    /// The saved orders the loader accepts, the newest within the count and bytes allowed.
    func sortOrdersWithinLimits() -> [FolderSortState] {
        var kept: [FolderSortState] = []
        var bytes = 0
        for order in sortOrders.reversed() where kept.count < Self.maximumSortOrders {
            guard (try? Self.check(absolutePath: order.folder, at: "")) != nil, FolderSort.Key(rawValue: order.by) != nil
            else { continue }
            bytes += order.folder.utf8.count
            if bytes > Self.maximumSortOrderBytes { break }
            kept.append(order)
        }
        return kept.reversed()
    }
}
