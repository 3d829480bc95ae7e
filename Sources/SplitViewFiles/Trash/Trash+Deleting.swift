import CFileOps
import Glibc

/// What the trash held when Empty Trash asked: every entry of every trash directory's
/// `files/`, each as it was then (``FileVersion``: its inode and change time).
/// ``Trash/empty(_:)`` deletes those, still as they were, and nothing else.
public struct TrashSnapshot: Hashable, Sendable {
    /// One entry of a `files/`.
    public struct Entry: Hashable, Sendable {
        /// The trash directory holding it.
        public var directory: TrashDirectory
        /// Its name in `files/`.
        public var name: [UInt8]
        /// The entry as it was: its inode, and the time that inode last changed.
        public var version: FileVersion

        /// The entry `name` of `directory`'s `files/`, as `version` says it was.
        public init(directory: TrashDirectory, name: [UInt8], version: FileVersion) {
            self.directory = directory
            self.name = name
            self.version = version
        }
    }

    /// The entries, trash directory by trash directory, each in `files/`'s order.
    public var entries: [Entry]

    /// A snapshot of `entries` (``Trash/snapshot()`` takes one of the trash as it is).
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// How many entries there are: the number the question names.
    public var count: Int { entries.count }
}

/// Deleting for good: one trashed item, or the whole trash as it was when the user was asked.
extension Trash {
    /// What the trash directories (``directories(network:)``) hold now: every entry of each
    /// `files/`, with or without an info file (the Trash place lists them all), as it is now
    /// (its ``FileVersion``). Nothing is changed.
    public func snapshot() -> TrashSnapshot {
        var entries: [TrashSnapshot.Entry] = []
        for directory in directories() {
            guard let folders = try? directory.openFolders() else { continue }
            defer {
                close(folders.files)
                close(folders.info)
            }
            for name in (try? FolderNames.all(in: folders.files, path: directory.files)) ?? [] {
                var info = stat()
                guard FileRemoval.withName(name, { fstatat(folders.files, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else {
                    continue
                }
                entries.append(TrashSnapshot.Entry(directory: directory, name: name, version: FileVersion(info)))
            }
        }
        return TrashSnapshot(entries: entries)
    }

    /// Deletes for good everything in every trash directory now: ``empty(_:)`` of a
    /// ``snapshot()`` taken at once.
    ///
    /// - Returns: what could not be deleted (the rest was): empty when the trash is empty.
    public func empty() -> [FileError] {
        TrashBatch.empty(snapshot()).failures.map(\.error)
    }

    /// Deletes the entries of `snapshot` for good, each with its info file, and nothing that
    /// came after: what the user confirmed, and only that.
    ///
    /// Decided (GIO empties whatever is there when it gets to it): an entry is deleted only
    /// while its name still holds the same inode, unchanged since (the same change time, which
    /// a rename into the trash moves too), so a file trashed after the question (by this
    /// window, another, or another program), or put under a name freed since, stays in the
    /// trash, and so does an entry changed since. Each entry goes whole: a folder with all it
    /// holds (its own change time is checked, not its contents'). After the entries, the info
    /// files left without their file are removed once ``orphanGrace`` seconds old (a younger
    /// one may be a trashing under way), and so is the optional `directorysizes` cache;
    /// anything else in `info/` is not ours and stays.
    ///
    /// - Returns: what could not be deleted (the rest was).
    public static func empty(_ snapshot: TrashSnapshot) -> [FileError] {
        TrashBatch.empty(snapshot).failures.map(\.error)
    }

    /// Deletes `item` for good: its file (a folder with all it holds, never following a
    /// link), then its info file. `files/` and `info/` are reached without going through a
    /// link (``TrashDirectory/openFolders()``).
    public static func deletePermanently(_ item: TrashedItem) throws(FileError) {
        try deletePermanently(item, stopping: { false }, counting: {})
    }

    /// ``deletePermanently(_:)`` for a long removal: `counting` hears each entry removed,
    /// `stopping` is asked before each (see ``FileRemoval/remove(_:stopping:counting:)``).
    /// Stopped half way, the item keeps its info file and what was not reached.
    public static func deletePermanently(
        _ item: TrashedItem, stopping: () -> Bool, counting: () -> Void
    ) throws(FileError) {
        guard item.hasPlainName else { throw item.trashedPath.error(EINVAL) }
        let folders = try item.directory.openFolders()
        defer {
            close(folders.files)
            close(folders.info)
        }
        try FileRemoval.removeEntry(
            item.name, in: folders.files, path: item.trashedPath, stopping: stopping, counting: counting)
        removeInfo(of: item.name, in: folders.info)
    }

    /// Removes the info file of the trashed file `name` from the folder open as `info`; a
    /// failure leaves an info file without its file, which listings skip, then remove.
    static func removeInfo(of name: [UInt8], in info: Int32) {
        _ = FileRemoval.withName(TrashDirectory.infoName(for: name)) { sv_unlinkat(info, $0, 0) }
    }

    /// Removes the info files of `info` whose file is not in `files` and that are
    /// ``orphanGrace`` seconds old, then the `directorysizes` cache of the trash folder.
    static func tidy(_ directory: TrashDirectory, files: Int32, info: Int32) throws(FileError) {
        let now = time(nil)
        for infoName in try FolderNames.all(in: info, path: directory.info) {
            removeOrphan(infoName, in: info, files: files, now: now)
        }
        _ = directory.path.appending(Array("directorysizes".utf8)).withCString { sv_unlink($0) }
    }
}
