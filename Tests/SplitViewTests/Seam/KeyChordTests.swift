import Testing

@testable import SplitView

/// A key and its modifiers: letters stored in lower case, the lock modifiers dropped by
/// `withoutLocks`, and the names `explain()` and the config file use.
@Suite struct KeyChordTests {
    @Test func lettersAreStoredInLowerCase() {
        #expect(KeyChord(.character("S"), modifiers: .control) == KeyChord(.character("s"), modifiers: .control))
        #expect(KeyChord(.character("1")).key == .character("1"))
    }

    @Test func withoutLocksKeepsTheOtherModifiers() {
        let chord = KeyChord(.f9, modifiers: [.shift, .control, .alt, .super, .capsLock, .numLock])
        #expect(chord.withoutLocks.modifiers == [.shift, .control, .alt, .super])
        #expect(chord.withoutLocks.key == .f9)
    }

    @Test(arguments: [
        (KeyChord(.f9), "F9"),
        (KeyChord(.f9, modifiers: .shift), "Shift+F9"),
        (KeyChord(.character("s"), modifiers: [.alt, .control]), "Ctrl+Alt+S"),
        (KeyChord(.left, modifiers: [.super, .shift, .control, .alt, .capsLock]), "Ctrl+Alt+Shift+Super+Left"),
        (KeyChord(.pageDown), "Page_Down"),
        (KeyChord(.return), "Return"),
        (KeyChord(.function(35)), "F35"),
    ])
    func description(chord: KeyChord, text: String) {
        #expect(chord.description == text)
    }

    @Test func namedFunctionKeys() {
        #expect(KeyChord.Key.f6 == .function(6))
        #expect(KeyChord.Key.f8 == .function(8))
        #expect(KeyChord.Key.f9 == .function(9))
    }
}
