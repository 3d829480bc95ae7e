import CX11
import Glibc
import SplitView

/// The atoms the host names in properties and client messages, interned once per connection.
public struct X11Atoms: Hashable, Sendable {
    /// `WM_PROTOCOLS`: the type of the window manager's client messages.
    package var wmProtocols: Atom
    /// `WM_DELETE_WINDOW`: the window manager asks us to close a window.
    package var wmDeleteWindow: Atom
    /// `_NET_WM_NAME`: the title in UTF-8.
    package var netWMName: Atom
    /// `_NET_WM_PID`: our process id, so a window manager can kill a hung client.
    package var netWMPID: Atom
    /// `UTF8_STRING`: the type of UTF-8 text properties.
    package var utf8String: Atom
    /// `WM_NAME`: the legacy title, which the host also writes as UTF-8: `XStoreName` would store the bytes as Latin-1, which `xprop` shows garbled.
    package var wmName: Atom
    /// `_XEMBED`: the type of XEmbed's client messages, for hosted programs.
    package var xembed: Atom
    /// `_XEMBED_INFO`: a hosted program's XEmbed version and flags.
    package var xembedInfo: Atom
    /// `CLIPBOARD`: the selection Ctrl+C fills (PRIMARY is predefined).
    package var clipboard: Atom = 0
    /// `TARGETS`: a requestor asks which forms the selection comes in.
    package var targets: Atom = 0
    /// `TIMESTAMP`: a requestor asks when the selection was taken.
    package var timestamp: Atom = 0
    /// `TEXT`: text in whatever encoding the owner likes (UTF-8 here).
    package var text: Atom = 0
    /// `INCR`: a selection too large for one property comes in pieces.
    package var incr: Atom = 0
    /// `_XEMBED_AT_SPI_PATH`: where a hosted GTK plug's accessible tree is (its type too).
    package var xembedAtSpiPath: Atom = 0
    /// The atoms of drag and drop between programs (`XdndAware`, `XdndEnter`…).
    package var xdnd = XdndAtoms()

    /// Creates the set from known values; tests use it without a server. Package access: its
    /// parameters are X atoms, and no X type is in this module's public API.
    package init(
        wmProtocols: Atom, wmDeleteWindow: Atom, netWMName: Atom, netWMPID: Atom,
        utf8String: Atom, wmName: Atom, xembed: Atom = 0, xembedInfo: Atom = 0
    ) {
        self.wmProtocols = wmProtocols
        self.wmDeleteWindow = wmDeleteWindow
        self.netWMName = netWMName
        self.netWMPID = netWMPID
        self.utf8String = utf8String
        self.wmName = wmName
        self.xembed = xembed
        self.xembedInfo = xembedInfo
    }
}

/// One connection to an X server: the `Display*` and what every other host type needs from it.
///
/// Not `Sendable` and not isolated to an actor: create it and use it on one thread, with
/// everything made from it. ``Canvas`` and ``FontSet`` hold it strongly, so the display closes
/// only after the last pixmap, font and colour made on it has been freed.
///
/// ```swift
/// let conn = try X11Connection(name: nil)      // $DISPLAY
/// let fonts = try FontSet(connection: conn, family: Theme.light.fontFamily)
/// ```
public final class X11Connection {
    /// The `Display*`, for Xlib calls the wrappers do not cover.
    package let display: OpaquePointer
    /// The display's name as Xlib resolved it, e.g. `:0`.
    public let name: String
    /// The default screen.
    public let screen: Int32
    /// The default screen's root window.
    package let root: Window
    /// The default visual, which every window and pixmap of the host uses.
    package let visual: UnsafeMutablePointer<Visual>
    /// The default colormap.
    package let colormap: Colormap
    /// The default depth, in bits per pixel (24 on any current server).
    public let depth: Int32
    /// The interned atoms.
    public let atoms: X11Atoms
    /// Pixels per point: `Xft.dpi / 96`, or 1 when the server's resources do not say.
    public let scale: PixelScale

    /// Opens the display called `name`, or `$DISPLAY` when `name` is nil.
    ///
    /// - Parameters:
    ///   - name: the display's name (`:0`), or nil for `$DISPLAY`.
    ///   - scale: pixels per point to use instead of `Xft.dpi / 96` (a `--scale` option).
    /// - Throws: ``X11Error`` `cannot open display ":9"` with the name as given, or the value of
    ///   `$DISPLAY`; or when the server lacks the RENDER extension, which drawing needs.
    public init(name: String? = nil, scale: Double? = nil) throws(X11Error) {
        _ = x11ProcessSetup
        let shownName = name ?? getenv("DISPLAY").map { String(cString: $0) }
        guard let display = XOpenDisplay(name) else {
            throw X11Error(
                shownName.map { String(translated: "cannot open display \"\($0)\"") }
                    ?? String(translated: "cannot open display: DISPLAY is not set"))
        }
        // RENDER must be registered on this Display before Xft's first call, or Xft's close hook
        // leaves stale extension state that a later XOpenDisplay at the same address picks up
        // (a hang in `_XReply` or an xcb abort). One Display per process would avoid it too.
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRenderQueryExtension(display, &eventBase, &errorBase) != 0 else {
            XCloseDisplay(display)
            let server = shownName ?? ""
            throw X11Error(String(translated: "the X server \"\(server)\" has no RENDER extension"))
        }
        self.display = display
        self.name = String(cString: XDisplayString(display))
        screen = XDefaultScreen(display)
        root = XRootWindow(display, screen)
        visual = XDefaultVisual(display, screen)
        colormap = XDefaultColormap(display, screen)
        depth = XDefaultDepth(display, screen)
        atoms = Self.internAtoms(display)
        let resources = XResourceManagerString(display).map { String(cString: $0) } ?? ""
        self.scale = PixelScale(scale ?? Self.scale(forDPI: Self.xftDPI(inResources: resources)))
    }

    /// What Xft adds to every font name it is asked on this display (`XftDefaultSubstitute`:
    /// the dpi, the `Xft.*` resources, the subpixel order, the language), as fontconfig writes
    /// it; nil when fontconfig cannot make a pattern. Asked once, when first read.
    ///
    /// Decided: Xft's first look at a display asks RENDER for its version and picture formats,
    /// two round trips and about 0.6 M instructions, which any font's opening makes. A
    /// connection opened ahead (``Opening``) reads this on its own thread once connected, while
    /// the command line is still being parsed, so that the first window's fonts open without
    /// waiting for the server.
    package private(set) lazy var xftDefaults: String? = {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        XftDefaultSubstitute(display, screen, pattern)
        return FontSet.unparsed(pattern)
    }()

    deinit {
        // Closing flushes what is queued and, under Xvfb's -terminate, lets the server exit.
        XCloseDisplay(display)
    }

    /// The connection's file descriptor, to `poll()` on in the event loop.
    public var connectionNumber: Int32 { XConnectionNumber(display) }

    /// Sends every queued request; call before sleeping in `poll()`.
    public func flush() { XFlush(display) }

    /// Sends every queued request and waits until the server has handled them, so that errors
    /// and events they cause are queued on return. A round trip: for tests and startup only.
    public func sync(discardingEvents: Bool = false) { XSync(display, discardingEvents ? 1 : 0) }

    /// How many events are queued, after flushing and reading whatever the server has sent.
    /// Never blocks.
    public var pendingEventCount: Int { Int(XPending(display)) }

    /// The next event, waiting for one if none is queued.
    package func nextEvent() -> XEvent {
        var event = XEvent()
        XNextEvent(display, &event)
        return event
    }

    /// `Xft.dpi` from the server's resource string (`xrdb`), or nil when it is missing or not a
    /// number. Uses Xrm, so wildcards such as `*dpi: 144` count as they do for every Xft client.
    public static func xftDPI(inResources resources: String) -> Double? {
        resource("Xft.dpi", class: "Xft.Dpi", inResources: resources).flatMap(Double.init)
    }

    /// The value of the X resource `name` (class `className`) set on this display with `xrdb`,
    /// e.g. `splitview.theme`, or nil.
    public func resource(_ name: String, class className: String) -> String? {
        let resources = XResourceManagerString(display).map { String(cString: $0) } ?? ""
        return Self.resource(name, class: className, inResources: resources)
    }

    /// The value of the resource `name` in a resource string, looked up with Xrm (wildcards
    /// and classes apply), without surrounding spaces; nil when absent.
    public static func resource(_ name: String, class className: String, inResources resources: String) -> String? {
        _ = x11ProcessSetup
        XrmInitialize()
        guard !resources.isEmpty, let database = XrmGetStringDatabase(resources) else { return nil }
        defer { XrmDestroyDatabase(database) }
        var type: UnsafeMutablePointer<CChar>?
        var value = XrmValue()
        guard XrmGetResource(database, name, className, &type, &value) != 0, let address = value.addr else { return nil }
        return String(cString: address).trimmingSpaces
    }

    /// Pixels per point for a display of `dpi` dots per inch: `dpi / 96`. Nil, or a value outside
    /// 48…480 dpi (half to five times 96, beyond which text is unreadable or a pane holds nothing),
    /// gives 1.
    public static func scale(forDPI dpi: Double?) -> Double {
        guard let dpi, dpi.isFinite, (48...480).contains(dpi) else { return 1 }
        return dpi / 96
    }

    // One XInternAtoms round trip for all of them, instead of one per atom.
    private static func internAtoms(_ display: OpaquePointer) -> X11Atoms {
        let names =
            [
                "WM_PROTOCOLS", "WM_DELETE_WINDOW", "_NET_WM_NAME", "_NET_WM_PID", "UTF8_STRING", "WM_NAME", "_XEMBED",
                "_XEMBED_INFO", "CLIPBOARD", "TARGETS", "TIMESTAMP", "TEXT", "INCR", "_XEMBED_AT_SPI_PATH",
            ] + XdndAtoms.names
        var cNames: [UnsafeMutablePointer<CChar>?] = names.map { strdup($0) }
        defer { cNames.forEach { free($0) } }
        var atoms = [Atom](repeating: 0, count: names.count)
        _ = XInternAtoms(display, &cNames, Int32(names.count), 0, &atoms)
        var result = X11Atoms(
            wmProtocols: atoms[0], wmDeleteWindow: atoms[1], netWMName: atoms[2],
            netWMPID: atoms[3], utf8String: atoms[4], wmName: atoms[5], xembed: atoms[6], xembedInfo: atoms[7])
        result.clipboard = atoms[8]
        result.targets = atoms[9]
        result.timestamp = atoms[10]
        result.text = atoms[11]
        result.incr = atoms[12]
        result.xembedAtSpiPath = atoms[13]
        result.xdnd = XdndAtoms(Array(atoms[14...]))
        return result
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (no Foundation in the host).
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[first...last])
    }
}
