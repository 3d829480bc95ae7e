/// The freedesktop.org key-file format shared by desktop entries, `index.theme`,
/// `mimeapps.list` and GTK's `settings.ini`: `[Group]` headers, `Key=Value` lines, `#`
/// comments.
///
/// Read leniently, as GLib does where it can: blank lines and comments skipped, spaces
/// around `=` dropped, a line that is neither a group nor a key (or comes before any group)
/// skipped, a key repeated in a group keeps its first value, a group repeated adds its keys.
/// Bytes that are not UTF-8 make the line skipped, never the file refused.
public struct KeyFile: Sendable {
    /// The groups in file order, each with its keys in file order.
    public private(set) var groups: [(name: String, entries: [(key: String, value: String)])] = []

    /// The key file in `bytes`.
    public init(_ bytes: [UInt8]) {
        var index: [String: Int] = [:]
        var current: Int?
        for line in bytes.split(omittingEmptySubsequences: true, whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            guard let text = String(validating: line, as: UTF8.self) else { continue }
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            guard let first = trimmed.first, first != "#" else { continue }
            if first == "[" {
                guard let close = trimmed.lastIndex(of: "]") else {
                    current = nil
                    continue
                }
                let name = String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
                if let known = index[name] {
                    current = known
                } else {
                    groups.append((name, []))
                    current = groups.count - 1
                    index[name] = current
                }
                continue
            }
            guard let current, let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = String(trimmed[..<equals]).trimmingBlanks
            let value = String(trimmed[trimmed.index(after: equals)...]).trimmingLeadingBlanks
            guard !key.isEmpty, !groups[current].entries.contains(where: { $0.key == key }) else { continue }
            groups[current].entries.append((key, value))
        }
    }

    /// The value of `key` in `group`, as written.
    public func value(_ key: String, in group: String) -> String? {
        groups.first { $0.name == group }?.entries.first { $0.key == key }?.value
    }

    /// The entries of `group`, or none.
    public func entries(in group: String) -> [(key: String, value: String)] {
        groups.first { $0.name == group }?.entries ?? []
    }

    /// A string value with the desktop entry escapes (`\s`, `\n`, `\t`, `\r`, `\\`) replaced;
    /// any other backslash is kept with what follows it.
    public static func unescaped(_ value: String) -> String {
        var result = "", escaping = false
        for character in value {
            if escaping {
                switch character {
                case "s": result.append(" ")
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "\\": result.append("\\")
                // Not a string escape: left for the value's own reading (`Exec`'s quoting).
                default: result += "\\" + String(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        if escaping { result.append("\\") }
        return result
    }

    /// A list value (`a;b;c;`), split at unescaped `separator`s, empty items dropped, the
    /// escapes replaced.
    public static func list(_ value: String, separator: Character = ";") -> [String] {
        var items: [String] = [], current = "", escaping = false
        for character in value {
            if escaping {
                current.append(character == separator ? character : "\\")
                if character != separator { current.append(character) }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == separator {
                items.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        items.append(current)
        return items.map(unescaped).map(\.trimmingBlanks).filter { !$0.isEmpty }
    }
}

extension String {
    /// Without spaces and tabs at either end.
    var trimmingBlanks: String {
        String(trimmingLeadingBlanks.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// Without spaces and tabs at the start.
    var trimmingLeadingBlanks: String { String(drop { $0 == " " || $0 == "\t" }) }
}
