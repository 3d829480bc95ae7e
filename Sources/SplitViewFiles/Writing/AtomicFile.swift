import CFileOps
import Glibc
import SplitView

/// Small files read and written whole, safely: a write replaces the file in one step or not at
/// all, and a read refuses what is too large or not a regular file before it costs anything.
///
/// For the app's state and config files. Every failure comes back as a ``FileError`` value;
/// nothing traps and nothing is printed.
public enum AtomicFile {
    /// Replaces the file at `path` with `bytes`, atomically: readers see the old contents or
    /// the new, never a mixture, and a crash or a full disk leaves the old file as it was.
    ///
    /// The bytes go to an unnamed file in `path`'s folder (`O_TMPFILE`, mode 0600, since a
    /// state file says which folders someone reads), which is written whole and flushed to the
    /// disk with `fsync`; only then is it given a temporary name beside `path` and renamed over
    /// it, and the folder is flushed so that the rename itself survives a power cut. A process
    /// killed while it writes (`kill -9`, a crash) leaves nothing behind: the unnamed file goes
    /// with its descriptor. Only a kill in the instant between the naming and the rename can
    /// leave a temporary (`path.XXXXXX`), and it is complete. Where the file system has no
    /// unnamed files (or `/proc` is not mounted), the temporary is named from the start
    /// (`mkstemp`), as before. On any failure before the rename the temporary is removed and
    /// the old file is untouched. The folder's `fsync` comes after the rename, when the new
    /// file is already in place, so its failure (some file systems refuse to flush a folder)
    /// is not reported.
    ///
    /// A symbolic link at `path` is replaced by the file, not followed. A file name longer
    /// than 248 bytes cannot be written: its temporary's name would pass the 255-byte limit
    /// (`ENAMETOOLONG`).
    ///
    /// - Returns: `nil` on success, else the error, on `path`.
    public static func write(_ bytes: [UInt8], to path: String) -> FileError? {
        let folder = parentFolder(of: path)
        let unnamed = sv_open(folder, openUnnamed | O_WRONLY | O_CLOEXEC, 0o600)
        if unnamed >= 0 {
            switch writeUnnamed(unnamed, bytes, to: path) {
            case .done: return flushFolder(folder)
            case .failed(let error): return error
            case .cannotName: break  // no /proc: the named way below
            }
        }
        var template = Array((path + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return error(path) }
        // Glibc's headers as Swift sees them lack mkostemp: close-on-exec comes after, so a
        // window opened by another thread's fork in between is possible but harmless.
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // Undoes the temporary: the error is taken first, as unlink may change errno.
        func fail(_ code: Int32, closing: Bool) -> FileError {
            if closing { close(fd) }
            sv_unlink(temporary)
            return FileError(path: printable(path), code: code)
        }
        if let code = writeAll(fd, bytes) { return fail(code, closing: true) }
        if sv_fsync(fd) != 0 { return fail(errno, closing: true) }
        // Linux releases the descriptor even when close fails, so it is never retried; its
        // failure (a delayed write error on some file systems) still means the data may be lost.
        if sv_close_written(fd) != 0 { return fail(errno, closing: false) }
        if sv_rename(temporary, path) != 0 { return fail(errno, closing: false) }
        return flushFolder(folder)
    }

    /// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Glibc's headers show Swift only
    /// under `_GNU_SOURCE`: the value on x86-64 and AArch64.
    static let openUnnamed: Int32 = 0o20_000_000 | O_DIRECTORY

    private enum UnnamedWrite {
        case done
        case failed(FileError)
        /// The file could not be given a name through `/proc/self/fd`: nothing was changed.
        case cannotName
    }

    /// Writes `bytes` to the unnamed file `fd`, names it beside `path` and renames it over
    /// `path`; closes `fd` in every case.
    private static func writeUnnamed(_ fd: Int32, _ bytes: [UInt8], to path: String) -> UnnamedWrite {
        func fail(_ code: Int32) -> UnnamedWrite {
            close(fd)
            return .failed(FileError(path: printable(path), code: code))
        }
        if let code = writeAll(fd, bytes) { return fail(code) }
        if sv_fsync(fd) != 0 { return fail(errno) }
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        for _ in 0..<100 {
            let suffix = String(decoding: (0..<6).map { _ in alphabet.randomElement()! }, as: UTF8.self)
            let temporary = path + "." + suffix
            if linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) == 0 {
                let closed = sv_close_written(fd)
                let code = errno
                if closed != 0 {
                    sv_unlink(temporary)
                    return .failed(FileError(path: printable(path), code: code))
                }
                if sv_rename(temporary, path) != 0 {
                    let code = errno
                    sv_unlink(temporary)
                    return .failed(FileError(path: printable(path), code: code))
                }
                return .done
            }
            if errno == EEXIST { continue }
            if errno == ENOENT || errno == EPERM {
                close(fd)
                return .cannotName
            }
            return fail(errno)
        }
        return fail(EEXIST)
    }

    /// Writes all of `bytes` to `fd`; the error code, or nil.
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { sv_write(fd, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            // A write of 0 bytes for a non-empty request would loop forever; Linux does not
            // return it for a regular file, but a full disk is the likeliest meaning.
            if count == 0 { return ENOSPC }
            written += count
        }
        return nil
    }

    /// Flushes `folder` after a rename into it; never an error (see ``write(_:to:)``).
    private static func flushFolder(_ folder: String) -> FileError? {
        let folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            _ = fsync(folderFD)
            close(folderFD)
        }
        return nil
    }

    /// The contents of the regular file at `path`, refusing one larger than `limit` bytes
    /// without reading it.
    ///
    /// The path is checked with `stat` before it is opened, so a FIFO, a device or a folder is
    /// never opened (opening a FIFO for reading would wait for a writer); it is opened with
    /// `O_NONBLOCK` in case it is replaced in between, and checked again with `fstat`. The
    /// read stops at `limit + 1` bytes in case the file grows while it is read.
    ///
    /// - Returns: the bytes, or the error: the system's (`ENOENT` for a missing file), or
    ///   `EFBIG` with a reason naming the size, or code 0 and "not a regular file".
    public static func read(_ path: String, limit: Int) -> Result<[UInt8], FileError> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(error(path)) }
        if let refusal = refusal(info, path: path, limit: limit) { return .failure(refusal) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return .failure(error(path)) }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else { return .failure(error(path)) }
        if let refusal = refusal(info, path: path, limit: limit) { return .failure(refusal) }
        let wanted = max(0, limit) + 1
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(wanted, Int(info.st_size) + 1))
        var chunk = [UInt8](repeating: 0, count: min(wanted, 64 * 1024))
        while bytes.count < wanted {
            let room = min(chunk.count, wanted - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, room) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(error(path))
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        if bytes.count > limit { return .failure(tooLarge(path, size: nil, limit: limit)) }
        return .success(bytes)
    }

    /// The error ``read(_:limit:)`` would give for the file at `path` being over `limit`
    /// bytes (`EFBIG`, the same words), found by its size alone; nil when it is not over, or
    /// is not there: what a reader that reads a file later says of it now.
    public static func tooLargeToRead(_ path: String, limit: Int) -> FileError? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > limit else { return nil }
        return tooLarge(path, size: Int(info.st_size), limit: limit)
    }

    /// Makes the folder `path` and any missing folders above it, like `mkdir -p`; new folders
    /// get `mode` (0700 by default: the app's folders hold what the user browsed). Folders that
    /// exist already are left as they are.
    ///
    /// - Returns: `nil` when the folder exists at the end, else the error on the first path
    ///   that failed: `ENOTDIR` when a component is a file.
    public static func makeFolders(_ path: String, mode: mode_t = 0o700) -> FileError? {
        guard !path.isEmpty else { return FileError(path: printable(path), code: ENOENT) }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            if component == "." || component == ".." { continue }
            if mkdir(prefix, mode) == 0 { continue }
            let code = errno
            var info = stat()
            if code == EEXIST {
                // Something is there: a folder (or a link to one) will do, anything else not.
                guard stat(prefix, &info) == 0 else { return error(prefix) }
                if info.st_mode & S_IFMT != S_IFDIR { return FileError(path: printable(prefix), code: ENOTDIR) }
            } else if stat(prefix, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR {
                // mkdir may fail with EACCES or EROFS for a folder that exists; it will do.
                continue
            } else {
                return FileError(path: printable(prefix), code: code)
            }
        }
        return nil
    }

    /// `path` as a message can show it on one line: control characters (a newline in a file
    /// name) escaped as `\n`, `\t`, `\u{7F}`, and `\` doubled only when something was escaped,
    /// so that ordinary paths read as they are.
    public static func printable(_ path: String) -> String {
        let isControl: (Unicode.Scalar) -> Bool = {
            $0.properties.generalCategory == .control
                || $0 == "\u{2028}" || $0 == "\u{2029}"
        }
        guard path.unicodeScalars.contains(where: isControl) else { return path }
        var text = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case "\r": text += "\\r"
            case "\\": text += "\\\\"
            case _ where isControl(scalar): text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// The folder holding `path`: `.` for a bare name, `/` for a name under the root.
    public static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = path[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    /// Why a file described by `info` is not read, or `nil` when it may be.
    private static func refusal(_ info: stat, path: String, limit: Int) -> FileError? {
        if info.st_mode & S_IFMT != S_IFREG {
            return FileError(
                path: printable(path),
                reason: info.st_mode & S_IFMT == S_IFDIR
                    ? String(translated: "is a folder") : String(translated: "not a regular file"))
        }
        if Int(info.st_size) > limit { return tooLarge(path, size: Int(info.st_size), limit: limit) }
        return nil
    }

    /// `EFBIG`, with the size when it is known.
    private static func tooLarge(_ path: String, size: Int?, limit: Int) -> FileError {
        let reason =
            if let size {
                String(translated: "too large (\(size) bytes; the limit is \(limit) bytes)")
            } else {
                String(translated: "too large (more than \(limit) bytes; the limit is \(limit) bytes)")
            }
        var error = FileError(path: printable(path), reason: reason)
        error.code = EFBIG
        return error
    }

    /// The current `errno` on `path`.
    private static func error(_ path: String) -> FileError {
        FileError(path: printable(path), code: errno)
    }
}
