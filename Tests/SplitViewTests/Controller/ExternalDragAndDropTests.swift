import PropertyBased
import Testing

@testable import SplitView

/// Another program's drags over the window (``Input/externalDrag(_:)``): what accepts at a
/// point, the highlight while it hovers, the drop delivered with its operation, text on a
/// bar's field; a press within a multiple selection kept for a drag; and random orders of
/// enter, move, exit and drop. Triple column at 1400 × 800: the primary is 0…280, the
/// supplementary from 281; content starts at y = 38, rows are 30 high.
@Suite struct ExternalDragAndDropTests {
    final class Log { var drops: [(String, DropOperation, Int?)] = [] }

    static let uriList = "text/uri-list"

    /// Folders: every row but 2 takes files. Files: rows 0 and 1 are folders that take them,
    /// the others take them for the background (row nil).
    static func fixture() -> (Fixture, ListViewController, ListViewController, Log) {
        let f = Fixture(.tripleColumn, width: 1400)
        let folders = ListViewController(title: "Folders", items: (0..<5).map { ListItem(title: "Folder \($0)") })
        let files = ListViewController(title: "Files", items: (0..<5).map { ListItem(title: "File \($0)") })
        let log = Log()
        folders.externalDropTypeForRow = { types, row in types.contains(uriList) && row != nil && row != 2 ? uriList : nil }
        folders.onExternalDropOnRow = { offer, operation, row in log.drops.append(("folders:" + offer.target, operation, row)) }
        files.externalDropTypeForRow = { types, row in
            types.contains(uriList) && (row == nil || row! < 2) ? uriList : nil
        }
        files.onExternalDropOnRow = { offer, operation, row in log.drops.append(("files:" + offer.target, operation, row)) }
        f.split.setViewController(folders, for: .primary)
        f.split.setViewController(files, for: .supplementary)
        return (f, folders, files, log)
    }

    static func row(_ index: Int) -> Double { 38 + Double(index) * 30 + 15 }
    static let files = SelectionOffer(target: uriList, bytes: Array("file:///a\r\n".utf8))

    @Test func aFolderRowAcceptsFilesHighlightsAndTakesTheDrop() {
        let (f, folders, _, log) = Self.fixture()
        f.send(.externalDrag(.entered(types: ["UTF8_STRING", Self.uriList])))
        f.send(.externalDrag(.moved(Point(x: 100, y: Self.row(3)), operation: .move)))
        #expect(f.split.externalDropProposal == DropProposal(operation: .move, type: Self.uriList))
        #expect(folders.dropTargetRow == 3)
        f.send(.externalDrag(.dropped(Self.files)))
        #expect(log.drops.count == 1 && log.drops[0] == ("folders:text/uri-list", .move, 3))
        #expect(folders.dropTargetRow == nil && f.split.externalDropProposal == nil)
    }

    @Test func aRefusingRowTheReaderAndTheWrongTypesAreRefused() {
        let (f, folders, _, log) = Self.fixture()
        f.send(
            .externalDrag(.entered(types: [Self.uriList])), .externalDrag(.moved(Point(x: 100, y: Self.row(2)), operation: .copy))
        )
        #expect(f.split.externalDropProposal == nil && folders.dropTargetRow == nil)
        f.send(.externalDrag(.moved(Point(x: 1000, y: Self.row(1)), operation: .copy)))
        #expect(f.split.externalDropProposal == nil)
        f.send(.externalDrag(.dropped(Self.files)))
        #expect(log.drops.isEmpty)
        f.send(
            .externalDrag(.entered(types: ["UTF8_STRING"])),
            .externalDrag(.moved(Point(x: 100, y: Self.row(1)), operation: .copy)))
        #expect(f.split.externalDropProposal == nil)
    }

    /// A file's row takes nothing itself: the list's background (the folder shown) takes the
    /// drop, and no row highlights.
    @Test func aRowThatTakesNothingOffersTheBackground() {
        let (f, _, files, log) = Self.fixture()
        f.send(
            .externalDrag(.entered(types: [Self.uriList])), .externalDrag(.moved(Point(x: 400, y: Self.row(3)), operation: .ask)))
        #expect(f.split.externalDropProposal?.operation == .ask && files.dropTargetRow == nil)
        f.send(.externalDrag(.moved(Point(x: 400, y: Self.row(1)), operation: .ask)))
        #expect(files.dropTargetRow == 1)
        f.send(.externalDrag(.moved(Point(x: 400, y: Self.row(4)), operation: .copy)))
        f.send(.externalDrag(.dropped(Self.files)))
        #expect(log.drops.count == 1 && log.drops[0] == ("files:text/uri-list", .copy, nil))
    }

    @Test func movingToAnotherPaneOrLeavingClearsTheHighlight() {
        let (f, folders, files, _) = Self.fixture()
        f.send(
            .externalDrag(.entered(types: [Self.uriList])), .externalDrag(.moved(Point(x: 100, y: Self.row(1)), operation: .copy))
        )
        #expect(folders.dropTargetRow == 1)
        f.send(.externalDrag(.moved(Point(x: 400, y: Self.row(0)), operation: .copy)))
        #expect(folders.dropTargetRow == nil && files.dropTargetRow == 0)
        f.send(.externalDrag(.exited))
        #expect(files.dropTargetRow == nil && f.split.externalDropProposal == nil)
    }

    @Test func textOnABarsFieldFillsItWithItsFirstLine() {
        let (f, _, files, _) = Self.fixture()
        files.navigationItem.textField = TextField(text: "/old")
        f.send(.externalDrag(.entered(types: ["UTF8_STRING", "text/plain;charset=utf-8"])))
        f.send(.externalDrag(.moved(Point(x: 400, y: 19), operation: .move)))
        #expect(f.split.externalDropProposal == DropProposal(operation: .copy, type: "text/plain;charset=utf-8"))
        f.send(.externalDrag(.dropped(SelectionOffer(target: "text/plain;charset=utf-8", bytes: Array("/home/ana\nmore".utf8)))))
        #expect(files.navigationItem.textField?.text == "/home/ana")
        #expect(f.split.focusedColumn == .supplementary)
        // A bar without a field takes no text.
        f.send(.externalDrag(.entered(types: ["UTF8_STRING"])), .externalDrag(.moved(Point(x: 100, y: 19), operation: .copy)))
        #expect(f.split.externalDropProposal == nil)
    }

    /// Drops `bytes` as text on the files column's bar, which holds a field.
    private static func dropText(_ bytes: [UInt8], on f: Fixture, _ files: ListViewController) {
        files.navigationItem.textField = TextField(text: "/old")
        f.send(.externalDrag(.entered(types: ["text/plain;charset=utf-8"])))
        f.send(.externalDrag(.moved(Point(x: 400, y: 19), operation: .copy)))
        f.send(.externalDrag(.dropped(SelectionOffer(target: "text/plain;charset=utf-8", bytes: bytes))))
    }

    /// The drop: a megabyte on one line (10 KB took 8 s, 100 KB never returned). The
    /// field takes its first 4 096 bytes and says so, and drawing it measures the text a few
    /// times, not once per character.
    @Test func aMegabyteLineDroppedOnAFieldIsCutAndSaysSo() {
        let (f, _, files, _) = Self.fixture()
        let measurer = CountingMeasurer()
        f.split.textMeasurer = measurer
        Self.dropText(Array(repeating: UInt8(ascii: "x"), count: 1 << 20) + Array("\nsecond".utf8), on: f, files)
        let field = files.navigationItem.textField
        #expect(field?.text == String(repeating: "x", count: 4096))
        #expect(field?.message == "Dropped text cut to 4 096 bytes")
        measurer.measured = 0
        let list = f.split.displayList(for: .supplementary)
        #expect(list?.ops.contains { if case .text(let text, _, _, _) = $0 { text.hasSuffix("xxxx") } else { false } } == true)
        #expect(measurer.measured < 40 * 4096, "about twice log2(4096) measures of the text, not one a character")
    }

    @Test(arguments: [
        ("\n\r\n/home/ana\r\nmore", "/home/ana", false),
        ("/a\u{2028}b", "/a", false),
        ("", "", false),
    ])
    func aDroppedLineIsTheFirstWithText(_ dropped: String, _ line: String, _ isCut: Bool) {
        #expect(SplitViewController.droppedLine(Array(dropped.utf8)) == (line, isCut))
    }

    /// The limit's edges: 4 096 bytes are kept whole, 4 097 cut; a character is never split,
    /// wherever the limit falls in it.
    @Test func aDroppedLineIsCutAtTheLimitBetweenCharacters() {
        let limit = SplitViewController.droppedTextLimit
        let exact = String(repeating: "a", count: limit)
        #expect(SplitViewController.droppedLine(Array(exact.utf8)) == (exact, false))
        #expect(SplitViewController.droppedLine(Array((exact + "a").utf8)) == (exact, true))
        #expect(SplitViewController.droppedLine(Array((exact + "\nb").utf8)) == (exact, false))
        for offset in 0..<3 {
            let text = String(repeating: "a", count: limit - 3 - offset) + String(repeating: "€", count: 4)
            let (line, isCut) = SplitViewController.droppedLine(Array(text.utf8))
            #expect(isCut && line.utf8.count <= limit && text.hasPrefix(line) && line.hasSuffix("€"))
        }
    }

    /// A drop of 64 MiB (what a drop may bring) on one line: its first 4 096 bytes.
    @Test func theLargestDropIsCutToo() {
        let (line, isCut) = SplitViewController.droppedLine(Array(repeating: UInt8(ascii: "y"), count: 64 << 20))
        #expect(line.utf8.count == 4096 && isCut)
    }

    /// A drop whose contents come in another form than the one proposed, or none, does nothing.
    @Test func aDropInAnotherFormOrWithoutContentsDoesNothing() {
        let (f, folders, _, log) = Self.fixture()
        f.send(
            .externalDrag(.entered(types: [Self.uriList])), .externalDrag(.moved(Point(x: 100, y: Self.row(1)), operation: .copy))
        )
        f.send(.externalDrag(.dropped(SelectionOffer(target: "UTF8_STRING", bytes: []))))
        f.send(
            .externalDrag(.entered(types: [Self.uriList])), .externalDrag(.moved(Point(x: 100, y: Self.row(1)), operation: .copy))
        )
        f.send(.externalDrag(.dropped(nil)))
        #expect(log.drops.isEmpty && folders.dropTargetRow == nil)
    }

    /// A press on a row of a multiple selection keeps it, so that a drag carries it all; a
    /// release without a drag selects the row alone, as GNOME Files does.
    @Test func aPressWithinAMultipleSelectionKeepsItUntilTheRelease() {
        let (f, _, files, _) = Self.fixture()
        files.allowsMultipleSelection = true
        files.dragItemForRow = { DragItem(title: "File \($0)", tag: $0) }
        f.click(x: 400, y: Self.row(1))
        f.send(.pointerDown(Point(x: 400, y: Self.row(3)), modifiers: .shift), .pointerUp(Point(x: 400, y: Self.row(3))))
        #expect(files.selectedIndexes == [1, 2, 3])
        f.send(.pointerDown(Point(x: 400, y: Self.row(2))))
        #expect(files.selectedIndexes == [1, 2, 3], "kept while the button is down")
        f.send(.pointerMoved(Point(x: 420, y: Self.row(4))))
        #expect(f.split.dragSession?.item.tag == 2 && files.selectedIndexes == [1, 2, 3])
        f.send(.pointerUp(Point(x: 420, y: Self.row(4))))
        #expect(files.selectedIndexes == [1, 2, 3], "a drag selects nothing")
        f.click(x: 400, y: Self.row(2))
        #expect(files.selectedIndexes == [2] && files.selectedIndex == 2, "a click selects the row alone")
    }

    /// Random orders of enter, moves over every pane and the bars, exits and drops: nothing
    /// crashes, a drop is delivered only where the last move was accepted, and after an exit
    /// or a drop no row is highlighted and nothing is proposed.
    @Test func randomOrdersOfDragEventsAlwaysEndClear() async {
        await propertyCheck(count: 60, input: Gen.int(in: 0...1_000_000).array(of: 60)) { codes in
            let (f, folders, files, log) = Self.fixture()
            var accepted = false
            for code in codes {
                let drops = log.drops.count
                switch code % 5 {
                case 0: f.send(.externalDrag(.entered(types: code % 3 == 0 ? ["UTF8_STRING"] : [Self.uriList])))
                case 1, 2:
                    let point = Point(x: Double(code % 1400), y: Double((code / 1400) % 800))
                    f.send(.externalDrag(.moved(point, operation: DropOperation.allCases[code % 3])))
                    accepted = f.split.externalDropProposal != nil
                case 3:
                    f.send(.externalDrag(.exited))
                    accepted = false
                default:
                    f.send(.externalDrag(.dropped(code % 7 == 0 ? nil : Self.files)))
                    #expect(log.drops.count <= drops + (accepted ? 1 : 0))
                    accepted = false
                }
                if code % 5 >= 3 {
                    #expect(folders.dropTargetRow == nil && files.dropTargetRow == nil)
                    #expect(f.split.externalDropProposal == nil)
                }
            }
        }
    }
}

/// A fixed-advance measurer that counts the characters it measures.
private final class CountingMeasurer: TextMeasurer {
    private let base = FixedAdvanceMeasurer()
    var measured = 0

    func width(of text: String, font: FontRole) -> Double {
        measured += text.count
        return base.width(of: text, font: font)
    }

    func metrics(of font: FontRole) -> FontMetrics { base.metrics(of: font) }
}
