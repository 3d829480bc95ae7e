import PropertyBased
import Testing

@testable import SplitView

/// The accessible tree as values, without a bus: roles, names, states and keys; the actions
/// a screen reader does; the events between two trees; and, over random sequences, a tree that
/// matches the layout with exactly one focused node.
@Suite struct AccessibilityTests {
    typealias ID = AccessibleNode.ID

    /// A triple column at 1400 with folders (an outline), files (a list) and a reader.
    static func browserLike() -> (Fixture, ListViewController, ListViewController, TextViewController) {
        let f = Fixture(.tripleColumn, width: 1400)
        let folders = ListViewController(
            title: "Folders",
            items: [
                ListItem(title: "Home", disclosure: .expanded),
                ListItem(title: "Documents", indentation: 1, disclosure: .collapsed),
                ListItem(title: "Music", indentation: 1),
            ])
        let files = ListViewController(
            title: "Files", items: (0..<5).map { ListItem(title: "file \($0).txt", subtitle: "\($0) KB · 2026-11-26") })
        let reader = TextViewController(title: "file 0.txt")
        reader.text = "héllo\nworld"
        f.split.setViewController(folders, for: .primary)
        f.split.setViewController(files, for: .supplementary)
        f.split.setViewController(reader, for: .secondary)
        f.split.preferredDisplayMode = .twoBesideSecondary
        f.split.focusedColumn = .supplementary
        files.selectedIndex = 1
        f.split.layoutPanes()
        return (f, folders, files, reader)
    }

    static func focused(_ tree: AccessibleNode) -> [AccessibleNode] {
        tree.allNodes.filter { $0.states.contains(.focused) }
    }

    @Test func theThreeColumnWindowReadsAsPanesOfATreeAListAndADocument() throws {
        let (f, _, _, _) = Self.browserLike()
        let tree = f.split.accessibleTree(title: "Files — SplitView")
        #expect(tree.role == .frame && tree.name == "Files — SplitView" && tree.states.contains(.active))
        let columns = try #require(tree.node(ID("columns")))
        #expect(columns.role == .splitPane)
        #expect(columns.children.map(\.name) == ["Folders", "Files", "file 0.txt"])
        #expect(columns.children.allSatisfy { $0.role == .panel && $0.states.contains(.showing) })

        let outline = try #require(tree.node(ID("column.primary.content.list")))
        #expect(outline.role == .tree)
        #expect(outline.children.map(\.name) == ["Home", "Documents", "Music"])
        #expect(outline.children.map(\.level) == [1, 2, 2])
        #expect(outline.children[0].states.isSuperset(of: [.expandable, .expanded]))
        #expect(outline.children[1].states.contains(.expandable) && !outline.children[1].states.contains(.expanded))
        #expect(outline.children[2].role == .treeItem && !outline.children[2].states.contains(.expandable))

        let list = try #require(tree.node(ID("column.supplementary.content.list")))
        #expect(list.role == .list && list.children.count == 5)
        #expect(list.children[1].name == "file 1.txt" && list.children[1].description == "1 KB · 2026-11-26")
        #expect(list.children[1].states.isSuperset(of: [.selected, .focused]))

        let document = try #require(tree.node(ID("column.secondary.content.document")))
        #expect(document.role == .documentText && document.text == "héllo\nworld")

        // The sidebar button says what it does and its key; exactly one node has the focus.
        let sidebar = try #require(tree.node(ID("column.primary.button.displayMode")))
        #expect(sidebar.role == .pushButton && sidebar.name == "Hide Sidebar" && sidebar.keyBinding == "F9")
        #expect(Self.focused(tree).map(\.id) == [ID("column.supplementary.content.row.1")])
        // The frames are the window's.
        let placement = try #require(f.split.layout.placement(of: .supplementary))
        #expect(list.children[0].frame.minX == placement.frame.minX)
    }

    /// Hidden columns and the inspector without its column are not showing; the menu, when
    /// open, is a menu of items with their keys and checks, the highlighted one focused.
    @Test func hiddenPanesAreNotShowingAndTheMenuIsAMenu() throws {
        let (f, _, _, _) = Self.browserLike()
        f.split.handle(key(.f9))
        var tree = f.split.accessibleTree(title: "w")
        #expect(tree.node(ID("column.primary"))?.states.contains(.showing) == false)
        #expect(tree.node(ID("column.primary.content.list")) == nil)
        f.split.handle(.command(.showMenu))
        f.split.handle(key(.down))
        tree = f.split.accessibleTree(title: "w")
        let menu = try #require(tree.node(ID("menu")))
        #expect(menu.role == .menu)
        let first = try #require(menu.children.first)
        #expect(first.name == "Show Sidebar" && first.keyBinding == "F9")
        #expect(Self.focused(tree).map(\.id) == [first.id])
    }

    /// A bar item's button says the key of its command (the View menu's F10, the
    /// inspector's Ctrl+Alt+I), else its own key equivalent.
    @Test func barItemsSayTheirKeys() throws {
        let (f, _, _, reader) = Self.browserLike()
        let cancel = BarButtonItem(title: "Cancel", action: .handler({}))
        cancel.keyEquivalent = KeyChord(.escape)
        reader.navigationItem.rightBarButtonItems = [
            BarButtonItem(systemItem: .more, action: .command(.showMenu)),
            BarButtonItem(systemItem: .inspector, action: .command(.toggleInspector)), cancel,
        ]
        f.split.layoutPanes()
        let buttons = f.split.accessibleTree(title: "w").allNodes.filter { $0.role == .pushButton }
        let keys = Dictionary(buttons.map { ($0.name, $0.keyBinding) }, uniquingKeysWith: { first, _ in first })
        #expect(keys["View Menu"] == "F10")
        #expect(keys["Show Inspector"] == "Ctrl+Alt+I")
        #expect(keys["Cancel"] == "Escape")
    }

    /// A bar's field is named by what it asks for: its accessibility label, else the label
    /// drawn beside it ("Rename File"), else its placeholder. Before, a field with a label was
    /// an entry with no name.
    @Test func aFieldIsNamedByItsLabel() throws {
        let (f, _, files, _) = Self.browserLike()
        func entryName() -> String? {
            f.split.accessibleTree(title: "w").allNodes.first { $0.role == .entry }?.name
        }
        files.navigationItem.textField = TextField(text: "notes.txt", selecting: 0..<5, label: "Rename File")
        f.split.layoutPanes()
        #expect(entryName() == "Rename File")
        var location = TextField(text: "/home/ana/", selectsAll: true)
        location.accessibilityLabel = "Location"
        files.navigationItem.textField = location
        f.split.layoutPanes()
        #expect(entryName() == "Location")
        files.navigationItem.textField = TextField(placeholder: "Filter")
        f.split.layoutPanes()
        #expect(entryName() == "Filter")
    }

    /// The band's message is a notification: when it appears it is shown and spoken, and a
    /// new message is spoken again (GTK 4's announcement); a picture is an image named by its
    /// title and size; an empty reader reads its placeholder. Before, the band was nowhere in
    /// the tree, and a picture or a placeholder gave an empty document.
    @Test func theBandIsANotificationAndAPictureAnImage() throws {
        let (f, _, _, reader) = Self.browserLike()
        _ = f.split.takeAccessibleChanges(title: "w")
        reader.notice = "Moved “a.txt” to the Trash. Ctrl+Z puts it back."
        f.split.layoutPanes()
        let notice = ID("column.secondary.content.notice")
        let shown = f.split.takeAccessibleChanges(title: "w").events
        #expect(shown.contains(.stateChanged(notice, "showing", true)))
        #expect(shown.contains(.announcement(notice, "Moved “a.txt” to the Trash. Ctrl+Z puts it back.")))
        let node = try #require(f.split.accessibleTree(title: "w").node(notice))
        #expect(node.role == .notification && node.name.hasPrefix("Moved “a.txt”"))
        reader.notice = "Bookmarked “Notes”."
        f.split.layoutPanes()
        let changed = f.split.takeAccessibleChanges(title: "w").events
        #expect(changed.contains(.announcement(notice, "Bookmarked “Notes”.")))
        #expect(changed.contains(.stateChanged(notice, "showing", true)), "told as shown again, which Orca 43 speaks")
        reader.notice = nil
        reader.text = ""
        reader.placeholder = "“a.txt” is no longer in this folder."
        f.split.layoutPanes()
        let document = ID("column.secondary.content.document")
        #expect(f.split.accessibleTree(title: "w").node(document)?.text == "“a.txt” is no longer in this folder.")
        reader.image = ImagePixels(width: 40, height: 30, argb: Array(repeating: 0xFF80_4020, count: 1200))
        f.split.layoutPanes()
        let picture = try #require(f.split.accessibleTree(title: "w").node(document))
        #expect(picture.role == .image && picture.name == "file 0.txt" && picture.description.contains("40 × 30"))
    }

    /// The inspector shown and focused reads as a read-only text of its details, one "Label:
    /// value" a line, focused. Before, its panel had no children.
    @Test func theInspectorReadsItsDetails() throws {
        let (f, _, _, _) = Self.browserLike()
        let details = DetailsViewController(
            title: "notes.txt", entries: [("Type", "Plain text document"), ("Path", "/home/ana/notes.txt"), ("Size", "12 bytes")])
        f.split.setViewController(details, for: .inspector)
        f.split.show(.inspector)
        f.split.focusedColumn = .inspector
        f.split.layoutPanes()
        let tree = f.split.accessibleTree(title: "w")
        let panel = try #require(tree.node(ID("column.inspector")))
        let document = try #require(panel.allNodes.first { $0.role == .text })
        #expect(document.text == "Type: Plain text document\nPath: /home/ana/notes.txt\nSize: 12 bytes")
        #expect(document.states.contains(.focused))
        #expect(Self.focused(tree).map(\.id) == [document.id])
    }

    /// Rows named by their data source: a row that goes is removed under its own name, and
    /// the rows after it keep theirs, so the focus on `b` is never told as another row's
    /// (before, rows were known by their index: after a Delete the focused index was told
    /// under the deleted file's name, then renamed).
    @Test func rowsKnownByTheirNameKeepItThroughAReload() throws {
        let (f, _, files, _) = Self.browserLike()
        let source = NamedRows(["a", "b", "c", "d"])
        files.dataSource = source
        files.selectedIndex = 1
        f.split.layoutPanes()
        let row = { (name: String) in ID("column.supplementary.content.row:" + name) }
        let before = try #require(f.split.takeAccessibleChanges(title: "w").tree.node(row("b")))
        #expect(before.states.contains(.focused))
        source.names.removeFirst()
        files.reloadData()
        files.selectedIndex = 0
        f.split.layoutPanes()
        let events = f.split.takeAccessibleChanges(title: "w").events
        let list = ID("column.supplementary.content.list")
        #expect(events.contains(.childRemoved(list, child: row("a"), index: 0)))
        #expect(!events.contains { if case .nameChanged = $0 { true } else { false } }, "\(events)")
        #expect(!events.contains { if case .focus = $0 { true } else { false } }, "the focus stayed on b: \(events)")
        #expect(files.performAccessibleAction(row("d"), in: f))
    }

    /// Every row is a child of its list, though the tree holds only those on screen: the
    /// count is every row's, a row off screen is made when asked for (not showing), found by
    /// its id, and scrolling tells no child change. Before, only the rows on screen were
    /// children (21 of 37), and scrolling removed and added them.
    @Test func everyRowIsAChildMadeWhenAskedFor() throws {
        let (f, _, files, _) = Self.browserLike()
        files.items = (0..<500).map { ListItem(title: "file \($0).txt", subtitle: "1 KB") }
        f.split.layoutPanes()
        let tree = f.split.takeAccessibleChanges(title: "w").tree
        let list = try #require(tree.node(ID("column.supplementary.content.list")))
        #expect(list.childCount == 500 && list.children.count < 40)
        #expect(list.states.contains(.managesDescendants))
        let far = try #require(f.split.accessibleChild(at: 400, of: list.id))
        #expect(far.name == "file 400.txt" && far.indexInParent == 400 && !far.states.contains(.showing))
        let found = try #require(f.split.accessibleNode(far.id))
        #expect(found.node.name == "file 400.txt" && found.parent == list.id)
        #expect(f.split.accessibleChild(at: 500, of: list.id) == nil)
        files.scrollOffset = 46 * 395
        f.split.layoutPanes()
        let scrolled = f.split.takeAccessibleChanges(title: "w")
        #expect(!scrolled.events.contains { if case .childAdded = $0 { true } else { false } })
        #expect(scrolled.tree.node(far.id)?.states.contains(.showing) == true)
    }

    /// A screen reader's activate does what a click does: "Hide Sidebar" hides the sidebar, a
    /// menu item runs its command, a row is selected.
    @Test func activatingANodeDoesWhatAClickDoes() throws {
        let (f, _, files, _) = Self.browserLike()
        var selected: [Int] = []
        files.onSelect = { selected.append($0) }
        #expect(f.split.performAccessibleAction(ID("column.primary.button.displayMode")))
        #expect(f.split.layout.placement(of: .primary) == nil)
        #expect(f.split.performAccessibleAction(ID("column.supplementary.content.row.3")))
        #expect(files.selectedIndex == 3 && selected == [3])
        #expect(f.split.focusedColumn == .supplementary)
        f.split.handle(.command(.showMenu))
        let tree = f.split.accessibleTree(title: "w")
        let show = try #require(tree.node(ID("menu"))?.children.first { $0.name == "Show Sidebar" })
        #expect(f.split.performAccessibleAction(show.id))
        #expect(f.split.layout.placement(of: .primary) != nil && f.split.menu == nil)
        #expect(!f.split.performAccessibleAction(ID("column.secondary.nothing")))
        // A screen reader's Selection selects a row as the arrow keys do: the keyboard stays.
        f.split.focusedColumn = .secondary
        #expect(f.split.performAccessibleAction(ID("column.supplementary.content.row.1"), named: "select"))
        #expect(files.selectedIndex == 1 && selected == [3, 1] && f.split.focusedColumn == .secondary)
        #expect(!f.split.performAccessibleAction(ID("column.supplementary.content.row.2"), named: "scroll"))
        #expect(!f.split.performAccessibleAction(show.id, named: "select"))
    }

    /// The events between two trees: F6 moves the focus, F9 hides a pane, a reload changes a
    /// list's children, a selection in the reader moves its caret.
    @Test func theEventsSayWhatChanged() throws {
        let (f, _, files, _) = Self.browserLike()
        let first = f.split.takeAccessibleChanges(title: "w")
        #expect(first.events == [.focus(ID("column.supplementary.content.row.1"))])
        f.split.handle(key(.f6))
        f.split.layoutPanes()
        #expect(f.split.takeAccessibleChanges(title: "w").events == [.focus(ID("column.secondary.content.document"))])
        f.split.handle(key(.f9))
        f.split.layoutPanes()
        let hidden = f.split.takeAccessibleChanges(title: "w").events
        #expect(hidden.contains(.stateChanged(ID("column.primary"), "showing", false)))
        // A hidden pane keeps no children; the sidebar button moves to the files' bar.
        #expect(hidden.contains(.childRemoved(ID("column.primary"), child: ID("column.primary.content.list"), index: 1)))
        #expect(
            hidden.contains(
                .childAdded(ID("column.supplementary"), child: ID("column.supplementary.button.displayMode"), index: 0)))
        files.items = [ListItem(title: "only")]
        f.split.layoutPanes()
        let reloaded = f.split.takeAccessibleChanges(title: "w").events
        let list = ID("column.supplementary.content.list")
        // Rows are known by their index: five rows reloaded as one lose the last four, last first.
        #expect(
            reloaded.prefix(4)
                == ArraySlice(
                    (1...4).reversed().map { .childRemoved(list, child: ID("column.supplementary.content.row.\($0)"), index: $0) }
                ))
        #expect(reloaded.contains(.nameChanged(ID("column.supplementary.content.row.0"))))
        f.split.handle(key(.character("a"), .control))
        f.split.layoutPanes()
        let selectedAll = f.split.takeAccessibleChanges(title: "w").events
        #expect(selectedAll.contains(.caretMoved(ID("column.secondary.content.document"), 11)))
        let window = ID("window")
        #expect(
            f.split.takeAccessibleChanges(title: "w", isActive: false).events == [
                .stateChanged(window, "active", false), .windowActivated(false),
            ])
        // Back to it: activated, and where the keys are told again (as GTK does), though the
        // focus never moved inside the window.
        let focused = try #require(f.split.accessibleTree(title: "w").allNodes.first { $0.states.contains(.focused) })
        #expect(
            f.split.takeAccessibleChanges(title: "w", isActive: true).events == [
                .stateChanged(window, "active", true), .windowActivated(true), .focus(focused.id),
            ])
    }

    /// A stack split reads as a split pane of panels, one per item.
    @Test func aStackSplitIsASplitPaneOfPanels() throws {
        let f = Fixture(.tripleColumn, width: 1400)
        let terminal = ForeignContentViewController(command: try ProgramCommand(parsing: "xterm -into {}"))
        let stack = StackSplitViewController(
            axis: .vertical,
            items: [SplitItem(viewController: TextViewController(title: "notes")), SplitItem(viewController: terminal)])
        f.split.setViewController(stack, for: .secondary)
        let tree = f.split.accessibleTree(title: "w")
        let split = try #require(tree.node(ID("column.secondary.content.split")))
        #expect(split.role == .splitPane && split.children.map(\.name) == ["notes", "xterm"])
        #expect(tree.node(ID("column.secondary.content.item.1.program"))?.role == .embedded)
    }

    /// Over random sequences of keys, resizes and menu use: the panes showing are the layout's,
    /// exactly one node is focused, every frame is finite, and ids are unique.
    @Test func theTreeMatchesTheLayoutOverRandomSequences() async {
        await propertyCheck(count: 40, input: Gen.int(in: 0...1_000_000).array(of: 120)) { codes in
            let (f, _, files, _) = Self.browserLike()
            for (step, code) in codes.enumerated() {
                let inputs: [Input] = [
                    key(.f6), key(.f6, .shift), key(.f9), key(.f9, .shift), key(.character("i"), [.control, .alt]), key(.f10),
                    key(.down), key(.up), key(.escape), key(.return), key(.f8), key(.character("1"), .control),
                    .resize(Size(width: 500, height: 700)), .resize(Size(width: 1400, height: 800)),
                    .resize(Size(width: 900, height: 600)),
                    .command(.toggleInspector),
                ]
                let input = inputs[code % inputs.count]
                f.split.handle(input)
                if code % 37 == 0 { files.items = (0..<(code % 9)).map { ListItem(title: "f\($0)") } }
                f.split.layoutPanes()
                let tree = f.split.accessibleTree(title: "w")
                let nodes = tree.allNodes
                #expect(Set(nodes.map(\.id)).count == nodes.count, "step \(step) \(input): ids are unique")
                #expect(Self.focused(tree).count == 1, "step \(step) \(input): \(Self.focused(tree).map(\.id))")
                for column in [SplitViewController.Column.primary, .supplementary, .secondary] {
                    let showing = tree.node(ID("column.\(column.name)"))?.states.contains(.showing) ?? false
                    #expect(showing == (f.split.layout.placement(of: column) != nil), "step \(step) \(input): \(column)")
                }
                #expect(
                    nodes.allSatisfy { [$0.frame.minX, $0.frame.minY, $0.frame.width, $0.frame.height].allSatisfy(\.isFinite) },
                    "step \(step) \(input): a frame is not finite")
            }
        }
    }
}

/// Rows known by their names, as the browser's files are.
private final class NamedRows: ListDataSource {
    var names: [String]
    init(_ names: [String]) { self.names = names }
    var numberOfRows: Int { names.count }
    func item(at index: Int) -> ListItem { ListItem(title: names[index] + ".txt", subtitle: "1 KB") }
    var rowsHaveSubtitles: Bool { true }
    func accessibilityIdentifier(at index: Int) -> String? { names[index] }
}

extension ListViewController {
    /// A reader's activate on the row `id`, through the split view.
    fileprivate func performAccessibleAction(_ id: AccessibleNode.ID, in f: Fixture) -> Bool {
        f.split.performAccessibleAction(id) && selectedIndex == (dataSource as? NamedRows)?.names.firstIndex(of: "d")
    }
}
