import CX11
import Glibc
import SplitViewProcesses

/// The properties of a top-level window that window managers, `xprop` and our tests read.
enum WindowProperties {
    /// Writes the window contract (the README's "The window"): `WM_CLASS` from `identity`
    /// (`splitview`/`SplitView` for the app), the title as UTF-8 in both `_NET_WM_NAME` and
    /// `WM_NAME`, `WM_PROTOCOLS` with `WM_DELETE_WINDOW`, `_NET_WM_PID` with
    /// `WM_CLIENT_MACHINE` (EWMH asks for the machine wherever the pid is set: a pid names a
    /// process only on its own host), `WM_HINTS` with the input hint set (the window takes the
    /// keyboard when the window manager gives it: ICCCM's "passive" model, which a window
    /// manager otherwise has to guess), and `WM_NORMAL_HINTS` with a minimum size. All of
    /// them go in the batch that creates the window: no round trip.
    static func setTopLevel(
        _ window: Window, on connection: X11Connection, identity: ApplicationIdentity, title: String, minimum: PixelSize
    ) {
        let display = connection.display, atoms = connection.atoms
        setTitle(window, on: connection, title: title)

        // XClassHint wants `char *`: strdup, then free.
        let instance = strdup(identity.name), className = strdup(identity.className)
        defer { free(instance); free(className) }
        var hint = XClassHint(res_name: instance, res_class: className)
        XSetClassHint(display, window, &hint)

        var protocols = [atoms.wmDeleteWindow]
        _ = XSetWMProtocols(display, window, &protocols, 1)

        // CARDINAL properties of format 32 travel as C longs.
        var pid = Int(getpid())
        withUnsafeBytes(of: &pid) { bytes in
            _ = XChangeProperty(
                display, window, atoms.netWMPID, XA_CARDINAL, 32, PropModeReplace,
                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }

        // XSetWMClientMachine would need an XTextProperty; the property is a STRING.
        var host = [CChar](repeating: 0, count: 256)
        if gethostname(&host, host.count - 1) == 0 {
            var bytes = Array(host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
            _ = XChangeProperty(
                display, window, XA_WM_CLIENT_MACHINE, XA_STRING, 8, PropModeReplace, &bytes, Int32(bytes.count))
        }

        if let wmHints = XAllocWMHints() {
            wmHints.pointee.flags = InputHint | StateHint
            wmHints.pointee.input = 1
            wmHints.pointee.initial_state = NormalState
            XSetWMHints(display, window, wmHints)
            XFree(wmHints)
        }

        if let hints = XAllocSizeHints() {
            hints.pointee.flags = PMinSize
            hints.pointee.min_width = Int32(minimum.width)
            hints.pointee.min_height = Int32(minimum.height)
            XSetWMNormalHints(display, window, hints)
            XFree(hints)
        }
    }

    /// Sets the title losslessly: `XStoreName` would store UTF-8 bytes as Latin-1, so both
    /// `WM_NAME` and `_NET_WM_NAME` are written as `UTF8_STRING`.
    static func setTitle(_ window: Window, on connection: X11Connection, title: String) {
        var bytes = Array(title.utf8)
        for property in [connection.atoms.netWMName, connection.atoms.wmName] {
            _ = XChangeProperty(
                connection.display, window, property, connection.atoms.utf8String, 8, PropModeReplace,
                &bytes, Int32(bytes.count))
        }
    }

    /// Names a child window (column names are ASCII, so a plain `STRING` that `xwininfo -tree`
    /// shows).
    static func setName(_ window: Window, on connection: X11Connection, name: String) {
        _ = name.withCString { XStoreName(connection.display, window, $0) }
    }
}
