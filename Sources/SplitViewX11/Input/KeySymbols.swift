import CX11
import SplitView

/// Keysyms and modifier state as the core's `KeyChord`: pure functions, testable without a
/// server.
///
/// The host looks a key up with its *unshifted* keysym (group 0, level 0), so Shift, Caps Lock
/// and Num Lock never change the symbol, only the modifiers: Shift+F9 arrives as `F9` with
/// `.shift`, and `S` with Caps Lock on as `s` with `.capsLock`.
public enum KeySymbols {
    /// The core's key for `keysym`, or nil for keys the core has no use for (modifier keys alone,
    /// media keys, dead keys, …).
    ///
    /// Named keys and their keypad twins share one `KeyChord/Key`; printable Latin-1 and
    /// Unicode keysyms become `.character`, letters in lower case.
    package static func key(forKeysym keysym: KeySym) -> KeyChord.Key? {
        if let named = namedKeys[keysym] { return named }
        let f1 = KeySym(XK_F1), f35 = KeySym(XK_F35)
        if (f1...f35).contains(keysym) { return .function(Int(keysym - f1) + 1) }
        return character(forKeysym: keysym).map { .character($0) }
    }

    /// The modifiers held, from an event's `state`. Mod2 is Num Lock and Mod4 is Super on every
    /// current X keymap; Mod3 and Mod5 (AltGr, ISO level 3) have no meaning in a shortcut.
    public static func modifiers(forState state: UInt32) -> KeyChord.Modifiers {
        var modifiers: KeyChord.Modifiers = []
        for (mask, modifier) in modifierMasks where state & mask != 0 { modifiers.insert(modifier) }
        return modifiers
    }

    /// The key and modifiers as one chord, or nil when the key has no meaning to the core.
    package static func chord(keysym: KeySym, state: UInt32) -> KeyChord? {
        key(forKeysym: keysym).map { KeyChord($0, modifiers: modifiers(forState: state)) }
    }

    /// The keysyms that produce `key` (a named key and its keypad twin), for grabbing it:
    /// the inverse of ``key(forKeysym:)``.
    package static func keysyms(for key: KeyChord.Key) -> [KeySym] {
        switch key {
        case .function(let number):
            return (1...35).contains(number) ? [KeySym(XK_F1) + KeySym(number - 1)] : []
        case .character(let character):
            guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return [] }
            let code = KeySym(scalar.value)
            switch code {
            case 0x21...0x7e, 0xa0...0xff: return [code]
            case 0x100...0x10_ffff: return [code + 0x0100_0000]
            default: return []
            }
        default:
            return namedKeys.filter { $0.value == key }.map(\.key).sorted()
        }
    }

    /// The state bits of `modifiers` (the inverse of ``modifiers(forState:)``).
    public static func state(for modifiers: KeyChord.Modifiers) -> UInt32 {
        modifierMasks.reduce(0) { modifiers.contains($1.1) ? $0 | $1.0 : $0 }
    }

    // Keysym → key, one row a key: the X names on the left, the core's on the right.
    private static let namedKeys: [KeySym: KeyChord.Key] = [
        KeySym(XK_Escape): .escape,
        KeySym(XK_Return): .return, KeySym(XK_KP_Enter): .return,
        KeySym(XK_Tab): .tab, KeySym(XK_ISO_Left_Tab): .tab,  // Shift+Tab on many maps
        KeySym(XK_space): .space, KeySym(XK_KP_Space): .space,
        KeySym(XK_BackSpace): .backspace,
        KeySym(XK_Delete): .delete, KeySym(XK_KP_Delete): .delete,
        KeySym(XK_Left): .left, KeySym(XK_KP_Left): .left,
        KeySym(XK_Right): .right, KeySym(XK_KP_Right): .right,
        KeySym(XK_Up): .up, KeySym(XK_KP_Up): .up,
        KeySym(XK_Down): .down, KeySym(XK_KP_Down): .down,
        KeySym(XK_Home): .home, KeySym(XK_KP_Home): .home,
        KeySym(XK_End): .end, KeySym(XK_KP_End): .end,
        KeySym(XK_Page_Up): .pageUp, KeySym(XK_KP_Page_Up): .pageUp,
        KeySym(XK_Page_Down): .pageDown, KeySym(XK_KP_Page_Down): .pageDown,
        KeySym(XK_Menu): .menu,
    ]

    // State bit → modifier.
    private static let modifierMasks: [(UInt32, KeyChord.Modifiers)] = [
        (UInt32(ShiftMask), .shift),
        (UInt32(ControlMask), .control),
        (UInt32(Mod1Mask), .alt),
        (UInt32(Mod4Mask), .super),
        (UInt32(LockMask), .capsLock),
        (UInt32(Mod2Mask), .numLock),
    ]

    /// The text a keysym types, its case kept (`M`, `~`), for a text field; nil for keys that
    /// type no character (Return, F9, Space is the core's `.space`).
    package static func text(forKeysym keysym: KeySym) -> String? {
        scalar(forKeysym: keysym).map { String(Character($0)) }
    }

    private static func scalar(forKeysym keysym: KeySym) -> Unicode.Scalar? {
        let code: UInt
        switch keysym {
        case 0x21...0x7e, 0xa0...0xff: code = keysym
        case 0x0100_00a0...0x0110_ffff: code = keysym - 0x0100_0000
        default: return nil
        }
        return Unicode.Scalar(UInt32(code))  // nil for a surrogate
    }

    // Latin-1 keysyms are their code points (X11 protocol, appendix A); Unicode keysyms are the
    // code point plus 0x0100_0000. Space and the C0/C1 controls are not characters here.
    private static func character(forKeysym keysym: KeySym) -> Character? {
        guard let scalar = scalar(forKeysym: keysym) else { return nil }
        // The unshifted level is lower case already on every layout; an upper-case keysym still
        // names the key, not the case. `lowercased()` is a String: keep it only if one character.
        let lower = Character(scalar).lowercased()
        return lower.count == 1 ? Character(lower) : Character(scalar)
    }
}
