import CFileOps
import Glibc
import SplitView

/// A file in a trash: its trash name, where it came from, when it was trashed.
public struct TrashedItem: Hashable, Sendable {
    /// The trash directory holding it.
    public var directory: TrashDirectory
    /// Its name in `files/` (its info file is `info/NAME.trashinfo`).
    public var name: [UInt8]
    /// Where it was, absolute.
    public var originalPath: FilePath
    /// When it was trashed, when the info file says.
    public var deletionDate: DeletionDate?

    /// An item of `directory` named `name`, from `originalPath`.
    public init(directory: TrashDirectory, name: [UInt8], originalPath: FilePath, deletionDate: DeletionDate?) {
        self.directory = directory
        self.name = name
        self.originalPath = originalPath
        self.deletionDate = deletionDate
    }

    /// The file in `files/`.
    public var trashedPath: FilePath { directory.files.appending(name) }
    /// Its `.trashinfo` file.
    public var infoPath: FilePath { directory.infoFile(for: name) }

    /// Whether ``name`` is one entry's name: not empty, no `/` or NUL, not `.` or `..`. An
    /// item made by hand with another name is refused before anything is touched.
    var hasPlainName: Bool { Trash.isPlainName(name) }
}

/// What a batch of trashings looks up once rather than for each file: the trash directory
/// of each folder the files are in (or why there is none), each trash directory's `files/`
/// and `info/` open, and each folder's real path. The descriptors close with it.
final class TrashingCache {
    /// The trash directory of the files of a folder, by the folder, or the `ENOTSUP` error of
    /// a volume without one.
    var directories: [FilePath: Result<TrashDirectory, FileError>] = [:]
    private var open: [TrashDirectory: (files: Int32, info: Int32)] = [:]
    private var real: [FilePath: FilePath?] = [:]

    /// `directory`'s `files/` and `info/`, opened the first time (``TrashDirectory/openFolders()``).
    func folders(of directory: TrashDirectory) throws(FileError) -> (files: Int32, info: Int32) {
        if let known = open[directory] { return known }
        let folders = try directory.openFolders()
        open[directory] = folders
        return folders
    }

    /// `folder` with its links resolved (``FilePath/resolved``), once.
    func resolved(_ folder: FilePath) -> FilePath? {
        if let known = real[folder] { return known }
        let found = folder.resolved
        real[folder] = found
        return found
    }

    deinit {
        for (files, info) in open.values {
            close(files)
            close(info)
        }
    }
}

/// Trashing, restoring, listing and emptying, by the freedesktop.org Trash specification 1.0,
/// so that GNOME Files, Thunar, KDE and `gio trash` see what we trash and we see theirs.
extension Trash {
    /// How old, in seconds, an info file without its file must be before a reading of the
    /// trash removes it: 60.
    ///
    /// The specification has a trashing program write `info/NAME.trashinfo` first and rename
    /// the file into `files/NAME` after, so a young info file without its file is most likely
    /// a trashing under way in another program (or in another window), which removing it
    /// would leave without its info. One older than a minute is left by a trashing killed half
    /// way (`kill -9`, a crash, a full disk): GIO ignores such files, and we remove them.
    public static let orphanGrace = 60

    /// Moves `path` to its trash (``directory(forTrashing:)``) in the specification's order.
    ///
    /// 1. The info file `info/NAME.trashinfo` is made with `O_EXCL` and written: making it
    ///    reserves `NAME` against any other program trashing at the same time. `NAME` is the
    ///    file's name, else, as GIO numbers them, `name.2.ext`, `name.3.ext`… (the number goes
    ///    before the first dot: `a.txt` → `a.2.txt`, `notes` → `notes.2`). A name so long that
    ///    `NAME.trashinfo` would pass 255 bytes is shortened, at a character's edge: `Path=`
    ///    keeps the whole original name.
    /// 2. The file is renamed into `files/NAME` with `RENAME_NOREPLACE`. A name taken there
    ///    (a file left without its info by another program) tries the next name; any other
    ///    failure removes the info file, so a failed trashing leaves the file where it was and
    ///    nothing in the trash. Should that removal fail too, the info file is one without its
    ///    file, which listings skip and remove once it is ``orphanGrace`` seconds old.
    ///
    /// `files/` and `info/` are reached by descriptors that never go through a link
    /// (``TrashDirectory/openFolders()``). `directorysizes`, the specification's optional cache
    /// of folder sizes, is not written: readers that use it must check it against `info/`
    /// anyway, as GIO does.
    ///
    /// - Parameters:
    ///   - path: the file or folder, absolute.
    ///   - now: the deletion time, in seconds since the epoch (written in local time).
    /// - Returns: the trashed item, for Ctrl+Z.
    /// - Throws: why it could not be trashed; the file is then untouched.
    @discardableResult
    public func moveToTrash(_ path: FilePath, now: Int = time(nil)) throws(FileError) -> TrashedItem {
        try moveToTrash(path, now: now, cache: TrashingCache())
    }

    /// ``moveToTrash(_:now:)``, what does not change from one file to the next of a batch
    /// (the trash directory of each folder, its folders open, a folder's real path) looked up
    /// once in `cache`.
    func moveToTrash(_ path: FilePath, now: Int, cache: TrashingCache) throws(FileError) -> TrashedItem {
        guard !path.bytes.contains(0), !path.isRoot, path.bytes.first == UInt8(ascii: "/") else {
            throw FileError(path: path.displayString, code: EINVAL)
        }
        let directory = try directory(forTrashing: path, cache: cache)
        let written: [UInt8]
        if let topdir = directory.topdir {
            let real = cache.resolved(path.parent).map { $0.appending(path.lastComponent) } ?? path
            written = Array(real.bytes.dropFirst(topdir.isRoot ? 1 : topdir.bytes.count + 1))
        } else {
            written = path.bytes
        }
        let info = TrashInfo(path: written, deletionDate: DeletionDate(localTime: now))
        let folders = try cache.folders(of: directory)
        let base = Self.fitting(path.lastComponent)
        for number in 1...10_000 {
            let name = Self.numbered(base, number)
            let infoName = TrashDirectory.infoName(for: name)
            switch Self.create(infoName, in: folders.info, info.bytes, path: directory.info) {
            case .taken: continue
            case .failed(let error): throw error
            case .written: break
            }
            let moved = path.withCString { from in
                FileRemoval.withName(name) { sv_renameat_noreplace(AT_FDCWD, from, folders.files, $0) }
            }
            if moved == 0 {
                return TrashedItem(
                    directory: directory, name: name, originalPath: directory.originalPath(of: info) ?? path,
                    deletionDate: info.deletionDate)
            }
            let code = errno
            _ = FileRemoval.withName(infoName) { sv_unlinkat(folders.info, $0, 0) }
            if code == EEXIST || code == ENOTEMPTY { continue }
            throw FileError(path: path.displayString, code: code)
        }
        throw FileError(path: path.displayString, reason: String(translated: "the trash holds too many files of that name"))
    }

    /// The items of every trash directory (``directories(network:)``), newest first.
    public func items() -> [TrashedItem] {
        directories().flatMap(Self.items(in:)).sorted { first, second in
            guard let one = first.deletionDate else { return false }
            guard let other = second.deletionDate else { return true }
            return one > other
        }
    }

    /// The items of `directory` in `info/`'s order: the info files that can be read (at most
    /// ``TrashInfo/sizeLimit`` bytes, regular files only) and parse, whose file is in `files/`.
    ///
    /// Reading the trash also tidies it, as GIO's reader ignores what this removes: an info
    /// file whose `files/NAME` does not exist is skipped, and removed when its modification
    /// time is at least ``orphanGrace`` seconds old (younger, it may be a trashing under way).
    /// Nothing else is removed: an info file that cannot be read keeps its file in the trash.
    public static func items(in directory: TrashDirectory) -> [TrashedItem] {
        guard let folders = try? directory.openFolders() else { return [] }
        defer {
            close(folders.files)
            close(folders.info)
        }
        var items: [TrashedItem] = []
        let now = time(nil)
        for infoName in (try? FolderNames.all(in: folders.info, path: directory.info)) ?? [] {
            guard let name = TrashDirectory.itemName(ofInfo: infoName) else { continue }
            var file = stat()
            guard FileRemoval.withName(name, { fstatat(folders.files, $0, &file, AT_SYMLINK_NOFOLLOW) }) == 0 else {
                if errno == ENOENT { removeOrphan(infoName, in: folders.info, files: folders.files, now: now) }
                continue
            }
            guard let bytes = readInfo(infoName, in: folders.info), let info = TrashInfo.parse(bytes),
                let original = directory.originalPath(of: info)
            else { continue }
            items.append(
                TrashedItem(directory: directory, name: name, originalPath: original, deletionDate: info.deletionDate))
        }
        return items
    }

    /// Removes the info file `infoName` (in the folder open as `info`) when it is at least
    /// ``orphanGrace`` seconds old by its modification time, a regular file, and its file is
    /// still missing from `files` (checked again just before).
    static func removeOrphan(_ infoName: [UInt8], in info: Int32, files: Int32, now: Int) {
        var status = stat()
        guard FileRemoval.withName(infoName, { fstatat(info, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0,
            status.st_mode & S_IFMT == S_IFREG, now - Int(status.st_mtim.tv_sec) >= orphanGrace,
            let name = TrashDirectory.itemName(ofInfo: infoName)
        else { return }
        var file = stat()
        guard FileRemoval.withName(name, { fstatat(files, $0, &file, AT_SYMLINK_NOFOLLOW) }) != 0, errno == ENOENT else {
            return
        }
        _ = FileRemoval.withName(infoName) { sv_unlinkat(info, $0, 0) }
    }

    /// The item called `name` in `directory`'s `files/`, when its info file is usable.
    public static func item(named name: [UInt8], in directory: TrashDirectory) -> TrashedItem? {
        guard isPlainName(name), let folders = try? directory.openFolders() else { return nil }
        defer {
            close(folders.files)
            close(folders.info)
        }
        var file = stat()
        guard FileRemoval.withName(name, { fstatat(folders.files, $0, &file, AT_SYMLINK_NOFOLLOW) }) == 0,
            let bytes = readInfo(TrashDirectory.infoName(for: name), in: folders.info), let info = TrashInfo.parse(bytes),
            let original = directory.originalPath(of: info)
        else { return nil }
        return TrashedItem(directory: directory, name: name, originalPath: original, deletionDate: info.deletionDate)
    }

    /// The bytes of the info file `name` in the folder open as `folder`: a regular file (a
    /// link is not followed) of at most ``TrashInfo/sizeLimit`` bytes, else `nil`. Opened
    /// without waiting (a FIFO put there by someone else would block a plain open) and read at
    /// most one byte past the limit, however the file grows meanwhile.
    static func readInfo(_ name: [UInt8], in folder: Int32) -> [UInt8]? {
        let flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
        let descriptor = FileRemoval.withName(name) { sv_openat(folder, $0, flags, 0) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= TrashInfo.sizeLimit else {
            return nil
        }
        var reader = BoundedReader(descriptor: descriptor)
        guard reader.read(upTo: TrashInfo.sizeLimit + 1), reader.bytes.count <= TrashInfo.sizeLimit else { return nil }
        return reader.bytes
    }

    /// Whether `name` names one entry: not empty, no `/` or NUL, not `.` or `..`.
    static func isPlainName(_ name: [UInt8]) -> Bool {
        !name.isEmpty && !name.contains(UInt8(ascii: "/")) && !name.contains(0) && name != [UInt8(ascii: ".")]
            && name != [UInt8(ascii: "."), UInt8(ascii: ".")]
    }

    // MARK: - Names

    /// What making an info file gave.
    private enum Creation {
        case written
        case taken
        case failed(FileError)
    }

    /// Makes `name` in the folder open as `folder` (`path` names it in errors) with `O_EXCL`
    /// (mode 0600) and writes `bytes`; removes it again when the write fails.
    private static func create(_ name: [UInt8], in folder: Int32, _ bytes: [UInt8], path: FilePath) -> Creation {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        let descriptor = FileRemoval.withName(name) { sv_openat(folder, $0, flags, 0o600) }
        let file = path.appending(name)
        guard descriptor >= 0 else { return errno == EEXIST ? .taken : .failed(file.error(errno)) }
        var written = 0
        var code: Int32 = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { sv_write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                code = count < 0 ? errno : ENOSPC
                break
            }
            written += count
        }
        if sv_close_written(descriptor) != 0 && code == 0 { code = errno }
        guard code == 0 else {
            _ = FileRemoval.withName(name) { sv_unlinkat(folder, $0, 0) }
            return .failed(file.error(code))
        }
        return .written
    }

    /// `name` shortened, at a UTF-8 character's edge, so that `NAME.N.trashinfo` fits in a
    /// file name's 255 bytes.
    static func fitting(_ name: [UInt8]) -> [UInt8] {
        let limit = 255 - ".trashinfo".utf8.count - ".10000".utf8.count
        guard name.count > limit else { return name }
        var cut = limit
        while cut > 0 && name[cut] & 0xC0 == 0x80 { cut -= 1 }
        return Array(name[..<cut])
    }

    /// The `number`th trash name for `name`: itself, then GIO's `a.2.txt`, `notes.2`.
    static func numbered(_ name: [UInt8], _ number: Int) -> [UInt8] {
        guard number > 1 else { return name }
        let mark = Array(".\(number)".utf8)
        guard let dot = name.firstIndex(of: UInt8(ascii: ".")) else { return name + mark }
        return Array(name[..<dot]) + mark + Array(name[dot...])
    }
}
