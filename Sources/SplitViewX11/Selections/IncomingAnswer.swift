import CX11

/// The answer to one conversion (`XConvertSelection`), taken off the requestor window's
/// property: whole, or by `INCR` (ICCCM 2.7.2) in pieces, each read and deleted (which asks
/// for the next) until an empty one. A paste's and a drop's answers are both taken so.
///
/// Decided: an answer is at most ``limit`` bytes (64 MiB, a list of a few hundred thousand
/// files or a long text); an owner that sends more is refused rather than let fill memory.
struct IncomingAnswer {
    /// The most an answer may hold.
    static let limit = 64 << 20

    /// Where the answer stands.
    enum Step {
        /// Came whole: its type, format and bytes.
        case whole(type: Atom, format: Int32, bytes: [UInt8])
        /// Coming in pieces: more events to wait for.
        case waiting
        /// None: the owner refused, the property was gone, or the answer grew past ``limit``.
        case refused
    }

    /// The pieces so far of an `INCR` answer, with their type and format; nil before one
    /// starts.
    private var pieces: (type: Atom, format: Int32, bytes: [UInt8])?

    /// Takes the answer a `SelectionNotify` names: on `window`'s `property` (`None` when
    /// refused). An `INCR` size starts the pieces: its deletion asks for the first.
    mutating func begin(_ property: Atom, of window: Window, on connection: X11Connection) -> Step {
        guard property != Atom(None), let answer = WindowProperty.take(property, of: window, on: connection) else {
            return .refused
        }
        guard answer.type == connection.atoms.incr else {
            return answer.bytes.count <= Self.limit
                ? .whole(type: answer.type, format: answer.format, bytes: answer.bytes) : .refused
        }
        pieces = (0, 8, [])
        return .waiting
    }

    /// Takes a piece, when `event` says one was written on `window`'s `property` while an
    /// `INCR` answer comes; the empty last one gives the whole.
    mutating func piece(_ event: XPropertyEvent, _ property: Atom, of window: Window, on connection: X11Connection) -> Step {
        guard var current = pieces, event.state == PropertyNewValue, event.atom == property else { return .waiting }
        guard let piece = WindowProperty.take(property, of: window, on: connection) else { return .waiting }
        if piece.bytes.isEmpty {
            pieces = nil
            return .whole(type: current.type, format: current.format, bytes: current.bytes)
        }
        guard current.bytes.count + piece.bytes.count <= Self.limit else {
            pieces = nil
            return .refused
        }
        current.type = piece.type
        current.format = piece.format
        current.bytes += piece.bytes
        pieces = current
        return .waiting
    }
}
