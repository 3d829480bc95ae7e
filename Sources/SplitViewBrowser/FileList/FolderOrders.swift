import SplitViewFiles

/// The orders of large folders by size, type or date, found on a worker thread: the first
/// Ctrl+Alt+2 on a folder of 100 000 files reads 100 000 entries' details, and that must not
/// hold the window.
///
/// One per process, beside the folders (`FileStore.orders`). A folder of up to
/// ``atOnceLimit`` entries is ordered at once on the caller's thread, as before (a thousand
/// `lstat` calls take a few milliseconds). A larger one is ordered on the worker: until the
/// answer comes, ``order(of:by:)`` gives `nil` and the list shows the folder in name order,
/// then the observers hear the folder and the list takes the order, its selection kept. An
/// answer is kept with the listing it orders; an answer for a listing the folder no longer
/// has (it changed meanwhile) is dropped, and the new listing is ordered again. A folder's
/// next reading, after a change, is ordered by the keys last asked for it in the same job
/// (`ordered(_:by:atOnceLimit:)`, called by the store's worker), so a sorted folder that
/// changes keeps its order on screen.
///
/// Like the store's other workers it wakes the loop through a descriptor
/// (``fileDescriptor``), which the loop polls and answers with ``takeResults()``.
public final class FolderOrders {
    /// The largest folder ordered at once on the caller's thread by default: 1 000 entries.
    public static let defaultAtOnceLimit = 1_000

    /// The largest folder ordered at once on the caller's thread, in entries; larger ones are
    /// ordered on the worker.
    public var atOnceLimit: Int

    /// The orders known for a folder's listing, and those asked of the worker.
    private struct Known {
        var listing: FolderListing
        var orders: [FolderSort.Key: [Int]] = [:]
        var pending: Set<FolderSort.Key> = []
    }

    private enum Answer: Sendable {
        case ordered(FolderListing, FolderSort.Key, [Int])
    }

    /// The most folders whose orders are kept (each holds its listing): the oldest goes.
    static let foldersKept = 16

    private let worker: BackgroundWorker<Answer>
    private var known: [FilePath: Known] = [:]
    /// The folders of ``known``, the one asked last at the end.
    private var recency: [FilePath] = []
    /// The key other than name last asked for each folder: its next reading is ordered by it.
    private var wanted: [FilePath: FolderSort.Key] = [:]
    private var observers: [(id: ObjectIdentifier, arrived: (Set<FilePath>) -> Void)] = []

    /// Readable when an order was found: the loop polls it and calls ``takeResults()``.
    public var fileDescriptor: Int32 { worker.fileDescriptor }

    /// Orders with their worker thread; folders of more than `atOnceLimit` entries are
    /// ordered on it.
    ///
    /// - Throws: when the worker's pipe cannot be made (the process is out of descriptors).
    public init(atOnceLimit: Int = defaultAtOnceLimit) throws(FileError) {
        self.atOnceLimit = atOnceLimit
        worker = try BackgroundWorker(label: "splitview.orders")
    }

    /// Every entry of `listing`, hidden ones too, in `key`'s ascending order, folders first
    /// (``FolderSort/Key/ascendingOrder(in:)``); `nil` while the worker finds it. By name it is
    /// the listing's own order, at once whatever the size.
    public func order(of listing: FolderListing, by key: FolderSort.Key) -> [Int]? {
        want(key, for: listing.folder)
        guard key != .name, listing.entries.count > atOnceLimit else { return key.ascendingOrder(in: listing) }
        let folder = listing.folder
        if known[folder]?.listing !== listing { keep(Known(listing: listing)) }
        if let order = known[folder]?.orders[key] { return order }
        if known[folder]?.pending.insert(key).inserted == true {
            _ = worker.submit { .ordered(listing, key, key.ascendingOrder(in: listing)) }
        }
        return nil
    }

    /// Notes that `folder` is shown in `key`'s order, before it is read: its reading is then
    /// ordered by it in the same job, and a large folder shows in its order at once.
    public func want(_ key: FolderSort.Key, for folder: FilePath) {
        wanted[folder] = key == .name ? nil : key
    }

    /// The keys `folder`'s next reading is to be ordered by.
    func keysWanted(for folder: FilePath) -> [FolderSort.Key] {
        wanted[folder].map { [$0] } ?? []
    }

    /// `listing` in each of `keys`' orders when it has more than `atOnceLimit` entries, else
    /// none: what the store's worker adds to a folder's reading.
    static func ordered(_ listing: FolderListing, by keys: [FolderSort.Key], atOnceLimit: Int) -> [FolderSort.Key: [Int]] {
        guard listing.entries.count > atOnceLimit else { return [:] }
        var orders: [FolderSort.Key: [Int]] = [:]
        for key in keys where key != .name { orders[key] = key.ascendingOrder(in: listing) }
        return orders
    }

    /// Takes the orders found with a new reading of `listing`'s folder; they replace the
    /// folder's old ones.
    func adopt(_ orders: [FolderSort.Key: [Int]], of listing: FolderListing) {
        guard !orders.isEmpty else { return }
        keep(Known(listing: listing, orders: orders))
    }

    /// Takes the worker's answers and tells the observers the folders whose order came: the
    /// loop calls it when ``fileDescriptor`` is readable.
    public func takeResults() {
        var arrived: Set<FilePath> = []
        for (_, answer) in worker.takeResults() {
            guard case .ordered(let listing, let key, let order) = answer else { continue }
            let folder = listing.folder
            // An answer for a listing replaced meanwhile orders nothing shown.
            guard known[folder]?.listing === listing else { continue }
            known[folder]?.orders[key] = order
            known[folder]?.pending.remove(key)
            arrived.insert(folder)
        }
        guard !arrived.isEmpty else { return }
        for observer in observers { observer.arrived(arrived) }
    }

    /// Calls `arrived` with the folders whose order came from the worker; `owner` names it
    /// for removal.
    func addObserver(_ owner: AnyObject, _ arrived: @escaping (Set<FilePath>) -> Void) {
        observers.append((ObjectIdentifier(owner), arrived))
    }

    /// Forgets `owner`'s observer (its window closed).
    func removeObserver(_ owner: AnyObject) {
        observers.removeAll { $0.id == ObjectIdentifier(owner) }
    }

    private func keep(_ entry: Known) {
        let folder = entry.listing.folder
        known[folder] = entry
        recency.removeAll { $0 == folder }
        recency.append(folder)
        if recency.count > Self.foldersKept {
            known[recency.removeFirst()] = nil
        }
    }
}
