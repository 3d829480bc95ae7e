import CX11
import Glibc
import Synchronization

/// A failure the host reports to the user as one line on stderr, never as a crash trace.
///
/// ```swift
/// do { _ = try X11Connection(name: ":9") } catch { print(error) }   // cannot open display ":9"
/// ```
public struct X11Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line to show, without a program name or a trailing newline.
    public let message: String

    /// Creates an error with its one-line message.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

/// A protocol error the X server sent back for one of our requests.
public struct XProtocolError: Hashable, Sendable, CustomStringConvertible {
    /// The error's code: `BadWindow`, `BadMatch`, ….
    public var errorCode: UInt8
    /// The major opcode of the request that failed (`X_CopyArea` is 62).
    public var requestCode: UInt8
    /// The minor opcode, for requests of an extension such as RENDER.
    public var minorCode: UInt8
    /// The resource (window, pixmap, …) the request named.
    public var resource: UInt

    /// Creates a record of one error.
    public init(errorCode: UInt8, requestCode: UInt8, minorCode: UInt8, resource: UInt) {
        self.errorCode = errorCode
        self.requestCode = requestCode
        self.minorCode = minorCode
        self.resource = resource
    }

    /// `error 3 on request 62.0, resource 0x400001`.
    public var description: String {
        "error \(errorCode) on request \(requestCode).\(minorCode), resource 0x\(String(resource, radix: 16))"
    }

    /// True for the races that any X client meets and can do nothing about, which are ignored
    /// rather than reported. The list is dwm's, less its window-manager-only entries (passive
    /// grabs), each with the reason it happens to us:
    ///
    /// - `BadWindow`, any request: a window was destroyed while requests naming it were in flight
    ///   (a closed window's last redraw, a child torn down during a relayout).
    /// - `BadMatch` on `SetInputFocus`: focusing a window the server has not made viewable yet.
    /// - `BadMatch` on `ConfigureWindow`: restacking against a sibling that just went away.
    /// - `BadDrawable` on `CopyArea`, `PolyFillRectangle`, `PolySegment`, `PolyText8`: drawing
    ///   into a window that vanished between our last event and the request.
    public var isBenign: Bool {
        switch (Int32(errorCode), Int32(requestCode)) {
        case (BadWindow, _): true
        case (BadMatch, XRequest.setInputFocus): true
        case (BadMatch, XRequest.configureWindow): true
        case (BadDrawable, XRequest.copyArea), (BadDrawable, XRequest.polyFillRectangle),
             (BadDrawable, XRequest.polySegment), (BadDrawable, XRequest.polyText8): true
        default: false
        }
    }
}

/// Core-protocol request codes from `X11/Xproto.h`, which the shim does not include: that
/// header is the wire format and would import hundreds of `x…` structs for these few numbers.
enum XRequest {
    static let configureWindow: Int32 = 12      // X_ConfigureWindow
    static let setInputFocus: Int32 = 42        // X_SetInputFocus
    static let copyArea: Int32 = 62             // X_CopyArea
    static let polySegment: Int32 = 66          // X_PolySegment
    static let polyFillRectangle: Int32 = 70    // X_PolyFillRectangle
    static let polyText8: Int32 = 74            // X_PolyText8
}

/// The protocol errors that were reported (not the benign ones), for tests and diagnostics.
public enum XErrorLog {
    /// How many errors are kept; older ones are dropped, so a flood cannot grow memory.
    public static let capacity = 64

    /// The reported errors since the last call, oldest first, and forgets them.
    public static func drain() -> [XProtocolError] {
        reportedErrors.withLock { errors in
            defer { errors.removeAll() }
            return errors
        }
    }
}

// Written by the C error handler, which cannot capture context, and read by any thread: a Mutex.
private let reportedErrors = Mutex<[XProtocolError]>([])

/// Everything Xlib needs once per process, before the first display opens. A global `let` runs
/// its initializer exactly once, on first use, whichever thread gets there first.
let x11ProcessSetup: Void = {
    // Before any other Xlib call: the test suite and a future second thread share Xlib's state.
    _ = XInitThreads()
    _ = XSetErrorHandler(handleProtocolError)
    _ = XSetIOErrorHandler(handleLostConnection)
}()

// Xlib's default handler prints several lines and exits on every error, even harmless ones.
private func handleProtocolError(_ display: OpaquePointer?, _ event: UnsafeMutablePointer<XErrorEvent>?) -> Int32 {
    guard let event = event?.pointee else { return 0 }
    let error = XProtocolError(errorCode: event.error_code, requestCode: event.request_code,
                               minorCode: event.minor_code, resource: event.resourceid)
    if error.isBenign { return 0 }
    // XGetErrorText makes no request, so it is safe inside the handler (Xlib's own does it).
    var text = [CChar](repeating: 0, count: 96)
    _ = XGetErrorText(display, Int32(event.error_code), &text, Int32(text.count))
    let name = text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    writeErrorLine("splitview: X error: \(name), \(error)")
    reportedErrors.withLock { errors in
        if errors.count == XErrorLog.capacity { errors.removeFirst() }
        errors.append(error)
    }
    return 0
}

// Xlib's default prints "XIO: fatal IO error 11 …" plus a count of requests; one line is enough.
// Returning is not an option: Xlib exits right after the handler anyway.
private func handleLostConnection(_ display: OpaquePointer?) -> Int32 {
    writeErrorLine("splitview: lost the connection to the X server")
    if let last = ConnectionLoss.lastWords { ConnectionLoss.lastWords = nil; last() }
    exit(1)
}

/// What the program does when the X server goes away, before it exits with status 1: save
/// what the user had. Xlib exits right after its handler, so this is the last chance.
public enum ConnectionLoss {
    /// Run once, on the thread that found the connection gone (the loop's); it must make no
    /// X request. Set by the app at start.
    nonisolated(unsafe) public static var lastWords: (() -> Void)?
}

/// Writes `line` and a newline to stderr with one `write(2)`; `fputs(stderr)` is not
/// concurrency-safe in Swift 6, and one call keeps lines from interleaving.
public func writeErrorLine(_ line: String) {
    var bytes = line + "\n"
    bytes.withUTF8 { buffer in _ = write(2, buffer.baseAddress, buffer.count) }
}
