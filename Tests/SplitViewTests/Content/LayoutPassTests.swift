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

    /// Laid out once, then scrolled out of range behind the layout's back: drawing twice
    /// draws the same and stores nothing; the next layout clamps.
    @Test func drawingLaidOutTextOutOfRangeChangesNothing() {
        let text = TextViewController(title: "T", text: Self.longText)
        text.notice = "First 4 MiB shown"
        text.layoutIfNeeded(in: Self.context())
        text.scrollOffset = -300
        let revision = text.revision
        let first = text.draw(in: Self.context())
        #expect(text.draw(in: Self.context()) == first)
        #expect(text.scrollOffset == -300 && text.revision == revision)
        #expect(
            first.contains { if case .text("Line 0 with a few words that wrap", _, _, _) = $0 { true } else { false } },
            "drawn as clamped")
        text.layoutIfNeeded(in: Self.context())
        #expect(text.scrollOffset == 0)
        #expect(text.draw(in: Self.context()) == first)
    }

    /// Details and navigation controllers draw without changing anything either.
    @Test func drawingDetailsAndAStackChangesNothing() {
        let details = DetailsViewController(title: "D", entries: [("Name", "notes.txt"), ("Size", "1 KB")])
        let list = ListViewController(title: "L", items: (0..<50).map { ListItem(title: "Row \($0)") })
        let navigation = NavigationController(rootViewController: details)
        navigation.pushViewController(list, animated: false)
        list.scrollOffset = 5_000
        let revisions = (details.revision, list.revision, navigation.revision)
        let drawn = navigation.draw(in: Self.context())
        #expect(!drawn.isEmpty && navigation.draw(in: Self.context()) == drawn)
        #expect(details.draw(in: Self.context()) == details.draw(in: Self.context()))
        #expect(list.scrollOffset == 5_000)
        #expect((details.revision, list.revision, navigation.revision) == revisions)
    }

    /// A second layout with nothing changed wraps nothing: it measures one space (to know the
    /// measurer is the same) and no text.
    @Test func aLayoutWithNothingChangedWrapsNothing() {
        let measurer = CountingMeasurer()
        let context = DrawContext(
            bounds: Rect(x: 0, y: 38, width: 300, height: 200), theme: .light, measurer: measurer, isFocused: false)
        let text = TextViewController(title: "T", text: Self.longText)
        text.layoutIfNeeded(in: context)
        #expect(measurer.widths.count > 20)
        let revision = text.revision
        measurer.widths = []
        text.layoutIfNeeded(in: context)
        #expect(measurer.widths == [" "])
        #expect(text.revision == revision)
    }

    /// Another measurer at the same width (a larger font) wraps again at the next layout.
    @Test func anotherMeasurerRewrapsAtTheNextLayout() {
        let text = TextViewController(title: "T", text: Self.longText)
        func firstLine(_ ops: [DrawOp]) -> String? {
            for case .text(let line, _, _, _) in ops { return line }
            return nil
        }
        var context = Self.context(width: 400)
        text.layoutIfNeeded(in: context)
        #expect(firstLine(text.draw(in: context)) == "Line 0 with a few words that wrap at a narrow")
        context.measurer = FixedAdvanceMeasurer(advance: 1.2)
        text.layoutIfNeeded(in: context)
        #expect(firstLine(text.draw(in: context)) == "Line 0 with a few words")
    }

    @Test func theNavigationControllerLaysOutItsTop() {
        let list = ListViewController(title: "L", items: (0..<5).map { ListItem(title: "Row \($0)") })
        let navigation = NavigationController(rootViewController: list)
        list.scrollOffset = -50
        navigation.layoutIfNeeded(in: Self.context())
        #expect(list.scrollOffset == 0)
    }

    /// The controller lays a pane out in the pass before drawing (``SplitViewController/layoutPanes()``),
    /// not when the window resizes, and not while drawing: a restored offset stays as set
    /// until that pass.
    @Test func theSplitViewLaysOutOnlyInThePassBeforeDrawing() {
        let f = Fixture(.tripleColumn, width: 1400)
        let text = TextViewController(title: "T", text: Self.longText)
        f.split.setViewController(text, for: .secondary)
        text.scrollOffset = 1e9
        f.send(.resize(Size(width: 1300, height: 800)))
        #expect(text.scrollOffset == 1e9)
        _ = f.split.displayList(for: .secondary)
        #expect(text.scrollOffset == 1e9)
        f.split.layoutPanes()
        #expect(text.scrollOffset < 1e9 && text.scrollOffset > 0)
    }
}

/// A fixed-advance measurer that records every string it measures.
private final class CountingMeasurer: TextMeasurer {
    private let base = FixedAdvanceMeasurer()
    var widths: [String] = []

    func width(of text: String, font: FontRole) -> Double {
        widths.append(text)
        return base.width(of: text, font: font)
    }

    func metrics(of font: FontRole) -> FontMetrics { base.metrics(of: font) }
}
