import CDBus
import Glibc
import SplitView

/// The windows' accessible trees on the desktop's accessibility bus (AT-SPI over D-Bus),
/// through libdbus-1: what Orca and pyatspi read.
///
/// The bus is found the standard way — `AT_SPI_BUS_ADDRESS`, else the `org.a11y.Bus` service
/// on the session bus — and the application registers with the registry (`Socket.Embed`).
/// Every object the core's tree holds is served under `/org/a11y/atspi/accessible/`, the
/// application itself as `root`; the answers come from the trees as the windows last built
/// them. With no session bus or no accessibility bus, ``connect(trees:perform:)`` returns nil
/// and the program runs exactly as without it, printing nothing.
final class AccessibilityBus {
    /// The trees of the open windows (frames), newest last.
    let buildTrees: () -> [AccessibleNode]
    /// The trees as of this turn of the loop: built at the first question, kept for the
    /// questions that follow (a reader asks dozens at a time) until ``invalidate()``.
    private var builtTrees: [AccessibleNode]?

    /// The windows' trees, built once per turn.
    var trees: [AccessibleNode] {
        if let builtTrees { return builtTrees }
        let built = buildTrees()
        builtTrees = built
        return built
    }

    /// Forgets the trees: the windows changed (the loop calls it each turn, and an action
    /// calls it before the next question).
    func invalidate() {
        builtTrees = nil
    }
    /// Where window `n` is on the screen (pixels) and its scale (pixels per point).
    let place: (Int) -> (origin: PixelPoint, scale: Double)
    /// Does a node's action (a click); true when done.
    let perform: (Int, AccessibleNode.ID) -> Bool
    /// The connection to the accessibility bus.
    let connection: OpaquePointer
    /// The descriptor the loop polls.
    let descriptor: Int32
    /// The registry's desktop: our root's parent.
    var desktop: (name: String, path: String) = ("", "/org/a11y/atspi/null")
    /// Numbers for node ids in object paths, by window and id.
    var handles: [Key: Int] = [:]
    var keys: [Int: Key] = [:]
    /// The id the registry gave the application.
    var applicationID: Int32 = 0
    /// The events some assistive technology listens for (the registry's list), by listener.
    private var listeners: Set<String> = []

    /// True while an assistive technology listens for events: only then are the windows'
    /// trees built after each turn to tell what changed.
    var hasListeners: Bool { !listeners.isEmpty }

    struct Key: Hashable {
        var window: Int
        var id: AccessibleNode.ID
    }

    static let prefix = "/org/a11y/atspi/accessible/"
    static let rootPath = prefix + "root"

    private init(
        connection: OpaquePointer, descriptor: Int32, trees: @escaping () -> [AccessibleNode],
        place: @escaping (Int) -> (origin: PixelPoint, scale: Double), perform: @escaping (Int, AccessibleNode.ID) -> Bool
    ) {
        self.connection = connection
        self.descriptor = descriptor
        buildTrees = trees
        self.place = place
        self.perform = perform
    }

    /// Connects to the accessibility bus and registers the application, or nil when there is
    /// none to connect to. Blocks for at most two short calls (the bus's address, the
    /// registration).
    static func connect(
        trees: @escaping () -> [AccessibleNode], place: @escaping (Int) -> (origin: PixelPoint, scale: Double),
        perform: @escaping (Int, AccessibleNode.ID) -> Bool
    ) -> AccessibilityBus? {
        guard let address = busAddress() else { return nil }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let connection = dbus_connection_open_private(address, &error) else { return nil }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        guard dbus_bus_register(connection, &error) != 0 else {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            return nil
        }
        var descriptor: Int32 = -1
        guard dbus_connection_get_unix_fd(connection, &descriptor) != 0 else {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            return nil
        }
        let bus = AccessibilityBus(connection: connection, descriptor: descriptor, trees: trees, place: place, perform: perform)
        var table = DBusObjectPathVTable()
        table.message_function = { connection, message, data in
            guard let connection, let message, let data else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
            let bus = Unmanaged<AccessibilityBus>.fromOpaque(data).takeUnretainedValue()
            return bus.handle(message, on: connection)
        }
        let context = Unmanaged.passUnretained(bus).toOpaque()
        guard dbus_connection_register_fallback(connection, "/org/a11y/atspi/accessible", &table, context) != 0 else {
            return nil
        }
        // The cache a reader asks for first: empty, so it asks for each object instead.
        var cacheTable = DBusObjectPathVTable()
        cacheTable.message_function = { connection, message, _ in
            guard let connection, let message, dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_METHOD_CALL,
                let member = dbus_message_get_member(message), String(cString: member) == "GetItems",
                let reply = dbus_message_new_method_return(message)
            else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
            var writer = DBusWriter(reply)
            writer.container(DBusWriter.arrayType, "((so)(so)(so)iiassusau)") { _ in }
            dbus_connection_send(connection, reply, nil)
            dbus_message_unref(reply)
            return DBUS_HANDLER_RESULT_HANDLED
        }
        _ = dbus_connection_register_object_path(connection, "/org/a11y/atspi/cache", &cacheTable, nil)
        // Not registered (the registry is still starting): given up, to be tried again.
        guard bus.embed() else {
            bus.close()
            return nil
        }
        bus.followListeners()
        return bus
    }

    /// Asks the registry which events are listened for, and follows its news of listeners
    /// coming and going.
    private func followListeners() {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        for member in ["EventListenerRegistered", "EventListenerDeregistered"] {
            dbus_bus_add_match(connection, "type='signal',interface='org.a11y.atspi.Registry',member='\(member)'", &error)
            dbus_error_free(&error)
            dbus_error_init(&error)
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = dbus_connection_add_filter(
            connection,
            { _, message, data in
                guard let message, let data, dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_SIGNAL,
                    let member = dbus_message_get_member(message)
                else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
                let bus = Unmanaged<AccessibilityBus>.fromOpaque(data).takeUnretainedValue()
                var reader = DBusReader(message)
                let sender = reader.string() ?? "", event = reader.string() ?? ""
                switch String(cString: member) {
                case "EventListenerRegistered": bus.listeners.insert(sender + " " + event)
                case "EventListenerDeregistered": bus.listeners.remove(sender + " " + event)
                default: return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
                }
                return DBUS_HANDLER_RESULT_HANDLED
            }, context, nil)
        guard
            let call = dbus_message_new_method_call(
                "org.a11y.atspi.Registry", "/org/a11y/atspi/registry", "org.a11y.atspi.Registry", "GetRegisteredEvents")
        else { return }
        defer { dbus_message_unref(call) }
        guard let reply = dbus_connection_send_with_reply_and_block(connection, call, 1000, &error) else { return }
        defer { dbus_message_unref(reply) }
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(reply, &iterator) != 0, dbus_message_iter_get_arg_type(&iterator) == DBusWriter.arrayType
        else {
            return
        }
        var entries = DBusMessageIter()
        dbus_message_iter_recurse(&iterator, &entries)
        while dbus_message_iter_get_arg_type(&entries) == DBusWriter.structType {
            var fields = DBusMessageIter()
            dbus_message_iter_recurse(&entries, &fields)
            let sender = DBusReader.string(&fields) ?? ""
            dbus_message_iter_next(&fields)
            let event = DBusReader.string(&fields) ?? ""
            listeners.insert(sender + " " + event)
            dbus_message_iter_next(&entries)
        }
    }

    /// Tells the listeners what changed in window `window`'s tree, as AT-SPI's signals.
    func emit(_ events: [AccessibleEvent], window: Int) {
        for event in events {
            switch event {
            case .focus(let id):
                signal(window, id, "Object", "StateChanged", "focused", 1)
            case .stateChanged(let id, let state, let on):
                signal(window, id, "Object", "StateChanged", state, on ? 1 : 0)
            case .childrenChanged(let id):
                signal(window, id, "Object", "ChildrenChanged", "add", -1)
            case .nameChanged(let id):
                signal(window, id, "Object", "PropertyChange", "accessible-name", 0)
            case .selectionChanged(let id):
                signal(window, id, "Object", "SelectionChanged", "", 0)
            case .caretMoved(let id, let offset):
                signal(window, id, "Object", "TextCaretMoved", "", Int32(clamping: offset))
            case .textChanged(let id):
                signal(window, id, "Object", "TextChanged", "insert", 0)
            case .windowActivated(let active):
                signal(window, AccessibleNode.ID("window"), "Window", active ? "Activate" : "Deactivate", "", 0)
            }
        }
        dbus_connection_flush(connection)
    }

    /// One AT-SPI event: `org.a11y.atspi.Event.<kind>.<member>` from the node's path, with
    /// its detail and number (`siiva{sv}`).
    private func signal(
        _ window: Int, _ id: AccessibleNode.ID, _ kind: String, _ member: String, _ detail: String, _ number: Int32
    ) {
        let (_, path) = path(of: .node(window: window, id: id))
        guard let message = dbus_message_new_signal(path, "org.a11y.atspi.Event." + kind, member) else { return }
        defer { dbus_message_unref(message) }
        var writer = DBusWriter(message)
        writer.string(detail)
        writer.int32(number)
        writer.int32(0)
        _ = writer.variant {
            $0.int32(0)
            return true
        }
        writer.dictionary([]) { _, _ in }
        dbus_connection_send(connection, message, nil)
    }

    /// `AT_SPI_BUS_ADDRESS`, else what `org.a11y.Bus.GetAddress` says on the session bus; nil
    /// when neither answers.
    private static func busAddress() -> String? {
        if let address = getenv("AT_SPI_BUS_ADDRESS"), address.pointee != 0 { return String(cString: address) }
        guard getenv("DBUS_SESSION_BUS_ADDRESS") != nil else { return nil }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let session = dbus_bus_get_private(DBUS_BUS_SESSION, &error) else { return nil }
        dbus_connection_set_exit_on_disconnect(session, 0)
        defer {
            dbus_connection_close(session)
            dbus_connection_unref(session)
        }
        guard let call = dbus_message_new_method_call("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress") else {
            return nil
        }
        defer { dbus_message_unref(call) }
        guard let reply = dbus_connection_send_with_reply_and_block(session, call, 1000, &error) else { return nil }
        defer { dbus_message_unref(reply) }
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(reply, &iterator) != 0 else { return nil }
        return DBusReader.string(&iterator)
    }

    /// `Socket.Embed` with the registry: it adds the application to the desktop and says
    /// which the desktop is.
    private func embed() -> Bool {
        guard let name = dbus_bus_get_unique_name(connection).map({ String(cString: $0) }),
            let call = dbus_message_new_method_call(
                "org.a11y.atspi.Registry", Self.rootPath, "org.a11y.atspi.Socket", "Embed")
        else { return false }
        defer { dbus_message_unref(call) }
        var writer = DBusWriter(call)
        writer.reference(name, Self.rootPath)
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let reply = dbus_connection_send_with_reply_and_block(connection, call, 1000, &error) else { return false }
        defer { dbus_message_unref(reply) }
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(reply, &iterator) != 0, dbus_message_iter_get_arg_type(&iterator) == DBusWriter.structType
        else {
            return false
        }
        var fields = DBusMessageIter()
        dbus_message_iter_recurse(&iterator, &fields)
        let bus = DBusReader.string(&fields)
        dbus_message_iter_next(&fields)
        let path = DBusReader.string(&fields)
        guard let bus, let path else { return false }
        desktop = (bus, path)
        return true
    }

    /// Reads and answers what came (the loop calls it when the descriptor is readable);
    /// false once the bus has gone (the loop then stops watching it, and the program runs on
    /// as without one).
    func dispatch() -> Bool {
        let open = dbus_connection_read_write(connection, 0) != 0
        while dbus_connection_dispatch(connection) == DBUS_DISPATCH_DATA_REMAINS {}
        return open && dbus_connection_get_is_connected(connection) != 0
    }

    /// Closes the connection.
    func close() {
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }

    // MARK: - Objects

    /// What an object path names: the application, or a node of a window's tree.
    enum Object {
        case application
        case node(window: Int, node: AccessibleNode, parent: Reference)
    }

    enum Reference {
        case application
        case desktop
        case node(window: Int, id: AccessibleNode.ID)
    }

    func handle(for key: Key) -> Int {
        if let handle = handles[key] { return handle }
        let handle = handles.count + 1
        handles[key] = handle
        keys[handle] = key
        return handle
    }

    func path(of reference: Reference) -> (String, String) {
        let own = dbus_bus_get_unique_name(connection).map { String(cString: $0) } ?? ""
        switch reference {
        case .application: return (own, Self.rootPath)
        case .desktop: return desktop
        case .node(let window, let id): return (own, Self.prefix + "n\(handle(for: Key(window: window, id: id)))")
        }
    }

    func object(at path: String) -> Object? {
        if path == Self.rootPath { return .application }
        guard path.hasPrefix(Self.prefix + "n"), let handle = Int(path.dropFirst(Self.prefix.count + 1)), let key = keys[handle]
        else { return nil }
        let windows = trees
        guard windows.indices.contains(key.window) else { return nil }
        return find(key.id, in: windows[key.window], window: key.window, parent: .application)
    }

    func find(_ id: AccessibleNode.ID, in node: AccessibleNode, window: Int, parent: Reference) -> Object? {
        if node.id == id { return .node(window: window, node: node, parent: parent) }
        for child in node.children {
            if let found = find(id, in: child, window: window, parent: .node(window: window, id: node.id)) { return found }
        }
        return nil
    }
}
