import CX11
import Glibc
import SplitView
import TestSupport
import Testing

@testable import SplitViewX11

/// Every in-process test that touches Xlib, Xft or fontconfig lives in a suite nested in this
/// one, through an extension: Xft is not thread-safe, and `.serialized` only orders the tests
/// inside one suite tree (two threads using Xft at once crash in FreeType).
@Suite(.serialized, .enabled(if: XvfbServer.isAvailable, "Xvfb not installed"))
struct X11Tests {}

/// Starts a private server, opens a connection with `scale`, and runs `body`. The connection
/// and everything `body` made on it are gone before the server stops.
func withConnection<T>(scale: Double? = nil, _ body: (X11Connection) throws -> T) throws -> T {
    try XvfbServer.with { display in
        let connection = try X11Connection(name: display, scale: scale)
        return try body(connection)
    }
}

/// A mapped top-level window of `size` pixels, selecting the events the host selects, with the
/// pending MapNotify consumed.
func makeMappedWindow(_ connection: X11Connection, width: Int = 200, height: Int = 120) throws -> Window {
    let display = connection.display
    let window = XCreateSimpleWindow(
        display, connection.root, 0, 0, UInt32(width), UInt32(height), 0,
        XBlackPixel(display, connection.screen), XWhitePixel(display, connection.screen))
    let mask = ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask | KeyPressMask
    XSelectInput(display, window, mask)
    XMapWindow(display, window)
    _ = try waitForEvent(MapNotify, on: window, connection)
    return window
}

/// The next queued event of `type` for `window`. Without a window manager the server answers at
/// once, so after a sync it is there; the bound only keeps a broken test from hanging.
func waitForEvent(_ type: Int32, on window: Window, _ connection: X11Connection) throws -> XEvent {
    var event = XEvent()
    let came = waitUntil {
        connection.sync()
        return XCheckTypedWindowEvent(connection.display, window, type, &event) != 0
    }
    if came { return event }
    throw XvfbServer.Failure(description: "no event of type \(type) for window \(window)")
}

/// Pixels read back from a window or pixmap, as 0xRRGGBB.
struct PixelImage {
    let width: Int
    let height: Int
    let pixels: [UInt32]

    /// Reads `rect` of `drawable` (which must be viewable if it is a window).
    init(_ connection: X11Connection, _ drawable: Drawable, _ rect: PixelRect) throws {
        connection.sync()
        guard
            let image = XGetImage(
                connection.display, drawable, Int32(rect.x), Int32(rect.y),
                UInt32(rect.width), UInt32(rect.height), XAllPlanes(), ZPixmap)
        else {
            throw XvfbServer.Failure(description: "XGetImage failed on \(drawable)")
        }
        defer { XDestroyImage(image) }
        // The visual's masks, not the image's: XGetImage of a pixmap has no visual and zero masks.
        let visual = connection.visual.pointee
        let masks = (visual.red_mask, visual.green_mask, visual.blue_mask)
        var pixels: [UInt32] = []
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                let p = XGetPixel(image, Int32(x), Int32(y))
                pixels.append(Self.channel(p, masks.0) << 16 | Self.channel(p, masks.1) << 8 | Self.channel(p, masks.2))
            }
        }
        width = rect.width
        height = rect.height
        self.pixels = pixels
    }

    /// The pixel at `(x, y)` as 0xRRGGBB.
    subscript(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }

    /// True when some pixel in `rect` differs from `rgb`.
    func anyPixel(in rect: PixelRect, differsFrom rgb: UInt32) -> Bool {
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) where self[x, y] != rgb { return true }
        }
        return false
    }

    // An 8-bit channel from a pixel and the visual's mask for it.
    private static func channel(_ pixel: UInt, _ mask: UInt) -> UInt32 {
        guard mask != 0 else { return 0 }
        let shift = mask.trailingZeroBitCount
        let value = (pixel & mask) >> shift, maximum = mask >> shift
        return UInt32(value * 255 / maximum)
    }
}

/// The channels of 0xRRGGBB.
func channels(_ rgb: UInt32) -> (r: Int, g: Int, b: Int) {
    (Int(rgb >> 16 & 0xff), Int(rgb >> 8 & 0xff), Int(rgb & 0xff))
}

/// True when every channel of the two colours is within `tolerance` of the other.
func isClose(_ a: UInt32, _ b: UInt32, tolerance: Int = 2) -> Bool {
    let (x, y) = (channels(a), channels(b))
    return abs(x.r - y.r) <= tolerance && abs(x.g - y.g) <= tolerance && abs(x.b - y.b) <= tolerance
}

/// A canvas over a fresh mapped window, with DejaVu Sans fonts.
func makeCanvas(_ connection: X11Connection, width: Int = 200, height: Int = 120) throws -> Canvas {
    let window = try makeMappedWindow(connection, width: width, height: height)
    let fonts = try FontSet(connection: connection, family: Theme.light.fontFamily)
    return Canvas(connection: connection, window: window, size: PixelSize(width: width, height: height), fonts: fonts)
}

/// Everything `canvas` has drawn so far, read back from its pixmap.
func drawing(of canvas: Canvas) throws -> PixelImage {
    try PixelImage(canvas.connection, canvas.pixmap, PixelRect(x: 0, y: 0, width: canvas.size.width, height: canvas.size.height))
}

/// What a window manager sends when the user closes `window`: a `WM_PROTOCOLS` client
/// message carrying `WM_DELETE_WINDOW`, sent with `XSendEvent` and flushed.
func sendDeleteWindow(_ connection: X11Connection, to window: Window) {
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.window = window
    event.xclient.message_type = connection.atoms.wmProtocols
    event.xclient.format = 32
    event.xclient.data.l.0 = Int(bitPattern: connection.atoms.wmDeleteWindow)
    _ = XSendEvent(connection.display, window, 0, NoEventMask, &event)
    connection.flush()
}
