/// The names a copy takes when its own is taken, as GNOME Files names them: `a.txt` becomes
/// `a (copy).txt`, then `a (copy 2).txt`, `a (copy 3).txt`…
///
/// The extension (from the last dot, when the dot does not start the name) stays at the end,
/// so the copy opens with the same program; a folder's name has no extension. A name that is
/// already a copy counts on (`a (copy).txt` gives `a (copy 2).txt`, not
/// `a (copy) (copy).txt`). A name longer than the 255 bytes Linux allows is shortened before
/// the suffix, never inside a UTF-8 character.
public enum CopyNaming {
    /// The longest name, in bytes (`NAME_MAX`).
    public static let nameLimit = 255

    /// The first free name for a copy of `name` (`isFolder`: no extension), by `isTaken`.
    public static func copyName(for name: [UInt8], isFolder: Bool, isTaken: ([UInt8]) -> Bool) -> [UInt8] {
        let (stem, suffix) = split(name, isFolder: isFolder)
        var (base, number) = uncopied(stem)
        number = max(number, 0)
        while true {
            number += 1
            let label = Array((number == 1 ? " (copy)" : " (copy \(number))").utf8)
            base = shortened(base, toFit: nameLimit - label.count - suffix.count)
            let candidate = base + label + suffix
            if !isTaken(candidate) { return candidate }
        }
    }

    /// The name split before its extension: `a.tar.gz` gives `a.tar` and `.gz`; `.bashrc`,
    /// `a.`, folders and a "extension" over 32 bytes have none.
    static func split(_ name: [UInt8], isFolder: Bool) -> (stem: [UInt8], suffix: [UInt8]) {
        // An "extension" of more than 32 bytes is part of the name: the suffix must leave room.
        guard !isFolder, let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0, dot < name.count - 1,
            name.count - dot <= 32
        else {
            return (name, [])
        }
        return (Array(name[..<dot]), Array(name[dot...]))
    }

    /// The stem without a ` (copy)` or ` (copy N)` it already ends with, and that number (1
    /// for ` (copy)`, 0 for none).
    static func uncopied(_ stem: [UInt8]) -> (base: [UInt8], number: Int) {
        let plain = Array(" (copy)".utf8)
        if stem.count > plain.count, stem.suffix(plain.count).elementsEqual(plain) {
            return (Array(stem.dropLast(plain.count)), 1)
        }
        let open = Array(" (copy ".utf8)
        guard stem.last == UInt8(ascii: ")"), let start = lastRange(of: open, in: stem) else { return (stem, 0) }
        let digits = stem[(start + open.count)..<(stem.count - 1)]
        guard !digits.isEmpty, digits.count < 10, digits.first != UInt8(ascii: "0"),
            digits.allSatisfy({ (48...57).contains($0) }), start > 0,
            let number = Int(String(decoding: digits, as: UTF8.self))
        else { return (stem, 0) }
        return (Array(stem[..<start]), number)
    }

    private static func lastRange(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for start in stride(from: bytes.count - needle.count, through: 0, by: -1)
        where bytes[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }

    /// `bytes` cut to at most `limit` bytes, back to the start of a UTF-8 character.
    static func shortened(_ bytes: [UInt8], toFit limit: Int) -> [UInt8] {
        guard bytes.count > limit else { return bytes }
        var end = max(0, limit)
        while end > 0, end < bytes.count, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return Array(bytes[..<end])
    }
}
