import CFileOps
import Glibc
import SplitView

/// One trash directory of the freedesktop.org Trash specification: `files/` holds the trashed
/// files under their trash names, `info/` one `NAME.trashinfo` each.
public struct TrashDirectory: Hashable, Sendable {
    /// The directory: `$XDG_DATA_HOME/Trash`, `$topdir/.Trash/$uid` or `$topdir/.Trash-$uid`.
    public var path: FilePath
    /// The volume's top folder for a volume's trash, whose `Path=` lines are relative to it;
    /// `nil` for the home trash, whose lines are absolute.
    public var topdir: FilePath?

    /// A trash directory at `path`, on the volume mounted at `topdir` (`nil`: the home trash).
    public init(path: FilePath, topdir: FilePath?) {
        self.path = path
        self.topdir = topdir
    }

    /// `files/`, the trashed files.
    public var files: FilePath { path.appending(Array("files".utf8)) }
    /// `info/`, their `.trashinfo` files.
    public var info: FilePath { path.appending(Array("info".utf8)) }

    /// The info file of the trashed file `name`.
    public func infoFile(for name: [UInt8]) -> FilePath { info.appending(Self.infoName(for: name)) }

    /// `NAME.trashinfo`, the info file's name in `info/` for the trashed file `name`.
    public static func infoName(for name: [UInt8]) -> [UInt8] { name + Array(".trashinfo".utf8) }

    /// The trashed file's name for the info file `infoName`, or `nil` when it is no
    /// `NAME.trashinfo` (something else put in `info/`).
    public static func itemName(ofInfo infoName: [UInt8]) -> [UInt8]? {
        let suffix = ".trashinfo".utf8
        guard infoName.count > suffix.count, infoName.suffix(suffix.count).elementsEqual(suffix) else { return nil }
        return Array(infoName.dropLast(suffix.count))
    }

    /// `files/` and `info/` open for the `*at` calls (the caller closes both). The trash
    /// folder is opened by its path, as the user's setup has it (`~/.local` may be a link);
    /// its `files` and `info` never through a link: a link there is refused (`ELOOP`), so
    /// nothing read, renamed or deleted by the descriptors can be outside the trash.
    public func openFolders() throws(FileError) -> (files: Int32, info: Int32) {
        let trash = try FileRemoval.openFolder(path)
        defer { close(trash) }
        let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
        let files = sv_openat(trash, "files", flags, 0)
        guard files >= 0 else { throw self.files.error(errno) }
        let info = sv_openat(trash, "info", flags, 0)
        guard info >= 0 else {
            let code = errno
            close(files)
            throw self.info.error(code)
        }
        return (files, info)
    }

    /// The absolute original path an info file's `Path=` names: relative ones below
    /// ``topdir``; `nil` for a relative path in the home trash or an absolute one in a
    /// volume's (the specification allows the latter, but a volume can be mounted anywhere,
    /// and such a line could send a restore to any folder: GIO refuses it too).
    public func originalPath(of info: TrashInfo) -> FilePath? {
        let isAbsolute = info.path.first == UInt8(ascii: "/")
        switch (topdir, isAbsolute) {
        case (nil, true): return FilePath(bytes: info.path)
        case (let topdir?, false): return topdir.appending(info.path)
        default: return nil
        }
    }
}

/// Where the trash is, for one user: the home trash and the volumes' trashes.
///
/// The rules, from the specification:
/// - A file on the same file system (`st_dev`) as the home trash goes to the home trash,
///   `$XDG_DATA_HOME/Trash` (`~/.local/share/Trash` when the variable is unset or relative),
///   made with `files/` and `info/` (mode 0700) when first needed.
/// - A file on another file system goes to its volume's trash, so that trashing is a rename
///   and never a copy. The volume's top folder is the mount point, in the mount table, of the
///   device the file is on (the longest one holding the file), else the highest folder above
///   the file on the same device. There, `$topdir/.Trash/$uid` is used when `.Trash` is a
///   real folder (not a link) with the sticky bit, as an administrator makes it; else
///   `$topdir/.Trash-$uid`, made with mode 0700, and used only when it is a folder of the
///   user's own and not a link.
/// - Decided, as GIO decides: a system's own mounts (`/`, `/usr`, `/var`, `/tmp`, `/home`,
///   `/boot`, …; `proc`, `sysfs`, `tmpfs`, `overlay` and the like) get no trash of ours; a
///   file there has no usable trash, and the browser asks before deleting it for good.
public struct Trash: Sendable {
    /// The home trash.
    public var home: TrashDirectory
    /// The mount table read for the volumes (`/proc/self/mountinfo`; tests give their own,
    /// and ``MountInfo/table(environment:)`` says how the program is given one).
    public var mountInfoFile: String
    /// The user whose trash this is (the `$uid` of the volumes' trash names).
    public var uid: uid_t

    /// The trash whose home trash is `homeTrash` (a `Trash` folder).
    public init(homeTrash: FilePath, mountInfoFile: String = MountInfo.systemTable, uid: uid_t = getuid()) {
        home = TrashDirectory(path: homeTrash, topdir: nil)
        self.mountInfoFile = mountInfoFile
        self.uid = uid
    }

    /// The trash for `environment`: `$XDG_DATA_HOME/Trash` when the variable is an absolute
    /// path, else `$HOME/.local/share/Trash`; its volumes from the mount table
    /// ``MountInfo/table(environment:)`` names.
    public init(environment: [String: String]) {
        let data: String
        if let value = environment["XDG_DATA_HOME"], value.hasPrefix("/") {
            data = value
        } else {
            var home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            if home == nil, let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
                home = String(cString: directory)
            }
            data = (home ?? "/") + "/.local/share"
        }
        self.init(
            homeTrash: FilePath(data).appending(Array("Trash".utf8)), mountInfoFile: MountInfo.table(environment: environment))
    }

    /// The process's own environment's trash.
    public static func current() -> Trash {
        var environment: [String: String] = [:]
        for name in ["HOME", "XDG_DATA_HOME", MountInfo.tableVariable] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return Trash(environment: environment)
    }

    /// The trash directory `path` would go to, made when missing; the error says why there
    /// is none (code `ENOTSUP`, ``noTrash(_:_:)``, when its volume has no usable trash).
    public func directory(forTrashing path: FilePath) throws(FileError) -> TrashDirectory {
        try directory(forTrashing: path, cache: nil)
    }

    /// ``directory(forTrashing:)``, the trash directory of each folder looked up once in
    /// `cache` (a batch of 150 000 files from one folder reads the mount table once), and a
    /// volume without a trash said once, each file under its own name.
    func directory(forTrashing path: FilePath, cache: TrashingCache?) throws(FileError) -> TrashDirectory {
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0 else { throw path.error(errno) }
        var parent = stat()
        if path.parent.withCString({ stat($0, &parent) }) == 0, parent.st_dev != info.st_dev {
            throw FileError(path: path.displayString, reason: String(translated: "it is where a volume is mounted"))
        }
        let directory: TrashDirectory
        if let known = cache?.directories[path.parent] {
            switch known {
            case .success(let found): directory = found
            case .failure(var error):
                error.path = path.displayString
                throw error
            }
        } else {
            do {
                directory = try lookUpDirectory(for: path, device: info.st_dev)
                cache?.directories[path.parent] = .success(directory)
            } catch {
                // A volume without a trash stays so; any other failure is tried again.
                if error.code == ENOTSUP { cache?.directories[path.parent] = .failure(error) }
                throw error
            }
        }
        if directory.path == path || directory.path.bytes.starts(with: path.bytes + [UInt8(ascii: "/")]) {
            throw FileError(path: path.displayString, reason: String(translated: "it holds the trash"))
        }
        return directory
    }

    /// The trash directory for `path` on `device`: the home trash, or its volume's.
    private func lookUpDirectory(for path: FilePath, device: dev_t) throws(FileError) -> TrashDirectory {
        if device == homeDevice() {
            if home.path == path || home.path.bytes.starts(with: path.bytes + [UInt8(ascii: "/")]) {
                throw FileError(path: path.displayString, reason: String(translated: "it holds the trash"))
            }
            try Self.makeTrash(home.path, mustBeOwnedBy: nil)
            return home
        }
        guard let topdir = topdir(of: path, device: device) else {
            throw Self.noTrash(path, String(translated: "its volume has no trash"))
        }
        do {
            return try volumeDirectory(topdir: topdir)
        } catch {
            let problem = error.description
            throw Self.noTrash(path, String(translated: "its volume has no usable trash (\(problem))"))
        }
    }

    /// Makes the home trash (`files/` and `info/`) where missing, as the Trash place shows it.
    public func makeHome() throws(FileError) {
        try Self.makeTrash(home.path, mustBeOwnedBy: nil)
    }

    /// The error for a file whose volume has no usable trash: code `ENOTSUP`, which the
    /// browser answers by asking to delete for good, and `reason` in words.
    public static func noTrash(_ path: FilePath, _ reason: String) -> FileError {
        var error = FileError(path: path.displayString, reason: reason)
        error.code = ENOTSUP
        return error
    }

    /// Every trash directory there is now: the home trash (when it exists), then the volumes'
    /// (`.Trash/$uid` when usable, then `.Trash-$uid`), in the mount table's order. Nothing
    /// is made.
    ///
    /// Without `network`, the volumes of network and FUSE file systems (NFS, SMB, sshfs…) are
    /// not looked at: a server that does not answer would hold the caller in `lstat`, which the
    /// places, read as the window starts, must never be. Emptying the trash looks at them.
    public func directories(network: Bool = true) -> [TrashDirectory] {
        var found: [TrashDirectory] = []
        if Self.isOwnFolder(home.path, uid: nil) { found.append(home) }
        let homeDevice = homeDevice().map(UInt64.init)
        var seen: Set<FilePath> = [home.path]
        for mount in mounts()
        where !Self.isSystemMount(mount) && mount.device != homeDevice && (network || !Self.isNetworkMount(mount)) {
            let topdir = mount.mountPoint
            let shared = topdir.appending(Array(".Trash".utf8))
            var candidates = [topdir.appending(Array(".Trash-\(uid)".utf8))]
            if Self.isSharedTrash(shared) { candidates.insert(shared.appending(Array("\(uid)".utf8)), at: 0) }
            for candidate in candidates where Self.isOwnFolder(candidate, uid: uid) && seen.insert(candidate).inserted {
                found.append(TrashDirectory(path: candidate, topdir: topdir))
            }
        }
        return found
    }

    /// The trash directory whose `files/` is `folder`, if it is one: the home trash's, or a
    /// volume's (`…/.Trash-$uid/files`, `…/.Trash/$uid/files`) by its name and place.
    public func directory(showing folder: FilePath) -> TrashDirectory? {
        if folder == home.files { return home }
        guard folder.lastComponent == Array("files".utf8) else { return nil }
        let trash = folder.parent
        let name = trash.lastComponent
        if name == Array(".Trash-\(uid)".utf8) { return TrashDirectory(path: trash, topdir: trash.parent) }
        if name == Array("\(uid)".utf8), trash.parent.lastComponent == Array(".Trash".utf8) {
            return TrashDirectory(path: trash, topdir: trash.parent.parent)
        }
        return nil
    }

    /// The device of the home trash, or of the nearest folder above it that exists.
    func homeDevice() -> dev_t? {
        var path = home.path
        var info = stat()
        while path.withCString({ stat($0, &info) }) != 0 {
            if path.isRoot || path.parent == path { return nil }
            path = path.parent
        }
        return info.st_dev
    }

    /// The mount table's mounts; none when it cannot be read.
    func mounts() -> [MountInfo.Mount] {
        guard case .success(let bytes) = AtomicFile.read(mountInfoFile, limit: 4 << 20) else { return [] }
        return MountInfo.parse(bytes)
    }

    /// The top folder of the volume that holds `path` (on `device`), or `nil` when it is a
    /// system's own mount (see the type's rules).
    func topdir(of path: FilePath, device: dev_t) -> FilePath? {
        let real = path.parent.resolved.map { $0.appending(path.lastComponent) } ?? path
        let holding = mounts().filter { mount in
            mount.device == UInt64(device)
                && (mount.mountPoint.isRoot || real.bytes.starts(with: mount.mountPoint.bytes + [UInt8(ascii: "/")]))
        }
        if let mount = holding.max(by: { $0.mountPoint.bytes.count < $1.mountPoint.bytes.count }) {
            return Self.isSystemMount(mount) ? nil : mount.mountPoint
        }
        // No table (or a bind mount it does not name): the highest folder on the device.
        var top = real.parent
        var info = stat()
        while !top.isRoot, top.parent.withCString({ stat($0, &info) }) == 0, info.st_dev == device { top = top.parent }
        return Self.isSystemMount(MountInfo.Mount(mountPoint: top, type: "", device: nil)) ? nil : top
    }

    /// `$topdir/.Trash/$uid` when usable, else `$topdir/.Trash-$uid`, made when missing.
    func volumeDirectory(topdir: FilePath) throws(FileError) -> TrashDirectory {
        let shared = topdir.appending(Array(".Trash".utf8))
        if Self.isSharedTrash(shared) {
            let own = shared.appending(Array("\(uid)".utf8))
            if (try? Self.makeTrash(own, mustBeOwnedBy: uid)) != nil { return TrashDirectory(path: own, topdir: topdir) }
        }
        let own = topdir.appending(Array(".Trash-\(uid)".utf8))
        try Self.makeTrash(own, mustBeOwnedBy: uid)
        return TrashDirectory(path: own, topdir: topdir)
    }

    /// Whether `path` is an administrator's shared `.Trash`: a folder, not a link, sticky.
    static func isSharedTrash(_ path: FilePath) -> Bool {
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFDIR && info.st_mode & S_ISVTX != 0
    }

    /// Whether `path` is a folder, not a link, owned by `uid` (when given).
    static func isOwnFolder(_ path: FilePath, uid: uid_t?) -> Bool {
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFDIR && (uid == nil || info.st_uid == uid)
    }

    /// Makes the trash directory `path` with `files/` and `info/` (mode 0700) where missing,
    /// and checks that each is a folder and not a link; a volume's must be the user's own.
    /// The home trash's folders above it are made as `mkdir -p` would.
    static func makeTrash(_ path: FilePath, mustBeOwnedBy uid: uid_t?) throws(FileError) {
        if uid == nil, !isOwnFolder(path.parent, uid: nil) { try makeFolders(path.parent, mode: 0o700) }
        for folder in [path, path.appending(Array("files".utf8)), path.appending(Array("info".utf8))] {
            if folder.withCString({ sv_mkdir($0, 0o700) }) != 0, errno != EEXIST { throw folder.error(errno) }
            guard isOwnFolder(folder, uid: uid) else {
                throw FileError(
                    path: folder.displayString, reason: String(translated: "not a folder of your own: not used as a trash"))
            }
        }
    }

    /// Makes `path` and the missing folders above it with `mode` (the umask applies).
    static func makeFolders(_ path: FilePath, mode: mode_t) throws(FileError) {
        var missing: [FilePath] = []
        var folder = path
        var info = stat()
        while folder.withCString({ stat($0, &info) }) != 0 {
            guard errno == ENOENT, !folder.isRoot else { throw folder.error(errno) }
            missing.append(folder)
            folder = folder.parent
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw folder.error(ENOTDIR) }
        for folder in missing.reversed() where folder.withCString({ sv_mkdir($0, mode) }) != 0 && errno != EEXIST {
            throw folder.error(errno)
        }
    }

    /// Whether `mount` is a network or FUSE file system (`nfs4`, `cifs`, `fuse.sshfs`; not
    /// `fuseblk`, a local disk such as an NTFS stick), whose server may not answer.
    static func isNetworkMount(_ mount: MountInfo.Mount) -> Bool {
        let network: Set<String> = [
            "nfs", "nfs4", "cifs", "smb3", "smbfs", "ncpfs", "afs", "9p", "ceph", "glusterfs", "lustre", "davfs", "fuse",
        ]
        return network.contains(mount.type) || (mount.type.hasPrefix("fuse.") && mount.type != "fuseblk")
    }

    /// Whether a mount is the system's own, where no trash is made: GIO's "system internal"
    /// mounts (`g_unix_mount_is_system_internal`), by their type (`tmpfs` and `overlay`
    /// among them: a RAM disk or a container's layer, whose `.Trash-$uid` neither GIO nor
    /// Thunar would ever list or empty) or their mount point.
    static func isSystemMount(_ mount: MountInfo.Mount) -> Bool {
        let systemTypes: Set<String> = [
            "adfs", "afs", "auto", "autofs", "autofs4", "cgroup", "cgroup2", "configfs", "cxfs", "debugfs", "devfs",
            "devpts", "devtmpfs", "ecryptfs", "efivarfs", "fdescfs", "fusectl", "gfs", "gfs2", "gpfs", "hugetlbfs",
            "kernfs", "linprocfs", "linsysfs", "lustre", "lustre_lite", "mfs", "mqueue", "ncpfs", "nfsd", "nullfs",
            "ocfs2", "overlay", "proc", "procfs", "pstore", "ptyfs", "rootfs", "rpc_pipefs", "securityfs", "selinuxfs",
            "sysfs", "tmpfs", "usbfs", "tracefs", "bpf", "binfmt_misc",
        ]
        let systemPaths: Set<String> = [
            "/", "/bin", "/boot", "/boot/efi", "/compat/linux/proc", "/compat/linux/sys", "/dev", "/etc", "/home", "/lib",
            "/lib64", "/libexec", "/live/cow", "/live/image", "/media", "/mnt", "/net", "/opt", "/proc", "/rescue",
            "/root", "/run", "/sbin", "/srv", "/sys", "/tmp", "/usr", "/usr/X11R6", "/usr/local", "/usr/obj",
            "/usr/ports", "/usr/src", "/usr/xobj", "/var", "/var/crash", "/var/local", "/var/log", "/var/log/audit",
            "/var/mail", "/var/run", "/var/tmp",
        ]
        let point = mount.mountPoint.string ?? ""
        if systemTypes.contains(mount.type) || systemPaths.contains(point) { return true }
        return ["/dev/", "/proc/", "/sys/"].contains { point.hasPrefix($0) }
            || (point.hasPrefix("/run/") && !point.hasPrefix("/run/media/"))
    }
}
