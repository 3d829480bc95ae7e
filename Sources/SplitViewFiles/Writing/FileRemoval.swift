import CFileOps
import Glibc

/// Deleting for good, the one recursive delete: Shift+Delete after its confirmation, emptying
/// the trash, and a paste's own temporaries (cancelled, failed, or left by a killed run and
/// found in its journal). A move's originals are not deleted this way: they go one by one by
/// the paste's plan, each only while it is still what was copied (`FileCopier`).
///
/// Everything goes through descriptors (`openat`, `unlinkat`, `fstatat` with
/// `AT_SYMLINK_NOFOLLOW`, `O_NOFOLLOW`): a symbolic link is removed, never followed, so no
/// link inside a deleted folder can lead the removal out of it, even if the tree changes while
/// it runs. A folder the user owns but cannot enter or change (mode 0500, as build caches make
/// them) is given back its owner's rights first, as the deletion was confirmed; anything
/// else that cannot be removed stops the removal with the system's reason, and what was not
/// reached stays as it was. Folders are held open one descriptor a level, so a tree deeper
/// than the process's descriptor limit stops with "Too many open files". A long removal on a
/// worker hears each entry removed and can be stopped between any two
/// (``remove(_:stopping:counting:)``).
public enum FileRemoval {
    /// Removes `path` and, when it is a folder, everything in it. A link is removed itself.
    ///
    /// - Throws: the first failure, on the path that could not be removed.
    public static func remove(_ path: FilePath) throws(FileError) {
        try remove(path, stopping: { false }, counting: {})
    }

    /// Removes `path` as ``remove(_:)`` does, for a long removal on a worker: `counting` hears
    /// each entry removed (a file, a link, an emptied folder), and `stopping` is asked before
    /// each entry whether to stop there.
    ///
    /// - Throws: the first failure; when stopped, a `FileError` with code `ECANCELED` on the
    ///   entry it stopped before. What was removed before is gone, the rest stays as it was.
    public static func remove(
        _ path: FilePath, stopping: () -> Bool, counting: () -> Void
    ) throws(FileError) {
        guard !path.isRoot, !path.lastComponent.isEmpty else { throw path.error(EINVAL) }
        let parent = try openFolder(path.parent)
        defer { close(parent) }
        try removeEntry(path.lastComponent, in: parent, path: path, stopping: stopping, counting: counting)
    }

    /// Removes everything inside the folder open as `folder` (`path` names it in errors),
    /// leaving the folder itself.
    static func removeContents(
        of folder: Int32, path: FilePath, stopping: () -> Bool = { false }, counting: () -> Void = {}
    ) throws(FileError) {
        for name in try FolderNames.all(in: folder, path: path) {
            try removeEntry(name, in: folder, path: path.appending(name), stopping: stopping, counting: counting)
        }
    }

    /// Removes the entry `name` of the folder open as `parent`; `stopping` and `counting` as
    /// in ``remove(_:stopping:counting:)``.
    static func removeEntry(
        _ name: [UInt8], in parent: Int32, path: FilePath, stopping: () -> Bool = { false }, counting: () -> Void = {}
    ) throws(FileError) {
        if stopping() { throw path.error(ECANCELED) }
        var info = stat()
        guard withName(name, { fstatat(parent, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else {
            throw path.error(errno)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            guard withName(name, { sv_unlinkat(parent, $0, 0) }) == 0 else { throw path.error(errno) }
            counting()
            return
        }
        var folder = withName(name, { openat(parent, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) })
        if folder < 0, errno == EACCES, info.st_uid == geteuid() {
            _ = withName(name, { sv_fchmodat(parent, $0, (info.st_mode & 0o7777) | 0o700, 0) })
            folder = withName(name, { openat(parent, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) })
        }
        guard folder >= 0 else { throw path.error(errno) }
        do {
            defer { close(folder) }
            // Its entries can only be removed while it is writable and searchable.
            if info.st_mode & 0o300 != 0o300, info.st_uid == geteuid() { _ = sv_fchmod(folder, (info.st_mode & 0o7777) | 0o700) }
            try removeContents(of: folder, path: path, stopping: stopping, counting: counting)
        }
        guard withName(name, { sv_unlinkat(parent, $0, AT_REMOVEDIR) }) == 0 else { throw path.error(errno) }
        counting()
    }

    /// Opens the folder `path` for the `*at` calls, following a final link (the caller named
    /// it) unless `following` is false.
    static func openFolder(_ path: FilePath, following: Bool = true) throws(FileError) -> Int32 {
        guard !path.bytes.contains(0) else { throw path.error(EINVAL) }
        let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | (following ? 0 : O_NOFOLLOW)
        let descriptor = path.withCString { open($0, flags) }
        guard descriptor >= 0 else { throw path.error(errno) }
        return descriptor
    }

    /// Calls `body` with `name` as a C string.
    static func withName<R>(_ name: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        FilePath(bytes: name).withCString(body)
    }
}
