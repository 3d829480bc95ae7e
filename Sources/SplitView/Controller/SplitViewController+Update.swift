/// Why the interface is changing: decides which delegate calls are sent.
enum ChangeCause: Hashable, Sendable {
    /// A property setter or `show(_:)`/`hide(_:)`: `willChangeTo` only.
    case programmatic
    /// A resize, collapse or expand: `willShow`/`willHide` too.
    case system
    /// A button, key, gesture or click: `willShow`/`willHide` too.
    case user

    var announcesColumns: Bool { self != .programmatic }
}

extension SplitViewController {
    func resize(to newSize: Size) {
        guard newSize != size else { return }
        // A transition's frames belong to the old size: it ends at once, as a gesture does.
        cancelInteractions()
        finishTransition()
        size = newSize
        update(.system, animated: false)
    }

    /// Brings every derived value up to date after a change of input, preference or state.
    ///
    /// A delegate that changes a property from inside a callback does not re-enter: the
    /// change is applied once the current update has finished.
    func update(_ cause: ChangeCause, animated: Bool = true, request: DisplayMode? = nil) {
        guard size != nil else { return }
        guard !pipeline.isUpdating else {
            pipeline.postpone(cause)
            return
        }
        pipeline.beginUpdate()
        let mounting = !isMounted
        performUpdate(cause, animated: animated, request: request)
        while let next = pipeline.takePending() {
            performUpdate(next, animated: animated, request: nil)
        }
        pipeline.endUpdate()
        if mounting && isMounted { zoomAfterFirstLayout() }
    }

    private func performUpdate(_ cause: ChangeCause, animated: Bool, request: DisplayMode?) {
        guard let size else { return }
        let collapse = CollapsePolicy.shouldCollapse(
            width: size.width, isCollapsed: isCollapsed && isMounted,
            threshold: collapseThreshold)
        if !isMounted {
            pipeline.mount()
            if collapse { collapseInterface(); return }
        } else if collapse != isCollapsed {
            collapse ? collapseInterface() : expandInterface()
            return
        }
        if !isCollapsed { applyResolution(request: request) }
        relayout(cause, animated: animated)
    }

    // MARK: - Resolution

    /// The display-mode rules applied to the current preferences and width.
    func resolve(preferredDisplayMode: DisplayMode? = nil, inspectorShown: Bool? = nil) -> Resolution {
        DisplayModeResolution.resolved(
            resolutionInput(preferredDisplayMode: preferredDisplayMode, inspectorShown: inspectorShown))
    }

    /// What the rules see now: the width the columns share (less a tiled inspector at its
    /// minimum), the preferences and the minimums.
    ///
    /// The columns are chosen first as if the inspector were hidden; the inspector then
    /// tiles only when it fits beside them, and otherwise lies over the secondary, so that
    /// showing it never hides a column (``LayoutComputation/inspectorTiles(width:widths:tiled:)``).
    func resolutionInput(preferredDisplayMode: DisplayMode? = nil, inspectorShown: Bool? = nil) -> ResolutionInput {
        let widths = resolvedWidths
        let width = size?.width ?? 0
        var input = ResolutionInput(
            style: style, availableWidth: width,
            preferredDisplayMode: preferredDisplayMode ?? modes.preferences.displayMode,
            preferredSplitBehavior: modes.preferences.splitBehavior, presentsWithGesture: modes.preferences.presentsWithGesture,
            minimumPrimary: widths.minimum(.primary), minimumSupplementary: widths.minimum(.supplementary),
            minimumSecondary: widths.minimum(.secondary))
        if inspectorShown ?? modes.inspectorShown {
            let alone = DisplayModeResolution.resolved(input).displayMode
            input.availableWidth = LayoutComputation.widthForColumns(
                width: width, widths: widths, inspectorShown: true,
                tiled: LayoutComputation.tiledColumns(alone, style: style))
        }
        return input
    }

    private func applyResolution(request: DisplayMode?) {
        let resolved = resolve()
        let overlay = request.flatMap { overlayForUnfittingTiles($0, resolved) }
        // A copy: `fits` reads the preferences, which an access to `modes` itself would hold.
        var next = modes
        let mode = next.adopt(resolved, overlay: overlay) { fits($0, resolved) }
        modes = next
        if mode != displayMode { delegate?.splitViewController(self, willChangeTo: mode) }
        displayMode = mode
        splitBehavior = behavior(of: mode, base: resolved.splitBehavior)
    }

    /// UIKit (measured): a tiling mode asked for while its columns cannot tile shows them
    /// over the secondary; the overlay lasts until the resolution next changes.
    func overlayForUnfittingTiles(_ request: DisplayMode, _ resolved: Resolution) -> DisplayMode? {
        DisplayModeResolution.overlayForUnfittingTiles(request, resolutionInput(), resolved)
    }

    /// True when `mode` can show at this width (``DisplayModeResolution/fits(_:_:_:)``).
    func fits(_ mode: DisplayMode, _ resolved: Resolution) -> Bool {
        DisplayModeResolution.fits(mode, resolutionInput(), resolved)
    }

    /// The mode a request for `target` would show, without making it.
    func predictedMode(for target: DisplayMode) -> DisplayMode {
        DisplayModeResolution.predictedMode(for: target, resolutionInput(), resolved: modes.resolution, showing: displayMode)
    }

    /// The behavior a shown mode implies (``DisplayModeResolution/behavior(of:base:)``).
    func behavior(of mode: DisplayMode, base: SplitBehavior) -> SplitBehavior {
        DisplayModeResolution.behavior(of: mode, base: base)
    }

    // MARK: - Layout and transitions

    /// The settled layout for the current state, or for the given collapse state and mode.
    func computeLayout(
        collapsed: Bool? = nil, mode: DisplayMode? = nil, behavior: SplitBehavior? = nil,
        inspectorShown: Bool? = nil
    ) -> Layout {
        let collapsed = collapsed ?? isCollapsed
        let mode = mode ?? displayMode
        var layout = LayoutComputation.layout(
            LayoutInput(
                size: size ?? .zero, style: style, primaryEdge: modes.preferences.primaryEdge, displayMode: mode,
                isCollapsed: collapsed, collapsedTop: collapse.stack.last ?? .secondary,
                inspectorShown: inspectorShown ?? modes.inspectorShown,
                widths: resolvedWidths, userSized: ColumnSet(widths.dragged.keys)))
        if focus.zoom != nil { layout = zoomed(layout) }
        layout.buttons = barButtons(for: layout, collapsed: collapsed, mode: mode, behavior: behavior ?? splitBehavior)
        return layout
    }

    /// Recomputes the settled layout, tells the delegate and the view controllers what starts
    /// showing or hiding, and animates to it when asked (or keeps an animation running).
    func relayout(_ cause: ChangeCause, animated: Bool, pushing: Bool = false) {
        if transition?.isInteractive == true { abandonEdgeGesture() }
        let target = computeLayout()
        // A zoom whose pane left the columns, or whose column no longer shows, ends.
        if let zoom = focus.zoom, zoomedPane == nil || target.placement(of: zoom.column) == nil {
            focus.setZoom(nil)
        }
        announceColumns(of: target, cause)
        let changesFrames = !target.columns.elementsEqual(layout.columns) { $0.column == $1.column && $0.frame == $1.frame }
        let animate = animated && animatesTransitions && changesFrames && isMounted && layout.size == target.size
        beginAppearance(for: target, animated: animate || transition != nil)
        settledLayout = target
        if animate || transition?.isInteractive == false {
            transition = Transition(from: layout, to: target, primaryEdge: modes.preferences.primaryEdge, pushing: pushing)
        } else {
            transition = nil
            settle(animated: false)
        }
        publish()
        repairFocus()
    }

    /// Sends `willShow`/`willHide` for a system or user change (paying owed `did` calls of an
    /// unfinished change first); the `did` calls are then owed until the transition ends.
    func announceColumns(of target: Layout, _ cause: ChangeCause) {
        let (show, hide) = announceWill(target, announcing: cause.announcesColumns)
        if cause.announcesColumns { columnVisibility.owe(show: show, hide: hide) }
    }

    /// Records the columns `target` shows and, when `announcing`, sends `willShow` and
    /// `willHide` for the change (after paying `did` calls an unfinished change still owes).
    ///
    /// - Returns: the columns that start showing and those that stop.
    func announceWill(_ target: Layout, announcing: Bool = true) -> (show: ColumnSet, hide: ColumnSet) {
        let (show, hide) = columnVisibility.begin(ColumnSet(target.columns.lazy.map(\.column)))
        guard !show.isEmpty || !hide.isEmpty else { return (show, hide) }
        payOwedColumnCalls()
        guard announcing else { return (show, hide) }
        for column in show.ordered { delegate?.splitViewController(self, willShow: column) }
        for column in hide.ordered { delegate?.splitViewController(self, willHide: column) }
        return (show, hide)
    }

    func payOwedColumnCalls() {
        let (show, hide) = columnVisibility.settle()
        for column in show.ordered { delegate?.splitViewController(self, didShow: column) }
        for column in hide.ordered { delegate?.splitViewController(self, didHide: column) }
    }

    func beginAppearance(for target: Layout, animated: Bool) {
        // The common case — a resize or a drag step that shows the same controllers — is told
        // apart by identity alone, without building the list.
        let key = AppearanceKey(target, wrappers: children.wrapped)
        guard appearance.needsUpdate(for: key) else { return }
        appearance.begin(key, visible: visibleControllers(in: target), animated: animated)
    }

    /// The transition ended (or there was none): the `did` calls are due.
    func settle(animated: Bool) {
        appearance.complete(animated: animated)
        payOwedColumnCalls()
    }

    /// Jumps a running transition to its end.
    func finishTransition() {
        guard transition != nil else { return }
        transition = nil
        settle(animated: true)
        publish()
    }

    func tick(now: Double) {
        if stacksAnimate {
            for stack in installedStacks { stack.advance(to: now) }
        }
        guard var running = transition, !running.isInteractive else { return }
        running.advance(to: now)
        transition = running
        if running.isFinished { finishTransition() } else { publish() }
    }

    /// Makes ``layout`` the layout on screen now, with hover, press and focus marked.
    func publish() {
        if focus.stackDivider != nil || focus.markedStackDivider != nil { publishStackDividerFocus() }
        var current = transition?.current ?? settledLayout
        // The state read once: each read of a stored property of the class is checked for
        // exclusive access at run time, which in the loops below cost more than the marks.
        let location = pointer.location, activity = pointer.activity, dragged = pointer.dividerDrag?.divider
        let moved = focus.keyboardMove?.divider, focusedDivider = focus.divider
        // Marks are written only where they are set, so the usual publish shares the settled
        // layout's arrays instead of copying them.
        for index in current.buttons.indices {
            let button = current.buttons[index]
            let hovered = location.map(button.frame.contains) ?? false
            var pressed = false
            if case .pressingButton(let kind, let column) = activity, kind == button.kind, column == button.column {
                pressed = hovered
            }
            if hovered != button.isHovered { current.buttons[index].isHovered = hovered }
            if pressed != button.isPressed { current.buttons[index].isPressed = pressed }
        }
        for index in current.dividers.indices {
            let column = current.dividers[index].column
            let active = moved == column || dragged == column
            if (focusedDivider == column) != current.dividers[index].isFocused {
                current.dividers[index].isFocused = focusedDivider == column
            }
            if active != current.dividers[index].isActive { current.dividers[index].isActive = active }
        }
        layout = current
    }

    /// The view controllers whose views a layout shows: each showing column's top controller
    /// (and the navigation controller the app installed, if it did).
    func visibleControllers(in layout: Layout) -> [ViewController] {
        var result: [ViewController] = []
        for placement in layout.columns {
            guard let wrapper = children.wrapped[placement.column] else { continue }
            if children.original[placement.column] === wrapper { result.append(wrapper) }
            if let top = wrapper.topViewController, !result.contains(where: { $0 === top }) { result.append(top) }
        }
        return result
    }
}

/// The update pipeline's state: whether it has run, its re-entrancy guard (an update asked
/// for during one runs after it), and what it owes the host.
struct UpdatePipeline: Hashable, Sendable {
    /// True once the first update ran with a size: before it, setters only record.
    private(set) var isMounted = false
    /// True while an update runs.
    private(set) var isUpdating = false
    /// The cause of an update asked for while one ran.
    private(set) var pending: ChangeCause?
    /// What the host must do besides redrawing, handed over when the input is done.
    private(set) var hostRequests: [HostRequest] = []
    /// The foreign content the host was last told has the keyboard (nil: the split view).
    private(set) var reportedForeignFocus: ForeignContentViewController.ID?

    /// The first update with a size runs: setters lay out from now on. A controller never
    /// unmounts.
    mutating func mount() {
        isMounted = true
    }

    /// An update starts: one asked for until ``endUpdate()`` is postponed, not run inside it.
    mutating func beginUpdate() {
        isUpdating = true
    }

    /// The postponed update's cause, now to run, and none left pending.
    mutating func takePending() -> ChangeCause? {
        defer { pending = nil }
        return pending
    }

    /// The update and those postponed during it are done.
    mutating func endUpdate() {
        isUpdating = false
    }

    /// Merges the cause of an update asked for while one runs: a system or user cause wins
    /// over a programmatic one, since it announces more.
    mutating func postpone(_ cause: ChangeCause) {
        pending = pending == nil || pending == .programmatic ? cause : pending
    }

    /// Queues `request` for the host, after those already queued.
    mutating func enqueue(_ request: HostRequest) {
        hostRequests.append(request)
    }

    /// The keyboard's owner is `owner` now: the host is told only when it differs from what
    /// it was last told, so that a burst of inputs that ends where it started says nothing.
    mutating func reportForeignFocus(_ owner: ForeignContentViewController.ID?) {
        guard owner != reportedForeignFocus else { return }
        reportedForeignFocus = owner
        hostRequests.append(.focusForeignContent(owner))
    }

    /// The host requests made since the last call, emptied.
    mutating func takeHostRequests() -> [HostRequest] {
        defer { hostRequests.removeAll() }
        return hostRequests
    }
}
