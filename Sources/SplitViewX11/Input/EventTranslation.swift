import CX11
import SplitView

/// What one X event means to the host: an `Input` for a window's controller, or one
/// of the few things the host handles itself.
package enum HostEvent: Hashable, Sendable {
    /// Something for the controller of the top-level window that contains `window`.
    case input(Input, window: Window)
    /// Part of `window` needs its pixels again; the host copies `rect` from the pane's pixmap.
    case expose(window: Window, rect: PixelRect)
    /// `window` was configured; its size in pixels. Moves send this too, so the host compares
    /// with the size it knows before it relayouts.
    case configure(window: Window, size: PixelSize)
    /// The window manager asks to close `window` (`WM_DELETE_WINDOW`).
    case close(window: Window)
    /// Nothing the host acts on.
    case ignored
}

/// Turns X events into `HostEvent` values: one `switch` over the event type, the Swift form of
/// dwm's `handler[LASTEvent]` table.
///
/// Pointer coordinates come relative to the window the event was delivered to; the host passes
/// that window's origin inside the top-level window, so every point the core sees is in the
/// top-level's own space. No round trip (`XTranslateCoordinates`) and no dependence on where the
/// window manager put the frame (`x_root`). Pixels become points by dividing by the scale.
///
/// ```swift
/// let translate = EventTranslator(connection: conn)
/// var event = conn.nextEvent()
/// if event.type == MotionNotify { EventTranslator.coalesceMotion(&event, on: conn) }
/// switch translate(event, origin: paneOrigin[event.xany.window] ?? .zero) { … }
/// ```
public struct EventTranslator {
    /// Pixels per point.
    public var scale: PixelScale
    /// The atoms client messages are matched against.
    public var atoms: X11Atoms
    /// The unshifted keysym (group 0, level 0) of a keycode.
    package var keysym: (_ keycode: UInt32) -> KeySym

    /// How far one wheel notch scrolls, in points: the core's notch (three lines or rows).
    public static let scrollStep: Double = Input.wheelNotch

    /// Creates a translator from explicit parts; tests pass a fixed keymap.
    package init(scale: PixelScale, atoms: X11Atoms, keysym: @escaping (_ keycode: UInt32) -> KeySym) {
        self.scale = scale
        self.atoms = atoms
        self.keysym = keysym
    }

    /// Creates a translator for events read from `connection`, with its scale, atoms and keymap.
    public init(connection: X11Connection) {
        self.init(scale: connection.scale, atoms: connection.atoms) { keycode in
            // Holding the connection, not its Display*, keeps the display open while we exist.
            XkbKeycodeToKeysym(connection.display, KeyCode(truncatingIfNeeded: keycode), 0, 0)
        }
    }

    /// The meaning of `event`.
    ///
    /// - Parameters:
    ///   - event: the X event.
    ///   - origin: the top-left of the event's window (`event.xany.window`) inside the
    ///     top-level window, in pixels; `.zero` for the top-level itself.
    /// - Returns: the input or window event it means, or `.ignored`.
    package func callAsFunction(_ event: XEvent, origin: PixelPoint = .zero) -> HostEvent {
        switch event.type {
        case ButtonPress: buttonPress(event.xbutton, origin)
        case ButtonRelease: buttonRelease(event.xbutton, origin)
        case MotionNotify: .input(.pointerMoved(point(event.xmotion.x, event.xmotion.y, origin)), window: event.xmotion.window)
        case LeaveNotify: leave(event.xcrossing)
        case KeyPress: keyPress(event.xkey)
        case Expose:
            .expose(
                window: event.xexpose.window,
                rect: PixelRect(
                    x: Int(event.xexpose.x), y: Int(event.xexpose.y),
                    width: Int(event.xexpose.width), height: Int(event.xexpose.height)))
        case ConfigureNotify:
            .configure(
                window: event.xconfigure.window,
                size: PixelSize(
                    width: Int(event.xconfigure.width), height: Int(event.xconfigure.height)))
        case ClientMessage: clientMessage(event.xclient)
        default: .ignored
        }
    }

    /// Replaces a `MotionNotify` with the last of the motion events for the same window that
    /// directly follow it in the queue, so a fast drag costs one layout per batch, not one per
    /// pixel. Reads what the server has sent, but never blocks.
    ///
    /// Stops at the first other event: skipping ahead to a later motion (as
    /// `XCheckTypedWindowEvent` would) could move the pointer past a button release still queued.
    package static func coalesceMotion(_ event: inout XEvent, on connection: X11Connection) {
        guard event.type == MotionNotify else { return }
        let window = event.xmotion.window
        var next = XEvent()
        while XEventsQueued(connection.display, QueuedAfterReading) > 0 {
            XPeekEvent(connection.display, &next)
            guard next.type == MotionNotify, next.xmotion.window == window else { return }
            XNextEvent(connection.display, &event)
        }
    }

    private func point(_ x: Int32, _ y: Int32, _ origin: PixelPoint) -> Point {
        scale.point(PixelPoint(x: Int(x) + origin.x, y: Int(y) + origin.y))
    }

    // Buttons 4–7 are the wheel's notches (4 up, 5 down, 6 left, 7 right) and come only as
    // presses that matter; 8 and 9 are the thumb buttons, back and forward. With Shift held,
    // the vertical wheel scrolls sideways (4 left, 5 right), as in every X toolkit.
    private func buttonPress(_ e: XButtonEvent, _ origin: PixelPoint) -> HostEvent {
        let at = point(e.x, e.y, origin), step = Self.scrollStep
        let sideways = e.state & UInt32(ShiftMask) != 0
        let input: Input? =
            switch e.button {
            case 1: .pointerDown(at, modifiers: KeySymbols.modifiers(forState: e.state))
            case 3: .contextMenu(at)
            case 4: sideways ? .scroll(dx: -step, dy: 0, at: at) : .scroll(dx: 0, dy: -step, at: at)
            case 5: sideways ? .scroll(dx: step, dy: 0, at: at) : .scroll(dx: 0, dy: step, at: at)
            case 6: .scroll(dx: -step, dy: 0, at: at)
            case 7: .scroll(dx: step, dy: 0, at: at)
            case 8: .command(.back)
            case 9: .command(.forward)
            default: nil
            }
        return input.map { .input($0, window: e.window) } ?? .ignored
    }

    private func buttonRelease(_ e: XButtonEvent, _ origin: PixelPoint) -> HostEvent {
        e.button == 1 ? .input(.pointerUp(point(e.x, e.y, origin)), window: e.window) : .ignored
    }

    // Moving into a child window (detail Inferior) or a grab starting does not leave the window.
    private func leave(_ e: XCrossingEvent) -> HostEvent {
        if e.detail == NotifyInferior || e.mode == NotifyGrab { return .ignored }
        return .input(.pointerExited, window: e.window)
    }

    private func keyPress(_ e: XKeyEvent) -> HostEvent {
        guard let chord = KeySymbols.chord(keysym: keysym(e.keycode), state: e.state) else { return .ignored }
        // What the key types with Shift and the layout's levels, for a text field: the chord
        // keeps the unshifted key, so that `~` (Shift+`) and `_` still reach the field.
        // XKB's own look-up, not XLookupString: that one also makes the locale's multibyte
        // text, and the first time it reads X's locale files (about 3.4 M instructions on the
        // first key a window gets); the text is made from the keysym here. (An event made up
        // without a display, as the translation's tests make them, types nothing.)
        var typed: KeySym = 0, consumed: UInt32 = 0
        if e.display != nil { _ = XkbLookupKeySym(e.display, KeyCode(truncatingIfNeeded: e.keycode), e.state, &consumed, &typed) }
        if let text = KeySymbols.text(forKeysym: typed) { return .input(.typed(chord, text: text), window: e.window) }
        return .input(.key(chord), window: e.window)
    }

    private func clientMessage(_ e: XClientMessageEvent) -> HostEvent {
        guard e.message_type == atoms.wmProtocols, e.format == 32,
            Atom(truncatingIfNeeded: e.data.l.0) == atoms.wmDeleteWindow
        else { return .ignored }
        return .close(window: e.window)
    }
}
