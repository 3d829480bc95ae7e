import CX11
import Glibc
import SplitViewX11
import TestSupport

/// Another program on the server, written from the XDND specification (version 5) alone:
/// a drop target (an `XdndAware` top-level that answers positions and converts the selection
/// at the drop) or a drag source (it owns `XdndSelection`, sends enter, position and drop to a
/// window, and serves the conversion). It has a connection of its own, so that its events
/// never mix with the test's.
final class XdndPeer {
    let connection: X11Connection
    /// Its top-level, mapped at (`x`, `y`).
    let window: Window
    /// The messages it received, oldest first: their type's name and five data words.
    private(set) var messages: [(name: String, data: [Int])] = []
    /// What a conversion it asked for gave (target side).
    private(set) var converted: [UInt8]?
    /// What it serves on `XdndSelection`, by form (source side).
    var offers: [String: [UInt8]] = [:]
    /// Whether it answers positions (target side): accepted with this action, or refused.
    var accepts: String? = "XdndActionCopy"
    /// When set, it takes only this action, as Thunar's Trash takes only a move: a position
    /// is accepted with it when the source's `XdndActionList` names it, else refused, as a
    /// GTK target reads the list (target side).
    var takesOnly: String?
    /// The source's `XdndActionList` at each position, by name (target side).
    private(set) var actionLists: [[String]] = []
    /// Above this many bytes it serves a form by `INCR`, in pieces of `pieceSize` (source side).
    var incrementalAbove = Int.max
    var pieceSize = 4096
    /// An `INCR` transfer under way: where, in what type, what is left; and how many pieces
    /// went.
    private var transfer: (requestor: Window, property: Atom, type: Atom, bytes: [UInt8], sent: Int, done: Bool)?
    private(set) var piecesSent = 0
    /// Whether it answers at all (a target that never does, for the timeout).
    var answers = true
    /// Whether it takes a drop's data and says it finished (a target that stops answering
    /// after its status, for the timeout).
    var finishes = true

    /// A top-level of `width`×`height` at (`x`, `y`) on `display`, `XdndAware` when `aware`.
    init(display: String, x: Int, y: Int, width: Int = 200, height: Int = 200, aware: Bool) throws {
        connection = try X11Connection(name: display)
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.event_mask = Int(PropertyChangeMask)
        window = XCreateWindow(
            connection.display, connection.root, Int32(x), Int32(y), UInt32(width), UInt32(height), 0, 0,
            UInt32(InputOutput), nil, UInt(CWOverrideRedirect | CWEventMask), &attributes)
        if aware {
            var version = [5]
            version.withUnsafeMutableBytes { buffer in
                _ = XChangeProperty(
                    connection.display, window, atom("XdndAware"), XA_ATOM, 32, PropModeReplace,
                    buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
            }
        }
        XMapRaised(connection.display, window)
        connection.sync()
    }

    deinit {
        XDestroyWindow(connection.display, window)
        connection.sync()
    }

    /// The atom of `name`.
    func atom(_ name: String) -> Atom { XInternAtom(connection.display, name, 0) }

    /// The name of `atom`.
    func name(_ atom: Atom) -> String {
        guard atom != 0, let text = XGetAtomName(connection.display, atom) else { return "" }
        defer { XFree(text) }
        return String(cString: text)
    }

    /// Handles every queued event: records XDND messages, answers positions (target), and
    /// serves and receives conversions.
    func pump() {
        while XPending(connection.display) > 0 {
            var event = XEvent()
            XNextEvent(connection.display, &event)
            switch event.type {
            case ClientMessage:
                let l = event.xclient.data.l
                let data = [l.0, l.1, l.2, l.3, l.4]
                let type = name(event.xclient.message_type)
                messages.append((type, data))
                guard answers else { continue }
                let source = Window(bitPattern: data[0])
                if type == "XdndPosition" {
                    let offered = actionList(of: source)
                    actionLists.append(offered)
                    var taken = accepts
                    if let only = takesOnly { taken = offered.contains(only) ? only : nil }
                    let action = taken.map { atom($0) } ?? 0
                    send("XdndStatus", to: source, [Int(bitPattern: window), taken == nil ? 0 : 1, 0, 0, Int(action)])
                } else if type == "XdndDrop" && finishes {
                    XConvertSelection(
                        connection.display, atom("XdndSelection"), atom("text/uri-list"), atom("PEER_DATA"), window,
                        Time(bitPattern: data[2]))
                }
            case SelectionNotify where event.xselection.property != 0:
                converted = readProperty(atom("PEER_DATA"))
                if let source = messages.last(where: { $0.name == "XdndDrop" }).map({ Window(bitPattern: $0.data[0]) }) {
                    send("XdndFinished", to: source, [Int(bitPattern: window), 1, Int(atom("XdndActionCopy"))])
                }
            case SelectionRequest:
                serve(event.xselectionrequest)
            case PropertyNotify where event.xproperty.state == PropertyDelete:
                guard var current = transfer, event.xproperty.window == current.requestor,
                    event.xproperty.atom == current.property
                else { continue }
                if current.done {
                    transfer = nil
                    continue
                }
                let end = min(current.bytes.count, current.sent + pieceSize)
                write(Array(current.bytes[current.sent..<end]), type: current.type, to: current.requestor, current.property)
                piecesSent += 1
                current.done = end == current.sent
                current.sent = end
                transfer = current
            default:
                break
            }
        }
        connection.sync()
    }

    /// Pumps until `condition` holds (10 s at most).
    func wait(_ condition: () -> Bool) -> Bool {
        waitUntil {
            pump()
            return condition()
        }
    }

    /// The messages of type `name` received so far.
    func received(_ name: String) -> [[Int]] { messages.filter { $0.name == name }.map(\.data) }

    /// Sends the XDND message `name` to `target`, with its data words.
    func send(_ name: String, to target: Window, _ data: [Int]) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = target
        event.xclient.message_type = atom(name)
        event.xclient.format = 32
        let words = data + Array(repeating: 0, count: max(0, 5 - data.count))
        event.xclient.data.l = (words[0], words[1], words[2], words[3], words[4])
        _ = XSendEvent(connection.display, target, 0, 0, &event)
        connection.sync()
    }

    // MARK: - Source

    /// Owns `XdndSelection` and tells `target` a drag of `offers`' forms entered it.
    func enter(_ target: Window) {
        XSetSelectionOwner(connection.display, atom("XdndSelection"), window, UInt(CurrentTime))
        let types = offers.keys.sorted().map { Int(atom($0)) }
        send("XdndEnter", to: target, [Int(bitPattern: window), 5 << 24 | (types.count > 3 ? 1 : 0)] + types.prefix(3))
    }

    /// Tells `target` the drag is at (`x`, `y`) on the screen, asking for `action`.
    func position(_ target: Window, x: Int, y: Int, action: String) {
        send("XdndPosition", to: target, [Int(bitPattern: window), 0, x << 16 | y, 0, Int(atom(action))])
    }

    private func serve(_ request: XSelectionRequestEvent) {
        var notify = XEvent()
        notify.xselection.type = SelectionNotify
        notify.xselection.requestor = request.requestor
        notify.xselection.selection = request.selection
        notify.xselection.target = request.target
        notify.xselection.time = request.time
        notify.xselection.property = 0
        if name(request.target) == "TARGETS" {
            // The forms it serves, as a clipboard owner answers TARGETS.
            var atoms = ([atom("TARGETS")] + offers.keys.sorted().map { atom($0) }).map { Int($0) }
            let count = Int32(atoms.count)
            atoms.withUnsafeMutableBytes { buffer in
                _ = XChangeProperty(
                    connection.display, request.requestor, request.property, XA_ATOM, 32, PropModeReplace,
                    buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count)
            }
            notify.xselection.property = request.property
        } else if let bytes = offers[name(request.target)] {
            if bytes.count > incrementalAbove {
                XSelectInput(connection.display, request.requestor, Int(PropertyChangeMask))
                var size = [bytes.count]
                size.withUnsafeMutableBytes { buffer in
                    _ = XChangeProperty(
                        connection.display, request.requestor, request.property, atom("INCR"), 32, PropModeReplace,
                        buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
                }
                transfer = (request.requestor, request.property, request.target, bytes, 0, false)
            } else {
                write(bytes, type: request.target, to: request.requestor, request.property)
            }
            notify.xselection.property = request.property
        }
        _ = XSendEvent(connection.display, request.requestor, 0, 0, &notify)
    }

    private func write(_ bytes: [UInt8], type: Atom, to requestor: Window, _ property: Atom) {
        let count = Int32(bytes.count)
        var bytes = bytes.isEmpty ? [0] : bytes  // a valid pointer; the count is what is sent
        bytes.withUnsafeMutableBufferPointer {
            _ = XChangeProperty(connection.display, requestor, property, type, 8, PropModeReplace, $0.baseAddress, count)
        }
    }

    /// The names of the atoms in `source`'s `XdndActionList`.
    private func actionList(of source: Window) -> [String] {
        property(atom("XdndActionList"), of: source, type: XA_ATOM, longs: 64, delete: false) { data, count in
            data.withMemoryRebound(to: UInt.self, capacity: count) { atoms in (0..<count).map { name(Atom(atoms[$0])) } }
        } ?? []
    }

    private func readProperty(_ property: Atom) -> [UInt8]? {
        self.property(property, of: window, type: Atom(AnyPropertyType), longs: 1 << 20, delete: true) { data, count in
            Array(UnsafeBufferPointer(start: data, count: count))
        }
    }

    /// `property` of `window` as `read` takes its items; nil when it cannot be read.
    private func property<T>(
        _ property: Atom, of window: Window, type wanted: Atom, longs: Int, delete: Bool,
        _ read: (UnsafeMutablePointer<UInt8>, Int) -> T
    ) -> T? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                connection.display, window, property, 0, longs, delete ? 1 : 0, wanted, &type, &format, &count, &after, &data)
                == Success, let data
        else { return nil }
        defer { XFree(data) }
        return read(data, Int(count))
    }
}
