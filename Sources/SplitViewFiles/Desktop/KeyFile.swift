/// The freedesktop.org key-file format shared by desktop entries, `index.theme`,
/// `mimeapps.list` and GTK's `settings.ini`: `[Group]` headers, `Key=Value` lines, `#`
/// comments.
///
/// Read leniently, as GLib does where it can: blank lines and comments skipped, spaces
/// around `=` dropped, a line that is neither a group nor a key (or comes before any group)
/// skipped, a key repeated in a group keeps its first value, a group repeated adds its keys.
/// Bytes that are not UTF-8 make the line skipped, never the file refused.
///
/// Read in time linear in the file: each line is looked at once, and a group's keys are kept
/// in a dictionary beside their order, so a repeated key is known at once and
/// ``value(_:in:)`` costs one lookup. A `mimeapps.list` of 150 000 keys in one group, which
/// the earlier reading (each key compared with every key before it) took minutes over, is
/// read in milliseconds.
public struct KeyFile: Sendable {
    /// The groups in file order, each with its keys in file order.
    public private(set) var groups: [(name: String, entries: [(key: String, value: String)])] = []
    /// Where each group is in ``groups``.
    private var groupIndex: [String: Int] = [:]
    /// Each group's values by key (a repeated key's first), in the order of ``groups``.
    private var values: [[String: String]] = []

    /// The key file in `bytes`.
    public init(_ bytes: [UInt8]) {
        var current: Int?
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
            readLine(bytes[start..<end], into: &current)
            start = end + 1
        }
    }

    /// Reads one line (without its line break): a group header makes `current` that group, a
    /// key line adds its key to `current`.
    private mutating func readLine(_ line: ArraySlice<UInt8>, into current: inout Int?) {
        let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 }
        guard let first = trimmed.first, first != UInt8(ascii: "#") else { return }
        if first == UInt8(ascii: "[") {
            guard let text = String(validating: trimmed, as: UTF8.self) else { return }
            guard let close = text.lastIndex(of: "]") else {
                current = nil
                return
            }
            let name = String(text[text.index(after: text.startIndex)..<close])
            if let known = groupIndex[name] {
                current = known
            } else {
                groups.append((name, []))
                values.append([:])
                current = groups.count - 1
                groupIndex[name] = current
            }
            return
        }
        // `=` is ASCII, never part of a longer character: the line is UTF-8 exactly when both
        // sides are, and dropping blanks (ASCII too) at their ends changes neither.
        guard let current, let equals = trimmed.firstIndex(of: UInt8(ascii: "=")),
            let key = Self.text(Self.trimmed(trimmed[..<equals])),
            let value = Self.text(trimmed[(equals + 1)...].drop { $0 == 0x20 || $0 == 0x09 }),
            !key.isEmpty
        else { return }
        // One hash for a new key; a repeated one (rare) gets its first value back.
        if let first = values[current].updateValue(value, forKey: key) {
            values[current][key] = first
            return
        }
        groups[current].entries.append((key, value))
    }

    /// `bytes` as a string if they are UTF-8: ASCII (almost every key and value) without the
    /// general check.
    private static func text(_ bytes: ArraySlice<UInt8>) -> String? {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.allSatisfy { $0 < 0x80 }
                ? String(decoding: buffer, as: UTF8.self) : String(validating: buffer, as: UTF8.self)
        }
    }

    /// `bytes` without spaces and tabs at either end.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var bytes = bytes.drop { $0 == 0x20 || $0 == 0x09 }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
        return bytes
    }

    /// Whether the file has a group called `name`.
    public func hasGroup(_ name: String) -> Bool { groupIndex[name] != nil }

    /// The value of `key` in `group`, as written.
    public func value(_ key: String, in group: String) -> String? {
        groupIndex[group].flatMap { values[$0][key] }
    }

    /// The entries of `group`, or none.
    public func entries(in group: String) -> [(key: String, value: String)] {
        groupIndex[group].map { groups[$0].entries } ?? []
    }

    /// A string value with the desktop entry escapes (`\s`, `\n`, `\t`, `\r`, `\\`) replaced;
    /// any other backslash is kept with what follows it.
    public static func unescaped(_ value: String) -> String {
        String(decoding: unescaped(bytes: value.utf8), as: UTF8.self)
    }

    /// ``unescaped(_:)`` on UTF-8: the escapes are ASCII, so bytes are read one by one (as
    /// GLib does) rather than as characters, and what is not an escape is copied as it is.
    private static func unescaped(bytes: some Collection<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var escaping = false
        for byte in bytes {
            if escaping {
                switch byte {
                case UInt8(ascii: "s"): result.append(0x20)
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "r"): result.append(0x0D)
                case backslash: result.append(backslash)
                // Not a string escape: left for the value's own reading (`Exec`'s quoting).
                default: result += [backslash, byte]
                }
                escaping = false
            } else if byte == backslash {
                escaping = true
            } else {
                result.append(byte)
            }
        }
        if escaping { result.append(backslash) }
        return result
    }

    private static let backslash = UInt8(ascii: "\\")

    /// A list value (`a;b;c;`), split at unescaped `separator`s (an ASCII character), empty
    /// items dropped, the escapes replaced, blanks at either end of an item dropped.
    ///
    /// Read byte by byte: an `index.theme`'s `Directories=` of a few thousand characters, read
    /// as characters, was most of the icon theme's cost at start-up (28 of 40 million
    /// instructions, `Benchmarks/Instructions`).
    public static func list(_ value: String, separator: Character = ";") -> [String] {
        guard let separator = separator.asciiValue else { preconditionFailure("a list's separator is ASCII") }
        var items: [String] = [], current: [UInt8] = [], escaping = false
        func finish() {
            let item = trimmed(unescaped(bytes: current)[...])
            if !item.isEmpty { items.append(String(decoding: item, as: UTF8.self)) }
            current.removeAll(keepingCapacity: true)
        }
        for byte in value.utf8 {
            if escaping {
                if byte != separator { current.append(backslash) }
                current.append(byte)
                escaping = false
            } else if byte == backslash {
                escaping = true
            } else if byte == separator {
                finish()
            } else {
                current.append(byte)
            }
        }
        finish()
        return items
    }
}

extension String {
    /// Without spaces and tabs at either end.
    var trimmingBlanks: String { String(decoding: KeyFile.trimmed(Array(utf8)[...]), as: UTF8.self) }

    /// Without spaces and tabs at the start.
    var trimmingLeadingBlanks: String { String(drop { $0 == " " || $0 == "\t" }) }
}
