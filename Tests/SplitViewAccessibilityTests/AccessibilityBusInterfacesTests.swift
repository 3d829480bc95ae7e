import SplitView
import SplitViewAccessibility
import Testing

/// The interfaces of each object, asked over a private bus with no display: Properties,
/// Accessible (children, index, roles, interfaces), Action (the sidebar button's click and a
/// row's activate through the perform closure) and Component (extents through the place
/// closure).
@Suite(.enabled(if: PrivateBus.executable != nil, "dbus-daemon is not installed (the dbus package)"))
struct AccessibilityBusInterfacesTests {
    typealias Window = ServedWindow

    @Test func propertiesAnswerGetAllAndTheRegistrysSet() throws {
        let window = try ServedWindow()
        let list = try #require(window.path(of: "column.supplementary.content.list"))
        let panel = try #require(window.path(of: "column.supplementary"))
        let node = try #require(window.node("column.supplementary.content.list"))
        let all = window.ask(list, "org.freedesktop.DBus.Properties", "GetAll") { $0.string("org.a11y.atspi.Accessible") }
        #expect(
            all?.values == [
                .array(
                    "{sv}",
                    [
                        .entry(.string("Name"), .variant(.string(node.name))),
                        .entry(.string("Description"), .variant(.string(node.description))),
                        .entry(.string("Parent"), .variant(.reference(window.application, panel))),
                        .entry(.string("ChildCount"), .variant(.int32(4))),
                        .entry(.string("Locale"), .variant(.string("en_US.UTF-8"))),
                        .entry(.string("AccessibleId"), .variant(.string("column.supplementary.content.list"))),
                    ])
            ])
        let application = window.ask(Window.root, "org.freedesktop.DBus.Properties", "GetAll") {
            $0.string("org.a11y.atspi.Application")
        }
        #expect(
            application?.values == [
                .array(
                    "{sv}",
                    [
                        .entry(.string("ToolkitName"), .variant(.string("SplitView"))),
                        .entry(.string("Version"), .variant(.string("1"))),
                        .entry(.string("AtspiVersion"), .variant(.string("2.1"))),
                        .entry(.string("Id"), .variant(.int32(0))),
                    ])
            ])
        // The registry sets the application's id; it reads back.
        let set = window.ask(Window.root, "org.freedesktop.DBus.Properties", "Set") {
            $0.string("org.a11y.atspi.Application")
            $0.string("Id")
            _ = $0.variant {
                $0.int32(42)
                return true
            }
        }
        #expect(set?.error == nil && set?.values == [])
        #expect(window.property(Window.root, "Application", "Id") == .int32(42))
    }

    /// Children by index agree with the list of children; an index out of range is AT-SPI's
    /// null reference; each child knows its index and its parent.
    @Test func childrenByIndexAndTheIndexInTheParent() throws {
        let window = try ServedWindow()
        for parent in [Window.root] + window.walk().map(\.path) {
            let children = window.children(parent)
            for (index, child) in children.enumerated() {
                let reply = window.ask(parent, "Accessible", "GetChildAtIndex") { $0.int32(Int32(index)) }
                #expect(reply?.values == [.reference(window.application, child)])
                #expect(Window.number(window.ask(child, "Accessible", "GetIndexInParent")) == Int32(index))
                #expect(window.property(child, "Accessible", "Parent") == .reference(window.application, parent))
            }
            for outside: Int32 in [-1, Int32(children.count), .max] {
                let reply = window.ask(parent, "Accessible", "GetChildAtIndex") { $0.int32(outside) }
                #expect(reply?.values == [.reference("", Window.null)], "\(parent) at \(outside)")
            }
        }
    }

    /// A list of 300 files reads as 300 children through the bus, though the tree holds the
    /// rows on screen: a row far below is reached by index, knows its index and its list,
    /// says it is not showing, and the list says it manages its descendants (bit 31).
    @Test func everyRowIsReachedThroughTheBus() throws {
        let window = try ServedWindow()
        window.files.items = (0..<300).map { ListItem(title: "file \($0).txt", subtitle: "1 KB") }
        window.bus.invalidate()
        let list = try #require(window.path(of: "column.supplementary.content.list"))
        #expect(window.property(list, "Accessible", "ChildCount") == .int32(300))
        guard
            case .structure(let reference)? = window.ask(list, "Accessible", "GetChildAtIndex", { $0.int32(250) })?.values.first,
            case .objectPath(let row) = reference[1]
        else {
            Issue.record("no row 250")
            return
        }
        #expect(window.property(row, "Accessible", "Name") == .string("file 250.txt"))
        #expect(Window.number(window.ask(row, "Accessible", "GetIndexInParent")) == 250)
        #expect(window.property(row, "Accessible", "Parent") == .reference(window.application, list))
        guard case .array(_, let words)? = window.ask(row, "Accessible", "GetState")?.values.first,
            case .uint32(let low) = words.first,
            case .array(_, let listWords)? = window.ask(list, "Accessible", "GetState")?.values.first,
            case .uint32(let listLow) = listWords.first
        else {
            Issue.record("no states")
            return
        }
        #expect(low & (1 << 25) == 0, "off screen: not showing")
        #expect(listLow & (1 << 31) != 0, "manages descendants")
    }

    /// Roles as AT-SPI numbers them, and the states as its two words: a focused, selected
    /// row has AT-SPI's bits for focused (12), selected (23) and showing (25).
    @Test func rolesAndStatesAreAtSpisNumbers() throws {
        let window = try ServedWindow()
        for (path, id) in window.walk() {
            let node = try #require(window.node(id))
            #expect(window.ask(path, "Accessible", "GetRole")?.values == [.uint32(AccessibilityBus.roleNumbers[node.role] ?? 0)])
        }
        let row = try #require(window.path(of: "column.supplementary.content.row.1"))
        guard case .array(_, let words)? = window.ask(row, "Accessible", "GetState")?.values.first,
            case .uint32(let low) = words.first
        else {
            Issue.record("no state words")
            return
        }
        #expect(low & (1 << 12) != 0 && low & (1 << 23) != 0 && low & (1 << 25) != 0)
        #expect(window.ask(row, "Accessible", "GetRole")?.values == [.uint32(32)])
        // The files list takes several rows: multiselectable is bit 18 (16 is modal, which it
        // said before).
        #expect(AccessibilityBus.states([.multiselectable]) == (1 << 18, 0))
        window.files.allowsMultipleSelection = true
        window.bus.invalidate()
        let list = try #require(window.path(of: "column.supplementary.content.list"))
        guard case .array(_, let listWords)? = window.ask(list, "Accessible", "GetState")?.values.first,
            case .uint32(let listLow) = listWords.first
        else {
            Issue.record("no state words")
            return
        }
        #expect(listLow & (1 << 18) != 0 && listLow & (1 << 16) == 0)
    }

    /// Each object has the interfaces of what it can do: an action, a text, a selection of
    /// rows; its attributes as libatspi reads them (`a{ss}`: before, `a{sv}`, which it warns
    /// of); a tree row's relation to its folder's row (`NODE_CHILD_OF`).
    @Test func eachObjectHasTheInterfacesOfWhatItCanDo() throws {
        let window = try ServedWindow()
        for (path, id) in window.walk() {
            let node = try #require(window.node(id))
            var expected = ["org.a11y.atspi.Accessible", "org.a11y.atspi.Component"]
            if !node.actions.isEmpty { expected.append("org.a11y.atspi.Action") }
            if node.text != nil { expected.append("org.a11y.atspi.Text") }
            if node.role == .list || node.role == .tree { expected.append("org.a11y.atspi.Selection") }
            #expect(
                window.ask(path, "Accessible", "GetInterfaces")?.values == [.array("s", expected.map { .string($0) })], "\(id)")
            let toolkit = DBusValue.entry(.string("toolkit"), .string("SplitView"))
            guard node.role == .treeItem, let level = node.level else {
                #expect(window.ask(path, "Accessible", "GetRelationSet")?.values == [.array("(ua(so))", [])])
                #expect(window.ask(path, "Accessible", "GetAttributes")?.values == [.array("{ss}", [toolkit])])
                continue
            }
            // A tree row: `a{ss}` with its level, and the child of its folder's row (or of the
            // tree, for a top row).
            #expect(
                window.ask(path, "Accessible", "GetAttributes")?.values == [
                    .array("{ss}", [toolkit, .entry(.string("level"), .string(String(level)))])
                ])
            guard case .array(_, let relations)? = window.ask(path, "Accessible", "GetRelationSet")?.values.first,
                relations.count == 1, case .structure(let relation) = relations[0], relation.first == .uint32(7),
                case .array(_, let targets) = relation[1], targets.count == 1,
                case .structure(let target) = targets[0], case .objectPath(let targetPath) = target[1]
            else {
                Issue.record("\(id): no NODE_CHILD_OF relation")
                continue
            }
            let folder = try #require(window.property(targetPath, "Accessible", "AccessibleId"))
            guard case .string(let folderID) = folder, let folderNode = window.node(folderID) else {
                Issue.record("\(id): the relation names nothing")
                continue
            }
            #expect(level == 1 ? folderNode.role == .tree : folderNode.level == level - 1, "\(id) → \(folderID)")
        }
        // Asked anyway, a node without actions does none and performs nothing.
        let document = try #require(window.path(of: "column.secondary.content.document"))
        #expect(Window.flag(window.ask(document, "Action", "DoAction") { $0.int32(0) }) == false)
        #expect(Window.number(window.ask(document, "Action", "GetNActions")) == 0)
        #expect(window.log.actions.isEmpty)
    }

    /// The sidebar button's one action, its name and key; done, it is the perform closure's
    /// click, and the sidebar's pane stops showing at the next question.
    @Test func theSidebarButtonsActionHidesTheSidebarThroughPerform() throws {
        let window = try ServedWindow()
        let id = "column.primary.button.displayMode"
        let button = try #require(window.path(of: id))
        #expect(window.property(button, "Accessible", "Name") == .string("Hide Sidebar"))
        #expect(Window.number(window.ask(button, "Action", "GetNActions")) == 1)
        #expect(window.property(button, "Action", "NActions") == .int32(1))
        #expect(Window.text(window.ask(button, "Action", "GetName") { $0.int32(0) }) == "click")
        #expect(Window.text(window.ask(button, "Action", "GetLocalizedName") { $0.int32(0) }) == "click")
        #expect(Window.text(window.ask(button, "Action", "GetName") { $0.int32(1) }) == "")
        #expect(Window.text(window.ask(button, "Action", "GetDescription") { $0.int32(0) }) == "")
        #expect(Window.text(window.ask(button, "Action", "GetKeyBinding") { $0.int32(0) }) == "F9")
        #expect(
            window.ask(button, "Action", "GetActions")?.values == [
                .array("(sss)", [.structure([.string("click"), .string("click"), .string("F9")])])
            ])
        // An action it does not have is refused without calling perform.
        #expect(Window.flag(window.ask(button, "Action", "DoAction") { $0.int32(1) }) == false)
        #expect(window.log.actions.isEmpty)
        let sidebar = try #require(window.path(of: "column.primary"))
        #expect(Self.isShowing(window, sidebar))
        #expect(Window.flag(window.ask(button, "Action", "DoAction") { $0.int32(0) }) == true)
        #expect(window.log.actions == ["0 \(id) click"])
        #expect(window.split.layout.placement(of: .primary) == nil)
        #expect(!Self.isShowing(window, sidebar))
    }

    /// A row's action is activate: the perform closure gets it, and the row is selected.
    @Test func aRowsActivateIsAClickOnIt() throws {
        let window = try ServedWindow()
        let id = "column.supplementary.content.row.3"
        let row = try #require(window.path(of: id))
        #expect(Window.text(window.ask(row, "Action", "GetName") { $0.int32(0) }) == "activate")
        #expect(Window.flag(window.ask(row, "Action", "DoAction") { $0.int32(0) }) == true)
        #expect(window.log.actions == ["0 \(id) activate"])
        #expect(window.files.selectedIndex == 3)
    }

    /// Extents are the node's frame in pixels: in the window (1, and parent, 2, taken as the
    /// window), or on the screen (0) from where the place closure puts the window.
    @Test func extentsArePixelsFromThePlaceClosure() throws {
        let window = try ServedWindow()
        let document = try #require(window.path(of: "column.secondary.content.document"))
        let frame = try #require(window.node("column.secondary.content.document")).frame
        func extents(_ kind: UInt32?) -> [DBusValue]? {
            window.ask(document, "Component", "GetExtents") { if let kind { $0.uint32(kind) } }?.values
        }
        func expected(_ scale: Double, _ dx: Int, _ dy: Int) -> [DBusValue] {
            let numbers = [
                (frame.minX * scale).rounded() + Double(dx), (frame.minY * scale).rounded() + Double(dy),
                (frame.width * scale).rounded(), (frame.height * scale).rounded(),
            ]
            return [.structure(numbers.map { .int32(Int32($0)) })]
        }
        #expect(frame.width > 0 && frame.minX > 0)
        #expect(extents(1) == expected(2, 0, 0))
        #expect(extents(2) == expected(2, 0, 0))
        #expect(extents(nil) == expected(2, 0, 0))
        #expect(extents(0) == expected(2, 100, 50))
        // The window moved to another screen, at another scale.
        window.placement.origin = (x: -30, y: 7)
        window.placement.scale = 1.5
        #expect(extents(0) == expected(1.5, -30, 7))
        // The application has no place; nor a method the bus does not answer.
        #expect(window.ask(Window.root, "Component", "GetExtents") { $0.uint32(0) }?.error == Window.unknownMethod)
        #expect(window.ask(document, "Component", "GetSize")?.error == Window.unknownMethod)
    }

    /// Whether the object at `path` has AT-SPI's showing bit (25).
    static func isShowing(_ window: ServedWindow, _ path: String) -> Bool {
        guard case .array(_, let words)? = window.ask(path, "Accessible", "GetState")?.values.first,
            case .uint32(let low) = words.first
        else { return false }
        return low & (1 << 25) != 0
    }
}
