import CX11
import Glibc
import SplitView

/// The programs one window's panes host: for each ``SplitView/ForeignContentViewController``
/// installed in the window's controller, a process, a *socket* window over the pane's
/// content area, and the program's own window (the *client*) inside it.
///
/// - **Embedding.** Programs that create their window inside the socket (`xterm -into {}`,
///   `st -w {}`, `mpv --wid={}`) and programs that speak XEmbed (they reparent their window
///   into it and publish `_XEMBED_INFO`) are both adopted: the socket redirects its children's
///   map and configure requests, so the client is shown when it asks (or, for XEmbed, when
///   its mapped flag says so) and always fills the socket exactly.
/// - **Placement.** After every layout — each drag step and animation frame included — the
///   socket moves to the content area of the column that shows the controller (reparented
///   when collapsing moves the controller to another column) and the client is resized with
///   it, in the same batch as the panes. The host never waits for a client to redraw: a slow
///   program lags behind the drag while the split view keeps up, and until it paints, the
///   socket's background (the theme's) shows rather than garbage.
/// - **Keys and focus.** The window commands' chords are grabbed on the top-level in every
///   lock combination, so they reach the split view whatever has the focus; the input focus
///   goes to the client of the pane the core says has the keyboard
///   (``SplitView/HostRequest/focusForeignContent(_:)``), and back to the top-level when that
///   changes. A press in an unfocused program is caught by a synchronous button grab on its
///   socket, focuses the pane, and is replayed to the program.
/// - **Life cycle.** A program that fails to start, exits, or shows no window in
///   ``noWindowTimeout`` seconds says so in its pane; a restart or a closed window ends it
///   with SIGTERM, then SIGKILL after ``Host/terminationGrace`` seconds (through the host).
final class ForeignPanes {
    /// How long a started program may take to show its window before its pane says so.
    static let noWindowTimeout = 5

    /// One hosted program.
    final class Program {
        let content: ForeignContentViewController
        /// The socket of the running instance, 0 when none runs.
        var socket: Window = 0
        /// The window the socket is a child of (a column's pane, or the top-level).
        var parent: Window = 0
        /// Where the socket is, in its parent.
        var placed: PixelRect?
        var socketMapped = false
        /// The program's window, once it made or reparented one into the socket.
        var client: Window?
        var clientSize: PixelSize?
        /// True once the client asked to be mapped (a map request, or XEmbed's mapped flag).
        var clientWantsMap = false
        var clientMapped = false
        var speaksXEmbed = false
        var pid: pid_t?
        /// The file the running instance was started on.
        var startedFile: [UInt8]?
        var noWindowTimer: Int?
        var restartTimer: Int?
        /// Earlier instances ended and not yet reaped: their sockets stay (unmapped) until
        /// their process is gone, so that no program finds its window destroyed under it.
        var retired: [pid_t: Window] = [:]

        init(_ content: ForeignContentViewController) {
            self.content = content
        }
    }

    private let connection: X11Connection
    private unowned let window: SplitWindow
    private unowned let host: Host
    private let atoms: XEmbed.Atoms
    private(set) var programs: [Program] = []
    /// The program the core last said has the keyboard.
    private var keyboardOwner: ForeignContentViewController.ID?
    /// The client the input focus was given to, if it still has it.
    private var focusedClient: Window?
    private var chordsGrabbed = false

    init(window: SplitWindow, host: Host) {
        self.window = window
        self.host = host
        connection = window.connection
        atoms = XEmbed.Atoms(window.connection)
    }

    /// True when `child` is a socket or a client of this window's programs.
    func owns(_ child: Window) -> Bool {
        programs.contains { ($0.socket != 0 && $0.socket == child) || $0.client == child || $0.retired.values.contains(child) }
    }

    // MARK: - Programs

    /// Starts a program for each foreign content newly installed, and ends those whose
    /// content left the controller.
    func sync() {
        let installed = window.controller.foreignContentViewControllers
        for program in programs where !installed.contains(where: { $0 === program.content }) {
            end(program)
        }
        programs.removeAll { program in !installed.contains { $0 === program.content } }
        for content in installed where !programs.contains(where: { $0.content === content }) {
            let program = Program(content)
            programs.append(program)
            start(program)
        }
        if !programs.isEmpty && !chordsGrabbed { grabChords() }
    }

    /// Ends every program (the window is closing): SIGTERM now, SIGKILL later by the host.
    func endAll() {
        for program in programs { end(program) }
        programs.removeAll()
    }

    /// Handles a request the core made for this window's foreign content.
    func perform(_ request: HostRequest) {
        switch request {
        case .focusForeignContent(let id):
            keyboardOwner = id
            updateFocus()
        case .restartForeignContent(let id, let delay):
            guard let program = programs.first(where: { $0.content.id == id }) else { return }
            if let timer = program.restartTimer { host.cancelTimer(timer) }
            program.restartTimer = nil
            if delay <= 0 {
                restart(program)
            } else {
                // A new file: nothing to do if the program already runs on it (the file given
                // before the window opened, or a selection that came back).
                program.restartTimer = host.after(delay) { [weak self, weak program] in
                    guard let self, let program else { return }
                    program.restartTimer = nil
                    if program.pid != nil && program.startedFile == program.content.file { return }
                    self.restart(program)
                }
            }
        default:
            break
        }
    }

    private func restart(_ program: Program) {
        guard programs.contains(where: { $0 === program }) else { return }
        end(program)
        start(program)
    }

    private func start(_ program: Program) {
        let content = program.content
        if content.command.namesFile && content.file == nil {
            content.status = .waitingForFile
            return
        }
        var attributes = XSetWindowAttributes()
        attributes.background_pixel = SplitWindow.pixel(for: window.controller.theme.background, on: connection)
        attributes.event_mask = Int(SubstructureNotifyMask | SubstructureRedirectMask)
        let socket = XCreateWindow(
            connection.display, window.window, 0, 0, 1, 1, 0, connection.depth, UInt32(InputOutput), connection.visual,
            UInt(CWBackPixel | CWEventMask), &attributes)
        WindowProperties.setName(socket, on: connection, name: "socket")
        program.socket = socket
        program.parent = window.window
        program.placed = nil
        program.socketMapped = false
        program.client = nil
        program.clientSize = nil
        program.clientWantsMap = false
        program.clientMapped = false
        program.speaksXEmbed = false
        grabButtons(program)
        place(program)
        // The program names the socket at once: it must exist on the server first.
        connection.sync()
        guard let arguments = content.command.arguments(windowID: socket, file: content.file) else { return }
        switch ProgramProcess.spawn(arguments, display: connection.name) {
        case .success(let pid):
            program.pid = pid
            program.startedFile = content.file
            host.watchChildren()
            content.programTitle = nil
            content.status = .starting
            program.noWindowTimer = host.after(Double(Self.noWindowTimeout)) { [weak program] in
                guard let program, program.pid == pid else { return }
                program.noWindowTimer = nil
                if !program.clientMapped { program.content.status = .noWindow(seconds: Self.noWindowTimeout) }
            }
        case .failure(let failure):
            XDestroyWindow(connection.display, socket)
            program.socket = 0
            content.status = .ended("\(content.command.programName): \(failure.reason)")
        }
    }

    /// Ends the running instance: its socket hides at once and is destroyed once the process
    /// is reaped; the process gets SIGTERM, then SIGKILL (the host's job).
    private func end(_ program: Program) {
        if let timer = program.noWindowTimer { host.cancelTimer(timer) }
        program.noWindowTimer = nil
        releaseFocus(of: program)
        if program.socket != 0 {
            XUnmapWindow(connection.display, program.socket)
            if let pid = program.pid {
                program.retired[pid] = program.socket
            } else {
                XDestroyWindow(connection.display, program.socket)
            }
        }
        if let pid = program.pid { host.terminate(pid) }
        program.socket = 0
        program.pid = nil
        program.client = nil
        program.clientMapped = false
    }

    /// Reaps what ended: the running instance shows how it ended, a retired one's socket goes.
    func reap() {
        for program in programs {
            for (pid, socket) in program.retired where ProgramProcess.reap(pid) != nil || !LivePrograms.all().contains(pid) {
                program.retired[pid] = nil
                XDestroyWindow(connection.display, socket)
            }
            guard let pid = program.pid, let status = ProgramProcess.reap(pid) else { continue }
            if let timer = program.noWindowTimer { host.cancelTimer(timer) }
            program.noWindowTimer = nil
            releaseFocus(of: program)
            if program.socket != 0 { XDestroyWindow(connection.display, program.socket) }
            program.socket = 0
            program.pid = nil
            program.client = nil
            program.clientMapped = false
            program.content.status = .ended(ProgramProcess.describe(program.content.command.programName, status: status))
        }
    }

    // MARK: - Placement

    /// Puts every socket over the content area of the column that shows its controller, sized
    /// to it, with the client filling it; hides the sockets of controllers not on screen.
    func apply() {
        for program in programs where program.socket != 0 { place(program) }
    }

    private func place(_ program: Program) {
        let display = connection.display
        var wanted: PixelRect?
        var parent = program.parent
        if let column = SplitWindow.columns.first(where: { window.controller.foreignContent(in: $0) === program.content }),
            let pane = window.columnWindows[column], let paneRect = window.frame(of: pane),
            let content = window.controller.contentFrame(of: column)
        {
            let top = min(paneRect.height, connection.scale.edge(content.minY))
            wanted = PixelRect(x: 0, y: top, width: paneRect.width, height: paneRect.height - top)
            parent = pane
        }
        guard let rect = wanted, !rect.isEmpty else {
            if program.socketMapped {
                XUnmapWindow(display, program.socket)
                program.socketMapped = false
            }
            return
        }
        if parent != program.parent {
            XReparentWindow(display, program.socket, parent, Int32(rect.x), Int32(rect.y))
            program.parent = parent
            program.socketMapped = false
            program.placed = nil
        }
        if program.placed != rect {
            XMoveResizeWindow(display, program.socket, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
            program.placed = rect
        }
        fillSocket(program)
        let shows = program.client != nil && program.clientMapped
        if shows != program.socketMapped {
            if shows { XMapWindow(display, program.socket) } else { XUnmapWindow(display, program.socket) }
            program.socketMapped = shows
            if shows { updateFocus() }
        }
    }

    /// Sizes the client to the socket, when it is not already.
    private func fillSocket(_ program: Program) {
        guard let client = program.client, let rect = program.placed else { return }
        let size = PixelSize(width: rect.width, height: rect.height)
        guard program.clientSize != size else { return }
        XMoveResizeWindow(connection.display, client, 0, 0, UInt32(size.width), UInt32(size.height))
        program.clientSize = size
    }

    // MARK: - Events

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
            program.clientWantsMap = true
            if !program.speaksXEmbed { XMapWindow(connection.display, child) }
        case ConfigureRequest:
            configureRequest(event.xconfigurerequest, program)
        case MapNotify where event.xmap.window == program.client:
            program.clientMapped = true
            program.content.status = .running
            if let timer = program.noWindowTimer { host.cancelTimer(timer) }
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

    private func adopt(_ client: Window, in program: Program) {
        guard program.client == nil, client != program.socket else { return }
        program.client = client
        program.clientSize = nil
        XSelectInput(connection.display, client, Int(PropertyChangeMask | StructureNotifyMask))
        // A border (xterm's shell has one) would push the client's contents a pixel in and
        // past the socket's edges: the client fills the socket exactly, borderless.
        XSetWindowBorderWidth(connection.display, client, 0)
        if let info = XEmbed.info(of: client, atoms: atoms, on: connection) {
            program.speaksXEmbed = true
            XEmbed.send(
                .embeddedNotify, data1: Int(program.socket), data2: min(info.version, XEmbed.version), to: client,
                atoms: atoms, on: connection)
            program.clientWantsMap = info.flags & XEmbed.mappedFlag != 0
            if program.clientWantsMap { XMapWindow(connection.display, client) }
            if ourFocus() != nil { XEmbed.send(.windowActivate, to: client, atoms: atoms, on: connection) }
        }
        program.content.programTitle = ClientTitle.read(client, on: connection)
        fillSocket(program)
    }

    /// The client went (destroyed, or reparented elsewhere): the pane shows its drawing again
    /// while the process lives on (it may show another window).
    private func lose(_ program: Program) {
        releaseFocus(of: program)
        program.client = nil
        program.clientMapped = false
        program.clientSize = nil
        if program.pid != nil { program.content.status = .starting }
        place(program)
    }

    /// A client asks for a size or place of its own: it gets the socket's, and a synthetic
    /// ConfigureNotify says so when nothing changed (ICCCM 4.1.5), so it does not wait.
    private func configureRequest(_ request: XConfigureRequestEvent, _ program: Program) {
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

    private func propertyChanged(_ atom: Atom, _ program: Program) {
        guard let client = program.client else { return }
        if atom == connection.atoms.netWMName || atom == connection.atoms.wmName {
            program.content.programTitle = ClientTitle.read(client, on: connection)
        } else if atom == atoms.info, let info = XEmbed.info(of: client, atoms: atoms, on: connection) {
            program.speaksXEmbed = true
            let wants = info.flags & XEmbed.mappedFlag != 0
            guard wants != program.clientWantsMap else { return }
            program.clientWantsMap = wants
            if wants { XMapWindow(connection.display, client) } else { XUnmapWindow(connection.display, client) }
        }
    }

    private func xembedMessage(_ message: XClientMessageEvent, _ program: Program) {
        guard let kind = XEmbed.Message(rawValue: message.data.l.1) else { return }
        let controller = window.controller
        switch kind {
        case .requestFocus:
            if let column = column(showing: program) { controller.focusedColumn = column }
        case .focusNext:
            host.perform(controller.handle(.command(.focusNextPane)), from: window)
        case .focusPrevious:
            host.perform(controller.handle(.command(.focusPreviousPane)), from: window)
        default:
            break
        }
    }

    /// A press in a program that does not have the keyboard (its socket's button grab):
    /// focus its pane and let the press through to the program. In a dimmed pane (an overlay
    /// lies over it) the press is the core's, as on any dimmed pane: it dismisses the overlay
    /// and the program never sees it.
    private func pressed(_ press: XButtonEvent, _ program: Program) {
        guard let column = column(showing: program), let placement = window.controller.layout.placement(of: column) else {
            XAllowEvents(connection.display, ReplayPointer, press.time)
            return
        }
        if placement.isDimmed {
            XAllowEvents(connection.display, AsyncPointer, press.time)
            let pane = window.columnWindows[column].flatMap { window.frame(of: $0) }
            let socket = program.placed ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
            let point = connection.scale.point(
                PixelPoint(x: (pane?.x ?? 0) + socket.x + Int(press.x), y: (pane?.y ?? 0) + socket.y + Int(press.y)))
            host.perform(window.controller.handle(.pointerDown(point)), from: window)
            host.perform(window.controller.handle(.pointerUp(point)), from: window)
            return
        }
        window.controller.focusedColumn = column
        XAllowEvents(connection.display, ReplayPointer, press.time)
    }

    private func column(showing program: Program) -> SplitViewController.Column? {
        SplitWindow.columns.first { window.controller.foreignContent(in: $0) === program.content }
    }

    // MARK: - Focus

    /// Gives the input focus to the client of the program that has the keyboard, or back to
    /// the top-level; sockets of programs without it grab the buttons, so a click there
    /// focuses their pane first. The focus moves only while it is this window's (or nobody's:
    /// no window manager, pointer-root focus), never away from another application.
    private func updateFocus() {
        let owner = programs.first { $0.content.id == keyboardOwner }
        let target = owner.flatMap { $0.socketMapped ? $0.client : nil }
        for program in programs where program.socket != 0 { grabButtons(program, focused: program === owner) }
        guard let focus = ourFocus() else { return }
        if let old = focusedClient, old != target, let program = programs.first(where: { $0.client == old }), program.speaksXEmbed
        {
            XEmbed.send(.focusOut, to: old, atoms: atoms, on: connection)
        }
        focusedClient = target
        if let target, let owner {
            guard focus != target else { return }
            XSetInputFocus(connection.display, target, RevertToParent, UInt(CurrentTime))
            if owner.speaksXEmbed {
                XEmbed.send(.focusIn, detail: XEmbed.FocusDetail.current.rawValue, to: target, atoms: atoms, on: connection)
            }
        } else if focus != window.focusWindow {
            // The top-level, pointer-root focus (no window manager) or a program's window:
            // each would give the split view's keys to the program the pointer is over.
            XSetInputFocus(connection.display, window.focusWindow, RevertToParent, UInt(CurrentTime))
        }
    }

    /// The program's window is going (ended, destroyed, reparented away): if it had the
    /// input focus, the top-level takes it back at once. X would revert the focus to the
    /// window's parent only once, and to nothing when that socket goes too, leaving the keys
    /// with no one — Return could then not restart the program.
    private func releaseFocus(of program: Program) {
        guard let client = program.client, client == focusedClient else { return }
        focusedClient = nil
        if ourFocus() != nil { XSetInputFocus(connection.display, window.focusWindow, RevertToParent, UInt(CurrentTime)) }
    }

    /// The top-level gained or lost the focus from outside (a window manager, another
    /// application): XEmbed clients hear `WINDOW_ACTIVATE` or `WINDOW_DEACTIVATE`, and a gained
    /// focus passes on to the program that has the keyboard.
    func topLevel(isActive: Bool) {
        guard !programs.isEmpty else { return }
        for program in programs where program.speaksXEmbed {
            guard let client = program.client else { continue }
            XEmbed.send(isActive ? .windowActivate : .windowDeactivate, to: client, atoms: atoms, on: connection)
        }
        guard isActive else { return }
        focusedClient = nil
        updateFocus()
    }

    /// The input focus when it is this window's, one of its programs', or nobody's (pointer
    /// root, none); nil when another application has it.
    private func ourFocus() -> Window? {
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(connection.display, &focus, &revert)
        if focus == UInt(None) || focus == UInt(PointerRoot) { return focus }
        var current = focus
        for _ in 0..<32 {
            if current == window.window { return focus }
            var root: Window = 0
            var parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(connection.display, current, &root, &parent, &children, &count) != 0 else { return nil }
            if let children { XFree(children) }
            if parent == 0 || parent == root { return nil }
            current = parent
        }
        return nil
    }

    private var buttonsGrabbed: Set<Window> = []

    /// A synchronous grab of every button on the socket of a program without the keyboard;
    /// none on the one that has it (its clicks go straight to it).
    private func grabButtons(_ program: Program, focused: Bool = false) {
        let socket = program.socket
        guard socket != 0 else { return }
        if focused {
            guard buttonsGrabbed.contains(socket) else { return }
            XUngrabButton(connection.display, UInt32(AnyButton), UInt32(AnyModifier), socket)
            buttonsGrabbed.remove(socket)
        } else {
            guard !buttonsGrabbed.contains(socket) else { return }
            XGrabButton(
                connection.display, UInt32(AnyButton), UInt32(AnyModifier), socket, 0, UInt32(ButtonPressMask),
                GrabModeSync, GrabModeAsync, UInt(None), UInt(None))
            buttonsGrabbed.insert(socket)
        }
    }

    /// Grabs the window commands' chords on the top-level, in every combination of Caps Lock
    /// and Num Lock, so that they reach the split view while a program has the focus.
    private func grabChords() {
        chordsGrabbed = true
        let display = connection.display
        let numLock = Self.numLockMask(display)
        let locks: [UInt32] = [0, UInt32(LockMask), numLock, numLock | UInt32(LockMask)]
        for chord in window.controller.keyBindings.chordsOverForeignContent {
            let modifiers = KeySymbols.state(for: chord.modifiers)
            for keysym in KeySymbols.keysyms(for: chord.key) {
                let code = XKeysymToKeycode(display, keysym)
                guard code != 0 else { continue }
                for lock in Set(locks) {
                    XGrabKey(display, Int32(code), modifiers | lock, window.window, 0, GrabModeAsync, GrabModeAsync)
                }
            }
        }
    }

    /// The modifier bit Num Lock is on in the server's keymap (Mod2 on every current one).
    static func numLockMask(_ display: OpaquePointer) -> UInt32 {
        guard let map = XGetModifierMapping(display) else { return UInt32(Mod2Mask) }
        defer { XFreeModifiermap(map) }
        let numLock = XKeysymToKeycode(display, KeySym(XK_Num_Lock))
        let perModifier = Int(map.pointee.max_keypermod)
        for modifier in 0..<8 {
            for index in 0..<perModifier where map.pointee.modifiermap[modifier * perModifier + index] == numLock && numLock != 0
            {
                return UInt32(1) << UInt32(modifier)
            }
        }
        return UInt32(Mod2Mask)
    }
}
