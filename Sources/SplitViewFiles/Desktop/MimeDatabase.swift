import Glibc
import SplitView
import Synchronization

/// shared-mime-info's database (`/usr/share/mime` and the user's own), read as its owners
/// read it: globs, magic, aliases, subclasses, the types' names and icons.
///
/// The directories are `mime/` under `$XDG_DATA_HOME`, then under each of `$XDG_DATA_DIRS`
/// (``XDGDirectories``), the first the most important. A directory with a fresh `mime.cache`
/// (`MimeCache`: no older than any source beside it) is read as GIO reads it, mapped and
/// searched where it lies; the others' sources (`globs2`, `aliases`, `subclasses`, the icons)
/// are read once, when first needed, and kept. `magic` is read only the first time a file's
/// bytes must be looked at (a name no glob settles), a type's XML only when its name is asked
/// for. Any thread may ask: the state is behind a lock, and a caller that warms it on a worker
/// (``load()``) keeps the cost off the loop's thread.
///
/// Decided where the specification is silent: a directory read from its sources is taken as
/// more important than one read from its cache for a type's alias and icons (a directory
/// whose cache is stale is one changed since, most often the user's own), and a
/// `__NOGLOBS__` acts only among the directories read from their sources (a cache holds the
/// result of its own directory's).
///
/// Hostile or broken files are skipped line by line, section by section or whole, never a
/// crash: each file is read with a size limit (``fileLimit``, ``commentFileLimit``), every
/// line checked, in time linear in its size; a file over its limit is said in ``problems``.
/// Matching a name or a file's bytes is bounded whatever the files hold
/// (``MimeGlobs/workLimit``, ``MimeMagic/workLimit``).
public final class MimeDatabase: Sendable {
    /// The directories read, most important first (each holding `globs2`, `magic`…).
    public let directories: [String]

    /// The largest database file read (`globs2`, `magic`, `aliases`, `subclasses`, a type's
    /// XML): 8 MiB, some twenty times the largest there is.
    public static let fileLimit = 8 << 20

    /// The largest type XML read for a type's name (256 KiB: the largest is under 5 KB).
    public static let commentFileLimit = 256 << 10

    struct Tables: Sendable {
        /// The directories read from their caches, most important first.
        var caches: [MimeCache] = []
        /// The directories read from their sources, most important first.
        var sourceDirectories: [String] = []
        var globs = MimeGlobs()
        /// Alias to canonical type.
        var aliases: [String: String] = [:]
        /// Type to its declared parents.
        var parents: [String: [String]] = [:]
        /// Type to its generic icon's name (`image-x-generic`).
        var genericIcons: [String: String] = [:]
        /// Type to its own icon's name, when it is not the type's with `-` for `/`.
        var icons: [String: String] = [:]
        /// The files over ``fileLimit``, one line each.
        var problems: [String] = []
    }

    private let tables = Mutex<Tables?>(nil)
    private let magicTable = Mutex<MimeMagic?>(nil)
    private let comments = Mutex<[String: String?]>([:])
    private let language: [String]
    private let usesCaches: Bool

    /// The database in `directories` (most important first); `language` the user's locale as
    /// the XML's `xml:lang` may name it, most specific first (``languages(environment:)``).
    /// Without `usesCaches` every directory is read from its sources, caches or not.
    public init(directories: [String], language: [String] = [], usesCaches: Bool = true) {
        self.directories = directories
        self.language = language
        self.usesCaches = usesCaches
    }

    /// The user's database: `mime/` in every XDG data directory, the names in the locale's
    /// language.
    public static func user(_ xdg: XDGDirectories = .current(), environment: [String: String] = [:]) -> MimeDatabase {
        MimeDatabase(directories: xdg.dataSearchPath.map { $0 + "/mime" }, language: languages(environment: environment))
    }

    /// The languages a locale names for messages (`LC_ALL`, else `LC_MESSAGES`, else `LANG`),
    /// most specific first: `de_AT.UTF-8@euro` gives `de_AT`, `de`. `C` and `POSIX` give none.
    public static func languages(environment: [String: String]) -> [String] {
        let locale =
            [environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let bare = String(locale.prefix { $0 != "." && $0 != "@" })
        guard !bare.isEmpty, bare != "C", bare != "POSIX", bare.allSatisfy({ $0.isLetter || $0 == "_" }) else { return [] }
        let language = String(bare.prefix { $0 != "_" })
        return bare == language ? [bare] : [bare, language]
    }

    /// Reads the tables now if they are not read yet: a worker calls it so that the loop's
    /// thread never waits for them.
    public func load() { _ = withTables { _ in 0 } }

    /// Whether the tables are read, asked without waiting: false while another thread reads
    /// them, so that the loop's thread can draw without them instead of waiting.
    public var isLoaded: Bool {
        tables.withLockIfAvailable { $0 != nil } ?? false
    }

    /// What could not be read once the tables are (none before): each file over
    /// ``fileLimit``, in one line for the user.
    public var problems: [String] {
        tables.withLock { $0?.problems ?? [] }
    }

    func withTables<R>(_ body: (Tables) -> R) -> R {
        tables.withLock { state in
            if let state { return body(state) }
            let read = Self.read(directories, usesCaches: usesCaches)
            state = read
            return body(read)
        }
    }

    /// The magic of every directory, read the first time it is needed (a file over
    /// ``fileLimit`` was said with the tables, when they were read).
    func withMagic<R>(_ body: (MimeMagic) -> R) -> R {
        magicTable.withLock { state in
            if let state { return body(state) }
            var unsaid: [String] = []
            let read = MimeMagic(files: Self.files("magic", in: directories.reversed(), problems: &unsaid))
            state = read
            return body(read)
        }
    }

    /// The contents of the file `name` in each of `directories` that has it, in that order;
    /// a file over ``fileLimit`` said in `problems`.
    private static func files(_ name: String, in directories: some Sequence<String>, problems: inout [String]) -> [[UInt8]] {
        directories.compactMap { directory in
            switch AtomicFile.read(directory + "/" + name, limit: fileLimit) {
            case .success(let bytes): return bytes
            case .failure(let error):
                if error.code == EFBIG { problems.append(String(translated: "\(error.description), not read")) }
                return nil
            }
        }
    }

    private static func read(_ directories: [String], usesCaches: Bool) -> Tables {
        var tables = Tables()
        for directory in directories {
            if usesCaches, let cache = MimeCache(directory: directory) {
                tables.caches.append(cache)
            } else {
                tables.sourceDirectories.append(directory)
            }
        }
        // magic is read later, when a file needs it; one too large to read is said now, with
        // the rest of the database's problems.
        for directory in directories {
            if let error = AtomicFile.tooLargeToRead(directory + "/magic", limit: fileLimit) {
                tables.problems.append(String(translated: "\(error.description), not read"))
            }
        }
        // The least important first: a later file overrides an earlier one.
        let ordered = Array(tables.sourceDirectories.reversed())
        func files(_ name: String) -> [[UInt8]] { Self.files(name, in: ordered, problems: &tables.problems) }
        tables.globs = MimeGlobs(files: files("globs2"))
        for file in files("aliases") {
            for (alias, type) in pairs(file, separator: " ") { tables.aliases[alias] = type }
        }
        for file in files("subclasses") {
            for (type, parent) in pairs(file, separator: " ") where tables.parents[type]?.contains(parent) != true {
                tables.parents[type, default: []].append(parent)
            }
        }
        for file in files("generic-icons") {
            for (type, icon) in pairs(file, separator: ":") where IconName.isValid(icon) { tables.genericIcons[type] = icon }
        }
        for file in files("icons") {
            for (type, icon) in pairs(file, separator: ":") where IconName.isValid(icon) { tables.icons[type] = icon }
        }
        return tables
    }

    /// The `first second` lines of a file whose first field is a valid type, comments and
    /// bad lines (not UTF-8, no separator, an empty second field) left out. Read as bytes: the
    /// separator is ASCII (a space or `:`), so no character is ever split.
    static func pairs(_ bytes: [UInt8], separator: Character) -> [(String, String)] {
        guard let separator = separator.asciiValue else { preconditionFailure("the separator is ASCII") }
        return bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            guard line.first != UInt8(ascii: "#"), let at = line.firstIndex(of: separator), at > line.startIndex,
                isUTF8(line)
            else { return nil }
            let first = String(decoding: line[..<at], as: UTF8.self)
            let second = String(decoding: line[(at + 1)...], as: UTF8.self)
            guard MimeTypeName.isValid(first), !second.isEmpty else { return nil }
            return (first, second)
        }
    }

    /// Whether `bytes` are UTF-8 (ASCII, almost every line, without the general check).
    static func isUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 } || String(validating: bytes, as: UTF8.self) != nil
    }

    // MARK: Types and their relations

    /// How many globs (the sources' and the caches') and magic sections there are, for tests
    /// and the README's numbers (the magic read for it).
    public var counts: (globs: Int, magic: Int) {
        (withTables { $0.globs.count + $0.caches.reduce(0) { $0 + $1.globCount } }, withMagic { $0.count })
    }

    /// Whether `magic` has been read (it is, the first time a file's bytes are looked at).
    var isMagicLoaded: Bool { magicTable.withLock { $0 != nil } }

    /// How many directories are read from their caches, for tests.
    var cachedDirectoryCount: Int { withTables { $0.caches.count } }

    /// The canonical type for `type`, which may be an alias (`application/x-pdf`).
    public func canonical(_ type: String) -> String {
        withTables { tables in tables.aliases[type] ?? tables.caches.lazy.compactMap { $0.canonical(type) }.first } ?? type
    }

    /// The types the specification keeps for `name` among the globs of every directory (see
    /// ``MimeGlobs/types(for:)``).
    func globTypes(for name: String) -> [String] {
        withTables { tables in
            guard !tables.caches.isEmpty else { return tables.globs.types(for: name) }
            var work = MimeGlobs.workLimit
            let lower = name.lowercased()
            var matches = tables.globs.allMatches(name)
            for cache in tables.caches { matches += cache.matches(name, lower: lower, work: &work) }
            return MimeGlobs.types(from: matches)
        }
    }

    /// `type`'s parents: those `subclasses` declares, then the implicit ones the specification
    /// gives: `text/plain` for every `text/*`, `application/octet-stream` for every other type
    /// but `inode/*` and itself.
    public func parents(of type: String) -> [String] {
        let type = canonical(type)
        var parents: [String] = []
        withTables { tables in
            for parent in (tables.parents[type] ?? []) + tables.caches.flatMap({ $0.parents(of: type) })
            where !parents.contains(parent) {
                parents.append(parent)
            }
        }
        if type.hasPrefix("text/"), type != "text/plain", !parents.contains("text/plain") { parents.append("text/plain") }
        if !type.hasPrefix("inode/"), type != "application/octet-stream", !parents.contains("application/octet-stream") {
            parents.append("application/octet-stream")
        }
        return parents
    }

    /// `type` and its ancestors, nearest first, each once: a cycle in a hostile `subclasses`
    /// ends where it comes back.
    public func ancestry(of type: String) -> [String] {
        var seen: Set<String> = [], order: [String] = [], queue = [canonical(type)]
        while !queue.isEmpty, order.count < 64 {
            let next = queue.removeFirst()
            guard seen.insert(next).inserted else { continue }
            order.append(next)
            queue += parents(of: next)
        }
        return order
    }

    /// Whether `type` is `parent` or a descendant of it.
    public func isSubclass(_ type: String, of parent: String) -> Bool {
        ancestry(of: type).contains(canonical(parent))
    }

    // MARK: Names and icons

    /// The icon names to try for `type`, in the specification's order: the database's own
    /// icon (`icons`), the type's name with `-` for `/` (`image-png`), its generic icon
    /// (`generic-icons`, else the media's: `image-x-generic`).
    public func iconNames(for type: String) -> [String] {
        let type = canonical(type)
        let (own, generic) = withTables { tables in
            (
                tables.icons[type] ?? tables.caches.lazy.compactMap { $0.icon(for: type) }.first,
                tables.genericIcons[type] ?? tables.caches.lazy.compactMap { $0.genericIcon(for: type) }.first
            )
        }
        let media = type.prefix { $0 != "/" }
        var seen: Set<String> = []
        return [own, type.replacingSlash(), generic ?? media + "-x-generic"].compactMap { $0 }
            .filter { IconName.isValid($0) && seen.insert($0).inserted }
    }

    /// The type's name for people ("PNG image", "shell script"), from its XML's `<comment>`
    /// in the user's language if it has one, else the untranslated one; read once per type.
    /// `nil` when no directory describes the type.
    public func comment(for type: String) -> String? {
        let type = canonical(type)
        if let known = comments.withLock({ $0[type] }) { return known }
        var found: String?
        if MimeTypeName.isValid(type) {
            for directory in directories {
                guard let xml = try? AtomicFile.read(directory + "/" + type + ".xml", limit: Self.commentFileLimit).get() else {
                    continue
                }
                found = MimeComment.comment(in: xml, languages: language)
                if found != nil { break }
            }
        }
        comments.withLock { $0[type] = .some(found) }
        return found
    }
}

extension String {
    /// `image-png` for `image/png`: the icon naming specification's name for a type.
    fileprivate func replacingSlash() -> String {
        String(map { $0 == "/" ? "-" : $0 })
    }
}
