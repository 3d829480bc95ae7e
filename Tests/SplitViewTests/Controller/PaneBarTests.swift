import Testing

@testable import SplitView

/// A view controller that remembers the bounds it was last drawn in.
private final class BoundsRecorder: ViewController {
    var drawnBounds: Rect?

    override func draw(in context: DrawContext) -> [DrawOp] {
        drawnBounds = context.bounds
        return []
    }
}

/// Each pane of a split has a bar of its own: its title, the mark of the keys, its close
/// button, its menu, a click that focuses and a double click that zooms; and the pane dragged
/// by it onto another pane's halves or centre, with its drop target, Escape and the releases
/// that do nothing.
@Suite struct PaneBarTests {
    /// A triple column at 1400 × 900 whose file column (`D`) is split side by side with `a`,
    /// which has the keys; the supplementary (`S`) is a column's own content.
    static func fixture() -> (Fixture, ViewController) {
        let f = PaneTreeTests.fixture()
        let a = ViewController(title: "a")
        f.split.splitPane(f.secondary, along: .horizontal, with: a)
        f.split.layoutPanes()
        return (f, a)
    }

    static func frame(_ f: Fixture, _ pane: ViewController) -> Rect? {
        f.split.visiblePanes.first { $0.pane === pane }?.frame
    }

    /// Presses `pane`'s bar in its middle, then moves to `point` (window coordinates).
    static func drag(_ f: Fixture, _ pane: ViewController, to point: Point) throws {
        let bar = try #require(f.split.paneBarFrame(of: pane))
        f.split.handle(.pointerDown(Point(x: bar.midX - 20, y: bar.midY)))
        f.split.handle(.pointerMoved(point))
    }

    // MARK: - The bar

    @Test func eachLeafHasABarWithItsTitleAndItsContentLiesBelowIt() throws {
        let f = PaneTreeTests.fixture()
        let content = BoundsRecorder(title: "drawn")
        f.split.splitPane(f.secondary, along: .vertical, with: content)
        f.split.layoutPanes()
        let column = try #require(f.split.layout.placement(of: .secondary)?.frame)
        let leaves = f.split.leaves(in: .secondary)
        #expect(leaves.count == 2)
        for (leaf, frame) in leaves {
            let vc = try #require(f.split.viewController(of: leaf))
            let bar = try #require(f.split.paneBarFrame(of: vc))
            #expect(bar == Rect(x: column.minX + frame.minX, y: column.minY + frame.minY, width: frame.width, height: 22))
            let list = try #require(f.split.displayList(forLeaf: leaf))
            #expect(list.texts.contains(vc.title), "the bar shows \(vc.title)")
        }
        let leaf = try #require(leaves.last)
        _ = f.split.displayList(forLeaf: leaf.leaf)
        let drawn = try #require(content.drawnBounds)
        #expect(drawn.minY == leaf.frame.minY + LayoutMetrics.paneBarHeight, "the content starts under the bar")
        #expect(drawn.height == leaf.frame.height - LayoutMetrics.paneBarHeight)
        #expect(LayoutMetrics.paneBarHeight == 22)
        #expect(f.split.paneBarFrame(of: f.supplementary) == nil, "a column's own content has the column's bar")
    }

    @Test func aHostedProgramGoesBelowItsBarAndTheBarShowsItsOwnTitle() throws {
        let f = PaneTreeTests.fixture()
        let terminal = ForeignContentViewController(command: try ProgramCommand(parsing: "xterm -into {}"))
        f.split.splitPane(f.secondary, along: .vertical, with: terminal)
        f.split.handle(.foreignContent(terminal.id, .title("vim notes.txt")))
        f.split.layoutPanes()
        let placed = try #require(f.split.placement(of: terminal))
        let leaf = try #require(f.split.leaves(in: .secondary).last)
        #expect(placed.leaf == leaf.leaf)
        let ring = ChromeMetrics.focusRingWidth
        #expect(placed.frame.minY == leaf.frame.minY + LayoutMetrics.paneBarHeight + ring)
        #expect(placed.frame.maxY == leaf.frame.maxY - ring)
        #expect(placed.frame.width == leaf.frame.width - 2 * ring)
        #expect(f.split.displayList(forLeaf: leaf.leaf)?.texts.contains("vim notes.txt") == true)
    }

    /// The newcomer's defect: a focused program pane showed no ring, its window covering the
    /// ring. The program sits inside the ring's margin, so the ring drawn around the focused
    /// leaf's content lies wholly outside the program's window.
    @Test func theFocusRingOfAProgramsPaneShowsAroundItsWindow() throws {
        let f = PaneTreeTests.fixture()
        let terminal = ForeignContentViewController(command: try ProgramCommand(parsing: "xterm -into {}"))
        f.split.splitPane(f.secondary, along: .vertical, with: terminal)
        f.split.layoutPanes()
        let placed = try #require(f.split.placement(of: terminal))
        let leaf = try #require(f.split.leaves(in: .secondary).last)
        #expect(f.split.viewController(of: leaf.leaf) === terminal)
        f.split.focusPane(terminal)
        #expect(f.split.paneKey(forLeaf: leaf.leaf)?.isFocused == true)
        let list = try #require(f.split.displayList(forLeaf: leaf.leaf))
        let rings = list.ops.compactMap { op -> Rect? in
            if case .strokeRect(let rect, _, let width) = op { rect.insetBy(dx: width, dy: width) } else { nil }
        }
        let ring = try #require(rings.first)
        let program = placed.frame.offsetBy(dx: -leaf.frame.minX, dy: -leaf.frame.minY)
        #expect(ring == program, "the ring's inner edge is the program's window's edge")
    }

    @Test func theBarOfThePaneWithTheKeysIsMarked() throws {
        let (f, a) = Self.fixture()
        let leaves = f.split.leaves(in: .secondary)
        let marked = leaves.map { f.split.paneKey(forLeaf: $0.leaf)?.bar.isMarked }
        #expect(marked == [false, true])
        let list = try #require(f.split.displayList(forLeaf: leaves[1].leaf))
        let mark = Rect(x: 0, y: LayoutMetrics.paneBarHeight - 2, width: leaves[1].frame.width, height: 2)
        #expect(list.ops.contains(.fill(mark, f.split.theme.accent)))
        #expect(f.split.focusedPane === a)
    }

    @Test func aColumnsLastPaneHasNoCloseButton() throws {
        let f = PaneTreeTests.fixture()
        let only = ViewController(title: "only")
        f.split.setViewController(
            StackSplitViewController(axis: .vertical, items: [SplitItem(viewController: only)]), for: .secondary)
        f.split.layoutPanes()
        #expect(f.split.paneBarFrame(of: only) != nil)
        #expect(f.split.paneCloseButtonFrame(of: only) == nil)
        let leaf = try #require(f.split.leaves(in: .secondary).first)
        #expect(f.split.paneKey(forLeaf: leaf.leaf)?.bar.hasCloseButton == false)

        let (g, a) = Self.fixture()
        let bar = try #require(g.split.paneBarFrame(of: a))
        #expect(g.split.paneCloseButtonFrame(of: a) == Rect(x: bar.maxX - 22, y: bar.minY, width: 22, height: 22))
    }

    @Test func aClickOnTheCloseButtonClosesThePaneAndAPressLetGoElsewhereDoesNot() throws {
        let (f, a) = Self.fixture()
        let close = try #require(f.split.paneCloseButtonFrame(of: a))
        let centre = Point(x: close.midX, y: close.midY)
        f.split.handle(.pointerDown(centre))
        #expect(f.split.paneKey(forLeaf: f.split.leaves(in: .secondary)[1].leaf)?.bar.isClosePressed == true)
        f.split.handle(.pointerUp(Point(x: close.minX - 30, y: close.midY)))
        #expect(PaneTreeTests.content(f, .secondary) == "h[D, a]", "let go outside the button")
        f.split.handle(.pointerDown(centre))
        f.split.handle(.pointerUp(centre))
        #expect(PaneTreeTests.content(f, .secondary) == "D")
        #expect(f.split.focusedPane === f.secondary)
    }

    @Test func aClickOnTheBarGivesItsPaneTheKeysAndItsContentHearsNothing() throws {
        let (f, a) = Self.fixture()
        let bar = try #require(f.split.paneBarFrame(of: f.secondary))
        f.split.handle(.pointerDown(Point(x: bar.midX, y: bar.midY)))
        #expect(f.split.focusedPane === f.secondary)
        f.split.handle(.pointerUp(Point(x: bar.midX, y: bar.midY)))
        #expect(PaneTreeTests.content(f, .secondary) == "h[D, a]", "a click moves nothing")
        let other = try #require(f.split.paneBarFrame(of: a))
        f.split.handle(.pointerDown(Point(x: other.minX + 10, y: other.midY)))
        f.split.handle(.pointerUp(Point(x: other.minX + 10, y: other.midY)))
        #expect(f.split.focusedPane === a)
    }

    @Test func aDoubleClickOnTheBarZoomsThePaneAndAnotherUnzooms() throws {
        let (f, a) = Self.fixture()
        let bar = try #require(f.split.paneBarFrame(of: a))
        let point = Point(x: bar.minX + 30, y: bar.midY)
        f.split.handle(.pointerDown(point))
        f.split.handle(.pointerUp(point))
        f.split.handle(.pointerDown(point))
        f.split.handle(.doubleClick(point))
        f.split.handle(.pointerUp(point))
        #expect(f.split.zoomedPane === a)
        let zoomedBar = try #require(f.split.paneBarFrame(of: a))
        #expect(zoomedBar.minY == LayoutMetrics.navigationBarHeight && zoomedBar.minX == 0, "the zoomed pane keeps its bar")
        let again = Point(x: zoomedBar.minX + 30, y: zoomedBar.midY)
        f.split.handle(.pointerDown(again))
        f.split.handle(.doubleClick(again))
        f.split.handle(.pointerUp(again))
        #expect(f.split.zoomedPane == nil)
    }

    /// Found by the random sequences: a double click on the bar of a pane still collapsing
    /// zoomed it once it was collapsed, the keys elsewhere.
    @Test func aDoubleClickOnACollapsingPanesBarZoomsNothing() throws {
        let f = PaneTreeTests.fixture(animated: true)
        let a = ViewController(title: "a")
        f.split.splitPane(f.secondary, along: .vertical, with: a)
        f.split.handle(.tick(now: 10))
        let stack = try #require(f.split.stackSplitViewController(in: .secondary))
        stack.splitItems[1].canCollapse = true
        stack.splitItems[1].isCollapsed = true
        f.split.handle(.tick(now: 10.05))
        let bar = try #require(f.split.paneBarFrame(of: a), "still collapsing: its bar shows")
        f.split.handle(.doubleClick(Point(x: bar.minX + 30, y: bar.midY)))
        #expect(f.split.zoomedPane == nil)
        #expect(f.split.focusedPane === f.secondary)
    }

    /// A screen reader finds each closable pane's close button in its panel, with its key,
    /// and "click" closes that pane.
    @Test func theCloseButtonIsAnAccessibleButtonThatClosesItsPane() throws {
        let (f, a) = Self.fixture()
        let tree = f.split.accessibleTree(title: "w")
        let close = try #require(tree.node(.init("column.secondary.content.item.1.close")))
        #expect(close.role == .pushButton && close.name == "Close Pane" && close.keyBinding == "Ctrl+Shift+W")
        #expect(close.frame == f.split.paneCloseButtonFrame(of: a))
        #expect(tree.node(.init("column.secondary.content.item.0.close")) != nil)
        #expect(f.split.performAccessibleAction(.init("column.secondary.content.item.1.close"), named: "click"))
        #expect(PaneTreeTests.content(f, .secondary) == "D")
        let alone = f.split.accessibleTree(title: "w")
        #expect(alone.node(.init("column.secondary.content.item.0.close")) == nil, "no stack, no pane bar")
    }

    // MARK: - The menu

    @Test func aRightClickOnTheBarOpensThePanesMenuWithTheAppsItems() throws {
        let (f, a) = Self.fixture()
        f.split.paneMenuItems = { pane in
            [MenuItem(title: "Split Right With \(pane.title)…", shortcut: "", command: .action(TestAction("splitWith")))]
        }
        let bar = try #require(f.split.paneBarFrame(of: f.secondary))
        f.split.handle(.contextMenu(Point(x: bar.midX, y: bar.midY)))
        #expect(f.split.focusedPane === f.secondary, "the menu's pane has the keys")
        let menu = try #require(f.split.menu)
        #expect(
            menu.items.map(\.title) == [
                "Split Right", "Split Down", "Zoom", "Equalize Panes", "Close Pane", "Split Right With D…",
            ])
        #expect(menu.items.map(\.startsGroup) == [false, false, true, false, true, true])
        #expect(menu.items[0].shortcut == "Ctrl+Shift+E", "the live key beside it")
        #expect(menu.items.allSatisfy { $0.isEnabled })
        f.split.handle(key(.down))
        f.split.handle(key(.down))
        f.split.handle(key(.down))
        f.split.handle(key(.return))
        #expect(f.split.zoomedPane === f.secondary, "Zoom zooms the menu's pane")
        let zoomedBar = try #require(f.split.paneBarFrame(of: f.secondary))
        f.split.handle(.contextMenu(Point(x: zoomedBar.midX, y: zoomedBar.midY)))
        #expect(f.split.menu?.items[2].title == "Unzoom")
        f.split.handle(key(.escape))
        #expect(f.split.menu == nil)
        _ = a
    }

    @Test func theMenuOfAColumnsLastPaneCannotCloseIt() throws {
        let f = PaneTreeTests.fixture()
        let only = ViewController(title: "only")
        f.split.setViewController(
            StackSplitViewController(axis: .vertical, items: [SplitItem(viewController: only)]), for: .secondary)
        let bar = try #require(f.split.paneBarFrame(of: only))
        f.split.handle(.contextMenu(Point(x: bar.midX, y: bar.midY)))
        #expect(f.split.menu?.items.first { $0.title == "Close Pane" }?.isEnabled == false)
    }

    // MARK: - Dragging a pane

    @Test func aDragBeginsPastTheThreshold() throws {
        let (f, a) = Self.fixture()
        let bar = try #require(f.split.paneBarFrame(of: a))
        let start = Point(x: bar.midX - 20, y: bar.midY)
        f.split.handle(.pointerDown(start))
        f.split.handle(.pointerMoved(Point(x: start.x - 5, y: start.y + 5)))
        #expect(f.split.draggedPane == nil, "5 pt is still a click")
        #expect(SplitViewController.paneDragThreshold == 6)
        f.split.handle(.pointerMoved(Point(x: start.x - 6, y: start.y)))
        #expect(f.split.draggedPane === a)
        #expect(f.split.paneDropTarget == nil, "still over itself")
        f.split.handle(.pointerUp(Point(x: start.x - 6, y: start.y)))
        #expect(f.split.draggedPane == nil)
        #expect(PaneTreeTests.content(f, .secondary) == "h[D, a]", "released onto itself: nothing moves")
    }

    @Test(arguments: PaneDropZone.allCases)
    func eachZoneOfAnotherPaneIsATargetWithItsHighlight(zone: PaneDropZone) throws {
        let (f, a) = Self.fixture()
        let target = try #require(Self.frame(f, f.secondary))
        let point: Point =
            switch zone {
            case .left: Point(x: target.minX + target.width * 0.1, y: target.midY)
            case .right: Point(x: target.maxX - target.width * 0.1, y: target.midY)
            case .top: Point(x: target.midX, y: target.minY + target.height * 0.1)
            case .bottom: Point(x: target.midX, y: target.maxY - target.height * 0.1)
            case .center: Point(x: target.midX, y: target.midY)
            }
        try Self.drag(f, a, to: point)
        let drop = try #require(f.split.paneDropTarget)
        #expect(drop.pane === f.secondary)
        #expect(drop.zone == zone)
        let half: Rect =
            switch zone {
            case .left: Rect(x: target.minX, y: target.minY, width: target.width / 2, height: target.height)
            case .right: Rect(x: target.midX, y: target.minY, width: target.width / 2, height: target.height)
            case .top: Rect(x: target.minX, y: target.minY, width: target.width, height: target.height / 2)
            case .bottom: Rect(x: target.minX, y: target.midY, width: target.width, height: target.height / 2)
            case .center: target
            }
        #expect(drop.frame == half)
        #expect(f.split.focusedForeignContent == nil)
        f.split.handle(.pointerUp(point))
        let expected =
            switch zone {
            case .left: "h[a, D]"
            case .right: "h[D, a]"
            case .top: "v[a, D]"
            case .bottom: "v[D, a]"
            case .center: "h[a, D]"
            }
        #expect(PaneTreeTests.content(f, .secondary) == expected)
        #expect(f.split.paneDropTarget == nil)
        #expect(f.split.focusedPane === a, "the moved pane keeps the keys")
    }

    @Test func aPaneDroppedOnAnotherColumnsContentSplitsItThere() throws {
        let (f, a) = Self.fixture()
        let target = try #require(Self.frame(f, f.supplementary))
        #expect(target.minY == LayoutMetrics.navigationBarHeight, "below the column's bar")
        let point = Point(x: target.midX, y: target.maxY - 10)
        try Self.drag(f, a, to: point)
        #expect(f.split.paneDropTarget?.pane === f.supplementary)
        #expect(f.split.paneDropTarget?.zone == .bottom)
        f.split.handle(.pointerUp(point))
        #expect(PaneTreeTests.content(f, .supplementary) == "v[S, a]")
        #expect(PaneTreeTests.content(f, .secondary) == "D")
        #expect(f.split.paneBarFrame(of: f.secondary) == nil, "alone in its column again: the column's bar is its")
    }

    @Test func escapeCancelsTheDragAndTheReleaseMovesNothing() throws {
        let (f, a) = Self.fixture()
        let target = try #require(Self.frame(f, f.secondary))
        let point = Point(x: target.minX + 10, y: target.midY)
        try Self.drag(f, a, to: point)
        #expect(f.split.paneDropTarget?.zone == .left)
        f.split.handle(key(.escape))
        #expect(f.split.draggedPane == nil)
        #expect(f.split.paneDropTarget == nil)
        f.split.handle(.pointerMoved(Point(x: point.x + 1, y: point.y)))
        #expect(f.split.paneDropTarget == nil, "the press means nothing more")
        f.split.handle(.pointerUp(point))
        #expect(PaneTreeTests.content(f, .secondary) == "h[D, a]")
        #expect(f.split.zoomedPane == nil, "Escape went to the drag, nothing else")
    }

    @Test func aReleaseOverNoPaneMovesNothing() throws {
        let (f, a) = Self.fixture()
        let column = try #require(f.split.layout.placement(of: .primary)?.frame)
        // The primary's bar: no pane there.
        let point = Point(x: column.midX, y: 10)
        try Self.drag(f, a, to: point)
        #expect(f.split.draggedPane === a)
        #expect(f.split.paneDropTarget == nil)
        f.split.handle(.pointerUp(point))
        #expect(PaneTreeTests.content(f, .secondary) == "h[D, a]")
        #expect(PaneTreeTests.content(f, .primary) == "P")
    }

    /// Found by the random sequences: a pane the app collapsed during its drag was swapped into
    /// the place that had the keys, collapsed.
    @Test func aPaneThatStopsShowingDuringItsDragIsDroppedNowhere() throws {
        let f = PaneTreeTests.fixture()
        let a = ViewController(title: "a")
        f.split.splitPane(f.secondary, along: .vertical, with: a)
        let stack = try #require(f.split.stackSplitViewController(in: .secondary))
        let target = try #require(Self.frame(f, f.supplementary))
        try Self.drag(f, a, to: Point(x: target.midX, y: target.midY))
        #expect(f.split.paneDropTarget?.zone == .center)
        stack.splitItems[1].canCollapse = true
        stack.splitItems[1].isCollapsed = true
        f.split.handle(.pointerMoved(Point(x: target.midX + 1, y: target.midY)))
        #expect(f.split.paneDropTarget == nil)
        f.split.handle(.pointerUp(Point(x: target.midX + 1, y: target.midY)))
        #expect(PaneTreeTests.content(f, .secondary) == "v[D, a]")
        #expect(PaneTreeTests.content(f, .supplementary) == "S")
        #expect(stack.focusedItemIndex == 0, "the keys stay out of the collapsed item")
    }

    @Test func aColumnsLastPaneOnlySwaps() throws {
        let f = PaneTreeTests.fixture()
        let only = ViewController(title: "only")
        f.split.setViewController(
            StackSplitViewController(axis: .vertical, items: [SplitItem(viewController: only)]), for: .secondary)
        let target = try #require(Self.frame(f, f.supplementary))
        try Self.drag(f, only, to: Point(x: target.minX + 5, y: target.midY))
        #expect(f.split.draggedPane === only)
        #expect(f.split.paneDropTarget == nil, "a half would take the column's last pane")
        f.split.handle(.pointerMoved(Point(x: target.midX, y: target.midY)))
        #expect(f.split.paneDropTarget?.zone == .center)
    }
}
