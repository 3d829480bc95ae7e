import Glibc

/// A directory's `mime.cache`, as `update-mime-database` writes it and GIO reads it: mapped
/// into memory and searched where it lies (sorted lists by binary search, the names' tails
/// down a tree), so that no glob, alias, parent or icon is parsed at start-up.
///
/// The format (shared-mime-info's, major version 1, big-endian): a header of the version and
/// nine offsets; the aliases and the parents, each a count and entries sorted by their first
/// string; the literal names and the other globs, each a count and entries of a pattern, a
/// type and a word of weight (its low 8 bits) and flags (0x100: case-sensitive); the reversed
/// suffix tree (a count of roots and the offset of the first; each node a code point, its
/// children's count and offset; a leaf, code point 0, a type and its weight and flags); the
/// icons and generic icons, sorted by type. Magic is not taken from it: ``MimeMagic`` reads
/// the `magic` file the first time a file's bytes must be looked at.
///
/// Decided: every offset is checked against the mapping, a search is bounded by the list's
/// count (which is itself checked against the file's size) and the tree by the name's length,
/// so that a hostile or truncated cache gives fewer answers, never a read outside it.
final class MimeCache: Sendable {
    private let file: MappedFile
    private let aliases: Int, parents: Int, literals: Int, suffixes: Int, globs: Int, icons: Int, genericIcons: Int
    /// The glob list's patterns (those neither a literal name nor `*` and a literal tail: a
    /// handful), read once: every row's name is matched against each.
    private let patterns: [(pattern: String, match: MimeGlobs.Match, caseSensitive: Bool)]

    /// The largest cache mapped (64 MiB: Debian's is 148 KB).
    static let sizeLimit = 64 << 20
    /// The source files a cache is built from, each of which it must be no older than.
    static let sources = ["globs2", "globs", "magic", "aliases", "subclasses", "generic-icons", "icons", "packages"]

    /// The cache in the MIME directory `directory`, or nil when it has none, its major version
    /// is not 1, or it is older than any of the sources beside it (then they are read).
    init?(directory: String) {
        guard let file = MappedFile(path: directory + "/mime.cache", minimum: 40, limit: Self.sizeLimit), file.u16(0) == 1,
            let aliases = file.u32(4), let parents = file.u32(8), let literals = file.u32(12), let suffixes = file.u32(16),
            let globs = file.u32(20), let icons = file.u32(32), let genericIcons = file.u32(36)
        else { return nil }
        for name in Self.sources {
            var status = stat()
            if stat(directory + "/" + name, &status) == 0, Int(status.st_mtim.tv_sec) > file.modified { return nil }
        }
        self.file = file
        (self.aliases, self.parents, self.literals, self.suffixes) = (aliases, parents, literals, suffixes)
        (self.globs, self.icons, self.genericIcons) = (globs, icons, genericIcons)
        let (first, count) = Self.list(file, globs, entrySize: 12)
        patterns = (0..<count).compactMap { index in
            let entry = first + 12 * index
            guard let offset = file.u32(entry), let pattern = file.string(offset), !pattern.isEmpty,
                let match = Self.match(file, entry + 4, length: pattern.count)
            else { return nil }
            return (pattern, match.match, match.caseSensitive)
        }
    }

    // MARK: Sorted lists

    /// The entries of the list at `offset`: its first and the count, bounded by the file.
    private static func list(_ file: MappedFile, _ offset: Int, entrySize: Int) -> (first: Int, count: Int) {
        guard let count = file.u32(offset), count <= (file.size - offset - 4) / entrySize else { return (0, 0) }
        return (offset + 4, count)
    }

    /// The entry of the list at `offset` whose first string is `key`, by binary search; the
    /// entry's offset.
    private func find(_ key: String, in offset: Int, entrySize: Int) -> Int? {
        let (first, count) = Self.list(file, offset, entrySize: entrySize)
        let bytes = Array(key.utf8)
        var low = 0, high = count - 1
        while low <= high {
            let middle = (low + high) / 2, entry = first + middle * entrySize
            guard let name = file.u32(entry), let order = file.compare(name, bytes) else { return nil }
            if order == 0 { return entry }
            if order < 0 { low = middle + 1 } else { high = middle - 1 }
        }
        return nil
    }

    /// The string a sorted list's entry pairs with `key`, the word after the key.
    private func lookUp(_ key: String, in offset: Int) -> String? {
        find(key, in: offset, entrySize: 8).flatMap { file.u32($0 + 4) }.flatMap(file.string)
    }

    /// The type `alias` stands for, if it is an alias.
    func canonical(_ alias: String) -> String? { lookUp(alias, in: aliases) }

    /// The type's own icon's name, if the cache names one.
    func icon(for type: String) -> String? { lookUp(type, in: icons) }

    /// The type's generic icon's name, if the cache names one.
    func genericIcon(for type: String) -> String? { lookUp(type, in: genericIcons) }

    /// The parents `type` declares, in the cache's order.
    func parents(of type: String) -> [String] {
        guard let entry = find(type, in: parents, entrySize: 8), let at = file.u32(entry + 4) else { return [] }
        let (first, count) = Self.list(file, at, entrySize: 4)
        return (0..<count).compactMap { file.u32(first + 4 * $0).flatMap(file.string) }
    }

    /// How many globs the cache holds: its literals, its other patterns and the tree's
    /// leaves (for tests and the README's numbers).
    var globCount: Int {
        var leaves = 0, budget = file.size / 12
        func count(_ first: Int, _ siblings: Int, depth: Int) {
            guard depth < 256, siblings <= (file.size - first) / 12 else { return }
            for index in 0..<siblings where budget > 0 {
                budget -= 1
                let node = first + 12 * index
                guard let character = file.u32(node) else { return }
                if character == 0 {
                    leaves += 1
                } else if let children = file.u32(node + 4), let childrenFirst = file.u32(node + 8) {
                    count(childrenFirst, children, depth: depth + 1)
                }
            }
        }
        if let roots = file.u32(suffixes), let first = file.u32(suffixes + 4) { count(first, roots, depth: 0) }
        return Self.list(file, literals, entrySize: 12).count + Self.list(file, globs, entrySize: 12).count + leaves
    }

    // MARK: Globs

    /// Every glob of the cache matching `name` (`lower`: the name in lower case, which the
    /// case-insensitive patterns are matched against): the literal, each tail the tree knows
    /// (the pattern's length counts its `*`), and the other patterns by `fnmatch` within
    /// `work` (``MimeGlobs/workLimit``, shared by all of a name's caches).
    func matches(_ name: String, lower: String, work: inout Int) -> [MimeGlobs.Match] {
        var found: [MimeGlobs.Match] = []
        for (text, caseSensitive) in [(name, true), (lower, false)] {
            if let entry = find(text, in: literals, entrySize: 12), let match = Self.match(file, entry + 4, length: text.count),
                match.caseSensitive == caseSensitive
            {
                found.append(match.match)
            }
            suffixMatches(Array(text.unicodeScalars), caseSensitive: caseSensitive, into: &found)
        }
        for (pattern, match, caseSensitive) in patterns {
            let text = caseSensitive ? name : lower
            work -= max(1, text.utf8.count) * pattern.utf8.count
            guard work >= 0 else { break }
            if MimeGlobs.fnmatches(pattern, text) { found.append(match) }
        }
        return found
    }

    /// The type and weight word at `offset`, as a match of a pattern `length` long.
    private static func match(_ file: MappedFile, _ offset: Int, length: Int) -> (match: MimeGlobs.Match, caseSensitive: Bool)? {
        guard let typeOffset = file.u32(offset), let type = file.string(typeOffset), MimeTypeName.isValid(type),
            let word = file.u32(offset + 4)
        else { return nil }
        return (MimeGlobs.Match(type: type, weight: min(word & 0xFF, 100), length: length), word & 0x100 != 0)
    }

    /// The leaves along the tree's path of `scalars` read from the end: each a `*tail` the
    /// name ends with, of the wanted case-sensitivity.
    private func suffixMatches(_ scalars: [Unicode.Scalar], caseSensitive: Bool, into found: inout [MimeGlobs.Match]) {
        guard var count = file.u32(suffixes), var first = file.u32(suffixes + 4) else { return }
        var depth = 0
        for scalar in scalars.reversed() {
            guard count <= (file.size - first) / 12, let node = child(scalar.value, first: first, count: count),
                let children = file.u32(node + 4), let childrenFirst = file.u32(node + 8)
            else { return }
            depth += 1
            (count, first) = (children, childrenFirst)
            // The leaves come first among a node's children.
            var index = 0
            while index < count, file.u32(first + 12 * index) == 0 {
                if let match = Self.match(file, first + 12 * index + 4, length: depth + 1), match.caseSensitive == caseSensitive {
                    found.append(match.match)
                }
                index += 1
            }
        }
    }

    /// The node for `character` among `count` siblings from `first`, sorted by code point.
    private func child(_ character: UInt32, first: Int, count: Int) -> Int? {
        var low = 0, high = count - 1
        while low <= high {
            let middle = (low + high) / 2
            guard let value = file.u32(first + 12 * middle) else { return nil }
            if value == Int(character) { return first + 12 * middle }
            if value < Int(character) { low = middle + 1 } else { high = middle - 1 }
        }
        return nil
    }
}
