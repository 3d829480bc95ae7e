import Glibc

/// A theme's `index.theme`, as the freedesktop.org icon theme specification reads it: the
/// themes it inherits from and its directories, each with the sizes it serves.
public struct IconThemeIndex: Hashable, Sendable {
    /// The themes searched after this one, in order (`Inherits=`).
    public var inherits: [String]
    /// The subdirectories that hold icons, in the order `Directories=` (then
    /// `ScaledDirectories=`) lists them.
    public var directories: [IconDirectory]

    /// The index in `bytes`, or nil when it has no `[Icon Theme]` group. A directory whose
    /// group is missing, or has no valid `Size`, is left out, as are names that would leave
    /// the theme's folder (`..`, `/` at the start).
    ///
    /// Read as ``KeyFile`` reads any key file (the same lines kept and skipped, a repeated
    /// key's first value), but in one pass over the bytes that keeps only the keys a theme
    /// has: hicolor's index of 650 groups, read as a general key file and then looked up, was
    /// 23 of the 27 million instructions of the first icons at start-up.
    public init?(_ bytes: [UInt8]) {
        var reader = IndexReader()
        bytes.withUnsafeBufferPointer { reader.read($0) }
        guard let theme = reader.groups["Icon Theme"].map({ reader.records[$0] }) else { return nil }
        inherits = KeyFile.list(theme.inherits ?? "", separator: ",").filter(IconName.isValid)
        let names =
            KeyFile.list(theme.directories ?? "", separator: ",") + KeyFile.list(theme.scaledDirectories ?? "", separator: ",")
        var seen: Set<String> = []
        directories = names.prefix(IconDirectory.limit).compactMap { name in
            guard IconDirectory.isSafe(name), seen.insert(name).inserted, let index = reader.groups[name] else { return nil }
            return IconDirectory(name: name, record: reader.records[index])
        }
    }
}

/// The keys of one group of an `index.theme` that a theme reads, each the first value the
/// group gave it (`nil`: not given; a number key given something that is not a number holds
/// `.some(nil)`, and a later line does not replace it, as in ``KeyFile``).
struct IndexRecord {
    var inherits: String?
    var directories: String?
    var scaledDirectories: String?
    var size: Int??
    var scale: Int??
    var type: IconDirectory.Kind?
    var minSize: Int??
    var maxSize: Int??
    var threshold: Int??
}

/// One pass over an `index.theme`'s bytes, by ``KeyFile``'s rules, into an ``IndexRecord`` per
/// group.
struct IndexReader {
    private(set) var records: [IndexRecord] = []
    private(set) var groups: [String: Int] = [:]
    private var current: Int?

    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
            if end > start { readLine(UnsafeBufferPointer(rebasing: bytes[start..<end])) }
            start = end + 1
        }
    }

    private mutating func readLine(_ whole: UnsafeBufferPointer<UInt8>) {
        var first = 0
        while first < whole.count && (whole[first] == 0x20 || whole[first] == 0x09) { first += 1 }
        guard first < whole.count, whole[first] != UInt8(ascii: "#") else { return }
        let line = UnsafeBufferPointer(rebasing: whole[first...])
        if line[0] == UInt8(ascii: "[") {
            guard Self.isText(line) else { return }
            guard let close = line.lastIndex(of: UInt8(ascii: "]")) else {
                current = nil
                return
            }
            // `[` alone before `]`: the name runs from after the first byte to the last `]`.
            let name = close >= 1 ? String(decoding: UnsafeBufferPointer(rebasing: line[1..<close]), as: UTF8.self) : ""
            if let known = groups[name] {
                current = known
            } else {
                records.append(IndexRecord())
                current = records.count - 1
                groups[name] = current
            }
            return
        }
        guard let current, let equals = line.firstIndex(of: UInt8(ascii: "=")) else { return }
        var keyEnd = equals
        while keyEnd > 0 && (line[keyEnd - 1] == 0x20 || line[keyEnd - 1] == 0x09) { keyEnd -= 1 }
        var valueStart = equals + 1
        while valueStart < line.count && (line[valueStart] == 0x20 || line[valueStart] == 0x09) { valueStart += 1 }
        let key = UnsafeBufferPointer(rebasing: line[..<keyEnd])
        let value = UnsafeBufferPointer(rebasing: line[valueStart...])
        // Only the keys a theme reads; a key is ASCII, so a key that is not UTF-8 is none of
        // them, and a value that is not makes the line skipped (KeyFile's rule).
        guard let field = Self.field(key), Self.isText(value) else { return }
        Self.set(field, value, in: &records[current])
    }

    /// Gives `field` of `record` the `value`, unless an earlier line gave it one.
    private static func set(_ field: Field, _ value: UnsafeBufferPointer<UInt8>, in record: inout IndexRecord) {
        switch field {
        case .inherits: record.inherits = record.inherits ?? String(decoding: value, as: UTF8.self)
        case .directories: record.directories = record.directories ?? String(decoding: value, as: UTF8.self)
        case .scaledDirectories:
            record.scaledDirectories = record.scaledDirectories ?? String(decoding: value, as: UTF8.self)
        case .size: record.size = record.size ?? integer(value)
        case .scale: record.scale = record.scale ?? integer(value)
        case .minSize: record.minSize = record.minSize ?? integer(value)
        case .maxSize: record.maxSize = record.maxSize ?? integer(value)
        case .threshold: record.threshold = record.threshold ?? integer(value)
        case .type:
            if record.type == nil {
                record.type =
                    value.elementsEqual("Fixed".utf8) ? .fixed : value.elementsEqual("Scalable".utf8) ? .scalable : .threshold
            }
        }
    }

    private enum Field {
        case inherits, directories, scaledDirectories, size, scale, type, minSize, maxSize, threshold
    }

    /// The field `key` names, compared with `memcmp` (a generic `elementsEqual` over a
    /// string's UTF-8 was a million instructions of hicolor's 4 000 lines).
    private static func field(_ key: UnsafeBufferPointer<UInt8>) -> Field? {
        func named(_ literal: StaticString) -> Bool {
            guard let bytes = key.baseAddress else { return false }
            return memcmp(bytes, literal.utf8Start, key.count) == 0
        }
        switch key.count {
        case 4: return named("Size") ? .size : named("Type") ? .type : nil
        case 5: return named("Scale") ? .scale : nil
        case 7: return named("MinSize") ? .minSize : named("MaxSize") ? .maxSize : nil
        case 8: return named("Inherits") ? .inherits : nil
        case 9: return named("Threshold") ? .threshold : nil
        case 11: return named("Directories") ? .directories : nil
        case 17: return named("ScaledDirectories") ? .scaledDirectories : nil
        default: return nil
        }
    }

    /// Whether `bytes` are UTF-8 (ASCII without the general check).
    private static func isText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 } || String(validating: bytes, as: UTF8.self) != nil
    }

    /// A whole number as `Int(_: String)` reads one: an optional sign, then only digits; nil
    /// for anything else or a number past `Int`'s range.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0, negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            negative = sign == UInt8(ascii: "-")
            index = 1
        }
        guard index < bytes.count else { return nil }
        var result = 0
        while index < bytes.count {
            let digit = Int(bytes[index]) - 0x30
            guard (0...9).contains(digit) else { return nil }
            let (times, overflowTimes) = result.multipliedReportingOverflow(by: 10)
            let (next, overflow) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflowTimes, !overflow else { return nil }
            result = next
            index += 1
        }
        return result
    }
}

/// One directory of a theme and the sizes it serves.
public struct IconDirectory: Hashable, Sendable {
    /// How a directory's icons may be scaled.
    public enum Kind: Hashable, Sendable {
        /// Only at ``IconDirectory/size``.
        case fixed
        /// From ``IconDirectory/minSize`` to ``IconDirectory/maxSize``.
        case scalable
        /// Within ``IconDirectory/threshold`` of ``IconDirectory/size``.
        case threshold
    }

    /// The most directories read from one index: a hostile one lists millions.
    static let limit = 4096

    /// The subdirectory's path in the theme (`16x16/mimetypes`).
    public var name: String
    /// Its nominal size in points.
    public var size: Int
    /// Its scale (2 for `@2x` directories).
    public var scale: Int
    /// How its icons may be scaled.
    public var kind: Kind
    /// The smallest size a scalable directory serves.
    public var minSize: Int
    /// The largest.
    public var maxSize: Int
    /// How far from its size a threshold directory still serves.
    public var threshold: Int

    /// The directory `name` as its group's keys describe it, or nil without a valid size (a
    /// positive whole number up to 4096; the other numbers are clamped likewise).
    init?(name: String, record: IndexRecord) {
        func number(_ value: Int??) -> Int? {
            (value ?? nil).flatMap { (1...4096).contains($0) ? $0 : nil }
        }
        guard let size = number(record.size) else { return nil }
        self.name = name
        self.size = size
        scale = number(record.scale) ?? 1
        kind = record.type ?? .threshold
        minSize = number(record.minSize) ?? size
        maxSize = number(record.maxSize) ?? size
        threshold = (record.threshold ?? nil).map { min(max($0, 0), 4096) } ?? 2
    }

    /// Whether a directory name stays inside its theme: relative, no `..`, no empty part.
    ///
    /// Read as bytes in one pass: hicolor lists some 750 directories, and splitting each into
    /// characters was 4 of the 14 million instructions its index took at start-up.
    static func isSafe(_ name: String) -> Bool {
        guard name.utf8.count <= 255 else { return false }
        // The part being read: its length, and how many of its bytes are dots.
        var length = 0, dots = 0
        func isBad() -> Bool { length == 0 || (dots == length && length <= 2) }
        for byte in name.utf8 {
            if byte == UInt8(ascii: "/") {
                if isBad() { return false }
                (length, dots) = (0, 0)
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return !isBad()
    }

    /// The specification's `DirectoryMatchesSize`.
    public func matches(size wanted: Int, scale wantedScale: Int) -> Bool {
        guard scale == wantedScale else { return false }
        switch kind {
        case .fixed: return size == wanted
        case .scalable: return minSize <= wanted && wanted <= maxSize
        case .threshold: return size - threshold <= wanted && wanted <= size + threshold
        }
    }

    /// The specification's `DirectorySizeDistance`, in pixels.
    public func distance(size wanted: Int, scale wantedScale: Int) -> Int {
        let wantedPixels = wanted * wantedScale
        switch kind {
        case .fixed: return abs(size * scale - wantedPixels)
        case .scalable:
            if wantedPixels < minSize * scale { return minSize * scale - wantedPixels }
            if wantedPixels > maxSize * scale { return wantedPixels - maxSize * scale }
            return 0
        case .threshold:
            if wantedPixels < (size - threshold) * scale { return minSize * scale - wantedPixels }
            if wantedPixels > (size + threshold) * scale { return wantedPixels - maxSize * scale }
            return 0
        }
    }
}

/// What may name an icon or a theme: a file name's part without `/`, not `.` or `..`, of
/// printable characters, at most 255 bytes.
public enum IconName {
    /// Whether `name` may be looked up as a file name in a theme's folders.
    public static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && name != "." && name != ".." && !name.contains("/")
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
