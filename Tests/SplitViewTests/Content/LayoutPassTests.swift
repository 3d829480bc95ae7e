import Testing

@testable import SplitView

/// Drawing is a read: `draw(in:)` changes nothing, and what it draws was prepared by the
/// layout pass (`layoutIfNeeded(in:)`), which the split view controller runs right before
/// drawing a pane and never on a resize alone.
@Suite struct LayoutPassTests {
    static func context(width: Double = 300, height: Double = 200) -> DrawContext {
        DrawContext(
            bounds: Rect(x: 0, y: 38, width: width, height: height), theme: .light,
            measurer: FixedAdvanceMeasurer(), isFocused: false)
    }

    static let longText = (0..<400).map { "Line \($0) with a few words that wrap at a narrow width" }.joined(separator: "\n")

    @Test func drawingAListChangesNothingEvenOutOfRange() {
        let list = ListViewController(title: "L", items: (0..<20).map { ListItem(title: "Row \($0)") })
        list.scrollOffset = 10_000
        let revision = list.revision
        let first = list.draw(in: Self.context())
        #expect(list.draw(in: Self.context()) == first)
        #expect(list.scrollOffset == 10_000 && list.revision == revision)
        #expect(first.contains { if case .text("Row 19", _, _, _) = $0 { true } else { false } }, "drawn as clamped")
        list.layoutIfNeeded(in: Self.context())
        #expect(list.scrollOffset == 20 * 30 - 200)
        #expect(list.draw(in: Self.context()) == first, "the layout pass stores what drawing assumed")
    }

    @Test func drawingTextChangesNothingAndLayoutWraps() {
        let text = TextViewController(title: "T", text: Self.longText)
        text.scrollOffset = .infinity
        let revision = text.revision
        #expect(text.draw(in: Self.context()).isEmpty, "nothing wrapped before the first layout")
        #expect(text.revision == revision && text.scrollOffset == .infinity)
        #expect(text.lines(forWidth: 268, measurer: FixedAdvanceMeasurer()).count > 400)
        text.layoutIfNeeded(in: Self.context())
        #expect(text.scrollOffset.isFinite && text.scrollOffset > 0, "the end, found by wrapping to it")
        let drawn = text.draw(in: Self.context())
        #expect(text.draw(in: Self.context()) == drawn)
        #expect(drawn.contains { if case .text(let line, _, _, _) = $0 { line.hasPrefix("Line 399") } else { false } })
    }

    @Test func aNarrowerPaneRewrapsAtTheNextLayout() {
        let text = TextViewController(title: "T", text: Self.longText)
        func firstLine(_ ops: [DrawOp]) -> String? {
            for case .text(let line, _, _, _) in ops { return line }
            return nil
        }
        text.layoutIfNeeded(in: Self.context(width: 900))
        #expect(firstLine(text.draw(in: Self.context(width: 900))) == "Line 0 with a few words that wrap at a narrow width")
        #expect(
            firstLine(text.draw(in: Self.context(width: 150))) == "Line 0 with a few words that wrap at a narrow width",
            "drawing at another width reads the last layout")
        text.layoutIfNeeded(in: Self.context(width: 150))
        let narrow = text.draw(in: Self.context(width: 150))
        #expect(firstLine(narrow) == "Line 0 with a")
        let advance = FixedAdvanceMeasurer()
        for case .text(let line, let origin, _, _) in narrow {
            #expect(origin.x + advance.width(of: line, font: .body) <= 150 - TextMetrics.padding + 0.001)
        }
    }

    @Test func theNavigationControllerLaysOutItsTop() {
        let list = ListViewController(title: "L", items: (0..<5).map { ListItem(title: "Row \($0)") })
        let navigation = NavigationController(rootViewController: list)
        list.scrollOffset = -50
        navigation.layoutIfNeeded(in: Self.context())
        #expect(list.scrollOffset == 0)
    }

    /// The controller lays a pane out when it draws it, not when the window resizes: a
    /// restored offset stays as set until the pane is drawn.
    @Test func theSplitViewLaysOutOnlyWhenItDraws() {
        let f = Fixture(.tripleColumn, width: 1400)
        let text = TextViewController(title: "T", text: Self.longText)
        f.split.setViewController(text, for: .secondary)
        text.scrollOffset = 1e9
        f.send(.resize(Size(width: 1300, height: 800)))
        #expect(text.scrollOffset == 1e9)
        _ = f.split.displayList(for: .secondary)
        #expect(text.scrollOffset < 1e9 && text.scrollOffset > 0)
    }
}
