import CFileOps

/// The content rules of shared-mime-info's binary `magic` files, and the sniffing they
/// describe: the first bytes of a file tested against each type's rules, the highest
/// priority first.
///
/// The format (the specification's "The magic files"): the line `MIME-Magic\0\n`, then
/// sections `[priority:type]\n`, each a list of rules, one a line:
/// `[indent]>offset=LLvalue[&mask][~word-size][+range-length]\n`, where `LL` is the value's
/// length in two big-endian bytes and the value and mask are that many raw bytes. A rule
/// matches when the value (under the mask) is found at one of `range-length` offsets from
/// `offset`; a rule with rules one indent deeper under it matches only when one of them does
/// too; a section matches when one of its top rules does.
///
/// Read defensively, since the file is binary and anyone's `~/.local/share/mime` may hold one:
/// every number and length is bounded (`Limits`), a section with a rule that does not
/// read is dropped whole (the next section starts at the next `\n[`), and a file without the
/// header is skipped. Nothing in it can make matching read outside the bytes given. Reading
/// is linear in the file (a rule is looked at again only by the rules it nests in, at most
/// 64).
///
/// Matching is bounded too, whatever the rules: a file's sniffing compares at most
/// ``workLimit`` bytes. A plain value is searched for in its range with glibc's `memmem`
/// (linear: its cost is the range's length), a masked one byte by byte; once the bound is
/// spent, the rules not yet tested do not match, and the type is decided by those that were
/// (the highest priorities first). Debian's whole database, every rule tested, compares some
/// 36 KB of a file; a hostile one of 4 096-byte values that almost match, each searched over
/// 64 KiB, would otherwise cost seconds per file, on the loop's thread when the inspector or
/// "Open With" asks.
public struct MimeMagic: Sendable {
    /// One test of one section.
    struct Rule: Sendable {
        var indent: Int
        var offset: Int
        var range: Int
        var value: [UInt8]
        var mask: [UInt8]?
    }

    /// One type's rules.
    struct Section: Sendable {
        var priority: Int
        var type: String
        var rules: [Rule]
        /// For each rule, the index after its last descendant.
        var subtreeEnds: [Int]
    }

    /// The bounds a rule must keep to be read.
    enum Limits {
        /// The deepest nesting.
        static let indent = 64
        /// The largest offset, and the longest range.
        static let offset = 1 << 20
        /// The longest value.
        static let value = 4096
        /// The largest magic file read, in bytes.
        static let fileBytes = 8 << 20
    }

    private(set) var sections: [Section] = []

    /// The most bytes one file's sniffing compares: 1 Mi, some thirty times what Debian's
    /// whole database compares, a few milliseconds at most.
    public static let workLimit = 1 << 20

    /// No rules.
    public init() {}

    /// The rules of `files` (each directory's `magic`), the least important first: a later
    /// file's `__NOMAGIC__` rule drops the earlier files' rules of its type. Sections are
    /// kept highest priority first, in file order within a priority.
    public init(files: [[UInt8]]) {
        var all: [Section] = []
        for file in files {
            let read = Self.parse(file)
            let dropped = Set(read.filter { $0.rules.contains { $0.value == Self.noMagic } }.map(\.type))
            if !dropped.isEmpty { all.removeAll { dropped.contains($0.type) } }
            all += read.filter { !dropped.contains($0.type) }
        }
        extent = all.lazy.flatMap(\.rules).map { $0.offset + $0.range - 1 + $0.value.count }.max() ?? 0
        // A stable sort: a file's order stands between sections of one priority.
        sections = all.enumerated().sorted { ($0.element.priority, -$0.offset) > ($1.element.priority, -$1.offset) }.map(
            \.element)
    }

    private static let noMagic = Array("__NOMAGIC__".utf8)
    private static let header = Array("MIME-Magic\0\n".utf8)

    /// How many sections were read.
    public var count: Int { sections.count }

    /// The farthest byte any rule may look at: how much of a file sniffing can use.
    public private(set) var extent = 0

    /// The types whose rules match `bytes`, highest priority first, with their priority;
    /// within ``workLimit`` bytes compared, or `work` when given.
    public func matches(_ bytes: [UInt8], work: Int = workLimit) -> [(type: String, priority: Int)] {
        var left = work
        return sections.filter { Self.matches($0, bytes, from: 0, to: $0.rules.count, work: &left) }.map {
            ($0.type, $0.priority)
        }
    }

    /// The type of the first section (the highest priority) that matches `bytes`, within
    /// ``workLimit`` bytes compared, or `work` when given.
    public func type(for bytes: [UInt8], work: Int = workLimit) -> String? {
        var left = work
        return sections.first { Self.matches($0, bytes, from: 0, to: $0.rules.count, work: &left) }?.type
    }

    /// Whether one of the rules in `start..<end` that are siblings matches, with its subtree.
    private static func matches(
        _ section: Section, _ bytes: [UInt8], from start: Int, to end: Int, work: inout Int
    ) -> Bool {
        var index = start
        while index < end {
            let after = section.subtreeEnds[index]
            if test(section.rules[index], bytes, work: &work),
                after == index + 1 || matches(section, bytes, from: index + 1, to: after, work: &work)
            {
                return true
            }
            index = after
        }
        return false
    }

    /// Whether `rule`'s value is in `bytes` at one of its offsets, the bytes compared taken
    /// from `work`; false once `work` is spent.
    static func test(_ rule: Rule, _ bytes: [UInt8], work: inout Int) -> Bool {
        let length = rule.value.count
        guard length > 0, rule.offset < bytes.count, work > 0 else { return false }
        let last = min(rule.offset + rule.range - 1, bytes.count - length)
        guard last >= rule.offset else { return false }
        let window = last - rule.offset + length
        guard let mask = rule.mask else {
            work -= window
            return bytes.withUnsafeBytes { haystack in
                rule.value.withUnsafeBytes { needle in
                    sv_find_bytes(haystack.baseAddress! + rule.offset, UInt(window), needle.baseAddress!, UInt(length)) >= 0
                }
            }
        }
        for start in rule.offset...last {
            var index = 0
            while index < length && bytes[start + index] & mask[index] == rule.value[index] & mask[index] { index += 1 }
            work -= index + 1
            if index == length { return true }
            if work <= 0 { return false }
        }
        return false
    }

    // MARK: Reading

    /// The sections of one magic file; none when it lacks the header or is too large.
    static func parse(_ bytes: [UInt8]) -> [Section] {
        guard bytes.count <= Limits.fileBytes, bytes.starts(with: header) else { return [] }
        var reader = ByteReader(bytes, at: header.count)
        var sections: [Section] = []
        while !reader.atEnd {
            guard reader.peek == UInt8(ascii: "["), let section = readSection(&reader) else {
                // Skip to the next section.
                reader.skip(past: [UInt8(ascii: "\n"), UInt8(ascii: "[")], keepingLast: true)
                continue
            }
            sections.append(section)
        }
        return sections
    }

    private static func readSection(_ reader: inout ByteReader) -> Section? {
        reader.advance()
        guard let priority = reader.number(upTo: 100), reader.take(UInt8(ascii: ":")),
            let nameBytes = reader.bytes(until: UInt8(ascii: "]"), limit: 255),
            let type = String(validating: nameBytes, as: UTF8.self), MimeTypeName.isValid(type),
            reader.take(UInt8(ascii: "\n"))
        else { return nil }
        var rules: [Rule] = []
        while !reader.atEnd, reader.peek != UInt8(ascii: "[") {
            guard let rule = readRule(&reader) else { return nil }
            let deepest = (rules.last?.indent ?? -1) + 1
            guard rule.indent <= deepest else { return nil }
            rules.append(rule)
        }
        guard !rules.isEmpty else { return nil }
        var ends = [Int](repeating: rules.count, count: rules.count)
        for index in rules.indices {
            ends[index] = rules[(index + 1)...].firstIndex { $0.indent <= rules[index].indent } ?? rules.count
        }
        return Section(priority: priority, type: type, rules: rules, subtreeEnds: ends)
    }

    private static func readRule(_ reader: inout ByteReader) -> Rule? {
        let indent = reader.peek == UInt8(ascii: ">") ? 0 : reader.number(upTo: Limits.indent)
        guard let indent, reader.take(UInt8(ascii: ">")), let offset = reader.number(upTo: Limits.offset),
            reader.take(UInt8(ascii: "=")), let high = reader.next(), let low = reader.next()
        else { return nil }
        let length = Int(high) << 8 | Int(low)
        guard length > 0, length <= Limits.value, var value = reader.bytes(count: length) else { return nil }
        var mask: [UInt8]?
        var wordSize = 1, range = 1
        if reader.take(UInt8(ascii: "&")) {
            guard let read = reader.bytes(count: length) else { return nil }
            mask = read
        }
        if reader.take(UInt8(ascii: "~")) {
            guard let size = reader.number(upTo: 4), [1, 2, 4].contains(size) else { return nil }
            wordSize = size
        }
        if reader.take(UInt8(ascii: "+")) {
            guard let read = reader.number(upTo: Limits.offset), read >= 1 else { return nil }
            range = read
        }
        // An extension this reader does not know: the rest of the line is ignored.
        if !reader.take(UInt8(ascii: "\n")) {
            guard reader.bytes(until: UInt8(ascii: "\n"), limit: 4096) != nil else { return nil }
        }
        // Words are written big-endian; on a little-endian machine they are compared swapped.
        if wordSize > 1, UInt16(1).littleEndian == 1 {
            guard length % wordSize == 0 else { return nil }
            value = swapped(value, wordSize)
            mask = mask.map { swapped($0, wordSize) }
        }
        return Rule(indent: indent, offset: offset, range: range, value: value, mask: mask)
    }

    private static func swapped(_ bytes: [UInt8], _ size: Int) -> [UInt8] {
        stride(from: 0, to: bytes.count, by: size).flatMap { bytes[$0..<$0 + size].reversed() }
    }
}

/// A cursor over bytes that never reads past their end.
struct ByteReader {
    private let bytes: [UInt8]
    private(set) var position: Int

    init(_ bytes: [UInt8], at position: Int = 0) {
        self.bytes = bytes
        self.position = min(position, bytes.count)
    }

    var atEnd: Bool { position >= bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[position] }

    mutating func advance() { if !atEnd { position += 1 } }

    mutating func next() -> UInt8? {
        defer { advance() }
        return peek
    }

    /// Takes `byte` if it comes next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        position += 1
        return true
    }

    /// A decimal number of at least one digit, at most `limit`.
    mutating func number(upTo limit: Int) -> Int? {
        var value = 0, digits = 0
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            position += 1
            if value > limit { return nil }
        }
        return digits > 0 ? value : nil
    }

    /// The next `count` bytes, if there are that many.
    mutating func bytes(count: Int) -> [UInt8]? {
        guard count >= 0, bytes.count - position >= count else { return nil }
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    /// The bytes before the next `end` (taken too), if it comes within `limit` bytes.
    mutating func bytes(until end: UInt8, limit: Int) -> [UInt8]? {
        let stop = min(bytes.count, position + limit + 1)
        guard let found = bytes[position..<stop].firstIndex(of: end) else { return nil }
        defer { position = found + 1 }
        return Array(bytes[position..<found])
    }

    /// Moves past the next occurrence of `pattern`, or to the end; with `keepingLast`, stops
    /// on the pattern's last byte.
    mutating func skip(past pattern: [UInt8], keepingLast: Bool) {
        var index = position
        while index + pattern.count <= bytes.count {
            if bytes[index..<index + pattern.count].elementsEqual(pattern) {
                position = index + pattern.count - (keepingLast ? 1 : 0)
                return
            }
            index += 1
        }
        position = bytes.count
    }
}
