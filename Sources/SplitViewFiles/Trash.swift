import CFileOps
import Glibc

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

/// Trashing, restoring, listing and emptying, by the freedesktop.org Trash specification 1.0,
/// so that GNOME Files, Thunar, KDE and `gio trash` see what we trash and we see theirs.
extension Trash {
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
    ///    nothing in the trash.
    ///
    /// `directorysizes`, the specification's optional cache of folder sizes, is not written:
    /// readers that use it must check it against `info/` anyway, as GIO does.
    ///
    /// - Parameters:
    ///   - path: the file or folder, absolute.
    ///   - now: the deletion time, in seconds since the epoch (written in local time).
    /// - Returns: the trashed item, for Ctrl+Z.
    /// - Throws: why it could not be trashed; the file is then untouched.
    @discardableResult
    public func moveToTrash(_ path: FilePath, now: Int = time(nil)) throws(FileError) -> TrashedItem {
        guard !path.bytes.contains(0), !path.isRoot, path.bytes.first == UInt8(ascii: "/") else {
            throw FileError(path: path.displayString, code: EINVAL)
        }
        let directory = try directory(forTrashing: path)
        let written: [UInt8]
        if let topdir = directory.topdir {
            let real = path.parent.resolved.map { $0.appending(path.lastComponent) } ?? path
            written = Array(real.bytes.dropFirst(topdir.isRoot ? 1 : topdir.bytes.count + 1))
        } else {
            written = path.bytes
        }
        let info = TrashInfo(path: written, deletionDate: DeletionDate(localTime: now))
        let base = Self.fitting(path.lastComponent)
        for number in 1...10_000 {
            let name = Self.numbered(base, number)
            let infoPath = directory.infoFile(for: name)
            switch Self.create(infoPath, info.bytes) {
            case .taken: continue
            case .failed(let error): throw error
            case .written: break
            }
            do {
                try FileOperations.renameNoReplace(path, to: directory.files.appending(name))
                return TrashedItem(
                    directory: directory, name: name, originalPath: directory.originalPath(of: info) ?? path,
                    deletionDate: info.deletionDate)
            } catch {
                _ = infoPath.withCString { sv_unlink($0) }
                if error.code == EEXIST || error.code == ENOTEMPTY { continue }
                throw FileError(path: path.displayString, code: error.code)
            }
        }
        throw FileError(path: path.displayString, reason: "the trash holds too many files of that name")
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
    public static func items(in directory: TrashDirectory) -> [TrashedItem] {
        guard let folder = try? FileRemoval.openFolder(directory.info) else { return [] }
        defer { close(folder) }
        let suffix = Array(".trashinfo".utf8)
        var items: [TrashedItem] = []
        for infoName in (try? FileRemoval.names(in: folder, path: directory.info)) ?? [] where infoName.count > suffix.count {
            guard infoName.suffix(suffix.count).elementsEqual(suffix) else { continue }
            let name = Array(infoName.dropLast(suffix.count))
            if let item = item(named: name, in: directory) { items.append(item) }
        }
        return items
    }

    /// The item called `name` in `directory`'s `files/`, when its info file is usable.
    public static func item(named name: [UInt8], in directory: TrashDirectory) -> TrashedItem? {
        guard let bytes = readInfo(directory.infoFile(for: name)), let info = TrashInfo.parse(bytes),
            let original = directory.originalPath(of: info),
            FileOperations.exists(directory.files.appending(name))
        else { return nil }
        return TrashedItem(directory: directory, name: name, originalPath: original, deletionDate: info.deletionDate)
    }

    /// Deletes everything in every trash directory for good: each file in `files/`, then its
    /// info file, then the info files left without a file, and the `directorysizes` cache.
    ///
    /// - Returns: what could not be deleted (the rest was): empty when the trash is empty.
    public func empty() -> [FileError] {
        var failures: [FileError] = []
        for directory in directories() {
            do {
                let files = try FileRemoval.openFolder(directory.files)
                defer { close(files) }
                for name in try FileRemoval.names(in: files, path: directory.files) {
                    do {
                        try FileRemoval.removeEntry(name, in: files, path: directory.files.appending(name))
                        _ = directory.infoFile(for: name).withCString { sv_unlink($0) }
                    } catch {
                        failures.append(error)
                    }
                }
                let info = try FileRemoval.openFolder(directory.info)
                defer { close(info) }
                let suffix = Array(".trashinfo".utf8)
                for name in try FileRemoval.names(in: info, path: directory.info) {
                    let file = name.count > suffix.count && name.suffix(suffix.count).elementsEqual(suffix)
                    if file && FileOperations.exists(directory.files.appending(Array(name.dropLast(suffix.count)))) { continue }
                    if FileRemoval.withName(name, { sv_unlinkat(info, $0, 0) }) != 0 && errno != ENOENT {
                        failures.append(directory.info.appending(name).error(errno))
                    }
                }
                _ = directory.path.appending(Array("directorysizes".utf8)).withCString { sv_unlink($0) }
            } catch {
                failures.append(error)
            }
        }
        return failures
    }

    /// Deletes `item` for good: its file, then its info file.
    public static func deletePermanently(_ item: TrashedItem) throws(FileError) {
        try FileRemoval.remove(item.trashedPath)
        _ = item.infoPath.withCString { sv_unlink($0) }
    }

    /// The bytes of the info file at `path`: a regular file (a link is not followed) of at
    /// most ``TrashInfo/sizeLimit`` bytes, else `nil`. Opened without waiting (a FIFO put
    /// there by someone else would block a plain open) and read at most one byte past the
    /// limit, however the file grows meanwhile.
    static func readInfo(_ path: FilePath) -> [UInt8]? {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
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

    /// Makes `path` with `O_EXCL` (mode 0600) and writes `bytes`; removes it again when the
    /// write fails.
    private static func create(_ path: FilePath, _ bytes: [UInt8]) -> Creation {
        let descriptor = path.withCString { sv_open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else { return errno == EEXIST ? .taken : .failed(path.error(errno)) }
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
            _ = path.withCString { sv_unlink($0) }
            return .failed(path.error(code))
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
