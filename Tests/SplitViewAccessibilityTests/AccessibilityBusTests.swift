import CDBus
import SplitView
import SplitViewAccessibility
import SplitViewProcesses
import TestSupport
import Testing

/// The bus serving a core window's tree with no display, to a screen reader of the test's own
/// on a private `dbus-daemon`: the application under the registry's desktop, every node of
/// the tree as an object, the empty cache, errors for what is not there, the changes told as
/// AT-SPI's signals, the registry's news of listeners, and a bus that goes away.
@Suite(.enabled(if: PrivateBus.executable != nil, "dbus-daemon is not installed (the dbus package)"))
struct AccessibilityBusTests {
    typealias Window = ServedWindow

    @Test func theApplicationIsTheRootUnderTheRegistrysDesktop() throws {
        let window = try ServedWindow()
        #expect(window.property(Window.root, "Accessible", "Name") == .string(Diagnostics.programName))
        #expect(window.property(Window.root, "Accessible", "Parent") == .reference(window.reader.name, Window.root))
        #expect(window.ask(Window.root, "Accessible", "GetRole")?.values == [.uint32(75)])
        #expect(Window.text(window.ask(Window.root, "Accessible", "GetRoleName")) == "application")
        #expect(Window.number(window.ask(Window.root, "Accessible", "GetIndexInParent")) == -1)
        #expect(
            window.ask(Window.root, "Accessible", "GetInterfaces")?.values == [
                .array("s", [.string("org.a11y.atspi.Accessible"), .string("org.a11y.atspi.Application")])
            ])
        // One window: one frame, named by its title.
        let frames = window.children(Window.root)
        #expect(frames.count == 1)
        #expect(window.property(try #require(frames.first), "Accessible", "Name") == .string(ServedWindow.title))
        #expect(window.ask(Window.root, "Accessible", "GetApplication")?.values == [.reference(window.application, Window.root)])
    }

    /// The whole tree, walked as a screen reader walks it: the same nodes in the same order
    /// as the core built them, each with its role, name, description, states and children.
    @Test func everyNodeIsServedAsTheCoreBuiltIt() throws {
        let window = try ServedWindow()
        let served = window.walk()
        let tree = try #require(window.node("window"))
        #expect(served.map(\.id) == tree.allNodes.map(\.id.path))
        // Down to the rows of both lists and the document.
        let deepest = ["column.primary.content.row.2", "column.supplementary.content.row.3", "column.secondary.content.document"]
        #expect(Set(deepest).isSubset(of: served.map(\.id)))
        for (path, id) in served {
            let node = try #require(tree.node(AccessibleNode.ID(id)))
            #expect(Window.text(window.ask(path, "Accessible", "GetRoleName")) == node.role.rawValue, "\(id)")
            #expect(Window.text(window.ask(path, "Accessible", "GetLocalizedRoleName")) == node.role.rawValue, "\(id)")
            #expect(window.property(path, "Accessible", "Name") == .string(node.name), "\(id)")
            #expect(window.property(path, "Accessible", "Description") == .string(node.description), "\(id)")
            #expect(window.property(path, "Accessible", "ChildCount") == .int32(Int32(node.children.count)), "\(id)")
            let words = AccessibilityBus.states(node.states)
            #expect(window.ask(path, "Accessible", "GetState")?.values == [.array("u", [.uint32(words.0), .uint32(words.1)])])
        }
    }

    /// The cache a reader asks first is empty, so that it asks each object instead.
    @Test func theCacheIsEmpty() throws {
        let window = try ServedWindow()
        let reply = window.ask("/org/a11y/atspi/cache", "Cache", "GetItems")
        #expect(reply?.error == nil)
        #expect(reply?.values == [.array("((so)(so)(so)iiassusau)", [])])
    }

    /// An object that is not there, and a method or interface an object does not have, are
    /// D-Bus errors, never silence: a reader waiting for an answer gets one.
    @Test func whatIsNotThereIsAnError() throws {
        let window = try ServedWindow()
        #expect(
            window.ask("/org/a11y/atspi/accessible/n999", "Accessible", "GetRoleName")?.error
                == Window.unknownObject)
        #expect(
            window.ask("/org/a11y/atspi/accessible/nonsense", "Accessible", "GetRoleName")?.error
                == Window.unknownObject)
        #expect(window.ask(Window.root, "Accessible", "NoSuchMethod")?.error == Window.unknownMethod)
        #expect(window.ask(Window.root, "org.example.Nothing", "GetRoleName")?.error == Window.unknownMethod)
        #expect(
            window.ask(Window.root, "org.freedesktop.DBus.Properties", "Get") {
                $0.string("org.a11y.atspi.Accessible")
                $0.string("NoSuchProperty")
            }?.error == Window.unknownMethod)
        // A node that went from the tree: its path names nothing now.
        let row = try #require(window.path(of: "column.supplementary.content.row.3"))
        window.files.items.removeLast()
        window.turn()
        #expect(window.ask(row, "Accessible", "GetRoleName")?.error == Window.unknownObject)
    }

    /// The trees are built once for all the questions of a turn, and again after the turn
    /// (or an action) forgets them.
    @Test func theTreeIsBuiltOnceATurn() throws {
        let window = try ServedWindow()
        let row = try #require(window.path(of: "column.supplementary.content.row.1"))
        window.turn()
        let before = window.log.treesBuilt
        for _ in 0..<5 { _ = window.ask(row, "Accessible", "GetRoleName") }
        #expect(window.log.treesBuilt == before + 1)
        // Renamed without a turn, the row keeps its old name; after one, it has the new.
        window.files.items[1] = ListItem(title: "renamed.txt")
        #expect(window.property(row, "Accessible", "Name") == .string("file 1.txt"))
        window.turn()
        #expect(window.property(row, "Accessible", "Name") == .string("renamed.txt"))
    }

    /// What an event is told as: its interface and member, its detail and number, and the
    /// child's reference for a child added or removed.
    struct Told {
        var event: AccessibleEvent
        var interface: String
        var member: String
        var detail: String
        var number: Int32
        var child: String?
    }

    static let told: [Told] = {
        let list = AccessibleNode.ID("column.supplementary.content.list")
        let row = "column.supplementary.content.row."
        let document = AccessibleNode.ID("column.secondary.content.document")
        let panel = AccessibleNode.ID("column.primary")
        return [
            Told(event: .focus(.init(row + "2")), interface: "Object", member: "StateChanged", detail: "focused", number: 1),
            Told(
                event: .stateChanged(panel, "showing", false), interface: "Object", member: "StateChanged", detail: "showing",
                number: 0),
            Told(
                event: .stateChanged(panel, "expanded", true), interface: "Object", member: "StateChanged", detail: "expanded",
                number: 1),
            Told(
                event: .childAdded(list, child: .init(row + "3"), index: 3), interface: "Object", member: "ChildrenChanged",
                detail: "add", number: 3, child: row + "3"),
            Told(
                event: .childRemoved(list, child: .init(row + "0"), index: 0), interface: "Object", member: "ChildrenChanged",
                detail: "remove", number: 0, child: row + "0"),
            Told(event: .nameChanged(panel), interface: "Object", member: "PropertyChange", detail: "accessible-name", number: 0),
            Told(event: .selectionChanged(list), interface: "Object", member: "SelectionChanged", detail: "", number: 0),
            Told(event: .caretMoved(document, 5), interface: "Object", member: "TextCaretMoved", detail: "", number: 5),
            Told(event: .textChanged(document), interface: "Object", member: "TextChanged", detail: "insert", number: 0),
            Told(
                event: .announcement(panel, "Moved “a” to the Trash."), interface: "Object", member: "Announcement", detail: "",
                number: 1),
            Told(event: .windowActivated(true), interface: "Window", member: "Activate", detail: "", number: 0),
            Told(event: .windowActivated(false), interface: "Window", member: "Deactivate", detail: "", number: 0),
        ]
    }()

    /// Each event the core names, emitted: the signal AT-SPI defines for it (`siiva{sv}`),
    /// from the object the event is about, and a reference a reader can follow.
    @Test func eachEventIsTheSignalAtSpiNames() throws {
        let window = try ServedWindow()
        for told in Self.told {
            window.reader.forgetSignals()
            window.bus.emit([told.event], window: 0)
            let signal = try #require(
                window.reader.waitForSignal { $0.interface.hasPrefix("org.a11y.atspi.Event.") }, "\(told.event)")
            #expect(signal.interface == "org.a11y.atspi.Event." + told.interface && signal.member == told.member)
            let child: DBusValue
            if let id = told.child {
                let path = try #require(window.path(of: id))
                child = .reference(window.application, path)
            } else if case .announcement(_, let message) = told.event {
                child = .string(message)
            } else if case .windowActivated = told.event {
                // A window event carries the window's name, as atk-bridge sends it.
                child = .string(window.bus.trees[0].name)
            } else {
                child = .int32(0)
            }
            #expect(
                signal.arguments == [.string(told.detail), .int32(told.number), .int32(0), .variant(child), .array("{sv}", [])],
                "\(told.event)")
            // The signal comes from the object the event is about.
            let about: String
            switch told.event {
            case .focus(let id), .stateChanged(let id, _, _), .childAdded(let id, _, _), .childRemoved(let id, _, _),
                .nameChanged(let id), .selectionChanged(let id), .caretMoved(let id, _), .textChanged(let id):
                about = id.path
            case .windowActivated: about = "window"
            case .announcement(let id, _): about = id.path
            }
            #expect(window.property(signal.path, "Accessible", "AccessibleId") == .string(about), "\(told.event)")
        }
    }

    /// A turn after the selection moved in the focused list: the reader hears the focus on
    /// the new row, follows the signal's path, and reads the row's name.
    @Test func theFocusMovingIsHeardFromTheRowItMovedTo() throws {
        let window = try ServedWindow(listeners: [(":1.99", "object:state-changed:focused")])
        window.files.selectedIndex = 2
        window.turn()
        let focus = try #require(
            window.reader.waitForSignal {
                $0.member == "StateChanged" && $0.arguments.prefix(2) == [.string("focused"), .int32(1)]
            })
        #expect(window.property(focus.path, "Accessible", "Name") == .string("file 2.txt"))
        #expect(window.reader.signals.contains { $0.member == "SelectionChanged" })
    }

    /// A new file in the list: a child added at its index, with a reference to the new row.
    @Test func aNewRowIsHeardAsAChildAddedWithItsReference() throws {
        let window = try ServedWindow(listeners: [(":1.99", "object:children-changed")])
        window.files.items.append(ListItem(title: "file 4.txt", subtitle: "4 KB"))
        window.turn()
        let added = try #require(window.reader.waitForSignal { $0.member == "ChildrenChanged" })
        #expect(added.arguments.prefix(2) == [.string("add"), .int32(4)])
        #expect(window.property(added.path, "Accessible", "AccessibleId") == .string("column.supplementary.content.list"))
        guard case .variant(let reference) = added.arguments[3] else {
            Issue.record("no child in \(added)")
            return
        }
        let row = try #require(Window.referencePath(reference))
        #expect(window.property(row, "Accessible", "Name") == .string("file 4.txt"))
    }

    /// The registry's news of a listener coming and going: the bus listens only while one
    /// does, so that a window nobody listens to never builds a tree to tell changes.
    @Test func theRegistrysNewsOfListenersIsFollowed() throws {
        let window = try ServedWindow()
        #expect(!window.bus.hasListeners)
        window.reader.announceListener(":1.50", "object:state-changed:focused", registered: true)
        #expect(waitUntil { window.bus.dispatch() && window.bus.hasListeners })
        #expect(window.bus.listeners == [":1.50 object:state-changed:focused"])
        window.reader.announceListener(":1.50", "object:state-changed:focused", registered: false)
        #expect(waitUntil { window.bus.dispatch() && !window.bus.hasListeners })
    }

    /// The bus killed under the window: the next dispatch says it is gone, and the host lets
    /// it go.
    @Test func aBusThatGoesAwaySaysSo() throws {
        let window = try ServedWindow()
        #expect(window.bus.dispatch())
        window.daemon.stop()
        #expect(waitUntil { !window.bus.dispatch() })
    }
}
