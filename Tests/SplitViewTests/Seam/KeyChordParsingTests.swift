import PropertyBased
import Testing

@testable import SplitView

/// `KeyChord(parsing:)`, the config file's reading of a chord: the inverse of `description`,
/// case-insensitive, with the common aliases, and refusing what is not a chord.
@Suite struct KeyChordParsingTests {
    typealias K = KeyChord

    @Test(arguments: [
        ("Ctrl+Alt+S", K(.character("s"), modifiers: [.control, .alt])),
        ("Shift+F9", K(.f9, modifiers: .shift)),
        ("F6", K(.f6)),
        ("F1", K(.function(1))),
        ("F35", K(.function(35))),
        ("Page_Down", K(.pageDown)),
        ("pagedown", K(.pageDown)),
        ("PageDown", K(.pageDown)),
        ("PgDn", K(.pageDown)),
        ("Next", K(.pageDown)),
        ("page_up", K(.pageUp)),
        ("Prior", K(.pageUp)),
        ("Escape", K(.escape)),
        ("esc", K(.escape)),
        ("Return", K(.return)),
        ("Enter", K(.return)),
        ("BackSpace", K(.backspace)),
        ("Super+1", K(.character("1"), modifiers: .super)),
        ("Win+1", K(.character("1"), modifiers: .super)),
        ("Mod4+1", K(.character("1"), modifiers: .super)),
        ("Ctrl+H", K(.character("h"), modifiers: .control)),
        ("ctrl+h", K(.character("h"), modifiers: .control)),
        ("CONTROL+h", K(.character("h"), modifiers: .control)),
        ("Mod1+Left", K(.left, modifiers: .alt)),
        ("Alt+Shift+Ctrl+Super+x", K(.character("x"), modifiers: [.control, .alt, .shift, .super])),
        ("Ctrl + Alt + S", K(.character("s"), modifiers: [.control, .alt])),
        ("Ctrl++", K(.character("+"), modifiers: .control)),
        ("Ctrl+plus", K(.character("+"), modifiers: .control)),
        ("+", K(.character("+"))),
        ("Ctrl+minus", K(.character("-"), modifiers: .control)),
        ("Ctrl+-", K(.character("-"), modifiers: .control)),
        ("Space", K(.space)),
        ("Shift+Tab", K(.tab, modifiers: .shift)),
        ("é", K(.character("é"))),
        ("F", K(.character("f"))),
    ])
    func parses(_ text: String, _ chord: KeyChord) {
        #expect(KeyChord(parsing: text) == chord)
    }

    @Test(arguments: [
        "", " ", "Ctrl", "Ctrl+", "Ctrl+Shift", "++", "Ctrl+Ctrl+S", "Hyper+S", "F0", "F36", "F-1", "F+1", "Fx",
        "PageSideways", "Ctrl+ab", "Ctrl+\n", "\t", "Caps_Lock+A", "Page-Down",
    ])
    func refuses(_ text: String) {
        #expect(KeyChord(parsing: text) == nil, "\(text.debugDescription)")
    }

    /// Every default binding reads back from its own description.
    @Test func everyDefaultChordRoundTrips() {
        for row in KeyBindings.default.global + KeyBindings.default.divider {
            #expect(KeyChord(parsing: row.chord.description) == row.chord, "\(row.chord)")
        }
    }

    static let keys: [KeyChord.Key] =
        [
            .escape, .return, .tab, .space, .backspace, .delete, .left, .right, .up, .down, .home, .end, .pageUp, .pageDown,
        ] + (1...35).map { .function($0) }
        + Array("abcdefghijklmnopqrstuvwxyz0123456789+-=,./\\;'`[]_!@#$%^&*()éü").map { .character($0) }

    /// `KeyChord(parsing: c.description) == c` for random chords without lock modifiers (which
    /// `description` does not write).
    @Test func descriptionRoundTripsForRandomChords() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0..<Self.keys.count), Gen.int(in: 0...15)) { key, bits in
            let chord = KeyChord(Self.keys[key], modifiers: KeyChord.Modifiers(rawValue: UInt8(bits)))
            #expect(KeyChord(parsing: chord.description) == chord, "\(chord)")
        }
    }
}
