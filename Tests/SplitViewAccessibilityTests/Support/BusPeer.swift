import CDBus
import Glibc
import SplitViewAccessibility
import TestSupport
import Testing

/// Another program on the private bus, through libdbus as a screen reader's library talks to
/// an application: calls with typed arguments and their answers read whole (``DBusValue``),
/// the signals it hears, and — once ``standInForRegistry()`` is called — the registry's part
/// of an application's joining: `Socket.Embed` and `GetRegisteredEvents`, and the news of
/// listeners coming and going.
///
/// Everything runs on the test's thread: the peer never blocks, and while it waits for an
/// answer it runs ``beside`` (the bus under test's dispatch), so that the two take turns as
/// the host's loop and a screen reader's would.
final class BusPeer {
    /// The peer's private connection.
    let connection: OpaquePointer
    /// Its unique name on the bus (`:1.n`).
    let name: String
    /// What runs while the peer waits: the bus under test answering.
    var beside: () -> Void = {}
    /// The signals heard, oldest first (the bus daemon's own left out).
    private(set) var signals: [Signal] = []
    /// The answers that came, by the serial of the call they answer.
    private var replies: [UInt32: Reply] = [:]

    /// What the stand-in registry says to `Socket.Embed`.
    enum EmbedAnswer {
        /// The desktop, `(so)`: this peer and `/org/a11y/atspi/accessible/root`.
        case desktop
        /// A D-Bus error, as a registry that refuses the application.
        case error
        /// A string where the reference should be.
        case wrongType
    }

    /// How the stand-in answers `Socket.Embed`.
    var embedAnswer = EmbedAnswer.desktop
    /// The events the stand-in says are listened for (listener, event); nil: an error instead.
    var registeredEvents: [(String, String)]? = []
    /// The arguments of each `Socket.Embed` the stand-in answered.
    private(set) var embedded: [[DBusValue]] = []

    /// A signal heard.
    struct Signal: CustomStringConvertible {
        var path: String
        var interface: String
        var member: String
        var arguments: [DBusValue]
        var description: String { "\(interface).\(member) \(path) \(arguments)" }
    }

    /// An answer: its values, or the error's name.
    struct Reply: CustomStringConvertible {
        var error: String?
        var values: [DBusValue]
        var description: String { error ?? "\(values)" }
    }

    /// What went wrong connecting.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Connects to the bus at `address`, says Hello, and listens to every signal.
    init(address: String) throws {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let connection = dbus_connection_open_private(address, &error) else {
            throw Failure(description: "cannot connect to \(address)")
        }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        // Hello and AddMatch wait for the daemon's answers only: no other party is needed.
        guard dbus_bus_register(connection, &error) != 0, let unique = dbus_bus_get_unique_name(connection) else {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            throw Failure(description: "no Hello from the bus")
        }
        self.connection = connection
        name = String(cString: unique)
        dbus_bus_add_match(connection, "type='signal'", &error)
    }

    deinit {
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }

    /// Takes the registry's well-known name (`org.a11y.atspi.Registry`), answering for it from
    /// now on; false when the bus refused.
    func standInForRegistry() -> Bool {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let result = dbus_bus_request_name(connection, "org.a11y.atspi.Registry", UInt32(DBUS_NAME_FLAG_DO_NOT_QUEUE), &error)
        return result == DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER
    }

    /// Reads what came, without waiting: answers kept, signals heard, the registry's calls
    /// answered.
    func pump() {
        _ = dbus_connection_read_write(connection, 0)
        while let message = dbus_connection_pop_message(connection) {
            defer { dbus_message_unref(message) }
            switch dbus_message_get_type(message) {
            case DBUS_MESSAGE_TYPE_METHOD_RETURN, DBUS_MESSAGE_TYPE_ERROR:
                let error = dbus_message_get_error_name(message).map { String(cString: $0) }
                replies[dbus_message_get_reply_serial(message)] = Reply(error: error, values: DBusValue.arguments(of: message))
            case DBUS_MESSAGE_TYPE_SIGNAL:
                let interface = dbus_message_get_interface(message).map { String(cString: $0) } ?? ""
                guard interface != "org.freedesktop.DBus" else { continue }
                signals.append(
                    Signal(
                        path: dbus_message_get_path(message).map { String(cString: $0) } ?? "", interface: interface,
                        member: dbus_message_get_member(message).map { String(cString: $0) } ?? "",
                        arguments: DBusValue.arguments(of: message)))
            case DBUS_MESSAGE_TYPE_METHOD_CALL:
                answerAsRegistry(message)
            default:
                continue
            }
        }
    }

    /// Calls `member` of `interface` on `path` at `destination`, its arguments written by
    /// `arguments`, and waits (at most 10 s) for the answer, taking turns with ``beside``;
    /// nil when none came.
    func call(
        _ destination: String, _ path: String, _ interface: String, _ member: String,
        _ arguments: (inout DBusWriter) -> Void = { _ in }
    ) -> Reply? {
        guard let message = dbus_message_new_method_call(destination, path, interface, member) else { return nil }
        var writer = DBusWriter(message)
        arguments(&writer)
        var serial: UInt32 = 0
        let sent = dbus_connection_send(connection, message, &serial) != 0
        dbus_message_unref(message)
        guard sent else { return nil }
        waitUntil {
            beside()
            pump()
            return replies[serial] != nil
        }
        return replies.removeValue(forKey: serial)
    }

    /// Waits (at most 10 s) until a signal heard satisfies `condition`, taking turns with
    /// ``beside``; the signal, or nil.
    func waitForSignal(_ condition: (Signal) -> Bool) -> Signal? {
        var found: Signal?
        waitUntil {
            beside()
            pump()
            found = signals.first(where: condition)
            return found != nil
        }
        return found
    }

    /// Forgets the signals heard so far.
    func forgetSignals() { signals.removeAll() }

    /// Says, as the registry does, that `listener` now listens for `event` (or no longer).
    func announceListener(_ listener: String, _ event: String, registered: Bool) {
        let member = registered ? "EventListenerRegistered" : "EventListenerDeregistered"
        guard let message = dbus_message_new_signal("/org/a11y/atspi/registry", "org.a11y.atspi.Registry", member) else {
            Issue.record("libdbus made no \(member) signal")
            return
        }
        var writer = DBusWriter(message)
        writer.string(listener)
        writer.string(event)
        dbus_connection_send(connection, message, nil)
        dbus_connection_flush(connection)
        dbus_message_unref(message)
    }

    /// The registry's answers: `Socket.Embed` (the desktop, as ``embedAnswer`` says) and
    /// `GetRegisteredEvents` (``registeredEvents``); any other call is an unknown method.
    private func answerAsRegistry(_ message: OpaquePointer) {
        let member = dbus_message_get_member(message).map { String(cString: $0) } ?? ""
        var answer: OpaquePointer?
        switch (member, embedAnswer, registeredEvents) {
        case ("Embed", .desktop, _):
            embedded.append(DBusValue.arguments(of: message))
            answer = dbus_message_new_method_return(message)
            var writer = DBusWriter(answer!)
            writer.reference(name, "/org/a11y/atspi/accessible/root")
        case ("Embed", .wrongType, _):
            embedded.append(DBusValue.arguments(of: message))
            answer = dbus_message_new_method_return(message)
            var writer = DBusWriter(answer!)
            writer.string("no desktop here")
        case ("GetRegisteredEvents", _, let events?):
            answer = dbus_message_new_method_return(message)
            var writer = DBusWriter(answer!)
            writer.container(DBusWriter.arrayType, "(ss)") { array in
                for (listener, event) in events {
                    array.container(DBusWriter.structType, nil) {
                        $0.string(listener)
                        $0.string(event)
                    }
                }
            }
        default:
            if member == "Embed" { embedded.append(DBusValue.arguments(of: message)) }
            answer = dbus_message_new_error(message, "org.freedesktop.DBus.Error.AccessDenied", "the stand-in says no")
        }
        guard let answer else {
            Issue.record("libdbus made no answer to \(member)")
            return
        }
        dbus_connection_send(connection, answer, nil)
        dbus_connection_flush(connection)
        dbus_message_unref(answer)
    }
}
