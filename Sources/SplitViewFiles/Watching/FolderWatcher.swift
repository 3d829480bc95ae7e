import Glibc

/// Tells which watched folders changed, through one inotify descriptor the app's poll loop
/// waits on beside the X connection.
///
/// Changes are reported per folder, not per entry: the app re-reads a changed folder whole,
/// which is simpler and never wrong, where patching a listing event by event would have to
/// get renames, overflows and races right. A folder that is deleted or moved away is
/// reported once more and then no longer watched (its path no longer names it); watch it
/// again after re-reading it if it still exists.
///
/// Use from one thread: the app's main thread owns the watcher.
public final class FolderWatcher {
    /// The inotify descriptor: readable when changes wait. Poll it; never read it directly.
    public let fileDescriptor: Int32
    /// Paths by watch: two paths reaching one folder (through a link) share a watch.
    private var pathsByWatch: [Int32: Set<FilePath>] = [:]
    private var watchByPath: [FilePath: Int32] = [:]

    /// What a folder reports: its entries appearing, going, being renamed, written or
    /// changing mode; the folder itself going away. `IN_EXCL_UNLINK` keeps a deleted file
    /// that is still open somewhere from reporting its later writes.
    private static let mask = UInt32(
        IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE
            | IN_MODIFY | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK)

    /// A watcher with nothing watched yet; fails when the process or user is out of inotify
    /// instances (`EMFILE`).
    public init() throws(FileError) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw FileError(path: "inotify", code: errno) }
        fileDescriptor = descriptor
    }

    deinit {
        close(fileDescriptor)
    }

    /// The folders being watched.
    public var watchedFolders: Set<FilePath> { Set(watchByPath.keys) }

    /// Starts reporting changes in `folder`; `false` when it cannot be watched (gone, not a
    /// folder, no permission, or the user's watch limit reached). Watching a watched folder
    /// again is harmless.
    @discardableResult
    public func watch(_ folder: FilePath) -> Bool {
        guard !folder.bytes.contains(0) else { return false }
        let watch = folder.withCString { inotify_add_watch(fileDescriptor, $0, Self.mask) }
        guard watch >= 0 else { return false }
        if let old = watchByPath[folder], old != watch { forget(folder) }
        watchByPath[folder] = watch
        pathsByWatch[watch, default: []].insert(folder)
        return true
    }

    /// Stops reporting changes in `folder`; changes already queued for it are dropped.
    public func unwatch(_ folder: FilePath) {
        guard let watch = watchByPath[folder] else { return }
        forget(folder)
        if pathsByWatch[watch] == nil { inotify_rm_watch(fileDescriptor, watch) }
    }

    private func forget(_ folder: FilePath) {
        guard let watch = watchByPath.removeValue(forKey: folder) else { return }
        pathsByWatch[watch]?.remove(folder)
        if pathsByWatch[watch]?.isEmpty == true { pathsByWatch[watch] = nil }
    }

    /// The watched folders whose contents changed since the last call; empty when nothing
    /// waits. Never blocks. When the kernel's queue overflowed, every watched folder is
    /// reported, since any of them may have changed.
    public func readChanges() -> Set<FilePath> {
        var changed: Set<FilePath> = []
        var gone: Set<Int32> = []
        let capacity = 64 << 10
        withUnsafeTemporaryAllocation(byteCount: capacity, alignment: MemoryLayout<inotify_event>.alignment) { buffer in
            while true {
                let count = read(fileDescriptor, buffer.baseAddress, capacity)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= count {
                    let event = buffer.baseAddress!.advanced(by: offset)
                    let watch = event.loadUnaligned(fromByteOffset: MemoryLayout<inotify_event>.offset(of: \.wd)!, as: Int32.self)
                    let mask = event.loadUnaligned(
                        fromByteOffset: MemoryLayout<inotify_event>.offset(of: \.mask)!, as: UInt32.self)
                    let length = event.loadUnaligned(
                        fromByteOffset: MemoryLayout<inotify_event>.offset(of: \.len)!, as: UInt32.self)
                    offset += header + Int(length)
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                        changed.formUnion(watchByPath.keys)
                        continue
                    }
                    guard let paths = pathsByWatch[watch] else { continue }
                    changed.formUnion(paths)
                    if mask & UInt32(IN_IGNORED | IN_MOVE_SELF | IN_DELETE_SELF | IN_UNMOUNT) != 0 { gone.insert(watch) }
                }
            }
        }
        for watch in gone {
            // A moved folder's watch would go on reporting under a path that no longer names
            // it; a deleted one's is already gone (IN_IGNORED), and removing it again is
            // a harmless EINVAL.
            inotify_rm_watch(fileDescriptor, watch)
            for path in pathsByWatch[watch] ?? [] { forget(path) }
        }
        return changed
    }
}
