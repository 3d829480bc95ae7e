import Glibc

/// What the inspector shows about one path: its own `lstat`, and for a symbolic link where it
/// points and what it resolves to.
///
/// The link itself is described (kind `.symlink`, its own size and dates) because that is the
/// entry people see in the folder; the target's kind and identity come beside it, so the app
/// can tell a link to a folder from a broken one, and a link back up the tree from a new
/// folder.
public struct FileInfo: Hashable, Sendable {
    /// The entry's own kind (`lstat`): a link is `.symlink` whatever it points to.
    public var kind: FileKind
    /// The size in bytes (for a link, the length of its target text).
    public var size: Int64
    /// The last modification of the contents.
    public var modified: FileTime
    /// The permission bits with setuid, setgid and sticky: `mode & 0o7777`.
    public var permissions: UInt32
    /// The owner's user ID; ``ownerName(_:)`` gives the name.
    public var uid: UInt32
    /// The group ID; ``groupName(_:)`` gives the name.
    public var gid: UInt32
    /// The device of the file, or of the link's target when the link resolves.
    public var device: UInt64
    /// The inode of the file, or of the link's target when the link resolves.
    public var inode: UInt64
    /// For a link: its target exactly as stored (`readlink`); `nil` for anything else.
    public var linkTarget: [UInt8]?
    /// For a link: the kind the whole chain resolves to (`stat`); `nil` when it is broken or
    /// loops, and for anything that is not a link.
    public var resolvedKind: FileKind?
    /// For a link that does not resolve: why (`ENOENT` broken, `ELOOP` a loop, `EACCES`…).
    public var linkError: FileError?

    /// The device and inode, which name one file however many paths lead to it.
    public var identity: FileIdentity { FileIdentity(device: device, inode: inode) }

    /// The link's target for people, escaped like a name; `nil` when this is not a link.
    public var linkTargetDisplay: String? { linkTarget.map(FilePath.displayName) }

    /// Whether this is a link whose chain comes back on itself (the kernel's `ELOOP`).
    public var isLoop: Bool { linkError?.code == ELOOP }

    /// Whether this is a folder or a link that resolves to one: what the tree descends into.
    public var isFolder: Bool { kind == .directory || resolvedKind == .directory }

    /// The mode as `ls -l` prints it: `-rw-r--r--`, `drwxr-x---`, `lrwxrwxrwx`, with
    /// `s`/`S` for setuid and setgid and `t`/`T` for sticky (upper case when the execute bit
    /// beneath is off).
    public var permissionsString: String {
        var text = String(kind.letter)
        let special: [(set: UInt32, letter: Character)] = [(0o4000, "s"), (0o2000, "s"), (0o1000, "t")]
        for (index, shift) in [6, 3, 0].enumerated() {
            let bits = permissions >> UInt32(shift)
            text.append(bits & 4 != 0 ? "r" : "-")
            text.append(bits & 2 != 0 ? "w" : "-")
            let execute = bits & 1 != 0
            if permissions & special[index].set != 0 {
                text.append(execute ? special[index].letter : Character(special[index].letter.uppercased()))
            } else {
                text.append(execute ? "x" : "-")
            }
        }
        return text
    }

    /// Reads `path` without following a final link, then follows it once to learn the target.
    ///
    /// Fails only when the path itself cannot be `lstat`ed; a broken or looping link is a
    /// success with ``resolvedKind`` `nil` and ``linkError`` set, since the link exists.
    public static func read(_ path: FilePath) -> Result<FileInfo, FileError> {
        path.withSystemPath { cPath in
            var status = stat()
            guard lstat(cPath, &status) == 0 else { return .failure(path.error(errno)) }
            var info = FileInfo(status)
            guard info.kind == .symlink else { return .success(info) }
            info.linkTarget = readLink(cPath, sizeHint: Int(status.st_size))
            var target = stat()
            if stat(cPath, &target) == 0 {
                info.resolvedKind = FileKind(mode: target.st_mode)
                info.device = UInt64(target.st_dev)
                info.inode = UInt64(target.st_ino)
            } else {
                info.linkError = path.error(errno)
            }
            return .success(info)
        }
    }

    init(_ status: stat) {
        kind = FileKind(mode: status.st_mode)
        size = Int64(status.st_size)
        modified = FileTime(seconds: Int64(status.st_mtim.tv_sec), nanoseconds: Int32(status.st_mtim.tv_nsec))
        permissions = UInt32(status.st_mode) & 0o7777
        uid = UInt32(status.st_uid)
        gid = UInt32(status.st_gid)
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    /// The link's stored target; the size `lstat` gave can be stale if the link is replaced
    /// meanwhile, so a full buffer means "try larger", not "done".
    private static func readLink(_ cPath: UnsafePointer<CChar>, sizeHint: Int) -> [UInt8]? {
        var capacity = max(sizeHint + 1, 64)
        while capacity <= 1 << 20 {
            var length = 0
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                length = buffer.withMemoryRebound(to: CChar.self) { readlink(cPath, $0.baseAddress!, capacity) }
                count = max(length, 0)
            }
            if length < 0 { return nil }
            if length < capacity { return bytes }
            capacity *= 2
        }
        return nil
    }
}

/// A modification time to the nanosecond, as the file system keeps it.
public struct FileTime: Hashable, Sendable, Comparable {
    /// Whole seconds since 1970-01-01 UTC.
    public var seconds: Int64
    /// The nanoseconds past ``seconds``, 0 ..< 1 000 000 000.
    public var nanoseconds: Int32

    /// A time from its two parts.
    public init(seconds: Int64, nanoseconds: Int32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// Earlier first.
    public static func < (lhs: FileTime, rhs: FileTime) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }
}

/// The device and inode of a file: equal for two paths exactly when they reach the same file,
/// which is how a walk notices a link leading back to a folder it is already in.
public struct FileIdentity: Hashable, Sendable {
    /// The `st_dev` of the file system holding the file.
    public var device: UInt64
    /// The `st_ino` within that file system.
    public var inode: UInt64

    /// An identity from its two parts.
    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}
