import CX11
import Glibc
import SplitViewFiles
import Synchronization

/// Fontconfig's answers for a program's own fonts, kept between runs in a small file with the
/// files they were worked out from, so that a start whose fonts and configuration have not
/// changed opens its fonts without loading fontconfig's configuration.
///
/// Loading that configuration (some 60 XML files, `FcInit`) was the longest step before a
/// window's first frame: about 22 M instructions, more than the frame itself. Its answer for
/// a name such as `DejaVu Sans:pixelsize=13` is the matched pattern Xft opens (the font's file,
/// its hinting, its characters…), and it changes only when fontconfig's files do. An entry
/// keeps that pattern (`FcNameUnparse`, `FcNameParse` to read it back) under a key made of the
/// name and the display's defaults that Xft adds to it (`XftDefaultSubstitute`: dpi, the
/// `Xft.*` resources, subpixel order, language).
///
/// Decided: the file is believed only while nothing it was worked out from has changed:
/// fontconfig's version; the environment fontconfig reads (`FONTCONFIG_FILE`, `LANG`, `HOME`…);
/// and the modification time, size and inode of every configuration file fontconfig read, the
/// folders holding them, the user's configuration places (absent ones too: one created later
/// shows), every font folder and cache folder, and each entry's font file. Installing a font
/// (which changes its folder), editing any configuration file, or running `fc-cache` makes
/// the next start ask fontconfig again and write the file anew. This is the check fontconfig
/// itself makes of its own caches, by folder times. The file is a cache: one that cannot be
/// read or written only costs the configuration's load, and is never reported. It is read and
/// replaced whole as the app's state is (`AtomicFile`), so a torn file is never read as an
/// answer. It holds at most 32 (`capacity`) entries, the oldest dropped first.
///
/// The program's own start-up uses it (`$XDG_CACHE_HOME/splitview/fonts`); a ``FontSet`` made
/// without one asks fontconfig every time, as before.
public final class FontCache: Sendable {
    /// The file the answers are kept in.
    public let path: String

    /// A cache kept in `path`; nothing is read until the first question.
    public init(path: String) {
        self.path = path
    }

    /// The program's cache, `$XDG_CACHE_HOME/<program>/fonts`, else `$HOME/.cache/<program>/fonts`
    /// (a relative `XDG_CACHE_HOME` is ignored, as the XDG spec asks); nil with neither.
    public static func standard(program: String, environment: [String: String]) -> FontCache? {
        standard(program: program) { environment[$0] }
    }

    /// ``standard(program:environment:)`` in the process's own environment.
    public static func standard(program: String) -> FontCache? {
        standard(program: program) { name in getenv(name).map { String(cString: $0) } }
    }

    private static func standard(program: String, variable: (String) -> String?) -> FontCache? {
        let base: String
        if let cache = variable("XDG_CACHE_HOME"), cache.hasPrefix("/") {
            base = cache
        } else if let home = variable("HOME"), home.hasPrefix("/") {
            base = (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.cache"
        } else {
            return nil
        }
        return FontCache(path: (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/\(program)/fonts")
    }

    /// Entries at most: every role at a few sizes and scales.
    static let capacity = 32

    /// The environment variables fontconfig's answer depends on.
    static let watchedVariables = [
        "FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "FC_LANG", "LANG", "LC_ALL", "LC_CTYPE",
        "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME",
    ]

    /// The file's first line; another one is not read.
    static let header = "splitview-fonts 1"

    private struct State {
        var loaded = false
        /// Whether the file on disk, as read, still holds (every entry came from it).
        var valid = false
        var entries: [(key: String, pattern: String)] = []
        var changed = false
    }

    private let state = Mutex(State())

    /// The character sets of the entries' patterns, parsed (`FcCharSet`, as bit patterns), keyed
    /// by their text: see ``prepareCharsets()``.
    private let charsets = Mutex<[String: UInt]>([:])

    deinit {
        charsets.withLock { sets in
            for bits in sets.values { FcCharSetDestroy(OpaquePointer(bitPattern: bits)) }
        }
    }

    /// Reads the file and checks it, once; later calls return what the first found. Safe from
    /// any thread: a question asked meanwhile waits for it.
    ///
    /// - Returns: true when the file holds answers that are still right.
    @discardableResult
    public func load() -> Bool {
        state.withLock { state in
            if !state.loaded {
                state.loaded = true
                if let entries = Self.read(path, environment: Self.currentEnvironment()) {
                    state.valid = true
                    state.entries = entries
                }
            }
            return state.valid
        }
    }

    /// The matched pattern kept for `key`, as fontconfig wrote it, or nil.
    func pattern(for key: String) -> String? {
        load()
        return state.withLock { state in state.entries.last(where: { $0.key == key })?.pattern }
    }

    /// The pattern kept for the first key `matching`, newest first.
    func pattern(where matching: (String) -> Bool) -> String? {
        load()
        return state.withLock { state in state.entries.last(where: { matching($0.key) })?.pattern }
    }

    /// Parses the character sets of the newest entries (at most four different ones,
    /// ``preparedCharsets``), so that ``parse(_:)`` finds them made. Safe from any thread; the
    /// font thread calls it once the file is believed, while the command line is still read.
    ///
    /// Decided: most of a kept pattern is its character set, the font's every character as
    /// ranges (2.4 KB of a 4 KB pattern for DejaVu Sans), and fontconfig adds the ranges' every
    /// character to a new set one by one: three quarters of the 1 M instructions of each role's
    /// `FcNameParse`, three roles on the main thread before the first frame, though the roles
    /// share two fonts. Each different set is now parsed once, on the font thread.
    func prepareCharsets() {
        guard load() else { return }
        let patterns = state.withLock { state in state.entries.reversed().map(\.pattern) }
        var seen = Set<String>()
        for pattern in patterns {
            guard seen.count < Self.preparedCharsets else { break }
            guard let (_, text) = Self.splitCharset(pattern), seen.insert(text).inserted else { continue }
            guard charsets.withLock({ $0[text] }) == nil, let parsed = FcNameParse(":charset=" + text) else { continue }
            defer { FcPatternDestroy(parsed) }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(parsed, FC_CHARSET, 0, &charset) == FcResultMatch, let copy = FcCharSetCopy(charset)
            else { continue }
            let kept = charsets.withLock { sets in
                guard sets[text] == nil else { return false }
                sets[text] = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(copy)))
                return true
            }
            if !kept { FcCharSetDestroy(copy) }
        }
    }

    /// How many character sets ``prepareCharsets()`` has made.
    var preparedCount: Int { charsets.withLock { $0.count } }

    /// Different character sets ``prepareCharsets()`` parses at most: a family's regular and
    /// bold faces, a monospace face, one more.
    static let preparedCharsets = 4

    /// `pattern` (as fontconfig wrote it) parsed: with its character set from those
    /// ``prepareCharsets()`` made when it is one of them, else by `FcNameParse` alone. The
    /// caller destroys it.
    func parse(_ pattern: String) -> OpaquePointer? {
        if let (rest, text) = Self.splitCharset(pattern),
            let bits = charsets.withLock({ $0[text] }),
            let parsed = FcNameParse(rest)
        {
            FcPatternAddCharSet(parsed, FC_CHARSET, OpaquePointer(bitPattern: bits))
            return parsed
        }
        return FcNameParse(pattern)
    }

    /// `pattern` without its `charset` element, and that element's value; nil when it has
    /// none. An element begins at a `:` no backslash escapes and ends before the next.
    static func splitCharset(_ pattern: String) -> (rest: String, charset: String)? {
        let bytes = Array(pattern.utf8)
        let name = Array(":charset=".utf8)
        var index = 0
        var escaped = false
        var start: Int?
        while index < bytes.count {
            let byte = bytes[index]
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: ":") {
                if let start {
                    return (
                        String(decoding: bytes[..<start] + bytes[index...], as: UTF8.self),
                        String(decoding: bytes[(start + name.count)..<index], as: UTF8.self)
                    )
                }
                if bytes[index...].starts(with: name) { start = index }
            }
            index += 1
        }
        guard let start else { return nil }
        return (String(decoding: bytes[..<start], as: UTF8.self), String(decoding: bytes[(start + name.count)...], as: UTF8.self))
    }

    /// Keeps `pattern` as the answer for `key`; ``save()`` writes it. A key or pattern with a
    /// tab or a line break (a family named so) is not kept.
    func record(key: String, pattern: String) {
        guard Self.fitsOnALine(key), Self.fitsOnALine(pattern) else { return }
        load()
        state.withLock { state in
            state.entries.removeAll { $0.key == key }
            state.entries.append((key, pattern))
            if state.entries.count > Self.capacity { state.entries.removeFirst(state.entries.count - Self.capacity) }
            state.changed = true
        }
    }

    /// Whether `text` has no tab and no line break, so that it fits a field of a line (bytes:
    /// a pattern is kilobytes).
    static func fitsOnALine(_ text: String) -> Bool {
        !text.utf8.contains { $0 == tab || $0 == newline || $0 == UInt8(ascii: "\r") }
    }

    /// Writes the entries with what they depend on now, if any was recorded since the last
    /// save; fontconfig's configuration must be loaded (a font was opened by name).
    ///
    /// - Returns: true when the file was written.
    @discardableResult
    func save() -> Bool {
        let entries: [(key: String, pattern: String)]? = state.withLock { state in
            guard state.changed else { return nil }
            state.changed = false
            return state.entries
        }
        guard let entries else { return false }
        let files = entries.compactMap { Self.file(ofPattern: $0.pattern) }
        let text = Self.text(entries: entries, sources: Self.sources(fontFiles: files), environment: Self.currentEnvironment())
        guard AtomicFile.makeFolders(AtomicFile.parentFolder(of: path)) == nil else { return false }
        return AtomicFile.write(Array(text.utf8), to: path) == nil
    }

    // MARK: - What an answer depends on

    /// The watched variables that are set, as `NAME=value`.
    static func currentEnvironment() -> [String] {
        watchedVariables.compactMap { name in getenv(name).map { "\(name)=\(String(cString: $0))" } }
    }

    /// Every file and folder fontconfig's current configuration was made from, and `fontFiles`.
    static func sources(fontFiles: [String]) -> [String] {
        var paths: [String] = []
        var seen = Set<String>()
        func add(_ path: String) {
            if !path.isEmpty, seen.insert(path).inserted { paths.append(path) }
        }
        func addAll(_ list: OpaquePointer?, parents: Bool = false) {
            guard let list else { return }
            defer { FcStrListDone(list) }
            while let next = FcStrListNext(list) {
                let path = String(cString: UnsafeRawPointer(next).assumingMemoryBound(to: CChar.self))
                add(path)
                if parents, let slash = path.lastIndex(of: "/"), slash != path.startIndex { add(String(path[..<slash])) }
            }
        }
        addAll(FcConfigGetConfigFiles(nil), parents: true)
        addAll(FcConfigGetConfigDirs(nil))
        addAll(FcConfigGetFontDirs(nil))
        addAll(FcConfigGetCacheDirs(nil))
        // The user's own configuration, where fontconfig's 50-user.conf looks: absent places
        // count, so that creating one is noticed.
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        let home = variable("HOME")
        if let config = variable("XDG_CONFIG_HOME").flatMap({ $0.hasPrefix("/") ? $0 : nil }) ?? home.map({ $0 + "/.config" }) {
            add(config + "/fontconfig")
            add(config + "/fontconfig/fonts.conf")
            add(config + "/fontconfig/conf.d")
        }
        if let home {
            add(home + "/.fonts.conf")
            add(home + "/.fonts.conf.d")
            add(home + "/.fonts")
        }
        for file in fontFiles { add(file) }
        return paths
    }

    /// A path's modification time, size, inode and device, or `-` when it cannot be seen.
    static func stamp(of path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "-" }
        return "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_size) \(info.st_ino) \(info.st_dev)"
    }

    /// The `file=` of an unparsed pattern.
    static func file(ofPattern pattern: String) -> String? {
        guard let parsed = FcNameParse(pattern) else { return nil }
        defer { FcPatternDestroy(parsed) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(parsed, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
    }

    // MARK: - The file

    /// The file's text: the header, fontconfig's version, the environment, each source with
    /// its stamp, each entry, and `end` (a file without it was cut short and is not believed).
    static func text(entries: [(key: String, pattern: String)], sources: [String], environment: [String]) -> String {
        var text = header + "\nversion \(FcGetVersion())\n"
        for variable in environment where fitsOnALine(variable) { text += "env \(variable)\n" }
        for source in sources where fitsOnALine(source) {
            text += "source \(stamp(of: source))\t\(source)\n"
        }
        for entry in entries { text += "font \(entry.key)\t\(entry.pattern)\n" }
        return text + "end\n"
    }

    /// The entries of the file at `path` when it is whole and every source is as it was, and
    /// the version and `environment` are the same; nil otherwise.
    static func read(_ path: String, environment: [String]) -> [(key: String, pattern: String)]? {
        guard case .success(let bytes) = AtomicFile.read(path, limit: sizeLimit) else { return nil }
        return entries(in: bytes, environment: environment)
    }

    /// ``read(_:environment:)`` on the bytes of the file. Lines are cut as bytes, not
    /// characters: the file is read before the first frame, and 17 KB of `Character`s took
    /// milliseconds.
    static func entries(in bytes: [UInt8], environment: [String]) -> [(key: String, pattern: String)]? {
        var lines = bytes.split(separator: newline, omittingEmptySubsequences: false)[...]
        guard let first = lines.popFirst(), first.elementsEqual(header.utf8), let second = lines.popFirst(),
            second.elementsEqual("version \(FcGetVersion())".utf8)
        else { return nil }
        var variables: [String] = []
        var entries: [(key: String, pattern: String)] = []
        var sources = 0
        while let line = lines.popFirst() {
            if line.elementsEqual("end".utf8) {
                // Only an empty remainder: the last line's break.
                guard lines.allSatisfy(\.isEmpty), variables == environment, sources > 0 else { return nil }
                return entries
            }
            guard let space = line.firstIndex(of: space) else { return nil }
            let tag = line[..<space], rest = line[(space + 1)...]
            let tab = rest.firstIndex(of: tab)
            if tag.elementsEqual("env".utf8) {
                variables.append(String(decoding: rest, as: UTF8.self))
            } else if tag.elementsEqual("source".utf8), let tab {
                let path = String(decoding: rest[(tab + 1)...], as: UTF8.self)
                guard stamp(of: path).utf8.elementsEqual(rest[..<tab]) else { return nil }
                sources += 1
            } else if tag.elementsEqual("font".utf8), let tab {
                entries.append(
                    (String(decoding: rest[..<tab], as: UTF8.self), String(decoding: rest[(tab + 1)...], as: UTF8.self)))
            } else {
                return nil
            }
        }
        return nil
    }

    /// ``entries(in:environment:)`` on text.
    static func entries(in text: String, environment: [String]) -> [(key: String, pattern: String)]? {
        entries(in: Array(text.utf8), environment: environment)
    }

    private static let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")

    /// 1 MiB: far more than ``capacity`` entries take (a pattern is about 4 KB).
    static let sizeLimit = 1 << 20
}
