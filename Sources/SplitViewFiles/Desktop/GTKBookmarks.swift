import SplitView

/// GTK's shared bookmarks file (`$XDG_CONFIG_HOME/gtk-3.0/bookmarks`), read and written as GTK
/// does, so that GNOME Files and splitview share their bookmarks.
///
/// Each line is a URI, then optionally a space and a label: `file:///home/ana/My%20Notes Notes`.
/// Only local `file://` URIs name folders here; every other line (`sftp://…`, garbage, an
/// empty line) is skipped when reading and kept byte for byte when a bookmark is added.
public enum GTKBookmarks {
    /// One bookmark: a folder and the label the user gave it, if any.
    public struct Bookmark: Hashable, Sendable {
        /// The folder, decoded from the URI's `%`-escapes (any bytes but NUL).
        public var path: FilePath
        /// The text after the first space, as bytes (GTK does not require UTF-8), or `nil`.
        public var label: [UInt8]?

        /// Creates a bookmark.
        public init(path: FilePath, label: [UInt8]? = nil) {
            self.path = path
            self.label = label
        }
    }

    /// The largest bookmarks file read (1 MiB): GTK's own files are a few hundred bytes.
    public static let sizeLimit = 1 << 20

    /// Why the file's contents cannot be used, or `nil`: a NUL byte means it is not the text
    /// GTK writes (and GTK itself would stop reading there), so it is never rewritten.
    public static func problem(in bytes: [UInt8]) -> String? {
        bytes.contains(0) ? String(translated: "it holds a NUL byte, so it is not a bookmarks file") : nil
    }

    /// The bookmarks in `bytes`, in the file's order, each folder once (the first line wins);
    /// at most `limit`, the rest of the file not read.
    public static func parse(_ bytes: [UInt8], limit: Int = .max) -> [Bookmark] {
        var seen: Set<FilePath> = []
        var bookmarks: [Bookmark] = []
        forEachLine(of: bytes) { uri, label in
            guard bookmarks.count < limit else { return false }
            if let path = path(fromURI: uri), seen.insert(path).inserted { bookmarks.append(Bookmark(path: path, label: label)) }
            return true
        }
        return bookmarks
    }

    /// Calls `body` with each line's URI and label (the text after the first space, nil when
    /// empty), a `\r` before the newline dropped, empty lines skipped, until it returns false.
    private static func forEachLine(of bytes: [UInt8], _ body: ([UInt8], [UInt8]?) -> Bool) {
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            var line = Array(line)
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            let space = line.firstIndex(of: UInt8(ascii: " "))
            var label = space.map { Array(line[line.index(after: $0)...]) }
            if label?.isEmpty == true { label = nil }
            guard body(Array(line[..<(space ?? line.endIndex)]), label) else { return }
        }
    }

    /// A line of the file as GTK's sidebar shows it: a local folder, or a place elsewhere.
    public enum Entry: Hashable, Sendable {
        /// A local folder (a `file://` URI).
        case folder(Bookmark)
        /// A place that is not a local folder (`sftp://host/srv`, `smb://server/share`): its
        /// URI as written, and its label, shown as GTK and Thunar show it.
        case remote(uri: String, label: [UInt8]?)
    }

    /// Every bookmark in `bytes` that GTK's sidebar shows, in the file's order: local folders
    /// (each once, as ``parse(_:limit:)``) and other URIs (`scheme://…`, each once); at most
    /// `limit`. A line that is no URI is skipped.
    public static func entries(_ bytes: [UInt8], limit: Int = .max) -> [Entry] {
        var folders: Set<FilePath> = [], remotes: Set<String> = []
        var entries: [Entry] = []
        forEachLine(of: bytes) { uri, label in
            guard entries.count < limit else { return false }
            if let path = path(fromURI: uri) {
                if folders.insert(path).inserted { entries.append(.folder(Bookmark(path: path, label: label))) }
            } else if isRemoteURI(uri), let text = String(validating: uri, as: UTF8.self), remotes.insert(text).inserted {
                entries.append(.remote(uri: text, label: label))
            }
            return true
        }
        return entries
    }

    /// Whether `uri` is `scheme://…` with a scheme of RFC 3986's characters, other than
    /// `file`: a place GIO would reach through GVfs.
    static func isRemoteURI(_ uri: [UInt8]) -> Bool {
        guard let colon = uri.firstIndex(of: UInt8(ascii: ":")), colon > 0,
            uri[colon...].starts(with: Array("://".utf8)), uri.count > colon + 3
        else { return false }
        let scheme = uri[..<colon]
        guard let first = scheme.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lowercased(first)) else { return false }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.".utf8)
        return scheme.allSatisfy(allowed.contains) && !scheme.map(lowercased).elementsEqual("file".utf8)
    }

    /// The folder a `file://` URI names, or `nil`: another scheme, a host other than none or
    /// `localhost` (GLib's `g_filename_from_uri` reads only those as local), a path that is not
    /// absolute, or a bad escape — `%` without two hex digits, `%00`, or `%2F` (an escaped
    /// slash is not a byte of a name, GLib refuses it too: ``PercentEncoding/Decoding/localPath``).
    public static func path(fromURI uri: [UInt8]) -> FilePath? {
        let scheme = Array("file://".utf8)
        guard uri.count > scheme.count, uri[..<scheme.count].map(lowercased).elementsEqual(scheme) else { return nil }
        let rest = uri[scheme.count...]
        guard let slash = rest.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        let host = rest[..<slash]
        guard host.isEmpty || host.map(lowercased).elementsEqual("localhost".utf8) else { return nil }
        // A raw byte GTK would have escaped (a space ends the URI before here; a non-UTF-8 byte
        // from another writer) is read as itself, as GLib does.
        return PercentEncoding.decoded(rest[slash...], as: .localPath).map(FilePath.init(bytes:))
    }

    /// The URI GTK writes for `path`: `file://` and the path with every byte but the
    /// unreserved characters (`A-Z a-z 0-9 - . _ ~`) and `/` written as `%XX`, upper-case
    /// (``PercentEncoding``).
    public static func uri(for path: FilePath) -> [UInt8] {
        Array("file://".utf8) + PercentEncoding.encoded(path.bytes)
    }

    /// `contents` with a bookmark for `path` added at the end, every other byte as it was (a
    /// last line without its newline gets one first), or `nil` when `path` is already there.
    public static func adding(_ path: FilePath, to contents: [UInt8]) -> [UInt8]? {
        guard !parse(contents).contains(where: { $0.path == path }) else { return nil }
        var result = contents
        if let last = result.last, last != UInt8(ascii: "\n") { result.append(UInt8(ascii: "\n")) }
        result += uri(for: path)
        result.append(UInt8(ascii: "\n"))
        return result
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
