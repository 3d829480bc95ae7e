import SplitViewFiles

/// How the state file names folders and files: as text relative to the browsed root.
enum StatePath {
    /// `path` below `root` as the state file keeps it: `Travel/Japan`, `""` for the root itself,
    /// nil outside it. The exact text when its bytes are UTF-8 (a newline or a tab in a name
    /// included: JSON escapes them), else the name as people read it, with `\xNN` for each
    /// byte that is not UTF-8. Such a text names no file: at the next start that folder is not
    /// found, and its nearest enclosing one is selected.
    static func relative(_ path: FilePath, to root: FilePath) -> String? {
        if path == root { return "" }
        let prefix = root.bytes + (root.bytes.last == UInt8(ascii: "/") ? [] : [UInt8(ascii: "/")])
        guard path.bytes.starts(with: prefix) else { return nil }
        let below = FilePath(bytes: Array(path.bytes.dropFirst(prefix.count)))
        return below.string ?? below.displayString
    }

    /// The folder `relative` names below `root`.
    static func absolute(_ relative: String, below root: FilePath) -> FilePath {
        relative.isEmpty ? root : root.appending(Array(relative.utf8))
    }

    /// A selected file's name as the state file keeps it: exact when UTF-8, as `relative`.
    static func savedName(_ name: [UInt8]) -> String {
        String(validating: name, as: UTF8.self) ?? FilePath.displayName(name)
    }
}
