import Glibc
import SplitViewFiles

/// The folders every window shows, read on a worker thread, cached, and watched; and the
/// pictures they show, decoded on another (``images``).
///
/// One per process: windows over the same tree share their listings. A listing is read with
/// hidden entries included, so that Ctrl+H filters instead of reading again. When inotify
/// reports a change, the folder is read again and every window is told, on the loop's
/// thread; changes that arrive while a read runs cost one more read, not one each. A large
/// folder shown in an order by size, type or date is ordered in the same job (``orders``).
/// Nothing here
/// writes to the tree but the pastes and the trash's jobs the user asks for (``transfers``,
/// ``trashJobs``).
package final class FileStore {
    /// A folder's state in the store.
    package enum Listing {
        /// Being read (for the first time; a re-read keeps the old listing meanwhile).
        case loading
        /// Read.
        case loaded(FolderListing)
        /// Could not be read: the system's reason.
        case failed(FileError)
    }

    private enum Job: Sendable {
        /// A reading, and its orders by the keys last asked for the folder (``FolderOrders``).
        case listing(FilePath, Result<FolderListing, FileError>, orders: [FolderSort.Key: [Int]])
    }

    private var listings: [FilePath: Listing] = [:]
    private var reading: Set<FilePath> = []
    private var stale: Set<FilePath> = []
    /// The folders whose reading failed, by the folder holding them: read again when that
    /// folder's new listing names them (see ``takeResults()``).
    private var failedByParent: [FilePath: Set<FilePath>] = [:]
    private let worker: BackgroundWorker<Job>
    private let watcher: FolderWatcher?
    private var observers: [(id: ObjectIdentifier, changed: (Set<FilePath>) -> Void)] = []

    /// The pictures the readers show, decoded on a worker of their own: a large photo never
    /// holds up a folder's listing. The loop watches its ``ImageLoader/fileDescriptor`` too.
    package let images: ImageLoader
    /// What the files are: their types, icons and applications, shared by every window. The
    /// loop watches its ``FileTypes/fileDescriptor`` too.
    package let types: FileTypes
    /// The pastes under way (copies and moves), on workers of their own. The loop watches
    /// its ``FileTransfers/fileDescriptor`` too.
    package let transfers: FileTransfers
    /// The trash's jobs (trashing, deleting for good, restoring, emptying), on a worker of
    /// their own. The loop watches its ``TrashJobs/fileDescriptor`` too.
    package let trashJobs: TrashJobs
    /// The orders of large folders by size, type or date, found on a worker of their own. The
    /// loop watches its ``FolderOrders/fileDescriptor`` too.
    package let orders: FolderOrders

    /// The descriptors the loop watches: the worker's results, and inotify's events (nil when
    /// inotify is unavailable: the folders are then read once).
    package var workerDescriptor: Int32 { worker.fileDescriptor }
    /// inotify's events, nil when it is unavailable.
    package var watcherDescriptor: Int32? { watcher?.fileDescriptor }

    /// An empty store with its worker thread and its watch; `types` the user's
    /// (``FileTypes/init(xdg:database:)``) unless given (tests give their own desktop's).
    ///
    /// - Throws: when the worker's eventfd cannot be made (the process is out of descriptors).
    package init(types: FileTypes? = nil) throws(FileError) {
        worker = try BackgroundWorker<Job>(label: "splitview.folders")
        images = try ImageLoader()
        if let types { self.types = types } else { self.types = try FileTypes() }
        transfers = try FileTransfers()
        trashJobs = try TrashJobs()
        orders = try FolderOrders()
        let watcher = try? FolderWatcher()
        self.watcher = watcher
        self.types.watchFolders = { [weak watcher] folders in
            for folder in folders { watcher?.watch(folder) }
        }
    }

    /// `folder`'s listing, starting a read when it is not known yet.
    func listing(of folder: FilePath) -> Listing {
        if let known = listings[folder] { return known }
        read(folder)
        listings[folder] = .loading
        return .loading
    }

    /// `folder`'s listing if it was read or asked for, without starting a read.
    func known(_ folder: FilePath) -> Listing? {
        listings[folder]
    }

    /// Reads `folder` synchronously, for the first window's first folders (no frame to show
    /// before them) and for tests.
    @discardableResult
    package func load(_ folder: FilePath) -> Listing {
        let result = FolderListing.read(folder, includeHidden: true)
        store(folder, result)
        return listings[folder]!
    }

    /// Reads `folder` again when it is known: after the browser itself changed it, so that
    /// the windows follow at once, and even where inotify is missing.
    func readAgain(_ folder: FilePath) {
        guard listings[folder] != nil else { return }
        if reading.contains(folder) { stale.insert(folder) } else { read(folder) }
    }

    /// Reads `folder` again now and tells every window: a change the browser made itself (a
    /// rename, a new folder) shows at once, selected, without waiting for inotify's report.
    package func reload(_ folder: FilePath) {
        load(folder)
        notify([folder])
    }

    /// Calls `changed` with the folders whose listing arrived or changed; `owner` identifies
    /// it for ``removeObserver(_:)``.
    func addObserver(_ owner: AnyObject, _ changed: @escaping (Set<FilePath>) -> Void) {
        observers.append((ObjectIdentifier(owner), changed))
    }

    /// Forgets `owner`'s observer (its window closed).
    func removeObserver(_ owner: AnyObject) {
        observers.removeAll { $0.id == ObjectIdentifier(owner) }
    }

    /// Takes the worker's finished reads and tells the observers: the loop calls it when
    /// ``workerDescriptor`` is readable.
    package func takeResults() {
        var changed: Set<FilePath> = []
        for (_, job) in worker.takeResults() {
            guard case .listing(let folder, let result, let found) = job else { continue }
            reading.remove(folder)
            if case .success(let listing) = result { orders.adopt(found, of: listing) }
            store(folder, result)
            changed.insert(folder)
            if stale.remove(folder) != nil { read(folder) }
            if case .success(let listing) = result { retryFailed(in: listing) }
        }
        notify(changed)
    }

    /// Reads again the subfolders of `listing` whose last reading failed but which it still
    /// names: a folder deleted and made again under its name (`rm -r build; mkdir build`) lost
    /// its inotify watch with the first, and nothing else would tell of the second.
    private func retryFailed(in listing: FolderListing) {
        guard let failed = failedByParent[listing.folder] else { return }
        for folder in failed {
            let name = folder.lastComponent
            if listing.entries.indices.contains(where: { listing.entries.hasName(name, at: $0) }) { read(folder) }
        }
    }

    /// Takes inotify's events and reads the changed folders again: the loop calls it when
    /// ``watcherDescriptor`` is readable.
    package func takeChanges() {
        guard let watcher else { return }
        let changes = watcher.readChanges()
        types.foldersChanged(changes)
        for folder in changes where listings[folder] != nil {
            if reading.contains(folder) { stale.insert(folder) } else { read(folder) }
        }
    }

    private func read(_ folder: FilePath) {
        guard !reading.contains(folder) else { return }
        reading.insert(folder)
        let keys = orders.keysWanted(for: folder), limit = orders.atOnceLimit
        _ = worker.submit {
            let result = FolderListing.read(folder, includeHidden: true)
            let found = (try? result.get()).map { FolderOrders.ordered($0, by: keys, atOnceLimit: limit) } ?? [:]
            return .listing(folder, result, orders: found)
        }
    }

    /// Keeps a reading's result and watches the folder. A folder gone between its reading
    /// and its watch is kept as gone, not as its last listing: no watch would ever tell
    /// that the listing went stale.
    private func store(_ folder: FilePath, _ result: Result<FolderListing, FileError>) {
        var result = result
        if case .success = result, let watcher, !watcher.watch(folder), case .failure(let error) = FileInfo.read(folder),
            error.code == ENOENT || error.code == ENOTDIR
        {
            result = .failure(error)
        }
        switch result {
        case .success(let listing):
            listings[folder] = .loaded(listing)
            failedByParent[folder.parent]?.remove(folder)
        case .failure(let error):
            listings[folder] = .failed(error)
            watcher?.unwatch(folder)
            if folder != folder.parent { failedByParent[folder.parent, default: []].insert(folder) }
        }
    }

    private func notify(_ changed: Set<FilePath>) {
        guard !changed.isEmpty else { return }
        for observer in observers { observer.changed(changed) }
    }
}
