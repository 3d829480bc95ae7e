import Testing

@testable import SplitView

/// Dragging a row from one pane onto a row of another, and the prompt that Return and Escape
/// answer. Triple column at 1400 × 800: the primary is 0…280, the supplementary from 281;
/// content starts at y = 38, rows are 30 high.
@Suite struct DragAndDropTests {
    final class Log { var drops: [(String, Int)] = [] }

    static func fixture() -> (Fixture, ListViewController, ListViewController, Log) {
        let f = Fixture(.tripleColumn, width: 1400)
        let folders = ListViewController(title: "Folders", items: (0..<5).map { ListItem(title: "Folder \($0)") })
        let files = ListViewController(title: "Files", items: (0..<5).map { ListItem(title: "File \($0)") })
        let log = Log()
        files.dragItemForRow = { DragItem(title: "File \($0)", tag: $0) }
        folders.canDropOnRow = { _, row in row != 2 }  // folder 2 refuses
        folders.onDropOnRow = { log.drops.append(($0.title, $1)) }
        f.split.setViewController(folders, for: .primary)
        f.split.setViewController(files, for: .supplementary)
        return (f, folders, files, log)
    }

    static func row(_ index: Int) -> Double { 38 + Double(index) * 30 + 15 }

    @Test func aRowDroppedOnAnAcceptingRowIsDelivered() {
        let (f, folders, _, log) = Self.fixture()
        f.send(.pointerDown(Point(x: 400, y: Self.row(1))))
        #expect(f.split.dragSession == nil)  // not past the slop yet
        f.send(.pointerMoved(Point(x: 300, y: Self.row(3))))
        #expect(f.split.dragSession?.item.title == "File 1")
        f.send(.pointerMoved(Point(x: 100, y: Self.row(3))))
        #expect(f.split.dragSession?.isOverTarget == true && folders.dropTargetRow == 3)
        f.send(.pointerUp(Point(x: 100, y: Self.row(3))))
        #expect(log.drops.count == 1 && log.drops[0] == ("File 1", 3))
        #expect(f.split.dragSession == nil && folders.dropTargetRow == nil)
    }

    @Test func aRefusingRowTakesNothingAndShowsNoTarget() {
        let (f, folders, _, log) = Self.fixture()
        f.send(.pointerDown(Point(x: 400, y: Self.row(0))), .pointerMoved(Point(x: 100, y: Self.row(2))))
        #expect(f.split.dragSession?.isOverTarget == false && folders.dropTargetRow == nil)
        f.send(.pointerUp(Point(x: 100, y: Self.row(2))))
        #expect(log.drops.isEmpty)
    }

    @Test func escapeDuringADragCancelsIt() {
        let (f, folders, _, log) = Self.fixture()
        f.send(.pointerDown(Point(x: 400, y: Self.row(0))), .pointerMoved(Point(x: 100, y: Self.row(3))))
        #expect(folders.dropTargetRow == 3)
        f.send(key(.escape))
        #expect(f.split.dragSession == nil && folders.dropTargetRow == nil)
        f.send(.pointerUp(Point(x: 100, y: Self.row(3))))
        #expect(log.drops.isEmpty)
    }

    @Test func leavingTheTargetPaneClearsItsHighlight() {
        let (f, folders, _, _) = Self.fixture()
        f.send(.pointerDown(Point(x: 400, y: Self.row(0))), .pointerMoved(Point(x: 100, y: Self.row(3))))
        f.send(.pointerMoved(Point(x: 900, y: Self.row(3))))  // the secondary takes nothing
        #expect(folders.dropTargetRow == nil && f.split.dragSession?.isOverTarget == false)
    }

    @Test func aPressWithoutMovementIsAClickNotADrag() {
        let (f, _, files, log) = Self.fixture()
        f.click(x: 400, y: Self.row(4))
        #expect(files.selectedIndex == 4 && log.drops.isEmpty && f.split.dragSession == nil)
    }

    /// A prompt's choices are buttons: a press and release on "Return: OK" or "Escape:
    /// Cancel" does what the key does (before, they could not be clicked). A release off the
    /// choice, or a press elsewhere in the band, answers nothing.
    @Test func aPromptsChoicesCanBeClicked() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        var answers: [String] = []
        func ask() {
            f.split.prompt = Prompt(message: "Move?", accept: { answers.append("yes") }, cancel: { answers.append("no") })
        }
        let pane = try #require(f.split.layout.frame(of: f.split.promptColumn ?? .secondary))
        let choices = PaneChrome.promptChoiceFrames(paneWidth: pane.width, measurer: f.split.textMeasurer)
        func centre(_ rect: Rect) -> Point { Point(x: pane.minX + rect.midX, y: pane.minY + rect.midY) }
        ask()
        f.send(.pointerDown(centre(choices.accept)), .pointerUp(Point(x: pane.minX + 5, y: centre(choices.accept).y)))
        #expect(answers.isEmpty && f.split.prompt != nil, "released off the choice")
        f.send(.pointerDown(Point(x: pane.minX + 20, y: centre(choices.accept).y)), .pointerUp(centre(choices.accept)))
        #expect(answers.isEmpty && f.split.prompt != nil, "pressed off the choice")
        f.send(.pointerDown(centre(choices.accept)), .pointerUp(centre(choices.accept)))
        #expect(answers == ["yes"] && f.split.prompt == nil)
        ask()
        f.send(.pointerDown(centre(choices.cancel)), .pointerUp(centre(choices.cancel)))
        #expect(answers == ["yes", "no"] && f.split.prompt == nil)
        // Drawn where they are hit: each label inside its frame.
        ask()
        let list = try #require(f.split.laidOutDisplayList(for: .secondary))
        for (label, frame) in [(BarMetrics.promptAccept, choices.accept), (BarMetrics.promptCancel, choices.cancel)] {
            let origin = try #require(
                list.ops.lazy.compactMap { op -> Point? in
                    if case .text(label, let origin, _, _) = op { origin } else { nil }
                }.first)
            #expect(frame.contains(origin), "\(label) at \(origin) in \(frame)")
        }
    }

    @Test func returnAcceptsAndEscapeCancelsAPromptAndOnlyThen() throws {
        let (f, _, files, _) = Self.fixture()
        var answers: [String] = []
        f.split.prompt = Prompt(message: "Move?", accept: { answers.append("yes") }, cancel: { answers.append("no") })
        #expect(f.split.laidOutDisplayList(for: .secondary)?.texts.contains("Move?") == true)
        #expect(f.split.laidOutDisplayList(for: .supplementary)?.texts.contains("Move?") == false)
        f.split.focusedColumn = .supplementary
        f.send(key(.down))  // other keys keep their meaning
        #expect(files.selectedIndex == 0)
        f.send(key(.return))
        #expect(answers == ["yes"] && f.split.prompt == nil)
        f.split.prompt = Prompt(message: "Again?", accept: { answers.append("yes") }, cancel: { answers.append("no") })
        f.send(key(.escape))
        #expect(answers == ["yes", "no"] && f.split.prompt == nil)
        f.send(key(.return))  // no prompt: Return is the list's again
        #expect(answers == ["yes", "no"])
    }
}
