import Glibc

/// What a file is, by the specification's recommended checking order.
extension MimeDatabase {
    /// The most of a file magic is tested against: 64 KiB. Less is read when the rules reach
    /// less far (Debian's reach 18 729 bytes); a rule past the bytes read does not match.
    public static let sniffLimit = 64 << 10

    /// How much of a file is read for magic: as far as the rules look, at most
    /// ``sniffLimit``, and at least 128 bytes to tell text from binary.
    public var sniffLength: Int { min(max(withMagic { $0.extent }, 128), Self.sniffLimit) }

    /// The type of a file called `name` whose first bytes are `bytes` (nil when they could
    /// not be read), by the specification's order: the glob match of the highest weight and
    /// then the longest pattern, when it names one type; otherwise magic, where a glob
    /// candidate equal to or a subclass of the magic type wins (a text `notes.doc` is not
    /// Word); otherwise the first candidate; with no glob, the magic type; with none of
    /// either, `application/x-zerosize` for no bytes, `text/plain` for bytes that read as
    /// text (``FilePreview/isBinary(_:)``, the reader's own test) and
    /// `application/octet-stream` for the rest.
    public func type(forName name: String, bytes: [UInt8]?) -> String {
        let candidates = globTypes(for: name)
        if candidates.count == 1 { return canonical(candidates[0]) }
        guard let bytes else { return candidates.first.map(canonical) ?? "application/octet-stream" }
        let sniffed = withMagic { $0.type(for: bytes) }.map(canonical)
        if let sniffed {
            if candidates.isEmpty { return sniffed }
            if let fitting = candidates.first(where: { isSubclass($0, of: sniffed) }) { return canonical(fitting) }
        }
        if let first = candidates.first { return canonical(first) }
        if bytes.isEmpty { return "application/x-zerosize" }
        return FilePreview.isBinary(bytes) ? "application/octet-stream" : "text/plain"
    }

    /// The type by the name alone, without reading the file: what the files list shows on a
    /// row, as GNOME Files does until it has read a file (GIO's "fast content type").
    /// Folders are `inode/directory`, links to nothing `inode/symlink`, the other kinds
    /// `inode/fifo`, `inode/socket`, `inode/chardevice`, `inode/blockdevice`; a name no glob
    /// knows is `application/octet-stream`.
    public func type(forName name: String, kind: FileKind) -> String {
        if let special = Self.inodeType(kind) { return special }
        return type(forName: name, bytes: nil)
    }

    /// The type of the file at `path`: by its kind, then by its name and (when the name does
    /// not settle it) its first ``sniffLength`` bytes. A link is its target's type (named by
    /// the link's own name, as GIO does); a link to nothing is `inode/symlink`. Only regular
    /// files are opened: a FIFO or a device never is.
    ///
    /// An empty regular file is `text/plain` whatever its name, as GIO decides it (and with
    /// it GNOME Files, Thunar and `gio info`): a new empty `notes` or `draft.c` is a text to
    /// write in, not an "Empty document" no editor is offered for, and a zero-length file of
    /// the kernel's is not read to find out.
    public func type(ofFileAt path: FilePath) -> String {
        var status = stat()
        let kind: FileKind = path.withCString { cPath in
            if stat(cPath, &status) == 0 { return FileKind(mode: status.st_mode) }
            return lstat(cPath, &status) == 0 ? .symlink : .unknown
        }
        if let special = Self.inodeType(kind) { return special }
        if kind == .regular && status.st_size == 0 { return "text/plain" }
        let name = FilePath.displayName(path.lastComponent)
        let candidates = globTypes(for: name)
        if candidates.count == 1 { return canonical(candidates[0]) }
        return type(forName: name, bytes: Self.head(of: path, count: sniffLength))
    }

    /// The type for a kind of file that is not read, or nil for a regular file.
    static func inodeType(_ kind: FileKind) -> String? {
        switch kind {
        case .regular: nil
        case .directory: "inode/directory"
        case .symlink: "inode/symlink"
        case .fifo: "inode/fifo"
        case .socket: "inode/socket"
        case .characterDevice: "inode/chardevice"
        case .blockDevice: "inode/blockdevice"
        case .unknown: "application/octet-stream"
        }
    }

    /// The first `count` bytes of the regular file at `path`, or nil when it cannot be read
    /// (or is not a regular file once opened, or is one of the kernel's: ``KernelFiles``,
    /// whose reading can take from them, so their type goes by name alone).
    static func head(of path: FilePath, count: Int) -> [UInt8]? {
        guard KernelFiles.fileSystem(of: path) == nil else { return nil }
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        guard KernelFiles.fileSystem(of: descriptor) == nil else { return nil }
        var reader = BoundedReader(descriptor: descriptor)
        guard reader.read(upTo: count) else { return nil }
        return reader.bytes
    }
}
