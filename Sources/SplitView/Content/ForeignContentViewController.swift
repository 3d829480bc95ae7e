/// A pane whose content is another program's window: a terminal, a PDF viewer, a player.
///
/// The core knows nothing of X: this controller holds the program's ``command`` and its
/// ``status``, draws the pane's background and, while no window shows, what happened
/// ("xterm exited with status 1 — Return restarts"). The host runs the program, puts its
/// window over the pane's content area (``SplitViewController/contentFrame(of:)``) and
/// reports back through ``Input/foreignContent(_:_:)`` (its ``status`` and ``programTitle``).
/// What the controller wants of the host goes
/// through ``HostRequest``s: ``HostRequest/restartForeignContent(_:after:)`` and
/// ``HostRequest/focusForeignContent(_:)``.
///
/// It behaves as any content does: it collapses with its column, hides and shows with F9 or
/// Ctrl+1, overlays, keeps its width. A hidden pane's program keeps running.
///
/// ```swift
/// let terminal = ForeignContentViewController(command: try ProgramCommand(parsing: "xterm -into {}"))
/// split.setViewController(terminal, for: .secondary)
/// ```
open class ForeignContentViewController: ViewController {
    /// Identifies one foreign content controller in ``HostRequest``s (controllers are not
    /// values).
    public struct ID: Hashable, Sendable {
        /// The controller's object identity: unique while it lives, and a host that acts on
        /// it keeps it alive.
        public let identity: ObjectIdentifier
    }

    /// Where the program is, as the host reports it.
    public enum Status: Hashable, Sendable {
        /// The command names `{file}` and no file is selected: nothing runs.
        case waitingForFile
        /// The program was started and has shown no window yet.
        case starting
        /// The program's window fills the pane.
        case running
        /// The program runs but has shown no window within the host's wait (5 s).
        case noWindow(seconds: Int)
        /// The program could not start or has ended: the message says which
        /// (`xterm exited with status 1`, `zathura: not found`).
        case ended(String)
    }

    /// What the host runs.
    public let command: ProgramCommand

    /// The path of the file the program shows, for a command that names `{file}` (the
    /// bytes as the file system has them; any byte but NUL). Changing it asks the host to
    /// start the program again on the new file, after ``fileChangeDelay`` so that a
    /// selection moving through a list starts one program, not one per row.
    public var file: [UInt8]? {
        didSet {
            guard command.namesFile, file != oldValue else { return }
            restart(after: Self.fileChangeDelay)
        }
    }

    /// The folder the program starts in (the bytes of its path, as the file system has them),
    /// or nil for the host's own working directory. A change applies at the program's next
    /// start; a folder the program cannot enter starts it in the host's directory instead.
    public var workingDirectory: [UInt8]?

    /// The status the host last reported (``ForeignContentReport/status(_:)``); the pane shows
    /// it while no window does.
    public internal(set) var status: Status {
        didSet { if status != oldValue { setNeedsDisplay() } }
    }

    /// The program's own title (`_NET_WM_NAME`), as the host reported it
    /// (``ForeignContentReport/title(_:)``); the bar shows it, else the program's name.
    public internal(set) var programTitle: String? {
        didSet { title = programTitle.flatMap { $0.isEmpty ? nil : $0 } ?? command.programName }
    }

    /// How long a changed ``file`` waits before the program starts again: 0.3 s.
    public static let fileChangeDelay = 0.3

    /// Creates a pane that runs `command`; its bar shows the program's name until the
    /// program says its title.
    public init(command: ProgramCommand) {
        self.command = command
        status = command.namesFile ? .waitingForFile : .starting
        super.init(title: command.programName)
    }

    /// This controller's id in ``HostRequest``s.
    public var id: ID { ID(identity: ObjectIdentifier(self)) }

    /// Asks the host to end the program and start it again after `delay` seconds (at once by
    /// default). Return does it when the program has ended. Outside a split view it does
    /// nothing: a host starts the program when it finds the controller installed.
    public func restart(after delay: Double = 0) {
        splitViewController?.post(.restartForeignContent(id, after: delay.isFinite ? max(0, delay) : 0))
    }

    /// The lines the pane shows while no window covers it; empty while the program's
    /// window shows.
    public var message: [String] {
        let name = command.programName
        switch status {
        case .waitingForFile: return [String(translated: "Select a file to open it in \(name).")]
        case .starting: return [String(translated: "Starting \(name)…")]
        case .running: return []
        case .noWindow(let seconds):
            return [
                String(translated: "\(name) has shown no window in \(seconds) s."),
                command.namesWindowID
                    ? String(translated: "Return restarts it.")
                    : String(translated: "Its command has no {} for the window id. Return restarts it."),
            ]
        case .ended(let reason): return [reason, String(translated: "Return restarts it.")]
        }
    }

    /// True when Return restarts the program: it has ended, or shows no window.
    public var canRestart: Bool {
        switch status {
        case .ended, .noWindow: true
        case .waitingForFile, .starting, .running: false
        }
    }

    /// The message, centred in the content area, one line under the other.
    open override func draw(in context: DrawContext) -> [DrawOp] {
        let lines = message
        guard !lines.isEmpty else { return [] }
        let bounds = context.bounds
        let metrics = context.measurer.metrics(of: .body)
        let top = bounds.midY - Double(lines.count) * metrics.lineHeight / 2
        var ops: [DrawOp] = []
        for (index, line) in lines.enumerated() {
            let fitted = TextLayout.truncated(
                line, toWidth: bounds.width - 2 * TextMetrics.padding, font: .body, measurer: context.measurer)
            let width = context.measurer.width(of: fitted, font: .body)
            let origin = Point(
                x: (bounds.midX - width / 2).rounded(), y: (top + Double(index) * metrics.lineHeight + metrics.ascent).rounded())
            ops.append(.text(fitted, origin: origin, .body, index == 0 ? context.theme.text : context.theme.secondaryText))
        }
        return ops
    }

    /// Return (``Command/activate``) restarts a program that ended.
    open override func perform(_ command: Command, in bounds: Rect) -> Bool {
        guard command == .activate, canRestart else { return false }
        restart()
        return true
    }

    /// Where the program's own accessible tree is, when its window says (a GTK plug): the
    /// embedded node then holds it, as GTK's socket holds its plug.
    public internal(set) var accessiblePlug: AccessibleNode.Plug?

    /// An embedded component named by the program's title; while no window shows, the
    /// message the pane shows is its description. A program that says where its accessible
    /// tree is (``accessiblePlug``) is that node's child: a reader walks into its widgets.
    open override func accessibleNodes(in context: AccessibleContext) -> [AccessibleNode] {
        var node = AccessibleNode(
            id: context.id.appending("program"), role: .embedded, name: title,
            states: context.baseStates.union(context.isFocused ? [.focusable, .focused] : [.focusable]),
            frame: context.window(context.bounds))
        node.description = message.joined(separator: " ")
        node.plug = accessiblePlug
        return [node]
    }

    /// A press on the pane's own drawing (while no window covers it) focuses the pane, as a
    /// click on any content does.
    open override func pointerDown(at point: Point, in bounds: Rect) -> Bool { true }
}
