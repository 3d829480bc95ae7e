import Glibc

/// Which entry a name held, and as it was: its identity (device and inode), its type, its
/// size, and the time its inode last changed (`st_ctime`).
///
/// The change time is the proof that nothing touched the entry since: every write, truncate,
/// `chmod`, `utimensat` or rename moves it, and, unlike the modification time, no program can
/// set it back. Two versions are equal when they name the same inode, unchanged.
public struct FileVersion: Sendable, Hashable {
    /// The device and inode.
    public var identity: FileIdentity
    /// Its type bits (`st_mode & S_IFMT`).
    public var type: UInt32
    /// Its size in bytes.
    public var size: Int64
    /// When its inode last changed.
    public var changed: FileTime
    /// When its contents last changed (which a program can set back; ``changed`` it cannot).
    public var modified: FileTime
    /// How many names it has (hard links): removing one of them moves ``changed`` too.
    public var links: UInt64

    /// The version a `stat` gave.
    public init(_ info: stat) {
        identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        type = UInt32(info.st_mode & S_IFMT)
        size = Int64(info.st_size)
        changed = FileTime(seconds: Int64(info.st_ctim.tv_sec), nanoseconds: Int32(info.st_ctim.tv_nsec))
        modified = FileTime(seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int32(info.st_mtim.tv_nsec))
        links = UInt64(info.st_nlink)
    }

    /// The version of what `path` names now (a link itself, never followed), or nil when
    /// nothing can be looked at there (`errno` says why).
    public init?(of path: FilePath) {
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0 else { return nil }
        self.init(info)
    }

    /// Whether both name the same inode, whatever happened to it since.
    public func isSameEntry(as other: FileVersion) -> Bool {
        identity == other.identity
    }

    /// Whether it is still `earlier`, but for what removing names of it did: the same inode,
    /// type, size and modification time, with fewer names, its change time moved by their
    /// removal. A move across file systems that removed one name of a file with two (a hard
    /// link) knows the second is the same file.
    public func isUnchanged(since earlier: FileVersion, butForRemovedNames: Bool) -> Bool {
        if self == earlier { return true }
        guard butForRemovedNames else { return false }
        return identity == earlier.identity && type == earlier.type && size == earlier.size && modified == earlier.modified
            && links < earlier.links
    }

    /// Whether it is a folder.
    public var isFolder: Bool { type == UInt32(S_IFDIR) }
}
