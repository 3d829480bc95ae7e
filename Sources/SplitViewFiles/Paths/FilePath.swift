import Glibc

/// A path as the kernel sees it: bytes, not text.
///
/// Linux file names are any bytes but `/` and NUL, so a name that is not UTF-8 must still be
/// listed, shown and opened; keeping the bytes is the only way not to lose it. Text is made
/// only for people (``displayString``) and, when it is exact, for code (``string``).
///
/// Trailing slashes are dropped (`/a/b/` is `/a/b`), so two spellings of one folder compare
/// equal as dictionary keys; nothing else is normalised: `..` and symbolic links are the file
/// system's business, not the path's.
public struct FilePath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The path's bytes, without a trailing slash unless the path is the root.
    public let bytes: [UInt8]

    /// The path spelled as UTF-8 text.
    public init(_ string: String) {
        self.init(bytes: Array(string.utf8))
    }

    /// The path from raw bytes, as a directory entry or `readlink` gives them.
    public init(bytes: [UInt8]) {
        var bytes = bytes
        while bytes.count > 1 && bytes.last == FilePath.slash { bytes.removeLast() }
        self.bytes = bytes
    }

    static let slash = UInt8(ascii: "/")

    /// The path of the entry `name` inside this folder.
    ///
    /// `name` is one component: a slash in it would silently name another file, so callers
    /// pass names from a listing or from people after checking them.
    public func appending(_ name: [UInt8]) -> FilePath {
        if bytes.isEmpty { return FilePath(bytes: name) }
        let separator = bytes.last == FilePath.slash ? 0 : 1
        let joined = [UInt8](unsafeUninitializedCapacity: bytes.count + separator + name.count) { buffer, count in
            FilePath.copy(bytes, to: buffer, at: 0)
            if separator == 1 { buffer[bytes.count] = FilePath.slash }
            FilePath.copy(name, to: buffer, at: bytes.count + separator)
            count = buffer.count
        }
        return FilePath(bytes: joined)
    }

    /// Copies `source` into `buffer` from `offset`, as one block. Paths are copied, hashed and
    /// compared as blocks of memory rather than byte by byte: a folder a few thousand levels
    /// deep holds paths of 4 KiB, and its outline has a row for each level.
    private static func copy(_ source: [UInt8], to buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        source.withUnsafeBufferPointer { from in
            guard let base = from.baseAddress, let target = buffer.baseAddress else { return }
            (target + offset).initialize(from: base, count: from.count)
        }
    }

    /// The first `count` bytes as a path of their own.
    private func prefix(_ count: Int) -> FilePath {
        let head = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            bytes.withUnsafeBufferPointer { from in
                if let base = from.baseAddress, let target = buffer.baseAddress { target.initialize(from: base, count: count) }
            }
            initialized = count
        }
        return FilePath(bytes: head)
    }

    /// The last component: `c` for `/a/b/c`; `/` for the root, which has no other name.
    public var lastComponent: [UInt8] {
        if isRoot { return bytes }
        guard let slash = bytes.lastIndex(of: FilePath.slash) else { return bytes }
        return Array(bytes[(slash + 1)...])
    }

    /// The folder holding this path: `/a/b` for `/a/b/c`, `/` for `/a` and for `/` itself,
    /// `.` for a relative name without a slash.
    public var parent: FilePath {
        if isRoot { return self }
        guard let slash = bytes.lastIndex(of: FilePath.slash) else { return FilePath(".") }
        var end = slash
        while end > 0 && bytes[end - 1] == FilePath.slash { end -= 1 }
        return end == 0 ? FilePath("/") : prefix(end)
    }

    /// Whether this is `/`, the one folder that is its own parent.
    public var isRoot: Bool { bytes.count == 1 && bytes[0] == FilePath.slash }

    /// Calls `body` with the path as a NUL-terminated C string, for system calls.
    ///
    /// A path holding a NUL byte cannot name a file; its C string ends at the NUL. The
    /// library's own calls refuse such paths first (see `withSystemPath`).
    public func withCString<R, E: Error>(_ body: (UnsafePointer<CChar>) throws(E) -> R) throws(E) -> R {
        var terminated = bytes
        terminated.append(0)
        return try terminated.withUnsafeBufferPointer { (buffer) throws(E) -> R in
            try buffer.withMemoryRebound(to: CChar.self) { (chars) throws(E) -> R in
                try body(chars.baseAddress!)
            }
        }
    }

    /// The last component as people read it (``displayName(_:)``), or the whole path for `/`:
    /// a file's or a folder's name in a message.
    public var lastName: String {
        FilePath.displayName(lastComponent.isEmpty ? bytes : lastComponent)
    }

    /// The path with every symbolic link, `.` and `..` resolved (`realpath(3)`), or `nil` when
    /// it cannot be (a component missing or unreadable).
    public var resolved: FilePath? {
        guard let real = withCString({ realpath($0, nil) }) else { return nil }
        defer { free(real) }
        return FilePath(bytes: Array(UnsafeRawBufferPointer(start: real, count: strlen(real))))
    }

    /// The path as text when its bytes are valid UTF-8; `nil` otherwise, since any
    /// replacement would name a different file.
    public var string: String? { String(validating: bytes, as: UTF8.self) }

    /// The path for people: valid UTF-8 as it is, each invalid byte as `\xNN`, control
    /// characters escaped (`\n`, `\t`, `\x1B`). Never empty of information, never exact:
    /// use ``bytes`` to name the file again.
    public var displayString: String { FilePath.displayName(bytes) }

    /// One name (or any bytes) escaped as ``displayString`` escapes a path.
    public static func displayName(_ bytes: [UInt8]) -> String {
        DisplayEscaping.escape(bytes)
    }

    /// The display string, so paths interpolate readably in messages.
    public var description: String { displayString }

    /// Equal bytes: compared as one block of memory (see `copy(_:to:at:)`).
    public static func == (lhs: FilePath, rhs: FilePath) -> Bool {
        guard lhs.bytes.count == rhs.bytes.count else { return false }
        guard !lhs.bytes.isEmpty else { return true }
        return lhs.bytes.withUnsafeBufferPointer { left in
            rhs.bytes.withUnsafeBufferPointer { right in
                left.baseAddress == right.baseAddress || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
            }
        }
    }

    /// Hashes the bytes as one block, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    /// Byte order, so sets of paths print and compare deterministically.
    public static func < (lhs: FilePath, rhs: FilePath) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }

    /// Runs `body` with the C string of the path, or fails with `EINVAL` when the path holds a
    /// NUL byte and so would reach a different file than it names.
    func withSystemPath<R>(_ body: (UnsafePointer<CChar>) -> Result<R, FileError>) -> Result<R, FileError> {
        guard !bytes.contains(0) else { return .failure(FileError(path: displayString, code: EINVAL)) }
        return withCString(body)
    }

    /// A system error on this path.
    func error(_ code: Int32) -> FileError { FileError(path: displayString, code: code) }
}
