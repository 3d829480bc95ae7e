import Glibc
import SplitViewFiles

/// What the location bar's text names: a folder or file path, with `~` for the home folder
/// and a relative path read from the shown folder.
enum Location {
    /// The absolute path `text` names: `~` and `~/…` start at `home`, a path without a leading
    /// `/` starts at `current`, and `.` and `..` are taken out as a shell's `cd` does
    /// (lexically: `a/link/..` is `a`), so that the outline never holds a `..` row path. Nil
    /// for an empty text, and for `~user`, which this app does not look up. A path that is not
    /// UTF-8 cannot be typed, so text is enough.
    static func resolve(_ text: String, from current: FilePath, home: String) -> FilePath? {
        guard !text.isEmpty else { return nil }
        var path: [UInt8]
        if text == "~" || text.hasPrefix("~/") {
            path = Array(home.utf8) + Array(text.utf8.dropFirst())
        } else if text.hasPrefix("~") {
            return nil
        } else if text.hasPrefix("/") {
            path = Array(text.utf8)
        } else {
            path = current.bytes + [UInt8(ascii: "/")] + Array(text.utf8)
        }
        if path.first != UInt8(ascii: "/") { path = [UInt8(ascii: "/")] + path }
        return normalized(path)
    }

    /// `path` (absolute) without empty, `.` and `..` components; `..` above `/` stays at `/`.
    static func normalized(_ path: [UInt8]) -> FilePath {
        var parts: [ArraySlice<UInt8>] = []
        for part in path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                _ = parts.popLast()
                continue
            }
            parts.append(part)
        }
        var bytes: [UInt8] = []
        for part in parts { bytes += [UInt8(ascii: "/")] + part }
        return FilePath(bytes: bytes.isEmpty ? [UInt8(ascii: "/")] : bytes)
    }

    /// Why `folder` cannot be listed (`opendir(3)`'s reason, "Permission denied"), or nil
    /// when it can.
    static func readProblem(_ folder: FilePath) -> String? {
        let directory = folder.withCString { opendir($0) }
        guard let directory else { return String(cString: strerror(errno)) }
        closedir(directory)
        return nil
    }

    /// `$HOME`, else the password database's home folder, else `/`.
    static func homeFolder() -> String {
        if let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/") { return home }
        if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir { return String(cString: dir) }
        return "/"
    }

    /// The path as the location bar shows it: its exact text when it is UTF-8, else escaped.
    static func text(of path: FilePath) -> String { path.string ?? path.displayString }
}
