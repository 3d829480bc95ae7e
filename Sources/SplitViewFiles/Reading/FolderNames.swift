import Glibc

/// The entries of one folder, without `.` and `..`, in the order the folder gives them: the
/// one loop over `readdir`, for every reader of a folder (the listing, the removal, the copier,
/// the trash, the undo, the desktop's files).
///
/// Each entry is lent to a closure with its name's bytes and its `d_type`, so that a folder of
/// 100 000 names can be read without an array per name (``FolderListing`` copies them into one
/// buffer); ``nextName()`` and ``all(in:path:)`` copy them for the callers that keep them. A
/// failing `readdir` is reported as a `FileError` on the folder, never taken for the end.
///
/// ```swift
/// let names = try FolderNames(opening: FilePath("/tmp"))
/// while let name = try names.nextName() { print(FilePath.displayName(name)) }
/// ```
public final class FolderNames {
    /// One entry, lent: its pointers are valid only inside the call that lends it.
    public struct Entry {
        /// The name's bytes, without the terminating NUL.
        public let name: UnsafeRawBufferPointer
        /// The name as a C string, for the `*at` calls on ``FolderNames/descriptor``.
        public let cName: UnsafePointer<CChar>
        /// What the folder says the entry is (`d_type`); `.unknown` where the file system does
        /// not say, so a caller that needs it asks `fstatat`.
        public let kind: FileKind
    }

    /// The folder, for errors.
    public let path: FilePath
    private let stream: OpaquePointer

    /// Reads the folder open as `folder` from its start, through a duplicate of the descriptor:
    /// the caller keeps its own and closes it.
    ///
    /// - Throws: the system's reason, on `path`.
    public init(of folder: Int32, path: FilePath) throws(FileError) {
        self.path = path
        let copy = dup(folder)
        guard copy >= 0 else { throw path.error(errno) }
        guard let stream = fdopendir(copy) else {
            let code = errno
            close(copy)
            throw path.error(code)
        }
        // A duplicate shares its offset with `folder`, which may have been read before.
        rewinddir(stream)
        self.stream = stream
    }

    /// Opens the folder `path` (a final link followed, as `opendir` follows it) and reads it.
    ///
    /// - Throws: the system's reason (`Permission denied`, `Not a directory`…).
    public init(opening path: FilePath) throws(FileError) {
        self.path = path
        guard !path.bytes.contains(0) else { throw path.error(EINVAL) }
        guard let stream = path.withCString({ opendir($0) }) else { throw path.error(errno) }
        self.stream = stream
    }

    deinit { closedir(stream) }

    /// The descriptor the entries are read through, for `fstatat` and the other `*at` calls.
    public var descriptor: Int32 { dirfd(stream) }

    /// Lends the next entry but `.` and `..` to `body` and returns what it returns; `nil` once
    /// every entry was read.
    ///
    /// - Throws: the system's reason when `readdir` fails.
    public func next<Result>(_ body: (Entry) -> Result) throws(FileError) -> Result? {
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw path.error(errno) }
                return nil
            }
            let cName = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            let name = UnsafeRawBufferPointer(start: cName, count: strlen(cName))
            if name.first == UInt8(ascii: "."), name.count == 1 || (name.count == 2 && name[1] == UInt8(ascii: ".")) {
                continue
            }
            return body(Entry(name: name, cName: cName, kind: FileKind(directoryEntryType: entry.pointee.d_type)))
        }
    }

    /// Lends every entry not read yet but `.` and `..` to `body`, in the folder's order.
    ///
    /// - Throws: the system's reason when `readdir` fails.
    public func forEach(_ body: (Entry) -> Void) throws(FileError) {
        while try next(body) != nil {}
    }

    /// The next name but `.` and `..`, copied; `nil` once every entry was read.
    ///
    /// - Throws: the system's reason when `readdir` fails.
    public func nextName() throws(FileError) -> [UInt8]? {
        try next { Array($0.name) }
    }

    /// Every name in the folder open as `folder` (`path` names it in errors), without `.` and
    /// `..`, in the folder's order.
    ///
    /// - Throws: the system's reason when the folder cannot be read.
    public static func all(in folder: Int32, path: FilePath) throws(FileError) -> [[UInt8]] {
        let names = try FolderNames(of: folder, path: path)
        var all: [[UInt8]] = []
        while let name = try names.nextName() { all.append(name) }
        return all
    }
}
