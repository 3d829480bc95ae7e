import Glibc

/// A directory tree of notes: its folders (depth first) and, on demand, each folder's files.
///
/// Only names are read up front; a folder's files are listed (with `stat`) when it is opened
/// and a file's text when it is shown. Hidden entries (a leading dot) are skipped. Listings are
/// cached: several windows share one library. Plain `opendir`/`stat`/`read`: the start-up path
/// must not pay for name-service lookups or dynamic casts.
final class Library {
    /// One folder of the tree.
    struct Folder: Hashable {
        /// The folder's own name.
        var name: String
        /// Its absolute path.
        var path: String
        /// The names of the folders above it, below the root.
        var ancestors: [String]
        /// How many files it holds directly.
        var noteCount: Int
        /// How many folders it holds directly.
        var folderCount: Int
    }

    /// One file.
    struct Note: Hashable {
        /// The file name.
        var name: String
        /// Its absolute path.
        var path: String
        /// Its size in bytes.
        var size: Int
        /// When it last changed, in seconds since 1970.
        var modified: Int
    }

    /// The library's root folder.
    let root: String
    /// Every folder, depth first; the root first when it holds files itself.
    private(set) var folders: [Folder] = []
    private var notesByFolder: [String: [Note]] = [:]

    /// The largest file opened whole, in bytes; longer files show their first 2 MB.
    static let readLimit = 2 << 20

    /// Reads the tree under `root`.
    ///
    /// - Throws: ``LibraryError`` when `root` is not a readable directory.
    init(root: String) throws(LibraryError) {
        self.root = root
        guard let entries = Self.entries(of: root) else {
            var info = stat()
            if stat(root, &info) != 0 { throw LibraryError("\(root): no such file or directory") }
            throw LibraryError((info.st_mode & S_IFMT) == S_IFDIR ? "cannot read \(root)" : "\(root) is not a directory")
        }
        collect(root, entries, name: Self.lastComponent(of: root), ancestors: [], isRoot: true)
    }

    /// The library's display name: the root folder's name.
    var name: String { Self.lastComponent(of: root) }

    /// The files of `folder`, sorted by name.
    func notes(in folder: Folder) -> [Note] {
        if let known = notesByFolder[folder.path] { return known }
        let notes = (Self.entries(of: folder.path) ?? []).compactMap { entry -> Note? in
            let path = folder.path + "/" + entry.name
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return Note(name: entry.name, path: path, size: Int(info.st_size), modified: Int(info.st_mtim.tv_sec))
        }
        notesByFolder[folder.path] = notes
        return notes
    }

    /// The text of `note`: UTF-8 (invalid bytes become U+FFFD), at most ``readLimit`` bytes;
    /// a clear sentence instead for a file that cannot be read or is not text.
    func text(of note: Note) -> String {
        let descriptor = open(note.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "This file cannot be read (\(String(cString: strerror(errno))))." }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count < Self.readLimit {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        if bytes.count > Self.readLimit { bytes.removeLast(bytes.count - Self.readLimit) }
        if bytes.contains(0) { return "This is not a text file (\(Self.size(note.size)))." }
        let text = String(decoding: bytes, as: UTF8.self)
        return note.size > Self.readLimit ? text + "\n\n[… the rest of this \(Self.size(note.size)) file is not shown]" : text
    }

    /// A byte count for people: 812 bytes, 4.2 KB, 1.3 MB.
    static func size(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000, unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let tenths = (value * 10).rounded() / 10
        return (tenths == tenths.rounded() ? "\(Int(tenths))" : "\(tenths)") + " " + units[unit]
    }

    /// A modification time as a local date: 2026-11-21.
    static func date(_ seconds: Int) -> String {
        var time = time_t(seconds), parts = tm()
        guard localtime_r(&time, &parts) != nil else { return "unknown" }
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
    }

    private func collect(_ path: String, _ entries: [Entry], name: String, ancestors: [String], isRoot: Bool) {
        var subfolders: [(String, [Entry])] = []
        var files = 0
        for entry in entries {
            if entry.isDirectory, let inner = Self.entries(of: path + "/" + entry.name) {
                subfolders.append((entry.name, inner))
            } else if !entry.isDirectory {
                files += 1
            }
        }
        if !isRoot || files > 0 {
            folders.append(Folder(name: name, path: path, ancestors: ancestors, noteCount: files, folderCount: subfolders.count))
        }
        for (sub, inner) in subfolders {
            collect(path + "/" + sub, inner, name: sub, ancestors: isRoot ? [] : ancestors + [name], isRoot: false)
        }
    }

    /// A directory entry: its name and whether it is a folder (symbolic links followed).
    private struct Entry {
        var name: String
        var isDirectory: Bool
    }

    /// The visible entries of a directory, sorted by name without regard to case; `nil` when
    /// it cannot be opened.
    private static func entries(of path: String) -> [Entry]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var result: [Entry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            var isDirectory = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) || entry.pointee.d_type == UInt8(DT_LNK) {
                var info = stat()
                isDirectory = stat(path + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            result.append(Entry(name: name, isDirectory: isDirectory))
        }
        // Case-insensitive order, each name lowered once (not once per comparison).
        let keyed: [(key: String, entry: Entry)] = result.map { ($0.name.lowercased(), $0) }
        let sorted = keyed.sorted { a, b in a.key == b.key ? a.entry.name < b.entry.name : a.key < b.key }
        return sorted.map(\.entry)
    }

    private static func lastComponent(of path: String) -> String {
        let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    }
}

/// A library that cannot be shown, with a one-line reason.
struct LibraryError: Error, CustomStringConvertible {
    /// The reason.
    let description: String
    init(_ description: String) { self.description = description }
}
