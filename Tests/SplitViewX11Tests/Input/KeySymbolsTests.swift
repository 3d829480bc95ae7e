import CX11
import SplitView
import SplitViewX11
import Testing

@Suite struct KeySymbolsTests {
    @Test(
        arguments: [
            (XK_F1, KeyChord.Key.function(1)), (XK_F9, .f9), (XK_F12, .function(12)), (XK_F35, .function(35)),
            (XK_Escape, .escape), (XK_Return, .return), (XK_KP_Enter, .return),
            (XK_Tab, .tab), (XK_ISO_Left_Tab, .tab), (XK_space, .space), (XK_BackSpace, .backspace),
            (XK_Delete, .delete), (XK_KP_Delete, .delete),
            (XK_Left, .left), (XK_KP_Left, .left), (XK_Right, .right), (XK_KP_Right, .right),
            (XK_Up, .up), (XK_KP_Up, .up), (XK_Down, .down), (XK_KP_Down, .down),
            (XK_Home, .home), (XK_KP_Home, .home), (XK_End, .end), (XK_KP_End, .end),
            (XK_Page_Up, .pageUp), (XK_KP_Page_Up, .pageUp), (XK_Page_Down, .pageDown), (XK_KP_Page_Down, .pageDown),
        ] as [(Int32, KeyChord.Key)])
    func namedKeysAndTheirKeypadTwins(keysym: Int32, key: KeyChord.Key) {
        #expect(KeySymbols.key(forKeysym: KeySym(keysym)) == key)
    }

    @Test(
        arguments: [
            (XK_a, "a"), (XK_s, "s"), (XK_A, "a"), (XK_1, "1"), (XK_0, "0"), (XK_exclam, "!"), (XK_asciitilde, "~"),
            (XK_eacute, "é"), (XK_ydiaeresis, "ÿ"), (XK_nobreakspace, "\u{a0}"),
        ] as [(Int32, Character)])
    func printableLatin1IsTheCharacterInLowerCase(keysym: Int32, character: Character) {
        #expect(KeySymbols.key(forKeysym: KeySym(keysym)) == .character(character))
    }

    @Test func theTextAKeysymTypesKeepsItsCase() {
        #expect(KeySymbols.text(forKeysym: KeySym(XK_M)) == "M")
        #expect(KeySymbols.text(forKeysym: KeySym(XK_asciitilde)) == "~")
        #expect(KeySymbols.text(forKeysym: 0x0100_20ac) == "€")
        #expect(KeySymbols.text(forKeysym: KeySym(XK_Return)) == nil)
        #expect(KeySymbols.text(forKeysym: 0x0100_d800) == nil)  // a surrogate
    }

    @Test func unicodeKeysymIsItsCodePoint() {
        #expect(KeySymbols.key(forKeysym: 0x0100_20ac) == .character("€"))
    }

    @Test(
        arguments: [
            0, XK_Shift_L, XK_Control_L, XK_Caps_Lock, XK_Num_Lock, XK_Super_L, 0x1f, 0x7f, 0x9f,
            0x0100_d800,  // a surrogate
            0xffe1,  // F35 + 1
        ] as [Int32])
    func keysWithoutMeaningAreNil(keysym: Int32) {
        #expect(KeySymbols.key(forKeysym: KeySym(keysym)) == nil)
    }

    @Test(
        arguments: [
            (ShiftMask, KeyChord.Modifiers.shift), (ControlMask, .control), (Mod1Mask, .alt), (Mod4Mask, .super),
            (LockMask, .capsLock), (Mod2Mask, .numLock),
        ] as [(Int32, KeyChord.Modifiers)])
    func eachStateBitIsOneModifier(mask: Int32, modifier: KeyChord.Modifiers) {
        #expect(KeySymbols.modifiers(forState: UInt32(mask)) == modifier)
    }

    @Test func levelThreeAndMod3AndButtonBitsAreNotModifiers() {
        let state = UInt32(Mod3Mask | Mod5Mask | Button1Mask | Button3Mask)
        #expect(KeySymbols.modifiers(forState: state).isEmpty)
    }

    @Test func chordKeepsLocksSoLookupsCanStripThem() {
        let chord = KeySymbols.chord(keysym: KeySym(XK_F9), state: UInt32(ShiftMask | LockMask | Mod2Mask))
        #expect(chord == KeyChord(.f9, modifiers: [.shift, .capsLock, .numLock]))
        #expect(chord?.withoutLocks == KeyChord(.f9, modifiers: .shift))
    }
}
