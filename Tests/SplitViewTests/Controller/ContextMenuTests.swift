import Testing

@testable import SplitView

/// A pane's own menu: a right click on a list's row, Shift+F10 or the Menu key for its
/// selection; the View menu's keys and drawing; the bars keep opening the View menu.
@Suite struct ContextMenuTests {
    /// A triple-column window whose supplementary is a list of three rows, each with two
    /// items naming it; the actions performed are recorded.
    private static func fixture() -> (SplitViewController, ListViewController, Box) {
        let split = SplitViewController(style: .tripleColumn)
        split.animatesTransitions = false
        let list = ListViewController(title: "Files", items: ["a", "b", "c"].map { ListItem(title: $0) })
        list.contextMenuItemsForRow = { index in
            [
                MenuItem(title: "Open \(index)", shortcut: "", command: .action(TestAction("open\(index)"))),
                MenuItem(title: "Other \(index)", shortcut: "", command: .action(TestAction("other\(index)"))),
            ]
        }
        split.setViewController(ViewController(title: "P"), for: .primary)
        split.setViewController(list, for: .supplementary)
        split.setViewController(ViewController(title: "D"), for: .secondary)
        split.handle(.resize(Size(width: 1400, height: 800)))
        let performed = Box()
        split.actionHandler = {
            performed.names.append($0.name); return true
        }
        return (split, list, performed)
    }

    final class Box { var names: [String] = [] }

    /// The point of row `row` in the supplementary, in window coordinates.
    private static func point(ofRow row: Int, in split: SplitViewController) throws -> Point {
        let frame = try #require(split.layout.frame(of: .supplementary))
        return Point(
            x: frame.minX + 60, y: frame.minY + LayoutMetrics.navigationBarHeight + (Double(row) + 0.5) * ListMetrics.rowHeight)
    }

    /// `isViewMenuOpen` is the View menu's alone: false with no menu and with a row's menu
    /// open, true from `viewMenuWillOpen` (called first) until Escape closes it.
    @Test func isViewMenuOpenIsTheViewMenusAloneAndTrueFromItsOpening() throws {
        let (split, _, _) = Self.fixture()
        #expect(!split.isViewMenuOpen)
        var openAsItWillOpen: Bool?
        split.viewMenuWillOpen = { openAsItWillOpen = split.isViewMenuOpen }
        split.handle(.command(.showMenu))
        #expect(openAsItWillOpen == false)
        #expect(split.isViewMenuOpen && split.menu != nil)
        split.handle(.key(KeyChord(.escape)))
        #expect(!split.isViewMenuOpen && split.menu == nil)
        split.handle(.contextMenu(try Self.point(ofRow: 0, in: split)))
        #expect(split.menu != nil && !split.isViewMenuOpen)
        split.handle(.key(KeyChord(.escape)))
        #expect(split.menu == nil && !split.isViewMenuOpen)
    }

    @Test func aRightClickOnARowSelectsItAndOpensItsMenuThere() throws {
        let (split, list, performed) = Self.fixture()
        var selected: [Int] = []
        list.onSelect = { selected.append($0) }
        let at = try Self.point(ofRow: 1, in: split)
        split.handle(.contextMenu(at))
        let menu = try #require(split.menu)
        #expect(menu.items.map(\.title) == ["Open 1", "Other 1"])
        #expect(menu.frame.origin == at)
        #expect(list.selectedIndex == 1 && selected == [1])
        #expect(split.focusedColumn == .supplementary)
        split.handle(.key(KeyChord(.down)))
        split.handle(.key(KeyChord(.return)))
        #expect(split.menu == nil)
        #expect(performed.names == ["open1"])
    }

    @Test func shiftF10AndTheMenuKeyOpenItForTheSelectionBelowItsRow() throws {
        let (split, list, _) = Self.fixture()
        split.focusedColumn = .supplementary
        list.selectedIndex = 2
        for chord in [KeyChord(.f10, modifiers: .shift), KeyChord(.menu)] {
            split.handle(.key(chord))
            let menu = try #require(split.menu)
            #expect(menu.items.first?.title == "Open 2")
            let row = try Self.point(ofRow: 2, in: split)
            #expect(menu.frame.minY == row.y + ListMetrics.rowHeight / 2, "below the row")
            split.handle(.key(KeyChord(.escape)))
            #expect(split.menu == nil)
        }
    }

    @Test func nothingOpensOffTheRowsWithoutASelectionOrWithoutItems() throws {
        let (split, list, _) = Self.fixture()
        let frame = try #require(split.layout.frame(of: .supplementary))
        split.handle(.contextMenu(Point(x: frame.minX + 60, y: frame.maxY - 10)))
        #expect(split.menu == nil, "below the last row")
        split.focusedColumn = .supplementary
        split.handle(.key(KeyChord(.f10, modifiers: .shift)))
        #expect(split.menu == nil, "no selection")
        list.contextMenuItemsForRow = { _ in [] }
        split.handle(.contextMenu(try Self.point(ofRow: 0, in: split)))
        #expect(split.menu == nil, "no items")
        let secondary = try #require(split.layout.frame(of: .secondary))
        split.handle(.contextMenu(Point(x: secondary.midX, y: secondary.midY)))
        #expect(split.menu == nil, "a pane without a context menu")
    }

    @Test func theBarsStillOpenTheViewMenu() throws {
        let (split, _, _) = Self.fixture()
        let frame = try #require(split.layout.frame(of: .supplementary))
        split.handle(.contextMenu(Point(x: frame.minX + 20, y: frame.minY + 10)))
        #expect(split.menu?.items.contains { $0.title == "Focus Next Pane" } == true)
    }

    @Test func theViewMenuAfterAContextMenuIsTheViewMenuAgain() throws {
        let (split, _, _) = Self.fixture()
        split.handle(.contextMenu(try Self.point(ofRow: 0, in: split)))
        split.handle(.key(KeyChord(.escape)))
        split.handle(.key(KeyChord(.f10)))
        #expect(split.menu?.items.contains { $0.title == "Open 0" } == false)
    }

    /// `updateVisibleMenu` changes an open context menu where it stands, keeping the highlight
    /// on an item still there; an empty list closes it; the View menu is left alone (it reads
    /// the app's items as it draws).
    @Test func anOpenContextMenuIsUpdatedInPlace() throws {
        let (split, _, performed) = Self.fixture()
        let at = try Self.point(ofRow: 1, in: split)
        split.handle(.contextMenu(at))
        split.handle(.key(KeyChord(.down)))
        split.handle(.key(KeyChord(.down)))
        #expect(split.menu?.highlighted == 1)
        var given: [String] = []
        split.updateVisibleMenu { items in
            given = items.map(\.title)
            return items + [MenuItem(title: "Arrived", shortcut: "", command: .action(TestAction("arrived")))]
        }
        #expect(given == ["Open 1", "Other 1"])
        let menu = try #require(split.menu)
        #expect(menu.items.map(\.title) == ["Open 1", "Other 1", "Arrived"])
        #expect(menu.frame.origin == at && menu.highlighted == 1)
        split.updateVisibleMenu { Array($0.prefix(1)) }
        #expect(split.menu?.highlighted == nil, "its highlighted item went")
        split.handle(.key(KeyChord(.down)))
        split.handle(.key(KeyChord(.return)))
        #expect(performed.names == ["open1"])
        split.handle(.contextMenu(at))
        split.updateVisibleMenu { _ in [] }
        #expect(split.menu == nil)
        split.handle(.key(KeyChord(.f10)))
        let viewMenu = try #require(split.menu).items
        var called = false
        split.updateVisibleMenu {
            called = true
            return $0
        }
        #expect(!called && split.menu?.items == viewMenu)
    }

    /// `viewMenuWillOpen` is called as the View menu opens, before its items are read (an
    /// item added then is in it), and not for a pane's context menu.
    @Test func theAppHearsTheViewMenuOpenBeforeItsItemsAreRead() throws {
        let (split, _, _) = Self.fixture()
        var opened = 0
        split.viewMenuWillOpen = {
            opened += 1
            split.additionalMenuItems = [MenuItem(title: "Late \(opened)", shortcut: "", command: .action(TestAction("late")))]
        }
        split.handle(.contextMenu(try Self.point(ofRow: 0, in: split)))
        #expect(opened == 0)
        split.handle(.key(KeyChord(.escape)))
        split.handle(.key(KeyChord(.f10)))
        #expect(opened == 1 && split.menu?.items.last?.title == "Late 1")
        split.handle(.key(KeyChord(.f10)))
        split.handle(.contextMenu(Point(x: 10, y: 10)))
        #expect(opened == 2 && split.menu?.items.last?.title == "Late 2", "a right click on a bar opens it too")
    }
}
