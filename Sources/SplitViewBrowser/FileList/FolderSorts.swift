import SplitViewFiles

/// The order chosen for each folder, shared by every window of a run and saved with the state
/// (``AppState/sortOrders``), as GNOME Files remembers a folder's order in its metadata.
///
/// Only folders given another order than ``FolderSort/standard`` are kept, the most recently
/// chosen last; beyond ``limit`` the oldest choice is forgotten, so the state file stays small
/// however many folders are sorted.
package final class FolderSorts {
    /// The most folders remembered.
    package static let limit = 1000

    private var orders: [FilePath: FolderSort] = [:]
    /// The folders of ``orders``, the oldest choice first.
    private var recency: [FilePath] = []
    private var observers: [(id: ObjectIdentifier, changed: (FilePath) -> Void)] = []

    /// No folder remembered.
    package init() {}

    /// `folder`'s order: the one chosen for it, else by name.
    package subscript(folder: FilePath) -> FolderSort {
        orders[folder] ?? .standard
    }

    /// Chooses `sort` for `folder` and tells every window; by name (the standard) forgets it.
    package func set(_ sort: FolderSort, for folder: FilePath) {
        guard sort != self[folder] else { return }
        remember(sort, for: folder)
        for observer in observers { observer.changed(folder) }
    }

    private func remember(_ sort: FolderSort, for folder: FilePath) {
        recency.removeAll { $0 == folder }
        orders[folder] = nil
        guard sort != .standard else { return }
        orders[folder] = sort
        recency.append(folder)
        if recency.count > Self.limit {
            for gone in recency.prefix(recency.count - Self.limit) { orders[gone] = nil }
            recency.removeFirst(recency.count - Self.limit)
        }
    }

    /// Calls `changed` with a folder whose order changed; `owner` names it for removal.
    func addObserver(_ owner: AnyObject, _ changed: @escaping (FilePath) -> Void) {
        observers.append((ObjectIdentifier(owner), changed))
    }

    /// Forgets `owner`'s observer (its window closed).
    func removeObserver(_ owner: AnyObject) {
        observers.removeAll { $0.id == ObjectIdentifier(owner) }
    }

    /// The orders as the state saves them, the oldest choice first.
    package var saved: [FolderSortState] {
        recency.compactMap { folder in
            guard let sort = orders[folder], let path = folder.string else { return nil }
            return FolderSortState(folder: path, by: sort.key.rawValue, reversed: sort.isReversed)
        }
    }

    /// Takes the saved orders (the oldest first), replacing what was remembered; an order this
    /// version does not know is left out.
    package func restore(_ states: [FolderSortState]) {
        orders = [:]
        recency = []
        for state in states {
            guard let key = FolderSort.Key(rawValue: state.by) else { continue }
            remember(FolderSort(key, reversed: state.reversed), for: FilePath(state.folder))
        }
    }
}
