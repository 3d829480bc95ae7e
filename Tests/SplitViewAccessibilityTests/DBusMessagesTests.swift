import CDBus
import CDBusLoader
import PropertyBased
import SplitViewAccessibility
import Testing

/// The message reader and writer alone, without a bus: every type the interfaces write, read
/// back whole after a trip through D-Bus's wire format, with the boundaries — extreme numbers,
/// empty strings and arrays, a string holding a NUL, bytes that are not UTF-8, messages cut
/// short, arguments missing or of another type.
@Suite struct DBusMessagesTests {
    /// The reader and writer call libdbus through the loader, as the program does once it
    /// joins a bus: loaded first. (Without it, a test that ran before any other had loaded
    /// it called a null function: one run in five crashed.)
    init() {
        precondition(sv_dbus_load() == 1, "libdbus-1.so.3 cannot be loaded")
    }

    /// A method call whose arguments `body` writes.
    static func message(_ body: (inout DBusWriter) -> Void = { _ in }) -> OpaquePointer {
        let message = dbus_message_new_method_call("org.example.Peer", "/org/example", "org.example.Test", "Values")!
        var writer = DBusWriter(message)
        body(&writer)
        return message
    }

    /// The message's bytes as they go on the wire.
    static func wire(_ message: OpaquePointer) -> [UInt8] {
        dbus_message_set_serial(message, 1)
        var buffer: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        guard dbus_message_marshal(message, &buffer, &length) != 0, let buffer else { return [] }
        defer { dbus_free(buffer) }
        return UnsafeBufferPointer(start: buffer, count: Int(length)).map { UInt8(bitPattern: $0) }
    }

    /// The message `bytes` hold, as a receiving libdbus takes it; nil when it refuses them.
    static func unwire(_ bytes: [UInt8]) -> OpaquePointer? {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { dbus_message_demarshal($0.baseAddress, Int32($0.count), &error) }
        }
    }

    /// `body`'s message after a trip through the wire.
    static func roundTrip(_ body: (inout DBusWriter) -> Void) throws -> OpaquePointer {
        let sent = message(body)
        defer { dbus_message_unref(sent) }
        return try #require(unwire(wire(sent)))
    }

    static func signature(_ message: OpaquePointer) -> String { String(cString: dbus_message_get_signature(message)) }

    // MARK: - Basic types

    @Test func eachBasicTypeAtItsExtremesComesBackAsWritten() throws {
        let received = try Self.roundTrip {
            $0.string("")
            $0.string("héllo, 世界 🎉")
            $0.objectPath("/")
            $0.objectPath("/org/a11y/atspi/accessible/n12")
            $0.int32(.min)
            $0.int32(.max)
            $0.uint32(0)
            $0.uint32(.max)
            $0.boolean(true)
            $0.boolean(false)
        }
        defer { dbus_message_unref(received) }
        #expect(Self.signature(received) == "ssooiiuubb")
        #expect(
            DBusValue.arguments(of: received) == [
                .string(""), .string("héllo, 世界 🎉"), .objectPath("/"), .objectPath("/org/a11y/atspi/accessible/n12"),
                .int32(.min), .int32(.max), .uint32(0), .uint32(.max), .boolean(true), .boolean(false),
            ])
        // The reader takes strings and object paths alike, and the numbers by their type.
        var reader = DBusReader(received)
        #expect(reader.string() == "" && reader.string() == "héllo, 世界 🎉")
        #expect(reader.string() == "/" && reader.string() == "/org/a11y/atspi/accessible/n12")
        #expect(reader.int32() == .min && reader.int32() == .max)
        #expect(reader.uint32() == 0 && reader.uint32() == .max)
    }

    /// Any text a tree holds (names, a document) and any number, over random values: written,
    /// sent, read back the same.
    @Test func randomStringsAndNumbersRoundTrip() async {
        // Every scalar but NUL (a D-Bus string cannot hold one) and the surrogates.
        let scalar = Gen.uint32(in: 1...0x10_FFFF).map { Unicode.Scalar($0) ?? "\u{FFFD}" }
        let text = scalar.array(of: 0...40).map { scalars in String(String.UnicodeScalarView(scalars)) }
        await propertyCheck(count: 300, input: text, Gen.int32(), Gen.uint32()) { text, signed, unsigned in
            let received = try Self.roundTrip {
                $0.string(text)
                $0.int32(signed)
                $0.uint32(unsigned)
            }
            defer { dbus_message_unref(received) }
            var reader = DBusReader(received)
            #expect(reader.string() == text)
            #expect(reader.int32() == signed)
            #expect(reader.uint32() == unsigned)
            #expect(reader.string() == nil)
        }
    }

    /// D-Bus strings end at a NUL: a text holding one (a binary file shown as text) is cut
    /// there, never refused, and what follows the string is intact.
    @Test func aStringIsCutAtItsFirstNul() throws {
        let received = try Self.roundTrip {
            $0.string("before\u{0}after")
            $0.int32(7)
        }
        defer { dbus_message_unref(received) }
        var reader = DBusReader(received)
        #expect(reader.string() == "before")
        #expect(reader.int32() == 7)
    }

    // MARK: - Containers, as the interfaces write them

    @Test func theContainersHaveTheSignaturesTheInterfacesPromise() throws {
        let received = try Self.roundTrip {
            $0.reference(":1.7", "/org/a11y/atspi/accessible/root")
            $0.references([(":1.7", "/org/a11y/atspi/accessible/n1"), (":1.8", "/org/a11y/atspi/null")])
            $0.strings(["org.a11y.atspi.Accessible", "org.a11y.atspi.Text"])
            $0.states((0x8000_0001, 0x200))
            $0.emptyRelations()
            $0.extents(-5, 0, 1400, .max)
            $0.actions([("click", "press", "F9")])
        }
        defer { dbus_message_unref(received) }
        #expect(Self.signature(received) == "(so)a(so)asaua(ua(so))(iiii)a(sss)")
        #expect(
            DBusValue.arguments(of: received) == [
                .reference(":1.7", "/org/a11y/atspi/accessible/root"),
                .array(
                    "(so)",
                    [.reference(":1.7", "/org/a11y/atspi/accessible/n1"), .reference(":1.8", "/org/a11y/atspi/null")]),
                .array("s", [.string("org.a11y.atspi.Accessible"), .string("org.a11y.atspi.Text")]),
                .array("u", [.uint32(0x8000_0001), .uint32(0x200)]),
                .array("(ua(so))", []),
                .structure([.int32(-5), .int32(0), .int32(1400), .int32(.max)]),
                .array("(sss)", [.structure([.string("click"), .string("press"), .string("F9")])]),
            ])
    }

    /// An empty list keeps its element's signature: a reader with no children, no actions,
    /// no attributes still says what it would hold.
    @Test func emptyArraysKeepTheirSignatures() throws {
        let received = try Self.roundTrip {
            $0.references([])
            $0.strings([])
            $0.actions([])
            $0.dictionary([]) { _, _ in }
            $0.container(DBusWriter.arrayType, "((so)(so)(so)iiassusau)") { _ in }
        }
        defer { dbus_message_unref(received) }
        #expect(Self.signature(received) == "a(so)asa(sss)a{sv}a((so)(so)(so)iiassusau)")
        #expect(
            DBusValue.arguments(of: received) == [
                .array("(so)", []), .array("s", []), .array("(sss)", []), .array("{sv}", []),
                .array("((so)(so)(so)iiassusau)", []),
            ])
    }

    /// A variant takes the signature of the value written into it — a number, a string, a
    /// reference — and a body that knew no value writes nothing at all.
    @Test func aVariantTakesItsValuesSignatureOrIsNotWritten() throws {
        var answers: [Bool] = []
        let received = try Self.roundTrip { writer in
            answers.append(
                writer.variant {
                    $0.int32(-3)
                    return true
                })
            answers.append(
                writer.variant {
                    $0.string("Files")
                    return true
                })
            answers.append(
                writer.variant {
                    $0.reference(":1.2", "/org/a11y/atspi/accessible/root")
                    return true
                })
            answers.append(writer.variant { _ in false })
        }
        defer { dbus_message_unref(received) }
        #expect(answers == [true, true, true, false])
        #expect(Self.signature(received) == "vvv")
        #expect(
            DBusValue.arguments(of: received) == [
                .variant(.int32(-3)), .variant(.string("Files")), .variant(.reference(":1.2", "/org/a11y/atspi/accessible/root")),
            ])
        var reader = DBusReader(received)
        #expect(reader.variantInt32() == -3)
    }

    /// `a{sv}`: each name with its value in a variant, in the order given.
    @Test func aDictionaryHoldsEachNameWithItsValue() throws {
        let received = try Self.roundTrip {
            $0.dictionary(["Name", "ChildCount"]) { name, value in
                if name == "Name" { value.string("Columns") } else { value.int32(3) }
            }
        }
        defer { dbus_message_unref(received) }
        #expect(
            DBusValue.arguments(of: received) == [
                .array(
                    "{sv}",
                    [.entry(.string("Name"), .variant(.string("Columns"))), .entry(.string("ChildCount"), .variant(.int32(3)))])
            ])
    }

    // MARK: - What the reader does with what it did not expect

    /// A call with no arguments: every read is nil, and the handlers' defaults apply.
    @Test func anEmptyMessageReadsAsNothing() {
        let empty = Self.message()
        defer { dbus_message_unref(empty) }
        var reader = DBusReader(empty)
        #expect(!reader.valid)
        #expect(reader.string() == nil && reader.int32() == nil && reader.uint32() == nil && reader.variantInt32() == nil)
    }

    /// Past the last argument every read is nil: a call with too few arguments.
    @Test func readingPastTheLastArgumentGivesNil() {
        let message = Self.message { $0.int32(4) }
        defer { dbus_message_unref(message) }
        var reader = DBusReader(message)
        #expect(reader.int32() == 4)
        #expect(!reader.valid)
        #expect(reader.int32() == nil && reader.string() == nil && reader.uint32() == nil)
    }

    /// An argument of another type gives nil. A number read stays on it, so the next read of
    /// the right type still takes it; a string read moves past it, as it always moves.
    @Test func anArgumentOfAnotherTypeGivesNil() {
        let message = Self.message {
            $0.string("word")
            $0.uint32(9)
            $0.int32(5)
        }
        defer { dbus_message_unref(message) }
        var reader = DBusReader(message)
        #expect(reader.int32() == nil && reader.uint32() == nil)
        #expect(reader.string() == "word")
        #expect(reader.int32() == nil)
        #expect(reader.string() == nil)
        #expect(reader.int32() == 5)
        // A variant read of a variant of another type, or of no variant.
        let others = Self.message {
            _ = $0.variant {
                $0.string("not a number")
                return true
            }
        }
        defer { dbus_message_unref(others) }
        var variants = DBusReader(others)
        #expect(variants.variantInt32() == nil)
        var plain = DBusReader(message)
        #expect(plain.variantInt32() == nil)
    }

    // MARK: - What never reaches the reader

    /// Bytes that are not UTF-8 in a string are refused by libdbus as the message comes in:
    /// the reader only ever sees valid text.
    @Test func aStringThatIsNotUTF8IsRefusedOnArrival() throws {
        let sent = Self.message { $0.string("abcXdef") }
        defer { dbus_message_unref(sent) }
        var bytes = Self.wire(sent)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: Array("abcXdef".utf8)) })
        let intact = try #require(Self.unwire(bytes))
        dbus_message_unref(intact)
        // A byte no UTF-8 has, a lead byte without its follower, a follower without its lead.
        for byte: UInt8 in [0xFF, 0xC3, 0x80] {
            bytes[at + 3] = byte
            #expect(Self.unwire(bytes) == nil, "byte \(byte)")
        }
    }

    /// A message cut short anywhere is refused whole, never read in part.
    @Test func aMessageCutShortIsRefused() throws {
        let sent = Self.message {
            $0.references([(":1.7", "/org/a11y/atspi/accessible/n1")])
            $0.string("hello")
            $0.extents(1, 2, 3, 4)
        }
        defer { dbus_message_unref(sent) }
        let bytes = Self.wire(sent)
        try #require(!bytes.isEmpty)
        for length in 0..<bytes.count {
            #expect(Self.unwire(Array(bytes.prefix(length))) == nil, "cut at \(length) of \(bytes.count)")
        }
        let whole = try #require(Self.unwire(bytes))
        dbus_message_unref(whole)
    }
}
