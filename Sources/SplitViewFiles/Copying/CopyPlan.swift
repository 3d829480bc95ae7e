import Glibc
import SplitView

/// What a paste does with its files.
public enum TransferMode: Sendable, Hashable {
    /// Ctrl+C then Ctrl+V: the files are copied.
    case copy
    /// Ctrl+X then Ctrl+V: the files are moved (renamed within one file system, else copied
    /// and then removed once the whole copy succeeded).
    case move
}

/// A paste read before anything is written: every file and folder it will make, counted (for
/// the progress), and every name in the way (to ask about), found on a worker thread by
/// ``make(sources:into:mode:)``.
///
/// Nothing is followed: a symbolic link is an entry like a file, so a copy never leaves the
/// tree it was given, and a link to a folder is copied as a link. Folders are listed only
/// where their entries will be copied one by one (a copy, a move across file systems, or a
/// folder merged into one of the same name); a move by rename takes a folder whole.
public struct CopyPlan: Sendable {
    /// One file, folder or link to paste, in depth-first order (a folder before its entries).
    public struct Node: Sendable, Hashable {
        /// What the entry is.
        public enum Kind: Sendable, Hashable {
            /// A regular file, copied byte for byte.
            case file
            /// A folder, made again and filled.
            case folder
            /// A symbolic link, made again with the same target text.
            case link
            /// A FIFO, socket, device or a file of the kernel's (``KernelFiles``): skipped
            /// with a word (the word names it).
            case special(String)
            /// An entry that could not be looked at, or a folder that could not be listed (the
            /// `errno`): left out, kept where it is, and counted in the sentence after the paste.
            case unreadable(Int32)
        }

        /// The entry pasted.
        public var source: FilePath
        /// Its name in the target.
        public var name: [UInt8]
        /// What it is.
        public var kind: Kind
        /// A regular file's size in bytes; 0 for the rest.
        public var size: Int64
        /// The folder node it is in, or nil for a file the user pasted.
        public var parent: Int?
        /// What has its name in the target when the plan was made: nil for nothing (or not
        /// looked at: the entries of a folder the paste makes new), `true` for a folder,
        /// `false` for anything else.
        public var existingIsFolder: Bool?
        /// A copy into the folder it is in (Ctrl+C, Ctrl+V in one folder): it takes the name
        /// "name (copy)" without asking.
        public var isDuplicate = false
        /// A move that is one `rename(2)` (the same file system).
        public var renames = false
    }

    /// Copy or move.
    public var mode: TransferMode
    /// The folder the files are pasted into.
    public var destination: FilePath
    /// Every entry, depth first.
    public var nodes: [Node]
    /// The same-folder moves left out ("already in this folder"), as words.
    public var notes: [String] = []

    /// Reads `sources` (absolute paths) for a paste into `destination`.
    ///
    /// A source named twice is pasted once, and one inside another source (a folder and a
    /// file in it, both selected) only with the folder that holds it, before anything is
    /// looked at: a clipboard naming one file 200 000 times makes one copy.
    ///
    /// - Returns: the plan, or the one sentence that says why nothing can be pasted (a file
    ///   gone, a folder pasted into itself, a folder that cannot be read, a destination that
    ///   is not a folder).
    public static func make(sources: [FilePath], into destination: FilePath, mode: TransferMode) -> Result<CopyPlan, CopyFailure>
    {
        let copying = mode == .copy
        let folder = destination.lastName
        var target = stat()
        guard destination.withCString({ stat($0, &target) }) == 0 else {
            let reason = String(cString: strerror(errno))
            return .failure(
                CopyFailure(
                    copying
                        ? String(translated: "“\(folder)” cannot be opened: \(reason): nothing was copied.")
                        : String(translated: "“\(folder)” cannot be opened: \(reason): nothing was moved.")))
        }
        guard target.st_mode & S_IFMT == S_IFDIR else {
            return .failure(
                CopyFailure(
                    copying
                        ? String(translated: "“\(folder)” is not a folder: nothing was copied.")
                        : String(translated: "“\(folder)” is not a folder: nothing was moved.")))
        }
        let realDestination = destination.resolved ?? destination
        var plan = CopyPlan(mode: mode, destination: destination, nodes: [])
        for source in distinct(sources) {
            var info = stat()
            guard source.withCString({ lstat($0, &info) }) == 0 else {
                guard errno == ENOENT || errno == ENOTDIR else {
                    let reason = String(cString: strerror(errno))
                    return .failure(Self.unreadable(source.lastName, reason, copying: copying))
                }
                let name = source.lastName
                return .failure(
                    CopyFailure(
                        copying
                            ? String(translated: "“\(name)” is gone: nothing was copied.")
                            : String(translated: "“\(name)” is gone: nothing was moved.")))
            }
            let name = source.lastName
            let isFolder = info.st_mode & S_IFMT == S_IFDIR
            if isFolder, let real = source.resolved,
                realDestination == real || realDestination.bytes.starts(with: real.bytes + [UInt8(ascii: "/")])
            {
                return .failure(
                    CopyFailure(
                        copying
                            ? String(translated: "“\(name)” cannot be copied into itself: nothing was copied.")
                            : String(translated: "“\(name)” cannot be moved into itself: nothing was moved.")))
            }
            let sameFolder = source.parent.resolved == realDestination
            if sameFolder && mode == .move {
                plan.notes.append(String(translated: "“\(name)” is already in “\(folder)”."))
                continue
            }
            var node = Node(
                source: source, name: source.lastComponent, kind: kind(of: info, source), size: size(of: info), parent: nil)
            node.existingIsFolder = existing(destination.appending(node.name))
            node.isDuplicate = sameFolder
            node.renames = mode == .move && info.st_dev == target.st_dev
            plan.nodes.append(node)
            let walks = isFolder && (!node.renames || node.existingIsFolder == true)
            if walks, let failure = plan.walk(plan.nodes.count - 1) { return .failure(failure) }
        }
        return .success(plan)
    }

    /// Adds the entries of the folder node `index`, and theirs, after it. The entries of a
    /// folder that exists in the target (one a merge may fill) are looked up there too.
    private mutating func walk(_ index: Int) -> CopyFailure? {
        let folder = nodes[index].source
        let names: [[UInt8]]
        do {
            let descriptor = try FileRemoval.openFolder(folder, following: false)
            defer { close(descriptor) }
            names = try FolderNames.all(in: descriptor, path: folder)
        } catch {
            // A folder inside the paste that cannot be listed is left out and kept; one the
            // user named stops the paste.
            guard nodes[index].parent == nil else {
                nodes[index].kind = .unreadable(error.code)
                return nil
            }
            return Self.unreadable(folder.lastName, error.reason, copying: mode == .copy)
        }
        let targetFolder = targetPath(of: index)
        let looksInTarget = nodes[index].existingIsFolder == true && !nodes[index].isDuplicate
        for name in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let path = folder.appending(name)
            var info = stat()
            let kind: Node.Kind
            if path.withCString({ lstat($0, &info) }) == 0 {
                kind = Self.kind(of: info, path)
            } else if errno == ENOENT {
                continue  // gone since the listing
            } else {
                // A folder readable but not searchable (`chmod -R 644`): its names can be read,
                // its entries not looked at. Left out and kept, never guessed at.
                kind = .unreadable(errno)
                info = stat()
            }
            var node = Node(source: path, name: name, kind: kind, size: Self.size(of: info), parent: index)
            if looksInTarget, !node.kind.isUnreadable { node.existingIsFolder = Self.existing(targetFolder.appending(name)) }
            node.renames = nodes[index].renames
            nodes.append(node)
            let walks = node.kind == .folder && (!node.renames || node.existingIsFolder == true)
            if walks, let failure = walk(nodes.count - 1) { return failure }
        }
        return nil
    }

    /// Why nothing was pasted: the entry `name` the user pasted cannot be read, for `reason`.
    private static func unreadable(_ name: String, _ reason: String, copying: Bool) -> CopyFailure {
        CopyFailure(
            copying
                ? String(translated: "“\(name)” cannot be read: \(reason): nothing was copied.")
                : String(translated: "“\(name)” cannot be read: \(reason): nothing was moved."))
    }

    /// Where node `index` goes under its own name: its parent's target, then its name.
    public func targetPath(of index: Int) -> FilePath {
        var names: [[UInt8]] = []
        var current: Int? = index
        while let node = current {
            names.append(nodes[node].name)
            current = nodes[node].parent
        }
        return names.reversed().reduce(destination) { $0.appending($1) }
    }

    /// Each path once, in the order given, less those inside another (compared as written:
    /// every path a paste gets is absolute and free of `.` and `..`).
    package static func distinct(_ sources: [FilePath]) -> [FilePath] {
        var seen = Set<FilePath>(), unique: [FilePath] = []
        for source in sources where seen.insert(source).inserted { unique.append(source) }
        let slash = UInt8(ascii: "/")
        let byLength = unique.sorted { $0.bytes.count < $1.bytes.count }
        var folders = Set<[UInt8]>()
        var kept = Set<FilePath>()
        for source in byLength {
            // Each ancestor of `source` is looked up once: linear in the paths' lengths.
            var inside = false
            for (offset, byte) in source.bytes.enumerated() where byte == slash && offset > 0 {
                if folders.contains(Array(source.bytes[..<offset])) {
                    inside = true
                    break
                }
            }
            guard !inside else { continue }
            kept.insert(source)
            folders.insert(source.bytes.last == slash ? Array(source.bytes.dropLast()) : source.bytes)
        }
        return unique.filter { kept.contains($0) }
    }

    private static func kind(of info: stat, _ path: FilePath) -> Node.Kind {
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            if let system = KernelFiles.fileSystem(of: path) {
                return .special(
                    String(translated: "“\(path.lastName)” is a file of the kernel (\(system)): it was not copied."))
            }
            return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        case S_IFIFO: return .special(String(translated: "“\(path.lastName)” is a FIFO: it was not copied."))
        case S_IFSOCK: return .special(String(translated: "“\(path.lastName)” is a socket: it was not copied."))
        default: return .special(String(translated: "“\(path.lastName)” is a device: it was not copied."))
        }
    }

    private static func size(of info: stat) -> Int64 {
        info.st_mode & S_IFMT == S_IFREG ? Int64(info.st_size) : 0
    }

    /// What has the name `path`: nil for nothing, `true` for a real folder, `false` for
    /// anything else (a link to a folder too: it is never merged into).
    static func existing(_ path: FilePath) -> Bool? {
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0 else { return nil }
        return info.st_mode & S_IFMT == S_IFDIR
    }
}

extension CopyPlan.Node.Kind {
    /// Whether the entry could not be looked at or listed.
    var isUnreadable: Bool {
        if case .unreadable = self { return true }
        return false
    }
}

/// Why a paste did nothing, in one sentence for the user.
public struct CopyFailure: Error, Sendable, Hashable {
    /// The sentence ("There is not enough space in “Docs”: nothing was copied.").
    public var message: String

    /// A failure said by `message`.
    public init(_ message: String) {
        self.message = message
    }
}
