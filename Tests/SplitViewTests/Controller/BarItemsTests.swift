import Testing

@testable import SplitView

/// An app's bar button items (`NavigationItem`, `BarButtonItem`): laid out beside the split
/// view's own buttons, drawn with hover and pressed states, hit-tested, reachable by key, and
/// the display-mode button as an item an app places itself.
@Suite struct BarItemsTests {
    final class Counter { var presses = 0 }

    /// Triple column at 1400: the primary 0…280, the supplementary 281…601, the secondary
    /// from 602; the display-mode button is in the primary's bar at x 8.
    static func fixture() -> Fixture { Fixture(.tripleColumn, width: 1400) }

    static func click(_ f: Fixture, _ button: BarButton?) {
        guard let button else {
            Issue.record("no such button")
            return
        }
        RuleTables.click(f.split, button.frame)
    }

    @Test func leftItemsFollowTheOwnButtonsAndRightItemsStartAtTheFarEdge() throws {
        let f = Self.fixture()
        let add = BarButtonItem(systemItem: .add, action: nil)
        let more = BarButtonItem(systemItem: .more, action: nil)
        let done = BarButtonItem(title: "Done", action: nil)
        f.primary.navigationItem.leftBarButtonItems = [add]
        f.primary.navigationItem.rightBarButtonItems = [more, done]
        let buttons = f.split.layout.buttons(in: .primary)
        #expect(
            buttons.map(\.kind) == [
                .displayMode, .item(side: .left, index: 0), .item(side: .right, index: 0), .item(side: .right, index: 1),
            ])
        let mode = try #require(buttons.first).frame, left = buttons[1].frame, first = buttons[2].frame, second = buttons[3].frame
        #expect(left.minX == mode.maxX + ButtonMetrics.spacing)
        #expect(first.maxX == 280 - ButtonMetrics.margin, "the first right item is outermost")
        #expect(second.maxX == first.minX - ButtonMetrics.spacing)
        // A text item is as wide as its title and padding.
        #expect(second.width == FixedAdvanceMeasurer().width(of: "Done", font: .body) + 2 * ButtonMetrics.titlePadding)
        #expect(buttons[2].icon == .more && buttons[3].icon == .none && buttons[3].title == "Done")
    }

    /// Decided: a content split at run time keeps its bar's buttons and field, whichever pane
    /// of the split it is; the stack's own items, once it has some, win.
    @Test func aSplitContentKeepsItsBarItemsAndField() throws {
        let f = Self.fixture()
        f.secondary.navigationItem.rightBarButtonItems = [BarButtonItem(systemItem: .more, action: nil)]
        let before = f.split.layout.buttons(in: .secondary).map(\.kind)
        #expect(before.contains(.item(side: .right, index: 0)))
        let top = ViewController(title: "top")
        #expect(f.split.splitPane(f.secondary, along: .vertical, with: top, newPaneFirst: true))
        #expect(f.split.layout.buttons(in: .secondary).map(\.kind) == before)
        f.secondary.navigationItem.textField = TextField(text: "/tmp")
        #expect(f.split.paneKey(for: .secondary)?.chrome.textField?.text == "/tmp")
        let stack = try #require(f.split.stackSplitViewController(in: .secondary))
        stack.navigationItem.rightBarButtonItems = [BarButtonItem(title: "Own", action: nil)]
        f.split.layoutPanes()
        #expect(f.split.layout.buttons(in: .secondary).last?.title == "Own")
        #expect(f.split.paneKey(for: .secondary)?.chrome.textField == nil)
    }

    @Test func aTrailingPrimaryEdgeMirrorsTheItems() throws {
        let f = Self.fixture()
        f.split.primaryEdge = .trailing
        f.primary.navigationItem.rightBarButtonItems = [BarButtonItem(systemItem: .close, action: nil)]
        let primary = try #require(f.split.layout.frame(of: .primary))
        let close = try #require(f.split.layout.buttons(in: .primary).first { $0.isOnFarSide })
        #expect(close.frame.minX == primary.minX + ButtonMetrics.margin, "the far side is now the left")
    }

    @Test func aClickPerformsTheItemsActionWithHoverAndPressedStates() throws {
        let f = Self.fixture()
        let counter = Counter()
        f.secondary.navigationItem.rightBarButtonItems = [
            BarButtonItem(systemItem: .add, action: .handler { counter.presses += 1 })
        ]
        let button = try #require(f.split.layout.buttons(in: .secondary).first)
        let centre = Point(x: button.frame.midX, y: button.frame.midY)
        f.send(.pointerMoved(centre))
        #expect(f.split.layout.buttons(in: .secondary).first?.isHovered == true)
        f.send(.pointerDown(centre))
        #expect(f.split.layout.buttons(in: .secondary).first?.isPressed == true)
        f.send(.pointerUp(centre))
        #expect(counter.presses == 1)
        // Released outside: nothing.
        f.send(.pointerDown(centre), .pointerMoved(Point(x: 900, y: 400)), .pointerUp(Point(x: 900, y: 400)))
        #expect(counter.presses == 1)
    }

    @Test func aCommandItemDoesWhatItsKeyWould() {
        let f = Self.fixture()
        f.split.setViewController(ViewController(title: "I"), for: .inspector)
        f.secondary.navigationItem.rightBarButtonItems = [
            BarButtonItem(systemItem: .inspector, action: .command(.toggleInspector))
        ]
        Self.click(f, f.split.layout.buttons(in: .secondary).first)
        #expect(f.split.isShowing(.inspector))
        Self.click(f, f.split.layout.buttons(in: .secondary).first)
        #expect(!f.split.isShowing(.inspector))
    }

    @Test func aDisabledItemIsFaintAndIgnoresThePointerAndItsKey() throws {
        let f = Self.fixture()
        let counter = Counter()
        let item = BarButtonItem(systemItem: .add, action: .handler { counter.presses += 1 })
        item.keyEquivalent = KeyChord(.character("n"), modifiers: [.control, .shift])
        item.isEnabled = false
        f.secondary.navigationItem.rightBarButtonItems = [item]
        let button = try #require(f.split.layout.buttons(in: .secondary).first)
        #expect(!button.isEnabled)
        RuleTables.click(f.split, button.frame)
        #expect(counter.presses == 0 && f.split.layout.buttons(in: .secondary).first?.isPressed == false)
        f.send(key(.character("n"), [.control, .shift]))
        #expect(counter.presses == 0)
        item.isEnabled = true
        #expect(f.split.layout.buttons(in: .secondary).first?.isEnabled == true, "the bar follows the item")
        f.send(key(.character("n"), [.control, .shift]))
        #expect(counter.presses == 1)
    }

    /// A key the key table binds stays the table's: F9 is the sidebar's, whatever an item says.
    @Test func aBoundKeyWinsOverAKeyEquivalent() {
        let f = Self.fixture()
        let counter = Counter()
        let item = BarButtonItem(title: "F9 thief", action: .handler { counter.presses += 1 })
        item.keyEquivalent = KeyChord(.f9)
        f.secondary.navigationItem.leftBarButtonItems = [item]
        f.send(key(.f9))
        #expect(counter.presses == 0 && f.split.displayMode == .oneBesideSecondary)
    }

    @Test func theDisplayModeButtonItemReplacesTheSplitViewsOwnWherePlaced() throws {
        let f = Self.fixture()
        f.secondary.navigationItem.leftBarButtonItems = [f.split.displayModeButtonItem]
        #expect(f.split.layout.button(.displayMode) == nil, "no second button")
        let placed = try #require(f.split.layout.buttons(in: .secondary).first)
        #expect(placed.kind == .item(side: .left, index: 0) && placed.icon == .sidebar)
        RuleTables.click(f.split, placed.frame)
        #expect(f.split.displayMode == .oneBesideSecondary)
        // Collapsed there is no display-mode button, so the item leaves the bar too.
        f.send(.resize(Size(width: 500, height: 800)))
        #expect(f.split.layout.buttons(in: .secondary).allSatisfy { $0.kind == .back })
    }

    @Test func changesToTheItemsAndTheTitleRelayTheBar() {
        let f = Self.fixture()
        let item = BarButtonItem(title: "Go", action: nil)
        f.secondary.navigationItem.rightBarButtonItems = [item]
        let before = f.split.layout.buttons(in: .secondary).first?.frame.width ?? 0
        item.title = "Go further"
        #expect((f.split.layout.buttons(in: .secondary).first?.frame.width ?? 0) > before)
        f.secondary.navigationItem.title = "Shown title"
        let texts = f.split.laidOutDisplayList(for: .secondary)?.ops.compactMap { op -> String? in
            if case .text(let text, _, _, _) = op { text } else { nil }
        }
        #expect(texts?.contains("Shown title") == true && texts?.contains("Go further") == true)
        f.secondary.navigationItem.rightBarButtonItems = []
        #expect(f.split.layout.buttons(in: .secondary).isEmpty)
    }

    @Test func theCollapsedStackShowsItsTopControllersItems() {
        let f = Fixture(.tripleColumn, width: 500)
        f.secondary.navigationItem.rightBarButtonItems = [BarButtonItem(systemItem: .more, action: nil)]
        f.primary.navigationItem.rightBarButtonItems = [BarButtonItem(systemItem: .close, action: nil)]
        #expect(f.split.layout.buttons.map(\.icon).contains(.more))
        #expect(!f.split.layout.buttons.map(\.icon).contains(.close), "the primary is not on top")
    }
}
