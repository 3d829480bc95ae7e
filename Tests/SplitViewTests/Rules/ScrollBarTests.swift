import Testing

@testable import SplitView

/// `ScrollBar.swift`: where the track and the thumb are, what a press means, which offset a
/// dragged thumb stands for; and the pane's bar driven through the controller.
@Suite struct ScrollBarTests {
    static let visible = Rect(x: 0, y: 38, width: 300, height: 600)

    static func extent(_ content: Double, _ offset: Double = 0) -> ScrollExtent {
        ScrollExtent(contentHeight: content, offset: offset, visible: visible)
    }

    @Test(arguments: [600.0, 599, 0, .nan, .infinity])
    func noBarWhenTheContentFits(content: Double) {
        #expect(ScrollBar.thumb(Self.extent(content)) == nil)
        #expect(ScrollBar.track(Self.extent(content)) == nil)
        #expect(ScrollBar.ops(Self.extent(content), theme: .light).isEmpty)
    }

    @Test func theThumbIsTheShareShownAndNeverShorterThanItsMinimum() throws {
        let half = try #require(ScrollBar.thumb(Self.extent(1200)))
        #expect(half.height == (600 - 6) / 2)
        #expect(half.minY == 38 + 3)
        // Clear of a divider's grab area at the far edge, centred in the grab strip.
        #expect(half.maxX <= 300 - ScrollBar.edgeClearance)
        #expect(half.midX == 300 - ScrollBar.edgeClearance - ScrollBar.grabWidth / 2)
        let huge = try #require(ScrollBar.thumb(Self.extent(10_000_000)))
        #expect(huge.height == ScrollBar.minimumThumb)
        let end = try #require(ScrollBar.thumb(Self.extent(1200, 600)))
        #expect(end.maxY == 38 + 600 - 3)
        // An offset past the end (not yet clamped) keeps the thumb on the track.
        let past = try #require(ScrollBar.thumb(Self.extent(1200, 5000)))
        #expect(past == end)
    }

    @Test func aPressAboveTheThumbPagesUpBelowPagesDownOnItGrabs() throws {
        let extent = Self.extent(2400, 900)
        let thumb = try #require(ScrollBar.thumb(extent))
        #expect(ScrollBar.hit(Point(x: thumb.midX, y: thumb.minY - 1), extent) == .pageUp)
        #expect(ScrollBar.hit(Point(x: thumb.midX, y: thumb.maxY), extent) == .pageDown)
        #expect(ScrollBar.hit(Point(x: thumb.midX, y: thumb.minY + 10), extent) == .thumb(grab: 10))
        // The grab strip is wider than the thumb drawn; left of it is the content's, right of
        // it a divider's grab area.
        let strip = try #require(ScrollBar.track(extent))
        #expect(ScrollBar.hit(Point(x: strip.minX, y: thumb.minY + 10), extent) != nil)
        #expect(ScrollBar.hit(Point(x: strip.minX - 1, y: thumb.minY + 10), extent) == nil)
        #expect(ScrollBar.hit(Point(x: strip.maxX, y: thumb.minY + 10), extent) == nil)
        #expect(strip.maxX == 300 - LayoutMetrics.grabSlop)
    }

    @Test func aThumbDraggedToAPlaceStandsForTheOffsetThatDrawsItThere() throws {
        for offset in stride(from: 0.0, through: 1800, by: 150) {
            let extent = Self.extent(2400, offset)
            let thumb = try #require(ScrollBar.thumb(extent))
            #expect(abs(ScrollBar.offset(forThumbTop: thumb.minY, extent) - offset) < 1e-9)
        }
        #expect(ScrollBar.offset(forThumbTop: -500, Self.extent(2400)) == 0)
        #expect(ScrollBar.offset(forThumbTop: 5000, Self.extent(2400)) == 1800)
        #expect(ScrollBar.offset(forThumbTop: .nan, Self.extent(2400, 42)) == 42)
    }

    // MARK: Through the controller

    /// A list of 100 rows of 30 pt in the primary (content 38…800, 762 tall).
    static func list() -> (Fixture, ListViewController) {
        let f = Fixture(.tripleColumn, width: 1400)
        let list = ListViewController(title: "L", items: (0..<100).map { ListItem(title: "Row \($0)") })
        f.split.setViewController(list, for: .primary)
        f.split.layoutPanes()
        return (f, list)
    }

    @Test func aWheelNotchScrollsThreeRows() {
        let (f, list) = Self.list()
        f.send(.scroll(dx: 0, dy: Input.wheelNotch, at: Point(x: 100, y: 300)))
        #expect(list.scrollOffset == 3 * list.rowHeight)
        f.send(.scroll(dx: 0, dy: -Input.wheelNotch / 3, at: Point(x: 100, y: 300)))
        #expect(list.scrollOffset == 2 * list.rowHeight)
    }

    @Test func aClickInTheTrackPagesAndDraggingTheThumbScrollsWithIt() throws {
        let (f, list) = Self.list()
        let width = try #require(f.split.layout.frame(of: .primary)).width
        let extent = try #require(
            list.scrollExtent(in: LayoutComputation.contentBounds(ofPaneSized: Size(width: width, height: 800))))
        let thumb = try #require(ScrollBar.thumb(extent))
        let x = thumb.midX  // the primary starts at the window's left edge
        f.send(.pointerDown(Point(x: x, y: thumb.maxY + 20)), .pointerUp(Point(x: x, y: thumb.maxY + 20)))
        #expect(list.scrollOffset == 762 - list.rowHeight)  // a page: the height less a row
        #expect(list.selectedIndex == nil)  // the press was the bar's, not a row's
        f.split.layoutPanes()
        let moved = try #require(list.scrollExtent(in: extent.visible))
        let top = try #require(ScrollBar.thumb(moved)).minY
        f.send(.pointerDown(Point(x: x, y: top + 5)), .pointerMoved(Point(x: x, y: top + 105)))
        let expected = ScrollBar.offset(forThumbTop: top + 100, moved)
        #expect(abs(list.scrollOffset - expected) < 1e-9)
        f.send(.pointerMoved(Point(x: x, y: 5000)), .pointerUp(Point(x: x, y: 5000)))
        #expect(list.scrollOffset == 100 * list.rowHeight - 762)  // the end, not past it
        // Released: moving no longer scrolls.
        f.send(.pointerMoved(Point(x: x, y: 100)))
        #expect(list.scrollOffset == 100 * list.rowHeight - 762)
    }

    /// The reader's bar runs beside its text, below the notice band.
    @Test func theReadersBarIsBesideItsTextBelowTheNotice() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        let reader = TextViewController(title: "T", text: (0..<400).map { "line \($0)" }.joined(separator: "\n"))
        reader.notice = "Showing the first 2 MiB"
        f.split.setViewController(reader, for: .secondary)
        f.split.layoutPanes()
        let bounds = LayoutComputation.contentBounds(ofPaneSized: Size(width: 500, height: 800))
        let extent = try #require(reader.scrollExtent(in: bounds))
        #expect(extent.visible.minY > bounds.minY)
        #expect(extent.visible.maxY == bounds.maxY)
        #expect(try #require(ScrollBar.thumb(extent)).minY == extent.visible.minY + ScrollBar.inset)
    }
}
