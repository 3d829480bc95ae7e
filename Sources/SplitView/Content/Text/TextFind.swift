/// What a text view found (Ctrl+F): every place the query occurs, ignoring case, and the one
/// that is current, as UTF-8 ranges of the text.
///
/// The text is folded once (``FilterRules/foldedKeepingOffsets(_:)``) and searched again at
/// each key, which costs a pass over the bytes: 2 MiB, the most a reader holds, in a few
/// milliseconds.
struct TextFind {
    /// The query as typed; empty when nothing is being found.
    private(set) var query = ""
    /// Where the query occurs, in order, without overlaps.
    private(set) var matches: [Range<Int>] = []
    /// The index in ``matches`` of the current one.
    private(set) var current: Int?
    /// The text folded, once a query needed it; `nil` after the text changed.
    private var folded: [UInt8]?
    /// True when the text changed under a query: the next layout finds it in the new text.
    private(set) var needsSearch = false

    /// The text changed: it is folded again at the next search, and a query is found in it
    /// again.
    mutating func textChanged() {
        folded = nil
        matches = []
        current = nil
        needsSearch = !query.isEmpty
    }

    /// Finds `query` in `text`; the current match is the first that begins at or after
    /// `start` (wrapping to the first).
    mutating func find(_ query: String, in text: String, from start: Int) {
        self.query = query
        needsSearch = false
        if folded == nil { folded = FilterRules.foldedKeepingOffsets(text) }
        let needle = FilterRules.foldedKeepingOffsets(query)
        matches = folded!.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { FilterRules.ranges(of: $0, in: haystack) }
        }
        current = matches.isEmpty ? nil : (matches.firstIndex { $0.lowerBound >= start } ?? 0)
    }

    /// Steps to the next match (or the previous, `backwards`), wrapping around the text.
    mutating func step(backwards: Bool) {
        guard !matches.isEmpty else { return }
        let count = matches.count
        current = current.map { (($0 + (backwards ? -1 : 1)) % count + count) % count } ?? (backwards ? count - 1 : 0)
    }

    /// The current match.
    var currentMatch: Range<Int>? { current.map { matches[$0] } }

    /// "3 of 12", "No match", or `nil` with no query.
    var status: String? {
        guard !query.isEmpty else { return nil }
        guard let current else { return String(translated: "No match") }
        return String(translated: "\(current + 1) of \(matches.count)")
    }

    /// The indices of the matches that overlap `range`, found by bisection.
    func matches(overlapping range: Range<Int>) -> Range<Int> {
        var low = 0, high = matches.count
        while low < high {
            let middle = (low + high) / 2
            if matches[middle].upperBound <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < matches.count && matches[end].lowerBound < range.upperBound { end += 1 }
        return low..<end
    }

    /// Forgets the query and what it found; the folded text too.
    mutating func clear() {
        self = TextFind()
    }
}

extension FilterRules {
    /// `text` folded for finding that ignores case, every byte where it was: ASCII letters
    /// lowered, any other character lowered only when its lower case takes as many bytes (so
    /// that a match's place is the text's own); others stay as they are.
    static func foldedKeepingOffsets(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                bytes.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
                continue
            }
            if scalar.properties.changesWhenLowercased {
                let lower = scalar.properties.lowercaseMapping.utf8
                if lower.count == UTF8.width(scalar) {
                    bytes.append(contentsOf: lower)
                    continue
                }
            }
            UTF8.encode(scalar) { bytes.append($0) }
        }
        return bytes
    }

    /// Every place `needle` occurs in `haystack`, left to right, without overlaps; none for
    /// an empty needle.
    static func ranges(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var found: [Range<Int>] = [], start = 0
        while let index = firstOccurrence(of: needle, in: haystack, from: start) {
            found.append(index..<(index + needle.count))
            start = index + needle.count
        }
        return found
    }
}
