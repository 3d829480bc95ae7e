/// The mount points in `/proc/self/mountinfo`, for the places' volumes.
///
/// A line is `36 35 98:0 /root /media/ana/USB\040stick rw,nosuid - vfat /dev/sdb1 rw`: the
/// fifth field is the mount point, with a space, a tab, a newline and a backslash written as
/// octal escapes (`\040`, `\011`, `\012`, `\134`); the third is the device, `major:minor`,
/// as `stat`'s `st_dev` names it (what tells the trash which volume a file is on). A line with
/// fewer fields, without the ` - ` separator, or with a mount point that is not absolute is
/// skipped.
public enum MountInfo {
    /// One mounted file system.
    public struct Mount: Hashable, Sendable {
        /// Where it is mounted.
        public var mountPoint: FilePath
        /// Its type (`ext4`, `vfat`), as the line gives it.
        public var type: String
        /// Its device as `st_dev` gives it, or `nil` when the line's is not `major:minor`.
        public var device: UInt64?
    }

    /// The kernel's table of the process's mounts.
    public static let systemTable = "/proc/self/mountinfo"

    /// The environment variable that names another table in place of ``systemTable``.
    public static let tableVariable = "SPLITVIEW_MOUNTINFO"

    /// The mount table to read: `SPLITVIEW_MOUNTINFO` when it is an absolute path, else
    /// ``systemTable``.
    ///
    /// Decided: a test seam, documented as one. The window tests run the real program, which
    /// reads the machine's mounts for the places' volumes and the volumes' trashes, so a USB
    /// stick with a `.Trash-1000` holding a file would add a "Trash on …" place and move every
    /// place below it. The tests give the program a table of their own through this variable,
    /// as they give it a home and XDG folders of their own; a user has no reason to set it.
    public static func table(environment: [String: String]) -> String {
        guard let path = environment[tableVariable], path.hasPrefix("/") else { return systemTable }
        return path
    }

    /// `st_dev`'s encoding of `major:minor` (glibc's `makedev`).
    public static func device(major: UInt64, minor: UInt64) -> UInt64 {
        (major & 0xfff) << 8 | (major & ~0xfff) << 32 | (minor & 0xff) | (minor & ~0xff) << 12
    }

    /// `major:minor` read as `st_dev` encodes it.
    static func device(_ field: ArraySlice<UInt8>) -> UInt64? {
        let parts = field.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard parts.count == 2, let major = UInt64(String(decoding: parts[0], as: UTF8.self)),
            let minor = UInt64(String(decoding: parts[1], as: UTF8.self)), major < 1 << 32, minor < 1 << 32
        else { return nil }
        return device(major: major, minor: minor)
    }

    /// The mounts in `bytes`, in the file's order.
    public static func parse(_ bytes: [UInt8]) -> [Mount] {
        var mounts: [Mount] = []
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true)
            guard fields.count >= 7, let separator = fields.dropFirst(6).firstIndex(where: { $0.elementsEqual("-".utf8) }),
                separator + 1 < fields.count, let point = unescape(fields[4]), point.first == UInt8(ascii: "/")
            else { continue }
            let type = String(decoding: unescape(fields[separator + 1]) ?? [], as: UTF8.self)
            mounts.append(Mount(mountPoint: FilePath(bytes: point), type: type, device: device(fields[2])))
        }
        return mounts
    }

    /// The mount points strictly below `/media`, `/mnt` or `/run/media` — the volumes GNOME
    /// Files lists (a USB stick at `/media/ana/STICK`) — each once, in the file's order.
    public static func volumes(in mounts: [Mount]) -> [FilePath] {
        let parents = ["/media/", "/mnt/", "/run/media/"].map { Array($0.utf8) }
        var seen: Set<FilePath> = []
        return mounts.map(\.mountPoint).filter { point in
            parents.contains { point.bytes.count > $0.count && point.bytes.starts(with: $0) } && seen.insert(point).inserted
        }
    }

    /// `\NNN` (three octal digits) decoded; `nil` for a bad escape or a NUL byte.
    static func unescape(_ field: ArraySlice<UInt8>) -> [UInt8]? {
        var bytes: [UInt8] = []
        var index = field.startIndex
        while index < field.endIndex {
            let byte = field[index]
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                index += 1
                continue
            }
            guard index + 3 < field.endIndex else { return nil }
            var value = 0
            for digit in field[(index + 1)...(index + 3)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) else { return nil }
                value = value * 8 + Int(digit - UInt8(ascii: "0"))
            }
            guard value > 0, value < 256 else { return nil }
            bytes.append(UInt8(value))
            index += 4
        }
        return bytes
    }
}
