import CDBus

/// A value as D-Bus carries it, read whole from a message with libdbus's iterators: what the
/// tests compare a reply with. Independent of the reader under test (`DBusReader` reads only
/// the few types a call's arguments have), so that it can check what the writer wrote.
indirect enum DBusValue: Equatable, CustomStringConvertible {
    case string(String)
    case objectPath(String)
    case int32(Int32)
    case uint32(UInt32)
    case boolean(Bool)
    /// An array, with its element signature (an empty array has one too).
    case array(String, [DBusValue])
    case structure([DBusValue])
    case variant(DBusValue)
    case entry(DBusValue, DBusValue)
    /// A type the project never writes, by its type code.
    case other(Character)

    /// `(so)`: a reference to an object on the bus.
    static func reference(_ bus: String, _ path: String) -> DBusValue { .structure([.string(bus), .objectPath(path)]) }

    /// The message's arguments, in order.
    static func arguments(of message: OpaquePointer) -> [DBusValue] {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(message, &iterator) != 0 else { return [] }
        return values(&iterator)
    }

    /// The values from `iterator` to the end of its container.
    static func values(_ iterator: inout DBusMessageIter) -> [DBusValue] {
        var all: [DBusValue] = []
        // 0 is DBUS_TYPE_INVALID, the end (a cast macro Swift does not import).
        while dbus_message_iter_get_arg_type(&iterator) != 0 {
            all.append(value(&iterator))
            dbus_message_iter_next(&iterator)
        }
        return all
    }

    /// The value where `iterator` is.
    static func value(_ iterator: inout DBusMessageIter) -> DBusValue {
        let type = dbus_message_iter_get_arg_type(&iterator)
        switch UInt8(truncatingIfNeeded: type) {
        case UInt8(ascii: "s"), UInt8(ascii: "o"):
            var pointer: UnsafePointer<CChar>?
            dbus_message_iter_get_basic(&iterator, &pointer)
            let text = pointer.map { String(cString: $0) } ?? ""
            return type == Int32(UInt8(ascii: "s")) ? .string(text) : .objectPath(text)
        case UInt8(ascii: "i"):
            var number: Int32 = 0
            dbus_message_iter_get_basic(&iterator, &number)
            return .int32(number)
        case UInt8(ascii: "u"):
            var number: UInt32 = 0
            dbus_message_iter_get_basic(&iterator, &number)
            return .uint32(number)
        case UInt8(ascii: "b"):
            var flag: UInt32 = 0
            dbus_message_iter_get_basic(&iterator, &flag)
            return .boolean(flag != 0)
        case UInt8(ascii: "a"), UInt8(ascii: "r"), UInt8(ascii: "v"), UInt8(ascii: "e"):
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            let contents = values(&inner)
            switch UInt8(truncatingIfNeeded: type) {
            case UInt8(ascii: "a"):
                let signature = dbus_message_iter_get_signature(&iterator).map { pointer in
                    defer { dbus_free(pointer) }
                    return String(String(cString: pointer).dropFirst())
                }
                return .array(signature ?? "", contents)
            case UInt8(ascii: "r"): return .structure(contents)
            case UInt8(ascii: "v"): return contents.first.map { .variant($0) } ?? .other("v")
            default: return contents.count == 2 ? .entry(contents[0], contents[1]) : .other("e")
            }
        default:
            return .other(Character(Unicode.Scalar(UInt8(truncatingIfNeeded: type))))
        }
    }

    var description: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .objectPath(let path): path
        case .int32(let number): "i\(number)"
        case .uint32(let number): "u\(number)"
        case .boolean(let flag): "\(flag)"
        case .array(let signature, let elements): "a\(signature)[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .structure(let fields): "(" + fields.map(\.description).joined(separator: ", ") + ")"
        case .variant(let inner): "<\(inner)>"
        case .entry(let key, let value): "\(key): \(value)"
        case .other(let code): "?\(code)"
        }
    }
}
