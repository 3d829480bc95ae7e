import Glibc

/// What the reader pane shows for a path: the start of a text file, a hex dump of a binary
/// one, or why there is nothing to show.
///
/// Reading is bounded (at most `limit` bytes, however large the file) and never waits on
/// anything but the disk: FIFOs, sockets and devices are recognised by `stat` and never
/// opened, since opening a FIFO can block until a writer comes and opening a device can act
/// on the hardware (a tape rewinds on close). Reading changes neither the file's bytes nor
/// its modification time, and asks the kernel not to update its access time either. The
/// kernel's own files (`/proc`, `/sys`: ``KernelFiles``) are never read, since reading one can
/// take from it (`/proc/kmsg` drains the kernel's log) or block.
public enum FilePreview: Hashable, Sendable {
    /// Text, decoded from its `encoding` (``TextEncoding/detect(_:isCut:)``): the first `bytesShown`
    /// bytes of a file of `totalSize` bytes, cut at a character boundary, holding `lineCount`
    /// lines.
    case text(String, lineCount: Int, bytesShown: Int, totalSize: Int64, encoding: TextEncoding)
    /// A file that is not text (see ``isBinary(_:)``): its size and its first ``dumpLength``
    /// bytes, which the reader shows as a hex dump as wide as its pane allows.
    case binary(totalSize: Int64, head: [UInt8])
    /// A FIFO, socket or device: shown by kind, never opened.
    case notRegular(FileKind)
    /// A folder: the app lists it instead.
    case directory
    /// The file could not be read: missing, no permission, a link loop…
    case unreadable(FileError)

    /// Whether a text preview holds the whole file; `false` for every other case.
    public var isComplete: Bool {
        guard case .text(_, _, let shown, let total, _) = self else { return false }
        return Int64(shown) >= total
    }

    /// How many bytes decide between text and binary: enough for several lines of any text,
    /// little enough that the decision costs one small read.
    public static let sniffLength = 8 << 10

    /// How many bytes of a binary file are kept for its dump.
    public static let dumpLength = 256

    /// The classic 16-bytes-a-row `hexdump -C` dump of a binary preview's bytes, or `nil` for
    /// any other preview (the reader lays the bytes out to its own width).
    public var hexDump: String? {
        guard case .binary(_, let head) = self else { return nil }
        return HexDump.lines(head)
    }

    /// What `path` shows, reading at most `limit` bytes. A final symbolic link is followed,
    /// since people open a link to read what it points to.
    public static func read(_ path: FilePath, limit: Int = 4 << 20) -> FilePreview {
        let limit = min(max(limit, 0), Int.max / 2)
        let opened = path.withSystemPath { cPath -> Result<Opened, FileError> in
            var status = stat()
            guard stat(cPath, &status) == 0 else { return .failure(path.error(errno)) }
            let kind = FileKind(mode: status.st_mode)
            guard kind == .regular else { return .success(.notOpened(kind)) }
            if let system = KernelFiles.fileSystem(of: path) { return .failure(KernelFiles.refusal(path, fileSystem: system)) }
            return openForReading(cPath, path).map(Opened.descriptor)
        }
        let descriptor: Int32
        switch opened {
        case .success(.descriptor(let value)): descriptor = value
        case .success(.notOpened(.directory)): return .directory
        case .success(.notOpened(let kind)): return .notRegular(kind)
        case .failure(let error): return .unreadable(error)
        }
        defer { close(descriptor) }
        // The path may have been replaced between `stat` and `open`: only the descriptor's
        // own `fstat` says what was opened. O_NONBLOCK made the open itself return at once.
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .unreadable(path.error(errno)) }
        let kind = FileKind(mode: status.st_mode)
        if kind == .directory { return .directory }
        guard kind == .regular else { return .notRegular(kind) }
        if let system = KernelFiles.fileSystem(of: descriptor) {
            return .unreadable(KernelFiles.refusal(path, fileSystem: system))
        }
        return preview(of: descriptor, size: Int64(status.st_size), limit: limit, path: path)
    }

    /// Opens read-only without becoming the controlling terminal or leaking into children,
    /// and without touching the access time when the kernel allows it (`O_NOATIME` is only
    /// for the owner or a privileged process: `EPERM` otherwise, then we open without it).
    private static func openForReading(_ cPath: UnsafePointer<CChar>, _ path: FilePath) -> Result<Int32, FileError> {
        let flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
        while true {
            let descriptor = open(cPath, flags | noAccessTime)
            if descriptor >= 0 { return .success(descriptor) }
            if errno == EINTR { continue }
            if errno != EPERM { return .failure(path.error(errno)) }
            break
        }
        while true {
            let descriptor = open(cPath, flags)
            if descriptor >= 0 { return .success(descriptor) }
            if errno != EINTR { return .failure(path.error(errno)) }
        }
    }

    /// `O_NOATIME`, which Swift's Glibc module leaves out (it is a GNU extension). The value
    /// is the generic one from `asm-generic/fcntl.h`, shared by x86-64 and ARM64.
    private static let noAccessTime: Int32 = 0o1000000

    /// What the path's `stat` led to: a descriptor to read, or a kind left unopened.
    private enum Opened {
        case descriptor(Int32)
        case notOpened(FileKind)
    }

    private static func preview(of descriptor: Int32, size: Int64, limit: Int, path: FilePath) -> FilePreview {
        var reader = BoundedReader(descriptor: descriptor)
        guard reader.read(upTo: sniffLength) else { return .unreadable(path.error(reader.error)) }
        // UTF-16 is full of NUL bytes: its byte-order mark is asked before the binary test.
        let isUTF16 = reader.bytes.starts(with: [0xFF, 0xFE]) || reader.bytes.starts(with: [0xFE, 0xFF])
        if !isUTF16 && isBinary(reader.bytes) {
            let total = reader.reachedEnd ? Int64(reader.bytes.count) : max(size, Int64(reader.bytes.count))
            return .binary(totalSize: total, head: Array(reader.bytes.prefix(dumpLength)))
        }
        // One byte past the limit tells a file of exactly `limit` bytes from a longer one.
        guard reader.read(upTo: limit + 1) else { return .unreadable(path.error(reader.error)) }
        let complete = reader.bytes.count <= limit
        var shown = reader.bytes.prefix(limit)
        let encoding = TextEncoding.detect(shown, isCut: !complete)
        // A file longer than the limit is cut; do not cut a character in two.
        if !complete { shown = wholeCharacters(of: shown, in: encoding) }
        let text = encoding.decode(shown)
        // The size `fstat` gave is stale if the file changed while read: a whole read is the
        // truth, a cut one is at least as long as what was read.
        let total = complete && reader.reachedEnd ? Int64(reader.bytes.count) : max(size, Int64(reader.bytes.count))
        let lines = isUTF16 ? lineCount(of: text) : lineCount(shown)
        return .text(text, lineCount: lines, bytesShown: shown.count, totalSize: total, encoding: encoding)
    }

    /// `bytes` without a character cut in two at their end: a UTF-8 sequence, or a UTF-16
    /// unit's odd byte or the high half of a surrogate pair. Latin-1 has one byte a character.
    private static func wholeCharacters(of bytes: ArraySlice<UInt8>, in encoding: TextEncoding) -> ArraySlice<UInt8> {
        switch encoding {
        case .utf8: return UTF8Boundary.prefix(ofCompleteCharacters: bytes)
        case .latin1: return bytes
        case .utf16LittleEndian, .utf16BigEndian:
            var end = bytes.endIndex - bytes.count % 2
            if end - bytes.startIndex >= 2 {
                let high = encoding == .utf16LittleEndian ? bytes[end - 1] : bytes[end - 2]
                if (0xD8...0xDB).contains(high) { end -= 2 }
            }
            return bytes[..<end]
        }
    }

    private static func lineCount(of text: String) -> Int {
        guard !text.isEmpty else { return 0 }
        let newlines = text.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return text.utf8.last == 0x0A ? newlines : newlines + 1
    }

    /// The binary test: a NUL byte in the first ``sniffLength`` bytes (no text encoding the
    /// app shows uses NUL, and nearly every binary format has one there), or more than a
    /// quarter of the bytes in invalid UTF-8 sequences or control characters other than
    /// tab, newline, carriage return, form feed and escape. Latin-1 prose stays text, with a
    /// few U+FFFD, rather than becoming a hex dump.
    public static func isBinary<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        let sample = Array(bytes.prefix(sniffLength))
        if sample.contains(0) { return true }
        var suspicious = 0
        sample.withUnsafeBufferPointer { buffer in
            var index = 0
            // An incomplete character at the very end was cut by the sample, not by the file.
            let end = sample.count == sniffLength ? max(sample.count - 3, 0) : sample.count
            while index < end {
                let byte = buffer[index]
                if byte < 0x80 {
                    if (byte < 0x20 && ![0x09, 0x0A, 0x0D, 0x0C, 0x1B].contains(byte)) || byte == 0x7F { suspicious += 1 }
                    index += 1
                } else if let (_, length) = UTF8Scalar.decode(buffer, at: index) {
                    index += length
                } else {
                    suspicious += 1
                    index += 1
                }
            }
        }
        return suspicious * 4 > sample.count
    }

    private static func lineCount(_ bytes: ArraySlice<UInt8>) -> Int {
        guard !bytes.isEmpty else { return 0 }
        let newlines = bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return bytes.last == 0x0A ? newlines : newlines + 1
    }
}
