import SplitView
import SplitViewX11
import Testing

/// The grab's cursor follows the core's state — a divider being dragged, an item being
/// dragged between panes — not the X window that was pressed.
@Suite struct GrabCursorTests {
    static func split() -> SplitViewController {
        let split = SplitViewController(style: .tripleColumn)
        split.animatesTransitions = false
        split.handle(.resize(Size(width: 1400, height: 800)))
        return split
    }

    static func shape(_ split: SplitViewController) -> GrabCursor {
        GrabCursor(
            layout: split.layout, dragSession: split.dragSession, stackDivider: split.draggedStackDividerAxis,
            movesPane: split.draggedPane != nil)
    }

    /// A pane dragged by its bar shows the move arrow once the drag begins, until the release.
    @Test func aPaneDraggedByItsBarShowsTheMoveArrow() throws {
        let split = Self.split()
        let a = ViewController(title: "a")
        let b = ViewController(title: "b")
        split.setViewController(
            StackSplitViewController(axis: .horizontal, items: [SplitItem(viewController: a), SplitItem(viewController: b)]),
            for: .secondary)
        let bar = try #require(split.paneBarFrame(of: b))
        let start = Point(x: bar.minX + 20, y: bar.midY)
        split.handle(.pointerDown(start))
        #expect(Self.shape(split) == .none, "a press, not yet a drag")
        split.handle(.pointerMoved(Point(x: start.x - 40, y: start.y + 100)))
        #expect(Self.shape(split) == .move)
        split.handle(.pointerUp(Point(x: start.x - 40, y: start.y + 100)))
        #expect(Self.shape(split) == .none)
    }

    @Test func aDividerDragShowsTheResizeArrowUntilTheRelease() throws {
        let split = Self.split()
        let divider = try #require(split.layout.dividers.first)
        let grab = Point(x: divider.grabRect.midX, y: 400)
        #expect(Self.shape(split) == .none)
        split.handle(.pointerDown(grab))
        #expect(Self.shape(split) == .resize)
        split.handle(.pointerMoved(Point(x: grab.x + 30, y: 400)))
        #expect(Self.shape(split) == .resize)
        split.handle(.pointerUp(Point(x: grab.x + 30, y: 400)))
        #expect(Self.shape(split) == .none)
    }

    @Test func aPressOutsideTheDividersShowsNoShape() {
        let split = Self.split()
        split.handle(.pointerDown(Point(x: 900, y: 400)))
        #expect(Self.shape(split) == .none)
    }

    @Test func anItemDraggedBetweenPanesShowsTheMoveArrow() {
        let split = Self.split()
        let files = ListViewController(title: "Files", items: (0..<5).map { ListItem(title: "File \($0)") })
        files.dragItemForRow = { DragItem(title: "File \($0)", tag: $0) }
        split.setViewController(files, for: .supplementary)
        split.handle(.pointerDown(Point(x: 400, y: 38 + 15)))
        #expect(Self.shape(split) == .none, "not past the slop yet")
        split.handle(.pointerMoved(Point(x: 300, y: 38 + 100)))
        #expect(Self.shape(split) == .move)
        split.handle(.key(KeyChord(.escape)))
        #expect(Self.shape(split) == .none)
    }

    /// A divider between stacked panes shows the vertical arrow while it is dragged, one
    /// between side-by-side panes the horizontal one.
    @Test func aStackDividerDragShowsTheArrowOfItsAxis() throws {
        for axis in [StackSplitViewController.Axis.vertical, .horizontal] {
            let split = Self.split()
            let stack = StackSplitViewController(
                axis: axis, items: [SplitItem(viewController: ViewController()), SplitItem(viewController: ViewController())])
            split.setViewController(stack, for: .secondary)
            let leaves = split.leaves(in: .secondary)
            let pane = try #require(split.layout.placement(of: .secondary)).frame
            let point =
                axis == .vertical
                ? Point(x: pane.midX, y: leaves[0].frame.maxY + 0.5) : Point(x: pane.minX + leaves[0].frame.maxX + 0.5, y: 400)
            split.handle(.pointerDown(point))
            #expect(Self.shape(split) == (axis == .vertical ? .verticalResize : .resize))
            split.handle(.pointerUp(point))
            #expect(Self.shape(split) == .none)
        }
    }

    @Test func anEmptyLayoutWithNoDragShowsNoShape() {
        #expect(GrabCursor(layout: Layout(size: Size(width: 10, height: 10)), dragSession: nil) == .none)
    }
}
