import CX11
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// A host with one window under a private Xvfb, and the means to poke it the way the X server
/// would: events sent with `XSendEvent`, geometry and pixels read back.
final class WindowHarness {
    let connection: X11Connection
    let host: Host
    let window: SplitWindow

    /// Opens a window `width`×`height` px showing a fresh controller of `style` (transitions
    /// off, so that one batch of events gives the settled layout).
    init(display: String, style: SplitViewController.Style = .tripleColumn, width: Int = 1400, height: Int = 900) throws {
        connection = try X11Connection(name: display, scale: 1)
        let fonts = try FontSet(connection: connection, family: Theme.light.fontFamily)
        host = Host(connection: connection, fonts: fonts, identity: Self.identity) { WindowHarness.content(style) }
        window = host.open(Self.content(style), size: PixelSize(width: width, height: height))
        try pump { self.isViewable(self.window.window) }
    }

    var controller: SplitViewController { window.controller }

    /// The harness's host speaks for a program of its own, not for `splitview`: the host is
    /// anyone's.
    static let identity = ApplicationIdentity(name: "harness", className: "Harness")

    /// A controller with a list, a list and a text, as the app has.
    static func content(_ style: SplitViewController.Style) -> Host.WindowContent {
        let split = SplitViewController(style: style)
        split.animatesTransitions = false
        split.showsSecondaryOnlyButton = true
        split.setViewController(
            ListViewController(title: "Folders", items: (1...30).map { ListItem(title: "Folder \($0)") }),
            for: .primary)
        split.setViewController(
            ListViewController(title: "Notes", items: [ListItem(title: "Ünïcødé note", subtitle: "1 KB")]),
            for: .supplementary)
        split.setViewController(TextViewController(title: "Reader", text: "Hello, Xvfb — Ελληνικά, Кириллица."), for: .secondary)
        return Host.WindowContent(controller: split, title: "Harness — SplitView")
    }

    /// Runs the host's loop turns until `condition` holds (bounded, so a broken test fails
    /// instead of hanging).
    func pump(until condition: () -> Bool = { true }) throws {
        let settled = waitUntil {
            connection.sync()
            host.processPendingEvents()
            connection.sync()
            return condition() && connection.pendingEventCount == 0
        }
        if !settled && !condition() { throw XvfbServer.Failure(description: "the window never reached the expected state") }
    }

    // MARK: Reading the server

    /// The window's geometry relative to its parent, and whether it is viewable.
    func geometry(_ child: Window) -> (rect: PixelRect, viewable: Bool) {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(connection.display, child, &attributes)
        return (
            PixelRect(x: Int(attributes.x), y: Int(attributes.y), width: Int(attributes.width), height: Int(attributes.height)),
            attributes.map_state == IsViewable
        )
    }

    func isViewable(_ child: Window) -> Bool { geometry(child).viewable }

    /// The columns whose child windows are viewable.
    var viewableColumns: Set<SplitViewController.Column> {
        Set(window.columnWindows.filter { isViewable($0.value) }.map(\.key))
    }

    /// The viewable child window's geometry of `column`, or nil when unmapped.
    func frame(of column: SplitViewController.Column) -> PixelRect? {
        guard let child = window.columnWindows[column] else { return nil }
        let g = geometry(child)
        return g.viewable ? g.rect : nil
    }

    /// Top-level windows on the server named with the harness's `WM_CLASS`.
    func topLevelCount() -> Int {
        var root: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        XQueryTree(connection.display, connection.root, &root, &parent, &children, &count)
        defer { if let children { XFree(children) } }
        var total = 0
        for index in 0..<Int(count) {
            var hint = XClassHint()
            guard let child = children?[index], XGetClassHint(connection.display, child, &hint) != 0 else { continue }
            if let name = hint.res_name, String(cString: name) == Self.identity.name { total += 1 }
            XFree(hint.res_name)
            XFree(hint.res_class)
        }
        return total
    }

    // MARK: Sending events

    /// A press (and release unless `release` is false) of button 1 at `(x, y)` inside `target`.
    func click(_ target: Window, x: Int, y: Int) {
        send(ButtonPress, to: target, x: x, y: y)
        send(ButtonRelease, to: target, x: x, y: y)
    }

    /// Sends a pointer event of `type` to `target`, coordinates relative to it.
    func send(_ type: Int32, to target: Window, x: Int, y: Int, button: UInt32 = 1) {
        var event = XEvent()
        event.xbutton.type = type
        event.xbutton.display = connection.display
        event.xbutton.window = target
        event.xbutton.root = connection.root
        event.xbutton.x = Int32(x)
        event.xbutton.y = Int32(y)
        event.xbutton.same_screen = 1
        event.xbutton.button = button
        let mask = type == MotionNotify ? PointerMotionMask : (type == ButtonPress ? ButtonPressMask : ButtonReleaseMask)
        _ = XSendEvent(connection.display, target, 0, mask, &event)
    }

    /// A key press of `keysym` with the modifier `state`, sent to the top-level window.
    func key(_ keysym: Int32, state: Int32 = 0) {
        var event = XEvent()
        event.xkey.type = KeyPress
        event.xkey.display = connection.display
        event.xkey.window = window.window
        event.xkey.root = connection.root
        event.xkey.keycode = UInt32(XKeysymToKeycode(connection.display, KeySym(keysym)))
        event.xkey.state = UInt32(state)
        event.xkey.same_screen = 1
        _ = XSendEvent(connection.display, window.window, 0, KeyPressMask, &event)
    }

    /// What a window manager sends when the user closes `target`.
    func sendDelete(to target: Window) { sendDeleteWindow(connection, to: target) }

    /// Resizes the top-level as a window manager (or the user) would.
    func resize(width: Int, height: Int) throws {
        XResizeWindow(connection.display, window.window, UInt32(width), UInt32(height))
        try pump { self.window.pixelSize == PixelSize(width: width, height: height) }
    }
}

/// Runs `body` with a harness on a private server; everything is closed before the server stops.
func withWindow(style: SplitViewController.Style = .tripleColumn, _ body: (WindowHarness) throws -> Void) throws {
    try XvfbServer.with { display in
        let harness = try WindowHarness(display: display, style: style)
        try body(harness)
    }
}

/// The pixel rectangle of a rectangle in points at scale 1.
func px(_ rect: Rect) -> PixelRect { PixelScale(1).pixels(rect) }
