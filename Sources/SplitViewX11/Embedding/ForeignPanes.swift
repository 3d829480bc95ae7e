import CX11
import Glibc
import SplitView
import SplitViewProcesses

/// What a window's hosted programs need of the loop that runs them: timers, the SIGCHLD
/// watch, and ending a process. ``Host`` gives them; ``ForeignPanes`` asks nothing else of it.
protocol ProgramServices: AnyObject {
    /// Runs `action` once, `seconds` from now; returns an id for ``cancelTimer(_:)``.
    func after(_ seconds: Double, _ action: @escaping () -> Void) -> Int
    /// Cancels a timer that has not fired.
    func cancelTimer(_ id: Int)
    /// Starts reaping the programs that end (once; later calls do nothing).
    func watchChildren()
    /// Ends a program: SIGTERM now, SIGKILL after the grace.
    func terminate(_ pid: pid_t)
    /// Ends what is left of a program whose first process has ended: SIGTERM to its process
    /// group now, SIGKILL to it after the grace.
    func terminateGroup(_ id: pid_t)
    /// Runs `handler` whenever `descriptor` is readable.
    func watch(_ descriptor: Int32, _ handler: @escaping () -> Void)
    /// Stops watching `descriptor`.
    func unwatch(_ descriptor: Int32)
    /// The variables a program started for `content` gets besides ours (the control socket's).
    func variables(for content: ForeignContentViewController) -> [String: String]
}

/// The programs one window's panes host: for each `ForeignContentViewController`
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
///   (`HostRequest/focusForeignContent(_:)`), and back to the top-level when that
///   changes. A press in an unfocused program is caught by a synchronous button grab on its
///   socket, focuses the pane, and is replayed to the program.
/// - **Life cycle.** A program that fails to start, exits, or shows no window in
///   ``noWindowTimeout`` seconds says so in its pane; a restart or a closed window ends it
///   with SIGTERM, then SIGKILL after ``Host/terminationGrace`` seconds (through ``ProgramServices``).
///   A program is more than its first process: one that forks and lets its parent return
///   (`gvim --socketid`, `sh -c 'prog &'`) still runs while its process group has a member
///   (`ProcessGroup`) or its window is in the socket, and ends — with its first process's
///   status — when neither is left. Ending it then signals the group and closes the
///   window's connection (`XKillClient`): a process that left the group is reached through
///   its window, and no pid that may have been reused is ever signalled.
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
        /// True once the client asked to be mapped: a map request, or for an XEmbed client its
        /// mapped flag alone, as last acted on.
        var clientWantsMap = false
        var clientMapped = false
        var speaksXEmbed = false
        /// The first process of the running instance: the process group's id too.
        var pid: pid_t?
        /// How the first process ended, once it did while the program lived on in its group or
        /// its window; nil while it runs.
        var leaderStatus: Int32?
        /// One descriptor per member of the group while the first process is gone, readable
        /// when that member ends.
        var groupWatches: [Int32] = []
        /// Where the kernel gives no descriptor for a member: the group is looked at again
        /// after a second.
        var groupTimer: Int?
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

    let connection: X11Connection
    unowned let window: SplitWindow
    /// The loop's timers and process handling; the programs reach the rest of the house only
    /// through the window's controller (reports in, host requests out).
    unowned let services: any ProgramServices
    let atoms: XEmbed.Atoms
    private(set) var programs: [Program] = []
    /// The program the core last said has the keyboard.
    var keyboardOwner: ForeignContentViewController.ID?
    /// The client the input focus was given to, if it still has it.
    var focusedClient: Window?
    var chordsGrabbed = false
    /// The sockets whose buttons are grabbed (their programs lack the keyboard).
    var buttonsGrabbed: Set<Window> = []

    init(window: SplitWindow, services: any ProgramServices) {
        self.window = window
        self.services = services
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
            if let timer = program.restartTimer { services.cancelTimer(timer) }
            program.restartTimer = nil
            if delay <= 0 {
                restart(program)
            } else {
                // A new file: nothing to do if the program already runs on it (the file given
                // before the window opened, or a selection that came back).
                program.restartTimer = services.after(delay) { [weak self, weak program] in
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

    /// Tells the window's controller what its program did: the one way this host changes a
    /// foreign content's state (`Input/foreignContent(_:_:)`).
    func report(_ report: ForeignContentReport, of program: Program) {
        window.controller.handle(.foreignContent(program.content.id, report))
    }

    func restart(_ program: Program) {
        guard programs.contains(where: { $0 === program }) else { return }
        end(program)
        start(program)
    }

    func start(_ program: Program) {
        let content = program.content
        if content.command.namesFile && content.file == nil {
            report(.status(.waitingForFile), of: program)
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
        // SIGCHLD is watched before the first program starts: one that ends at once (`sh -c
        // 'prog &'` returns as soon as it forked) would otherwise end before the handler
        // exists, and its SIGCHLD, lost, would leave it unreaped until another came.
        services.watchChildren()
        switch ProgramProcess.spawn(
            arguments, display: connection.name, variables: services.variables(for: content),
            directory: content.workingDirectory)
        {
        case .success(let pid):
            program.pid = pid
            program.startedFile = content.file
            report(.title(nil), of: program)
            report(.status(.starting), of: program)
            program.noWindowTimer = services.after(Double(Self.noWindowTimeout)) { [weak self, weak program] in
                guard let self, let program, program.pid == pid else { return }
                program.noWindowTimer = nil
                if !program.clientMapped { self.report(.status(.noWindow(seconds: Self.noWindowTimeout)), of: program) }
            }
        case .failure(let failure):
            XDestroyWindow(connection.display, socket)
            program.socket = 0
            let name = content.command.programName
            report(.status(.ended(String(translated: "\(name): \(failure.reason)"))), of: program)
        }
    }

    /// Ends the running instance: its socket hides at once and is destroyed once the process
    /// is reaped; the process gets SIGTERM, then SIGKILL (the host's job).
    func end(_ program: Program) {
        if let timer = program.noWindowTimer { services.cancelTimer(timer) }
        program.noWindowTimer = nil
        releaseFocus(of: program)
        stopFollowingGroup(program)
        if program.socket != 0 {
            XUnmapWindow(connection.display, program.socket)
            if let pid = program.pid, program.leaderStatus == nil {
                program.retired[pid] = program.socket
            } else {
                XDestroyWindow(connection.display, program.socket)
            }
        }
        if let pid = program.pid {
            if program.leaderStatus == nil {
                services.terminate(pid)
            } else {
                services.terminateGroup(pid)
                if let client = program.client { XKillClient(connection.display, client) }
            }
        }
        program.socket = 0
        program.pid = nil
        program.leaderStatus = nil
        program.client = nil
        program.clientMapped = false
    }

    // MARK: - Placement

    /// Puts every socket over the content area of the column that shows its controller, sized
    /// to it, with the client filling it; hides the sockets of controllers not on screen.
    func apply() {
        for program in programs where program.socket != 0 { place(program) }
    }

    /// `rect` cut to a window of `width` by `height` pixels from its corner.
    static func clamped(_ rect: PixelRect, width: Int, height: Int) -> PixelRect {
        let x = min(max(0, rect.x), width), y = min(max(0, rect.y), height)
        return PixelRect(
            x: x, y: y, width: max(0, min(rect.x + rect.width, width) - x), height: max(0, min(rect.y + rect.height, height) - y))
    }

    func place(_ program: Program) {
        let display = connection.display
        var wanted: PixelRect?
        var parent = program.parent
        if let placement = window.controller.placement(of: program.content) {
            if let leaf = placement.leaf, let leafWindow = window.leaves.window(of: leaf),
                let leafRect = window.leaves.panes[leaf]?.placed
            {
                // A leaf of a stack: its content area (below its bar, inside the focus ring's
                // margin), in the leaf's window.
                let content = connection.scale.pixels(placement.frame)
                wanted = Self.clamped(
                    PixelRect(x: content.x - leafRect.x, y: content.y - leafRect.y, width: content.width, height: content.height),
                    width: leafRect.width, height: leafRect.height)
                parent = leafWindow
            } else if placement.leaf == nil, let pane = window.columnWindows[placement.column],
                let paneRect = window.frame(of: pane)
            {
                wanted = Self.clamped(
                    connection.scale.pixels(placement.frame), width: paneRect.width, height: paneRect.height)
                parent = pane
            }
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
    func fillSocket(_ program: Program) {
        guard let client = program.client, let rect = program.placed else { return }
        let size = PixelSize(width: rect.width, height: rect.height)
        guard program.clientSize != size else { return }
        XMoveResizeWindow(connection.display, client, 0, 0, UInt32(size.width), UInt32(size.height))
        program.clientSize = size
    }
}
