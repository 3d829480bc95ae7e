import CDBusLoader
import Glibc
import SplitView
import SplitViewProcesses

/// The windows' accessible trees on the desktop's accessibility bus (AT-SPI over D-Bus),
/// through libdbus-1: what Orca and pyatspi read.
///
/// The bus is found the standard way — `AT_SPI_BUS_ADDRESS`, else the `org.a11y.Bus` service
/// on the session bus — and the application registers with the registry (`Socket.Embed`).
/// Every object the core's tree holds is served under `/org/a11y/atspi/accessible/`, the
/// application itself as `root`; the answers come from the trees as the windows last built
/// them. With no session bus or no accessibility bus there is nothing to join, and the program
/// runs exactly as without it, printing nothing.
package final class AccessibilityBus {
    /// The trees of the open windows (frames), newest last.
    package let buildTrees: () -> [AccessibleNode]
    /// The trees as of this turn of the loop: built at the first question, kept for the
    /// questions that follow (a reader asks dozens at a time) until ``invalidate()``.
    private var builtTrees: [AccessibleNode]?

    /// The windows' trees, built once per turn. A hosted program's accessible tree found in
    /// them for the first time is told where it is embedded (``embed(_:)``).
    package var trees: [AccessibleNode] {
        if let builtTrees { return builtTrees }
        let built = buildTrees()
        builtTrees = built
        for (window, tree) in built.enumerated() {
            for node in tree.allNodes { if let plug = node.plug { embed(plug, in: window, at: node.id) } }
        }
        return built
    }

    /// The plugs told where they are embedded, with the path they were told.
    private var embedded: [AccessibleNode.Plug: String] = [:]

    /// Tells a hosted program's accessible tree that it is embedded in our node `id` (AT-SPI's
    /// `Socket.Embedded`, as GTK's socket tells its plug): its root then names that node as its
    /// parent, so a reader that meets the program's widgets walks up into our window. Told
    /// once per plug and place, without waiting for the answer.
    private func embed(_ plug: AccessibleNode.Plug, in window: Int, at id: AccessibleNode.ID) {
        let (_, socket) = path(of: .node(window: window, id: id))
        guard embedded[plug] != socket,
            let message = sv_dbus_message_new_method_call(plug.bus, plug.path, "org.a11y.atspi.Socket", "Embedded")
        else { return }
        defer { sv_dbus_message_unref(message) }
        embedded[plug] = socket
        var writer = DBusWriter(message)
        writer.string(socket)
        sv_dbus_message_set_no_reply(message, 1)
        sv_dbus_connection_send(connection, message, nil)
    }

    /// Forgets the trees: the windows changed (the loop calls it each turn, and an action
    /// calls it before the next question).
    package func invalidate() {
        builtTrees = nil
    }
    /// Where window `n` is on the screen (pixels) and its scale (pixels per point).
    package let place: (Int) -> (origin: (x: Int, y: Int), scale: Double)
    /// Does a node's action by name (`activate`, a click; `select`, a row selected); true
    /// when done.
    package let perform: (Int, AccessibleNode.ID, String) -> Bool
    /// A node of window `n` its tree does not hold (a list's row off screen), and its
    /// parent's id: made when a reader asks for it.
    package let lookUp: (Int, AccessibleNode.ID) -> (node: AccessibleNode, parent: AccessibleNode.ID)?
    /// The child at an index of a node of window `n` that holds only some of its children.
    package let child: (Int, AccessibleNode.ID, Int) -> AccessibleNode?
    /// The connection to the accessibility bus.
    package let connection: OpaquePointer
    /// The descriptor the loop polls.
    package let descriptor: Int32
    /// The registry's desktop: our root's parent.
    package var desktop: (name: String, path: String) = ("", "/org/a11y/atspi/null")
    /// Numbers for node ids in object paths, by window and id.
    package var handles: [Key: Int] = [:]
    package var keys: [Int: Key] = [:]
    /// The id the registry gave the application.
    package var applicationID: Int32 = 0
    /// The events some assistive technology listens for (the registry's list), by listener.
    package var listeners: Set<String> = []

    /// True while an assistive technology listens for events: only then are the windows'
    /// trees built after each turn to tell what changed.
    package var hasListeners: Bool { !listeners.isEmpty }

    package struct Key: Hashable {
        var window: Int
        var id: AccessibleNode.ID
    }

    package static let prefix = "/org/a11y/atspi/accessible/"
    package static let rootPath = prefix + "root"

    /// Serves the windows on a connection the joining thread registered (see
    /// ``join(watch:unwatch:done:)``): the objects' handlers, the registry's news of listeners,
    /// and the empty cache. The messages that came meanwhile are answered at the first
    /// ``dispatch()``.
    package init(
        joined: Joined, trees: @escaping () -> [AccessibleNode],
        place: @escaping (Int) -> (origin: (x: Int, y: Int), scale: Double),
        perform: @escaping (Int, AccessibleNode.ID, String) -> Bool,
        lookUp: @escaping (Int, AccessibleNode.ID) -> (node: AccessibleNode, parent: AccessibleNode.ID)? = { _, _ in nil },
        child: @escaping (Int, AccessibleNode.ID, Int) -> AccessibleNode? = { _, _, _ in nil }
    ) {
        self.lookUp = lookUp
        self.child = child
        connection = joined.connection
        var descriptor: Int32 = -1
        if sv_dbus_connection_get_unix_fd(joined.connection, &descriptor) == 0 { descriptor = -1 }
        self.descriptor = descriptor
        desktop = joined.desktop
        listeners = joined.listeners
        buildTrees = trees
        self.place = place
        self.perform = perform
        var table = SVDBusObjectPathVTable()
        table.message_function = { connection, message, data in
            guard let connection, let message, let data else { return SV_DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
            let bus = Unmanaged<AccessibilityBus>.fromOpaque(data).takeUnretainedValue()
            return bus.handle(message, on: connection)
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = sv_dbus_connection_register_fallback(connection, "/org/a11y/atspi/accessible", &table, context)
        // The cache a reader asks for first: empty, so it asks for each object instead.
        var cacheTable = SVDBusObjectPathVTable()
        cacheTable.message_function = { connection, message, _ in
            guard let connection, let message, sv_dbus_message_get_type(message) == SV_DBUS_MESSAGE_TYPE_METHOD_CALL,
                let member = sv_dbus_message_get_member(message), String(cString: member) == "GetItems",
                let reply = sv_dbus_message_new_method_return(message)
            else { return SV_DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
            var writer = DBusWriter(reply)
            writer.container(DBusWriter.arrayType, "((so)(so)(so)iiassusau)") { _ in }
            sv_dbus_connection_send(connection, reply, nil)
            sv_dbus_message_unref(reply)
            return SV_DBUS_HANDLER_RESULT_HANDLED
        }
        _ = sv_dbus_connection_register_object_path(connection, "/org/a11y/atspi/cache", &cacheTable, nil)
        followListeners()
    }

    /// Follows the registry's news of listeners coming and going.
    private func followListeners() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = sv_dbus_connection_add_filter(
            connection,
            { _, message, data in
                guard let message, let data, sv_dbus_message_get_type(message) == SV_DBUS_MESSAGE_TYPE_SIGNAL,
                    let member = sv_dbus_message_get_member(message)
                else { return SV_DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
                let bus = Unmanaged<AccessibilityBus>.fromOpaque(data).takeUnretainedValue()
                var reader = DBusReader(message)
                let sender = reader.string() ?? "", event = reader.string() ?? ""
                switch String(cString: member) {
                case "EventListenerRegistered": bus.listeners.insert(sender + " " + event)
                case "EventListenerDeregistered": bus.listeners.remove(sender + " " + event)
                default: return SV_DBUS_HANDLER_RESULT_NOT_YET_HANDLED
                }
                return SV_DBUS_HANDLER_RESULT_HANDLED
            }, context, nil)
    }

    /// Tells the listeners what changed in window `window`'s tree, as AT-SPI's signals.
    package func emit(_ events: [AccessibleEvent], window: Int) {
        for event in events {
            switch event {
            case .focus(let id):
                signal(window, id, "Object", "StateChanged", "focused", 1)
            case .stateChanged(let id, let state, let on):
                signal(window, id, "Object", "StateChanged", state, on ? 1 : 0)
            case .childAdded(let id, let child, let index):
                signal(window, id, "Object", "ChildrenChanged", "add", Int32(clamping: index), child: child)
            case .childRemoved(let id, let child, let index):
                signal(window, id, "Object", "ChildrenChanged", "remove", Int32(clamping: index), child: child)
            case .nameChanged(let id):
                signal(window, id, "Object", "PropertyChange", "accessible-name", 0)
            case .selectionChanged(let id):
                signal(window, id, "Object", "SelectionChanged", "", 0)
            case .caretMoved(let id, let offset):
                signal(window, id, "Object", "TextCaretMoved", "", Int32(clamping: offset))
            case .textChanged(let id):
                signal(window, id, "Object", "TextChanged", "insert", 0)
            case .announcement(let id, let message):
                // GTK 4's announcement (politeness 1: polite), for readers that know it; the
                // notification's showing, told with it, is what older readers speak.
                signal(window, id, "Object", "Announcement", "", 1, text: message)
            case .windowActivated(let active):
                let name = trees.indices.contains(window) ? trees[window].name : ""
                signal(window, AccessibleNode.ID("window"), "Window", active ? "Activate" : "Deactivate", "", 0, text: name)
            }
        }
        // Sent as far as the socket takes now, never waiting (a flush would wait for a slow
        // listener); what is left goes out at the loop's next turns (``hasPendingOutput``).
        _ = dispatch()
    }

    /// One AT-SPI event: `org.a11y.atspi.Event.<kind>.<member>` from the node's path, with
    /// its detail and number (`siiva{sv}`); the value is the child's reference when one is
    /// named (children changed), the text when one is given (a window's name, as atk-bridge
    /// sends window events), else 0.
    private func signal(
        _ window: Int, _ id: AccessibleNode.ID, _ kind: String, _ member: String, _ detail: String, _ number: Int32,
        child: AccessibleNode.ID? = nil, text: String? = nil
    ) {
        let (_, path) = path(of: .node(window: window, id: id))
        guard let message = sv_dbus_message_new_signal(path, "org.a11y.atspi.Event." + kind, member) else { return }
        defer { sv_dbus_message_unref(message) }
        var writer = DBusWriter(message)
        writer.string(detail)
        writer.int32(number)
        writer.int32(0)
        _ = writer.variant {
            if let child {
                let (bus, path) = self.path(of: .node(window: window, id: child))
                $0.reference(bus, path)
            } else if let text {
                $0.string(text)
            } else {
                $0.int32(0)
            }
            return true
        }
        writer.dictionary([]) { _, _ in }
        sv_dbus_connection_send(connection, message, nil)
    }

    /// Reads and answers what came (the loop calls it when the descriptor is readable);
    /// false once the bus has gone (the loop then stops watching it, and the program runs on
    /// as without one).
    package func dispatch() -> Bool {
        let open = sv_dbus_connection_read_write(connection, 0) != 0
        while sv_dbus_connection_dispatch(connection) == SV_DBUS_DISPATCH_DATA_REMAINS {}
        return open && sv_dbus_connection_get_is_connected(connection) != 0
    }

    /// True while messages wait to be written: the socket was full when they were sent.
    package var hasPendingOutput: Bool { sv_dbus_connection_has_messages_to_send(connection) != 0 }

    /// Closes the connection.
    package func close() {
        sv_dbus_connection_close(connection)
        sv_dbus_connection_unref(connection)
    }

    // MARK: - Objects

    /// What an object path names: the application, or a node of a window's tree.
    package enum Object {
        case application
        case node(window: Int, node: AccessibleNode, parent: Reference)
    }

    package enum Reference {
        case application
        case desktop
        case node(window: Int, id: AccessibleNode.ID)
        /// Another program's object: a hosted plug's root.
        case foreign(AccessibleNode.Plug)
    }

    package func handle(for key: Key) -> Int {
        if let handle = handles[key] { return handle }
        let handle = handles.count + 1
        handles[key] = handle
        keys[handle] = key
        return handle
    }

    package func path(of reference: Reference) -> (String, String) {
        let own = sv_dbus_bus_get_unique_name(connection).map { String(cString: $0) } ?? ""
        switch reference {
        case .application: return (own, Self.rootPath)
        case .desktop: return desktop
        case .node(let window, let id): return (own, Self.prefix + "n\(handle(for: Key(window: window, id: id)))")
        case .foreign(let plug): return (plug.bus, plug.path)
        }
    }

    package func object(at path: String) -> Object? {
        if path == Self.rootPath { return .application }
        guard path.hasPrefix(Self.prefix + "n"), let handle = Int(path.dropFirst(Self.prefix.count + 1)), let key = keys[handle]
        else { return nil }
        let windows = trees
        guard windows.indices.contains(key.window) else { return nil }
        if let found = find(key.id, in: windows[key.window], window: key.window, parent: .application) { return found }
        // A row off screen: made now, a child of its list.
        guard let (node, parent) = lookUp(key.window, key.id) else { return nil }
        return .node(window: key.window, node: node, parent: .node(window: key.window, id: parent))
    }

    package func find(_ id: AccessibleNode.ID, in node: AccessibleNode, window: Int, parent: Reference) -> Object? {
        if node.id == id { return .node(window: window, node: node, parent: parent) }
        for child in node.children {
            if let found = find(id, in: child, window: window, parent: .node(window: window, id: node.id)) { return found }
        }
        return nil
    }
}
