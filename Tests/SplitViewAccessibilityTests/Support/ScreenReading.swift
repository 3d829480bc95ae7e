import SplitView
import SplitViewAccessibility

/// What a screen reader asks of the served window, in AT-SPI's words: the helpers the tests
/// share. Every question goes over the bus to the application's unique name.
extension ServedWindow {
    /// The application's root object.
    static let root = "/org/a11y/atspi/accessible/root"
    /// The reference AT-SPI uses for no object.
    static let null = "/org/a11y/atspi/null"
    /// The errors for a path that names no object, and for what an object does not answer.
    static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
    static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"

    /// Asks `member` of `org.a11y.atspi.<interface>` on `path`; nil when no answer came.
    func ask(
        _ path: String, _ interface: String, _ member: String, _ arguments: (inout DBusWriter) -> Void = { _ in }
    ) -> BusPeer.Reply? {
        let full = interface.hasPrefix("org.") ? interface : "org.a11y.atspi." + interface
        return reader.call(application, path, full, member, arguments)
    }

    /// The value of property `name` of `org.a11y.atspi.<interface>` on `path`, unwrapped from
    /// its variant.
    func property(_ path: String, _ interface: String, _ name: String) -> DBusValue? {
        let reply = ask(path, "org.freedesktop.DBus.Properties", "Get") {
            $0.string("org.a11y.atspi." + interface)
            $0.string(name)
        }
        guard case .variant(let value)? = reply?.values.first else { return nil }
        return value
    }

    /// The object paths of `path`'s children, in order, as GetChildren says.
    func children(_ path: String) -> [String] {
        guard case .array(_, let references)? = ask(path, "Accessible", "GetChildren")?.values.first else { return [] }
        return references.compactMap {
            if case .structure(let fields) = $0, fields.count == 2, case .objectPath(let child) = fields[1] { child } else { nil }
        }
    }

    /// Every object under the root, depth first, with the node id it answers to
    /// (`AccessibleId`): the whole tree as a screen reader walks it.
    func walk() -> [(path: String, id: String)] {
        var found: [(path: String, id: String)] = []
        func visit(_ path: String) {
            if case .string(let id)? = property(path, "Accessible", "AccessibleId") { found.append((path, id)) }
            for child in children(path) { visit(child) }
        }
        for window in children(Self.root) { visit(window) }
        return found
    }

    /// The object path of the node `id`, found by walking the tree.
    func path(of id: String) -> String? {
        walk().first { $0.id == id }?.path
    }

    /// The node `id` of the tree the controller builds now, for comparing the answers with.
    func node(_ id: String) -> AccessibleNode? {
        split.layoutPanes()
        return split.accessibleTree(title: Self.title).node(AccessibleNode.ID(id))
    }

    /// One string answer, or nil.
    static func text(_ reply: BusPeer.Reply?) -> String? {
        if case .string(let text)? = reply?.values.first { text } else { nil }
    }

    /// One int32 answer, or nil.
    static func number(_ reply: BusPeer.Reply?) -> Int32? {
        if case .int32(let number)? = reply?.values.first { number } else { nil }
    }

    /// One boolean answer, or nil.
    static func flag(_ reply: BusPeer.Reply?) -> Bool? {
        if case .boolean(let flag)? = reply?.values.first { flag } else { nil }
    }

    /// A reference answer's object path, or nil.
    static func referencePath(_ value: DBusValue?) -> String? {
        if case .structure(let fields)? = value, fields.count == 2, case .objectPath(let path) = fields[1] { path } else { nil }
    }
}
