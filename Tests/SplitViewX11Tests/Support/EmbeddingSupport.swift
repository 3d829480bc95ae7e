import CX11
import Foundation
import Glibc
import SplitView
import TestSupport

@testable import SplitViewX11

/// The test playing an XEmbed client: a window of its own connection with `_XEMBED_INFO`.
final class XEmbedPlug {
    let connection: X11Connection
    let window: Window

    /// A window on the root (the client then reparents it into a socket, as GTK plugs do), or
    /// created inside `parent` (a socket given on the command line, as `mpv --wid` does).
    init(_ connection: X11Connection, parent: Window? = nil) {
        self.connection = connection
        var attributes = XSetWindowAttributes()
        attributes.background_pixel = 0x336699
        attributes.event_mask = Int(StructureNotifyMask | ButtonPressMask)
        window = XCreateWindow(
            connection.display, parent ?? connection.root, 0, 0, 100, 100, 0, connection.depth, UInt32(InputOutput),
            connection.visual, UInt(CWBackPixel | CWEventMask), &attributes)
    }

    func setInfo(flags: Int) {
        // Format-32 data goes to Xlib as C longs.
        var info = [0, flags]
        info.withUnsafeMutableBytes { bytes in
            _ = XChangeProperty(
                connection.display, window, connection.atoms.xembedInfo, connection.atoms.xembedInfo, 32, PropModeReplace,
                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 2)
        }
        connection.sync()
    }

    func send(_ message: XEmbed.Message, to socket: Window) {
        XEmbed.send(message, to: socket, atoms: XEmbed.Atoms(connection), on: connection)
        connection.sync()
    }

    /// Waits (up to `seconds`) for an event of `type` on the window.
    func waitForEvent(_ type: Int32, seconds: Double = 10) -> XEvent? {
        var event = XEvent()
        let came = waitUntil(timeout: seconds) { XCheckTypedWindowEvent(connection.display, window, type, &event) != 0 }
        return came ? event : nil
    }

    /// Waits (up to 10 s) for an `_XEMBED` message of `kind`; its data words.
    func waitForMessage(_ kind: XEmbed.Message) -> (detail: Int, data1: Int, data2: Int)? {
        var found: (detail: Int, data1: Int, data2: Int)?
        waitUntil {
            var event = XEvent()
            while found == nil && XCheckTypedWindowEvent(connection.display, window, ClientMessage, &event) != 0 {
                let message = event.xclient
                if message.message_type == connection.atoms.xembed && message.data.l.1 == kind.rawValue {
                    found = (message.data.l.2, message.data.l.3, message.data.l.4)
                }
            }
            return found != nil
        }
        return found
    }
}

/// Where xterm is.
enum Xterm {
    /// The xterm program on `PATH`, if any.
    static let path: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
        .split(separator: ":").map { "\($0)/xterm" }.first { access($0, X_OK) == 0 }
}

/// The processes the programs under test run as, from `/proc`.
enum ProcessTable {
    /// The live children of `parent` named xterm.
    static func children(of parent: pid_t) -> [pid_t] { children(of: parent, named: "xterm") }

    /// The live children of `parent` named `command`.
    static func children(of parent: pid_t, named command: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { return false }
            let name = stat[stat.index(after: open)..<close]
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return name == command && fields.count > 2 && fields[0] != "Z" && Int32(fields[1]) == parent
        }
    }

    /// True once `pid` is no process at all: reaped by its parent, not even a zombie.
    static func isReaped(_ pid: pid_t) -> Bool {
        access("/proc/\(pid)", F_OK) != 0
    }

    /// True while `pid` is a process, zombies excluded.
    static func exists(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")")
        else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }
}

/// Reading a window tree from the test's own connection.
struct WindowTree {
    let connection: X11Connection
    let top: Window

    init(_ connection: X11Connection, _ top: Window) {
        self.connection = connection
        self.top = top
    }

    /// The top-level windows of splitview on the server.
    static func topLevels(_ connection: X11Connection) -> [Window] {
        WindowTree(connection, connection.root).children(of: connection.root).filter { child in
            var hint = XClassHint()
            guard XGetClassHint(connection.display, child, &hint) != 0 else { return false }
            defer {
                XFree(hint.res_name)
                XFree(hint.res_class)
            }
            return hint.res_name.map { String(cString: $0) == "splitview" } ?? false
        }
    }

    func children(of window: Window) -> [Window] {
        var root: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(connection.display, window, &root, &parent, &children, &count) != 0 else { return [] }
        defer { if let children { XFree(children) } }
        return (0..<Int(count)).compactMap { children?[$0] }
    }

    func name(of window: Window) -> String? {
        var text: UnsafeMutablePointer<CChar>?
        guard XFetchName(connection.display, window, &text) != 0, let text else { return nil }
        defer { XFree(text) }
        return String(cString: text)
    }

    func child(named name: String, of window: Window) -> Window? {
        children(of: window).first { self.name(of: $0) == name }
    }

    /// Waits for the program's window in `column`'s socket, viewable.
    func waitForClient(in column: Window) -> Window? {
        var found: Window?
        _ = waitUntil {
            guard let socket = child(named: "socket", of: column), let client = children(of: socket).first,
                isViewable(client)
            else { return false }
            found = client
            return true
        }
        return found
    }

    func frame(_ window: Window) -> PixelRect {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(connection.display, window, &attributes)
        return PixelRect(x: Int(attributes.x), y: Int(attributes.y), width: Int(attributes.width), height: Int(attributes.height))
    }

    /// The frame in the top-level's coordinates.
    func absoluteFrame(_ window: Window) -> PixelRect {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(connection.display, window, top, 0, 0, &x, &y, &child)
        let size = frame(window)
        return PixelRect(x: Int(x), y: Int(y), width: size.width, height: size.height)
    }

    /// Where a column's program goes: its content area (below its 38-pixel bar) less the
    /// focus ring's 2 pixels on every side, in the top-level's coordinates.
    func contentArea(of column: Window) -> PixelRect {
        let pane = frame(column)
        return PixelRect(x: pane.x + 2, y: pane.y + 38 + 2, width: pane.width - 4, height: pane.height - 38 - 4)
    }

    func isViewable(_ window: Window) -> Bool {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(connection.display, window, &attributes) != 0 else { return false }
        return attributes.map_state == IsViewable
    }

    /// True when the input focus is `window` or inside it.
    func focusIsInside(_ window: Window) -> Bool {
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(connection.display, &focus, &revert)
        var current = focus
        for _ in 0..<16 {
            if current == window { return true }
            var root: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard current > 1, XQueryTree(connection.display, current, &root, &parent, &children, &count) != 0 else {
                return false
            }
            if let children { XFree(children) }
            current = parent
        }
        return false
    }
}
