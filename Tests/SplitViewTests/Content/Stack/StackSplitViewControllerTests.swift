import Foundation
import Testing

@testable import SplitView

/// `StackSplitViewController` inside a split view: its leaves as panes, a divider dragged and
/// cancelled, double-clicks, collapse (animated and not) with the focus kept out of a
/// collapsed item, F6 through every leaf, and hosted programs in leaves.
@Suite struct StackSplitViewControllerTests {
    /// A triple column at 1400 × 900 with, in the secondary, a reader stacked over a terminal
    /// (30 %, collapsible); the secondary has the focus.
    static func fixture(
        animated: Bool = false
    ) -> (Fixture, StackSplitViewController, ViewController, ForeignContentViewController) {
        let f = Fixture(.tripleColumn, width: 1400, height: 900, animated: animated)
        let reader = ViewController(title: "notes.txt")
        let terminal = ForeignContentViewController(command: try! ProgramCommand(parsing: "xterm -into {}"))
        let below = SplitItem(viewController: terminal)
        below.preferredThicknessFraction = 0.3
        below.canCollapse = true
        below.minimumThickness = 60
        let stack = StackSplitViewController(axis: .vertical, items: [SplitItem(viewController: reader), below])
        f.split.setViewController(stack, for: .secondary)
        f.split.preferredDisplayMode = .twoBesideSecondary
        f.split.focusedColumn = .secondary
        f.split.layoutPanes()
        _ = f.split.takeHostRequests()
        return (f, stack, reader, terminal)
    }

    static func frames(_ f: Fixture) -> [Rect] {
        f.split.leaves(in: .secondary).map(\.frame)
    }

    /// The same frames, to a billionth of a point (fractions of the space are not whole).
    static func same(_ a: [Rect], _ b: [Rect]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { x, y in
                [x.minX - y.minX, x.minY - y.minY, x.width - y.width, x.height - y.height].allSatisfy { abs($0) < 1e-9 }
            }
    }

    @Test func theLeavesShareTheContentAreaByFractionBelowTheBar() throws {
        let (f, _, _, _) = Self.fixture()
        let pane = try #require(f.split.layout.placement(of: .secondary)?.frame)
        let leaves = f.split.leaves(in: .secondary)
        #expect(leaves.map(\.leaf.path) == [[0], [1]])
        let content = pane.height - LayoutMetrics.navigationBarHeight - 1
        #expect(leaves[0].frame.minY == LayoutMetrics.navigationBarHeight)
        #expect(abs(leaves[1].frame.height - content * 0.3) < 1e-9)
        #expect(leaves[1].frame.minY == leaves[0].frame.maxY + 1, "a thin divider between them")
        #expect(leaves[1].frame.maxY == pane.height)
        #expect(leaves.allSatisfy { $0.frame.width == pane.width && $0.frame.minX == 0 })
        // The bar keeps the reader's title.
        #expect(f.split.displayList(for: .secondary)?.texts.contains("notes.txt") == true)
        #expect(f.split.stackSplitViewController(in: .secondary) != nil)
    }

    @Test func aLeafDrawsInItsOwnCoordinatesWithTheRingWhenItHasTheKeys() throws {
        let (f, _, _, _) = Self.fixture()
        let leaf = try #require(f.split.leaves(in: .secondary).first)
        let list = try #require(f.split.displayList(forLeaf: leaf.leaf))
        #expect(list.size == leaf.frame.size)
        #expect(list.ops.first == .fill(Rect(origin: .zero, size: leaf.frame.size), f.split.theme.background))
        #expect(f.split.paneKey(forLeaf: leaf.leaf)?.isFocused == true)
        #expect(list.ops.contains { if case .strokeRect = $0 { true } else { false } })
    }

    /// The press on the divider drags it; each item follows; Escape puts both back.
    @Test func aDraggedDividerMovesBothNeighboursAndEscapeCancelsIt() throws {
        let (f, _, _, _) = Self.fixture()
        let pane = try #require(f.split.layout.placement(of: .secondary)?.frame)
        let before = Self.frames(f)
        let y = before[0].maxY + 0.5
        f.split.handle(.pointerDown(Point(x: pane.midX, y: y)))
        f.split.handle(.pointerMoved(Point(x: pane.midX, y: y - 100)))
        var after = Self.frames(f)
        #expect(abs(after[0].height - (before[0].height - 100)) < 1e-9)
        #expect(abs(after[1].height - (before[1].height + 100)) < 1e-9)
        f.split.handle(key(.escape))
        #expect(Self.same(Self.frames(f), before))
        f.split.handle(.pointerUp(Point(x: pane.midX, y: y - 100)))
        #expect(Self.same(Self.frames(f), before))

        // Dragged and released: kept, also through a resize, the terminal holding its height
        // (both hold alike: the growth is shared).
        f.split.handle(.pointerDown(Point(x: pane.midX, y: y)))
        f.split.handle(.pointerMoved(Point(x: pane.midX, y: y - 100)))
        f.split.handle(.pointerUp(Point(x: pane.midX, y: y - 100)))
        after = Self.frames(f)
        #expect(abs(after[1].height - (before[1].height + 100)) < 1e-9)
        f.split.handle(.resize(Size(width: 1400, height: 1000)))
        let grown = Self.frames(f)
        #expect(abs(grown[0].height - after[0].height - 50) < 1e-9 && abs(grown[1].height - after[1].height - 50) < 1e-9)
    }

    /// A lower holding priority gives way first: the reader takes all of the growth.
    @Test func theLowerHoldingPriorityTakesTheResize() {
        let (f, stack, _, _) = Self.fixture()
        stack.splitItems[0].holdingPriority = 200
        let before = Self.frames(f)
        f.split.handle(.resize(Size(width: 1400, height: 1100)))
        let after = Self.frames(f)
        #expect(after[1].height == before[1].height)
        #expect(after[0].height == before[0].height + 200)
    }

    /// The decision for a double click on a divider: the collapsible item beside it collapses
    /// (the one after first); the focus leaves it; the other takes all the room. With none
    /// collapsible, it resets the neighbours to their fractions.
    @Test func aDoubleClickOnTheDividerCollapsesTheCollapsibleItemOrResets() throws {
        let (f, stack, reader, _) = Self.fixture()
        let pane = try #require(f.split.layout.placement(of: .secondary)?.frame)
        stack.focusLeaf(at: [1])
        let y = Self.frames(f)[0].maxY + 0.5
        f.split.handle(.doubleClick(Point(x: pane.midX, y: y)))
        #expect(stack.splitItems[1].isCollapsed)
        #expect(f.split.leaves(in: .secondary).map(\.leaf.path) == [[0]])
        #expect(f.split.focusedLeaf == SplitViewController.Leaf(column: .secondary, path: [0]))
        #expect(Self.frames(f)[0].maxY == pane.height)
        stack.splitItems[1].isCollapsed = false
        #expect(f.split.leaves(in: .secondary).count == 2)

        stack.splitItems[1].canCollapse = false
        let first = Self.frames(f)
        f.split.handle(.pointerDown(Point(x: pane.midX, y: first[0].maxY + 0.5)))
        f.split.handle(.pointerMoved(Point(x: pane.midX, y: first[0].maxY - 200)))
        f.split.handle(.pointerUp(Point(x: pane.midX, y: first[0].maxY - 200)))
        #expect(!Self.same(Self.frames(f), first))
        f.split.handle(.doubleClick(Point(x: pane.midX, y: Self.frames(f)[0].maxY + 0.5)))
        #expect(Self.same(Self.frames(f), first), "back to the preferred 30 %")
        #expect(reader.splitViewController === f.split)
    }

    /// Collapsing animates over the transition time when motion is not reduced; the leaf's
    /// height falls to zero and the controller says it animates until it ends.
    @Test func collapsingAnimatesUnlessMotionIsReduced() throws {
        let (f, stack, _, _) = Self.fixture(animated: true)
        let start = Self.frames(f)[1].height
        f.split.handle(.tick(now: 10))
        stack.splitItems[1].isCollapsed = true
        #expect(f.split.isAnimating)
        f.split.handle(.tick(now: 10 + StackSplitViewController.collapseDuration / 2))
        let midway = try #require(Self.frames(f).last?.height)
        #expect(midway > 0 && midway < start)
        f.split.handle(.tick(now: 11))
        #expect(!f.split.isAnimating)
        #expect(f.split.leaves(in: .secondary).count == 1)

        stack.splitItems[1].isCollapsed = false
        #expect(f.split.isAnimating)
        f.split.animatesTransitions = false
        #expect(!f.split.isAnimating)
        #expect(abs((Self.frames(f).last?.height ?? 0) - start) < 1e-9)
    }

    /// F6 walks every visible leaf in reading order, across columns; Shift+F6 back; a
    /// collapsed leaf is skipped.
    @Test func f6WalksEveryVisibleLeafInReadingOrder() {
        let (f, stack, _, terminal) = Self.fixture()
        f.split.focusedColumn = .primary
        var seen: [String] = []
        for _ in 0..<4 {
            f.split.handle(key(.f6))
            seen.append("\(f.split.focusedColumn.map { "\($0)" } ?? "-") \(f.split.focusedLeaf?.path ?? [])")
        }
        #expect(seen == ["supplementary []", "secondary [0]", "secondary [1]", "primary []"])
        f.split.handle(key(.f6, .shift))
        #expect(f.split.focusedLeaf?.path == [1])
        #expect(f.split.focusedForeignContent === terminal)
        f.split.handle(key(.f6, .shift))
        #expect(f.split.focusedLeaf?.path == [0])
        #expect(f.split.focusedForeignContent == nil)
        stack.splitItems[1].isCollapsed = true
        f.split.handle(key(.f6))
        #expect(f.split.focusedColumn == .primary)
    }

    /// A program in a leaf: it has the keys when its leaf does, a click in it asks for them,
    /// and the host learns where its window goes.
    @Test func aProgramInALeafGetsTheKeyboardAndItsPlace() throws {
        let (f, stack, _, terminal) = Self.fixture()
        #expect(f.split.foreignContentViewControllers.contains { $0 === terminal })
        let place = try #require(f.split.placement(of: terminal))
        #expect(place.column == .secondary && place.leaf?.path == [1])
        let leaf = Self.frames(f)[1]
        let bar = LayoutMetrics.paneBarHeight, ring = ChromeMetrics.focusRingWidth
        #expect(
            place.frame
                == Rect(x: leaf.minX, y: leaf.minY + bar, width: leaf.width, height: leaf.height - bar).insetBy(
                    dx: ring, dy: ring),
            "below its bar, inside the focus ring")
        stack.focusLeaf(at: [0])
        _ = f.split.takeHostRequests()
        f.split.handle(.foreignContent(terminal.id, .focusRequested))
        #expect(f.split.takeHostRequests().contains(.focusForeignContent(terminal.id)))
        #expect(f.split.focusedLeaf?.path == [1])
    }

    /// Nested stacks: a side-by-side pair inside the stacked one; the leaves are found at
    /// every depth and tile their parent.
    @Test func stacksNestToAnyDepth() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        let inner = StackSplitViewController(
            axis: .horizontal,
            items: [SplitItem(viewController: ViewController(title: "a")), SplitItem(viewController: ViewController(title: "b"))])
        inner.dividerStyle = .thick
        let outer = StackSplitViewController(
            axis: .vertical, items: [SplitItem(viewController: inner), SplitItem(viewController: ViewController(title: "c"))])
        f.split.setViewController(outer, for: .secondary)
        let leaves = f.split.leaves(in: .secondary)
        #expect(leaves.map(\.leaf.path) == [[0, 0], [0, 1], [1]])
        #expect(leaves[1].frame.minX == leaves[0].frame.maxX + 9)
        #expect(leaves[0].frame.minY == leaves[1].frame.minY)
        #expect(leaves[2].frame.minY == leaves[0].frame.maxY + 1)
        #expect(f.split.displayList(for: .secondary)?.texts.contains("a") == true, "the bar shows the first leaf's title")
        #expect(f.split.viewController(of: leaves[1].leaf)?.title == "b")

        // The column's pane draws the nested stack's divider: dragging it changes the pane's key.
        let key = f.split.paneKey(for: .secondary)
        let pane = try #require(f.split.layout.placement(of: .secondary)).frame
        let x = pane.minX + leaves[0].frame.maxX + 4.5, y = leaves[0].frame.midY
        f.split.handle(.pointerDown(Point(x: x, y: y)))
        f.split.handle(.pointerMoved(Point(x: x + 30, y: y)))
        #expect(f.split.paneKey(for: .secondary) != key)
        #expect(f.split.leaves(in: .secondary)[0].frame.width > leaves[0].frame.width)
    }

    /// F8 from a leaf takes its stack's divider first; Up and Down move it a point, Ctrl a
    /// page, End to the limit (the terminal's minimum); Escape puts it back, Return keeps it;
    /// F8 again goes on to the columns' dividers.
    @Test func f8MovesAStackDividerWithTheArrowsAndEscapePutsItBack() throws {
        let (f, stack, _, _) = Self.fixture()
        stack.focusLeaf(at: [0])
        let start = Self.frames(f)
        f.split.handle(key(.f8))
        #expect(f.split.focus.stackDivider?.after == 0)
        #expect(stack.focusedDivider == 0)
        for _ in 0..<10 { f.split.handle(key(.down)) }
        #expect(abs(Self.frames(f)[0].height - start[0].height - 10) < 1e-9)
        f.split.handle(key(.up, .control))
        #expect(abs(Self.frames(f)[0].height - start[0].height + 65) < 1e-9)
        f.split.handle(key(.end))
        #expect(abs(Self.frames(f)[1].height - 60) < 1e-9, "the terminal's minimum")
        f.split.handle(key(.escape))
        #expect(Self.same(Self.frames(f), start))
        #expect(f.split.focus.stackDivider == nil && stack.focusedDivider == nil)

        f.split.handle(key(.f8))
        f.split.handle(key(.home))
        let moved = Self.frames(f)
        // The reader has no minimum: it goes to nothing (a leaf of no height shows no pane).
        #expect(moved.count == 1 && abs(moved[0].height - (start[0].height + start[1].height)) < 1e-9)
        f.split.handle(key(.return))
        #expect(f.split.focus.stackDivider == nil)
        #expect(Self.same(Self.frames(f), moved))

        // From the stack's divider, F8 goes round to the columns' dividers.
        f.split.handle(key(.f8))
        f.split.handle(key(.f8))
        #expect(f.split.focus.stackDivider == nil && f.split.focus.divider != nil)
    }

    /// The state keeps what the user did to the split: the dragged thicknesses, the collapsed
    /// items and the focused leaf; a fresh window restores them. Records that no longer fit
    /// are refused in words, and the rest applies.
    @Test func theSplitsSizesCollapseAndFocusAreSavedAndRestored() throws {
        let (f, stack, _, _) = Self.fixture()
        let pane = try #require(f.split.layout.placement(of: .secondary)?.frame)
        let y = Self.frames(f)[0].maxY + 0.5
        f.split.handle(.pointerDown(Point(x: pane.midX, y: y)))
        f.split.handle(.pointerMoved(Point(x: pane.midX, y: y - 120)))
        f.split.handle(.pointerUp(Point(x: pane.midX, y: y - 120)))
        stack.focusLeaf(at: [1])
        let dragged = Self.frames(f)
        let state = f.split.stateSnapshot()
        #expect(state.stackItems?.count == 2)
        #expect(state.focusedLeafPath == [1])

        let (g, restoredStack, _, _) = Self.fixture()
        #expect(try g.split.restore(state).isEmpty)
        #expect(Self.same(Self.frames(g), dragged))
        #expect(g.split.focusedLeaf?.path == [1])

        // Collapsed, through JSON.
        stack.splitItems[1].isCollapsed = true
        let encoded = try JSONEncoder().encode(f.split.stateSnapshot())
        let decoded = try JSONDecoder().decode(SplitViewState.self, from: encoded)
        #expect(try g.split.restore(decoded).isEmpty)
        #expect(restoredStack.splitItems[1].isCollapsed)
        #expect(g.split.leaves(in: .secondary).count == 1)

        // What no longer fits is refused, each in words.
        var odd = decoded
        odd.stackItems = [
            SplitViewState.StackItem(column: .secondary, path: [7], thickness: 100, isCollapsed: false),
            SplitViewState.StackItem(column: .secondary, path: [0], thickness: -3, isCollapsed: true),
            SplitViewState.StackItem(column: .primary, path: [0], thickness: 100, isCollapsed: false),
        ]
        let refused = try g.split.restore(odd)
        #expect(
            refused == [
                "secondary split item 7: no such item", "secondary split item 0 thickness -3.0: not a positive number",
                "secondary split item 0: it cannot collapse", "primary split item 0: no such item",
            ])
    }

    /// A state written before stack splits existed has no `stackItems`: it still loads.
    @Test func aStateWithoutStackItemsStillLoads() throws {
        let json =
            #"{"version":1,"preferredDisplayMode":"automatic","preferredSplitBehavior":"automatic","widths":[],"isInspectorShown":false}"#
        let state = try JSONDecoder().decode(SplitViewState.self, from: Data(json.utf8))
        #expect(state.stackItems == nil && state.focusedLeafPath == nil)
    }

    /// The View menu has a Hide / Show item for each collapsible pane of a split, by its
    /// title; choosing it collapses or expands the pane. A config names the command.
    @Test func theViewMenuHidesAndShowsACollapsiblePane() throws {
        let (f, stack, _, _) = Self.fixture()
        f.split.handle(.command(.showMenu))
        let titles = try #require(f.split.menu?.items.map(\.title))
        #expect(titles.contains("Hide xterm"))
        let item = try #require(f.split.menu?.items.first { $0.title == "Hide xterm" })
        #expect(item.command == .toggleSplitItem(.secondary, path: [1]))
        f.split.handle(.command(.showMenu))
        f.split.handle(.command(item.command))
        #expect(stack.splitItems[1].isCollapsed)
        f.split.handle(.command(.showMenu))
        #expect(f.split.menu?.items.contains { $0.title == "Show xterm" } == true)
        f.split.handle(.command(.showMenu))
        f.split.handle(.command(.toggleSplitItem(.secondary, path: [1])))
        #expect(!stack.splitItems[1].isCollapsed)
        // The reader cannot collapse: its command does nothing.
        f.split.handle(.command(.toggleSplitItem(.secondary, path: [0])))
        #expect(!stack.splitItems[0].isCollapsed)
        #expect(Command(name: "toggleSplitItem(secondary.1)") == .toggleSplitItem(.secondary, path: [1]))
        #expect(Command.toggleSplitItem(.primary, path: [0, 2]).name == "toggleSplitItem(primary.0.2)")
        for bad in [
            "toggleSplitItem(nope.1)", "toggleSplitItem(secondary)", "toggleSplitItem(secondary.x)",
            "toggleSplitItem(secondary.-1)",
        ] {
            #expect(Command(name: bad) == nil, "\(bad)")
        }
    }

    /// A leaf's scroll bar works as a column's: a press in the track pages, the thumb drags.
    @Test func aLeafsScrollBarPagesAndDrags() throws {
        let f = Fixture(.tripleColumn, width: 1400, height: 900)
        let list = ListViewController(title: "rows", items: (0..<200).map { ListItem(title: "Row \($0)") })
        let stack = StackSplitViewController(
            axis: .vertical, items: [SplitItem(viewController: list), SplitItem(viewController: ViewController(title: "below"))])
        f.split.setViewController(stack, for: .secondary)
        f.split.layoutPanes()
        let pane = try #require(f.split.layout.placement(of: .secondary)).frame
        let leaf = StackGeometry.contentFrame(ofLeaf: try #require(f.split.leaves(in: .secondary).first).frame)
        let extent = try #require(list.scrollExtent(in: leaf))
        let track = try #require(ScrollBar.track(extent))
        let thumb = try #require(ScrollBar.thumb(extent))
        #expect(extent.offset == 0)
        let below = Point(x: pane.minX + track.midX, y: thumb.maxY + 20)
        f.split.handle(.pointerDown(below))
        f.split.handle(.pointerUp(below))
        let paged = try #require(list.scrollExtent(in: leaf)).offset
        #expect(paged > 0, "a page down")
        let scrolled = try #require(list.scrollExtent(in: leaf))
        let top = try #require(ScrollBar.thumb(scrolled))
        let grab = Point(x: pane.minX + track.midX, y: top.midY)
        f.split.handle(.pointerDown(grab))
        f.split.handle(.pointerMoved(Point(x: grab.x, y: grab.y + 60)))
        f.split.handle(.pointerUp(Point(x: grab.x, y: grab.y + 60)))
        #expect(try #require(list.scrollExtent(in: leaf)).offset > paged, "the thumb dragged down")
    }
}
