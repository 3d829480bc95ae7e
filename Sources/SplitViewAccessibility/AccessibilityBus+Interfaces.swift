import CDBusLoader
import SplitView
import SplitViewProcesses

/// The AT-SPI interfaces the bus answers for each object: Properties, Accessible, Action,
/// Component, Text and Selection, from the windows' trees.
extension AccessibilityBus {
    package func handle(_ message: OpaquePointer, on connection: OpaquePointer) -> SVDBusHandlerResult {
        guard sv_dbus_message_get_type(message) == SV_DBUS_MESSAGE_TYPE_METHOD_CALL,
            let pathPointer = sv_dbus_message_get_path(message), let memberPointer = sv_dbus_message_get_member(message)
        else { return SV_DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
        let path = String(cString: pathPointer), member = String(cString: memberPointer)
        let interface = sv_dbus_message_get_interface(message).map { String(cString: $0) } ?? ""
        guard let object = object(at: path), let reply = sv_dbus_message_new_method_return(message) else {
            return replyError("org.freedesktop.DBus.Error.UnknownObject", to: message)
        }
        defer { sv_dbus_message_unref(reply) }
        var writer = DBusWriter(reply)
        var reader = DBusReader(message)
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
        case "org.a11y.atspi.Selection":
            answered = selection(member, object, &reader, &writer)
        default:
            answered = false
        }
        guard answered else { return replyError("org.freedesktop.DBus.Error.UnknownMethod", to: message) }
        sv_dbus_connection_send(connection, reply, nil)
        return SV_DBUS_HANDLER_RESULT_HANDLED
    }

    package func replyError(_ name: String, to message: OpaquePointer) -> SVDBusHandlerResult {
        if let reply = sv_dbus_message_new_error(message, name, "not known") {
            sv_dbus_connection_send(connection, reply, nil)
            sv_dbus_message_unref(reply)
        }
        return SV_DBUS_HANDLER_RESULT_HANDLED
    }

    package func children(of object: Object) -> [Reference] {
        switch object {
        case .application: return trees.indices.map { .node(window: $0, id: trees[$0].id) }
        case .node(_, let node, _) where node.plug != nil: return node.plug.map { [.foreign($0)] } ?? []
        case .node(let window, let node, _): return node.children.map { .node(window: window, id: $0.id) }
        }
    }

    /// How many children the object has: all of a list's rows, though the tree holds only
    /// those on screen (``AccessibleNode/childCount``).
    package func childCount(of object: Object) -> Int {
        if case .node(_, let node, _) = object, let count = node.childCount { return count }
        return children(of: object).count
    }

    /// The object's child at `index`: a held child, or for a node holding only some, the
    /// one made for that index.
    package func child(at index: Int, of object: Object) -> Reference? {
        if case .node(let window, let node, _) = object, node.childCount != nil {
            if let held = node.children.first(where: { $0.indexInParent == index }) {
                return .node(window: window, id: held.id)
            }
            return child(window, node.id, index).map { .node(window: window, id: $0.id) }
        }
        let all = children(of: object)
        return all.indices.contains(index) ? all[index] : nil
    }

    package func name(of object: Object) -> String {
        switch object {
        case .application: return Diagnostics.programName
        case .node(_, let node, _): return node.name
        }
    }

    package func properties(_ member: String, _ object: Object, _ reader: inout DBusReader, _ writer: inout DBusWriter) -> Bool {
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
    package func property(_ interface: String, _ name: String, _ object: Object, _ writer: inout DBusWriter) -> Bool {
        switch (interface, name) {
        case ("org.a11y.atspi.Accessible", "Name"): writer.string(self.name(of: object))
        case ("org.a11y.atspi.Accessible", "Description"):
            if case .node(_, let node, _) = object { writer.string(node.description) } else { writer.string("") }
        case ("org.a11y.atspi.Accessible", "Parent"):
            switch object {
            case .application: writer.reference(desktop.name, desktop.path)
            case .node(_, _, let parent): let (bus, path) = self.path(of: parent); writer.reference(bus, path)
            }
        case ("org.a11y.atspi.Accessible", "ChildCount"): writer.int32(Int32(clamping: childCount(of: object)))
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
        case ("org.a11y.atspi.Selection", "NSelectedChildren"):
            if case .node(_, let node, _) = object {
                writer.int32(Int32(Self.selectedIndexes(node).count))
            } else {
                writer.int32(0)
            }
        default: return false
        }
        return true
    }

    package func accessible(_ member: String, _ object: Object, _ reader: inout DBusReader, _ writer: inout DBusWriter) -> Bool {
        switch member {
        case "GetChildAtIndex":
            let index = Int(reader.int32() ?? -1)
            let (bus, path) = child(at: index, of: object).map { self.path(of: $0) } ?? ("", "/org/a11y/atspi/null")
            writer.reference(bus, path)
        case "GetChildren":
            writer.references(children(of: object).map { self.path(of: $0) })
        case "GetIndexInParent":
            switch object {
            case .application: writer.int32(-1)
            case .node(_, let node, _) where node.indexInParent != nil:
                writer.int32(Int32(clamping: node.indexInParent ?? -1))
            case .node(let window, let node, let parent):
                let siblings: [Reference] =
                    switch parent {
                    case .application: children(of: .application)
                    case .node(_, let id):
                        (trees[window].node(id)?.children ?? []).map { .node(window: window, id: $0.id) }
                    case .desktop, .foreign: []
                    }
                let index = siblings.firstIndex {
                    if case .node(_, let id) = $0 { id == node.id } else { false }
                }
                writer.int32(Int32(index ?? -1))
            }
        case "GetRelationSet": writer.relations(relations(of: object))
        case "GetRole": writer.uint32(role(of: object))
        case "GetRoleName":
            if case .node(_, let node, _) = object { writer.string(node.role.rawValue) } else { writer.string("application") }
        case "GetLocalizedRoleName":
            if case .node(_, let node, _) = object {
                writer.string(Self.localizedName(of: node.role))
            } else {
                writer.string(Self.localizedName(of: .application))
            }
        case "GetState":
            if case .node(_, let node, _) = object { writer.states(Self.states(node.states)) } else { writer.states((0, 0)) }
        case "GetAttributes": writer.stringDictionary(attributes(of: object))
        case "GetApplication": writer.reference(path(of: .application).0, Self.rootPath)
        case "GetInterfaces":
            var interfaces = ["org.a11y.atspi.Accessible"]
            if case .node(_, let node, _) = object {
                interfaces.append("org.a11y.atspi.Component")
                if !node.actions.isEmpty { interfaces.append("org.a11y.atspi.Action") }
                if node.text != nil { interfaces.append("org.a11y.atspi.Text") }
                if Self.isSelectable(node) { interfaces.append("org.a11y.atspi.Selection") }
            } else {
                interfaces.append("org.a11y.atspi.Application")
            }
            writer.strings(interfaces)
        default: return false
        }
        return true
    }

    package func action(_ member: String, _ object: Object, _ reader: inout DBusReader, _ writer: inout DBusWriter) -> Bool {
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
            let index = Int(reader.int32() ?? -1)
            guard node.actions.indices.contains(index) else {
                writer.boolean(false)
                return true
            }
            let done = perform(window, node.id, node.actions[index])
            invalidate()
            writer.boolean(done)
        default: return false
        }
        return true
    }

    /// Extents in pixels: in the window's coordinates (1, and 2, parent, taken as the
    /// window's), or on the screen (0), from where the window is (`SplitWindow.screenOrigin`).
    package func component(_ member: String, _ object: Object, _ reader: inout DBusReader, _ writer: inout DBusWriter) -> Bool {
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

    /// The object's attributes (`a{ss}`, as libatspi reads them): the toolkit, as GTK says
    /// its own, and a tree row's level.
    package func attributes(of object: Object) -> [(String, String)] {
        guard case .node(_, let node, _) = object else { return [("toolkit", "SplitView")] }
        var attributes = [("toolkit", "SplitView")]
        if node.role == .treeItem, let level = node.level { attributes.append(("level", String(level))) }
        return attributes
    }

    /// AT-SPI's relation types used (`AtspiRelationType`).
    package enum Relation: UInt32 {
        case labelledBy = 2
        case nodeChildOf = 7
    }

    /// The object's relations: a tree row is the child of the row above it one level up (its
    /// folder), or of the tree for a top row, as GTK's tree views say it (`NODE_CHILD_OF`).
    package func relations(of object: Object) -> [(UInt32, [(String, String)])] {
        guard case .node(let window, let node, let parent) = object, node.role == .treeItem, let level = node.level,
            case .node(_, let treeID) = parent, trees.indices.contains(window), let tree = trees[window].node(treeID)
        else { return [] }
        var folder: AccessibleNode.ID?
        if level > 1, let position = node.indexInParent ?? tree.children.firstIndex(where: { $0.id == node.id }) {
            // Up the rows above it (held, or made: the folder may be off screen), at most a
            // thousand: an outline deeper than that is not read by folder.
            var above = position - 1
            while above >= 0 && position - above <= 1_000 && folder == nil {
                let row = tree.children.first { $0.indexInParent == above } ?? child(window, tree.id, above)
                if let row, (row.level ?? 1) == level - 1 { folder = row.id }
                above -= 1
            }
        }
        let target = Reference.node(window: window, id: folder ?? tree.id)
        return [(Relation.nodeChildOf.rawValue, [path(of: target)])]
    }

    package func role(of object: Object) -> UInt32 {
        guard case .node(_, let node, _) = object else { return 75 }
        return Self.roleNumbers[node.role] ?? 67
    }

    /// AT-SPI's role numbers (`AtspiRole`).
    package static let roleNumbers: [AccessibleNode.Role: UInt32] = [
        .application: 75, .frame: 23, .splitPane: 53, .panel: 39, .tree: 65, .treeItem: 91, .list: 31, .listItem: 32,
        .documentText: 94, .pushButton: 43, .menu: 33, .menuItem: 35, .checkMenuItem: 8, .alert: 2, .entry: 79, .embedded: 78,
        .notification: 101, .image: 27, .text: 61,
    ]

    /// The states as AT-SPI's two 32-bit words (`AtspiStateType` bits).
    package static func states(_ states: AccessibleNode.States) -> (UInt32, UInt32) {
        let bits: [(AccessibleNode.States, Int)] = [
            (.active, 1), (.checked, 4), (.editable, 7), (.enabled, 8), (.expandable, 9), (.expanded, 10), (.focusable, 11),
            (.focused, 12), (.multiLine, 17), (.multiselectable, 18), (.selectable, 22), (.selected, 23), (.enabled, 24),
            (.showing, 25),
            (.visible, 30), (.managesDescendants, 31), (.checkable, 41),
        ]
        var words: (UInt32, UInt32) = (0, 0)
        for (state, bit) in bits where states.contains(state) {
            if bit < 32 { words.0 |= 1 << UInt32(bit) } else { words.1 |= 1 << UInt32(bit - 32) }
        }
        return words
    }
}

extension AccessibilityBus {
    /// The role's name in the reader's language, as a screen reader speaks it ("push
    /// button"): each role its own message; ``AccessibleNode/Role``'s raw value stays the
    /// AT-SPI name that `GetRoleName` answers.
    static func localizedName(of role: AccessibleNode.Role) -> String {
        switch role {
        case .application: String(translated: "application")
        case .frame: String(translated: "frame")
        case .splitPane: String(translated: "split pane")
        case .panel: String(translated: "panel")
        case .tree: String(translated: "tree")
        case .treeItem: String(translated: "tree item")
        case .list: String(translated: "list")
        case .listItem: String(translated: "list item")
        case .documentText: String(translated: "document text")
        case .pushButton: String(translated: "push button")
        case .menu: String(translated: "menu")
        case .menuItem: String(translated: "menu item")
        case .checkMenuItem: String(translated: "check menu item")
        case .alert: String(translated: "alert")
        case .entry: String(translated: "entry")
        case .embedded: String(translated: "embedded")
        case .notification: String(translated: "notification")
        case .image: String(translated: "image")
        case .text: String(translated: "text")
        }
    }
}
