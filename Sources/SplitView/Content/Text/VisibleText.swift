/// A line of a file as the reader draws it: tabs expanded to their stops, control characters
/// as visible symbols, so that nothing in a file draws as an empty box.
///
/// Only what is drawn changes: the text a view holds keeps its own characters (a copy copies
/// the tab, not eight spaces).
public enum VisibleText {
    /// A tab advances to the next multiple of this many columns, as terminals, `less` and
    /// `cat` do.
    public static let tabWidth = 8

    /// The symbol drawn for a C1 control character (U+0080–U+009F), which the U+2400 block
    /// gives no picture of one's own: U+2426 SYMBOL FOR SUBSTITUTE FORM TWO. (The issue asks
    /// for the U+2400 block and is silent on C1; a Latin-1 file's bytes 0x80–0x9F land here.)
    public static let otherControlPicture: Unicode.Scalar = "\u{2426}"

    /// `line` with each tab replaced by the spaces up to the next stop and each control
    /// character by its picture: U+2400 + code for C0 (␀ ␁ … ␟), U+2421 ␡ for DEL, and
    /// ``otherControlPicture`` for C1. `line` itself, uncopied, when it holds none of them
    /// (one pass over its UTF-8 bytes).
    ///
    /// Columns count characters (grapheme clusters) from the start of `line`: a file's line,
    /// not a wrapped row, so a tab lands where the file's author saw it. A character of the
    /// East Asian wide class counts one column, as in every proportional reader; in a
    /// monospace font it draws two columns wide and the next tab stop moves with it. Line
    /// breaks are the caller's (they end `line`).
    public static func expanded(_ line: Substring, tabWidth: Int = tabWidth) -> Substring {
        guard mayNeedChange(line), needsChange(line) else { return line }
        let stop = max(1, tabWidth)
        var out = String.UnicodeScalarView(), column = 0
        for character in line {
            if character == "\t" {
                let spaces = stop - column % stop
                out.append(contentsOf: repeatElement(" ", count: spaces))
                column += spaces
                continue
            }
            for scalar in character.unicodeScalars { out.append(picture(of: scalar) ?? scalar) }
            column += 1
        }
        return Substring(String(out))
    }

    /// True when `text` draws as it is: no tab and no control character in it, so that
    /// ``expanded(_:tabWidth:)`` would give every line back unchanged. One pass over the
    /// bytes, stopping at the first that may need a change.
    /// Line breaks (LF, CR) separate the lines and are not in them.
    public static func drawsAsIs(_ text: String) -> Bool {
        let mayChange =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                for byte in bytes where (byte < 0x20 && byte != 0x0A && byte != 0x0D) || byte == 0x7F || byte == 0xC2 {
                    return true
                }
                return false
            } ?? true
        return !mayChange || !text.unicodeScalars.contains { $0 != "\n" && $0 != "\r" && picture(of: $0) != nil }
    }

    /// The symbol drawn for a control character, or `nil` for any other character.
    public static func picture(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x00..<0x20: Unicode.Scalar(0x2400 + scalar.value)
        case 0x7F: "\u{2421}"
        case 0x80..<0xA0: otherControlPicture
        default: nil
        }
    }

    /// True when a byte of `line` may begin a tab or a control character: a C0 byte, DEL, or
    /// 0xC2 (the lead byte of U+0080–U+00BF). One tight pass over the bytes in place: the
    /// reader asks it of every line it wraps, at every resize step.
    private static func mayNeedChange(_ line: Substring) -> Bool {
        let scanned = line.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte < 0x20 || byte == 0x7F || byte == 0xC2 { return true }
            return false
        }
        return scanned ?? line.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }
    }

    /// True when `line` holds a tab or a control character (0xC2 alone, the lead byte of
    /// U+0080–U+00BF, is not enough).
    private static func needsChange(_ line: Substring) -> Bool {
        line.unicodeScalars.contains { picture(of: $0) != nil }
    }
}

extension VisibleText {
    /// How many UTF-8 bytes `character` takes once drawn at `column` (counted as in
    /// ``expanded(_:tabWidth:)``): a tab's spaces, a control character's picture, or the
    /// character itself.
    public static func drawnLength(of character: Character, atColumn column: Int, tabWidth: Int = tabWidth) -> Int {
        if character == "\t" {
            let stop = max(1, tabWidth)
            return stop - column % stop
        }
        var length = 0
        for scalar in character.unicodeScalars { length += UTF8.width(picture(of: scalar) ?? scalar) }
        return length
    }
}
