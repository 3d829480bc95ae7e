import CX11
import Glibc
import SplitView

/// The X selections the host's windows own (PRIMARY and CLIPBOARD), served by the
/// Inter-Client Communication Conventions: a window's controller asks with
/// `HostRequest.setSelection(_:text:)` (text) or `HostRequest.offerSelection(_:_:)` (several
/// forms: files copied), and any program that pastes gets them; and what other programs
/// own, asked for with `HostRequest.requestSelection(_:targets:)` (`Selections+Paste.swift`).
///
/// - **Owning.** `XSetSelectionOwner` with the time of the event that caused it (ICCCM 2.1:
///   never `CurrentTime` when an event time is known). Ownership is not read back: that would
///   be a round trip on the key that copied, and a program that took the selection first
///   sends us `SelectionClear`, which says the same.
/// - **Serving.** A `SelectionRequest` is answered for `TARGETS`, `TIMESTAMP` and each form
///   offered — for text `UTF8_STRING`, `TEXT` (UTF-8 here) and `STRING` (ISO Latin-1: what it
///   cannot hold becomes `?`); for files also `x-special/gnome-copied-files` and
///   `text/uri-list`, each in a property of its own name's type, as GTK writes them — on the
///   requestor's property (or on the target's name for an obsolete requestor that names
///   none), and a `SelectionNotify` says so; anything else is refused with property `None`.
/// - **Large selections.** Over ``incrementalThreshold`` bytes, or more than the server takes
///   in one request, the text goes by the `INCR` protocol (ICCCM 2.7.2): the property first
///   holds the size, then each time the requestor deletes it, the next ``chunkSize`` bytes, and
///   a last empty piece ends it.
/// - **Losing it.** `SelectionClear` (another program took it) is reported to the window's
///   controller as `Input.selectionTaken(_:)`; a window that closes gives its selections up
///   first.
final class Selections {
    /// Above this many bytes, a selection is sent in pieces (`INCR`): 256 KiB.
    static let incrementalThreshold = 256 * 1024
    /// The size of one piece of an `INCR` transfer: 64 KiB.
    static let chunkSize = 64 * 1024

    /// One form a selection is served in.
    struct Form {
        var target: Atom
        /// The property's type: `UTF8_STRING` for `TEXT`, else the target itself.
        var type: Atom
        var name: String
        var bytes: [UInt8]
    }

    struct Owned {
        var window: Window
        var forms: [Form]
        var time: Time
    }

    /// One `INCR` transfer under way: what is left to write on the requestor's property.
    private struct Transfer {
        var requestor: Window
        var property: Atom
        var type: Atom
        var bytes: [UInt8]
        var sent = 0
        var finished = false
    }

    let connection: X11Connection
    var owned: [Selection: Owned] = [:]
    /// What a drag of ours offers on `XdndSelection` (drag and drop between programs).
    var dragOwned: Owned?
    /// Atoms interned for forms' names, beyond the connection's own.
    var interned: [String: Atom] = [:]
    /// The paste under way (`Selections+Paste.swift`).
    var request: PasteRequest?
    /// The unmapped window pastes are received on, made at the first paste.
    var requestor: Window = 0
    private var transfers: [Transfer] = []
    /// How many `INCR` transfers were started, and how many pieces sent (for tests).
    private(set) var incrementalTransfers = 0
    private(set) var piecesSent = 0

    init(connection: X11Connection) {
        self.connection = connection
    }

    /// The atom X names `selection` by.
    func atom(_ selection: Selection) -> Atom {
        switch selection {
        case .primary: XA_PRIMARY
        case .clipboard: connection.atoms.clipboard
        }
    }

    /// The text `selection` holds while this host owns it (for tests and diagnostics).
    func text(of selection: Selection) -> String? {
        owned[selection]?.forms.first { $0.target == connection.atoms.utf8String }.map {
            String(decoding: $0.bytes, as: UTF8.self)
        }
    }

    /// Makes `window` the owner of `selection`, with `text`, as of the server time `time`.
    func own(_ selection: Selection, text: String, window: Window, time: Time) {
        own(selection, offers: [SelectionOffer(target: "UTF8_STRING", bytes: Array(text.utf8))], window: window, time: time)
    }

    /// Makes `window` the owner of `selection`, with `offers` (and `TEXT` and `STRING` made
    /// from a `UTF8_STRING` among them), as of the server time `time`.
    func own(_ selection: Selection, offers: [SelectionOffer], window: Window, time: Time) {
        var offers = offers
        if let utf8 = offers.first(where: { $0.target == "UTF8_STRING" }) {
            if !offers.contains(where: { $0.target == "TEXT" }) {
                offers.append(SelectionOffer(target: "TEXT", bytes: utf8.bytes))
            }
            if !offers.contains(where: { $0.target == "STRING" }) {
                offers.append(SelectionOffer(target: "STRING", bytes: Self.latin1(utf8.bytes)))
            }
        }
        let atoms = intern(offers.map(\.target))
        let forms = zip(offers, atoms).map { offer, target in
            Form(
                target: target, type: offer.target == "TEXT" ? connection.atoms.utf8String : target, name: offer.target,
                bytes: offer.bytes)
        }
        owned[selection] = Owned(window: window, forms: forms, time: time)
        XSetSelectionOwner(connection.display, atom(selection), window, time)
    }

    /// The atoms of `names`, interning those not known yet in one round trip (the first copy
    /// of files or paste pays it; text's forms are known from the start).
    func intern(_ names: [String]) -> [Atom] {
        let atoms = connection.atoms
        let known: [String: Atom] = [
            "UTF8_STRING": atoms.utf8String, "TEXT": atoms.text, "STRING": XA_STRING, "TARGETS": atoms.targets,
        ]
        let missing = Array(Set(names.filter { known[$0] == nil && interned[$0] == nil }))
        if !missing.isEmpty {
            var cNames: [UnsafeMutablePointer<CChar>?] = missing.map { strdup($0) }
            defer { cNames.forEach { free($0) } }
            var values = [Atom](repeating: 0, count: missing.count)
            _ = XInternAtoms(connection.display, &cNames, Int32(missing.count), 0, &values)
            for (name, value) in zip(missing, values) { interned[name] = value }
        }
        return names.map { known[$0] ?? interned[$0] ?? 0 }
    }

    /// Makes `window` the owner of `XdndSelection`, with a drag's `offers`, as of `time`.
    func ownDrag(_ offers: [SelectionOffer], window: Window, time: Time) {
        let forms = zip(offers, intern(offers.map(\.target))).map { Form(target: $1, type: $1, name: $0.target, bytes: $0.bytes) }
        dragOwned = Owned(window: window, forms: forms, time: time)
        XSetSelectionOwner(connection.display, connection.atoms.xdnd["XdndSelection"], window, time)
    }

    /// Gives `selection` up if `window` owns it.
    ///
    /// The server answers a release with a `SelectionClear` to the window itself, which
    /// arrives after whatever the window did next. That clear is ours and means nothing: it is
    /// remembered here and passed over when it comes, so that a selection taken again in the
    /// same millisecond (the clicks of a triple click) is not mistaken for one lost.
    func release(_ selection: Selection, from window: Window, time: Time) {
        guard let current = owned[selection], current.window == window else { return }
        owned[selection] = nil
        ownClears.append(OwnClear(selection: selection, window: window, time: time))
        XSetSelectionOwner(connection.display, atom(selection), UInt(None), time)
    }

    /// A release of ours whose `SelectionClear` has not come yet.
    private struct OwnClear: Equatable {
        var selection: Selection
        var window: Window
        var time: Time
    }

    /// The releases whose `SelectionClear` is still to come, oldest first.
    private var ownClears: [OwnClear] = []

    /// True when `clear` answers one of our own releases (then forgotten). A release given
    /// `CurrentTime` took the server's time, which we do not know: any clear of its window
    /// answers it. Releases older than `clear` that another owner's change made void (the
    /// server ignored them, so no clear comes for them) are forgotten too.
    private func isOwnClear(_ clear: XSelectionClearEvent, _ selection: Selection) -> Bool {
        let index = ownClears.firstIndex {
            $0.selection == selection && $0.window == clear.window
                && ($0.time == clear.time || $0.time == Time(CurrentTime))
        }
        defer { ownClears.removeAll { $0.selection == selection && $0.time != Time(CurrentTime) && $0.time < clear.time } }
        guard let index else { return false }
        ownClears.remove(at: index)
        return true
    }

    /// `window` is closing: every selection it owns is given up first.
    func windowClosing(_ window: Window, time: Time) {
        for selection in Selection.allCases { release(selection, from: window, time: time) }
    }

    /// What a selection event means for the host: handled here, or a selection lost by one
    /// of its windows (to report to that window's controller), or not a selection event.
    enum Outcome: Equatable {
        case handled
        case taken(Selection, from: Window)
        /// A paste's answer came (nil: none of the forms asked for), for `window`.
        case received(Selection, SelectionOffer?, for: Window)
        case notOurs
    }

    /// Serves a request, follows an `INCR` transfer, or notes a selection lost.
    func handle(_ event: XEvent) -> Outcome {
        switch event.type {
        case SelectionRequest:
            answer(event.xselectionrequest)
            return .handled
        case SelectionClear:
            let clear = event.xselectionclear
            guard let selection = Selection.allCases.first(where: { atom($0) == clear.selection }) else { return .handled }
            if isOwnClear(clear, selection) { return .handled }
            if let current = owned[selection], current.window == clear.window, clear.time >= current.time {
                owned[selection] = nil
            }
            return .taken(selection, from: clear.window)
        case SelectionNotify where event.xselection.requestor == requestor && requestor != 0:
            return answered(event.xselection)
        case PropertyNotify where event.xproperty.window == requestor && requestor != 0:
            return pieceArrived(event.xproperty)
        case PropertyNotify where event.xproperty.state == PropertyDelete:
            let notify = event.xproperty
            guard let index = transfers.firstIndex(where: { $0.requestor == notify.window && $0.property == notify.atom })
            else { return .notOurs }
            sendNextPiece(index)
            return .handled
        default:
            return .notOurs
        }
    }

    // MARK: - Serving

    private func answer(_ request: XSelectionRequestEvent) {
        // An obsolete requestor names no property: the target's name is used (ICCCM 2.2).
        let property = request.property == UInt(None) ? request.target : request.property
        var delivered = false
        let current =
            request.selection == connection.atoms.xdnd["XdndSelection"]
            ? dragOwned : Selection.allCases.first(where: { atom($0) == request.selection }).flatMap { owned[$0] }
        if let current, current.window == request.owner,
            request.time == UInt(CurrentTime) || request.time >= current.time
        {
            delivered = write(current, target: request.target, to: request.requestor, property: property)
        }
        var notify = XEvent()
        notify.xselection.type = SelectionNotify
        notify.xselection.requestor = request.requestor
        notify.xselection.selection = request.selection
        notify.xselection.target = request.target
        notify.xselection.property = delivered ? property : UInt(None)
        notify.xselection.time = request.time
        _ = XSendEvent(connection.display, request.requestor, 0, 0, &notify)
    }

    /// Writes `owned` in the form `target` asks for on the requestor's `property`; false for
    /// a form it does not come in.
    private func write(_ owned: Owned, target: Atom, to requestor: Window, property: Atom) -> Bool {
        let atoms = connection.atoms
        switch target {
        case atoms.targets:
            let forms: [Atom] = [atoms.targets, atoms.timestamp] + owned.forms.map(\.target)
            writeWords(forms.map { Int($0) }, type: XA_ATOM, to: requestor, property: property)
        case atoms.timestamp:
            writeWords([Int(owned.time)], type: XA_INTEGER, to: requestor, property: property)
        default:
            guard let form = owned.forms.first(where: { $0.target == target }) else { return false }
            writeBytes(form.bytes, type: form.type, to: requestor, property: property)
        }
        return true
    }

    /// 32-bit items travel as C longs in Xlib's property calls.
    private func writeWords(_ words: [Int], type: Atom, to requestor: Window, property: Atom) {
        var longs = words
        longs.withUnsafeMutableBytes { buffer in
            _ = XChangeProperty(
                connection.display, requestor, property, type, 32, PropModeReplace,
                buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(words.count))
        }
    }

    /// Text in one property, or the start of an `INCR` transfer when it is too large.
    private func writeBytes(_ bytes: [UInt8], type: Atom, to requestor: Window, property: Atom) {
        if bytes.count > min(Self.incrementalThreshold, maximumPropertyBytes) {
            transfers.removeAll { $0.requestor == requestor && $0.property == property }
            transfers.append(Transfer(requestor: requestor, property: property, type: type, bytes: bytes))
            incrementalTransfers += 1
            // The requestor deletes the property to ask for each piece: we must hear it.
            XSelectInput(connection.display, requestor, Int(PropertyChangeMask))
            writeWords([bytes.count], type: connection.atoms.incr, to: requestor, property: property)
            return
        }
        change(requestor, property, type: type, bytes[...])
    }

    private func change(_ requestor: Window, _ property: Atom, type: Atom, _ bytes: ArraySlice<UInt8>) {
        var piece = Array(bytes)
        if piece.isEmpty { piece = [0] }  // a valid pointer; the count below is what is sent
        let count = Int32(bytes.count)
        piece.withUnsafeMutableBufferPointer { buffer in
            _ = XChangeProperty(connection.display, requestor, property, type, 8, PropModeReplace, buffer.baseAddress, count)
        }
    }

    /// The requestor deleted the property: the next piece, or the empty one that ends it.
    private func sendNextPiece(_ index: Int) {
        var transfer = transfers[index]
        if transfer.finished {
            // The empty piece was read: the transfer is over.
            transfers.remove(at: index)
            XSelectInput(connection.display, transfer.requestor, 0)
            return
        }
        let end = min(transfer.bytes.count, transfer.sent + Self.chunkSize)
        change(transfer.requestor, transfer.property, type: transfer.type, transfer.bytes[transfer.sent..<end])
        piecesSent += 1
        if transfer.sent == end { transfer.finished = true }
        transfer.sent = end
        transfers[index] = transfer
    }

    /// The most a single property change can carry on this server, less the request's header.
    private var maximumPropertyBytes: Int {
        let extended = Int(XExtendedMaxRequestSize(connection.display))
        let words = extended > 0 ? extended : Int(XMaxRequestSize(connection.display))
        return max(4096, words * 4 - 100)
    }

    /// UTF-8 as ISO Latin-1, for `STRING`: a character past U+00FF becomes `?`.
    static func latin1(_ utf8: [UInt8]) -> [UInt8] {
        String(decoding: utf8, as: UTF8.self).unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
    }

    /// The server time an event carries, for the events a user makes (keys, buttons, motion).
    static func time(of event: XEvent) -> Time? {
        switch event.type {
        case KeyPress, KeyRelease: event.xkey.time
        case ButtonPress, ButtonRelease: event.xbutton.time
        case MotionNotify: event.xmotion.time
        default: nil
        }
    }
}
