import PropertyBased
import Testing

@testable import SplitView

/// A pane's chrome as a value: built from the layout in the pane's coordinates, drawn by a
/// pure function of it, and the same value the pane's key compares.
@Suite struct PaneChromeTests {
    static let measurer = FixedAdvanceMeasurer()

    static func chrome(
        _ layout: Layout, _ column: SplitViewController.Column, title: String = "T",
        edge: SplitViewController.PrimaryEdge = .leading, prompt: String? = nil
    ) throws -> PaneChrome {
        let placement = try #require(layout.placement(of: column))
        return PaneChrome(
            of: placement, in: layout, title: title, primaryEdge: edge, prompt: prompt.map { PromptChrome(message: $0) },
            showsFocusRing: true, isFocused: false)
    }

    @Test func equalChromesDrawTheSameAndDrawingChangesNothing() throws {
        let layout = RuleTables.layout(.tripleColumn, .twoOverSecondary, width: 1400)
        let chrome = try Self.chrome(layout, .secondary)
        let copy = chrome
        let first = chrome.displayList(content: [], theme: .light, measurer: Self.measurer)
        #expect(first == copy.displayList(content: [], theme: .light, measurer: Self.measurer))
        #expect(chrome == copy)
        #expect(first != chrome.displayList(content: [], theme: .dark, measurer: Self.measurer))
    }

    /// The content lies between the background and the bar: the bar is drawn over it.
    @Test func theContentIsDrawnBetweenBackgroundAndChrome() throws {
        let chrome = try Self.chrome(RuleTables.layout(.doubleColumn, .secondaryOnly, width: 800), .secondary)
        let marker = DrawOp.fill(Rect(x: 1, y: 1, width: 1, height: 1), Color(red: 1, green: 2, blue: 3))
        let ops = chrome.displayList(content: [marker], theme: .light, measurer: Self.measurer).ops
        #expect(ops.firstIndex(of: marker) == 1)
        #expect(ops.count > 3)
    }

    /// A dimmed secondary under two overlays gets one shadow from the edge of the column
    /// nearest it, falling away from the overlays; the overlays get a hairline, not a shadow.
    @Test func aDimmedPaneGetsTheOverlaysShadowsAndTheOverlaysTheirEdge() throws {
        let layout = RuleTables.layout(.tripleColumn, .twoOverSecondary, width: 1400)
        let secondary = try Self.chrome(layout, .secondary)
        #expect(secondary.isDimmed)
        #expect(secondary.shadows == [.init(direction: .right, position: 280), .init(direction: .right, position: 601)])
        let supplementary = try Self.chrome(layout, .supplementary)
        #expect(supplementary.shadows.isEmpty && !supplementary.isDimmed)
        #expect(supplementary.overlayEdge == Rect(x: 319, y: 0, width: 1, height: 800))
    }

    /// Collapsed with the inspector: the sheet has a hairline on its top, and the pane under
    /// it a shadow rising from the sheet's top.
    @Test func theSheetAndThePaneUnderIt() throws {
        let layout = RuleTables.layout(.doubleColumn, .secondaryOnly, width: 500, inspector: true, collapsed: true)
        let sheet = try Self.chrome(layout, .inspector)
        #expect(sheet.overlayEdge == Rect(x: 0, y: 0, width: 500, height: 1))
        let under = try Self.chrome(layout, .secondary)
        #expect(under.shadows == [.init(direction: .up, position: LayoutMetrics.sheetTopMargin)])
    }

    /// A focused divider highlights the side of each pane it borders, in pane coordinates.
    @Test func aFocusedDividerBandsBothPanesItBorders() throws {
        var layout = RuleTables.layout(.tripleColumn, .twoBesideSecondary, width: 1400)
        let index = try #require(layout.dividers.firstIndex { $0.column == .primary })
        layout.dividers[index].isFocused = true
        let primary = try Self.chrome(layout, .primary), supplementary = try Self.chrome(layout, .supplementary)
        let band = ChromeMetrics.dividerBand
        #expect(primary.dividerBands == [.init(rect: Rect(x: 280 - band, y: 0, width: band, height: 800), isActive: false)])
        #expect(supplementary.dividerBands == [.init(rect: Rect(x: 0, y: 0, width: band, height: 800), isActive: false)])
        #expect(try Self.chrome(layout, .secondary).dividerBands.isEmpty)
    }

    /// The bar's buttons move into the pane's coordinates.
    @Test func buttonsAreInPaneCoordinates() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        let placement = try #require(f.split.layout.placement(of: .supplementary))
        let chrome = try Self.chrome(f.split.layout, .supplementary)
        for (local, global) in zip(chrome.buttons, f.split.layout.buttons(in: .supplementary)) {
            #expect(local.frame == global.frame.offsetBy(dx: -placement.frame.minX, dy: 0))
        }
    }

    /// A prompt is part of the chrome of the pane that shows it, and only of that pane.
    @Test func aPromptChangesOnlyItsPanesKey() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        let before = f.split.layout.columns.map { f.split.paneKey(for: $0.column) }
        f.split.prompt = Prompt(message: "Move?", accept: {})
        let after = f.split.layout.columns.map { f.split.paneKey(for: $0.column) }
        for (index, placement) in f.split.layout.columns.enumerated() {
            #expect((before[index] != after[index]) == (placement.column == .secondary), "\(placement.column)")
        }
        let list = try #require(f.split.laidOutDisplayList(for: .secondary))
        #expect(list.ops.contains { if case .text("Move?", _, _, _) = $0 { true } else { false } })
    }

    /// The display list is the key's own chrome drawn around the content.
    @Test func theKeysChromeIsWhatIsDrawn() throws {
        let f = Fixture(.doubleColumn, width: 1000)
        let key = try #require(f.split.paneKey(for: .secondary))
        let drawn = key.chrome.displayList(content: [], theme: f.split.theme, measurer: f.split.textMeasurer)
        #expect(f.split.laidOutDisplayList(for: .secondary) == drawn, "the secondary draws nothing of its own")
    }

    /// The text field's shown characters, found by halving, are the ones the old scan found
    /// one character at a time (the head dropped until the caret fits, then the tail), for
    /// any text, caret and room, with characters of different widths.
    @Test func aFieldShowsWhatTheOneByOneScanShowed() async {
        struct Widths: TextMeasurer {
            func width(of text: String, font: FontRole) -> Double {
                text.reduce(0) { $0 + ($1 == "W" ? 12 : $1 == "i" ? 3 : 7) }
            }
            func metrics(of font: FontRole) -> FontMetrics { FixedAdvanceMeasurer().metrics(of: font) }
        }
        let measurer = Widths()
        let text = Gen.int(in: 0...2).array(of: 0...60).map { $0.map { Array("Wia")[$0] } }
        await propertyCheck(count: 500, input: text, Gen.int(in: 0...60), Gen.double(in: 0...300)) { characters, caret, room in
            let caret = min(caret, characters.count)
            var first = 0
            while first < caret && measurer.width(of: String(characters[first..<caret]), font: .body) > room { first += 1 }
            var visible = String(characters[first...])
            while !visible.isEmpty && measurer.width(of: visible, font: .body) > room { visible.removeLast() }
            let shown = PaneChrome.shownRange(of: characters, caret: caret, room: room, measurer)
            #expect(shown.first == first && shown.end == first + visible.count)
        }
    }
}
