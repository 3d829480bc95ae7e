/// Files copied or cut to the clipboard, in the forms the desktop's file managers exchange:
/// GNOME's `x-special/gnome-copied-files`, the `text/uri-list` of RFC 2483, and plain text
/// (the paths, one a line), for a terminal.
///
/// ```swift
/// let files = ClipboardFiles(operation: .cut, paths: [FilePath("/home/ana/a b.txt")])
/// files.gnomeCopiedFiles   // "cut\nfile:///home/ana/a%20b.txt"
/// files.uriList            // "file:///home/ana/a%20b.txt\r\n"
/// ClipboardFiles(gnomeCopiedFiles: files.gnomeCopiedFiles) == files   // true
/// ```
///
/// Reading is strict, since the bytes come from any program: a URI must be a local `file:`
/// URI (RFC 8089: no host, an empty one, or `localhost`), its `%XX` escapes decode to raw
/// bytes (a name need not be UTF-8), and a path that could name something other than what a
/// person would read — a `%00` or `%2F` escape, a `.` or `..` component, a relative path — is
/// refused with the whole list, so a paste never acts on a guess.
public struct ClipboardFiles: Hashable, Sendable {
    /// What the paste does with the files: copies them, or moves them (a cut).
    public enum Operation: String, Hashable, Sendable {
        /// Ctrl+C: the paste copies.
        case copy
        /// Ctrl+X: the paste moves.
        case cut
    }

    /// Copy or cut.
    public var operation: Operation
    /// The files, absolute, in the order they were selected.
    public var paths: [FilePath]

    /// Files to copy or cut.
    public init(operation: Operation, paths: [FilePath]) {
        self.operation = operation
        self.paths = paths
    }

    // MARK: - Writing

    /// GNOME's form (Nautilus, Thunar, Caja, Nemo read it): `copy` or `cut`, then each file's
    /// URI on a line of its own, no newline at the end.
    public var gnomeCopiedFiles: [UInt8] {
        var bytes = Array(operation.rawValue.utf8)
        for path in paths { bytes += [UInt8(ascii: "\n")] + GTKBookmarks.uri(for: path) }
        return bytes
    }

    /// RFC 2483's `text/uri-list`: each URI followed by CR LF.
    public var uriList: [UInt8] {
        paths.flatMap { GTKBookmarks.uri(for: $0) + [UInt8(ascii: "\r"), UInt8(ascii: "\n")] }
    }

    /// The paths as text, one a line with no newline after the last, for a terminal: a path
    /// that is not UTF-8 is written as its URI instead, the one lossless spelling that is
    /// valid UTF-8.
    public var plainText: [UInt8] {
        var bytes: [UInt8] = []
        for (index, path) in paths.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "\n")) }
            bytes += path.string != nil && !path.bytes.contains(UInt8(ascii: "\n")) ? path.bytes : GTKBookmarks.uri(for: path)
        }
        return bytes
    }

    // MARK: - Reading

    /// Reads GNOME's form: `copy` or `cut` on the first line, then URIs (CR LF taken as LF,
    /// empty lines skipped); nil when the first line is neither, a URI is refused, or no
    /// file is named.
    public init?(gnomeCopiedFiles bytes: [UInt8]) {
        var lines = Self.lines(bytes)
        guard !lines.isEmpty, let operation = Operation(rawValue: String(decoding: lines.removeFirst(), as: UTF8.self))
        else { return nil }
        guard let paths = Self.paths(fromURIs: lines.filter { !$0.isEmpty }) else { return nil }
        self.init(operation: operation, paths: paths)
    }

    /// Reads a `text/uri-list` (comment lines starting with `#` skipped, as RFC 2483 says) as
    /// files to copy; nil when a URI is refused or none is there.
    public init?(uriList bytes: [UInt8]) {
        let lines = Self.lines(bytes).filter { !$0.isEmpty && $0.first != UInt8(ascii: "#") }
        guard let paths = Self.paths(fromURIs: lines) else { return nil }
        self.init(operation: .copy, paths: paths)
    }

    /// Reads plain text as files to copy: every non-empty line an absolute path or a
    /// `file:` URI. Nautilus 3.30 to 42 put its files on the clipboard as text starting with
    /// the line `x-special/nautilus-clipboard`, then `copy` or `cut` and the URIs: that is
    /// read as GNOME's form. Nil for anything else (a line of prose is not a file to paste).
    public init?(text bytes: [UInt8]) {
        var lines = Self.lines(bytes).map { Array($0.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) }
        while lines.last?.isEmpty == true { lines.removeLast() }
        if lines.first == Array("x-special/nautilus-clipboard".utf8) {
            self.init(gnomeCopiedFiles: Array(lines.dropFirst().joined(separator: [UInt8(ascii: "\n")])))
            return
        }
        var paths: [FilePath] = []
        for line in lines where !line.isEmpty {
            if line.first == UInt8(ascii: "/") {
                guard !line.contains(0), let path = Self.checked(FilePath(bytes: line)) else { return nil }
                paths.append(path)
            } else {
                guard let path = Self.path(fromURI: line) else { return nil }
                paths.append(path)
            }
        }
        guard !paths.isEmpty else { return nil }
        self.init(operation: .copy, paths: paths)
    }

    /// The local path a `file:` URI names (`file:///p`, `file://localhost/p`, `file:/p`), or
    /// nil: another scheme or host, a bad or forbidden escape, or a path with a `.` or `..`
    /// component.
    public static func path(fromURI uri: [UInt8]) -> FilePath? {
        let lower = uri.prefix(7).map { (65...90).contains($0) ? $0 + 32 : $0 }
        if lower.starts(with: Array("file://".utf8)) {
            return GTKBookmarks.path(fromURI: uri).flatMap(checked)
        }
        // RFC 8089's form without an authority: `file:/path`.
        guard lower.starts(with: Array("file:/".utf8)), uri.count > 6 else { return nil }
        return GTKBookmarks.path(fromURI: Array("file://".utf8) + uri[5...]).flatMap(checked)
    }

    /// `path` when each of its components is a real name, else nil: a paste of `/a/..` would
    /// act on a file named by its parent's parent.
    private static func checked(_ path: FilePath) -> FilePath? {
        guard path.bytes.first == UInt8(ascii: "/"), !path.isRoot else { return nil }
        for component in path.bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst() {
            if component.isEmpty || component.elementsEqual([46]) || component.elementsEqual([46, 46]) { return nil }
        }
        return path
    }

    private static func paths(fromURIs lines: [[UInt8]]) -> [FilePath]? {
        var paths: [FilePath] = []
        for line in lines {
            guard let path = path(fromURI: line) else { return nil }
            paths.append(path)
        }
        return paths.isEmpty ? nil : paths
    }

    /// The lines of `bytes`, LF or CR LF ended, the last one with or without its newline.
    private static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            Array(line.last == UInt8(ascii: "\r") ? line.dropLast() : line)
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
