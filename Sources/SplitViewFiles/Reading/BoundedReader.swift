import Glibc

/// Reads a descriptor from where it stands up to a byte count, however the file changes.
///
/// A file growing while it is read stops at the count; one truncated meanwhile ends early at
/// its new end (`read` returns 0). Either way the loop ends: every pass either adds bytes,
/// reaches the end, or fails.
struct BoundedReader {
    let descriptor: Int32
    /// Everything read so far.
    private(set) var bytes: [UInt8] = []
    /// Whether `read` returned 0: the whole file is in ``bytes``.
    private(set) var reachedEnd = false
    /// The `errno` of a failed read.
    private(set) var error: Int32 = 0

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Reads until ``bytes`` holds `count` bytes or the file ends; `false` on a read error.
    mutating func read(upTo count: Int) -> Bool {
        let chunk = 64 << 10
        while !reachedEnd && bytes.count < count {
            let wanted = min(count - bytes.count, chunk)
            let result = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: wanted) { buffer -> Int in
                let got = Glibc.read(descriptor, buffer.baseAddress, wanted)
                if got > 0 { bytes.append(contentsOf: buffer[..<got]) }
                return got < 0 ? -Int(errno) : got
            }
            if result == 0 {
                reachedEnd = true
            } else if result == -Int(EINTR) {
                continue
            } else if result == -Int(EAGAIN) {
                // Only a non-regular file says this, and those are refused before reading;
                // stop rather than spin.
                return true
            } else if result < 0 {
                error = Int32(-result)
                return false
            }
        }
        return true
    }
}

/// Where a cut in UTF-8 text can fall without splitting a character.
enum UTF8Boundary {
    /// `bytes` without a trailing sequence that its lead byte says is incomplete. Bytes that
    /// are invalid anyway stay: they are shown as U+FFFD like any other bad byte.
    static func prefix(ofCompleteCharacters bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var index = bytes.endIndex
        // A character is at most four bytes: look back past at most three continuations.
        while index > bytes.startIndex && bytes.endIndex - index < 4 {
            index -= 1
            let byte = bytes[index]
            if byte & 0xC0 == 0x80 { continue }
            let length =
                switch byte {
                case 0xC2...0xDF: 2
                case 0xE0...0xEF: 3
                case 0xF0...0xF4: 4
                default: 1
                }
            return bytes.endIndex - index < length ? bytes[..<index] : bytes
        }
        return bytes
    }
}

/// The `hexdump -C` layout people recognise: offset, sixteen bytes in two groups of eight,
/// and the printable ASCII beside them.
enum HexDump {
    static func lines<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        let all = Array(bytes)
        var lines: [String] = []
        for start in stride(from: 0, to: all.count, by: 16) {
            let row = all[start..<min(start + 16, all.count)]
            var line = DisplayEscaping.hex(UInt32(start), digits: 8).lowercased() + "  "
            for column in 0..<16 {
                let index = start + column
                line += index < all.count ? DisplayEscaping.hex(UInt32(all[index]), digits: 2).lowercased() + " " : "   "
                if column == 7 { line += " " }
            }
            line += " |"
            for byte in row {
                line.unicodeScalars.append(byte >= 0x20 && byte < 0x7F ? Unicode.Scalar(byte) : ".")
            }
            line += "|"
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
