import Glibc

/// One `.trashinfo` file of the freedesktop.org Trash specification 1.0: where a trashed file
/// came from, and when it was trashed.
///
/// The file is a small key file, as a desktop entry is:
///
/// ```
/// [Trash Info]
/// Path=/home/ana/My%20Notes/caf%C3%A9.txt
/// DeletionDate=2026-11-21T14:03:59
/// ```
///
/// - `Path=` is the original path's bytes, escaped as a URL escapes them (RFC 2396, section
///   2): every byte but the unreserved ASCII letters, digits, `-`, `.`, `_`, `~` and the `/`
///   becomes `%XX`, as GIO writes it. It is absolute in the home trash, and relative to the
///   volume's top folder in a volume's trash (`Documents/a.txt`).
/// - `DeletionDate=` is the local time of the trashing, `YYYY-MM-DDThh:mm:ss`, without a zone.
///
/// The reader is written for files anyone on the volume could have put there: only the first
/// `[Trash Info]` group counts, spaces around `=` are allowed, a key given twice keeps its
/// first value, other keys and groups are skipped, and a file larger than ``sizeLimit`` is not
/// read. A file without the group or a usable `Path=` is no trash entry (``parse(_:)`` gives
/// `nil`). A `Path=` with a bad escape, a NUL byte, or a `..` component is refused too: a
/// restore must never be led outside the place the file came from. A missing or malformed
/// date leaves the entry listed, its date unknown.
public struct TrashInfo: Hashable, Sendable {
    /// The original path as written, unescaped: absolute, or relative to a volume's top folder.
    public var path: [UInt8]
    /// When the file was trashed, or `nil` when the file gives no valid date.
    public var deletionDate: DeletionDate?

    /// An entry for `path` trashed at `deletionDate`.
    public init(path: [UInt8], deletionDate: DeletionDate?) {
        self.path = path
        self.deletionDate = deletionDate
    }

    /// The largest `.trashinfo` file read, in bytes (64 KiB): four times the longest path.
    public static let sizeLimit = 64 << 10

    /// The file's bytes: the group line, `Path=`, then `DeletionDate=` when known, each line
    /// ending with a newline.
    public var bytes: [UInt8] {
        var text = Array("[Trash Info]\nPath=".utf8) + Self.escape(path) + [UInt8(ascii: "\n")]
        if let deletionDate { text += Array("DeletionDate=\(deletionDate.text)\n".utf8) }
        return text
    }

    /// The entry in `bytes`, or `nil` when they are not a usable `.trashinfo` file.
    public static func parse(_ bytes: [UInt8]) -> TrashInfo? {
        guard bytes.count <= sizeLimit else { return nil }
        var inGroup = false
        var seenGroup = false
        var path: [UInt8]?
        var date: [UInt8]?
        for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            var line = rawLine
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.first == UInt8(ascii: "[") {
                if seenGroup && inGroup { break }  // the group ended: later ones do not count
                inGroup = line.elementsEqual("[Trash Info]".utf8)
                seenGroup = seenGroup || inGroup
                continue
            }
            guard inGroup, line.first != UInt8(ascii: "#"), let equals = line.firstIndex(of: UInt8(ascii: "=")) else {
                continue
            }
            let key = trimmed(line[..<equals])
            let value = Array(trimmed(line[(equals + 1)...]))
            if key.elementsEqual("Path".utf8), path == nil { path = value }
            if key.elementsEqual("DeletionDate".utf8), date == nil { date = value }
        }
        guard seenGroup, let escaped = path, let decoded = unescape(escaped), isAcceptable(decoded) else { return nil }
        return TrashInfo(path: decoded, deletionDate: date.flatMap(DeletionDate.init(text:)))
    }

    /// `bytes` with every byte but the unreserved ones and `/` written `%XX` (upper-case hex):
    /// ``PercentEncoding/encoded(_:)``, GIO's set.
    public static func escape(_ bytes: [UInt8]) -> [UInt8] {
        PercentEncoding.encoded(bytes)
    }

    /// `%XX` (either case) decoded; `nil` for a `%` without two hex digits after it. Other
    /// bytes are kept as they are, as GIO's reader keeps them (``PercentEncoding/Decoding/anyByte``:
    /// a NUL or `..` is refused by the reader afterwards).
    public static func unescape(_ bytes: [UInt8]) -> [UInt8]? {
        PercentEncoding.decoded(bytes, as: .anyByte)
    }

    /// A path a restore may use: not empty, no NUL, no `..` component, not only slashes.
    static func isAcceptable(_ path: [UInt8]) -> Bool {
        guard !path.isEmpty, !path.contains(0) else { return false }
        let components = path.split(separator: UInt8(ascii: "/"))
        return !components.isEmpty && !components.contains { $0.elementsEqual("..".utf8) }
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        return slice
    }
}

/// A `DeletionDate=`: a local date and time to the second, as the specification writes it
/// (`2026-11-21T14:03:59`), without a time zone.
public struct DeletionDate: Hashable, Sendable, Comparable {
    /// The year, 0…9999.
    public var year: Int
    /// The month, 1…12.
    public var month: Int
    /// The day of the month, 1…31.
    public var day: Int
    /// The hour, 0…23.
    public var hour: Int
    /// The minute, 0…59.
    public var minute: Int
    /// The second, 0…60 (a leap second).
    public var second: Int

    /// A date from its parts; `nil` when one is out of its range.
    public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        guard (0...9999).contains(year), (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour),
            (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
    }

    /// The local time of `seconds` since the epoch (`time(nil)`).
    public init(localTime seconds: Int) {
        var time = time_t(seconds)
        var parts = tm()
        localtime_r(&time, &parts)
        // localtime_r's fields are in range for any time a clock gives (years up to 9999).
        (year, month, day) = (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday))
        (hour, minute, second) = (Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

    /// `YYYY-MM-DDThh:mm:ss` read; `nil` for anything else. Trailing bytes (a zone some writer
    /// added) make it unreadable too: guessing would show a wrong time.
    public init?(text: [UInt8]) {
        guard text.count == 19, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"), text[10] == UInt8(ascii: "T"),
            text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in text[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// `YYYY-MM-DDThh:mm:ss`.
    public var text: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(padded(hour, 2)):\(padded(minute, 2)):"
            + padded(second, 2)
    }

    /// Earlier first.
    public static func < (lhs: DeletionDate, rhs: DeletionDate) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute, lhs.second)
            < (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute, rhs.second)
    }
}
