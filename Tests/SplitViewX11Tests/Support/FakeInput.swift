import CX11
import Glibc
import SplitViewX11

/// Real input through the XTEST extension, for what `XSendEvent` cannot show: a sent event
/// skips passive grabs and the input focus, and the embedding tests are about exactly those.
///
/// libXtst is opened at run time (`libxtst6`, which `.ci/run` installs), so that building the
/// tests needs no `libxtst-dev`: the project's build depends on Xlib and Xft only.
struct FakeInput {
    private typealias KeyFunction = @convention(c) (OpaquePointer?, UInt32, Int32, UInt) -> Int32
    private typealias ButtonFunction = @convention(c) (OpaquePointer?, UInt32, Int32, UInt) -> Int32
    private typealias MotionFunction = @convention(c) (OpaquePointer?, Int32, Int32, Int32, UInt) -> Int32

    private let fakeKey: KeyFunction
    private let fakeButton: ButtonFunction
    private let fakeMotion: MotionFunction
    let connection: X11Connection

    /// True when libXtst can be loaded.
    static var isAvailable: Bool { library != nil }

    nonisolated(unsafe) private static let library: UnsafeMutableRawPointer? = dlopen("libXtst.so.6", RTLD_NOW)

    /// The functions of libXtst on `connection`; nil when it is not installed.
    init?(_ connection: X11Connection) {
        guard let library = Self.library, let key = dlsym(library, "XTestFakeKeyEvent"),
            let button = dlsym(library, "XTestFakeButtonEvent"), let motion = dlsym(library, "XTestFakeMotionEvent")
        else { return nil }
        fakeKey = unsafeBitCast(key, to: KeyFunction.self)
        fakeButton = unsafeBitCast(button, to: ButtonFunction.self)
        fakeMotion = unsafeBitCast(motion, to: MotionFunction.self)
        self.connection = connection
    }

    /// Presses and releases `keysym`, holding the modifier keys of `modifiers` (their keysyms).
    func key(_ keysym: Int32, modifiers: [Int32] = []) {
        let display = connection.display
        let codes = modifiers.map { UInt32(XKeysymToKeycode(display, KeySym($0))) }
        for code in codes { _ = fakeKey(display, code, 1, 0) }
        let code = UInt32(XKeysymToKeycode(display, KeySym(keysym)))
        _ = fakeKey(display, code, 1, 0)
        _ = fakeKey(display, code, 0, 0)
        for code in codes.reversed() { _ = fakeKey(display, code, 0, 0) }
        connection.sync()
    }

    /// Presses (`true`) or releases the key of `keysym` alone: a modifier held over motions.
    func hold(_ keysym: Int32, _ pressed: Bool) {
        let code = UInt32(XKeysymToKeycode(connection.display, KeySym(keysym)))
        _ = fakeKey(connection.display, code, pressed ? 1 : 0, 0)
        connection.sync()
    }

    /// Presses or releases the key `code` itself (a keycode mapped by the test).
    func rawKey(_ code: UInt32, _ pressed: Bool) {
        _ = fakeKey(connection.display, code, pressed ? 1 : 0, 0)
        connection.sync()
    }

    /// Types `text` (printable ASCII), with Shift where the key's second level has it.
    func type(_ text: String) {
        let display = connection.display
        for scalar in text.unicodeScalars {
            let keysym = KeySym(scalar.value)
            let code = XKeysymToKeycode(display, keysym)
            let shifted = XkbKeycodeToKeysym(display, code, 0, 0) != keysym
            key(Int32(keysym), modifiers: shifted ? [XK_Shift_L] : [])
        }
    }

    /// Moves the pointer to (`x`, `y`) on the screen.
    func move(x: Int, y: Int) {
        _ = fakeMotion(connection.display, -1, Int32(x), Int32(y), 0)
        connection.sync()
    }

    /// Presses or releases the main button where the pointer is.
    func button(_ pressed: Bool, _ button: UInt32 = 1) {
        _ = fakeButton(connection.display, button, pressed ? 1 : 0, 0)
        connection.sync()
    }
}
