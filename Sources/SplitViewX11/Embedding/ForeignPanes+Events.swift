import CX11
import Glibc
import SplitView

/// The X events of a window's hosted programs: adoption, map and configure requests, titles,
/// XEmbed messages, and presses on a program without the keyboard.
extension ForeignPanes {

    /// Handles an event for a socket or a client; false when it is not one of theirs.
    func handle(_ event: XEvent) -> Bool {
        let target = event.xany.window
        guard let program = programs.first(where: { $0.socket == target || ($0.client == target && target != 0) }) else {
            return programs.contains { $0.retired.values.contains(target) }
        }
        switch event.type {
        case CreateNotify where event.xcreatewindow.parent == program.socket:
            adopt(event.xcreatewindow.window, in: program)
        case ReparentNotify:
            let reparent = event.xreparent
            if reparent.parent == program.socket {
                adopt(reparent.window, in: program)
            } else if reparent.window == program.client {
                lose(program)
            }
        case MapRequest:
            let child = event.xmaprequest.window
            if program.client == nil { adopt(child, in: program) }
            guard child == program.client else {
                XMapWindow(connection.display, child)  // a second window of the program's: let it be
                break
            }
            if program.speaksXEmbed {
                // XEmbed: the mapped flag decides, not the request. mpv sets the flag off, asks
                // to be mapped, then sets the flag on: the request must not count as the flag.
                if let info = XEmbed.info(of: child, atoms: atoms, on: connection) { followMappedFlag(info.flags, program) }
            } else {
                program.clientWantsMap = true
                XMapWindow(connection.display, child)
            }
        case ConfigureRequest:
            configureRequest(event.xconfigurerequest, program)
        case MapNotify where event.xmap.window == program.client:
            program.clientMapped = true
            report(.status(.running), of: program)
            if let timer = program.noWindowTimer { services.cancelTimer(timer) }
            program.noWindowTimer = nil
            place(program)
        case UnmapNotify where event.xunmap.window == program.client:
            releaseFocus(of: program)
            program.clientMapped = false
            place(program)
        case DestroyNotify where event.xdestroywindow.window == program.client:
            lose(program)
        case PropertyNotify where event.xproperty.window == program.client:
            propertyChanged(event.xproperty.atom, program)
        case ClientMessage where event.xclient.message_type == atoms.xembed:
            xembedMessage(event.xclient, program)
        case ButtonPress where event.xbutton.window == program.socket:
            pressed(event.xbutton, program)
        default:
            break
        }
        return true
    }

    func adopt(_ client: Window, in program: Program) {
        guard program.client == nil, client != program.socket else { return }
        program.client = client
        program.clientSize = nil
        XSelectInput(connection.display, client, Int(PropertyChangeMask | StructureNotifyMask))
        // A border (xterm's shell has one) would push the client's contents a pixel in and
        // past the socket's edges: the client fills the socket exactly, borderless.
        XSetWindowBorderWidth(connection.display, client, 0)
        if let info = XEmbed.info(of: client, atoms: atoms, on: connection) { startEmbedding(info, program) }
        report(.title(ClientTitle.read(client, on: connection)), of: program)
        report(.accessiblePlug(XEmbed.accessiblePlug(of: client, atoms: atoms, on: connection)), of: program)
        fillSocket(program)
    }

    /// The client speaks XEmbed (it has `_XEMBED_INFO`, when adopted or later: a window made
    /// inside the socket may set it after the host saw it created): it is told it is embedded
    /// and whether the window is active, and from then on its mapped flag alone shows it.
    func startEmbedding(_ info: (version: Int, flags: Int), _ program: Program) {
        guard let client = program.client, !program.speaksXEmbed else { return }
        program.speaksXEmbed = true
        XEmbed.send(
            .embeddedNotify, data1: Int(program.socket), data2: min(info.version, XEmbed.version), to: client,
            atoms: atoms, on: connection)
        followMappedFlag(info.flags, program)
        if ourFocus() != nil { XEmbed.send(.windowActivate, to: client, atoms: atoms, on: connection) }
    }

    /// The client went (destroyed, or reparented elsewhere): the pane shows its drawing again
    /// while the process lives on (it may show another window). A program whose first process
    /// and group are gone lived on in this window only: it has ended.
    func lose(_ program: Program) {
        releaseFocus(of: program)
        report(.accessiblePlug(nil), of: program)
        program.client = nil
        program.clientMapped = false
        program.clientSize = nil
        if let status = program.leaderStatus, !followsGroup(program), !hasWindow(program) {
            finish(program, status: status)
            return
        }
        if program.pid != nil { report(.status(.starting), of: program) }
        place(program)
    }

    /// A client asks for a size or place of its own: it gets the socket's, and a synthetic
    /// ConfigureNotify says so when nothing changed (ICCCM 4.1.5), so it does not wait.
    func configureRequest(_ request: XConfigureRequestEvent, _ program: Program) {
        guard request.window == program.client, let rect = program.placed else {
            var changes = XWindowChanges()
            changes.x = request.x
            changes.y = request.y
            changes.width = request.width
            changes.height = request.height
            XConfigureWindow(connection.display, request.window, UInt32(request.value_mask & 0xf), &changes)
            return
        }
        program.clientSize = nil
        fillSocket(program)
        var event = XEvent()
        event.xconfigure.type = ConfigureNotify
        event.xconfigure.event = request.window
        event.xconfigure.window = request.window
        event.xconfigure.x = 0
        event.xconfigure.y = 0
        event.xconfigure.width = Int32(rect.width)
        event.xconfigure.height = Int32(rect.height)
        event.xconfigure.border_width = 0
        event.xconfigure.above = UInt(None)
        event.xconfigure.override_redirect = 0
        _ = XSendEvent(connection.display, request.window, 0, Int(StructureNotifyMask), &event)
    }

    func propertyChanged(_ atom: Atom, _ program: Program) {
        guard let client = program.client else { return }
        if atom == connection.atoms.netWMName || atom == connection.atoms.wmName {
            report(.title(ClientTitle.read(client, on: connection)), of: program)
        } else if atom == atoms.atSpiPath {
            report(.accessiblePlug(XEmbed.accessiblePlug(of: client, atoms: atoms, on: connection)), of: program)
        } else if atom == atoms.info, let info = XEmbed.info(of: client, atoms: atoms, on: connection) {
            if program.speaksXEmbed { followMappedFlag(info.flags, program) } else { startEmbedding(info, program) }
        }
    }

    /// Shows or hides an XEmbed client as its `_XEMBED_INFO` mapped flag says (the XEmbed
    /// specification: the embedder maps and unmaps the client by that flag). Whatever came
    /// before it — a map request, the flag set before or after the client reached the socket —
    /// the flag as it is now decides; ``Program/clientWantsMap`` is the flag last acted on, so
    /// a flag that did not change sends nothing.
    func followMappedFlag(_ flags: Int, _ program: Program) {
        guard let client = program.client else { return }
        let wants = flags & XEmbed.mappedFlag != 0
        guard wants != program.clientWantsMap else { return }
        program.clientWantsMap = wants
        if wants { XMapWindow(connection.display, client) } else { XUnmapWindow(connection.display, client) }
    }

    func xembedMessage(_ message: XClientMessageEvent, _ program: Program) {
        guard let kind = XEmbed.Message(rawValue: message.data.l.1) else { return }
        let controller = window.controller
        switch kind {
        case .requestFocus:
            focusRequested(by: program)
        case .focusNext:
            controller.handle(.command(.focusNextPane))
        case .focusPrevious:
            controller.handle(.command(.focusPreviousPane))
        default:
            break
        }
    }

    /// A press in a program that does not have the keyboard (its socket's button grab):
    /// focus its pane and let the press through to the program. In a dimmed pane (an overlay
    /// lies over it) the press is the core's, as on any dimmed pane: it dismisses the overlay
    /// and the program never sees it.
    func pressed(_ press: XButtonEvent, _ program: Program) {
        guard let column = column(showing: program), let placement = window.controller.layout.placement(of: column) else {
            XAllowEvents(connection.display, ReplayPointer, press.time)
            return
        }
        if placement.isDimmed {
            XAllowEvents(connection.display, AsyncPointer, press.time)
            let parent = window.origin(of: program.parent)
            let socket = program.placed ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
            let point = connection.scale.point(
                PixelPoint(x: (parent?.x ?? 0) + socket.x + Int(press.x), y: (parent?.y ?? 0) + socket.y + Int(press.y)))
            window.controller.handle(.pointerDown(point))
            window.controller.handle(.pointerUp(point))
            return
        }
        window.controller.handle(.foreignContent(program.content.id, .focusRequested))
        XAllowEvents(connection.display, ReplayPointer, press.time)
    }

    func column(showing program: Program) -> SplitViewController.Column? {
        window.controller.placement(of: program.content)?.column
    }
}
