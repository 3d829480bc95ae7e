import CX11

/// `XGetWindowProperty` once, for every reader of a window's property: the clients' XEmbed
/// info and titles, XDND's lists, and the answers of pastes and drops.
enum WindowProperty {
    /// Reads up to `longs` 32-bit units of `window`'s `property` (of `type`, or any type) and
    /// gives `body` its actual type, format, item count and data, which live until `body`
    /// returns; nil when the property is unset or the window is gone. With `delete`, the
    /// property is deleted once read (how a conversion's answer, and each `INCR` piece, is
    /// taken: ICCCM 2.4 and 2.7.2).
    static func read<T>(
        _ window: Window, _ property: Atom, type wanted: Atom = Atom(AnyPropertyType), longs: Int, delete: Bool = false,
        on connection: X11Connection, _ body: (Atom, Int32, Int, UnsafeMutablePointer<UInt8>) -> T?
    ) -> T? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            connection.display, window, property, 0, longs, delete ? 1 : 0, wanted, &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, type != 0, let data else { return nil }
        return body(type, format, Int(count), data)
    }

    /// The 32-bit items of `window`'s `property` (of any type, at most 1 024), or nil when it
    /// has none or they are not 32-bit.
    static func words(of window: Window, _ property: Atom, on connection: X11Connection) -> [Int]? {
        read(window, property, longs: 1024, on: connection) { _, format, count, data in
            guard format == 32 else { return nil }
            return data.withMemoryRebound(to: Int.self, capacity: count) { Array(UnsafeBufferPointer(start: $0, count: count)) }
        }
    }

    /// `window`'s `property`, deleted once read (an answer taken): its type, format and bytes
    /// (32-bit items as C longs, 16-bit as shorts), at most 64 MiB; nil when it has none.
    static func take(
        _ property: Atom, of window: Window, on connection: X11Connection
    ) -> (type: Atom, format: Int32, bytes: [UInt8])? {
        // An empty property (the last `INCR` piece) is read too: Xlib gives it a data pointer.
        read(window, property, longs: 1 << 24, delete: true, on: connection) { type, format, count, data in
            let size = format == 32 ? MemoryLayout<Int>.size : format == 16 ? MemoryLayout<Int16>.size : 1
            return (type, format, Array(UnsafeBufferPointer(start: data, count: count * size)))
        }
    }
}
