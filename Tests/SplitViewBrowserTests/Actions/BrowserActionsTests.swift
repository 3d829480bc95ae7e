import Glibc
import SplitView
import SplitViewFiles
import Testing

@testable import SplitViewBrowser

/// The table of the app's actions: the key bindings, the menus, the config's names and the
/// dispatch all come from it.
@Suite struct BrowserActionsTests {
    /// The names config files in the wild bind: the enum's raw values before the table.
    static let namesBeforeTheTable = [
        "toggleHiddenFiles", "openExternally", "addBookmark", "goUp", "openLocation", "undo", "moveToTrash",
        "deletePermanently", "restoreFromTrash", "emptyTrash", "rename", "newFolder", "sortByName", "sortBySize",
        "sortByType", "sortByModificationDate", "toggleReversedOrder", "copyFiles", "cutFiles", "pasteFiles",
    ]

    /// The app's rows, each once.
    static var appRows: [ActionRow] { BrowserActions.table.filter { $0.action != nil } }

    @Test func everyActionHasOneRowAndEveryAppRowAHandler() {
        let actions = Self.appRows.compactMap(\.action)
        #expect(Set(actions).count == actions.count)
        for row in Self.appRows { #expect(row.perform != nil, "\(row.title)") }
        for row in BrowserActions.table where row.action == nil {
            #expect(row.perform == nil && row.keys.isEmpty, "\(row.title)")
        }
        #expect(BrowserActions.row(for: .openWith(applicationID: "a.desktop"))?.title == "Open With")
    }

    /// Config files written before the table still load: every old name reads as its action,
    /// and Open With, whose target is a value, is not a name a config can bind.
    @Test func theConfigReadsTheSameNamesAsBefore() {
        // The table's names, and the two added since: the panes' "Split … With".
        #expect(
            BrowserActions.configActions.map(\.name).sorted()
                == (Self.namesBeforeTheTable + ["splitRightWith", "splitDownWith"]).sorted())
        for name in Self.namesBeforeTheTable {
            let command = Command(name: name, actions: BrowserActions.configActions)
            #expect(command?.name == name)
            guard case .action(let action)? = command else {
                Issue.record("\(name) is not an app action")
                continue
            }
            #expect((action.value as? BrowserAction)?.name == name)
        }
        #expect(Command(name: "openWith()", actions: BrowserActions.configActions) == nil)
        #expect(Command(name: "openWith(a.desktop)", actions: BrowserActions.configActions) == nil)
        #expect(BrowserAction.openWith(applicationID: "a.desktop").name == "openWith(a.desktop)")
    }

    /// Each row's keys are its default bindings, first in the table, and none takes a chord
    /// the core binds or another row's.
    @Test func theDefaultBindingsAreTheRowsKeys() {
        let keys = AppConfig.defaultKeyBindings
        var seen: Set<KeyChord> = []
        for row in Self.appRows {
            #expect(keys.chords(for: row.command) == row.chords, "\(row.title)")
            for chord in row.chords {
                #expect(seen.insert(chord).inserted, "\(chord) is bound twice")
                #expect(KeyBindings.default.command(for: chord, dividerFocused: false) == nil, "\(chord) shadows the core's")
            }
        }
        #expect(keys.global.count == KeyBindings.default.global.count + seen.count)
    }

    /// The View menu shows the rows of each group together, the groups in their order, a
    /// separator before each but the first (which the core's own items precede), the rows of a
    /// group in the table's order; a row that is not shown leaves no gap.
    /// Decided: the View menu's items are made as it opens, and again for each change while it
    /// is open; while it is closed a change leaves them alone (made at every selection, they
    /// were work at every arrow key for a menu seldom opened).
    @Test func theViewMenusItemsAreMadeAsItOpensAndFollowChangesOnlyWhileOpen() throws {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree)
        let trash = { (items: [MenuItem]) in items.first { $0.title == "Move to Trash" }?.isEnabled }
        BrowserTests.show(browser, tree, "Notes", "file2.txt")
        #expect(browser.split.additionalMenuItems.isEmpty, "made before the menu ever opened")
        browser.split.handle(.command(.showMenu))
        #expect(browser.split.isViewMenuOpen)
        #expect(trash(try #require(browser.split.menu?.items)) == true)
        // A change while it is open shows in it at once.
        BrowserTests.show(browser, tree, "Travel")
        #expect(trash(try #require(browser.split.menu?.items)) == false)
        browser.split.handle(.key(KeyChord(.escape)))
        #expect(!browser.split.isViewMenuOpen)
        // Closed: a change is not made into items until the menu opens again.
        BrowserTests.show(browser, tree, "Notes", "file2.txt")
        #expect(trash(browser.split.additionalMenuItems) == false)
        browser.split.handle(.command(.showMenu))
        #expect(trash(try #require(browser.split.menu?.items)) == true)
    }

    @Test func theViewMenuIsTheTablesRowsByGroup() throws {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree)
        BrowserTests.show(browser, tree, "Notes", "file2.txt")
        let items = browser.viewMenuItems
        let expected = ActionGroup.allCases.flatMap { group in
            BrowserActions.table.filter { $0.viewMenu == group && $0.items == nil && $0.title != "Add to Bookmarks" }.map(\.title)
        }
        // No places in this window: no Add to Bookmarks. The selected file's Open With last.
        #expect(items.prefix(expected.count).map(\.title) == expected)
        let openWith = items.dropFirst(expected.count)
        #expect(!openWith.isEmpty && openWith.allSatisfy { $0.title.hasPrefix("Open With") })
        let starts = items.filter(\.startsGroup).map(\.title)
        #expect(starts == ["Sort by Name", "Go Up", "Split Right", openWith.first?.title ?? ""])
        #expect(items.first { $0.title == "Move to Trash" }?.isEnabled == true)
        #expect(items.first { $0.title == "Restore From Trash" }?.isEnabled == false)
        #expect(items.first { $0.title == "Back" }?.command == .back)
    }

    /// Copy shows its key in the View menu, as Cut and Paste do: Ctrl+C, the core's copy,
    /// which the files list takes for its files (before, no key was shown beside it).
    @Test func copyShowsCtrlCInTheViewMenu() throws {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree)
        BrowserTests.show(browser, tree, "Notes", "file2.txt")
        browser.split.handle(.command(.showMenu))
        let items = try #require(browser.split.menu?.items)
        #expect(items.first { $0.title == "Copy" }?.shortcut == "Ctrl+C")
        #expect(items.first { $0.title == "Cut" }?.shortcut == "Ctrl+X")
    }

    /// The context menu of a row of the files list holds the rows with a context group, for
    /// that row's file, as GNOME Files' and Thunar's hold them: Cut, Copy, Paste, Move to
    /// Trash, Rename…, then Open With, then Properties (before, Open With alone). Each does what
    /// its key does: Move to Trash from the menu trashes the row.
    @Test func theContextMenuIsTheRowsWithAContextGroup() throws {
        let tree = BrowserTests.sample()
        let browser = makeBrowser(
            tree, trash: Trash(homeTrash: FilePath(tree.root + "/data/Trash"), mountInfoFile: tree.root + "/none"))
        BrowserTests.show(browser, tree, "Notes", "file2.txt")
        let index = try #require(browser.fileList.selectedIndex)
        let items = browser.contextMenuItems(forRow: index)
        let titles = items.map(\.title)
        #expect(Array(titles.prefix(5)) == ["Cut", "Copy", "Paste", "Move to Trash", "Rename…"])
        #expect(titles.last == "Properties" && titles.dropFirst(5).dropLast().allSatisfy { $0.hasPrefix("Open With") })
        #expect(
            BrowserActions.table.filter { $0.contextMenu != nil }.map(\.title) == [
                "Cut", "Copy", "Paste", "Move to Trash", "Rename…", "Open With", "Properties",
            ])
        let trash = try #require(items.first { $0.title == "Move to Trash" })
        browser.split.handle(.command(trash.command))
        #expect(TrashBrowserTests.settleTrash(browser))
        #expect(access(tree.root + "/data/Trash/files/file2.txt", F_OK) == 0)
    }

    /// The core hands the browser back the value a key carried; a value of another type is
    /// not the browser's.
    @Test func theDispatchTakesOnlyTheBrowsersValues() {
        struct Foreign: AppActionValue { var name: String { "toggleHiddenFiles" } }
        let tree = BrowserTests.sample()
        let browser = makeBrowser(tree)
        #expect(browser.perform(AppAction(Foreign())) == false)
        #expect(!browser.showsHidden)
        #expect(browser.perform(AppAction(BrowserAction.toggleHiddenFiles)))
        #expect(browser.showsHidden)
        browser.split.handle(.key(KeyChord(.character("h"), modifiers: .control)))
        #expect(!browser.showsHidden)
    }
}
