import Glibc
import Synchronization

/// One folder's entries, sorted folders first and then in ``NaturalOrder``.
///
/// Reading asks the kernel only for what `readdir` already knows (names and `d_type`, through
/// ``FolderNames``), plus a
/// `stat` for each symbolic link (to sort a link to a folder among the folders) and an
/// `lstat` only where the file system reports `DT_UNKNOWN`. Sizes and dates come later, one
/// entry at a time, through ``info(at:)``: the first screen needs forty of them, not a
/// hundred thousand.
///
/// Names are kept in one flat buffer rather than one array each: a folder of 100 000 files
/// then costs a handful of allocations instead of 300 000, to make and later to free.
/// ``entries`` builds each ``Entry`` when asked, which the app does for the rows it draws.
///
/// A listing is read on a worker thread and used on the main thread, so it is `Sendable`:
/// its entries never change and its info cache is behind a `Mutex`. It keeps no descriptor
/// open (the app caches many listings), so ``info(at:)`` goes by path: if the folder is
/// renamed meanwhile, the watcher's change report is what brings a fresh listing.
public final class FolderListing: Sendable {
    /// One entry of the folder.
    public struct Entry: Hashable, Sendable {
        /// The name exactly as the folder holds it.
        public let name: [UInt8]
        /// The entry's own kind: a link is `.symlink` even when it points to a folder.
        public let kind: FileKind
        /// Whether the entry sorts and opens as a folder: a folder, or a link resolving to one.
        public let isFolder: Bool

        /// The name for people (``FilePath/displayName(_:)``): bad bytes and controls escaped.
        public var displayName: String { FilePath.displayName(name) }

        /// Whether the name starts with a dot.
        public var isHidden: Bool { name.first == UInt8(ascii: ".") }
    }

    /// The folder that was read.
    public let folder: FilePath
    /// The entries: the ``folderCount`` folders first, then the rest, each part in natural
    /// order. `.` and `..` are never listed.
    public let entries: Entries
    /// How many entries lead the list as folders.
    public var folderCount: Int { entries.folderCount }
    private let infos = Mutex<[Int: Result<FileInfo, FileError>]>([:])

    init(folder: FilePath, entries: Entries) {
        self.folder = folder
        self.entries = entries
    }

    /// The indices of the entries the folder tree shows below this folder.
    public var subfolderIndices: Range<Int> { 0..<folderCount }

    /// The path of the entry at `index`.
    public func path(at index: Int) -> FilePath { folder.appending(entries.name(at: index)) }

    /// The entry's ``FileInfo``, read on first use and kept: one `lstat`, plus a `readlink`
    /// and `stat` for a link. Safe from any thread.
    public func info(at index: Int) -> Result<FileInfo, FileError> {
        if let known = infos.withLock({ $0[index] }) { return known }
        // Read outside the lock: two threads may both read once, which is cheaper than
        // holding every other caller behind a slow file system.
        let info = FileInfo.read(path(at: index))
        infos.withLock { $0[index] = info }
        return info
    }

    /// Reads `folder`'s entries; hidden ones (a leading dot) only when `includeHidden`.
    ///
    /// Fails when the folder cannot be opened or read, with the system's reason (`Permission
    /// denied`, `Not a directory`…).
    public static func read(_ folder: FilePath, includeHidden: Bool) -> Result<FolderListing, FileError> {
        do throws(FileError) {
            let names = try FolderNames(opening: folder)
            let descriptor = names.descriptor
            var scanned = Entries.Builder()
            try names.forEach { entry in
                if !includeHidden && entry.name.first == UInt8(ascii: ".") { return }
                var kind = entry.kind
                var isFolder = kind == .directory
                if kind == .unknown || kind == .symlink {
                    (kind, isFolder) = Self.classify(entry.cName, in: descriptor, known: kind)
                }
                scanned.append(entry.name, kind: kind, isFolder: isFolder)
            }
            return .success(FolderListing(folder: folder, entries: scanned.sorted()))
        } catch {
            return .failure(error)
        }
    }

    /// The kind of an entry `readdir` could not type, and whether a link leads to a folder.
    /// An entry gone since `readdir` keeps what was known; it will vanish on the next read.
    private static func classify(
        _ name: UnsafePointer<CChar>, in descriptor: Int32,
        known: FileKind
    ) -> (FileKind, Bool) {
        var kind = known
        var status = stat()
        if kind == .unknown {
            guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return (kind, false) }
            kind = FileKind(mode: status.st_mode)
        }
        guard kind == .symlink else { return (kind, kind == .directory) }
        guard fstatat(descriptor, name, &status, 0) == 0 else { return (kind, false) }
        return (kind, FileKind(mode: status.st_mode) == .directory)
    }
}
