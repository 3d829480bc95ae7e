import CDBusLoader
import SplitViewProcesses

/// Reads a method call's arguments in order.
package struct DBusReader {
    /// A string or object path argument where `iterator` is; nil for another type.
    package static func string(_ iterator: inout SVDBusMessageIter) -> String? {
        let type = sv_dbus_message_iter_get_arg_type(&iterator)
        guard type == DBusWriter.stringType || type == DBusWriter.objectPathType else { return nil }
        var pointer: UnsafePointer<CChar>?
        sv_dbus_message_iter_get_basic(&iterator, &pointer)
        return pointer.map { String(cString: $0) }
    }

    package var iterator = SVDBusMessageIter()
    package var valid: Bool

    package init(_ message: OpaquePointer) {
        valid = sv_dbus_message_iter_init(message, &iterator) != 0
    }

    package mutating func string() -> String? {
        guard valid else { return nil }
        let value = DBusReader.string(&iterator)
        valid = sv_dbus_message_iter_next(&iterator) != 0
        return value
    }

    package mutating func int32() -> Int32? {
        guard valid, sv_dbus_message_iter_get_arg_type(&iterator) == DBusWriter.int32Type else { return nil }
        var value: Int32 = 0
        sv_dbus_message_iter_get_basic(&iterator, &value)
        valid = sv_dbus_message_iter_next(&iterator) != 0
        return value
    }

    package mutating func uint32() -> UInt32? {
        guard valid, sv_dbus_message_iter_get_arg_type(&iterator) == DBusWriter.uint32Type else { return nil }
        var value: UInt32 = 0
        sv_dbus_message_iter_get_basic(&iterator, &value)
        valid = sv_dbus_message_iter_next(&iterator) != 0
        return value
    }

    package mutating func variantInt32() -> Int32? {
        guard valid, sv_dbus_message_iter_get_arg_type(&iterator) == DBusWriter.variantType else { return nil }
        var inner = SVDBusMessageIter()
        sv_dbus_message_iter_recurse(&iterator, &inner)
        guard sv_dbus_message_iter_get_arg_type(&inner) == DBusWriter.int32Type else { return nil }
        var value: Int32 = 0
        sv_dbus_message_iter_get_basic(&inner, &value)
        return value
    }
}

/// Writes a reply's values in order, through libdbus's iterators.
package struct DBusWriter {
    package static let stringType = Int32(UInt8(ascii: "s"))
    package static let objectPathType = Int32(UInt8(ascii: "o"))
    package static let int32Type = Int32(UInt8(ascii: "i"))
    package static let uint32Type = Int32(UInt8(ascii: "u"))
    package static let booleanType = Int32(UInt8(ascii: "b"))
    package static let arrayType = Int32(UInt8(ascii: "a"))
    package static let structType = Int32(UInt8(ascii: "r"))
    package static let variantType = Int32(UInt8(ascii: "v"))
    package static let dictEntryType = Int32(UInt8(ascii: "e"))

    package var iterator = SVDBusMessageIter()

    package init(_ message: OpaquePointer) {
        sv_dbus_message_iter_init_append(message, &iterator)
    }

    private init() {}

    package mutating func string(_ value: String) {
        value.withCString { pointer in
            var pointer: UnsafePointer<CChar>? = pointer
            _ = sv_dbus_message_iter_append_basic(&iterator, Self.stringType, &pointer)
        }
    }

    package mutating func objectPath(_ value: String) {
        value.withCString { pointer in
            var pointer: UnsafePointer<CChar>? = pointer
            _ = sv_dbus_message_iter_append_basic(&iterator, Self.objectPathType, &pointer)
        }
    }

    package mutating func int32(_ value: Int32) {
        var value = value
        _ = sv_dbus_message_iter_append_basic(&iterator, Self.int32Type, &value)
    }

    package mutating func uint32(_ value: UInt32) {
        var value = value
        _ = sv_dbus_message_iter_append_basic(&iterator, Self.uint32Type, &value)
    }

    package mutating func boolean(_ value: Bool) {
        var value: UInt32 = value ? 1 : 0
        _ = sv_dbus_message_iter_append_basic(&iterator, Self.booleanType, &value)
    }

    /// A container of `type` (with `signature` for arrays and variants), filled by `body`.
    package mutating func container(_ type: Int32, _ signature: String?, _ body: (inout DBusWriter) -> Void) {
        var inner = DBusWriter()
        if let signature {
            _ = signature.withCString { sv_dbus_message_iter_open_container(&iterator, type, $0, &inner.iterator) }
        } else {
            _ = sv_dbus_message_iter_open_container(&iterator, type, nil, &inner.iterator)
        }
        body(&inner)
        _ = sv_dbus_message_iter_close_container(&iterator, &inner.iterator)
    }

    /// `(so)`: a bus name and an object path.
    package mutating func reference(_ bus: String, _ path: String) {
        container(Self.structType, nil) {
            $0.string(bus)
            $0.objectPath(path)
        }
    }

    /// `a(so)`.
    package mutating func references(_ all: [(String, String)]) {
        container(Self.arrayType, "(so)") { array in
            for (bus, path) in all { array.reference(bus, path) }
        }
    }

    /// `as`.
    package mutating func strings(_ all: [String]) {
        container(Self.arrayType, "s") { array in for value in all { array.string(value) } }
    }

    /// `au`: the two state words.
    package mutating func states(_ words: (UInt32, UInt32)) {
        container(Self.arrayType, "u") {
            $0.uint32(words.0)
            $0.uint32(words.1)
        }
    }

    /// `a(ua(so))`, empty.
    package mutating func emptyRelations() {
        relations([])
    }

    /// `a(ua(so))`: relations, each a type and the objects it points to.
    package mutating func relations(_ all: [(UInt32, [(String, String)])]) {
        container(Self.arrayType, "(ua(so))") { array in
            for (type, targets) in all {
                array.container(Self.structType, nil) { relation in
                    relation.uint32(type)
                    relation.references(targets)
                }
            }
        }
    }

    /// `a{ss}`: attributes, as AT-SPI's `GetAttributes` answers them.
    package mutating func stringDictionary(_ pairs: [(String, String)]) {
        container(Self.arrayType, "{ss}") { array in
            for (key, value) in pairs {
                array.container(Self.dictEntryType, nil) { entry in
                    entry.string(key)
                    entry.string(value)
                }
            }
        }
    }

    /// `(iiii)`.
    package mutating func extents(_ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32) {
        container(Self.structType, nil) {
            $0.int32(x)
            $0.int32(y)
            $0.int32(width)
            $0.int32(height)
        }
    }

    /// `a(sss)`.
    package mutating func actions(_ all: [(String, String, String)]) {
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
    package mutating func variant(_ body: (inout DBusWriter) -> Bool) -> Bool {
        // The value is written into a scratch message first to learn its signature.
        guard let scratch = sv_dbus_message_new(Int32(SV_DBUS_MESSAGE_TYPE_METHOD_CALL)) else { return false }
        defer { sv_dbus_message_unref(scratch) }
        var probe = DBusWriter(scratch)
        guard body(&probe) else { return false }
        guard let signature = sv_dbus_message_get_signature(scratch).map({ String(cString: $0) }) else { return false }
        var known = true
        container(Self.variantType, signature) { known = body(&$0) }
        return known
    }

    /// `a{sv}` of `names`, each value written by `body`.
    package mutating func dictionary(_ names: [String], _ body: (String, inout DBusWriter) -> Void) {
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
