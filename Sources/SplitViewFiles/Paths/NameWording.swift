import SplitView

/// A name a translated message words around another name ("Link to NAME", "NAME (copy)"):
/// the message's bytes before and after the place of that name, which any bytes fill.
///
/// A name is bytes, not always UTF-8, and a message is text; so the message is asked with
/// ``slot`` in the name's place, and the name's bytes are put where the slot comes out.
/// A translation that has the slot other than once is not used: the English wording is.
///
/// ```swift
/// let name = NameWording.slot
/// let wording = NameWording(String(translated: "Link to \(name)"), english: "Link to \(name)")
/// wording.name(Array("a.txt".utf8))   // "Link to a.txt" (in German: "Link zu a.txt")
/// ```
struct NameWording: Hashable, Sendable {
    /// What a message is given in a name's place: NUL, the one byte no file name holds.
    static let slot = "\u{0}"

    /// The bytes before the name.
    let before: [UInt8]
    /// The bytes after the name.
    let after: [UInt8]

    /// The wording of `text`, or of `english` where `text` holds the slot other than once
    /// or holds a slash (which a file name cannot).
    init(_ text: String, english: String) {
        let parts = Self.parts(text) ?? Self.parts(english) ?? ([], [])
        before = parts.before
        after = parts.after
    }

    /// The bytes around the one slot of `text`, or nil.
    private static func parts(_ text: String) -> (before: [UInt8], after: [UInt8])? {
        let pieces = Array(text.utf8).split(separator: 0, omittingEmptySubsequences: false)
        guard pieces.count == 2, !pieces.contains(where: { $0.contains(UInt8(ascii: "/")) }) else { return nil }
        return (Array(pieces[0]), Array(pieces[1]))
    }

    /// How many bytes the wording adds to a name.
    var count: Int { before.count + after.count }

    /// `name` in the wording.
    func name(_ name: [UInt8]) -> [UInt8] { before + name + after }

    /// The name in `name` when it is a non-empty name in this wording, else nil.
    func inner(_ name: [UInt8]) -> [UInt8]? {
        guard name.count > count, name.starts(with: before), name.suffix(after.count).elementsEqual(after) else {
            return nil
        }
        return Array(name[before.count..<(name.count - after.count)])
    }
}
