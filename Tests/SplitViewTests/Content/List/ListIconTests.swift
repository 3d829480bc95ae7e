import Testing

@testable import SplitView

/// A row's icon: a picture or a drawn glyph in a 16-point square before the title, which
/// moves right to make room.
@Suite struct ListIconTests {
    private static func draw(_ item: ListItem, focused: Bool = false, selected: Bool = false) -> [DrawOp] {
        let list = ListViewController(title: "L", items: [item])
        if selected { list.selectedIndex = 0 }
        let context = DrawContext(
            bounds: Rect(x: 0, y: 0, width: 300, height: 200), theme: .light, measurer: FixedAdvanceMeasurer(), isFocused: focused
        )
        return list.draw(in: context)
    }

    private static func textX(_ ops: [DrawOp]) -> Double? {
        ops.lazy.compactMap { if case .text(_, let origin, _, _) = $0 { origin.x } else { nil } }.first
    }

    @Test func aPictureIsDrawnInASixteenPointSquareAndTheTitleMoves() throws {
        let pixels = ImagePixels(width: 16, height: 16, argb: Array(repeating: 0xFF00_00FF, count: 256))
        let plain = Self.draw(ListItem(title: "a.png"))
        let withIcon = Self.draw(ListItem(title: "a.png", icon: .image(pixels)))
        let frame = try #require(
            withIcon.lazy.compactMap { if case .image(let p, let r) = $0, p == pixels { r } else { nil } }.first)
        #expect(frame.size == Size(width: ListMetrics.iconSize, height: ListMetrics.iconSize))
        #expect(frame.minX == ListMetrics.textInset)
        #expect(frame.midY == ListMetrics.rowHeight / 2)
        #expect(Self.textX(withIcon) == (try #require(Self.textX(plain))) + ListMetrics.iconSize + ListMetrics.iconGap)
    }

    @Test func glyphsAreShapesInTheIconColourOrOnTheAccent() {
        for glyph in [ListIcon.folder, .document] {
            let plain = Self.draw(ListItem(title: "x", icon: glyph))
            let colours = plain.compactMap { if case .polygon(_, let c) = $0 { c } else { nil } }
            #expect(colours.count == 2 && colours.allSatisfy { $0.withAlpha(255) == Theme.light.icon.withAlpha(255) })
            let strong = Self.draw(ListItem(title: "x", icon: glyph), focused: true, selected: true)
            let onAccent = strong.compactMap { if case .polygon(_, let c) = $0 { c } else { nil } }
            #expect(onAccent.allSatisfy { $0.withAlpha(255) == Theme.light.onAccent.withAlpha(255) })
        }
    }

    @Test func glyphsStayInsideTheirSquare() {
        let frame = Rect(x: 10, y: 20, width: 16, height: 16)
        for glyph in [ListIcon.folder, .document] {
            for op in glyph.glyphOps(in: frame, color: Theme.dark.icon) {
                guard case .polygon(let points, _) = op else { continue }
                #expect(points.allSatisfy { frame.contains($0) || $0.x == frame.maxX || $0.y == frame.maxY })
            }
        }
    }
}
