import CX11
import Glibc
import SplitView

/// Another program's drag over one of our windows, as an XDND target.
struct DropIn {
    /// The source's window (the messages' first word).
    var source: Window
    /// Our top-level it is over.
    var window: Window
    /// Where our top-level's corner is on the screen, read once at the enter.
    var origin: PixelPoint
    /// The form asked for at the drop, while its data is awaited.
    var awaiting: String?
    /// The operation of the last position.
    var operation = DropOperation.copy
    /// The timer that gives up on the data.
    var timer: Int?
    /// The unmapped window the data is received on (made at the drop, destroyed at the end),
    /// which hears its property change for an `INCR` transfer.
    var receiver: Window = 0
    /// The data, whole or in pieces.
    var answer = IncomingAnswer()
}

/// The host as an XDND target (version 5): every top-level is `XdndAware`; the source's
/// messages become ``Input/externalDrag(_:)`` for the window's controller, which says what
/// takes the drag where it is (`SplitViewController.externalDropProposal`).
///
/// - **Enter**: the types from the message, or from the source's `XdndTypeList` when it has
///   more than three (a round trip); our top-level's place on the screen is read once (a
///   round trip), for the positions, which are given in screen coordinates.
/// - **Position**: answered with `XdndStatus` at once: accepted or not, with the action we
///   will do (the source's copy, move or ask), and "send positions" always (no rectangle:
///   what takes a drop changes row by row).
/// - **Drop**: the data asked for with `XConvertSelection(XdndSelection, form, time of the
///   drop)`; its `SelectionNotify` comes in the loop (the loop never waits on the source),
///   the controller gets the contents, and `XdndFinished` says accepted with the action. A
///   source that never answers is given up after ``dropTimeout`` seconds: the drop is
///   refused. A large answer comes by `INCR` (ICCCM 2.7.2), each piece read and deleted, on
///   an unmapped window of the drop's own (``IncomingAnswer``, at most 64 MiB).
///
/// Decided: `XdndFinished` is sent once the data is handed to the app, which starts its copy
/// (run on a worker, asked about names in the way): the source learns the drop was taken,
/// not when the copy ends. For an ask, it names `XdndActionCopy` whatever the user then
/// chooses, so that a source never deletes what a copy may still need; a move is done by the
/// target (us), as GNOME Files does, and the source has nothing to delete.
extension Host {
    /// How long a drop waits for the source's data: 5 s.
    static let dropTimeout = 5.0

    /// Handles an XDND message to one of our top-levels, or the data of a drop; false for
    /// any other event.
    func handleDropIn(_ event: XEvent) -> Bool {
        let xdnd = connection.atoms.xdnd
        if event.type == SelectionNotify, event.xselection.selection == xdnd["XdndSelection"],
            let drop = dropIn, drop.awaiting != nil, drop.receiver != 0, event.xselection.requestor == drop.receiver
        {
            var drop = drop
            let step = drop.answer.begin(event.xselection.property, of: drop.receiver, on: connection)
            dropIn = drop
            receiveDrop(step)
            return true
        }
        if event.type == PropertyNotify, var drop = dropIn, drop.receiver != 0, event.xproperty.window == drop.receiver {
            let step = drop.answer.piece(event.xproperty, xdnd["SPLITVIEW_XDND_DATA"], of: drop.receiver, on: connection)
            dropIn = drop
            receiveDrop(step)
            return true
        }
        guard event.type == ClientMessage, event.xclient.format == 32,
            let window = windows.first(where: { $0.window == event.xclient.window })
        else { return false }
        let message = event.xclient.message_type
        let data = event.xclient.data.l
        let source = Window(bitPattern: data.0)
        switch message {
        case xdnd["XdndEnter"]:
            var types = [Atom(bitPattern: data.2), Atom(bitPattern: data.3), Atom(bitPattern: data.4)].filter { $0 != 0 }
            if data.1 & 1 != 0 {
                types = (WindowProperty.words(of: source, xdnd["XdndTypeList"], on: connection) ?? []).map {
                    Atom(bitPattern: $0)
                }
            }
            var x: Int32 = 0
            var y: Int32 = 0
            var child: Window = 0
            XTranslateCoordinates(connection.display, window.window, connection.root, 0, 0, &x, &y, &child)
            endDropIn()
            dropIn = DropIn(source: source, window: window.window, origin: PixelPoint(x: Int(x), y: Int(y)))
            window.controller.handle(
                .externalDrag(.entered(types: xdnd.typeNames(types, utf8String: connection.atoms.utf8String))))
        case xdnd["XdndPosition"]:
            guard var drop = dropIn, drop.source == source, drop.awaiting == nil else { return true }
            let x = (data.2 >> 16) & 0xffff - drop.origin.x
            let y = data.2 & 0xffff - drop.origin.y
            drop.operation = xdnd.operation(Atom(bitPattern: data.4))
            dropIn = drop
            window.controller.handle(
                .externalDrag(.moved(connection.scale.point(PixelPoint(x: x, y: y)), operation: drop.operation)))
            let proposal = window.controller.externalDropProposal
            XdndAtoms.send(
                xdnd["XdndStatus"], about: source, to: source,
                [
                    Int(bitPattern: window.window), (proposal == nil ? 0 : 1) | 2, 0, 0,
                    proposal.map { Int(xdnd.action($0.operation)) } ?? 0,
                ],
                on: connection)
        case xdnd["XdndLeave"]:
            guard dropIn?.source == source else { return true }
            endDropIn()
            window.controller.handle(.externalDrag(.exited))
        case xdnd["XdndDrop"]:
            guard var drop = dropIn, drop.source == source, drop.awaiting == nil else { return true }
            guard let proposal = window.controller.externalDropProposal,
                let type = xdnd.knownType(proposal.type, utf8String: connection.atoms.utf8String)
            else {
                finishDropIn(accepted: false)
                window.controller.handle(.externalDrag(.exited))
                return true
            }
            drop.awaiting = proposal.type
            var attributes = XSetWindowAttributes()
            attributes.event_mask = Int(PropertyChangeMask)
            drop.receiver = XCreateWindow(
                connection.display, connection.root, -1, -1, 1, 1, 0, 0, UInt32(InputOnly), nil, UInt(CWEventMask), &attributes)
            let time = Time(bitPattern: data.2)
            XConvertSelection(connection.display, xdnd["XdndSelection"], type, xdnd["SPLITVIEW_XDND_DATA"], drop.receiver, time)
            drop.timer = after(Self.dropTimeout) { [weak self] in
                guard let self, self.dropIn?.source == source else { return }
                self.finishDropIn(accepted: false)
                window.controller.handle(.externalDrag(.exited))
            }
            dropIn = drop
        default:
            return handleDragOutReply(event)
        }
        return true
    }

    /// The drop's data came whole (8-bit: the controller gets it, and the source hears the
    /// drop was taken), or was refused (the drop is refused), or is still coming.
    private func receiveDrop(_ step: IncomingAnswer.Step) {
        guard let drop = dropIn, let type = drop.awaiting, let window = windows.first(where: { $0.window == drop.window })
        else { return }
        let bytes: [UInt8]?
        switch step {
        case .waiting: return
        case .refused: bytes = nil
        case .whole(_, let format, let data): bytes = format == 8 ? data : nil
        }
        finishDropIn(accepted: bytes != nil)
        window.controller.handle(.externalDrag(.dropped(bytes.map { SelectionOffer(target: type, bytes: $0) })))
    }

    /// Tells the source the drop is over (`XdndFinished`), and forgets it.
    private func finishDropIn(accepted: Bool) {
        guard let drop = dropIn else { return }
        let xdnd = connection.atoms.xdnd
        let action = accepted ? Int(xdnd.action(drop.operation == .ask ? .copy : drop.operation)) : 0
        XdndAtoms.send(
            xdnd["XdndFinished"], about: drop.source, to: drop.source, [Int(bitPattern: drop.window), accepted ? 1 : 0, action],
            on: connection)
        endDropIn()
    }

    /// Forgets the drag over us, and its timer.
    private func endDropIn() {
        if let timer = dropIn?.timer { cancelTimer(timer) }
        if let receiver = dropIn?.receiver, receiver != 0 { XDestroyWindow(connection.display, receiver) }
        dropIn = nil
    }
}
