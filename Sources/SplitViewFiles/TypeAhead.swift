/// Type-ahead: jumping to the next entry whose name starts with what was typed.
extension FolderListing {
    /// The first entry at or after `start` whose display name starts with `prefix`, ignoring
    /// case, wrapping past the end to the top; `nil` when no entry matches.
    ///
    /// The match is on the display name because that is what people read and type from; an
    /// empty prefix matches the entry at `start`. Pass the selected row to find it again
    /// while typing more letters, the row after it to find the next match.
    public func firstIndex(matchingPrefix prefix: String, from start: Int) -> Int? {
        guard !entries.isEmpty else { return nil }
        let first = min(max(start, 0), entries.count) % entries.count
        let folded = prefix.lowercased()
        let asciiPrefix = folded.utf8.allSatisfy { $0 < 0x80 } ? Array(folded.utf8) : nil
        for offset in 0..<entries.count {
            let index = (first + offset) % entries.count
            if Self.name(entries[index].displayName, startsWith: folded, ascii: asciiPrefix) { return index }
        }
        return nil
    }

    /// Whether `name`, case-folded, starts with the already folded `prefix`. ASCII on both
    /// sides compares bytes, since type-ahead scans a whole folder per keystroke.
    private static func name(_ name: String, startsWith prefix: String, ascii: [UInt8]?) -> Bool {
        if let ascii {
            var matched = 0
            for byte in name.utf8 {
                if matched == ascii.count { return true }
                if byte >= 0x80 { return name.lowercased().hasPrefix(prefix) }
                let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
                if lower != ascii[matched] { return false }
                matched += 1
            }
            return matched == ascii.count
        }
        return name.lowercased().hasPrefix(prefix)
    }
}
