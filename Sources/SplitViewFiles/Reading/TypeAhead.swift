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
            if matches(index, folded, ascii: asciiPrefix) { return index }
        }
        return nil
    }

    /// Whether entry `index`'s display name, case-folded, starts with the folded `prefix`.
    /// A printable ASCII name is its own display name: its bytes are compared in place,
    /// since type-ahead scans a whole folder per keystroke.
    private func matches(_ index: Int, _ prefix: String, ascii: [UInt8]?) -> Bool {
        let plain: Bool? = entries.withName(at: index) { name in
            guard let ascii, name.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            guard name.count >= ascii.count else { return false }
            for (byte, wanted) in zip(name, ascii) {
                let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
                if lower != wanted { return false }
            }
            return true
        }
        return plain ?? entries[index].displayName.lowercased().hasPrefix(prefix)
    }
}
