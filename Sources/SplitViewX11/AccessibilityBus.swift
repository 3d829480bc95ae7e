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
    let trees: () -> [AccessibleNode]
    /// Where window `n` is on the screen (pixels) and its scale (pixels per point).
    let place: (Int) -> (origin: PixelPoint, scale: Double)
    /// Does a node's action (a click); true when done.
    let perform: (Int, AccessibleNode.ID) -> Bool
    /// The connection to the accessibility bus.
    let connection: OpaquePointer
    /// The descriptor the loop polls.
    let descriptor: Int32
    /// The registry's desktop: our root's parent.
    private(set) var desktop: (name: String, path: String) = ("", "/org/a11y/atspi/null")
    /// Numbers for node ids in object paths, by window and id.
    private var handles: [Key: Int] = [:]
    private var keys: [Int: Key] = [:]
    /// The id the registry gave the application.
    private var applicationID: Int32 = 0
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
        self.trees = trees
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
            var writer = Writer(reply)
            writer.container(Writer.arrayType, "((so)(so)(so)iiassusau)") { _ in }
            dbus_connection_send(connection, reply, nil)
            dbus_message_unref(reply)
            return DBUS_HANDLER_RESULT_HANDLED
        }
        _ = dbus_connection_register_object_path(connection, "/org/a11y/atspi/cache", &cacheTable, nil)
        bus.embed()
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
                var reader = Reader(message)
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
        guard dbus_message_iter_init(reply, &iterator) != 0, dbus_message_iter_get_arg_type(&iterator) == Writer.arrayType else {
            return
        }
        var entries = DBusMessageIter()
        dbus_message_iter_recurse(&iterator, &entries)
        while dbus_message_iter_get_arg_type(&entries) == Writer.structType {
            var fields = DBusMessageIter()
            dbus_message_iter_recurse(&entries, &fields)
            let sender = Self.string(&fields) ?? ""
            dbus_message_iter_next(&fields)
            let event = Self.string(&fields) ?? ""
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
        var writer = Writer(message)
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
        return Self.string(&iterator)
    }

    /// `Socket.Embed` with the registry: it adds the application to the desktop and says
    /// which the desktop is.
    private func embed() {
        guard let name = dbus_bus_get_unique_name(connection).map({ String(cString: $0) }),
            let call = dbus_message_new_method_call(
                "org.a11y.atspi.Registry", Self.rootPath, "org.a11y.atspi.Socket", "Embed")
        else { return }
        defer { dbus_message_unref(call) }
        var writer = Writer(call)
        writer.reference(name, Self.rootPath)
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let reply = dbus_connection_send_with_reply_and_block(connection, call, 1000, &error) else { return }
        defer { dbus_message_unref(reply) }
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(reply, &iterator) != 0, dbus_message_iter_get_arg_type(&iterator) == Writer.structType else {
            return
        }
        var fields = DBusMessageIter()
        dbus_message_iter_recurse(&iterator, &fields)
        let bus = Self.string(&fields)
        dbus_message_iter_next(&fields)
        let path = Self.string(&fields)
        if let bus, let path { desktop = (bus, path) }
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
    private enum Object {
        case application
        case node(window: Int, node: AccessibleNode, parent: Reference)
    }

    private enum Reference {
        case application
        case desktop
        case node(window: Int, id: AccessibleNode.ID)
    }

    private func handle(for key: Key) -> Int {
        if let handle = handles[key] { return handle }
        let handle = handles.count + 1
        handles[key] = handle
        keys[handle] = key
        return handle
    }

    private func path(of reference: Reference) -> (String, String) {
        let own = dbus_bus_get_unique_name(connection).map { String(cString: $0) } ?? ""
        switch reference {
        case .application: return (own, Self.rootPath)
        case .desktop: return desktop
        case .node(let window, let id): return (own, Self.prefix + "n\(handle(for: Key(window: window, id: id)))")
        }
    }

    private func object(at path: String) -> Object? {
        if path == Self.rootPath { return .application }
        guard path.hasPrefix(Self.prefix + "n"), let handle = Int(path.dropFirst(Self.prefix.count + 1)), let key = keys[handle]
        else { return nil }
        let windows = trees()
        guard windows.indices.contains(key.window) else { return nil }
        return find(key.id, in: windows[key.window], window: key.window, parent: .application)
    }

    private func find(_ id: AccessibleNode.ID, in node: AccessibleNode, window: Int, parent: Reference) -> Object? {
        if node.id == id { return .node(window: window, node: node, parent: parent) }
        for child in node.children {
            if let found = find(id, in: child, window: window, parent: .node(window: window, id: node.id)) { return found }
        }
        return nil
    }

    // MARK: - Messages

    private func handle(_ message: OpaquePointer, on connection: OpaquePointer) -> DBusHandlerResult {
        guard dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_METHOD_CALL,
            let pathPointer = dbus_message_get_path(message), let memberPointer = dbus_message_get_member(message)
        else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
        let path = String(cString: pathPointer), member = String(cString: memberPointer)
        let interface = dbus_message_get_interface(message).map { String(cString: $0) } ?? ""
        guard let object = object(at: path), let reply = dbus_message_new_method_return(message) else {
            return replyError("org.freedesktop.DBus.Error.UnknownObject", to: message)
        }
        defer { dbus_message_unref(reply) }
        var writer = Writer(reply)
        var reader = Reader(message)
        let answered: Bool
        switch interface {
        case "org.freedesktop.DBus.Properties":
            answered = properties(member, object, &reader, &writer)
        case "org.a11y.atspi.Accessible":
            answered = accessible(member, object, &reader, &writer)
        case "org.a11y.atspi.Action":
            answered = action(member, object, &reader, &writer)
        case "org.a11y.atspi.Component":
            answered = component(member, object, &reader, &writer)
        case "org.a11y.atspi.Text":
            answered = text(member, object, &reader, &writer)
        default:
            answered = false
        }
        guard answered else { return replyError("org.freedesktop.DBus.Error.UnknownMethod", to: message) }
        dbus_connection_send(connection, reply, nil)
        return DBUS_HANDLER_RESULT_HANDLED
    }

    private func replyError(_ name: String, to message: OpaquePointer) -> DBusHandlerResult {
        if let reply = dbus_message_new_error(message, name, "not known") {
            dbus_connection_send(connection, reply, nil)
            dbus_message_unref(reply)
        }
        return DBUS_HANDLER_RESULT_HANDLED
    }

    private func children(of object: Object) -> [Reference] {
        switch object {
        case .application: return trees().indices.map { .node(window: $0, id: trees()[$0].id) }
        case .node(let window, let node, _): return node.children.map { .node(window: window, id: $0.id) }
        }
    }

    private func name(of object: Object) -> String {
        switch object {
        case .application: return Diagnostics.programName
        case .node(_, let node, _): return node.name
        }
    }

    private func properties(_ member: String, _ object: Object, _ reader: inout Reader, _ writer: inout Writer) -> Bool {
        switch member {
        case "Get":
            let interface = reader.string() ?? "", name = reader.string() ?? ""
            return writer.variant { property(interface, name, object, &$0) }
        case "GetAll":
            let interface = reader.string() ?? ""
            let names =
                interface == "org.a11y.atspi.Application"
                ? ["ToolkitName", "Version", "AtspiVersion", "Id"]
                : ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId"]
            writer.dictionary(names) { name, value in _ = property(interface, name, object, &value) }
            return true
        case "Set":
            let interface = reader.string() ?? "", name = reader.string() ?? ""
            if interface == "org.a11y.atspi.Application", name == "Id", let id = reader.variantInt32() { applicationID = id }
            return true
        default:
            return false
        }
    }

    /// Writes the property's value (its own type, the caller wraps it); false when unknown.
    private func property(_ interface: String, _ name: String, _ object: Object, _ writer: inout Writer) -> Bool {
        switch (interface, name) {
        case ("org.a11y.atspi.Accessible", "Name"): writer.string(self.name(of: object))
        case ("org.a11y.atspi.Accessible", "Description"):
            if case .node(_, let node, _) = object { writer.string(node.description) } else { writer.string("") }
        case ("org.a11y.atspi.Accessible", "Parent"):
            switch object {
            case .application: writer.reference(desktop.name, desktop.path)
            case .node(_, _, let parent): let (bus, path) = self.path(of: parent); writer.reference(bus, path)
            }
        case ("org.a11y.atspi.Accessible", "ChildCount"): writer.int32(Int32(children(of: object).count))
        case ("org.a11y.atspi.Accessible", "Locale"): writer.string("en_US.UTF-8")
        case ("org.a11y.atspi.Accessible", "AccessibleId"):
            if case .node(_, let node, _) = object { writer.string(node.id.path) } else { writer.string("") }
        case ("org.a11y.atspi.Application", "ToolkitName"): writer.string("SplitView")
        case ("org.a11y.atspi.Application", "Version"): writer.string("1")
        case ("org.a11y.atspi.Application", "AtspiVersion"): writer.string("2.1")
        case ("org.a11y.atspi.Application", "Id"): writer.int32(applicationID)
        case ("org.a11y.atspi.Action", "NActions"):
            if case .node(_, let node, _) = object { writer.int32(Int32(node.actions.count)) } else { writer.int32(0) }
        case ("org.a11y.atspi.Text", "CharacterCount"):
            if case .node(_, let node, _) = object {
                writer.int32(Int32(node.text?.unicodeScalars.count ?? 0))
            } else {
                writer.int32(0)
            }
        case ("org.a11y.atspi.Text", "CaretOffset"):
            if case .node(_, let node, _) = object { writer.int32(Int32(node.caret ?? 0)) } else { writer.int32(0) }
        default: return false
        }
        return true
    }

    private func accessible(_ member: String, _ object: Object, _ reader: inout Reader, _ writer: inout Writer) -> Bool {
        switch member {
        case "GetChildAtIndex":
            let index = Int(reader.int32() ?? -1)
            let all = children(of: object)
            let (bus, path) = all.indices.contains(index) ? self.path(of: all[index]) : ("", "/org/a11y/atspi/null")
            writer.reference(bus, path)
        case "GetChildren":
            writer.references(children(of: object).map { self.path(of: $0) })
        case "GetIndexInParent":
            switch object {
            case .application: writer.int32(-1)
            case .node(let window, let node, let parent):
                let siblings: [Reference] =
                    switch parent {
                    case .application: children(of: .application)
                    case .node(_, let id):
                        (trees()[window].node(id)?.children ?? []).map { .node(window: window, id: $0.id) }
                    case .desktop: []
                    }
                let index = siblings.firstIndex {
                    if case .node(_, let id) = $0 { id == node.id } else { false }
                }
                writer.int32(Int32(index ?? -1))
            }
        case "GetRelationSet": writer.emptyRelations()
        case "GetRole": writer.uint32(role(of: object))
        case "GetRoleName", "GetLocalizedRoleName":
            if case .node(_, let node, _) = object { writer.string(node.role.rawValue) } else { writer.string("application") }
        case "GetState":
            if case .node(_, let node, _) = object { writer.states(Self.states(node.states)) } else { writer.states((0, 0)) }
        case "GetAttributes": writer.dictionary([]) { _, _ in }
        case "GetApplication": writer.reference(path(of: .application).0, Self.rootPath)
        case "GetInterfaces":
            var interfaces = ["org.a11y.atspi.Accessible"]
            if case .node(_, let node, _) = object {
                interfaces.append("org.a11y.atspi.Component")
                if !node.actions.isEmpty { interfaces.append("org.a11y.atspi.Action") }
                if node.text != nil { interfaces.append("org.a11y.atspi.Text") }
            } else {
                interfaces.append("org.a11y.atspi.Application")
            }
            writer.strings(interfaces)
        default: return false
        }
        return true
    }

    private func action(_ member: String, _ object: Object, _ reader: inout Reader, _ writer: inout Writer) -> Bool {
        guard case .node(let window, let node, _) = object else { return false }
        switch member {
        case "GetNActions": writer.int32(Int32(node.actions.count))
        case "GetName", "GetLocalizedName":
            let index = Int(reader.int32() ?? -1)
            writer.string(node.actions.indices.contains(index) ? node.actions[index] : "")
        case "GetDescription": writer.string("")
        case "GetKeyBinding": writer.string(node.keyBinding)
        case "GetActions":
            writer.actions(node.actions.map { ($0, $0, node.keyBinding) })
        case "DoAction":
            writer.boolean(perform(window, node.id))
        default: return false
        }
        return true
    }

    /// Extents in pixels: in the window's coordinates (1, and 2, parent, taken as the
    /// window's), or on the screen (0), from where the window is (`SplitWindow.screenOrigin`).
    private func component(_ member: String, _ object: Object, _ reader: inout Reader, _ writer: inout Writer) -> Bool {
        guard case .node(let window, let node, _) = object, member == "GetExtents" else { return false }
        let onScreen = (reader.uint32() ?? 1) == 0
        let (origin, scale) = place(window)
        let frame = node.frame
        let x = (frame.minX * scale).rounded() + (onScreen ? Double(origin.x) : 0)
        let y = (frame.minY * scale).rounded() + (onScreen ? Double(origin.y) : 0)
        writer.extents(
            Int32(clamping: Int(x)), Int32(clamping: Int(y)), Int32(clamping: Int((frame.width * scale).rounded())),
            Int32(clamping: Int((frame.height * scale).rounded())))
        return true
    }

    private func text(_ member: String, _ object: Object, _ reader: inout Reader, _ writer: inout Writer) -> Bool {
        guard case .node(_, let node, _) = object, let text = node.text else { return false }
        switch member {
        case "GetText":
            let scalars = Array(text.unicodeScalars)
            let start = max(0, min(Int(reader.int32() ?? 0), scalars.count))
            var end = Int(reader.int32() ?? -1)
            if end < 0 || end > scalars.count { end = scalars.count }
            var result = String.UnicodeScalarView()
            if start < end { result.append(contentsOf: scalars[start..<end]) }
            writer.string(String(result))
        case "GetCaretOffset": writer.int32(Int32(node.caret ?? 0))
        default: return false
        }
        return true
    }

    private func role(of object: Object) -> UInt32 {
        guard case .node(_, let node, _) = object else { return 75 }
        return Self.roleNumbers[node.role] ?? 67
    }

    /// AT-SPI's role numbers (`AtspiRole`).
    static let roleNumbers: [AccessibleNode.Role: UInt32] = [
        .application: 75, .frame: 23, .splitPane: 53, .panel: 39, .tree: 65, .treeItem: 91, .list: 31, .listItem: 32,
        .documentText: 94, .pushButton: 43, .menu: 33, .menuItem: 35, .checkMenuItem: 8, .alert: 2, .entry: 79, .embedded: 78,
    ]

    /// The states as AT-SPI's two 32-bit words (`AtspiStateType` bits).
    static func states(_ states: AccessibleNode.States) -> (UInt32, UInt32) {
        let bits: [(AccessibleNode.States, Int)] = [
            (.active, 1), (.checked, 4), (.editable, 7), (.enabled, 8), (.expandable, 9), (.expanded, 10), (.focusable, 11),
            (.focused, 12), (.multiLine, 17), (.selectable, 22), (.selected, 23), (.enabled, 24), (.showing, 25),
            (.visible, 30), (.checkable, 41),
        ]
        var words: (UInt32, UInt32) = (0, 0)
        for (state, bit) in bits where states.contains(state) {
            if bit < 32 { words.0 |= 1 << UInt32(bit) } else { words.1 |= 1 << UInt32(bit - 32) }
        }
        return words
    }

    static func string(_ iterator: inout DBusMessageIter) -> String? {
        let type = dbus_message_iter_get_arg_type(&iterator)
        guard type == Writer.stringType || type == Writer.objectPathType else { return nil }
        var pointer: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iterator, &pointer)
        return pointer.map { String(cString: $0) }
    }
}

/// Reads a method call's arguments in order.
struct Reader {
    var iterator = DBusMessageIter()
    var valid: Bool

    init(_ message: OpaquePointer) {
        valid = dbus_message_iter_init(message, &iterator) != 0
    }

    mutating func string() -> String? {
        guard valid else { return nil }
        let value = AccessibilityBus.string(&iterator)
        valid = dbus_message_iter_next(&iterator) != 0
        return value
    }

    mutating func int32() -> Int32? {
        guard valid, dbus_message_iter_get_arg_type(&iterator) == Writer.int32Type else { return nil }
        var value: Int32 = 0
        dbus_message_iter_get_basic(&iterator, &value)
        valid = dbus_message_iter_next(&iterator) != 0
        return value
    }

    mutating func uint32() -> UInt32? {
        guard valid, dbus_message_iter_get_arg_type(&iterator) == Writer.uint32Type else { return nil }
        var value: UInt32 = 0
        dbus_message_iter_get_basic(&iterator, &value)
        valid = dbus_message_iter_next(&iterator) != 0
        return value
    }

    mutating func variantInt32() -> Int32? {
        guard valid, dbus_message_iter_get_arg_type(&iterator) == Writer.variantType else { return nil }
        var inner = DBusMessageIter()
        dbus_message_iter_recurse(&iterator, &inner)
        guard dbus_message_iter_get_arg_type(&inner) == Writer.int32Type else { return nil }
        var value: Int32 = 0
        dbus_message_iter_get_basic(&inner, &value)
        return value
    }
}

/// Writes a reply's values in order, through libdbus's iterators.
struct Writer {
    static let stringType = Int32(UInt8(ascii: "s"))
    static let objectPathType = Int32(UInt8(ascii: "o"))
    static let int32Type = Int32(UInt8(ascii: "i"))
    static let uint32Type = Int32(UInt8(ascii: "u"))
    static let booleanType = Int32(UInt8(ascii: "b"))
    static let arrayType = Int32(UInt8(ascii: "a"))
    static let structType = Int32(UInt8(ascii: "r"))
    static let variantType = Int32(UInt8(ascii: "v"))
    static let dictEntryType = Int32(UInt8(ascii: "e"))

    var iterator = DBusMessageIter()

    init(_ message: OpaquePointer) {
        dbus_message_iter_init_append(message, &iterator)
    }

    private init() {}

    mutating func string(_ value: String) {
        value.withCString { pointer in
            var pointer: UnsafePointer<CChar>? = pointer
            _ = dbus_message_iter_append_basic(&iterator, Self.stringType, &pointer)
        }
    }

    mutating func objectPath(_ value: String) {
        value.withCString { pointer in
            var pointer: UnsafePointer<CChar>? = pointer
            _ = dbus_message_iter_append_basic(&iterator, Self.objectPathType, &pointer)
        }
    }

    mutating func int32(_ value: Int32) {
        var value = value
        _ = dbus_message_iter_append_basic(&iterator, Self.int32Type, &value)
    }

    mutating func uint32(_ value: UInt32) {
        var value = value
        _ = dbus_message_iter_append_basic(&iterator, Self.uint32Type, &value)
    }

    mutating func boolean(_ value: Bool) {
        var value: UInt32 = value ? 1 : 0
        _ = dbus_message_iter_append_basic(&iterator, Self.booleanType, &value)
    }

    /// A container of `type` (with `signature` for arrays and variants), filled by `body`.
    mutating func container(_ type: Int32, _ signature: String?, _ body: (inout Writer) -> Void) {
        var inner = Writer()
        if let signature {
            _ = signature.withCString { dbus_message_iter_open_container(&iterator, type, $0, &inner.iterator) }
        } else {
            _ = dbus_message_iter_open_container(&iterator, type, nil, &inner.iterator)
        }
        body(&inner)
        _ = dbus_message_iter_close_container(&iterator, &inner.iterator)
    }

    /// `(so)`: a bus name and an object path.
    mutating func reference(_ bus: String, _ path: String) {
        container(Self.structType, nil) {
            $0.string(bus)
            $0.objectPath(path)
        }
    }

    /// `a(so)`.
    mutating func references(_ all: [(String, String)]) {
        container(Self.arrayType, "(so)") { array in
            for (bus, path) in all { array.reference(bus, path) }
        }
    }

    /// `as`.
    mutating func strings(_ all: [String]) {
        container(Self.arrayType, "s") { array in for value in all { array.string(value) } }
    }

    /// `au`: the two state words.
    mutating func states(_ words: (UInt32, UInt32)) {
        container(Self.arrayType, "u") {
            $0.uint32(words.0)
            $0.uint32(words.1)
        }
    }

    /// `a(ua(so))`, empty.
    mutating func emptyRelations() {
        container(Self.arrayType, "(ua(so))") { _ in }
    }

    /// `(iiii)`.
    mutating func extents(_ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32) {
        container(Self.structType, nil) {
            $0.int32(x)
            $0.int32(y)
            $0.int32(width)
            $0.int32(height)
        }
    }

    /// `a(sss)`.
    mutating func actions(_ all: [(String, String, String)]) {
        container(Self.arrayType, "(sss)") { array in
            for (name, description, key) in all {
                array.container(Self.structType, nil) {
                    $0.string(name)
                    $0.string(description)
                    $0.string(key)
                }
            }
        }
    }

    /// `v`, its value written by `body` (which says whether it knew it); the variant's
    /// signature comes from the first value written. False when `body` wrote nothing.
    mutating func variant(_ body: (inout Writer) -> Bool) -> Bool {
        // The value is written into a scratch message first to learn its signature.
        guard let scratch = dbus_message_new(Int32(DBUS_MESSAGE_TYPE_METHOD_CALL)) else { return false }
        defer { dbus_message_unref(scratch) }
        var probe = Writer(scratch)
        guard body(&probe) else { return false }
        guard let signature = dbus_message_get_signature(scratch).map({ String(cString: $0) }) else { return false }
        var known = true
        container(Self.variantType, signature) { known = body(&$0) }
        return known
    }

    /// `a{sv}` of `names`, each value written by `body`.
    mutating func dictionary(_ names: [String], _ body: (String, inout Writer) -> Void) {
        container(Self.arrayType, "{sv}") { array in
            for name in names {
                array.container(Self.dictEntryType, nil) { entry in
                    entry.string(name)
                    _ = entry.variant { value in
                        body(name, &value)
                        return true
                    }
                }
            }
        }
    }
}
