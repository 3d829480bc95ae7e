import SplitView
import SplitViewAccessibility
import Testing

/// The Text interface of the document (its text by range and by piece, characters counted as
/// AT-SPI counts them, the caret and the selection) and the Selection interface of the lists,
/// asked over a private bus with no display.
@Suite(.enabled(if: PrivateBus.executable != nil, "dbus-daemon is not installed (the dbus package)"))
struct AccessibilityBusTextTests {
    typealias Window = ServedWindow

    /// The document's text between two offsets: clamped to the text, an end of -1 (or past
    /// the end) the text's end, and nothing when the start is not before the end.
    @Test(arguments: [
        (0, -1, "two lines\nof text\n"), (0, 3, "two"), (4, 9, "lines"), (10, 18, "of text\n"), (5, 2, ""), (5, 5, ""),
        (-4, 100, "two lines\nof text\n"), (18, -1, ""), (40, 50, ""),
    ])
    func theTextBetweenTwoOffsets(_ start: Int32, _ end: Int32, _ expected: String) throws {
        let window = try ServedWindow()
        let document = try #require(window.path(of: "column.secondary.content.document"))
        let reply = window.ask(document, "Text", "GetText") {
            $0.int32(start)
            $0.int32(end)
        }
        #expect(reply?.values == [.string(expected)])
    }

    /// Offsets count Unicode scalars, as AT-SPI does: an accented letter is one, an emoji is
    /// one; the character at an offset is its scalar's value, 0 outside the text.
    @Test func offsetsCountScalars() throws {
        let window = try ServedWindow()
        window.document.text = "héllo 🎉 wörld"
        window.turn()
        let document = try #require(window.path(of: "column.secondary.content.document"))
        #expect(window.property(document, "Text", "CharacterCount") == .int32(13))
        let emoji = window.ask(document, "Text", "GetText") {
            $0.int32(6)
            $0.int32(7)
        }
        #expect(emoji?.values == [.string("🎉")])
        for (offset, value): (Int32, Int32) in [(1, 0xE9), (6, 0x1_F389), (12, 0x64), (13, 0), (-1, 0)] {
            #expect(
                Window.number(window.ask(document, "Text", "GetCharacterAtOffset") { $0.int32(offset) }) == value, "\(offset)")
        }
    }

    /// The piece around an offset, before it and after it, by AT-SPI's boundary types
    /// (`GetTextAtOffset`…) and by granularity (`GetStringAtOffset`): text, start, end.
    @Test(arguments: [
        ("GetTextAtOffset", 12, 5, "of text\n", 10, 18),  // line start
        ("GetTextAtOffset", 12, 6, "of text\n", 10, 18),  // line end
        ("GetTextAtOffset", 1, 1, "two", 0, 3),  // word start
        ("GetTextAtOffset", 0, 0, "t", 0, 1),  // character
        ("GetTextBeforeOffset", 12, 5, "two lines\n", 0, 10),
        ("GetTextBeforeOffset", 3, 5, "", 0, 0),  // before the first line: nothing
        ("GetTextAfterOffset", 1, 5, "of text\n", 10, 18),
        ("GetStringAtOffset", 12, 3, "of text\n", 10, 18),  // granularity: line
        ("GetStringAtOffset", 5, 1, "lines", 4, 9),  // granularity: word
        ("GetTextAtOffset", 1, 9, "", 0, 0),  // a boundary type AT-SPI does not have
        ("GetStringAtOffset", 1, 7, "", 0, 0),  // nor a granularity
    ])
    func thePieceAtAnOffset(
        _ member: String, _ offset: Int32, _ kind: UInt32, _ text: String, _ start: Int32, _ end: Int32
    )
        throws
    {
        let window = try ServedWindow()
        let document = try #require(window.path(of: "column.secondary.content.document"))
        let reply = window.ask(document, "Text", member) {
            $0.int32(offset)
            $0.uint32(kind)
        }
        #expect(reply?.values == [.string(text), .int32(start), .int32(end)])
    }

    /// No selection: none, and the caret at 0. The whole text selected (the keys in the
    /// document): one selection, all of it, with the caret at its end.
    /// The text's attributes, as Orca asks before it reads a line: one run without any, the
    /// whole text (before, the question failed and Orca read no line).
    @Test func theTextIsOneRunWithoutAttributes() throws {
        let window = try ServedWindow()
        let document = try #require(window.path(of: "column.secondary.content.document"))
        let count = Int32("two lines\nof text\n".unicodeScalars.count)
        for member in ["GetAttributes", "GetAttributeRun"] {
            let reply = window.ask(document, "Text", member) {
                $0.int32(3)
                if member == "GetAttributeRun" { $0.boolean(true) }
            }
            #expect(reply?.values == [.array("{ss}", []), .int32(0), .int32(count)], "\(member)")
        }
        #expect(window.ask(document, "Text", "GetDefaultAttributes")?.values == [.array("{ss}", [])])
    }

    @Test func theCaretAndTheSelection() throws {
        let window = try ServedWindow()
        let document = try #require(window.path(of: "column.secondary.content.document"))
        func selection(_ index: Int32) -> [DBusValue]? {
            window.ask(document, "Text", "GetSelection") { $0.int32(index) }?.values
        }
        #expect(Window.number(window.ask(document, "Text", "GetNSelections")) == 0)
        #expect(selection(0) == [.int32(0), .int32(0)])
        #expect(Window.number(window.ask(document, "Text", "GetCaretOffset")) == 0)
        window.split.focusedColumn = .secondary
        window.split.handle(.command(.selectAll))
        window.turn()
        #expect(Window.number(window.ask(document, "Text", "GetNSelections")) == 1)
        #expect(selection(0) == [.int32(0), .int32(18)])
        #expect(selection(1) == [.int32(0), .int32(0)])
        #expect(Window.number(window.ask(document, "Text", "GetCaretOffset")) == 18)
        #expect(window.property(document, "Text", "CaretOffset") == .int32(18))
    }

    /// A node without text has no Text interface.
    @Test func aListHasNoText() throws {
        let window = try ServedWindow()
        let list = try #require(window.path(of: "column.supplementary.content.list"))
        let reply = window.ask(list, "Text", "GetText") {
            $0.int32(0)
            $0.int32(-1)
        }
        #expect(reply?.error == Window.unknownMethod)
        // Its properties answer as for an empty text.
        #expect(window.property(list, "Text", "CharacterCount") == .int32(0))
    }

    // MARK: - Selection

    /// The list's selection is its selected row, by index among the rows on screen.
    @Test func theListsSelectionIsItsSelectedRow() throws {
        let window = try ServedWindow()
        let list = try #require(window.path(of: "column.supplementary.content.list"))
        #expect(Window.number(window.ask(list, "Selection", "GetNSelectedChildren")) == 1)
        #expect(window.property(list, "Selection", "NSelectedChildren") == .int32(1))
        let first = window.ask(list, "Selection", "GetSelectedChild") { $0.int32(0) }?.values.first
        let row = try #require(Window.referencePath(first))
        #expect(window.property(row, "Accessible", "Name") == .string("file 1.txt"))
        #expect(window.ask(list, "Selection", "GetSelectedChild") { $0.int32(1) }?.values == [.reference("", Window.null)])
        for (index, selected): (Int32, Bool) in [(1, true), (0, false), (3, false), (-1, false), (9, false)] {
            #expect(Window.flag(window.ask(list, "Selection", "IsChildSelected") { $0.int32(index) }) == selected, "\(index)")
        }
    }

    /// SelectChild selects the row as the arrow keys do, through the perform closure's
    /// `select`: the keyboard stays where it was. A row that is not there is refused.
    @Test func selectChildSelectsAsTheArrowKeysDo() throws {
        let window = try ServedWindow()
        window.split.focusedColumn = .secondary
        window.turn()
        let list = try #require(window.path(of: "column.supplementary.content.list"))
        #expect(Window.flag(window.ask(list, "Selection", "SelectChild") { $0.int32(2) }) == true)
        #expect(window.log.actions == ["0 column.supplementary.content.row.2 select"])
        #expect(window.files.selectedIndex == 2 && window.split.focusedColumn == .secondary)
        #expect(Window.flag(window.ask(list, "Selection", "IsChildSelected") { $0.int32(2) }) == true)
        for outside: Int32 in [4, -1] {
            #expect(Window.flag(window.ask(list, "Selection", "SelectChild") { $0.int32(outside) }) == false)
        }
        #expect(window.log.actions.count == 1)
    }

    /// The lists hold one selected row: a selection is never emptied or widened through the
    /// interface (false, as a single-selection GTK list answers), and nothing is performed.
    @Test(arguments: ["ClearSelection", "SelectAll", "DeselectChild", "DeselectSelectedChild"])
    func aSelectionIsNeverEmptiedOrWidened(_ member: String) throws {
        let window = try ServedWindow()
        let list = try #require(window.path(of: "column.supplementary.content.list"))
        #expect(Window.flag(window.ask(list, "Selection", member) { $0.int32(1) }) == false)
        #expect(window.log.actions.isEmpty && window.files.selectedIndex == 1)
    }

    /// The outline has the Selection interface too; the document has none.
    @Test func theOutlineHasASelectionAndTheDocumentNone() throws {
        let window = try ServedWindow()
        let outline = try #require(window.path(of: "column.primary.content.list"))
        let node = try #require(window.node("column.primary.content.list"))
        #expect(node.role == .tree)
        let selected = node.children.filter { $0.states.contains(.selected) }.count
        #expect(Window.number(window.ask(outline, "Selection", "GetNSelectedChildren")) == Int32(selected))
        let document = try #require(window.path(of: "column.secondary.content.document"))
        #expect(window.ask(document, "Selection", "GetNSelectedChildren")?.error == Window.unknownMethod)
    }
}
