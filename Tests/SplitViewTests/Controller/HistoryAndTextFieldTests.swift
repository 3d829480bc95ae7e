import Testing

@testable import SplitView

/// Back and forward through an app's history (``SplitViewController/historyHandler``) against
/// the collapsed stack, and the keys a bar's text field takes before the key table.
@Suite struct HistoryAndTextFieldTests {
    @Test func expandedAltLeftAndAltRightGoThroughTheAppsHistory() {
        let f = Fixture(.tripleColumn, width: 1400)
        var asked: [SplitViewController.HistoryDirection] = []
        f.split.historyHandler = {
            asked.append($0); return true
        }
        f.send(key(.left, .alt), key(.right, .alt), .command(.back), .command(.forward))
        #expect(asked == [.back, .forward, .back, .forward])
    }

    @Test func collapsedAltLeftGoesBackInTheStackAndNeverAsksTheHistory() {
        let f = Fixture(.tripleColumn, width: 500)
        var asked: [SplitViewController.HistoryDirection] = []
        f.split.historyHandler = {
            asked.append($0); return true
        }
        #expect(f.split.isShowing(.secondary))
        f.send(key(.left, .alt))
        #expect(f.split.isShowing(.supplementary))
        #expect(asked == [])
        f.send(key(.right, .alt))  // forward has no stack meaning: the history's, collapsed too
        #expect(asked == [.forward])
    }

    @Test func anEmptyHistoryLetsBackPopTheFocusedColumnsStack() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.historyHandler = { _ in false }
        let nav = try #require(f.split.navigationController(for: .secondary))
        nav.pushViewController(ViewController(title: "Page"), animated: false)
        f.split.focusedColumn = .secondary
        f.send(key(.left, .alt))
        #expect(nav.viewControllers.count == 1)
    }

    @Test func aFieldInTheFocusedBarTakesItsKeysBeforeTheTable() {
        let f = Fixture(.tripleColumn, width: 1400)
        var events: [TextField.Event] = []
        f.supplementary.navigationItem.textField = TextField(text: "/tm")
        f.supplementary.navigationItem.textFieldHandler = { events.append($0) }
        f.split.focusedColumn = .supplementary
        // Left would be the table's `collapse`; here it moves the caret.
        f.send(key(.left), key(.character("x")), key(.end), key(.character("p")), key(.tab), key(.return))
        #expect(f.supplementary.navigationItem.textField?.text == "/txmp")
        #expect(events == [.complete("/txmp", repeated: false), .submit("/txmp")])
        // What the field does not use goes on to the table: F9 hides the sidebar.
        let before = f.split.displayMode
        f.send(key(.f9))
        #expect(f.split.displayMode != before)
    }

    /// The copy key copies a field's text once it is chosen whole (Ctrl+A, or the location
    /// bar as it opens); with a caret there is nothing chosen to copy.
    @Test func controlCCopiesAFieldsTextChosenWhole() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.supplementary.navigationItem.textField = TextField(text: "/usr/share", selectsAll: true)
        f.split.focusedColumn = .supplementary
        #expect(f.send(key(.character("c"), .control)) == [.setSelection(.clipboard, text: "/usr/share")])
        #expect(f.supplementary.navigationItem.textField?.text == "/usr/share", "the text stays")
        f.send(key(.end))
        #expect(f.send(key(.character("c"), .control)) == [])
    }

    @Test func aFieldInAnotherPaneGetsNoKeys() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.supplementary.navigationItem.textField = TextField(text: "/tmp")
        f.split.focusedColumn = .primary
        f.send(key(.character("x")), key(.backspace))
        #expect(f.supplementary.navigationItem.textField?.text == "/tmp")
    }

    @Test func theBarDrawsTheFieldInPlaceOfTheTitleWithItsMessage() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        var field = TextField(text: "/nope")
        field.message = "No such file or directory"
        f.supplementary.navigationItem.textField = field
        let list = try #require(f.split.displayList(for: .supplementary))
        #expect(list.texts.contains("/nope"))
        #expect(list.texts.contains("No such file or directory"))
        #expect(!list.texts.contains("S"))
        f.supplementary.navigationItem.textField = nil
        #expect(try #require(f.split.displayList(for: .supplementary)).texts.contains("S"))
    }

    /// A long message beside the rename field is cut before the label is: "Rename File" stays
    /// whole (before, a conflict's message shrank it to "Rename…").
    @Test func aLongMessageIsCutBeforeTheLabel() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        var field = TextField(text: "notes.txt", selecting: 0..<5, label: "Rename File")
        field.message = "“notes.txt” already exists in this folder: choose another name, or press Escape to keep it"
        f.supplementary.navigationItem.textField = field
        let list = try #require(f.split.displayList(for: .supplementary))
        #expect(list.texts.contains("Rename File"), "\(list.texts)")
        #expect(list.texts.contains { $0.hasPrefix("“notes.txt”") && $0.hasSuffix("…") }, "\(list.texts)")
    }
}
