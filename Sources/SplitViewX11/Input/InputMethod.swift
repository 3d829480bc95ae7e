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
/// dead key or `Multi_key`, the keys that start a sequence, which it then takes. Every event
/// goes through `XFilterEvent` first once it is open: the keys a sequence takes are the input
/// method's, and what it commits comes back as a key press of its own (keycode 0) whose text
/// ``text(of:in:)`` reads. Keys outside a sequence pass unfiltered, so the window's bindings
/// keep working while it is active.
///
/// Each top-level has its input context, in the first style the server offers of three
/// (chosen where X is silent, as GTK's XIM module and Qt choose): on-the-spot, where the
/// server hands its preedit to ``preeditChanged`` and the bar's field draws it at its caret,
/// underlined, in the window's own font; over-the-spot, where the server draws it at the
/// caret itself; the root style, where it draws it where it likes. In every style the context
/// is told where the caret is (its spot location, ``place(_:caret:)``), so that the server's
/// candidate window opens beside the caret. The local input method (dead keys, Compose) has
/// the root style only and no preedit to show.
final class InputMethod {
    /// How an input context shows what is being composed.
    enum Style: Equatable {
        /// The server hands its preedit over, and the window draws it at its caret
        /// (`XIMPreeditCallbacks`).
        case onTheSpot
        /// The server draws the preedit at the spot location (`XIMPreeditPosition`).
        case overTheSpot
        /// The server draws the preedit where it likes (`XIMPreeditNothing`).
        case root
    }

    /// A top-level's input context and what it composes.
    private final class Context {
        let context: XIC
        let style: Style
        /// The spot last told, in the top-level's pixels.
        var spot: (x: Int16, y: Int16)?
        /// The preedit, as the server's draw callbacks count it (characters: code points).
        var preedit: [Unicode.Scalar] = []
        /// The server's caret in the preedit.
        var caret = 0
        /// Whether a field had the keys at the last ``InputMethod/place(_:caret:)``.
        var hasField = false

        init(context: XIC, style: Style) {
            self.context = context
            self.style = style
        }
    }

    private let display: OpaquePointer
    private var method: XIM?
    private var tried = false
    /// True when the input method is a server (`XMODIFIERS`), not Xlib's local one: only a
    /// server shows a preedit and candidates, and only it is told the spot.
    private var isServer = false
    /// The styles the server offers (`cx11_input_method_styles`' bits).
    private var styles: Int32 = 0
    private var contexts: [Window: Context] = [:]
    /// The font set an over-the-spot server draws the preedit in, made at its first context.
    private var fontSet: XFontSet?
    private var fontSetTried = false

    /// Called when an on-the-spot server's preedit changes in a top-level's context: the
    /// text and the server's caret in it (in characters); an empty text ends the composition.
    var preeditChanged: ((Window, String, Int) -> Void)?

    init(display: OpaquePointer) {
        self.display = display
    }

    deinit {
        for context in contexts.values { XDestroyIC(context.context) }
        if let method { XCloseIM(method) }
        if let fontSet { XFreeFontSet(display, fontSet) }
    }

    /// Whether an input method is open: events then go through `XFilterEvent`.
    var isOpen: Bool { method != nil }

    /// Joins the input method server `XMODIFIERS` names (`@im=ibus`), if any: the host does
    /// it a moment after the first frame, so that no key waits for it. Without a server
    /// nothing is opened here: the local input method waits for a key that needs it.
    func prepare() {
        guard Self.namedServer != nil else { return }
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
        var isServer = opened != nil && Self.namedServer != nil
        if opened == nil {
            // A server named by XMODIFIERS that is not running: the local one (Compose).
            _ = XSetLocaleModifiers("@im=none")
            opened = XOpenIM(display, nil, nil, nil)
            isServer = false
        }
        guard let opened else { return false }
        let styles = cx11_input_method_styles(opened)
        guard styles != 0 else {
            XCloseIM(opened)
            return false
        }
        method = opened
        self.styles = styles
        self.isServer = isServer
        return true
    }

    /// The server `XMODIFIERS` names (`@im=ibus`), or nil for none, `none` or `local`.
    private static var namedServer: String? {
        guard let modifiers = getenv("XMODIFIERS").map({ String(cString: $0) }), modifiers.hasPrefix("@im=") else {
            return nil
        }
        let name = String(modifiers.dropFirst(4).prefix { $0 != "@" })
        return ["", "none", "local"].contains(name) ? nil : name
    }

    /// The input context of `window` (a top-level), made and focused the first time, told
    /// that the caret is at `spot` (the top-level's pixels) when one is given; nil when no
    /// input method opens.
    @discardableResult
    func context(for window: Window, spot: (x: Int16, y: Int16)? = nil) -> XIC? {
        if let known = contexts[window] { return known.context }
        guard open(), let method else { return nil }
        let at = spot ?? (0, 0)
        var made: XIC?
        var style = Style.root
        if isServer, styles & 1 != 0 {
            let client = UnsafeMutableRawPointer(Unmanaged.passUnretained(self).toOpaque()).assumingMemoryBound(to: CChar.self)
            made = cx11_create_input_context_on_the_spot(
                method, window, client, Self.started, Self.ended, Self.drawn, Self.caretMoved, spot == nil ? 0 : 1, at.x,
                at.y)
            style = .onTheSpot
        }
        if made == nil, isServer, styles & 2 != 0, let fonts = preeditFontSet() {
            made = cx11_create_input_context_over_the_spot(method, window, fonts, at.x, at.y)
            style = .overTheSpot
        }
        if made == nil, styles & 4 != 0 {
            made = cx11_create_input_context(method, window)
            style = .root
        }
        guard let made else { return nil }
        let context = Context(context: made, style: style)
        context.spot = spot
        contexts[window] = context
        XSetICFocus(made)
        if isServer, style == .root, let spot { _ = cx11_set_spot_location(made, spot.x, spot.y) }
        return made
    }

    /// The style `window`'s context has, or nil without one.
    func style(of window: Window) -> Style? { contexts[window]?.style }

    /// Whether `window` has a context a server draws for, which is told where the caret is.
    func takesSpot(_ window: Window) -> Bool { isServer && contexts[window] != nil }

    /// Tells `window`'s context where the caret now is (`caret`, the top-level's pixels: the
    /// spot is its foot, where a preedit's baseline and a candidate window's top go), when it
    /// moved; nil when no field has the keys. A field that goes (it closed, another pane took
    /// the keys) resets the context in every style, as GTK resets its input method when a
    /// field loses the keys: a composition under way neither stays on screen (the server's
    /// own preedit window in the other styles) nor lands elsewhere later.
    ///
    /// Telling a server is a round trip (Xlib waits for the server's answer to
    /// `XSetICValues`), so it is done only when the caret moved, and only for a server: a
    /// turn of the loop where the caret stays (a drag, a resize, an animation) costs nothing.
    func place(_ window: Window, caret: PixelRect?) {
        guard isServer, let context = contexts[window] else { return }
        guard let caret else {
            if context.hasField { reset(window, context) }
            context.hasField = false
            return
        }
        context.hasField = true
        let spot = Self.spot(of: caret)
        if let last = context.spot, last == spot { return }
        context.spot = spot
        _ = cx11_set_spot_location(context.context, spot.x, spot.y)
    }

    /// The spot of a caret: its foot.
    static func spot(of caret: PixelRect) -> (x: Int16, y: Int16) {
        (Int16(clamping: caret.x), Int16(clamping: caret.y + caret.height))
    }

    /// Ends a composition under way in `window`'s context: the server forgets its preedit
    /// (what `Xutf8ResetIC` returns is dropped: the field it was for is gone). A round trip,
    /// made only when a field goes.
    private func reset(_ window: Window, _ context: Context) {
        if let left = Xutf8ResetIC(context.context) { XFree(left) }
        guard !context.preedit.isEmpty else { return }
        context.preedit = []
        context.caret = 0
        preeditChanged?(window, "", 0)
    }

    /// The font set an over-the-spot server draws its preedit in: any font of the server's
    /// for each of the locale's character sets (the preedit is the server's drawing, in core
    /// fonts, not ours); nil when the X server has none.
    private func preeditFontSet() -> XFontSet? {
        // Made once: XCreateFontSet lists the server's fonts, round trips that a window made
        // later would otherwise repeat when there is none.
        if fontSetTried { return fontSet }
        fontSetTried = true
        var missing: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var missingCount: Int32 = 0
        var defaultText: UnsafeMutablePointer<CChar>?
        let made = XCreateFontSet(
            display, "-*-*-medium-r-normal--14-*-*-*-*-*-*-*,-*-*-*-*-*--*-*-*-*-*-*-*-*,*", &missing, &missingCount,
            &defaultText)
        if let missing { XFreeStringList(missing) }
        fontSet = made
        return made
    }

    /// The context of `context`, by its handle, and its top-level.
    private func find(_ handle: XIC?) -> (Window, Context)? {
        guard let handle else { return nil }
        return contexts.first { $0.value.context == handle }.map { ($0.key, $0.value) }
    }

    /// Reports `context`'s preedit to ``preeditChanged``.
    private func report(_ window: Window, _ context: Context) {
        var text = ""
        text.unicodeScalars.append(contentsOf: context.preedit)
        // The caret in characters (grapheme clusters), as the field counts.
        let caret = min(max(0, context.caret), context.preedit.count)
        var prefix = ""
        prefix.unicodeScalars.append(contentsOf: context.preedit.prefix(caret))
        preeditChanged?(window, text, prefix.count)
    }

    /// The input method behind a callback's client data.
    private static func owner(_ client: XPointer?) -> InputMethod? {
        client.map { Unmanaged<InputMethod>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }

    /// A composition starts: the preedit is empty; any length is taken (-1).
    private static let started: cx11_preedit_callback = { handle, client, _ in
        guard let method = owner(client), let (window, context) = method.find(handle) else { return -1 }
        context.preedit = []
        context.caret = 0
        method.report(window, context)
        return -1
    }

    /// A composition ends: the preedit goes (what it made arrives as a commit).
    private static let ended: cx11_preedit_callback = { handle, client, _ in
        guard let method = owner(client), let (window, context) = method.find(handle) else { return 0 }
        context.preedit = []
        context.caret = 0
        method.report(window, context)
        return 0
    }

    /// The preedit changed: `length` characters from `first` are replaced by the text given.
    private static let drawn: cx11_preedit_callback = { handle, client, call in
        guard let method = owner(client), let (window, context) = method.find(handle), let call else { return 0 }
        var caret: Int32 = 0, first: Int32 = 0, length: Int32 = 0
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = cx11_preedit_draw(call, &caret, &first, &length, &buffer, Int32(buffer.count))
        let inserted =
            count > 0
            ? Array(String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self).unicodeScalars) : []
        let start = min(max(0, Int(first)), context.preedit.count)
        let end = min(max(start, start + Int(length)), context.preedit.count)
        context.preedit.replaceSubrange(start..<end, with: inserted)
        context.caret = Int(caret)
        method.report(window, context)
        return 0
    }

    /// The server moved its caret in the preedit.
    private static let caretMoved: cx11_preedit_callback = { handle, client, call in
        guard let method = owner(client), let (window, context) = method.find(handle), let call else { return 0 }
        context.caret = min(max(0, Int(cx11_preedit_caret(call, Int32(context.caret)))), context.preedit.count)
        method.report(window, context)
        return 0
    }

    /// The top-level gained or lost the keyboard: its context is told.
    func focus(_ window: Window, _ focused: Bool) {
        guard let context = contexts[window]?.context else { return }
        if focused { XSetICFocus(context) } else { XUnsetICFocus(context) }
    }

    /// Forgets `window`'s context (the window closed).
    func forget(_ window: Window) {
        if let context = contexts.removeValue(forKey: window) { XDestroyIC(context.context) }
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
        guard event.type == KeyPress, let context = contexts[window]?.context else { return nil }
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
