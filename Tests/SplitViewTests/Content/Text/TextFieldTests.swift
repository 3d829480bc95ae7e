import Testing

@testable import SplitView

/// The text field's editing: every key the location bar reads, at the text's ends.
@Suite struct TextFieldTests {
    private func typed(_ field: inout TextField, _ keys: [KeyChord]) {
        for key in keys { _ = field.handle(key) }
    }

    @Test func typingInsertsAtTheCaretAndShiftMakesCapitals() {
        var field = TextField(text: "/tmp")
        typed(&field, [KeyChord(.character("/")), KeyChord(.character("a")), KeyChord(.character("b"), modifiers: .shift)])
        #expect(field.text == "/tmp/aB")
        #expect(field.caret == 7)
    }

    @Test func leftRightHomeEndMoveTheCaretAndStopAtTheEnds() {
        var field = TextField(text: "ab")
        typed(&field, [KeyChord(.right), KeyChord(.left), KeyChord(.left), KeyChord(.left)])
        #expect(field.caret == 0)
        typed(&field, [KeyChord(.character("x")), KeyChord(.end), KeyChord(.character("y")), KeyChord(.home)])
        #expect(field.text == "xaby")
        #expect(field.caret == 0)
    }

    @Test func backspaceAndDeleteAtEitherEndChangeNothing() {
        var field = TextField(text: "ab")
        typed(&field, [KeyChord(.delete)])
        typed(&field, [KeyChord(.home), KeyChord(.backspace)])
        #expect(field.text == "ab")
        typed(&field, [KeyChord(.delete)])
        #expect(field.text == "b")
        typed(&field, [KeyChord(.end), KeyChord(.backspace)])
        #expect(field.text == "")
    }

    @Test func controlBackspaceRemovesTheWordBeforeTheCaretWithItsSlash() {
        var field = TextField(text: "/usr/share/")
        typed(&field, [KeyChord(.backspace, modifiers: .control)])
        #expect(field.text == "/usr/")
        typed(&field, [KeyChord(.backspace, modifiers: .control), KeyChord(.backspace, modifiers: .control)])
        #expect(field.text == "")
    }

    @Test func selectAllMakesTheNextTypingReplaceTheTextAndAnArrowDropsIt() {
        var field = TextField(text: "/home/ana", selectsAll: true)
        #expect(field.isAllSelected)
        typed(&field, [KeyChord(.character("/"))])
        #expect(field.text == "/")
        typed(&field, [KeyChord(.character("a"), modifiers: .control), KeyChord(.left), KeyChord(.character("x"))])
        #expect(field.text == "x/")
        typed(&field, [KeyChord(.character("a"), modifiers: .control), KeyChord(.backspace)])
        #expect(field.text == "")
        #expect(!TextField(text: "", selectsAll: true).isAllSelected)
    }

    @Test func returnTabAndEscapeAreEventsAndASecondTabIsRepeated() {
        var field = TextField(text: "/us")
        #expect(field.handle(KeyChord(.return)) == .event(.submit("/us")))
        #expect(field.handle(KeyChord(.escape)) == .event(.cancel))
        #expect(field.handle(KeyChord(.tab)) == .event(.complete("/us", repeated: false)))
        #expect(field.handle(KeyChord(.tab)) == .event(.complete("/us", repeated: true)))
        _ = field.handle(KeyChord(.character("r")))
        #expect(field.handle(KeyChord(.tab)) == .event(.complete("/usr", repeated: false)))
        // A completion made by the first Tab makes the next one a second Tab.
        field.setText("/usr/")
        #expect(field.handle(KeyChord(.tab)) == .event(.complete("/usr/", repeated: true)))
        field.setText("/var")  // set without a Tab before it: the next Tab is a first one
        _ = field.handle(KeyChord(.character("x")))
        #expect(field.handle(KeyChord(.tab)) == .event(.complete("/varx", repeated: false)))
    }

    @Test func keysTheFieldHasNoUseForAreIgnoredAndAnEditClearsTheMessage() {
        var field = TextField(text: "/nope")
        field.message = "No such file or directory"
        #expect(field.handle(KeyChord(.up)) == .ignored)
        #expect(field.handle(KeyChord(.left, modifiers: .alt)) == .ignored)
        #expect(field.handle(KeyChord(.character("q"), modifiers: .control)) == .ignored)
        #expect(field.handle(KeyChord.init(.function(9))) == .ignored)
        #expect(field.message != nil)
        #expect(field.handle(KeyChord(.left)) == .edited)
        #expect(field.message == nil)
    }

    @Test func theCaretCountsCharactersNotBytes() {
        var field = TextField(text: "café")
        typed(&field, [KeyChord(.backspace)])
        #expect(field.text == "caf")
    }
}

/// What the keyboard layout types reaches the field: the chord alone cannot say `~` or `_`.
@Suite struct TypedTextTests {
    @Test func theTypedTextWinsOverTheUnshiftedKey() {
        var field = TextField()
        _ = field.handle(KeyChord(.character("`"), modifiers: .shift), typing: "~")
        _ = field.handle(KeyChord(.character("-"), modifiers: .shift), typing: "_")
        _ = field.handle(KeyChord(.character("-"), modifiers: .shift))
        #expect(field.text == "~_-")
    }

    @Test func aTypedInputReachesAFocusedFieldAndIsAKeyEverywhereElse() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.supplementary.navigationItem.textField = TextField()
        f.split.focusedColumn = .supplementary
        f.send(.typed(KeyChord(.character("`"), modifiers: .shift), text: "~"))
        #expect(f.supplementary.navigationItem.textField?.text == "~")
        f.split.focusedColumn = .primary
        let before = f.split.displayMode
        f.send(.typed(KeyChord(.f9), text: ""))  // no field: the key table's F9
        #expect(f.split.displayMode != before)
    }

    private func typed(_ field: inout TextField, _ keys: [KeyChord]) {
        for key in keys { _ = field.handle(key) }
    }

    @Test func aSelectedStemIsReplacedByWhatIsTypedAndTheExtensionStays() {
        var field = TextField(text: "report.pdf", selecting: 0..<6, label: "Rename File")
        #expect(field.selectedRange == 0..<6 && field.caret == 6 && !field.isAllSelected)
        typed(&field, [KeyChord(.character("n")), KeyChord(.character("o"))])
        #expect(field.text == "no.pdf" && field.caret == 2 && field.selectedRange == nil)
    }

    @Test func leftAndRightDropARangeAtItsEndsAndBackspaceRemovesIt() {
        var field = TextField(text: "report.pdf", selecting: 2..<6)
        typed(&field, [KeyChord(.left)])
        #expect(field.caret == 2 && field.selectedRange == nil)
        field = TextField(text: "report.pdf", selecting: 2..<6)
        typed(&field, [KeyChord(.right)])
        #expect(field.caret == 6 && field.selectedRange == nil)
        field = TextField(text: "report.pdf", selecting: 2..<6)
        typed(&field, [KeyChord(.backspace)])
        #expect(field.text == "re.pdf" && field.caret == 2)
        field = TextField(text: "report.pdf", selecting: 2..<6)
        typed(&field, [KeyChord(.delete)])
        #expect(field.text == "re.pdf")
    }

    @Test func aRangeBeyondTheTextIsClampedAndAnEmptyOneSelectsNothing() {
        #expect(TextField(text: "ab", selecting: -3..<9).isAllSelected)
        #expect(TextField(text: "ab", selecting: 1..<1).selectedRange == nil)
        #expect(TextField(text: "", selecting: 0..<4).selectedRange == nil)
    }
}
