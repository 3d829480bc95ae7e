import SplitView

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
        let first = firstCopy(), numbered = NumberedWording.copy()
        var (base, number) = uncopied(stem, first: first, numbered: numbered)
        number = max(number, 0)
        while true {
            number += 1
            let digits = Array(String(number).utf8)
            let added = number == 1 ? first.count : numbered.count + digits.count
            base = shortened(base, toFit: nameLimit - added - suffix.count)
            let candidate = (number == 1 ? first.name(base) : numbered.name(base, digits)) + suffix
            if !isTaken(candidate) { return candidate }
        }
    }

    /// The wording of a first copy, in the reader's language: "NAME (copy)".
    static func firstCopy() -> NameWording {
        let name = NameWording.slot
        return NameWording(String(translated: "\(name) (copy)"), english: "\(name) (copy)")
    }

    /// A wording of a name with a number: the bytes before, between and after the two, and
    /// which comes first ("NAME (copy 2)": the name, then " (copy ", then the number, ")").
    struct NumberedWording: Hashable, Sendable {
        /// What a message is given in the number's place.
        static let numberSlot = "\u{1}"

        let before: [UInt8]
        let between: [UInt8]
        let after: [UInt8]
        let nameFirst: Bool

        /// The wording of a later copy, in the reader's language: "NAME (copy N)".
        static func copy() -> NumberedWording {
            let name = NameWording.slot, number = numberSlot
            return NumberedWording(String(translated: "\(name) (copy \(number))"))
                ?? NumberedWording("\(name) (copy \(number))")!
        }

        /// The wording of `text`, which holds each slot once with something between them
        /// and no slash; else nil.
        init?(_ text: String) {
            let bytes = Array(text.utf8)
            guard bytes.count(where: { $0 == 0 }) == 1, bytes.count(where: { $0 == 1 }) == 1,
                !bytes.contains(UInt8(ascii: "/")), let nameAt = bytes.firstIndex(of: 0),
                let numberAt = bytes.firstIndex(of: 1), abs(nameAt - numberAt) > 1
            else { return nil }
            let (first, second) = (min(nameAt, numberAt), max(nameAt, numberAt))
            before = Array(bytes[..<first])
            between = Array(bytes[(first + 1)..<second])
            after = Array(bytes[(second + 1)...])
            nameFirst = nameAt < numberAt
        }

        /// How many bytes the wording adds to a name and its number.
        var count: Int { before.count + between.count + after.count }

        /// `name` with the number written `digits`, in the wording.
        func name(_ name: [UInt8], _ digits: [UInt8]) -> [UInt8] {
            nameFirst ? before + name + between + digits + after : before + digits + between + name + after
        }

        /// The non-empty name and the number (1 to 999 999 999, no leading zero) in `name`
        /// when it is in this wording, else nil.
        func inner(_ name: [UInt8]) -> (name: [UInt8], number: Int)? {
            guard name.count > count, name.starts(with: before), name.suffix(after.count).elementsEqual(after) else {
                return nil
            }
            let middle = Array(name[before.count..<(name.count - after.count)])
            guard
                let start = nameFirst
                    ? CopyNaming.lastRange(of: between, in: middle) : CopyNaming.firstRange(of: between, in: middle)
            else { return nil }
            let left = middle[..<start], right = middle[(start + between.count)...]
            let (inner, digits) = nameFirst ? (left, right) : (right, left)
            guard !inner.isEmpty, !digits.isEmpty, digits.count < 10, digits.first != UInt8(ascii: "0"),
                digits.allSatisfy({ (48...57).contains($0) }),
                let number = Int(String(decoding: digits, as: UTF8.self))
            else { return nil }
            return (Array(inner), number)
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

    /// The stem without a ` (copy)` or ` (copy N)` it already ends with (as the reader's
    /// language words a copy, or as English does), and that number (1 for ` (copy)`, 0 for
    /// none).
    static func uncopied(
        _ stem: [UInt8], first: NameWording = firstCopy(), numbered: NumberedWording = .copy()
    ) -> (base: [UInt8], number: Int) {
        let name = NameWording.slot, number = NumberedWording.numberSlot
        for wording in [first, NameWording("\(name) (copy)", english: "\(name) (copy)")] {
            if let base = wording.inner(stem) { return (base, 1) }
        }
        for wording in [numbered, NumberedWording("\(name) (copy \(number))")!] {
            if let found = wording.inner(stem) { return (found.name, found.number) }
        }
        return (stem, 0)
    }

    private static func lastRange(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for start in stride(from: bytes.count - needle.count, through: 0, by: -1)
        where bytes[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }

    private static func firstRange(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for start in 0...(bytes.count - needle.count) where bytes[start..<(start + needle.count)].elementsEqual(needle) {
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
