import Glibc

/// What a directory entry is, as `lstat` or `readdir` tells it.
public enum FileKind: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A folder.
    case directory
    /// A regular file.
    case regular
    /// A symbolic link, itself (not what it points to).
    case symlink
    /// A named pipe: opening it can wait for the other end.
    case fifo
    /// A Unix domain socket.
    case socket
    /// A character device such as a terminal or `/dev/null`.
    case characterDevice
    /// A block device such as a disk.
    case blockDevice
    /// A type this library does not know, or one the file system did not say.
    case unknown

    /// The word the inspector shows: `folder`, `file`, `symbolic link`, `FIFO`…
    public var word: String {
        switch self {
        case .directory: "folder"
        case .regular: "file"
        case .symlink: "symbolic link"
        case .fifo: "FIFO"
        case .socket: "socket"
        case .characterDevice: "character device"
        case .blockDevice: "block device"
        case .unknown: "unknown"
        }
    }

    /// The human word, so a kind interpolates as people read it.
    public var description: String { word }

    /// The kind encoded in a `st_mode`.
    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFDIR: self = .directory
        case S_IFREG: self = .regular
        case S_IFLNK: self = .symlink
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        default: self = .unknown
        }
    }

    /// The kind a directory entry's `d_type` gives; `.unknown` for `DT_UNKNOWN`, which some
    /// file systems always report and which then needs an `lstat`.
    init(directoryEntryType type: UInt8) {
        switch Int(type) {
        case Int(DT_DIR): self = .directory
        case Int(DT_REG): self = .regular
        case Int(DT_LNK): self = .symlink
        case Int(DT_FIFO): self = .fifo
        case Int(DT_SOCK): self = .socket
        case Int(DT_CHR): self = .characterDevice
        case Int(DT_BLK): self = .blockDevice
        default: self = .unknown
        }
    }

    /// The first letter of an `ls -l` line.
    var letter: Character {
        switch self {
        case .directory: "d"
        case .regular: "-"
        case .symlink: "l"
        case .fifo: "p"
        case .socket: "s"
        case .characterDevice: "c"
        case .blockDevice: "b"
        case .unknown: "?"
        }
    }
}
