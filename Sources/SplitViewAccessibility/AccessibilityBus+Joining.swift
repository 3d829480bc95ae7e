import CDBusLoader
import Glibc
import SplitView
import SplitViewProcesses
import Synchronization

/// Joining the accessibility bus, on a thread of its own: every step is a D-Bus call that
/// waits for its answer, and the session bus may first have to start the accessibility bus,
/// which on a busy machine takes seconds. The loop never waits for any of it: it is handed a
/// registered connection through a pipe it polls, and only then serves the windows on it.
///
/// Messages that come for the application while the thread works (the registry asking about
/// the new application, news of listeners) wait in the connection's queue: the thread never
/// dispatches, so the first dispatch is the loop's, with the handlers in place.
extension AccessibilityBus {
    /// A registered connection, and what the registry said while registering.
    package struct Joined: @unchecked Sendable {
        /// The private connection to the accessibility bus, ours alone once handed over.
        var connection: OpaquePointer
        /// The registry's desktop: the application's parent.
        var desktop: (name: String, path: String)
        /// The events listened for when the application registered, by listener.
        var listeners: Set<String>
    }

    /// How long each step waits for its answer, in milliseconds: long enough for a session
    /// bus that starts the accessibility bus on a loaded machine.
    package static let stepTimeout: Int32 = 10_000

    /// Joins on a new thread and calls `done` on the loop's thread with the connection, or
    /// with nil when there is no bus to join (no session bus, no accessibility bus, no
    /// registry): `watch` and `unwatch` are the loop's, for the pipe that carries the news.
    ///
    /// `address` is the accessibility bus's D-Bus address when the caller knows it: the host
    /// gives none (the bus is found the standard way, see ``joinWaiting(address:)``); the
    /// tests give the private `dbus-daemon` each starts, so that no test sets the process's
    /// environment, which every test running beside it shares.
    package static func join(
        address: String? = nil, watch: (Int32, @escaping () -> Void) -> Void, unwatch: @escaping (Int32) -> Void,
        done: @escaping (Joined?) -> Void
    ) {
        guard address != nil || getenv("AT_SPI_BUS_ADDRESS") != nil || getenv("DBUS_SESSION_BUS_ADDRESS") != nil,
            let pipe = SignalPipe.make()
        else { return done(nil) }
        let box = JoinBox(wake: pipe.write, address: address)
        watch(pipe.read) {
            guard let outcome = box.outcome.withLock({ $0 }) else { return }  // a stray wake-up
            unwatch(pipe.read)
            Glibc.close(pipe.read)
            done(outcome.joined)
        }
        let context = Unmanaged.passRetained(box).toOpaque()
        var thread = pthread_t()
        let started =
            pthread_create(
                &thread, nil,
                { context in
                    let box = Unmanaged<JoinBox>.fromOpaque(context!).takeRetainedValue()
                    box.finish(AccessibilityBus.joinWaiting(address: box.address))
                    return nil
                }, context) == 0
        if started {
            pthread_detach(thread)
        } else {
            Unmanaged<JoinBox>.fromOpaque(context).release()
            box.finish(nil)
        }
    }

    /// Says once that libdbus-1 could not be loaded (its own words), the first time a join
    /// needs it.
    private static let libraryMissing: Void = {
        if let reason = sv_dbus_load_error().map({ String(cString: $0) }) {
            Diagnostics.report(String(translated: "accessibility off: \(reason)"))
        } else {
            Diagnostics.report(String(translated: "accessibility off: no libdbus-1.so.3"))
        }
    }()

    /// The whole join, each step waiting for its answer: the bus's address, the connection,
    /// `Hello`, `Socket.Embed`, then the listeners. Off the loop's thread only.
    ///
    /// `address`, when given, is the bus joined; when nil, the bus is found the standard way
    /// (`AT_SPI_BUS_ADDRESS`, else `org.a11y.Bus` on the session bus).
    ///
    /// libdbus-1 is loaded here, the first time (`CDBusLoader`): a desktop without a bus never
    /// loads it, and one with a bus loads it off the loop's thread after the first frame.
    /// Without the library the window has no accessible tree, and says so once.
    package static func joinWaiting(address: String? = nil) -> Joined? {
        guard sv_dbus_load() != 0 else {
            _ = libraryMissing
            return nil
        }
        _ = sv_dbus_threads_init_default()
        guard let address = address ?? busAddress() else { return nil }
        var error = SVDBusError()
        sv_dbus_error_init(&error)
        defer { sv_dbus_error_free(&error) }
        guard let connection = sv_dbus_connection_open_private(address, &error) else { return nil }
        sv_dbus_connection_set_exit_on_disconnect(connection, 0)
        guard sv_dbus_bus_register(connection, &error) != 0, let desktop = embed(connection) else {
            sv_dbus_connection_close(connection)
            sv_dbus_connection_unref(connection)
            return nil
        }
        // The news of listeners first, so that none is missed between the list and the news.
        for member in ["EventListenerRegistered", "EventListenerDeregistered"] {
            sv_dbus_bus_add_match(connection, "type='signal',interface='org.a11y.atspi.Registry',member='\(member)'", &error)
            sv_dbus_error_free(&error)
            sv_dbus_error_init(&error)
        }
        return Joined(connection: connection, desktop: desktop, listeners: registeredEvents(connection))
    }

    /// `AT_SPI_BUS_ADDRESS`, else what `org.a11y.Bus.GetAddress` says on the session bus; nil
    /// when neither answers.
    private static func busAddress() -> String? {
        if let address = getenv("AT_SPI_BUS_ADDRESS"), address.pointee != 0 { return String(cString: address) }
        guard getenv("DBUS_SESSION_BUS_ADDRESS") != nil else { return nil }
        var error = SVDBusError()
        sv_dbus_error_init(&error)
        defer { sv_dbus_error_free(&error) }
        guard let session = sv_dbus_bus_get_private(SV_DBUS_BUS_SESSION, &error) else { return nil }
        sv_dbus_connection_set_exit_on_disconnect(session, 0)
        defer {
            sv_dbus_connection_close(session)
            sv_dbus_connection_unref(session)
        }
        guard let call = sv_dbus_message_new_method_call("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress") else {
            return nil
        }
        defer { sv_dbus_message_unref(call) }
        guard let reply = sv_dbus_connection_send_with_reply_and_block(session, call, stepTimeout, &error) else { return nil }
        defer { sv_dbus_message_unref(reply) }
        var iterator = SVDBusMessageIter()
        guard sv_dbus_message_iter_init(reply, &iterator) != 0 else { return nil }
        return DBusReader.string(&iterator)
    }

    /// `Socket.Embed` with the registry: it adds the application to the desktop and says
    /// which the desktop is; nil when the registry does not answer.
    private static func embed(_ connection: OpaquePointer) -> (name: String, path: String)? {
        guard let name = sv_dbus_bus_get_unique_name(connection).map({ String(cString: $0) }),
            let call = sv_dbus_message_new_method_call(
                "org.a11y.atspi.Registry", rootPath, "org.a11y.atspi.Socket", "Embed")
        else { return nil }
        defer { sv_dbus_message_unref(call) }
        var writer = DBusWriter(call)
        writer.reference(name, rootPath)
        var error = SVDBusError()
        sv_dbus_error_init(&error)
        defer { sv_dbus_error_free(&error) }
        guard let reply = sv_dbus_connection_send_with_reply_and_block(connection, call, stepTimeout, &error) else {
            return nil
        }
        defer { sv_dbus_message_unref(reply) }
        var iterator = SVDBusMessageIter()
        guard sv_dbus_message_iter_init(reply, &iterator) != 0,
            sv_dbus_message_iter_get_arg_type(&iterator) == DBusWriter.structType
        else { return nil }
        var fields = SVDBusMessageIter()
        sv_dbus_message_iter_recurse(&iterator, &fields)
        let bus = DBusReader.string(&fields)
        sv_dbus_message_iter_next(&fields)
        guard let bus, let path = DBusReader.string(&fields) else { return nil }
        return (bus, path)
    }

    /// The registry's list of the events listened for, as "listener event".
    private static func registeredEvents(_ connection: OpaquePointer) -> Set<String> {
        guard
            let call = sv_dbus_message_new_method_call(
                "org.a11y.atspi.Registry", "/org/a11y/atspi/registry", "org.a11y.atspi.Registry", "GetRegisteredEvents")
        else { return [] }
        defer { sv_dbus_message_unref(call) }
        var error = SVDBusError()
        sv_dbus_error_init(&error)
        defer { sv_dbus_error_free(&error) }
        guard let reply = sv_dbus_connection_send_with_reply_and_block(connection, call, stepTimeout, &error) else {
            return []
        }
        defer { sv_dbus_message_unref(reply) }
        var iterator = SVDBusMessageIter()
        guard sv_dbus_message_iter_init(reply, &iterator) != 0,
            sv_dbus_message_iter_get_arg_type(&iterator) == DBusWriter.arrayType
        else { return [] }
        var listeners: Set<String> = []
        var entries = SVDBusMessageIter()
        sv_dbus_message_iter_recurse(&iterator, &entries)
        while sv_dbus_message_iter_get_arg_type(&entries) == DBusWriter.structType {
            var fields = SVDBusMessageIter()
            sv_dbus_message_iter_recurse(&entries, &fields)
            let sender = DBusReader.string(&fields) ?? ""
            sv_dbus_message_iter_next(&fields)
            listeners.insert(sender + " " + (DBusReader.string(&fields) ?? ""))
            sv_dbus_message_iter_next(&entries)
        }
        return listeners
    }
}

/// What the joining thread hands the loop: the result, once, and a byte down the pipe.
private final class JoinBox: Sendable {
    /// The pipe's write end: the thread's one byte, then closed.
    package let wake: Int32
    /// The bus to join; nil to find it the standard way.
    package let address: String?
    /// Nil until the thread is done.
    package let outcome = Mutex<Outcome?>(nil)

    /// What the thread found: the connection, or nil when there was none to join.
    package struct Outcome: Sendable {
        var joined: AccessibilityBus.Joined?
    }

    package init(wake: Int32, address: String?) {
        self.wake = wake
        self.address = address
    }

    /// Keeps the result and wakes the loop.
    package func finish(_ joined: AccessibilityBus.Joined?) {
        outcome.withLock { $0 = Outcome(joined: joined) }
        var byte: UInt8 = 1
        _ = write(wake, &byte, 1)
        close(wake)
    }
}
