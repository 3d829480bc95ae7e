import CX11
import Glibc
import SplitView

/// A drag of ours that left its window, as an XDND source.
struct DragOut {
    /// A top-level of the screen, as it was when the drag left the window.
    struct TopLevel {
        var x: Int, y: Int, width: Int, height: Int
        /// The window that is `XdndAware` in it (itself, or its client inside a window
        /// manager's frame), 0 for none.
        var aware: Window
        /// Where its messages go: its `XdndProxy`, or itself.
        var destination: Window
        /// The protocol version spoken: the lower of ours and its.
        var version: Int
    }

    /// Our top-level the drag started in.
    var window: Window
    /// The screen's top-levels, topmost first.
    var topLevels: [TopLevel]
    /// The forms offered, as atoms.
    var types: [Atom]
    /// True while the pointer is outside our window.
    var outside = true
    /// The aware top-level under the pointer, told of the drag.
    var target: TopLevel?
    /// Whether the target said it would take the drop, and the action it named.
    var accepted = false
    var action: Atom = 0
    /// True from a position sent until its status comes: the next waits (the protocol's rule).
    var awaitingStatus = false
    /// The position to send once the status comes: the screen point, its time, the action
    /// suggested, and the actions the target may choose among.
    var pending: (x: Int, y: Int, time: Time, action: Atom, offered: [Atom])?
    /// True from the drop sent until `XdndFinished` (or the timeout).
    var dropped = false
    /// The actions `XdndActionList` names now.
    var listed: [Atom] = []
}

/// The host as an XDND source (version 5): a drag from a row that leaves its window (the
/// core's drag goes on: it never took the pointer's grab from us) takes its
/// `DragItem.externalRepresentations` to the program under the pointer.
///
/// - **Start**: we own `XdndSelection` (the time of the motion that left), and read the
///   screen's top-levels once (their place, and the `XdndAware` window in each, a few round
///   trips per top-level): no motion after costs one.
/// - **Each motion** outside the window: the topmost top-level under the pointer from that
///   list; a new one gets `XdndLeave` (the old) and `XdndEnter` (version the lower of ours
///   and its, our three forms in the message and in `XdndTypeList`); then `XdndPosition`
///   with the action, once the last position's `XdndStatus` came. Back inside the window,
///   the target gets `XdndLeave` and the drag is the window's own again.
/// - **Release** over a target that accepted: `XdndDrop`; the target asks our selection for
///   the data (`Selections` answers `XdndSelection` with the forms) and says `XdndFinished`,
///   or after ``dragOutTimeout`` seconds we stop waiting. Over one that refused: `XdndLeave`.
///
/// Decided (as a GTK source, `gtk_drag_get_event_actions`): a plain drag suggests copy and
/// offers copy, move and link, so that the target chooses as it would for its own drag (a
/// folder of Thunar's on the same disk moves, its Trash, which takes only a move, trashes);
/// Ctrl offers copy alone, Shift move alone, Ctrl+Shift link alone, Alt asks among the three.
/// The target does what it chose, a move included; the source does nothing to the files when
/// it hears `XdndFinished` (with a `text/uri-list`, the target moves them itself). The pointer
/// shows copy (a plus), move (the four-way arrow), or no drop (a circle).
extension Host {
    /// How long a drop waits for the target's `XdndFinished`: 2 s.
    static let dragOutTimeout = 2.0

    /// A motion of the main button's grab: outside `window`, with a drag that carries forms
    /// for other programs, the XDND source follows it; back inside, the target is left.
    func followDragOut(_ event: XEvent, in window: SplitWindow) {
        guard let item = window.controller.dragSession?.item, !item.externalRepresentations.isEmpty else { return }
        let motion = event.xmotion
        let x = Int(motion.x_root), y = Int(motion.y_root)
        let inside =
            motion.x >= 0 && motion.y >= 0 && Int(motion.x) < window.pixelSize.width && Int(motion.y) < window.pixelSize.height
        if dragOut == nil {
            if inside { return }
            startDragOut(item, from: window, time: motion.time)
        }
        guard var drag = dragOut, !drag.dropped else { return }
        drag.outside = !inside
        let under = inside ? nil : drag.topLevels.first { x >= $0.x && y >= $0.y && x < $0.x + $0.width && y < $0.y + $0.height }
        let target = under.flatMap { $0.aware == 0 ? nil : $0 }
        if drag.target?.aware != target?.aware {
            if let old = drag.target { send("XdndLeave", to: old, from: drag.window) }
            drag.target = target
            drag.accepted = false
            drag.awaitingStatus = false
            drag.pending = nil
            if let target { enter(target, from: drag.window, types: drag.types) }
        }
        if drag.target != nil {
            let (operation, offered) = Self.dragOutActions(state: Int32(motion.state))
            let xdnd = connection.atoms.xdnd
            drag.pending = (x, y, motion.time, xdnd.action(operation), offered.map(xdnd.action))
        }
        dragOut = drag
        sendPendingPosition()
    }

    /// The button went up: a target that accepted gets the drop, one that did not is left (and
    /// so is one under a drag that Escape cancelled).
    func releaseDragOut(_ event: XEvent, in window: SplitWindow) {
        guard var drag = dragOut, !drag.dropped else { return }
        guard let target = drag.target else {
            dragOut = nil
            return
        }
        if drag.accepted && window.controller.dragSession != nil {
            drag.dropped = true
            dragOut = drag
            send("XdndDrop", to: target, from: drag.window, [0, Int(event.xbutton.time)])
            let window = drag.window
            after(Self.dragOutTimeout) { [weak self] in
                if let self, self.dragOut?.window == window, self.dragOut?.dropped == true { self.dragOut = nil }
            }
        } else {
            send("XdndLeave", to: target, from: drag.window)
            dragOut = nil
        }
    }

    /// The action a drag suggests with the modifiers `state`, and those it offers the target
    /// (`XdndActionList`), as a GTK source: see the type's decisions.
    static func dragOutActions(state: Int32) -> (suggested: DropOperation, offered: [DropOperation]) {
        let all: [DropOperation] = [.copy, .move, .link]
        switch (state & ControlMask != 0, state & ShiftMask != 0) {
        case (true, true): return (.link, [.link])
        case (true, false): return (.copy, [.copy])
        case (false, true): return (.move, [.move])
        case (false, false): return state & Mod1Mask != 0 ? (.ask, all) : (.copy, all)
        }
    }

    /// The cursor a drag outside the window shows, or nil while it is inside (the window's
    /// own drag shows its cursor).
    var dragOutCursor: GrabCursor? {
        guard let drag = dragOut, !drag.dropped, drag.outside else { return nil }
        guard drag.target != nil, drag.accepted else { return .noDrop }
        return drag.action == connection.atoms.xdnd["XdndActionMove"] ? .move : .copy
    }

    /// `XdndStatus` or `XdndFinished` from the target of our drag; false for another message.
    func handleDragOutReply(_ event: XEvent) -> Bool {
        let xdnd = connection.atoms.xdnd
        guard var drag = dragOut, Window(bitPattern: event.xclient.data.l.0) == drag.target?.aware else { return false }
        switch event.xclient.message_type {
        case xdnd["XdndStatus"]:
            drag.accepted = event.xclient.data.l.1 & 1 != 0
            drag.action = drag.accepted ? Atom(bitPattern: event.xclient.data.l.4) : 0
            drag.awaitingStatus = false
            dragOut = drag
            sendPendingPosition()
        case xdnd["XdndFinished"]:
            if drag.dropped { dragOut = nil }
        default:
            return false
        }
        return true
    }

    /// Owns `XdndSelection` with the item's forms, and reads the screen's top-levels.
    private func startDragOut(_ item: DragItem, from window: SplitWindow, time: Time) {
        selections.ownDrag(item.externalRepresentations, window: window.window, time: time)
        let xdnd = connection.atoms.xdnd
        let types = selections.intern(item.externalRepresentations.map(\.target))
        var typeWords = types.map { Int($0) }
        typeWords.withUnsafeMutableBytes { buffer in
            _ = XChangeProperty(
                connection.display, window.window, xdnd["XdndTypeList"], XA_ATOM, 32, PropModeReplace,
                buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(types.count))
        }
        // Each action's word for a target that asks the user (XdndActionAsk), in the reader's
        // language; the property is a STRING, Latin-1.
        let described = [String(translated: "Copy"), String(translated: "Move"), String(translated: "Link")]
        var words = Selections.latin1(Array(described.map { $0 + "\0" }.joined().utf8))
        _ = XChangeProperty(
            connection.display, window.window, xdnd["XdndActionDescription"], XA_STRING, 8, PropModeReplace, &words,
            Int32(words.count))
        dragOut = DragOut(window: window.window, topLevels: readTopLevels(except: window.window), types: types)
    }

    /// The mapped children of the root, topmost first, with their `XdndAware` windows.
    private func readTopLevels(except own: Window) -> [DragOut.TopLevel] {
        windowChildren(connection.root).reversed().compactMap { child in
            guard child != own else { return nil }
            var attributes = XWindowAttributes()
            guard XGetWindowAttributes(connection.display, child, &attributes) != 0, attributes.map_state == IsViewable
            else { return nil }
            var found: (Window, Int)?
            for candidate in [child] + windowChildren(child).reversed() {
                if let version = WindowProperty.words(of: candidate, connection.atoms.xdnd["XdndAware"], on: connection)?.first {
                    found = (candidate, version)
                    break
                }
            }
            let proxy = found.flatMap {
                WindowProperty.words(of: $0.0, connection.atoms.xdnd["XdndProxy"], on: connection)?.first.map {
                    Window(bitPattern: $0)
                }
            }
            return DragOut.TopLevel(
                x: Int(attributes.x), y: Int(attributes.y), width: Int(attributes.width), height: Int(attributes.height),
                aware: found?.0 ?? 0, destination: proxy ?? found?.0 ?? 0, version: min(XdndAtoms.version, found?.1 ?? 0))
        }
    }

    /// The children of `window`, bottom first.
    private func windowChildren(_ window: Window) -> [Window] {
        var root: Window = 0
        var parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(connection.display, window, &root, &parent, &children, &count) != 0, let children else { return [] }
        defer { XFree(children) }
        return Array(UnsafeBufferPointer(start: children, count: Int(count)))
    }

    private func enter(_ target: DragOut.TopLevel, from window: Window, types atoms: [Atom]) {
        let types = atoms.map { Int(bitPattern: $0) }
        let firstThree = Array(types.prefix(3)) + Array(repeating: 0, count: max(0, 3 - types.count))
        send("XdndEnter", to: target, from: window, [target.version << 24 | (types.count > 3 ? 1 : 0)] + firstThree)
    }

    /// Sends the waiting position, unless the last one's status is still to come.
    private func sendPendingPosition() {
        guard var drag = dragOut, !drag.awaitingStatus, let target = drag.target, let position = drag.pending else { return }
        drag.pending = nil
        drag.awaitingStatus = true
        if drag.listed != position.offered { listActions(position.offered, on: drag.window) }
        drag.listed = position.offered
        dragOut = drag
        send(
            "XdndPosition", to: target, from: drag.window,
            [0, position.x << 16 | position.y, Int(position.time), Int(position.action)])
    }

    /// Writes `XdndActionList`: the actions the target may choose among (GTK targets read it
    /// whatever the action, and choose their own among it).
    private func listActions(_ offered: [Atom], on window: Window) {
        var actions = offered
        let count = Int32(actions.count)
        actions.withUnsafeMutableBytes { buffer in
            _ = XChangeProperty(
                connection.display, window, connection.atoms.xdnd["XdndActionList"], XA_ATOM, 32, PropModeReplace,
                buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count)
        }
    }

    private func send(_ name: String, to target: DragOut.TopLevel, from window: Window, _ rest: [Int] = []) {
        XdndAtoms.send(
            connection.atoms.xdnd[name], about: target.aware, to: target.destination, [Int(bitPattern: window)] + rest,
            on: connection)
    }
}
