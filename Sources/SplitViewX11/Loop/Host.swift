import CX11
import Glibc
import SplitView
import SplitViewAccessibility
import SplitViewProcesses

/// The X11 host: one connection, one loop, any number of ``SplitWindow``s.
///
/// The loop (after st): flush, then sleep in `poll()` until the connection has data or the
/// next animation frame is due; drain every queued event; tick the animating controllers; then
/// apply each window's layout and redraw its changed panes once for the whole batch. When
/// nothing moves, the loop sleeps without a timeout and uses no CPU.
///
/// ```swift
/// let host = try Host(identity: ApplicationIdentity(name: "notes")) {   // $DISPLAY, default fonts
///     Host.WindowContent(controller: makeSplitView(), title: "Notes")  // what Ctrl+N opens
/// }
/// host.open(Host.WindowContent(controller: makeSplitView(), title: "Notes"))
/// exit(host.run())
/// ```
///
/// A program that chooses its own display connection or fonts makes them itself and passes
/// them to ``init(connection:fonts:identity:makeContent:)``.
public final class Host {
    /// What a window shows: a controller, the window's title, and the object that feeds the
    /// controller (kept alive as long as the window).
    public struct WindowContent {
        /// The controller the window shows.
        public var controller: SplitViewController
        /// The window's title.
        public var title: String
        /// What feeds the controller (an app's model or coordinator), owned by the window.
        public var owner: AnyObject?

        /// Creates a window's content.
        public init(controller: SplitViewController, title: String, owner: AnyObject? = nil) {
            self.controller = controller
            self.title = title
            self.owner = owner
        }
    }

    /// The connection every window lives on.
    public let connection: X11Connection
    /// The fonts every pane draws with.
    public let fonts: FontSet
    /// The open windows, oldest first.
    public private(set) var windows: [SplitWindow] = []

    /// Made after the first window has shown: creating them loads libXcursor and reads the
    /// cursor theme, which the first frame need not wait for.
    private var cursors: Cursors?
    /// The accessibility bus, once connected (after the first frame), or nil when there is
    /// none: screen readers read the windows' accessible trees through it.
    var accessibility: AccessibilityBus?
    /// The X input method (dead keys, Compose, an XIM server), opened at the first key.
    lazy var inputMethod: InputMethod = {
        let method = InputMethod(display: connection.display)
        method.preeditChanged = { [weak self] window, text, caret in self?.showPreedit(text, caret: caret, in: window) }
        return method
    }()
    /// True while a thread joins the accessibility bus.
    var joiningAccessibility = false
    /// True while a timer waits to write the bus's pending output.
    var accessibilityOutputScheduled = false
    private let translate: EventTranslator
    let makeContent: () -> WindowContent
    /// The window Ctrl+N was pressed in, while `makeContent` makes the new one (an app may copy
    /// its panes); nil at any other time.
    public internal(set) var requestingWindow: SplitWindow?
    var quitRequested = false
    private var nextFrame: Double?
    /// The clock the last tick before a batch gave the windows.
    private var lastTick = 0.0
    /// With `SPLITVIEW_FIXED_FRAMES` set, the time each frame of an animation shows: one
    /// frame's period after the last, whatever time the frame took, so that an animation draws
    /// the same frames on any machine (the instruction budget counts one, under callgrind, where
    /// a frame takes a hundred times longer); nil while nothing animates.
    private var fixedFrameClock: Double?
    private let fixedFrames = getenv("SPLITVIEW_FIXED_FRAMES") != nil
    private var sources = HostSources()
    private var clicks = ClickCounter()
    /// The shape the active pointer grab shows now.
    private var grabCursor = GrabCursor.none
    /// Our drag outside its window (`Host+DragOut.swift`), and another program's over ours.
    var dragOut: DragOut?
    var dropIn: DropIn?
    /// The hosted programs of each window, by the window's identity.
    var foreignPanes: [ObjectIdentifier: ForeignPanes] = [:]
    /// PRIMARY and CLIPBOARD, as the windows' controllers filled them.
    let selections: Selections
    /// The server time of the last key, button or motion event: selections are taken as of it.
    private(set) var lastEventTime = Time(CurrentTime)
    /// Programs sent SIGTERM and not yet reaped.
    var ending: Set<pid_t> = []
    var watchesChildren = false

    /// How long a hosted program has to end after SIGTERM before it gets SIGKILL: 2 s.
    public static let terminationGrace = 2.0

    /// The icon every window carries (`_NET_WM_ICON`), new windows included. Like the
    /// cursors, it is sent after the first frame: 30 KB the first frame need not wait for.
    public var icon: WindowIcon? {
        didSet { if let icon, hasCursors { for window in windows { window.setIcon(icon) } } }
    }

    /// Called after every turn of the loop, once the windows are drawn: where an app notices
    /// that its state changed (to save it, say). Exposures the windows had answered already
    /// make no turn, so no call either: nothing changed.
    public var afterTurn: (() -> Void)?
    /// The variables each hosted program gets in its environment besides the host's own, by
    /// its pane (an app's control socket: `SPLITVIEW_SOCKET`, `SPLITVIEW_PANE`).
    public var programVariables: ((ForeignContentViewController) -> [String: String])?
    /// Called before the loop returns (the user quit, the last window closed, a signal).
    public var beforeExit: (() -> Void)?
    /// Animation frames per second while something moves.
    public static let frameRate = 60.0

    /// Who this host speaks for: every window's `WM_CLASS`, and the name that starts every
    /// line on stderr (it sets `Diagnostics.programName`).
    public let identity: ApplicationIdentity

    /// Creates a host for the program `identity` names (by default the running program's own
    /// name); `makeContent` builds what a new window (Ctrl+N) shows.
    public init(
        connection: X11Connection, fonts: FontSet, identity: ApplicationIdentity = .current,
        makeContent: @escaping () -> WindowContent
    ) {
        self.connection = connection
        self.fonts = fonts
        self.identity = identity
        Diagnostics.programName = identity.name
        self.makeContent = makeContent
        translate = EventTranslator(connection: connection)
        selections = Selections(connection: connection)
    }

    /// Opens a window of `size` pixels showing `content`, and returns it. Without a size, the
    /// window opens at the size of the newest open window, or ``defaultWindowSize`` when it
    /// is the first (the windows Ctrl+N opens take the newest one's size too). The window
    /// lives until the user closes it (its close button, Ctrl+W) or the loop ends.
    @discardableResult
    public func open(_ content: WindowContent, size: PixelSize? = nil) -> SplitWindow {
        let size = size ?? windows.last?.pixelSize ?? Self.defaultWindowSize
        let window = SplitWindow(
            connection: connection, fonts: fonts, controller: content.controller,
            title: content.title, size: size, owner: content.owner, identity: identity)
        if let cursors { window.define(cursors) }
        if let icon, hasCursors { window.setIcon(icon) }
        windows.append(window)
        let panes = ForeignPanes(window: window, services: self)
        foreignPanes[ObjectIdentifier(window)] = panes
        panes.sync()
        panes.apply()
        return window
    }

    /// Runs `handler` on the loop's thread whenever `descriptor` is readable (a worker's
    /// results, inotify); replaces an earlier handler for the same descriptor.
    public func watch(_ descriptor: Int32, _ handler: @escaping () -> Void) {
        sources.add(descriptor, handler)
    }

    /// Stops watching `descriptor`.
    public func unwatch(_ descriptor: Int32) {
        sources.remove(descriptor)
    }

    /// Runs `action` on the loop's thread once, `seconds` from now; returns an id for
    /// ``cancelTimer(_:)``.
    @discardableResult
    public func after(_ seconds: Double, _ action: @escaping () -> Void) -> Int {
        sources.schedule(at: Self.now() + seconds, action)
    }

    /// Cancels a timer that has not fired.
    public func cancelTimer(_ id: Int) {
        sources.cancel(id)
    }

    /// Asks the loop to end after this turn, as Ctrl+Q does.
    public func quit() {
        quitRequested = true
    }

    /// Runs until the last window closes or the user quits; returns the exit status (0).
    public func run() -> Int32 {
        while !windows.isEmpty && !quitRequested {
            connection.flush()
            var readable: Set<Int32> = []
            if connection.pendingEventCount == 0 { readable = waitForEvents() }
            let workRan = runDueWork(readable: readable, now: Self.now())
            if !workRan && discardAnsweredExposures() { continue }
            processPendingEvents()
        }
        beforeExit?()
        for panes in foreignPanes.values { panes.endAll() }
        foreignPanes.removeAll()
        for window in windows { window.destroy() }
        windows.removeAll()
        connection.flush()
        // Ending on a signal, the programs' grace fits within the signal's deadline.
        ProgramProcess.endAll(grace: TerminationSignals.hasArrived ? TerminationSignals.grace : Self.terminationGrace)
        return 0
    }

    /// Runs the handlers of the `readable` watched descriptors and the timers due at `now`
    /// (tests give a later `now` to see what a timer does); returns true when any ran.
    @discardableResult
    func runDueWork(readable: Set<Int32> = [], now: Double) -> Bool {
        let due = sources.due(readable: readable, now: now)
        for work in due { work() }
        return !due.isEmpty
    }

    /// Takes from the queue the exposures the windows have answered already, and returns true
    /// when there were some and nothing else is queued: a turn for them would change nothing
    /// and draw nothing, and the loop goes back to sleep instead.
    ///
    /// Decided: a frame that moves or resizes panes makes the server expose them, and the same
    /// frame copies them whole (``SplitWindow/redraw(presenting:)``), so its exposures come
    /// back answered — three for each step of a divider drag. A turn for them cost 90 K
    /// instructions (the clock's tick, placing and comparing every pane, the app's look at its
    /// state) and, on a machine of two cores, ran on the core the server was drawing the frame
    /// on, before the frame was done. Only a turn with nothing else to do is skipped: nothing
    /// animates, no timer or descriptor had work, no input method filters events, and every
    /// queued event is such an exposure (``SplitWindow/hasAnswered(_:_:serial:)``); any other
    /// event makes the whole turn run as before. Errors read meanwhile are reported as at the
    /// end of a turn.
    func discardAnsweredExposures() -> Bool {
        guard hasCursors, !inputMethod.isOpen, !windows.contains(where: { $0.controller.isAnimating }) else {
            return false
        }
        var event = XEvent()
        var discarded = 0
        while connection.pendingEventCount > 0 {
            XPeekEvent(connection.display, &event)
            let child = event.xexpose.window, serial = UInt(event.xexpose.serial)
            let rect = PixelRect(
                x: Int(event.xexpose.x), y: Int(event.xexpose.y), width: Int(event.xexpose.width),
                height: Int(event.xexpose.height))
            guard event.type == Expose, !foreignPanes.values.contains(where: { $0.owns(child) }),
                windows.contains(where: { $0.hasAnswered(child, rect, serial: serial) })
            else { return false }
            XNextEvent(connection.display, &event)
            discarded += 1
        }
        XErrorLog.settle()
        return discarded > 0
    }

    /// Handles every queued event, advances animations, and draws once: one turn of the loop
    /// without sleeping (tests call it after sending events).
    public func processPendingEvents() {
        if connection.pendingEventCount > 0 {
            // The clock, before the batch: type-ahead measures pauses by it, and the core
            // reads no clock of its own. Not to a window that animates: a tick advances its
            // transition, and the server's answers to a frame (exposures, configure notices)
            // would each draw another frame, as fast as the server answers instead of at the
            // display's rate — twice the frames, most of them moving a fraction of a pixel.
            // Its clock is at most a frame old, from the frame's own tick.
            let now = Self.now()
            lastTick = now
            for window in windows where !window.controller.isAnimating { window.controller.handle(.tick(now: now)) }
        }
        while connection.pendingEventCount > 0 && !quitRequested {
            var event = connection.nextEvent()
            EventTranslator.coalesceMotion(&event, on: connection)
            dispatch(event)
        }
        tickAnimations()
        // What the controllers asked for, by the one route requests leave by; then every
        // window that is still open draws once.
        for window in windows {
            foreignPanes[ObjectIdentifier(window)]?.sync()
            perform(window.controller.takeHostRequests(), from: window)
        }
        for window in windows {
            window.apply()
            foreignPanes[ObjectIdentifier(window)]?.apply()
            window.redraw()
        }
        // The input method learns where the caret went (only when it moved).
        for window in windows where inputMethod.takesSpot(window.window) {
            inputMethod.place(window.window, caret: window.controller.textInputCaretRect.map(connection.scale.pixels))
        }
        connection.flush()
        defineCursors()
        accessibility?.invalidate()
        // What changed for a screen reader, only while one listens (a tree a turn).
        if let bus = accessibility, bus.hasListeners {
            for (index, window) in windows.enumerated() {
                bus.emit(
                    window.controller.takeAccessibleChanges(title: window.title, isActive: window.isActive).events,
                    window: index)
            }
        }
        sendAccessibilityOutput()
        XErrorLog.settle()
        afterTurn?()
    }

    /// True once the windows have their pointer shapes (the first turn of the loop gives them).
    var hasCursors: Bool { cursors != nil }

    /// Creates the cursors, the first time, and gives them to every window; the next flush sends
    /// them.
    private func defineCursors() {
        guard cursors == nil, !windows.isEmpty else { return }
        let made = Cursors(connection: connection)
        cursors = made
        connectAccessibility()
        // An input method server, if one is named, a moment after the first frame.
        after(0.05) { [weak self] in self?.inputMethod.prepare() }
        for window in windows {
            window.define(made)
            if let icon { window.setIcon(icon) }
        }
    }

    private func dispatch(_ event: XEvent) {
        var event = event
        // A key that needs the input method (one that starts a sequence, or any once it is
        // open) gets its window's context; from then on the input method sees every event
        // first, and keeps those it takes.
        if event.type == KeyPress, inputMethod.needs(event.xkey),
            let window = windows.first(where: { $0.owns(event.xany.window) }), inputMethod.style(of: window.window) == nil
        {
            inputMethod.context(for: window.window, spot: caretSpot(of: window))
        }
        if inputMethod.filter(&event) { return }
        if let time = Selections.time(of: event) { lastEventTime = time }
        if handleDropIn(event) || handleSelectionEvent(event) { return }
        // A top-level destroyed from outside (`xdotool windowclose`, a window manager's kill):
        // the window ends as a close does — its programs ended, the app told (it saves its
        // state), the loop done when it was the last — instead of living on with no window.
        if event.type == DestroyNotify, let window = windows.first(where: { $0.window == event.xdestroywindow.window }) {
            window.wasDestroyed()
            close(window)
            // What the host sent the window after the server destroyed it, its close included,
            // fails: those errors are the destruction's (XErrorLog.tornDown).
            let after = UInt(event.xdestroywindow.serial) &+ 1
            let last = UInt(XNextRequest(connection.display)) &- 1
            if last >= after { XErrorLog.tornDown(after...last) }
            return
        }
        if event.type == ReparentNotify, let window = windows.first(where: { $0.window == event.xreparent.window }) {
            window.reparented(toRoot: event.xreparent.parent == connection.root)
            return
        }
        if let panes = foreignPanes.values.first(where: { $0.owns(event.xany.window) }) {
            _ = panes.handle(event)
            return
        }
        // The top-level gaining or losing the focus from outside (a window manager, another
        // application); a FocusIn that says NotifyInferior came from one of its own windows
        // to the top-level itself (a window manager re-focusing it on a click), and is handed
        // back to where the keyboard is.
        if event.type == FocusIn || event.type == FocusOut, event.xfocus.detail != NotifyPointer,
            let window = windows.first(where: { $0.window == event.xfocus.window })
        {
            let panes = foreignPanes[ObjectIdentifier(window)]
            if event.xfocus.detail != NotifyInferior {
                panes?.topLevel(isActive: event.type == FocusIn)
                window.isActive = event.type == FocusIn
                inputMethod.focus(window.window, event.type == FocusIn)
            } else if event.type == FocusIn {
                panes?.focusLandedOnTopLevel()
                window.isActive = true
            }
            return
        }
        guard let window = windows.first(where: { $0.owns(event.xany.window) }) else { return }
        let origin = window.origin(of: event.xany.window) ?? .zero
        var translated = translate(event, origin: origin)
        if event.type == KeyPress, inputMethod.isOpen, let text = inputMethod.text(of: &event, in: window.window) {
            translated = Self.typing(text, for: translated, window: event.xany.window)
        }
        switch translated {
        case .input(let input, _):
            grabPointerIfPressed(input, event, window)
            if case .pointerUp = input { releaseDragOut(event, in: window) }
            window.controller.handle(input)
            if case .pointerMoved = input { followDragOut(event, in: window) }
            showGrabCursor(window)
            if case .pointerDown(let point, _) = input {
                switch clicks.press(time: UInt(event.xbutton.time), x: Int(point.x.rounded()), y: Int(point.y.rounded())) {
                case 2: window.controller.handle(.doubleClick(point))
                case 3: window.controller.handle(.tripleClick(point))
                default: break
                }
            }
        case .configure(let child, let size) where child == window.window:
            window.configured(
                at: PixelPoint(x: Int(event.xconfigure.x), y: Int(event.xconfigure.y)),
                synthetic: event.xconfigure.send_event != 0)
            window.configure(size: size)
        case .expose(let child, let rect):
            window.expose(child, rect, serial: event.xexpose.serial)
        case .close:
            close(window)
        default:
            break
        }
    }

    /// A press takes an explicit grab on the top-level, so that every motion until the release
    /// arrives in the top-level's coordinates, however the panes and dividers move meanwhile.
    private func grabPointerIfPressed(_ input: Input, _ event: XEvent, _ window: SplitWindow) {
        switch input {
        case .pointerDown:
            // The cursor follows once the controller has taken the press (showGrabCursor). A
            // new press starts over: a drop of ours still unfinished is forgotten.
            grabCursor = .none
            dragOut = nil
            _ = XGrabPointer(
                connection.display, window.window, 0, Self.grabEvents,
                GrabModeAsync, GrabModeAsync, UInt(None), UInt(None), event.xbutton.time)
        case .pointerUp:
            XUngrabPointer(connection.display, UInt(CurrentTime))
        default:
            break
        }
    }

    /// The events a press's grab reports.
    private static let grabEvents = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask)

    /// Gives the press's grab the shape the controller's state asks for (``GrabCursor``): the
    /// resize arrow while a divider is dragged, the move arrow while an item is. The release
    /// ends the grab, and with it the cursor; without a grab the change does nothing.
    private func showGrabCursor(_ window: SplitWindow) {
        let controller = window.controller
        let wanted =
            dragOutCursor
            ?? GrabCursor(
                layout: controller.layout, dragSession: controller.dragSession, stackDivider: controller.draggedStackDividerAxis,
                movesPane: controller.draggedPane != nil)
        guard wanted != grabCursor, let cursors else { return }
        grabCursor = wanted
        XChangeActivePointerGrab(connection.display, Self.grabEvents, cursors.cursor(for: wanted), UInt(CurrentTime))
    }

    func close(_ window: SplitWindow) {
        guard let index = windows.firstIndex(where: { $0 === window }) else { return }
        windows.remove(at: index)
        inputMethod.forget(window.window)
        selections.windowClosing(window.window, time: lastEventTime)
        foreignPanes.removeValue(forKey: ObjectIdentifier(window))?.endAll()
        window.destroy()
    }

    /// Where `window`'s text field's caret is, as an input method's spot (its foot, in pixels).
    private func caretSpot(of window: SplitWindow) -> (x: Int16, y: Int16)? {
        window.controller.textInputCaretRect.map { InputMethod.spot(of: connection.scale.pixels($0)) }
    }

    /// An on-the-spot input method's preedit goes to its window's field (drawn at the turn's end).
    func showPreedit(_ text: String, caret: Int, in window: Window) {
        guard let target = windows.first(where: { $0.window == window }) else { return }
        target.controller.handle(.markedText(text, selectedRange: caret..<caret))
    }

    /// A key press as the input method typed it: what it commits with a press of its own
    /// (keycode 0: a Compose sequence's or a server's text) is typed text; a key it typed other
    /// text for (a dead key's accent on its letter) types that text under its own chord; a key
    /// with Ctrl or Alt stays a key, so the window's bindings keep working.
    static func typing(_ text: String, for translated: HostEvent, window: Window) -> HostEvent {
        switch translated {
        case .input(.typed(let chord, _), let window):
            return .input(.typed(chord, text: text), window: window)
        case .input(.key(let chord), let window) where chord.modifiers.isDisjoint(with: [.control, .alt]):
            return .input(.typed(chord, text: text), window: window)
        case .ignored:
            guard let first = text.first else { return translated }
            return .input(.typed(KeyChord(.character(first)), text: text), window: window)
        default:
            return translated
        }
    }

    private func tickAnimations() {
        guard windows.contains(where: { $0.controller.isAnimating }) else {
            nextFrame = nil
            fixedFrameClock = nil
            return
        }
        let now = Self.now()
        if let due = nextFrame, now < due { return }
        var shown = now
        if fixedFrames {
            shown = (fixedFrameClock ?? lastTick) + 1 / Self.frameRate
            fixedFrameClock = shown
        }
        for window in windows where window.controller.isAnimating {
            window.controller.handle(.tick(now: shown))
        }
        nextFrame = now + 1 / Self.frameRate
    }

    /// Sleeps until the connection or a watched descriptor is readable, the next frame is due,
    /// or a timer fires (no timeout when nothing animates and no timer waits); returns the
    /// readable watched descriptors.
    private func waitForEvents() -> Set<Int32> {
        let now = Self.now()
        var timeout: Int32 = -1
        if windows.contains(where: { $0.controller.isAnimating }) {
            let due = nextFrame ?? now
            timeout = Int32(max(0, (due - now) * 1000).rounded(.up))
        }
        if let timer = sources.timeout(now: now) { timeout = timeout < 0 ? timer : min(timeout, timer) }
        var descriptors = [pollfd(fd: connection.connectionNumber, events: Int16(POLLIN), revents: 0)]
        descriptors += sources.pollDescriptors()
        while poll(&descriptors, nfds_t(descriptors.count), timeout) < 0 && errno == EINTR {}
        return Set(descriptors.dropFirst().filter { $0.revents != 0 }.map(\.fd))
    }

    /// The monotonic clock in seconds.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
