import CX11
import Glibc

/// The X input method: what a person types through dead keys and Compose sequences (the
/// locale's Compose table, `Multi_key ' e` → é), or through IBus, fcitx or any XIM server
/// `XMODIFIERS` names, as st and xterm take it.
///
/// Opened only when it is needed, since Xlib's local input method reads the locale's whole
/// Compose table when it opens (some 60 M instructions, measured by the instruction budget:
/// more than a window's start): an input method server that `XMODIFIERS` names is joined a
/// moment after the first frame (every key may be its), and the local one opens at the first
/// dead key or `Multi_key`, the keys that start a sequence, which it then takes. Each
/// top-level has its input context, in the root style (the input method draws its own preedit
/// and candidates where it places them). Every event goes through `XFilterEvent` first once
/// it is open: the keys a sequence takes are the input method's, and what it commits comes
/// back as a key press of its own (keycode 0) whose text ``text(of:in:)`` reads. Keys outside
/// a sequence pass unfiltered, so the window's bindings keep working while it is active.
final class InputMethod {
    private let display: OpaquePointer
    private var method: XIM?
    private var tried = false
    private var contexts: [Window: XIC] = [:]

    init(display: OpaquePointer) {
        self.display = display
    }

    deinit {
        for context in contexts.values { XDestroyIC(context) }
        if let method { XCloseIM(method) }
    }

    /// Whether an input method is open: events then go through `XFilterEvent`.
    var isOpen: Bool { method != nil }

    /// Joins the input method server `XMODIFIERS` names (`@im=ibus`), if any: the host does
    /// it a moment after the first frame, so that no key waits for it. Without a server
    /// nothing is opened here: the local input method waits for a key that needs it.
    func prepare() {
        guard let modifiers = getenv("XMODIFIERS").map({ String(cString: $0) }), modifiers.hasPrefix("@im="),
            !["@im=none", "@im=local", "@im="].contains(modifiers)
        else { return }
        _ = open()
    }

    /// Whether the key press `event` needs the input method: it is open, or the key starts a
    /// sequence (a dead key, `Multi_key`), which opens it.
    func needs(_ event: XKeyEvent) -> Bool {
        if method != nil { return true }
        guard event.display != nil else { return false }
        var keysym: KeySym = 0, consumed: UInt32 = 0
        _ = XkbLookupKeySym(event.display, KeyCode(truncatingIfNeeded: event.keycode), event.state, &consumed, &keysym)
        // X's dead keys are 0xfe50 to 0xfe93; Multi_key is 0xff20.
        return keysym == KeySym(XK_Multi_key) || (0xfe50...0xfe93).contains(keysym)
    }

    /// Opens the input method, once: the locale's (`LC_CTYPE` from the environment) with the
    /// modifiers `XMODIFIERS` gives; false when the locale is not one X supports or no input
    /// method opens (keys then type as before, by their keysyms).
    private func open() -> Bool {
        if tried { return method != nil }
        tried = true
        guard setlocale(LC_CTYPE, "") != nil || setlocale(LC_CTYPE, "C.UTF-8") != nil, XSupportsLocale() != 0 else {
            return false
        }
        _ = XSetLocaleModifiers("")
        var opened = XOpenIM(display, nil, nil, nil)
        if opened == nil {
            // A server named by XMODIFIERS that is not running: the local one (Compose).
            _ = XSetLocaleModifiers("@im=none")
            opened = XOpenIM(display, nil, nil, nil)
        }
        guard let opened, cx11_input_method_takes_root_style(opened) != 0 else {
            if let opened { XCloseIM(opened) }
            return false
        }
        method = opened
        return true
    }

    /// The input context of `window` (a top-level), made and focused the first time; nil when
    /// no input method opens.
    @discardableResult
    func context(for window: Window) -> XIC? {
        if let known = contexts[window] { return known }
        guard open(), let method, let made = cx11_create_input_context(method, window) else { return nil }
        contexts[window] = made
        XSetICFocus(made)
        return made
    }

    /// The top-level gained or lost the keyboard: its context is told.
    func focus(_ window: Window, _ focused: Bool) {
        guard let context = contexts[window] else { return }
        if focused { XSetICFocus(context) } else { XUnsetICFocus(context) }
    }

    /// Forgets `window`'s context (the window closed).
    func forget(_ window: Window) {
        if let context = contexts.removeValue(forKey: window) { XDestroyIC(context) }
    }

    /// Hands `event` to the input method: true when it took it (a key of a sequence under
    /// way), and the event is then not the window's.
    func filter(_ event: inout XEvent) -> Bool {
        guard method != nil else { return false }
        return XFilterEvent(&event, 0) != 0
    }

    /// The text a key press types through `window`'s context: a composed character, what an
    /// input method server commits, or the key's own character; nil when it types nothing or
    /// the window has no context.
    func text(of event: inout XEvent, in window: Window) -> String? {
        guard event.type == KeyPress, let context = contexts[window] else { return nil }
        var buffer = [CChar](repeating: 0, count: 64)
        var keysym: KeySym = 0
        var status: Int32 = 0
        var count = Xutf8LookupString(context, &event.xkey, &buffer, Int32(buffer.count), &keysym, &status)
        if status == XBufferOverflow {
            buffer = [CChar](repeating: 0, count: Int(count) + 1)
            count = Xutf8LookupString(context, &event.xkey, &buffer, Int32(buffer.count), &keysym, &status)
        }
        guard status == XLookupChars || status == XLookupBoth, count > 0 else { return nil }
        let text = String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Control characters (Return, Tab, Ctrl+letters) are keys, not text.
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) else { return nil }
        return text
    }
}
