extension KeyChord {
    /// Parses a chord as people write it in a config file: the inverse of ``description``.
    ///
    /// `"Ctrl+Alt+S"`, `"Shift+F9"`, `"F6"`, `"Page_Down"`, `"Super+1"`. Parts are separated by
    /// `+`; spaces around a part are ignored (`"Ctrl + S"`). Everything is case-insensitive.
    ///
    /// - Modifiers: `Ctrl`/`Control`, `Alt`/`Mod1`, `Shift`, `Super`/`Win`/`Mod4`. A modifier
    ///   named twice (`"Ctrl+Ctrl+S"`) is refused: it is more likely a typo for another one than
    ///   a wish. Caps Lock and Num Lock cannot be named: lookups ignore them.
    /// - Keys: the names ``Key/description`` writes and common spellings, compared without case
    ///   and without `_` (`Page_Down`, `PageDown`, `pagedown`, `PgDn`, X's `Next`); `F1`…`F35`;
    ///   any single character (stored in lower case); and a few X keysym names for punctuation
    ///   (`plus`, `minus`, `comma`, `period`, `slash`…).
    /// - The `+` key itself: `"Ctrl+plus"`, or a trailing `+` — `"Ctrl++"` (which is what
    ///   ``description`` writes) and `"+"` alone both mean the `+` key.
    ///
    /// `KeyChord(parsing: c.description) == c` for every chord without lock modifiers whose key
    /// is named or is a character that upper-cases to one character (`ß` writes `SS`, which
    /// reads back as nothing).
    ///
    /// - Returns: `nil` for an empty text, a missing key (`"Ctrl"`, `"Ctrl+"`), an unknown
    ///   name, a modifier named twice, a whitespace or control character, or `F0`/`F36`.
    public init?(parsing text: String) {
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map { Self.trimmed($0) }
        // A trailing "+" splits into two empty parts at the end ("Ctrl++" → ["Ctrl", "", ""]),
        // and "+" alone into two: either way the last part is the "+" key.
        if parts.count >= 2, parts[parts.count - 1].isEmpty, parts[parts.count - 2].isEmpty {
            parts.removeLast(2)
            parts.append("plus")
        }
        guard let keyName = parts.popLast(), let key = Self.key(named: keyName) else { return nil }
        var modifiers: Modifiers = []
        for part in parts {
            guard let modifier = Self.modifier(named: part), !modifiers.contains(modifier) else { return nil }
            modifiers.insert(modifier)
        }
        self.init(key, modifiers: modifiers)
    }

    /// The modifier a name stands for, or `nil`.
    private static func modifier(named name: Substring) -> Modifiers? {
        switch name.lowercased() {
        case "ctrl", "control": .control
        case "alt", "mod1": .alt
        case "shift": .shift
        case "super", "win", "mod4": .super
        default: nil
        }
    }

    /// The key a name stands for, or `nil`.
    private static func key(named name: Substring) -> Key? {
        if name.count == 1, let character = name.first {
            // A key that types nothing visible has a name (`Space`, `Tab`); a control
            // character pasted into a config file is a mistake.
            guard !character.isWhitespace,
                !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else {
                return nil
            }
            return .character(character)
        }
        let folded = String(name.lowercased().filter { $0 != "_" })
        if let key = namedKeys[folded] { return key }
        if folded.first == "f", let number = Int(folded.dropFirst()), (1...35).contains(number) {
            return .function(number)
        }
        return nil
    }

    /// Key names, lower case and without `_`.
    private static let namedKeys: [String: Key] = [
        "escape": .escape, "esc": .escape,
        "return": .return, "enter": .return,
        "tab": .tab,
        "space": .space,
        "backspace": .backspace,
        "delete": .delete, "del": .delete,
        "left": .left, "right": .right, "up": .up, "down": .down,
        "home": .home, "end": .end,
        "pageup": .pageUp, "pgup": .pageUp, "prior": .pageUp,
        "pagedown": .pageDown, "pgdn": .pageDown, "next": .pageDown,
        "menu": .menu,
        // X keysym names, for keys whose character is awkward inside a chord or in JSON.
        "plus": .character("+"), "minus": .character("-"), "equal": .character("="),
        "comma": .character(","), "period": .character("."), "slash": .character("/"),
        "backslash": .character("\\"), "semicolon": .character(";"), "apostrophe": .character("'"),
        "grave": .character("`"), "bracketleft": .character("["), "bracketright": .character("]"),
    ]

    /// `part` without the spaces and tabs around it.
    private static func trimmed(_ part: Substring) -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = part.firstIndex(where: { !isBlank($0) }),
            let last = part.lastIndex(where: { !isBlank($0) })
        else { return part[part.endIndex...] }
        return part[first...last]
    }
}
