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

    /// Filters `count` rows, whose search texts `text` gives, by `query`; an empty query
    /// shows every row again.
    mutating func apply(_ query: String, count: Int, text: (Int) -> String) {
        self.query = query
        guard !query.isEmpty else {
            rows = nil
            foldedQuery = []
            return
        }
        if folded == nil || folded!.count != count { folded = FoldedTexts(count: count, text: text) }
        let needle = FilterRules.folded(query)
        let narrowing = rows != nil && !foldedQuery.isEmpty && needle.starts(with: foldedQuery)
        let candidates = narrowing ? rows! : nil
        rows = folded!.rows(containing: needle, among: candidates)
        foldedQuery = needle
    }

    /// The rows changed (a reload): their texts are folded again and the query applied anew.
    mutating func rowsChanged(count: Int, text: (Int) -> String) {
        folded = nil
        rows = nil
        foldedQuery = []
        if !query.isEmpty { apply(query, count: count, text: text) }
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
    init(count: Int, text: (Int) -> String) {
        starts.reserveCapacity(count + 1)
        bytes.reserveCapacity(count * 16)
        for index in 0..<count {
            FilterRules.fold(text(index), into: &bytes)
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
        var bytes: [UInt8] = []
        fold(text, into: &bytes)
        return bytes
    }

    /// Appends `text` folded (``folded(_:)``) to `bytes`.
    static func fold(_ text: String, into bytes: inout [UInt8]) {
        var isASCII = true
        for byte in text.utf8 {
            if byte >= 0x80 {
                isASCII = false
                break
            }
        }
        if isASCII {
            for byte in text.utf8 { bytes.append(byte &- 0x41 < 26 ? byte | 0x20 : byte) }
        } else {
            bytes.append(contentsOf: text.lowercased().utf8)
        }
    }

    /// True when `needle` occurs in `haystack` (an empty needle occurs everywhere).
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = needle.count, h = haystack.count
        guard n > 0 else { return true }
        guard n <= h else { return false }
        let first = needle[0]
        var index = 0
        while index <= h - n {
            if haystack[index] == first {
                var matched = 1
                while matched < n && haystack[index + matched] == needle[matched] { matched += 1 }
                if matched == n { return true }
            }
            index += 1
        }
        return false
    }
}
