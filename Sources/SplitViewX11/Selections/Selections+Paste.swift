import CX11
import Glibc
import SplitView

/// A paste: asking another program for what a selection holds, by the ICCCM's conversion.
///
/// The owner is asked for its `TARGETS` first, then for the first of the forms wanted that it
/// names, each with one `XConvertSelection` on a window of our own (unmapped, made at the
/// first paste, with `PropertyChangeMask` for `INCR`). An owner that does not answer
/// `TARGETS` is asked for each form in turn, the next after each refusal (a
/// `SelectionNotify` with property `None`); after the last the answer is nil. The answers come as events in the loop, so the key
/// that pasted never waits on another program; a paste whose owner never answers is given up
/// after ``pasteTimeout`` seconds (the host's timer). A large answer comes by `INCR` (ICCCM
/// 2.7.2): each piece read and deleted until an empty one. A selection this host owns is
/// answered at once from what it offers, without the server.
///
/// `TARGETS` first because some owners answer every form with the same bytes (`xclip -t
/// text/uri-list` gives its URI list when asked for GNOME's form): only a form the owner names
/// is asked for.
extension Selections {
    /// How long a paste waits for the owner's answer: 5 s.
    static let pasteTimeout = 5.0
    /// The property pastes are received in.
    static let pasteProperty = "SPLITVIEW_SELECTION"

    /// A paste under way.
    struct PasteRequest {
        var id: Int
        var window: Window
        var selection: Selection
        var names: [String]
        var targets: [Atom]
        var next = 0
        var time: Time
        /// Whether the question out is `TARGETS`.
        var askingTargets = true
        /// The answer to the form asked for, whole or in pieces.
        var answer = IncomingAnswer()
    }

    /// What `selection` holds in the first of `targets` that this host offers, when it owns
    /// it: `.some(nil)` for none of them; nil when another program (or nobody) owns it.
    func ownContents(of selection: Selection, targets: [String]) -> SelectionOffer?? {
        guard let current = owned[selection] else { return nil }
        for name in targets {
            if let form = current.forms.first(where: { $0.name == name }) {
                return .some(SelectionOffer(target: name, bytes: form.bytes))
            }
        }
        return .some(nil)
    }

    /// Asks the owner of `selection` for its contents in the first of `targets` it offers,
    /// for `window`'s controller, as of the server time `time`; replaces a paste under way.
    /// Returns the request's id, for ``giveUp(_:)``.
    func request(_ selection: Selection, targets: [String], for window: Window, time: Time) -> Int {
        if requestor == 0 {
            var attributes = XSetWindowAttributes()
            attributes.event_mask = Int(PropertyChangeMask)
            requestor = XCreateWindow(
                connection.display, connection.root, -1, -1, 1, 1, 0, 0, UInt32(InputOnly), nil, UInt(CWEventMask),
                &attributes)
        }
        let id = (request?.id ?? 0) + 1
        request = PasteRequest(
            id: id, window: window, selection: selection, names: targets, targets: intern(targets), time: time)
        let property = intern([Self.pasteProperty])[0]
        XConvertSelection(connection.display, atom(selection), connection.atoms.targets, property, requestor, time)
        return id
    }

    /// Asks for the next form, or ends the paste with nothing when none is left.
    @discardableResult
    private func convertNext() -> Outcome? {
        guard let current = request else { return nil }
        guard current.next < current.targets.count else {
            request = nil
            return .received(current.selection, nil, for: current.window)
        }
        let property = intern([Self.pasteProperty])[0]
        XConvertSelection(
            connection.display, atom(current.selection), current.targets[current.next], property, requestor, current.time)
        return nil
    }

    /// The paste `id` had no answer in time: it ends with nothing (nil when it ended before).
    func giveUp(_ id: Int) -> Outcome? {
        guard let current = request, current.id == id else { return nil }
        request = nil
        return .received(current.selection, nil, for: current.window)
    }

    /// The owner answered the form asked for.
    func answered(_ notify: XSelectionEvent) -> Outcome {
        guard var current = request, notify.selection == atom(current.selection) else { return .handled }
        if current.askingTargets {
            guard notify.target == connection.atoms.targets else { return .handled }
            current.askingTargets = false
            if notify.property != UInt(None),
                let (type, _, bytes) = WindowProperty.take(notify.property, of: requestor, on: connection),
                type == XA_ATOM
            {
                // Only the forms it names, in our order.
                // 32-bit items come as C longs.
                let size = MemoryLayout<UInt>.size
                let named = Set(
                    bytes.withUnsafeBytes { raw in
                        (0..<(raw.count / size)).map { raw.loadUnaligned(fromByteOffset: $0 * size, as: UInt.self) }
                    })
                let kept = current.targets.indices.filter { named.contains(current.targets[$0]) }
                current.names = kept.map { current.names[$0] }
                current.targets = kept.map { current.targets[$0] }
            }
            request = current
            return convertNext() ?? .handled
        }
        guard current.next < current.targets.count, notify.target == current.targets[current.next] else { return .handled }
        let step = current.answer.begin(notify.property, of: requestor, on: connection)
        return finish(current, step, refusedFormIsSkipped: true)
    }

    /// A piece of an `INCR` answer was written: taken (which asks for the next); an empty
    /// one ends the answer.
    func pieceArrived(_ event: XPropertyEvent) -> Outcome {
        guard var current = request else { return .handled }
        let step = current.answer.piece(event, intern([Self.pasteProperty])[0], of: requestor, on: connection)
        return finish(current, step, refusedFormIsSkipped: false)
    }

    /// Where the paste goes after `step` of its answer: the offer given, more pieces awaited,
    /// or after a refusal the next form asked for (a form refused at once) or nothing (an
    /// answer that grew past the limit).
    private func finish(_ current: PasteRequest, _ step: IncomingAnswer.Step, refusedFormIsSkipped: Bool) -> Outcome {
        var current = current
        switch step {
        case .waiting:
            request = current
            return .handled
        case .refused where refusedFormIsSkipped:
            current.next += 1
            current.answer = IncomingAnswer()
            request = current
            return convertNext() ?? .handled
        case .refused:
            request = nil
            return .received(current.selection, nil, for: current.window)
        case .whole(_, _, let bytes):
            request = nil
            return .received(
                current.selection, SelectionOffer(target: current.names[current.next], bytes: bytes), for: current.window)
        }
    }
}
