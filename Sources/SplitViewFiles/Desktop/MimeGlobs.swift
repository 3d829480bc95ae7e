import Glibc

/// The file-name patterns of shared-mime-info's `globs2` files, and the matching the
/// specification recommends: every matching glob is found, those of the highest weight are
/// kept, and of those the longest pattern; the types left are the candidates (one, or a
/// conflict for magic to settle).
///
/// Each line is `weight:type:pattern[:flags]`; the flag `cs` makes the pattern case-sensitive
/// (the others match the name in lower case), and the pattern `__NOGLOBS__` drops the globs a
/// less important directory gave the type. Patterns come in three shapes, matched three ways:
/// a literal name (`makefile`, a dictionary), `*` and a literal tail (`*.png`, `*~`, a
/// dictionary of tails tried for each of the name's own tails), and any other fnmatch pattern
/// (`*.so.[0-9]*`, `readme*`, glibc's `fnmatch`, the only costly one: Debian has seven).
///
/// A line that does not read (a weight that is not a number from 0 to 100, an empty type or
/// pattern, a type without a `/`, a pattern longer than 255 bytes, which no file name is) is
/// skipped; the rest of the file is kept.
///
/// Decided: matching a name is bounded whatever the files hold, since every row's name is
/// matched on the loop's thread and a `globs2` of 8 MiB may hold a quarter of a million
/// `fnmatch` patterns. Each call is counted as the name's length times the pattern's (what a
/// matcher that returns only to the last `*`, as glibc's does, can cost at most: a pattern of
/// twelve stars against 200 characters takes microseconds), the calls for one name share
/// ``workLimit``, and once it is spent the patterns not yet tried do not match (in file
/// order, the least important directory's first). Names and tails never wait for them.
public struct MimeGlobs: Sendable {
    /// One pattern of one type.
    public struct Glob: Hashable, Sendable {
        /// The type it gives.
        public var type: String
        /// Its weight, 0 to 100 (50 by default).
        public var weight: Int
        /// The pattern as written.
        public var pattern: String
        /// Whether it matches case exactly.
        public var caseSensitive: Bool
    }

    /// A match: its weight and its pattern's length decide between matches.
    public struct Match: Hashable, Sendable {
        /// The type.
        public var type: String
        /// The glob's weight.
        public var weight: Int
        /// The pattern's length in characters.
        public var length: Int
    }

    private var literals: [String: [Glob]] = [:]
    private var tails: [String: [Glob]] = [:]
    private var patterns: [Glob] = []

    /// The most `fnmatch` work one name may take, counted as above (1 Mi: a few hundred
    /// patterns against a name as long as a name can be, a millisecond or so; Debian's seven
    /// take a few thousand).
    public static let workLimit = 1 << 20
    /// The longest pattern read, in bytes: the longest file name.
    static let patternLimit = 255
    /// The longest tail, in characters: a name's tails are tried up to this length.
    private var longestTail = 0

    /// No globs.
    public init() {}

    /// The globs of `files` (the contents of each directory's `globs2`), the least important
    /// first: a later file's `__NOGLOBS__` removes the earlier files' globs of its type.
    public init(files: [[UInt8]]) {
        var globs: [Glob] = []
        for file in files {
            let read = Self.parse(file)
            let dropped = Set(read.noGlobs)
            if !dropped.isEmpty { globs.removeAll { dropped.contains($0.type) } }
            globs += read.globs
        }
        for glob in globs { add(glob) }
    }

    /// How many globs there are.
    public var count: Int {
        literals.values.reduce(0) { $0 + $1.count } + tails.values.reduce(0) { $0 + $1.count } + patterns.count
    }

    /// The globs a `globs2` file gives, and the types it says `__NOGLOBS__` of.
    static func parse(_ bytes: [UInt8]) -> (globs: [Glob], noGlobs: [String]) {
        var globs: [Glob] = [], noGlobs: [String] = []
        let colon = UInt8(ascii: ":")
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            guard line.first != UInt8(ascii: "#"), MimeDatabase.isUTF8(line) else { continue }
            // Up to four fields at the first three colons, read as bytes (`:` is ASCII).
            var fields: [ArraySlice<UInt8>] = [], start = line.startIndex
            while fields.count < 3, let at = line[start...].firstIndex(of: colon) {
                fields.append(line[start..<at])
                start = at + 1
            }
            fields.append(line[start...])
            guard fields.count >= 3, let weight = Int(String(decoding: fields[0], as: UTF8.self)), (0...100).contains(weight)
            else { continue }
            let type = String(decoding: fields[1], as: UTF8.self), pattern = String(decoding: fields[2], as: UTF8.self)
            guard MimeTypeName.isValid(type), !pattern.isEmpty, pattern.utf8.count <= patternLimit else { continue }
            if pattern == "__NOGLOBS__" {
                noGlobs.append(type)
                continue
            }
            let flags = fields.count > 3 ? fields[3].split(separator: UInt8(ascii: ",")) : []
            globs.append(
                Glob(type: type, weight: weight, pattern: pattern, caseSensitive: flags.contains { $0.elementsEqual("cs".utf8) }))
        }
        // update-mime-database writes each case-sensitive glob twice, flagged and not (the
        // second for readers without flags); its own cache, and GIO, keep only the first.
        let exact = Set(globs.filter(\.caseSensitive).map { [$0.type, $0.pattern] })
        if !exact.isEmpty { globs.removeAll { !$0.caseSensitive && exact.contains([$0.type, $0.pattern]) } }
        return (globs, noGlobs)
    }

    private mutating func add(_ glob: Glob) {
        let key = glob.caseSensitive ? glob.pattern : glob.pattern.lowercased()
        if !key.contains(where: Self.isWildcard) {
            literals[key, default: []].append(glob)
        } else if key.first == "*", !key.dropFirst().contains(where: Self.isWildcard) {
            let tail = String(key.dropFirst())
            tails[tail, default: []].append(glob)
            longestTail = max(longestTail, tail.count)
        } else {
            patterns.append(glob)
        }
    }

    private static func isWildcard(_ character: Character) -> Bool {
        character == "*" || character == "?" || character == "["
    }

    /// Every glob matching `name`.
    public func allMatches(_ name: String) -> [Match] {
        let lower = name.lowercased()
        var found: [Match] = []
        func take(_ globs: [Glob]?, caseSensitive: Bool) {
            for glob in globs ?? [] where glob.caseSensitive == caseSensitive {
                found.append(Match(type: glob.type, weight: glob.weight, length: glob.pattern.count))
            }
        }
        take(literals[name], caseSensitive: true)
        take(literals[lower], caseSensitive: false)
        // The name's tails up to the longest one known: as it is for the case-sensitive
        // tails, in lower case for the others.
        for (text, caseSensitive) in [(name, true), (lower, false)] {
            var start = text.endIndex, taken = 0
            while taken < longestTail, start > text.startIndex {
                start = text.index(before: start)
                taken += 1
                take(tails[String(text[start...])], caseSensitive: caseSensitive)
            }
        }
        var work = Self.workLimit
        for glob in patterns {
            let text = glob.caseSensitive ? name : lower
            work -= max(1, text.utf8.count) * glob.pattern.utf8.count
            guard work >= 0 else { break }
            if Self.fnmatches(glob.pattern, text) {
                found.append(Match(type: glob.type, weight: glob.weight, length: glob.pattern.count))
            }
        }
        return found
    }

    /// The types the specification keeps for `name`: of the matches with the highest weight,
    /// those with the longest pattern, each type once, in the order found. Empty when no
    /// glob matches; more than one is a conflict.
    public func types(for name: String) -> [String] { Self.types(from: allMatches(name)) }

    /// The types the specification keeps of `matches` (see ``types(for:)``).
    static func types(from matches: [Match]) -> [String] {
        guard let weight = matches.map(\.weight).max() else { return [] }
        let heaviest = matches.filter { $0.weight == weight }
        let length = heaviest.map(\.length).max() ?? 0
        var seen: Set<String> = [], types: [String] = []
        for match in heaviest where match.length == length && seen.insert(match.type).inserted { types.append(match.type) }
        return types
    }

    /// glibc's `fnmatch` without flags: `*` and `?` match a `/` too, as in a file's name
    /// there is none.
    static func fnmatches(_ pattern: String, _ name: String) -> Bool {
        fnmatch(pattern, name, 0) == 0
    }
}

/// What makes a MIME type's name: `media/subtype`, in the characters RFC 2045 allows.
public enum MimeTypeName {
    /// Whether `name` is one `media/subtype` pair of printable ASCII without spaces or `\\`,
    /// neither part empty nor only dots, of at most 255 bytes: the checks that keep a hostile
    /// database's names out of the file paths made from them (`image/png.xml`).
    public static func isValid(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count <= 255, bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) else {
            return false
        }
        let parts = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && !$0.allSatisfy { $0 == UInt8(ascii: ".") } }
    }
}
