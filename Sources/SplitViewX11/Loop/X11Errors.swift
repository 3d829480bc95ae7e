import CX11
import Glibc
import SplitView
import SplitViewProcesses
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

    /// True for the races this host can meet and can do nothing about, which are ignored
    /// rather than reported: the pairs of ``BenignError/table``.
    public var isBenign: Bool {
        BenignError.table.contains { $0.request == Int32(requestCode) && $0.error == Int32(errorCode) }
    }
}

/// A request and an error code that, together, are a race rather than a mistake.
///
/// The table names only requests this host makes, so that an error from anything else — a
/// request added later, a bad argument — is reported. The host's own windows go only when
/// it destroys them; their races come from what is still queued when a window goes: a
/// top-level closed (by its close button, Ctrl+W, or the server tearing it down with its
/// children) while a relayout, a redraw or a cursor change for it was already sent. A hosted
/// program's window is the program's and can go at any time: the requests on it are listed
/// too. (The host makes no core text or line requests, which dwm's list has; RENDER and Xft
/// requests carry the extension's major opcode, known only at run time, and draw into
/// pixmaps the host owns, so none is listed.)
public struct BenignError: Hashable, Sendable {
    /// The core request's major opcode (`X11/Xproto.h`).
    public var request: Int32
    /// The error code: `BadWindow`, `BadDrawable`, `BadMatch`.
    public var error: Int32

    /// Every benign pair.
    public static let table: [BenignError] = [
        // Moving, resizing and restacking the panes and dividers of a window being closed.
        BenignError(request: XRequest.configureWindow, error: BadWindow),
        // Restacking names siblings; one destroyed with its window is no longer a sibling.
        BenignError(request: XRequest.configureWindow, error: BadMatch),
        // Mapping and unmapping a column's child as the layout changes, while its window goes.
        BenignError(request: XRequest.mapWindow, error: BadWindow),
        BenignError(request: XRequest.unmapWindow, error: BadWindow),
        // The title, icon and properties set after the first frame, on a window closed at once.
        BenignError(request: XRequest.changeProperty, error: BadWindow),
        // Cursors defined after the first frame, on a window closed at once.
        BenignError(request: XRequest.changeWindowAttributes, error: BadWindow),
        // The press's pointer grab, on a window closed between the press and its handling.
        BenignError(request: XRequest.grabPointer, error: BadWindow),
        // Presenting a pane's pixmap, and filling the gaps of the top-level, after it went.
        BenignError(request: XRequest.copyArea, error: BadDrawable),
        BenignError(request: XRequest.polyFillRectangle, error: BadDrawable),
        // A hosted program's window is the program's: it can go at any moment, between our
        // reading its title, sending it XEmbed messages or the focus, and the server's answer.
        BenignError(request: XRequest.getProperty, error: BadWindow),
        BenignError(request: XRequest.sendEvent, error: BadWindow),
        BenignError(request: XRequest.setInputFocus, error: BadWindow),
        // The focus given to a program's window that its program unmapped meanwhile.
        BenignError(request: XRequest.setInputFocus, error: BadMatch),
        // Walking up from the focus window to see whether it is ours, while it goes.
        BenignError(request: XRequest.queryTree, error: BadWindow),
        // A retired program's socket destroyed after its top-level (closed with the window).
        BenignError(request: XRequest.destroyWindow, error: BadWindow),
        // Closing the connection of a program that forked, through its window (the only handle
        // on a process that left its group), while that window goes on its own.
        BenignError(request: XRequest.killClient, error: BadValue),
        // A shortcut another client (a window manager) grabbed first: it stays theirs while a
        // program has the focus, and ours otherwise.
        BenignError(request: XRequest.grabKey, error: BadAccess),
    ]
}

/// Core-protocol request codes from `X11/Xproto.h`, which the shim does not include: that
/// header is the wire format and would import hundreds of `x…` structs for these few numbers.
enum XRequest {
    static let changeWindowAttributes: Int32 = 2  // X_ChangeWindowAttributes (XDefineCursor)
    static let destroyWindow: Int32 = 4  // X_DestroyWindow
    static let mapWindow: Int32 = 8  // X_MapWindow
    static let unmapWindow: Int32 = 10  // X_UnmapWindow
    static let configureWindow: Int32 = 12  // X_ConfigureWindow (XMoveResizeWindow, XRestackWindows)
    static let queryTree: Int32 = 15  // X_QueryTree
    static let changeProperty: Int32 = 18  // X_ChangeProperty
    static let getProperty: Int32 = 20  // X_GetProperty
    static let sendEvent: Int32 = 25  // X_SendEvent
    static let grabPointer: Int32 = 26  // X_GrabPointer
    static let grabKey: Int32 = 33  // X_GrabKey
    static let setInputFocus: Int32 = 42  // X_SetInputFocus
    static let copyArea: Int32 = 62  // X_CopyArea
    static let polyFillRectangle: Int32 = 70  // X_PolyFillRectangle (XFillRectangle)
    static let killClient: Int32 = 113  // X_KillClient
}

/// The protocol errors that were reported (not the benign ones), for tests and diagnostics.
public enum XErrorLog {
    /// How many errors are kept; older ones are dropped, so a flood cannot grow memory.
    public static let capacity = 64

    /// The reported errors since the last call, oldest first, and forgets them.
    public static func drain() -> [XProtocolError] {
        settle()
        return reportedErrors.withLock { errors in
            defer { errors.removeAll() }
            return errors
        }
    }

    /// How many torn-down stretches are remembered: a few windows destroyed in a row.
    static let tornDownCapacity = 16

    /// Records that the requests numbered `serials` followed a top-level's destruction by
    /// someone else and went out before the host had closed that window: their errors are the
    /// destruction's, not ours.
    ///
    /// Decided: a top-level destroyed from outside (`xdotool windowclose`, a window manager's
    /// kill) takes its children with it at once, while a frame the host drew for it may still
    /// be on its way: its pixmaps are then made on a window that is gone, and every picture,
    /// image and free on them fails (`BadDrawable`, `RenderBadPicture`, `BadPixmap`). Those
    /// errors are recognized by their request's number, between the `DestroyNotify`'s and
    /// the last request of the window's close, rather than by a request and code in
    /// ``BenignError/table``: the same pairs are bugs on a window that lives.
    static func tornDown(_ serials: ClosedRange<UInt>) {
        tornDownSerials.withLock { ranges in
            if ranges.count == tornDownCapacity { ranges.removeFirst() }
            ranges.append(serials)
        }
    }

    /// Reports the errors read since the last call, but those of a torn-down window's
    /// requests: one line each on stderr, and kept for ``drain()``. The loop calls it once a
    /// turn, after the turn's events (a `DestroyNotify` among them) are handled.
    static func settle() {
        let read = pendingErrors.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        guard !read.isEmpty else { return }
        let ranges = tornDownSerials.withLock { $0 }
        for (error, serial, name) in read where !ranges.contains(where: { $0.contains(serial) }) {
            Diagnostics.report("X error: \(name), \(error)")
            reportedErrors.withLock { errors in
                if errors.count == capacity { errors.removeFirst() }
                errors.append(error)
            }
        }
    }
}

// Written by the C error handler, which cannot capture context, and read by any thread: Mutexes.
private let reportedErrors = Mutex<[XProtocolError]>([])
// The errors read and not yet settled: each with its request's number and the error's name.
private let pendingErrors = Mutex<[(error: XProtocolError, serial: UInt, name: String)]>([])
// The stretches of request numbers that followed a top-level's destruction from outside.
private let tornDownSerials = Mutex<[ClosedRange<UInt>]>([])

/// Everything Xlib needs once per process, before the first display opens. A global `let` runs
/// its initializer exactly once, on first use, whichever thread gets there first.
///
/// Decided: SIGPIPE is ignored from the first connection on. A server that dies while a request
/// is written is then a lost connection, which the I/O error handler reports in one line and
/// ends on, rather than a signal that kills the program unreported (the program's server-crash
/// test died so once its connection opened earlier). The programs a host starts get SIGPIPE
/// back (`ProgramProcess`).
let x11ProcessSetup: Void = {
    // Before any other Xlib call: the test suite and a future second thread share Xlib's state.
    _ = XInitThreads()
    _ = XSetErrorHandler(handleProtocolError)
    _ = XSetIOErrorHandler(handleLostConnection)
    signal(SIGPIPE, SIG_IGN)
}()

// Xlib's default handler prints several lines and exits on every error, even harmless ones.
private func handleProtocolError(_ display: OpaquePointer?, _ event: UnsafeMutablePointer<XErrorEvent>?) -> Int32 {
    guard let event = event?.pointee else { return 0 }
    let error = XProtocolError(
        errorCode: event.error_code, requestCode: event.request_code,
        minorCode: event.minor_code, resource: event.resourceid)
    if error.isBenign { return 0 }
    // XGetErrorText makes no request, so it is safe inside the handler (Xlib's own does it).
    var text = [CChar](repeating: 0, count: 96)
    _ = XGetErrorText(display, Int32(event.error_code), &text, Int32(text.count))
    let name = text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    // Reported when the loop's turn has handled the events read with it (XErrorLog.settle):
    // the error may be a torn-down window's, which the turn learns from its DestroyNotify.
    pendingErrors.withLock { pending in
        if pending.count == XErrorLog.capacity { pending.removeFirst() }
        pending.append((error, UInt(event.serial), name))
    }
    return 0
}

// Xlib's default prints "XIO: fatal IO error 11 …" plus a count of requests; one line is enough.
// Returning is not an option: Xlib exits right after the handler anyway.
// The hosted programs end with us (their windows went with the server anyway): SIGTERM,
// SIGKILL after the grace time, every one reaped.
private func handleLostConnection(_ display: OpaquePointer?) -> Int32 {
    let message = String(translated: "lost the connection to the X server")
    let last = ConnectionLoss.lastWords
    ConnectionLoss.lastWords = nil
    Diagnostics.report(message)
    last?()
    ProgramProcess.endAll(grace: Host.terminationGrace)
    exit(1)
}

/// What the program does when the X server goes away, before it exits with status 1: save
/// what the user had. Xlib exits right after its handler, so this is the last chance.
public enum ConnectionLoss {
    /// Run once, on the thread that found the connection gone (the loop's); it must make no
    /// X request. Set by the app at start.
    nonisolated(unsafe) public static var lastWords: (() -> Void)?
}
