import Testing

@testable import SplitView

/// The View menu headless: opened by F10, a right click on a bar or an item, its items and
/// shortcuts from the live key table, states that follow the mode, keys and pointer, and
/// its place in the window.
@Suite struct ViewMenuTests {
    static func titles(_ f: Fixture) -> [String] { f.split.menu?.items.map(\.title) ?? [] }

    @Test func f10OpensItWithTheCommandsAndTheirShortcuts() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        #expect(f.split.menu == nil)
        f.send(key(.f10))
        let menu = try #require(f.split.menu)
        #expect(
            Self.titles(f) == [
                "Hide Sidebar", "Hide Content", "Detail Only", "Show Inspector", "Focus Next Pane", "New Window",
                "Close Window", "Quit",
            ])
        #expect(menu.items.map(\.shortcut) == ["F9", "", "Shift+F9", "Ctrl+Alt+I", "F6", "Ctrl+N", "Ctrl+W", "Ctrl+Q"])
        #expect(menu.highlighted == nil)
        #expect(menu.frame.minY == LayoutMetrics.navigationBarHeight, "under the focused pane's bar")
        f.send(key(.f10))
        #expect(f.split.menu == nil, "F10 again closes it")
    }

    /// The menu speaks the user's words, not UIKit's: the primary is the Sidebar (the HIG's
    /// word, whatever the app calls it), the other columns go by the app's titles, and the
    /// sidebar item has F9 beside it since it performs F9's action (before: "Hide
    /// Supplementary", "Secondary Only", and no key beside the sidebar item).
    @Test func itSpeaksTheColumnsTitlesWithTheirKeys() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.columnTitles = [.primary: "Folders", .supplementary: "Files", .secondary: "File", .inspector: "Inspector"]
        f.split.setViewController(ViewController(title: "Details"), for: .inspector)
        f.send(key(.f10))
        var items = try #require(f.split.menu).items
        #expect(items.prefix(4).map(\.title) == ["Hide Sidebar", "Hide Files", "File Only", "Show Inspector"])
        #expect(items[0].command == .displayModeButton && items[0].shortcut == "F9")
        // Chosen, the sidebar hides, and the item turns to Show Sidebar, F9 still beside it.
        f.send(key(.down), key(.return), key(.f10))
        #expect(!f.split.isShowing(.primary))
        items = try #require(f.split.menu).items
        #expect(items[0].title == "Show Sidebar" && items[0].shortcut == "F9")
        #expect(items[1].title == "Hide Files" && items[3].title == "Show Inspector")
        f.send(key(.escape), key(.character("i"), [.control, .alt]), key(.f10))
        #expect(try #require(f.split.menu).items[3].title == "Hide Inspector")
    }

    /// The boundary: where F9 would not show the sidebar (a triple overlay reveals the
    /// supplementary first), the item shows the sidebar alone, with that command's key.
    @Test func theSidebarItemKeepsItsWordWhereF9DoesSomethingElse() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.preferredSplitBehavior = .overlay
        f.split.preferredDisplayMode = .secondaryOnly
        f.send(key(.f10))
        let sidebar = try #require(f.split.menu).items[0]
        #expect(sidebar.title == "Show Sidebar" && sidebar.command == .show(.primary) && sidebar.shortcut == "Ctrl+1")
        f.send(key(.down), key(.return))
        #expect(f.split.isShowing(.primary))
    }

    /// The split view's buttons are named with the menu's words: the sidebar button by what
    /// its action shows or hides, the secondary-only button by the secondary alone.
    @Test func theButtonsAreNamedAsTheMenuNamesTheirActions() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.split.showsSecondaryOnlyButton = true
        f.split.columnTitles = [.supplementary: "Files", .secondary: "File"]
        #expect(try #require(f.split.layout.button(.displayMode)).accessibilityLabel == "Hide Sidebar")
        #expect(try #require(f.split.layout.button(.secondaryOnly)).accessibilityLabel == "File Only")
        f.send(key(.f9))
        #expect(try #require(f.split.layout.button(.displayMode)).accessibilityLabel == "Show Sidebar")
        f.split.preferredSplitBehavior = .overlay
        f.split.preferredDisplayMode = .secondaryOnly
        #expect(try #require(f.split.layout.button(.displayMode)).accessibilityLabel == "Show Files")
    }

    /// The shortcuts are read from the key table the controller has, rebound keys included.
    @Test func theShortcutsFollowTheKeyTable() throws {
        let keys = KeyBindings.default.rebinding(.quit, to: [KeyChord(.character("x"), modifiers: [.control, .alt])])
        let split = SplitViewController(style: .doubleColumn, keyBindings: keys)
        split.handle(.resize(Size(width: 1000, height: 700)))
        split.handle(.command(.showMenu))
        #expect(try #require(split.menu).items.last?.shortcut == "Ctrl+Alt+X")
    }

    @Test func downAndUpSkipDisabledItemsAndReturnPerforms() {
        let f = Fixture(.doubleColumn, width: 1000)
        f.send(key(.f10))
        #expect(f.split.menu?.items[1].isEnabled == false, "a double column has no supplementary")
        f.send(key(.down))
        #expect(f.split.menu?.highlighted == 0)
        f.send(key(.down))
        #expect(f.split.menu?.highlighted == 2, "the supplementary is skipped")
        f.send(key(.up), key(.up))
        #expect(f.split.menu?.highlighted == 7, "wraps to Quit")
        f.send(key(.home), key(.return))
        #expect(f.split.menu == nil)
        #expect(f.split.displayMode == .secondaryOnly, "Hide Sidebar")
        f.send(key(.f10))
        #expect(Self.titles(f).first == "Show Sidebar", "the title follows the mode")
    }

    @Test func theMenuIsModalAndEscapeClosesIt() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.send(key(.f10), key(.f9))
        #expect(f.split.displayMode == .twoBesideSecondary, "F9 does nothing while the menu is open")
        #expect(f.send(key(.character("q"), [.control])).isEmpty, "nor Ctrl+Q")
        f.send(key(.escape))
        #expect(f.split.menu == nil && f.split.displayMode == .twoBesideSecondary)
    }

    @Test func typeAheadHighlightsTheItemItBegins() {
        let f = Fixture(.tripleColumn, width: 1400)
        f.send(key(.f10), key(.character("n")))
        #expect(f.split.menu?.highlighted == 5)
        f.send(key(.return))
        #expect(f.split.menu == nil)
    }

    @Test func checkMarksAndDisabledStatesFollowTheMode() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.send(key(.f9, .shift), key(.f10))
        var items = try #require(f.split.menu).items
        #expect(items[2].title == "Detail Only" && items[2].isChecked)
        #expect(!items[3].isEnabled, "no inspector controller")
        f.send(key(.escape), .resize(Size(width: 500, height: 800)), key(.f10))
        items = try #require(f.split.menu).items
        #expect(!items[2].isEnabled && !items[2].isChecked, "Secondary Only while collapsed")
    }

    @Test func thePointerHighlightsAndChoosesOnRelease() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.send(key(.f10))
        let menu = try #require(f.split.menu)
        let tops = MenuRules.rowTops(menu.items)
        let row = Point(x: menu.frame.midX, y: menu.frame.minY + tops[2] + 5)
        f.send(.pointerMoved(row))
        #expect(f.split.menu?.highlighted == 2)
        f.send(.pointerDown(row), .pointerUp(row))
        #expect(f.split.menu == nil && f.split.displayMode == .secondaryOnly)
    }

    /// A press outside closes the menu and goes no further: the pane under it is not clicked.
    @Test func aPressOutsideClosesItAndIsConsumed() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.send(key(.f10))
        let button = try #require(f.split.layout.button(.displayMode))
        let menuFrame = try #require(f.split.menu).frame
        #expect(!menuFrame.intersects(button.frame))
        RuleTables.click(f.split, button.frame)
        #expect(f.split.menu == nil && f.split.displayMode == .twoBesideSecondary)
    }

    @Test func aRightClickOnABarOpensItThereAndOnContentDoesNot() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.send(.contextMenu(Point(x: 900, y: 400)))
        #expect(f.split.menu == nil)
        f.send(.contextMenu(Point(x: 900, y: 20)))
        let menu = try #require(f.split.menu)
        #expect(menu.frame.origin == Point(x: 900, y: 20))
    }

    /// Near the window's corner the menu moves back inside.
    @Test func itStaysInsideTheWindow() throws {
        let f = Fixture(.tripleColumn, width: 1400, height: 800)
        f.send(.contextMenu(Point(x: 1390, y: 20)))
        let frame = try #require(f.split.menu).frame
        #expect(frame.maxX <= 1400 && frame.maxY <= 800 && frame.minX >= 0)
    }

    @Test func aMoreItemOpensIt() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        f.secondary.navigationItem.rightBarButtonItems = [BarButtonItem(systemItem: .more, action: .command(.showMenu))]
        let more = try #require(f.split.layout.buttons(in: .secondary).first).frame
        RuleTables.click(f.split, more)
        let menu = try #require(f.split.menu)
        #expect(menu.frame.minY == more.maxY, "under the item")
        #expect(menu.frame.maxX <= 1400)
    }

    @Test func itDrawsItsItemsAndNothingWhenClosed() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        #expect(f.split.menuDisplayList() == nil)
        f.send(key(.f10), key(.down))
        let list = try #require(f.split.menuDisplayList())
        let texts = list.ops.compactMap { op -> String? in if case .text(let text, _, _, _) = op { text } else { nil } }
        #expect(texts.contains("Hide Sidebar") && texts.contains("Ctrl+Q"))
        #expect(
            list.ops.contains(
                .fill(
                    Rect(x: 4, y: MenuMetrics.padding, width: list.size.width - 8, height: MenuMetrics.rowHeight),
                    Theme.light.accent)))
    }
}

/// The app's own items at the end of the menu.
@Suite struct AdditionalMenuItemsTests {
    @Test func theAppsItemsFollowASeparatorWithTheirKeysAndPerform() throws {
        let keys = KeyBindings.default.adding([
            KeyBindings.Binding(KeyChord(.character("d"), modifiers: .control), .action(TestAction("addBookmark")))
        ])
        let split = SplitViewController(style: .doubleColumn, keyBindings: keys)
        var performed: [String] = []
        split.actionHandler = {
            performed.append($0.name)
            return true
        }
        split.additionalMenuItems = [
            MenuItem(title: "Bookmark This Folder", shortcut: "", command: .action(TestAction("addBookmark")))
        ]
        split.handle(.resize(Size(width: 1000, height: 700)))
        split.handle(.command(.showMenu))
        let last = try #require(split.menu?.items.last)
        #expect(last.title == "Bookmark This Folder" && last.shortcut == "Ctrl+D" && last.startsGroup)
        #expect(split.menu?.items.dropLast().last?.title == "Quit")
        split.handle(.key(KeyChord(.end)))
        split.handle(.key(KeyChord(.return)))
        #expect(split.menu == nil)
        #expect(performed == ["addBookmark"])
    }
}
