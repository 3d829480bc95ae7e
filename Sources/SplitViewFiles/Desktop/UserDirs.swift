/// The XDG user folders (`$XDG_CONFIG_HOME/user-dirs.dirs`, written by `xdg-user-dirs-update`):
/// Desktop, Documents, Downloads and the others, under the names the user's language gave them.
///
/// A line is `XDG_DOCUMENTS_DIR="$HOME/Documents"`: the value is quoted, and is either `$HOME`
/// followed by nothing or `/…`, or an absolute path. Inside the quotes a backslash keeps the
/// next byte as it is (`\"`, `\\`, `\$`), as `xdg-user-dirs` writes them. Comments (`#`),
/// unknown keys, unquoted or relative values and any other garbage are skipped, line by line.
public enum UserDirs {
    /// The keys read, in the order the places list them (GNOME Files' order), without
    /// `XDG_` and `_DIR`.
    public static let keys = ["DESKTOP", "DOCUMENTS", "DOWNLOAD", "MUSIC", "PICTURES", "VIDEOS", "PUBLICSHARE", "TEMPLATES"]

    /// The folders `bytes` names, by key (`DOCUMENTS`), with `$HOME` replaced by `home`; a
    /// key given twice keeps its last value, as `xdg-user-dir` reads it.
    public static func parse(_ bytes: [UInt8], home: FilePath) -> [String: FilePath] {
        var folders: [String: FilePath] = [:]
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let (key, path) = entry(Array(line), home: home) else { continue }
            folders[key] = path
        }
        return folders
    }

    private static func entry(_ line: [UInt8], home: FilePath) -> (String, FilePath)? {
        var rest = line[...].drop(while: isBlank)
        guard rest.first != UInt8(ascii: "#"), let equals = rest.firstIndex(of: UInt8(ascii: "=")) else { return nil }
        let name = rest[..<equals].reversed().drop(while: isBlank).reversed()
        guard let text = String(validating: Array(name), as: UTF8.self), text.hasPrefix("XDG_"), text.hasSuffix("_DIR"),
            text.count > 8
        else { return nil }
        let key = String(text.dropFirst(4).dropLast(4))
        guard keys.contains(key) else { return nil }
        rest = rest[(equals + 1)...].drop(while: isBlank)
        guard rest.first == UInt8(ascii: "\"") else { return nil }
        rest = rest.dropFirst()
        var value: [UInt8] = []
        var closed = false
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "\\") {
                guard let next = rest.popFirst() else { return nil }
                value.append(next)
            } else if byte == UInt8(ascii: "\"") {
                closed = true
                break
            } else {
                value.append(byte)
            }
        }
        guard closed, rest.allSatisfy(isBlank), !value.contains(0) else { return nil }
        let homeWord = Array("$HOME".utf8)
        if value.starts(with: homeWord) {
            let tail = value.dropFirst(homeWord.count)
            guard tail.isEmpty || tail.first == UInt8(ascii: "/") else { return nil }
            return (key, FilePath(bytes: home.bytes + tail))
        }
        guard value.first == UInt8(ascii: "/") else { return nil }
        return (key, FilePath(bytes: value))
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
}
