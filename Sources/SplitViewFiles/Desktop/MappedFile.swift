import Glibc

/// A file mapped read-only into memory, read by big-endian offsets that are checked against
/// its size: what the desktop's binary caches (``IconThemeCache``, ``MimeCache``) are read
/// through. A read past the end is nil, never outside the mapping; the pages are the file's
/// own (shared with every other program that maps it, and given back by the kernel under
/// pressure), not the heap's.
final class MappedFile: @unchecked Sendable {
    // Immutable after `init`: only read, by any thread.
    private let base: UnsafeRawPointer
    /// The file's size in bytes.
    let size: Int
    /// The file's modification time, in seconds.
    let modified: Int

    /// The regular file at `path`, mapped, if it can be read and holds from `minimum` to
    /// `limit` bytes.
    init?(path: String, minimum: Int, limit: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size >= minimum,
            status.st_size <= limit
        else { return nil }
        let size = Int(status.st_size)
        guard let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapping != MAP_FAILED else { return nil }
        base = UnsafeRawPointer(mapping)
        self.size = size
        modified = Int(status.st_mtim.tv_sec)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), size) }

    /// The big-endian 16 bits at `offset`, or nil past the end.
    func u16(_ offset: Int) -> UInt16? {
        guard offset >= 0, offset <= size - 2 else { return nil }
        return UInt16(base.load(fromByteOffset: offset, as: UInt8.self)) << 8
            | UInt16(base.load(fromByteOffset: offset + 1, as: UInt8.self))
    }

    /// The big-endian 32 bits at `offset`, or nil past the end.
    func u32(_ offset: Int) -> Int? {
        guard offset >= 0, offset <= size - 4 else { return nil }
        var value = 0
        for index in 0..<4 { value = value << 8 | Int(base.load(fromByteOffset: offset + index, as: UInt8.self)) }
        return value
    }

    /// The C string at `offset`, if it ends inside the file and is UTF-8.
    func string(_ offset: Int) -> String? {
        guard let end = end(of: offset) else { return nil }
        return String(validating: UnsafeRawBufferPointer(start: base + offset, count: end - offset), as: UTF8.self)
    }

    /// Where the C string at `offset` ends (its NUL), if inside the file.
    private func end(of offset: Int) -> Int? {
        guard offset >= 0, offset < size else { return nil }
        var end = offset
        while end < size, base.load(fromByteOffset: end, as: UInt8.self) != 0 { end += 1 }
        return end < size ? end : nil
    }

    /// How the C string at `offset` orders against `key` (strcmp's sign: bytes unsigned), or
    /// nil when it does not end inside the file.
    func compare(_ offset: Int, _ key: [UInt8]) -> Int? {
        guard offset >= 0, offset < size else { return nil }
        var index = 0
        while true {
            guard offset + index < size else { return nil }
            let byte = base.load(fromByteOffset: offset + index, as: UInt8.self)
            let wanted: UInt8 = index < key.count ? key[index] : 0
            if byte != wanted { return byte < wanted ? -1 : 1 }
            if byte == 0 { return 0 }
            index += 1
        }
    }
}
