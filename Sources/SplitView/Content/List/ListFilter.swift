/// The rows a list shows while it is filtered (Ctrl+F): those whose search text holds the
/// query, ignoring case, in their order.
///
/// Built for a folder of 100 000 files answering within a frame of each key: the rows' texts
/// are folded once into one buffer the first time a query needs them (``FoldedTexts``), and a
/// query that only grows (a letter typed) searches the rows the shorter one kept. The texts
/// are folded again only when the rows change.
struct ListFilter {
    /// The query as typed; empty when the list is not filtered.
    private(set) var query = ""
    /// The rows that match, ascending; `nil` when the list is not filtered.
    private(set) var rows: [Int]?
    /// The folded query the rows were found for.
    private var foldedQuery: [UInt8] = []
    /// Every row's folded search text, once a query has needed them.
    private var folded: FoldedTexts?

    /// True while a query filters the rows.
    var isFiltering: Bool { rows != nil }

    /// Appends row `index`'s search text, folded (``FilterRules/fold(_:into:)``), to the bytes.
    typealias Folder = (_ index: Int, _ bytes: inout [UInt8]) -> Void

    /// Filters `count` rows, whose folded search texts `fold` gives, by `query`; an empty
    /// query shows every row again.
    mutating func apply(_ query: String, count: Int, fold: Folder) {
        self.query = query
        guard !query.isEmpty else {
            rows = nil
            foldedQuery = []
            return
        }
        if folded == nil || folded!.count != count { folded = FoldedTexts(count: count, fold: fold) }
        let needle = FilterRules.folded(query)
        let narrowing = rows != nil && !foldedQuery.isEmpty && needle.starts(with: foldedQuery)
        let candidates = narrowing ? rows! : nil
        rows = folded!.rows(containing: needle, among: candidates)
        foldedQuery = needle
    }

    /// The rows changed (a reload): their texts are folded again and the query applied anew.
    mutating func rowsChanged(count: Int, fold: Folder) {
        folded = nil
        rows = nil
        foldedQuery = []
        if !query.isEmpty { apply(query, count: count, fold: fold) }
    }

    /// Stops filtering; the folded texts go too (a list that is not filtered keeps nothing).
    mutating func clear() {
        self = ListFilter()
    }
}

/// Every row's search text, folded (``FilterRules/folded(_:)``) into one buffer: the rows'
/// texts end to end, and where each begins.
struct FoldedTexts {
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]

    /// How many rows are folded.
    var count: Int { starts.count - 1 }

    /// Folds the texts of rows `0 ..< count`.
    init(count: Int, fold: ListFilter.Folder) {
        starts.reserveCapacity(count + 1)
        bytes.reserveCapacity(count * 16)
        for index in 0..<count {
            fold(index, &bytes)
            starts.append(bytes.count)
        }
    }

    /// The rows, among `candidates` (ascending; every row when `nil`), whose folded text
    /// holds `needle`.
    func rows(containing needle: [UInt8], among candidates: [Int]?) -> [Int] {
        bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                if let candidates {
                    return candidates.filter { contains($0, haystack, needle) }
                }
                return (0..<count).filter { contains($0, haystack, needle) }
            }
        }
    }

    private func contains(_ row: Int, _ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        FilterRules.contains(UnsafeBufferPointer(rebasing: haystack[starts[row]..<starts[row + 1]]), needle)
    }
}

/// How a filter compares: pure functions of bytes.
enum FilterRules {
    /// `text` folded for matching that ignores case: ASCII letters lowered byte by byte, any
    /// other character lowered by Unicode's rules (`É` finds `é`); digits, marks and spaces
    /// as they are.
    static func folded(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = [], text = text
        text.withUTF8 { fold($0, into: &bytes) }
        return bytes
    }

    /// Appends the text whose UTF-8 is `utf8`, folded (``folded(_:)``), to `bytes`: byte by
    /// byte when it is ASCII, by way of a string otherwise.
    static func fold(_ utf8: UnsafeBufferPointer<UInt8>, into bytes: inout [UInt8]) {
        // One pass that the compiler vectorises: any byte with its high bit set.
        var high: UInt8 = 0
        for byte in utf8 { high |= byte }
        guard high < 0x80 else {
            bytes.append(contentsOf: String(decoding: utf8, as: UTF8.self).lowercased().utf8)
            return
        }
        let start = bytes.count
        bytes.append(contentsOf: utf8)
        bytes.withUnsafeMutableBufferPointer { all in
            for index in start..<all.count where all[index] &- 0x41 < 26 { all[index] |= 0x20 }
        }
    }

    /// True when `needle` occurs in `haystack` (an empty needle occurs everywhere).
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        needle.isEmpty || firstOccurrence(of: needle, in: haystack, from: 0) != nil
    }

    /// Where `needle` (not empty) first occurs in `haystack` at or after `start`, or `nil`.
    static func firstOccurrence(
        of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> Int? {
        let n = needle.count, h = haystack.count
        guard n > 0, n <= h else { return nil }
        let first = needle[0]
        var index = start
        while index <= h - n {
            if haystack[index] == first {
                var matched = 1
                while matched < n && haystack[index + matched] == needle[matched] { matched += 1 }
                if matched == n { return index }
            }
            index += 1
        }
        return nil
    }
}
