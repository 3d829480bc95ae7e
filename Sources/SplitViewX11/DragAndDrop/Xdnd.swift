import CX11
import Glibc
import SplitView

/// The atoms of the XDND protocol (drag and drop between X programs, version 5,
/// freedesktop.org), interned with the connection's others in its one round trip.
public struct XdndAtoms: Hashable, Sendable {
    /// The names, in the order of the stored atoms.
    static let names = [
        "XdndAware", "XdndProxy", "XdndEnter", "XdndPosition", "XdndStatus", "XdndLeave", "XdndDrop", "XdndFinished",
        "XdndSelection", "XdndTypeList", "XdndActionCopy", "XdndActionMove", "XdndActionAsk", "XdndActionPrivate",
        "text/uri-list", "text/plain;charset=utf-8", "text/plain", "SPLITVIEW_XDND_DATA", "XdndActionList",
        "XdndActionDescription", "XdndActionLink",
    ]
    /// The protocol version spoken: 5.
    static let version = 5

    /// Each name's atom (0 before interning).
    private var atoms: [Atom]

    /// Unknown atoms (before interning).
    init() { atoms = Array(repeating: 0, count: Self.names.count) }

    /// The atoms of ``names``, in their order.
    init(_ atoms: [Atom]) {
        self.atoms = atoms.count == Self.names.count ? atoms : Array(repeating: 0, count: Self.names.count)
    }

    /// The atom of `name` (one of ``names``).
    subscript(_ name: String) -> Atom {
        Self.names.firstIndex(of: name).map { atoms[$0] } ?? 0
    }

    /// The atom of a form's name known without a round trip (`text/uri-list`, the texts).
    func knownType(_ name: String, utf8String: Atom) -> Atom? {
        if name == "UTF8_STRING" { return utf8String }
        guard ["text/uri-list", "text/plain;charset=utf-8", "text/plain"].contains(name) else { return nil }
        return self[name]
    }

    /// The names of the forms among `types` that we know, in their order (others are of no
    /// use to us, and naming them would cost a round trip each).
    func typeNames(_ types: [Atom], utf8String: Atom) -> [String] {
        types.compactMap { type in
            if type == utf8String { return "UTF8_STRING" }
            return ["text/uri-list", "text/plain;charset=utf-8", "text/plain"].first { self[$0] == type }
        }
    }

    /// The action atom of `operation`.
    func action(_ operation: DropOperation) -> Atom {
        switch operation {
        case .copy: self["XdndActionCopy"]
        case .move: self["XdndActionMove"]
        case .ask: self["XdndActionAsk"]
        case .link: self["XdndActionLink"]
        }
    }

    /// The operation an action atom asks for: copy for any but move, ask and link (a private
    /// action or none is taken as the safe copy).
    func operation(_ action: Atom) -> DropOperation {
        if action == self["XdndActionMove"] { return .move }
        if action == self["XdndActionAsk"] { return .ask }
        if action == self["XdndActionLink"] { return .link }
        return .copy
    }

    /// Marks `window` as a drop target speaking version 5 (`XdndAware`).
    static func setAware(_ window: Window, on connection: X11Connection) {
        var version = [Int(Self.version)]
        version.withUnsafeMutableBytes { buffer in
            _ = XChangeProperty(
                connection.display, window, connection.atoms.xdnd["XdndAware"], XA_ATOM, 32, PropModeReplace,
                buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    /// Sends the XDND message `type` about `window` (the target, or the source) to
    /// `destination` (the window itself, or its `XdndProxy`), with its five data words.
    static func send(
        _ type: Atom, about window: Window, to destination: Window, _ data: [Int], on connection: X11Connection
    ) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = type
        event.xclient.format = 32
        let words = data + Array(repeating: 0, count: max(0, 5 - data.count))
        event.xclient.data.l = (words[0], words[1], words[2], words[3], words[4])
        _ = XSendEvent(connection.display, destination, 0, 0, &event)
    }
}
