import FoundationEssentials

/// A directory tree of notes: its folders (depth first) and, on demand, each folder's files.
///
/// Only names and sizes are read up front; a file's text is read when it is opened. Hidden
/// entries (a leading dot) are skipped. Listings are cached: several windows share one library.
final class Library {
    /// One folder of the tree.
    struct Folder: Hashable {
        /// The folder's own name (the library's name for the root).
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
        /// When it last changed.
        var modified: Date?
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
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory else {
            throw LibraryError("\(root) is not a directory")
        }
        guard (try? FileManager.default.contentsOfDirectory(atPath: root)) != nil else {
            throw LibraryError("cannot read \(root)")
        }
        collect(root, name: Self.lastComponent(of: root), ancestors: [], isRoot: true)
    }

    /// The library's display name: the root folder's name.
    var name: String { Self.lastComponent(of: root) }

    /// The files of `folder`, sorted by name.
    func notes(in folder: Folder) -> [Note] {
        if let known = notesByFolder[folder.path] { return known }
        let notes = entries(of: folder.path).compactMap { name -> Note? in
            let path = folder.path + "/" + name
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType == .typeRegular else { return nil }
            // The size is an unsigned integer of some width, depending on the platform.
            let size = (attributes[.size] as? any BinaryInteger).map { Int(clamping: $0) } ?? 0
            return Note(name: name, path: path, size: size,
                        modified: attributes[.modificationDate] as? Date)
        }
        notesByFolder[folder.path] = notes
        return notes
    }

    /// The text of `note`: UTF-8 (invalid bytes become U+FFFD), at most ``readLimit`` bytes;
    /// a clear sentence instead for a file that cannot be read or is not text.
    func text(of note: Note) -> String {
        guard let handle = FileManager.default.contents(atPath: note.path) else {
            return "This file cannot be read."
        }
        let bytes = handle.prefix(Self.readLimit)
        if bytes.contains(0) { return "This is not a text file (\(Self.size(note.size)))." }
        let text = String(decoding: bytes, as: UTF8.self)
        return handle.count > Self.readLimit ? text + "\n\n[… the rest of this \(Self.size(note.size)) file is not shown]" : text
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

    private func collect(_ path: String, name: String, ancestors: [String], isRoot: Bool) {
        let names = entries(of: path)
        var subfolders: [String] = []
        var files = 0
        for entry in names {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path + "/" + entry, isDirectory: &isDirectory) else { continue }
            if isDirectory { subfolders.append(entry) } else { files += 1 }
        }
        if !isRoot || files > 0 {
            folders.append(Folder(name: name, path: path, ancestors: ancestors, noteCount: files, folderCount: subfolders.count))
        }
        for sub in subfolders {
            collect(path + "/" + sub, name: sub, ancestors: isRoot ? [] : ancestors + [name], isRoot: false)
        }
    }

    private func entries(of path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
            .filter { !$0.hasPrefix(".") }
            .sorted { $0.lowercased() == $1.lowercased() ? $0 < $1 : $0.lowercased() < $1.lowercased() }
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
