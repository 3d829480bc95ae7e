import CDBus
import CDBusLoader
import Testing

/// `Sources/CDBusLoader`: the program's libdbus-1, loaded with dlopen, has D-Bus's own layouts
/// and numbers under its SV names, and finds every function it declares.
@Suite struct DBusLoaderTests {
    @Test func theLibraryLoadsWithEveryFunction() {
        #expect(sv_dbus_load() == 1)
        #expect(sv_dbus_load_error() == nil)
        #expect(sv_dbus_load() == 1)  // once loaded, loaded
    }

    /// The structs a caller keeps on its stack are exactly as large and aligned as D-Bus's.
    @Test func theStructsHaveDBusOwnLayouts() {
        #expect(MemoryLayout<SVDBusMessageIter>.size == MemoryLayout<DBusMessageIter>.size)
        #expect(MemoryLayout<SVDBusMessageIter>.alignment == MemoryLayout<DBusMessageIter>.alignment)
        #expect(MemoryLayout<SVDBusError>.size == MemoryLayout<DBusError>.size)
        #expect(MemoryLayout<SVDBusError>.alignment == MemoryLayout<DBusError>.alignment)
        #expect(MemoryLayout<SVDBusObjectPathVTable>.size == MemoryLayout<DBusObjectPathVTable>.size)
        #expect(MemoryLayout<SVDBusError>.offset(of: \.message) == MemoryLayout<DBusError>.offset(of: \.message))
        #expect(MemoryLayout<SVDBusError>.offset(of: \.padding1) == MemoryLayout<DBusError>.offset(of: \.padding1))
    }

    @Test func theNumbersAreDBusOwn() {
        #expect(SV_DBUS_BUS_SESSION.rawValue == DBUS_BUS_SESSION.rawValue)
        #expect(SV_DBUS_HANDLER_RESULT_HANDLED.rawValue == DBUS_HANDLER_RESULT_HANDLED.rawValue)
        #expect(SV_DBUS_HANDLER_RESULT_NOT_YET_HANDLED.rawValue == DBUS_HANDLER_RESULT_NOT_YET_HANDLED.rawValue)
        #expect(SV_DBUS_DISPATCH_DATA_REMAINS.rawValue == DBUS_DISPATCH_DATA_REMAINS.rawValue)
        #expect(SV_DBUS_DISPATCH_COMPLETE.rawValue == DBUS_DISPATCH_COMPLETE.rawValue)
        #expect(SV_DBUS_MESSAGE_TYPE_METHOD_CALL == DBUS_MESSAGE_TYPE_METHOD_CALL)
        #expect(SV_DBUS_MESSAGE_TYPE_METHOD_RETURN == DBUS_MESSAGE_TYPE_METHOD_RETURN)
        #expect(SV_DBUS_MESSAGE_TYPE_ERROR == DBUS_MESSAGE_TYPE_ERROR)
        #expect(SV_DBUS_MESSAGE_TYPE_SIGNAL == DBUS_MESSAGE_TYPE_SIGNAL)
    }

    /// A message made through the loader and read through libdbus-1 directly, and back: the two
    /// are one library.
    @Test func messagesCrossBetweenTheLoaderAndTheLibrary() throws {
        #expect(sv_dbus_load() == 1)
        let message = try #require(sv_dbus_message_new_signal("/a", "b.c", "D"))
        defer { sv_dbus_message_unref(message) }
        #expect(String(cString: dbus_message_get_member(message)) == "D")
        #expect(dbus_message_get_type(message) == SV_DBUS_MESSAGE_TYPE_SIGNAL)
        var iterator = SVDBusMessageIter()
        sv_dbus_message_iter_init_append(message, &iterator)
        var value: Int32 = 42
        #expect(sv_dbus_message_iter_append_basic(&iterator, Int32(UInt8(ascii: "i")), &value) != 0)
        #expect(String(cString: sv_dbus_message_get_signature(message)) == "i")
    }
}
