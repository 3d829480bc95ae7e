import CX11

/// The XEmbed protocol, as far as an embedder needs it (freedesktop.org's "XEmbed Protocol
/// Specification", version 0): the messages, the `_XEMBED_INFO` flags, and sending.
///
/// The embedder's window is the *socket*; the program's window inside it is the *client*.
/// Messages are `_XEMBED` client messages of format 32 whose longs are the time, the
/// message, its detail and two data words.
enum XEmbed {
    /// The protocol version this embedder speaks.
    static let version = 0

    /// The messages (`XEMBED_…`).
    enum Message: Int {
        case embeddedNotify = 0
        case windowActivate = 1
        case windowDeactivate = 2
        case requestFocus = 3
        case focusIn = 4
        case focusOut = 5
        case focusNext = 6
        case focusPrevious = 7
        case modalityOn = 10
        case modalityOff = 11
        case registerAccelerator = 12
        case unregisterAccelerator = 13
        case activateAccelerator = 14
    }

    /// `XEMBED_FOCUS_IN`'s detail: where in the client the focus lands.
    enum FocusDetail: Int {
        /// Wherever the client had it.
        case current = 0
        /// Its first widget (the focus came forward, as with F6).
        case first = 1
        /// Its last widget (the focus came backward).
        case last = 2
    }

    /// `_XEMBED_INFO`'s flag: the client wants to be shown.
    static let mappedFlag = 1

    /// The atoms, interned with the connection's others (one round trip at connection time:
    /// a window that opens makes none, so a server lost at that moment finds the program
    /// ready to save its state).
    struct Atoms {
        /// `_XEMBED`: the message type.
        var xembed: Atom
        /// `_XEMBED_INFO`: the client's version and flags.
        var info: Atom
        /// `_XEMBED_AT_SPI_PATH`: where a GTK plug's accessible tree is.
        var atSpiPath: Atom

        init(_ connection: X11Connection) {
            xembed = connection.atoms.xembed
            info = connection.atoms.xembedInfo
            atSpiPath = connection.atoms.xembedAtSpiPath
        }
    }

    /// Sends `message` to `client` (its detail and data as the spec has them).
    static func send(
        _ message: Message, detail: Int = 0, data1: Int = 0, data2: Int = 0, to client: Window,
        atoms: Atoms, on connection: X11Connection
    ) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = client
        event.xclient.message_type = atoms.xembed
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(CurrentTime)
        event.xclient.data.l.1 = message.rawValue
        event.xclient.data.l.2 = detail
        event.xclient.data.l.3 = data1
        event.xclient.data.l.4 = data2
        _ = XSendEvent(connection.display, client, 0, Int(NoEventMask), &event)
    }

    /// The client's `_XEMBED_AT_SPI_PATH` (GTK's plug: `bus:path` of its accessible, typed
    /// by the atom itself), or nil when it has none: read when the client is adopted and when
    /// it sets it, one round trip each, never on a frame's path.
    static func accessiblePlug(of client: Window, atoms: Atoms, on connection: X11Connection) -> String? {
        WindowProperty.read(client, atoms.atSpiPath, type: atoms.atSpiPath, longs: 256, on: connection) {
            _, format, count, data in
            guard format == 8, count > 0 else { return nil }
            return String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
        }
    }

    /// The client's `_XEMBED_INFO` (version, flags), or nil when it has none: a client that
    /// does not speak XEmbed (`xterm -into`) and is shown as soon as it maps itself.
    static func info(of client: Window, atoms: Atoms, on connection: X11Connection) -> (version: Int, flags: Int)? {
        WindowProperty.read(client, atoms.info, type: atoms.info, longs: 2, on: connection) { _, format, count, data in
            guard format == 32, count >= 2 else { return nil }
            // Format-32 data comes as C longs.
            let longs = UnsafeRawPointer(data).assumingMemoryBound(to: Int.self)
            return (longs[0], longs[1])
        }
    }
}

/// A client window's title: `_NET_WM_NAME` (UTF-8), else `WM_NAME` (UTF-8 when typed so,
/// else Latin-1, as `STRING` is); nil when it has neither (or is gone).
enum ClientTitle {
    /// The title, or nil when the window has none.
    static func read(_ window: Window, on connection: X11Connection) -> String? {
        if let name = property(window, connection.atoms.netWMName, on: connection) {
            return String(decoding: name.value, as: UTF8.self)
        }
        guard let name = property(window, connection.atoms.wmName, on: connection) else { return nil }
        if name.type == connection.atoms.utf8String { return String(decoding: name.value, as: UTF8.self) }
        return String(String.UnicodeScalarView(name.value.map { Unicode.Scalar($0) }))
    }

    /// A text property's bytes (at most 4 KiB) and its type; nil when it is unset, not text,
    /// or the window is gone.
    private static func property(
        _ window: Window, _ property: Atom, on connection: X11Connection
    ) -> (value: [UInt8], type: Atom)? {
        WindowProperty.read(window, property, longs: 1024, on: connection) { type, format, count, data in
            format == 8 ? (Array(UnsafeBufferPointer(start: data, count: count)), type) : nil
        }
    }
}
