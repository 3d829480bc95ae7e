/// A key together with the modifiers held while it went down.
///
/// The host builds it from the key's unshifted symbol, so Shift+F9 is
/// `KeyChord(.f9, modifiers: .shift)` and Shift+1 is `KeyChord(.character("1"), modifiers:
/// .shift)`. Letters are lower case. Caps Lock and Num Lock may be present; lookups ignore them.
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    /// The key itself.
    public var key: Key
    /// The modifiers held, lock modifiers included.
    public var modifiers: Modifiers

    /// Creates a chord; a letter is stored in lower case.
    public init(_ key: Key, modifiers: Modifiers = []) {
        if case .character(let character) = key, character.isUppercase {
            self.key = .character(Character(character.lowercased()))
        } else {
            self.key = key
        }
        self.modifiers = modifiers
    }

    /// The chord without Caps Lock and Num Lock, which never change a shortcut's meaning.
    public var withoutLocks: KeyChord {
        KeyChord(key, modifiers: modifiers.subtracting([.capsLock, .numLock]))
    }

    /// `Ctrl+Alt+S`, `Shift+F9`: the modifiers in a fixed order, then the key.
    public var description: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        if modifiers.contains(.super) { parts.append("Super") }
        parts.append(key.description)
        return parts.joined(separator: "+")
    }

    /// The chord as the reader's language names its keys (``description`` in English; `Strg+C`
    /// in German): what a menu, a prompt's button and a screen reader show. A config file
    /// reads and writes ``description``.
    public var displayName: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append(String(translated: "Ctrl", context: "key")) }
        if modifiers.contains(.alt) { parts.append(String(translated: "Alt", context: "key")) }
        if modifiers.contains(.shift) { parts.append(String(translated: "Shift", context: "key")) }
        if modifiers.contains(.super) { parts.append(String(translated: "Super", context: "key")) }
        parts.append(key.displayName)
        return parts.joined(separator: "+")
    }

    /// The keys the core knows by name; anything else that types a character is `.character`.
    public enum Key: Hashable, Sendable, CustomStringConvertible {
        /// A function key, F1 to F35.
        case function(Int)
        case escape, `return`, tab, space, backspace, delete
        case left, right, up, down, home, end, pageUp, pageDown
        /// The Menu key (X's `Menu`), which opens a context menu as Shift+F10 does.
        case menu
        /// A key that types this character (unshifted, lower case).
        case character(Character)

        /// F3.
        public static let f3 = Key.function(3)
        /// F6.
        public static let f6 = Key.function(6)
        /// F8.
        public static let f8 = Key.function(8)
        /// F9.
        public static let f9 = Key.function(9)
        /// F10.
        public static let f10 = Key.function(10)

        /// The key's name: `F9`, `Escape`, `Left`, `S`.
        public var description: String {
            switch self {
            case .function(let number): "F\(number)"
            case .escape: "Escape"
            case .return: "Return"
            case .tab: "Tab"
            case .space: "Space"
            case .backspace: "BackSpace"
            case .delete: "Delete"
            case .left: "Left"
            case .right: "Right"
            case .up: "Up"
            case .down: "Down"
            case .home: "Home"
            case .end: "End"
            case .pageUp: "Page_Up"
            case .pageDown: "Page_Down"
            case .menu: "Menu"
            case .character(let character): character.uppercased()
            }
        }

        /// The key's name in the reader's language (``description`` in English): what a menu
        /// or a prompt shows.
        public var displayName: String {
            switch self {
            case .function(let number): "F\(number)"
            case .escape: String(translated: "Escape", context: "key")
            case .return: String(translated: "Return", context: "key")
            case .tab: String(translated: "Tab", context: "key")
            case .space: String(translated: "Space", context: "key")
            case .backspace: String(translated: "BackSpace", context: "key")
            case .delete: String(translated: "Delete", context: "key")
            case .left: String(translated: "Left", context: "key")
            case .right: String(translated: "Right", context: "key")
            case .up: String(translated: "Up", context: "key")
            case .down: String(translated: "Down", context: "key")
            case .home: String(translated: "Home", context: "key")
            case .end: String(translated: "End", context: "key")
            case .pageUp: String(translated: "Page_Up", context: "key")
            case .pageDown: String(translated: "Page_Down", context: "key")
            case .menu: String(translated: "Menu", context: "key")
            case .character(let character): character.uppercased()
            }
        }
    }

    /// The modifier keys.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: UInt8
        /// Creates a set from its bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Shift.
        public static let shift = Modifiers(rawValue: 1 << 0)
        /// Control.
        public static let control = Modifiers(rawValue: 1 << 1)
        /// Alt (X's Mod1).
        public static let alt = Modifiers(rawValue: 1 << 2)
        /// Super, the logo key (X's Mod4).
        public static let `super` = Modifiers(rawValue: 1 << 3)
        /// Caps Lock: ignored by every lookup.
        public static let capsLock = Modifiers(rawValue: 1 << 4)
        /// Num Lock (X's Mod2): ignored by every lookup.
        public static let numLock = Modifiers(rawValue: 1 << 5)
    }
}
