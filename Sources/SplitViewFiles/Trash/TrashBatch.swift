import Glibc
import SplitView
import Synchronization

/// Trashing, deleting, restoring and emptying many items at once, as a worker runs them for
/// the browser: item by item, the progress reported after each, and a stop possible between
/// any two (inside a folder being deleted, between any two of its entries).
///
/// Stopped, a batch leaves what it did done and the rest untouched: the items trashed stay in
/// the trash (and the outcome lists them, for Ctrl+Z), the items deleted are gone, and an item
/// whose deletion was stopped inside keeps what was not reached (``Outcome/stoppedInside``).
///
/// ```swift
/// let stop = TrashBatch.Cancellation()
/// let outcome = TrashBatch.moveToTrash(paths, trash: trash, cancellation: stop) { progress in
///     print("\(progress.itemsDone) of \(progress.totalItems)")
/// }
/// ```
public enum TrashBatch {
    /// How far a batch is.
    public struct Progress: Hashable, Sendable {
        /// Items done (trashed, deleted, restored), failed or passed over.
        public var itemsDone = 0
        /// Items in the batch.
        public var totalItems = 0
        /// Entries deleted for good: files, links and emptied folders, inside items too.
        public var entriesDeleted = 0

        /// Nothing done yet of `totalItems`.
        public init(totalItems: Int) {
            self.totalItems = totalItems
        }
    }

    /// An item that could not be done, and why.
    public struct Failure: Hashable, Sendable {
        /// The item: its path, or its path in the trash.
        public var path: FilePath
        /// Why.
        public var error: FileError
    }

    /// What a batch did.
    public struct Outcome: Hashable, Sendable {
        /// How far it went.
        public var progress: Progress
        /// The paths done: trashed or deleted (their old paths), or restored (their paths in
        /// the trash).
        public var done: [FilePath] = []
        /// The items trashed (for Ctrl+Z), or restored.
        public var items: [TrashedItem] = []
        /// The items that could not be done.
        public var failures: [Failure] = []
        /// The paths whose volume has no usable trash (``Trash/noTrash(_:_:)``), left as they
        /// were, for the browser to ask about deleting them for good.
        public var withoutTrash: [FilePath] = []
        /// Whether a restore made folders again.
        public var madeFolders = false
        /// Whether it was stopped before the end.
        public var cancelled = false
        /// The item whose deletion was stopped inside, part of it deleted, if any.
        public var stoppedInside: FilePath?

        init(totalItems: Int) {
            progress = Progress(totalItems: totalItems)
        }
    }

    /// Stops a batch: set from the loop's thread (the Cancel button, Escape), read by the
    /// worker before each item and each entry deleted.
    public final class Cancellation: Sendable {
        private let flag = Atomic(false)

        /// A cancellation not yet asked for.
        public init() {}

        /// Asks the batch to stop.
        public func cancel() { flag.store(true, ordering: .relaxed) }

        /// Whether it was asked to stop.
        public var isCancelled: Bool { flag.load(ordering: .relaxed) }
    }

    /// Moves each of `paths` to `trash` (``Trash/moveToTrash(_:now:)``), in order; the trash
    /// directory of each folder is found, made and opened once for the whole batch.
    public static func moveToTrash(
        _ paths: [FilePath], trash: Trash, now: Int = time(nil), cancellation: Cancellation = Cancellation(),
        report: (Progress) -> Void = { _ in }
    ) -> Outcome {
        var outcome = Outcome(totalItems: paths.count)
        let cache = TrashingCache()
        for path in paths {
            if cancellation.isCancelled { return cancelled(outcome) }
            do {
                outcome.items.append(try trash.moveToTrash(path, now: now, cache: cache))
                outcome.done.append(path)
            } catch {
                if error.code == ENOTSUP {
                    outcome.withoutTrash.append(path)
                } else {
                    outcome.failures.append(Failure(path: path, error: error))
                }
            }
            outcome.progress.itemsDone += 1
            report(outcome.progress)
        }
        return outcome
    }

    /// Puts back the items of `directory` called `names` (their names in `files/`), in order;
    /// a name whose info file is missing or cannot be used is a failure, and stays.
    public static func restore(
        named names: [[UInt8]], in directory: TrashDirectory, cancellation: Cancellation = Cancellation(),
        report: (Progress) -> Void = { _ in }
    ) -> Outcome {
        var outcome = Outcome(totalItems: names.count)
        for name in names {
            if cancellation.isCancelled { return cancelled(outcome) }
            let path = directory.files.appending(name)
            if let item = Trash.item(named: name, in: directory) {
                do {
                    if try Trash.restore(item) { outcome.madeFolders = true }
                    outcome.items.append(item)
                    outcome.done.append(path)
                } catch {
                    outcome.failures.append(Failure(path: path, error: error))
                }
            } else {
                let reason = String(translated: "its trash information is missing or damaged")
                outcome.failures.append(Failure(path: path, error: FileError(path: path.displayString, reason: reason)))
            }
            outcome.progress.itemsDone += 1
            report(outcome.progress)
        }
        return outcome
    }

    /// Deletes each of `paths` for good, in order: a file of a trash directory of `trash`
    /// (``Trash/directory(showing:)``) with its info file (``Trash/deletePermanently(_:)``),
    /// any other with ``FileRemoval/remove(_:stopping:counting:)``.
    public static func deletePermanently(
        _ paths: [FilePath], trash: Trash?, cancellation: Cancellation = Cancellation(),
        report: (Progress) -> Void = { _ in }
    ) -> Outcome {
        var outcome = Outcome(totalItems: paths.count)
        for path in paths {
            if cancellation.isCancelled { return cancelled(outcome) }
            let before = outcome.progress.entriesDeleted
            do throws(FileError) {
                // A file of a trash goes with its info file, which needs no reading to be named.
                let directory = trash?.directory(showing: path.parent)
                let item = directory.map {
                    TrashedItem(directory: $0, name: path.lastComponent, originalPath: path, deletionDate: nil)
                }
                if let item {
                    try Trash.deletePermanently(
                        item, stopping: { cancellation.isCancelled },
                        counting: {
                            outcome.progress.entriesDeleted += 1
                            report(outcome.progress)
                        })
                } else {
                    try FileRemoval.remove(
                        path, stopping: { cancellation.isCancelled },
                        counting: {
                            outcome.progress.entriesDeleted += 1
                            report(outcome.progress)
                        })
                }
                outcome.done.append(path)
            } catch {
                if error.code == ECANCELED {
                    if outcome.progress.entriesDeleted > before { outcome.stoppedInside = path }
                    return cancelled(outcome)
                }
                outcome.failures.append(Failure(path: path, error: error))
            }
            outcome.progress.itemsDone += 1
            report(outcome.progress)
        }
        return outcome
    }

    /// Deletes the entries of `snapshot` for good (``Trash/empty(_:)`` says which), in order,
    /// then tidies each trash directory it emptied.
    public static func empty(
        _ snapshot: TrashSnapshot, cancellation: Cancellation = Cancellation(), report: (Progress) -> Void = { _ in }
    ) -> Outcome {
        var outcome = Outcome(totalItems: snapshot.count)
        var directories: [TrashDirectory] = []
        for entry in snapshot.entries where directories.last != entry.directory { directories.append(entry.directory) }
        for directory in directories {
            let folders: (files: Int32, info: Int32)
            do {
                folders = try directory.openFolders()
            } catch {
                outcome.failures.append(Failure(path: directory.files, error: error))
                continue
            }
            defer {
                close(folders.files)
                close(folders.info)
            }
            for entry in snapshot.entries where entry.directory == directory {
                if cancellation.isCancelled { return cancelled(outcome) }
                if !empty(entry, folders, &outcome, cancellation, report) { return cancelled(outcome) }
                outcome.progress.itemsDone += 1
                report(outcome.progress)
            }
            do { try Trash.tidy(directory, files: folders.files, info: folders.info) } catch {
                outcome.failures.append(Failure(path: directory.info, error: error))
            }
        }
        return outcome
    }

    /// Deletes one entry of a snapshot while its name still holds it; false when stopped
    /// inside it.
    private static func empty(
        _ entry: TrashSnapshot.Entry, _ folders: (files: Int32, info: Int32), _ outcome: inout Outcome,
        _ cancellation: Cancellation, _ report: (Progress) -> Void
    ) -> Bool {
        let path = entry.directory.files.appending(entry.name)
        var info = stat()
        guard FileRemoval.withName(entry.name, { fstatat(folders.files, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0,
            FileVersion(info) == entry.version
        else { return true }  // gone, changed, or another file under its name since the question: not to delete
        let before = outcome.progress.entriesDeleted
        do {
            try FileRemoval.removeEntry(
                entry.name, in: folders.files, path: path, stopping: { cancellation.isCancelled },
                counting: {
                    outcome.progress.entriesDeleted += 1
                    report(outcome.progress)
                })
            Trash.removeInfo(of: entry.name, in: folders.info)
            outcome.done.append(path)
        } catch {
            if error.code == ECANCELED {
                if outcome.progress.entriesDeleted > before { outcome.stoppedInside = path }
                return false
            }
            outcome.failures.append(Failure(path: path, error: error))
        }
        return true
    }

    private static func cancelled(_ outcome: Outcome) -> Outcome {
        var outcome = outcome
        outcome.cancelled = true
        return outcome
    }
}
