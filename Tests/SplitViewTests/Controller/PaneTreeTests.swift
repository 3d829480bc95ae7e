import Testing

@testable import SplitView

/// Makes the new panes of ``Command/splitRight`` and ``Command/splitDown``, as an app's
/// delegate does: "new 1", "new 2"…
final class PaneMaker: SplitViewControllerDelegate {
    private(set) var made: [ViewController] = []
    private(set) var asked: [ViewController] = []
    /// The panes that may not close.
    var kept: [ViewController] = []
    /// The refusals told, as `command: reason`.
    private(set) var refusals: [String] = []

    func splitViewController(_ svc: SplitViewController, canClosePane pane: ViewController) -> Bool {
        !kept.contains { $0 === pane }
    }

    func splitViewController(_ svc: SplitViewController, didRefuse command: Command, reason: String) {
        refusals.append("\(command.name): \(reason)")
    }

    func splitViewController(_ svc: SplitViewController, newPaneBeside pane: ViewController) -> ViewController? {
        asked.append(pane)
        let vc = ViewController(title: "new \(made.count + 1)")
        made.append(vc)
        return vc
    }
}

/// Equal to a billionth of a point (the halves of odd widths are not whole).
private func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

/// Run-time splits in a window: split, close, zoom, focus by direction, grow and shrink,
/// equalize, swap and move, through the API and the keys, in varied trees (a column's own
/// content, nested opposite axes, collapsed items, a zoomed pane closed or split).
@Suite struct PaneTreeTests {
    /// A triple column at 1400 × 900 showing its three columns (`P`, `S`, `D`); the file (`D`)
    /// has the keys.
    static func fixture(animated: Bool = false) -> Fixture {
        let f = Fixture(.tripleColumn, width: 1400, height: 900, animated: animated)
        f.split.preferredDisplayMode = .twoBesideSecondary
        f.split.focusedColumn = .secondary
        f.split.layoutPanes()
        _ = f.log.takeAll()
        return f
    }

    static func titles(_ split: SplitViewController, _ column: SplitViewController.Column) -> [String] {
        split.leaves(in: column).compactMap { split.viewController(of: $0.leaf)?.title }
    }

    /// The stack's items' structure, as text: `h[D, v[a, b]]`.
    static func shape(_ vc: ViewController?) -> String {
        guard let stack = vc as? StackSplitViewController else { return vc?.title ?? "nil" }
        let items = stack.splitItems.map { shape($0.viewController) }.joined(separator: ", ")
        return (stack.axis == .horizontal ? "h" : "v") + "[" + items + "]"
    }

    static func content(_ f: Fixture, _ column: SplitViewController.Column) -> String {
        shape(f.split.navigationController(for: column)?.topViewController)
    }

    // MARK: - Split

    /// The zoom is saved with the state (its column and path) and restored with it; a
    /// reference the tree lacks is refused in a line, and nothing zooms.
    @Test func theZoomIsSavedAndRestored() throws {
        let f = Self.fixture()
        #expect(f.split.splitPane(f.secondary, along: .vertical, with: ViewController(title: "b")))
        f.split.zoomedPane = f.split.focusedPane
        let state = f.split.stateSnapshot()
        #expect(state.zoomedPane == SplitViewState.PaneReference(column: .secondary, path: [1]))
        let g = Self.fixture()
        #expect(g.split.splitPane(g.secondary, along: .vertical, with: ViewController(title: "b")))
        g.split.focusedColumn = .primary
        #expect(try g.split.restore(state) == [])
        #expect(g.split.zoomedPane?.title == "b" && g.split.focusedPane?.title == "b")
        var bad = state
        bad.zoomedPane = SplitViewState.PaneReference(column: .secondary, path: [7])
        let h = Self.fixture()
        #expect(try h.split.restore(bad).last == "zoomed pane secondary 7: no such pane")
        #expect(h.split.zoomedPane == nil)
    }

    /// `newPaneFirst` puts the new pane on the left (side by side) or above (stacked).
    @Test func aNewPaneGoesFirstWhenAsked() {
        let f = Self.fixture()
        #expect(f.split.splitPane(f.secondary, along: .vertical, with: ViewController(title: "top"), newPaneFirst: true))
        #expect(Self.content(f, .secondary) == "v[top, D]")
        #expect(f.split.focusedPane?.title == "top")
    }

    /// A pane the delegate keeps does not close, by code or by the key; the key's refusal is
    /// told in words, naming the pane; a column's unsplit content is "its own content".
    @Test func theDelegateKeepsAPaneAndHearsWhyTheKeyDidNothing() {
        let f = Self.fixture()
        let maker = PaneMaker()
        f.split.delegate = maker
        maker.kept = [f.secondary]
        f.split.handle(.command(.closePane))
        #expect(maker.refusals == ["closePane: “\(f.secondary.title)” is its column's own content: it cannot be closed."])
        f.split.handle(.command(.splitRight))
        #expect(Self.content(f, .secondary) == "h[D, new 1]")
        #expect(f.split.focusPane(.left) && f.split.focusedPane === f.secondary)
        #expect(!f.split.closePane(f.secondary))
        f.split.handle(.command(.closePane))
        #expect(maker.refusals.count == 2 && Self.content(f, .secondary) == "h[D, new 1]")
        maker.kept = []
        f.split.handle(.command(.closePane))
        #expect(Self.content(f, .secondary) == "new 1" && maker.refusals.count == 2)
    }

    @Test func splittingAColumnsOwnContentWrapsItInAStackOfHalves() throws {
        let f = Self.fixture()
        let new = ViewController(title: "new")
        #expect(f.split.splitPane(f.secondary, along: .horizontal, with: new))
        #expect(Self.content(f, .secondary) == "h[D, new]")
        let pane = try #require(f.split.layout.placement(of: .secondary)?.frame)
        let leaves = f.split.leaves(in: .secondary)
        #expect(leaves.count == 2)
        #expect(near(leaves[0].frame.width, leaves[1].frame.width), "halves")
        #expect(near(leaves[0].frame.width + 1 + leaves[1].frame.width, pane.width), "the halves and the divider fill it")
        #expect(f.split.focusedPane === new, "the new pane has the keys")
        #expect(f.split.viewController(for: .secondary) === f.secondary, "what the app set, still in the column")
        #expect(new.stackSplitViewController === f.split.stackSplitViewController(in: .secondary))
        #expect(f.split.splitPane(f.secondary, along: .vertical, with: new) == false, "a pane already in a column")
        #expect(f.split.splitPane(ViewController(), along: .vertical, with: ViewController()) == false, "no such pane")
    }

    @Test func aSplitAlongTheStacksAxisGoesBesideAndAcrossNests() {
        let f = Self.fixture()
        let a = ViewController(title: "a"), b = ViewController(title: "b"), c = ViewController(title: "c")
        f.split.splitPane(f.secondary, along: .horizontal, with: a)
        f.split.splitPane(a, along: .horizontal, with: b)
        #expect(Self.content(f, .secondary) == "h[D, a, b]", "three in a row are one stack")
        f.split.splitPane(a, along: .vertical, with: c)
        #expect(Self.content(f, .secondary) == "h[D, v[a, c], b]")
        #expect(Self.titles(f.split, .secondary) == ["D", "a", "c", "b"])
        #expect(f.split.focusedPane === c)
        #expect(f.split.focusedLeaf?.path == [1, 1])
    }

    @Test func aSplitOfALeafBesideACollapsedItemHalvesTheLeafAlone() throws {
        let f = Self.fixture()
        let a = ViewController(title: "a"), b = ViewController(title: "b")
        f.split.splitPane(f.secondary, along: .vertical, with: a)
        let stack = try #require(f.split.stackSplitViewController(in: .secondary))
        stack.splitItems[1].canCollapse = true
        stack.splitItems[1].isCollapsed = true
        f.split.layoutPanes()
        let whole = try #require(f.split.leaves(in: .secondary).first?.frame)
        f.split.splitPane(f.secondary, along: .vertical, with: b)
        #expect(Self.content(f, .secondary) == "v[D, b, a]")
        let leaves = f.split.leaves(in: .secondary)
        #expect(leaves.count == 2, "the collapsed item stays collapsed")
        #expect(near(leaves[0].frame.height, leaves[1].frame.height))
        #expect(near(leaves[0].frame.height + 1 + leaves[1].frame.height, whole.height))
    }

    @Test func theKeysSplitThroughTheDelegateAndNothingHappensWithoutIt() {
        let f = Self.fixture()
        f.split.handle(.key(KeyChord(.character("e"), modifiers: [.control, .shift])))
        #expect(Self.content(f, .secondary) == "D", "the recorder makes no pane: nothing to split with")
        let maker = PaneMaker()
        f.split.delegate = maker
        f.split.handle(.key(KeyChord(.character("e"), modifiers: [.control, .shift])))
        f.split.handle(.key(KeyChord(.character("o"), modifiers: [.control, .shift])))
        #expect(Self.content(f, .secondary) == "h[D, v[new 1, new 2]]")
        #expect(maker.asked.map(\.title) == ["D", "new 1"])
        f.split.handle(.key(KeyChord(.character("w"), modifiers: [.control, .shift])))
        #expect(Self.content(f, .secondary) == "h[D, new 1]")
        #expect(f.split.focusedPane?.title == "new 1")
    }

    // MARK: - Close

    @Test func closingGivesTheSpaceAndKeysToTheNeighbourAndDissolvesStacksOfOne() throws {
        let f = Self.fixture()
        let a = ViewController(title: "a"), b = ViewController(title: "b")
        f.split.splitPane(f.secondary, along: .horizontal, with: a)
        f.split.splitPane(a, along: .vertical, with: b)
        #expect(Self.content(f, .secondary) == "h[D, v[a, b]]")
        let pane = try #require(f.split.layout.placement(of: .secondary)?.frame)
        #expect(f.split.closePane(b))
        #expect(Self.content(f, .secondary) == "h[D, a]", "the stack of one gave its place to a")
        #expect(f.split.focusedPane === a, "the neighbour has the keys")
        let leaves = f.split.leaves(in: .secondary)
        #expect(near(leaves[0].frame.width + 1 + leaves[1].frame.width, pane.width))
        #expect(f.split.closePane(f.secondary))
        #expect(Self.content(f, .secondary) == "a", "the column's content is the last pane, in no stack")
        #expect(f.split.viewController(for: .secondary) === a, "the app's controller left the column: its content now")
        #expect(f.split.focusedPane === a)
        #expect(f.split.closePane(a) == false, "a column's last pane stays")
        #expect(f.split.closePane(ViewController()) == false)
        #expect(f.split.stackSplitViewController(in: .secondary) == nil)
    }

    @Test func closingTheOnlyVisibleItemShowsACollapsedOne() throws {
        let f = Self.fixture()
        let a = ViewController(title: "a")
        f.split.splitPane(f.secondary, along: .vertical, with: a)
        let stack = try #require(f.split.stackSplitViewController(in: .secondary))
        stack.splitItems[0].canCollapse = true
        stack.splitItems[0].isCollapsed = true
        #expect(f.split.closePane(a))
        #expect(Self.content(f, .secondary) == "D")
        #expect(f.split.contentFrame(of: .secondary) != nil)
    }

    @Test func anAnimatedCloseCollapsesThePaneThenRemovesIt() throws {
        let f = Self.fixture(animated: true)
        let a = ViewController(title: "a")
        f.split.splitPane(f.secondary, along: .horizontal, with: a)
        #expect(f.split.isAnimating, "the split animates as a collapse does")
        f.settle()
        let halves = f.split.leaves(in: .secondary).map(\.frame.width)
        #expect(halves.count == 2 && near(halves[0], halves[1]))
        #expect(f.split.closePane(a))
        #expect(f.split.isAnimating)
        #expect(Self.content(f, .secondary) == "h[D, a]", "still there while it collapses")
        #expect(f.split.focusedPane === f.secondary)
        f.settle(from: 10)
        #expect(Self.content(f, .secondary) == "D")
        #expect(!f.split.isAnimating)
    }

    @Test func anotherEditDuringACloseFinishesTheCloseFirst() {
        let f = Self.fixture(animated: true)
        let a = ViewController(title: "a"), b = ViewController(title: "b")
        f.split.splitPane(f.secondary, along: .horizontal, with: a)
        f.settle()
        f.split.closePane(a)
        f.split.splitPane(f.secondary, along: .vertical, with: b)
        #expect(Self.content(f, .secondary) == "v[D, b]")
    }

    // MARK: - Zoom

    @Test func aZoomedPaneFillsTheWindowAndTheOthersDisappearUntilEscape() throws {
        let f = Self.fixture()
        let a = ViewController(title: "a")
        f.split.splitPane(f.secondary, along: .horizontal, with: a)
        _ = f.log.takeAll()
        f.split.handle(.key(KeyChord(.character("x"), modifiers: [.control, .shift])))
        #expect(f.split.zoomedPane === a)
        #expect(f.split.layout.columns.map(\.column) == [.secondary])
        #expect(f.split.layout.placement(of: .secondary)?.frame == Rect(x: 0, y: 0, width: 1400, height: 900))
        #expect(f.split.layout.dividers.isEmpty)
        let leaves = f.split.leaves(in: .secondary)
        #expect(
            leaves.count == 1 && leaves[0].frame == LayoutComputation.contentBounds(ofPaneSized: Size(width: 1400, height: 900)))
        #expect(f.split.stackDividers(in: .secondary).isEmpty)
        let log = f.log.takeAll()
        #expect(log.contains("S willDisappear") && log.contains("S didDisappear"), "the other column disappears")
        #expect(log.contains("D willDisappear") && log.contains("D didDisappear"), "the other leaf disappears")
        // One pane in the accessible tree: the other leaf's panel is not showing.
        let tree = f.split.accessibleTree(title: "w")
        let panels = tree.allNodes.filter { $0.role == .panel && $0.states.contains(.showing) }
        let items = panels.filter { $0.id.path.contains(".content.item.") }
        #expect(items.map(\.name) == ["a"], "one pane shows")
        #expect(panels.filter { $0.name == "D" || $0.name == "S" || $0.name == "P" }.isEmpty, "the column is named by a")
        #expect(f.split.focusedPane === a)
        f.split.handle(.key(KeyChord(.escape)))
        #expect(f.split.zoomedPane == nil)
        #expect(f.split.layout.columns.map(\.column) == [.primary, .supplementary, .secondary])
        #expect(f.split.leaves(in: .secondary).count == 2)
        let back = f.log.takeAll()
        #expect(back.contains("S willAppear") && back.contains("D willAppear") && back.contains("D didAppear"))
        #expect(f.split.focusedPane === a)
    }

    @Test func zoomTogglesAndAColumnsOwnContentZoomsToo() {
        let f = Self.fixture()
        f.split.handle(.command(.zoomPane))
        #expect(f.split.zoomedPane === f.secondary)
        #expect(f.split.layout.columns.map(\.column) == [.secondary])
        #expect(
            f.split.contentFrame(of: .secondary) == LayoutComputation.contentBounds(ofPaneSized: Size(width: 1400, height: 900)))
        f.split.handle(.command(.zoomPane))
        #expect(f.split.zoomedPane == nil)
        #expect(f.split.layout.columns.count == 3)
    }

    /// Found by the random sequences (zoom, then a narrow window): the collapse set the layout
    /// without ending the zoom, so two columns showed with a pane still zoomed.
    @Test func collapsingOrExpandingEndsTheZoom() {
        let f = Self.fixture()
        let a = ViewController(title: "a")
        f.split.splitPane(f.secondary, along: .horizontal, with: a)
        f.split.zoomedPane = a
        f.resize(300, height: 400)
        #expect(f.split.isCollapsed)
        #expect(f.split.zoomedPane == nil)
        expectWellFormed(f.split, "collapsed")
        f.split.zoomedPane = f.split.focusedPane
        f.resize(1400)
        #expect(!f.split.isCollapsed)
        #expect(f.split.zoomedPane == nil)
        expectWellFormed(f.split, "expanded")
    }

    /// Found by the random sequences (split right animated, a tick, shrink, then the
    /// animation's end): the shrink kept the new pane's first points of its expansion, less
    /// 20, so the pane with the keys ended with no width at all. A resize or an equalize ends
    /// a running split, close or collapse first, and works on the settled thicknesses.
    @Test func resizingWhileASplitAnimatesWorksOnTheSettledSizes() throws {
        let f = Self.fixture(animated: true)
        let maker = PaneMaker()
        f.split.delegate = maker
        f.split.handle(.command(.splitRight))
        let new = try #require(maker.made.first)
        #expect(f.split.isAnimating)
        f.split.handle(.tick(now: 0.01))
        f.split.handle(.command(.shrinkPane(.horizontal)))
        f.settle(from: 1)
        let shown = try #require(f.split.visiblePanes.first { $0.pane === new })
        let kept = try #require(f.split.visiblePanes.first { $0.pane === f.secondary })
        // The halves, less the step on the new pane's side and plus it on the other's.
        #expect(abs(kept.frame.width - shown.frame.width - 2 * SplitViewController.paneResizeStep) < 1e-6)
        #expect(f.split.focusedPane === new)
    }

    /// Found by the older random sequences (collapsed, the inspector shown with the keys,
    /// Ctrl+Shift+X): the zoom showed the inspector alone, and the collapsed window lost its
    /// column. Collapsed, only the column that fills the window zooms.
    @Test func aCollapsedWindowDoesNotZoomTheInspector() {
        let f = Self.fixture()
        let inspector = ViewController(title: "I")
        f.split.setViewController(inspector, for: .inspector)
        f.resize(300, height: 400)
        f.split.show(.inspector)
        f.split.focusedColumn = .inspector
        f.split.zoomedPane = inspector
        #expect(f.split.zoomedPane == nil)
        expectWellFormed(f.split, "zoom asked")
    }

    @Test func closingOrSplittingAZoomedPaneUnzoomsFirst() {
        let f = Self.fixture()
        let a = ViewController(title: "a"), b = ViewController(title: "b")
        f.split.splitPane(f.secondary, along: .horizontal, with: a)
        f.split.zoomedPane = a
        #expect(f.split.closePane(a))
        #expect(f.split.zoomedPane == nil)
        #expect(f.split.layout.columns.count == 3)
        #expect(f.split.focusedPane === f.secondary)
        f.split.zoomedPane = f.secondary
        f.split.splitPane(f.secondary, along: .vertical, with: b)
        #expect(f.split.zoomedPane == nil)
        #expect(f.split.leaves(in: .secondary).count == 2)
    }

    @Test func aColumnCommandUnzoomsAndAPaneThatLeavesEndsTheZoom() throws {
        let f = Self.fixture()
        let a = ViewController(title: "a")
        f.split.splitPane(f.secondary, along: .horizontal, with: a)
        f.split.zoomedPane = a
        f.split.handle(.command(.displayModeButton))
        #expect(f.split.zoomedPane == nil)
        f.split.zoomedPane = a
        let stack = try #require(f.split.stackSplitViewController(in: .secondary))
        stack.removeSplitItem(stack.splitItems[1])
        f.split.handle(.resize(Size(width: 1300, height: 900)))
        #expect(f.split.zoomedPane == nil, "the app removed the zoomed pane")
        #expect(f.split.layout.columns.count > 1)
    }

    // MARK: - Focus, sizes, places

    @Test func theKeysMoveByDirectionAcrossSplitsAndColumns() {
        let f = Self.fixture()
        let a = ViewController(title: "a"), b = ViewController(title: "b")
        f.split.splitPane(f.secondary, along: .horizontal, with: a)
        f.split.splitPane(a, along: .vertical, with: b)
        // S | D | [a over b]; b has the keys.
        f.split.handle(.key(KeyChord(.up, modifiers: [.control, .alt])))
        #expect(f.split.focusedPane === a)
        f.split.handle(.key(KeyChord(.up, modifiers: [.control, .alt])))
        #expect(f.split.focusedPane === a, "nothing above: the keys stay")
        f.split.handle(.key(KeyChord(.left, modifiers: [.control, .alt])))
        #expect(f.split.focusedPane === f.secondary)
        f.split.handle(.key(KeyChord(.left, modifiers: [.control, .alt])))
        #expect(f.split.focusedPane === f.supplementary, "across the column divider")
        #expect(f.split.focusedColumn == .supplementary)
        f.split.handle(.key(KeyChord(.right, modifiers: [.control, .alt])))
        #expect(f.split.focusedPane === f.secondary)
        #expect(f.split.focusPane(.down) == false)
    }

    @Test func growingAndShrinkingGoThroughTheNearestStackOfTheAxisWithinMinimums() throws {
        let f = Self.fixture()
        let a = ViewController(title: "a"), b = ViewController(title: "b")
        f.split.splitPane(f.secondary, along: .horizontal, with: a)
        f.split.splitPane(a, along: .vertical, with: b)
        let widths = f.split.leaves(in: .secondary).map(\.frame.width)
        f.split.handle(.command(.growPane(.horizontal)))  // b is in v[a, b], inside h[D, …]
        let grown = f.split.leaves(in: .secondary).map(\.frame.width)
        #expect(near(grown[0], widths[0] - SplitViewController.paneResizeStep))
        #expect(near(grown[1], widths[1] + SplitViewController.paneResizeStep))
        let heights = f.split.leaves(in: .secondary).map(\.frame.height)
        f.split.handle(.command(.shrinkPane(.vertical)))
        let shrunk = f.split.leaves(in: .secondary).map(\.frame.height)
        #expect(near(shrunk[2], heights[2] - SplitViewController.paneResizeStep))
        #expect(near(shrunk[1], heights[1] + SplitViewController.paneResizeStep))
        let stack = try #require(f.split.stackSplitViewController(in: .secondary))
        stack.splitItems[0].minimumThickness = grown[0] - 5
        f.split.handle(.command(.growPane(.horizontal)))
        #expect(near(f.split.leaves(in: .secondary)[0].frame.width, grown[0] - 5), "the minimum holds")
        #expect(f.split.resizeFocusedPane(along: .horizontal, by: 20) == false, "nothing moves further")
        f.split.focusedColumn = .supplementary
        #expect(f.split.resizeFocusedPane(along: .horizontal, by: 20) == false, "a column's own content")
    }

    @Test func equalizingSharesEveryStackEqually() throws {
        let f = Self.fixture()
        let a = ViewController(title: "a"), b = ViewController(title: "b"), c = ViewController(title: "c")
        f.split.splitPane(f.secondary, along: .horizontal, with: a)
        f.split.splitPane(a, along: .horizontal, with: b)
        f.split.splitPane(b, along: .vertical, with: c)
        f.split.resizeFocusedPane(along: .horizontal, by: 60)
        f.split.resizeFocusedPane(along: .vertical, by: 60)
        f.split.handle(.key(KeyChord(.character("0"), modifiers: [.control, .alt])))
        let frames = f.split.leaves(in: .secondary).map(\.frame)
        #expect(near(frames[0].width, frames[1].width) && near(frames[1].width, frames[2].width))
        #expect(near(frames[2].height, frames[3].height))
    }

    @Test func swappingExchangesPlacesAndThePlacesKeepTheirSizes() throws {
        let f = Self.fixture()
        let a = ViewController(title: "a")
        f.split.splitPane(f.secondary, along: .horizontal, with: a)
        f.split.resizeFocusedPane(along: .horizontal, by: 100)
        let before = f.split.leaves(in: .secondary).map(\.frame)
        f.split.handle(.key(KeyChord(.left, modifiers: [.control, .alt, .shift])))
        #expect(Self.content(f, .secondary) == "h[a, D]")
        #expect(f.split.leaves(in: .secondary).map(\.frame) == before, "the places keep their sizes")
        #expect(f.split.focusedPane === a, "the keys went with the pane")
        // With another column's own content.
        f.split.handle(.key(KeyChord(.left, modifiers: [.control, .alt, .shift])))
        #expect(Self.content(f, .supplementary) == "a")
        #expect(Self.content(f, .secondary) == "h[S, D]")
        #expect(f.split.focusedPane === a && f.split.focusedColumn == .supplementary)
        #expect(f.split.swapFocusedPane(.up) == false, "nothing above")
    }

    @Test func movingOntoAHalfSplitsThereAndOntoTheCentreSwaps() {
        let f = Self.fixture()
        let a = ViewController(title: "a"), b = ViewController(title: "b")
        f.split.splitPane(f.secondary, along: .horizontal, with: a)
        f.split.splitPane(a, along: .vertical, with: b)
        #expect(f.split.movePane(b, onto: f.supplementary, zone: .top))
        #expect(Self.content(f, .supplementary) == "v[b, S]")
        #expect(Self.content(f, .secondary) == "h[D, a]")
        #expect(f.split.focusedPane === b)
        #expect(f.split.movePane(a, onto: f.secondary, zone: .left))
        #expect(Self.content(f, .secondary) == "h[a, D]")
        #expect(f.split.movePane(a, onto: b, zone: .center))
        #expect(Self.content(f, .supplementary) == "v[a, S]")
        #expect(Self.content(f, .secondary) == "h[b, D]")
        #expect(f.split.movePane(f.secondary, onto: f.secondary, zone: .left) == false, "onto itself")
        f.split.closePane(b)
        #expect(f.split.movePane(f.secondary, onto: a, zone: .right) == false, "a column's last pane stays")
    }

    @Test func thePaneKeysAreBoundAndNamed() {
        let bindings = KeyBindings.default
        let expected: [(KeyChord, Command)] = [
            (KeyChord(.character("e"), modifiers: [.control, .shift]), .splitRight),
            (KeyChord(.character("o"), modifiers: [.control, .shift]), .splitDown),
            (KeyChord(.character("w"), modifiers: [.control, .shift]), .closePane),
            (KeyChord(.character("x"), modifiers: [.control, .shift]), .zoomPane),
            (KeyChord(.left, modifiers: [.control, .alt]), .focusPane(.left)),
            (KeyChord(.down, modifiers: [.control, .alt, .shift]), .swapPane(.down)),
            (KeyChord(.character("]"), modifiers: [.control, .alt]), .growPane(.horizontal)),
            (KeyChord(.character("-"), modifiers: [.control, .alt]), .shrinkPane(.vertical)),
            (KeyChord(.character("0"), modifiers: [.control, .alt]), .equalizePanes),
        ]
        for (chord, command) in expected {
            #expect(bindings.command(for: chord, dividerFocused: false) == command)
            #expect(bindings.chordsOverForeignContent.contains(chord), "kept from a program: \(command.name)")
        }
        let chords = bindings.global.map(\.chord)
        #expect(Set(chords).count == chords.count, "no chord is bound twice")
        #expect(Command(name: "focusPaneUp") == .focusPane(.up))
        #expect(Command(name: "growPaneHeight") == .growPane(.vertical))
        #expect(Command(name: "swapPaneRight") == .swapPane(.right))
        #expect(Command(name: "equalizePanes") == .equalizePanes)
    }
}
