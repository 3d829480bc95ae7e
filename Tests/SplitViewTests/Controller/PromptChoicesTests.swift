import Testing

@testable import SplitView

/// `Prompt.swift`: a prompt with more answers than Return's and Escape's — each choice a key
/// and a button in the band's second row, a check box drawn as one, all of them in the
/// accessible alert — and Escape pressing an operation's Cancel item.
@Suite struct PromptChoicesTests {
    final class Answers { var said: [String] = [] }

    /// A 1400-wide triple column with a conflict-like prompt over the secondary.
    static func fixture(checked: Bool = false) -> (Fixture, Answers) {
        let f = Fixture(.tripleColumn, width: 1400)
        let answers = Answers()
        var prompt = Prompt(
            message: "“a.txt” already exists. Replace it?", accept: { answers.said.append("replace") },
            cancel: { answers.said.append("cancel") })
        prompt.acceptTitle = "Replace"
        prompt.choices = [
            Prompt.Choice(title: "Keep Both", key: KeyChord(.character("k"))) { answers.said.append("keep") },
            Prompt.Choice(title: "Apply to All", key: KeyChord(.character("a")), isChecked: checked) {
                answers.said.append("all")
            },
        ]
        f.split.prompt = prompt
        return (f, answers)
    }

    @Test func aChoicesKeyAnswersWithItAndOtherLettersKeepTheirMeaning() {
        let (f, answers) = Self.fixture()
        f.send(key(.character("z")))
        #expect(answers.said.isEmpty && f.split.prompt != nil)
        f.send(key(.character("k")))
        #expect(answers.said == ["keep"] && f.split.prompt == nil)
        let (g, more) = Self.fixture()
        g.send(key(.return))
        #expect(more.said == ["replace"])
    }

    /// A prompt with choices has its buttons on a second row: each label drawn inside the
    /// frame a click answers with, the check box's box before its label, checked or not.
    @Test func theButtonsAreDrawnWhereTheyAreClicked() throws {
        for checked in [false, true] {
            let (f, answers) = Self.fixture(checked: checked)
            let pane = try #require(f.split.layout.frame(of: f.split.promptColumn ?? .secondary))
            let chrome = PromptChrome(try #require(f.split.prompt))
            #expect(chrome.buttons.map(\.label) == ["K: Keep Both", "A: Apply to All", "Return: Replace", "Escape: Cancel"])
            let frames = PaneChrome.promptChoiceFrames(for: chrome, paneWidth: pane.width, measurer: f.split.textMeasurer)
            #expect(frames.allSatisfy { $0.minY > LayoutMetrics.navigationBarHeight + BarMetrics.promptChoiceHeight })
            #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.maxX < $1.minX })
            let list = try #require(f.split.laidOutDisplayList(for: f.split.promptColumn ?? .secondary))
            for (button, frame) in zip(chrome.buttons, frames) {
                let origin = try #require(
                    list.ops.lazy.compactMap { op -> Point? in
                        if case .text(button.label, let origin, _, _) = op { origin } else { nil }
                    }.first)
                #expect(frame.contains(origin), "\(button.label)")
            }
            let box = frames[1]
            let filled = list.ops.contains { op in
                if case .fill(let rect, _) = op {
                    box.contains(rect.origin) && rect.width < BarMetrics.promptCheckBoxSize
                } else {
                    false
                }
            }
            #expect(filled == checked, "the box is filled exactly when checked")
            let centre = Point(x: pane.minX + frames[1].midX, y: pane.minY + frames[1].midY)
            f.send(.pointerDown(centre), .pointerUp(centre))
            #expect(answers.said == ["all"])
        }
    }

    @Test func theAlertNamesEveryAnswerAndAnswersThem() throws {
        let (f, answers) = Self.fixture(checked: true)
        let tree = f.split.accessibleTree(title: "w")
        let column = try #require(f.split.promptColumn)
        let alert = try #require(tree.node(AccessibleNode.ID("column.\(column.name).alert")))
        #expect(alert.children.map(\.name) == ["Keep Both", "Apply to All", "Replace", "Cancel"])
        #expect(alert.children[1].states.contains(.checked) && !alert.children[0].states.contains(.checkable))
        #expect(alert.children.map(\.keyBinding) == ["K", "A", "Return", "Escape"])
        #expect(f.split.performAccessibleAction(alert.children[0].id))
        #expect(answers.said == ["keep"] && f.split.prompt == nil)
    }

    /// Escape presses a showing bar item whose key equivalent is Escape (a copy's Cancel)
    /// once nothing else takes it; a prompt showing takes it first.
    @Test func escapePressesTheCancelItemOfAnOperation() {
        let f = Fixture(.tripleColumn, width: 1400)
        var pressed = 0
        let cancel = BarButtonItem(systemItem: .close, title: "Cancel", action: .handler { pressed += 1 })
        cancel.keyEquivalent = KeyChord(.escape)
        f.split.viewController(for: .supplementary)?.navigationItem.rightBarButtonItems = [cancel]
        f.send(key(.escape))
        #expect(pressed == 1)
        var cancelled = false
        f.split.prompt = Prompt(message: "?", accept: {}, cancel: { cancelled = true })
        f.send(key(.escape))
        #expect(cancelled && pressed == 1)
    }

    @Test func aReceivedSelectionGoesToTheReceiver() {
        let f = Fixture(.tripleColumn, width: 1400)
        var received: [SelectionOffer?] = []
        f.split.selectionReceiver = { selection, offer in if selection == .clipboard { received.append(offer) } }
        let offer = SelectionOffer(target: "text/uri-list", bytes: Array("file:///a\r\n".utf8))
        f.send(.selectionReceived(.clipboard, offer), .selectionReceived(.clipboard, nil))
        #expect(received == [offer, nil])
    }
}
