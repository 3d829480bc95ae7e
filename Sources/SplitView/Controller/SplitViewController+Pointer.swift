/// How far from the primary edge (points) a press can start the edge-drag reveal.
let edgeGestureZone: Double = 8
/// How far the pointer must travel before the press becomes an edge drag.
let edgeGestureSlop: Double = 4
/// Horizontal scroll travel (points) that performs one display-mode action.
let scrollGestureDistance: Double = 48

extension SplitViewController {
    /// The main button went down at `point` with `modifiers` held (the locks left out), which
    /// the content under it is given with the press.
    func pointerDown(at point: Point, modifiers: KeyChord.Modifiers) {
        guard isMounted, pointer.activity == .idle else { return }
        pointer.move(to: point)
        finishTransition()
        if let answer = promptChoice(at: point) {
            pointer.pressPromptChoice(answer)
        } else if let button = layout.buttons.last(where: { $0.frame.contains(point) }) {
            // A disabled item takes the press and does nothing with it.
            if button.isEnabled { pointer.pressButton(button.kind, in: button.column) } else { pointer.consumePress() }
        } else if let divider = layout.dividers.first(where: { $0.grabRect.contains(point) }) {
            beginDrag(divider, at: point.x)
        } else if let placement = layout.columns.last(where: { $0.frame.contains(point) }) {
            pointer.consumePress()
            if placement.isDimmed {
                dismissDimmedColumn()
            } else if canBeginEdgeGesture(at: point) {
                pointer.pressAtEdge(x: point.x)
            } else if let bar = paneBar(at: point) {
                pressPaneBar(bar, at: point)
            } else {
                focusPane(placement.column, byUser: true)
                let local = Point(x: point.x - placement.frame.minX, y: point.y - placement.frame.minY)
                if let vc = children.wrapped[placement.column], local.y >= LayoutMetrics.navigationBarHeight {
                    let bounds = LayoutComputation.contentBounds(ofPaneSized: placement.frame.size)
                    if pressScrollBar(of: vc, in: placement.column, at: local, bounds: bounds) { return publish() }
                    let tracks = vc.pointerDown(at: local, modifiers: modifiers, in: bounds)
                    if var item = vc.dragItem(at: local, in: bounds) {
                        item.source = placement.column
                        pointer.dragContent(ContentDrag(item: item, start: point))
                    } else if tracks {
                        pointer.trackContent(in: placement.column)
                    }
                }
            }
        }
        publish()
    }

    func pointerMoved(to point: Point) {
        guard isMounted else { return }
        pointer.move(to: point)
        switch pointer.activity {
        case .draggingDivider(let drag):
            setDraggedWidth(drag.startWidth + drag.direction * (point.x - drag.startX), drag: drag)
        case .draggingContent(let drag):
            moveContentDrag(drag, to: point)
        case .draggingScrollBar(let column, let grab):
            dragScrollBar(in: column, grab: grab, to: point)
        case .draggingPane(let drag):
            movePaneDrag(drag, to: point)
        case .trackingContent(let column):
            if let (vc, local, bounds) = content(of: column, at: point) { vc.pointerDragged(to: local, in: bounds) }
        case .edgeGesture(let startX, let reveal):
            let travel = (point.x - startX) * (modes.preferences.primaryEdge == .leading ? 1 : -1)
            if reveal == nil && travel >= edgeGestureSlop { beginEdgeGesture(startX: startX) }
            if let gesture = pointer.edgeReveal, var running = transition, running.isInteractive {
                running.follow(travel / max(gesture.distance, 1))
                transition = running
            }
        default: break
        }
        publish()
    }

    func pointerUp(at point: Point) {
        guard isMounted else { return }
        pointer.move(to: point)
        switch pointer.release() {
        case .pressingButton(let kind, let column):
            if layout.buttons.contains(where: { $0.kind == kind && $0.column == column && $0.frame.contains(point) }) {
                press(kind, in: column)
            }
        case .pressingPromptChoice(let answer):
            if promptChoice(at: point) == answer { answerPrompt(answer) }
        case .edgeGesture(_, let reveal?):
            endEdgeGesture(reveal)
        case .draggingContent(let drag):
            endContentDrag(drag, at: point)
        case .draggingPane(let drag):
            endPaneDrag(drag, at: point)
        case .pressingPaneClose(let pane):
            releasePaneClose(pane, at: point)
        case .trackingContent(let column):
            if let (vc, local, bounds) = content(of: column, at: point) { vc.pointerUp(at: local, in: bounds) }
        default: break
        }
        publish()
    }

    /// The content of `column`, `point` in its coordinates (anywhere, inside or not), and
    /// its bounds; nil when the column no longer shows.
    private func content(of column: Column, at point: Point) -> (ViewController, Point, Rect)? {
        guard let placement = layout.placement(of: column), let vc = children.wrapped[column] else { return nil }
        let local = Point(x: point.x - placement.frame.minX, y: point.y - placement.frame.minY)
        return (vc, local, LayoutComputation.contentBounds(ofPaneSized: placement.frame.size))
    }

    /// A double click on a divider puts its column back to its preferred (or automatic)
    /// width; anywhere else it goes to the pane under the pointer, below its bar, like the
    /// press before it.
    func doubleClick(at point: Point) {
        guard isMounted else { return }
        if let divider = layout.dividers.first(where: { $0.grabRect.contains(point) }) {
            return resetWidth(of: divider.resizes)
        }
        if let bar = paneBar(at: point) {
            doubleClickPaneBar(bar, at: point)
            return publish()
        }
        offerToContent(at: point) { vc, local, bounds in vc.doubleClick(at: local, in: bounds) }
    }

    /// A triple click goes to the pane under the pointer, below its bar, like the presses
    /// before it (a divider has nothing to do with a third click).
    func tripleClick(at point: Point) {
        guard isMounted, paneBar(at: point) == nil else { return }
        offerToContent(at: point) { vc, local, bounds in vc.tripleClick(at: local, in: bounds) }
    }

    /// Offers a click at `point` to the content of the undimmed pane under it, in content
    /// coordinates, when it is below the pane's bar.
    private func offerToContent(at point: Point, _ offer: (ViewController, Point, Rect) -> Bool) {
        guard let placement = layout.columns.last(where: { $0.frame.contains(point) }), !placement.isDimmed,
            let vc = children.wrapped[placement.column]
        else { return }
        let local = Point(x: point.x - placement.frame.minX, y: point.y - placement.frame.minY)
        guard local.y >= LayoutMetrics.navigationBarHeight else { return }
        _ = offer(vc, local, LayoutComputation.contentBounds(ofPaneSized: placement.frame.size))
        publish()
    }

    /// The prompt's button under `point`, or nil for none (or no prompt). A click on one
    /// does what its key does, so a prompt can be answered with the pointer alone.
    func promptChoice(at point: Point) -> PromptAnswer? {
        guard let prompt, let column = promptColumn, let frame = layout.frame(of: column) else { return nil }
        let local = Point(x: point.x - frame.minX, y: point.y - frame.minY)
        let chrome = PromptChrome(prompt)
        let frames = PaneChrome.promptChoiceFrames(for: chrome, paneWidth: frame.width, measurer: textMeasurer)
        return zip(chrome.buttons, frames).first { $0.1.contains(local) }?.0.answer
    }

    func pointerExited() {
        pointer.exitWindow()
        publish()
    }

    func scroll(dx: Double, dy: Double, at point: Point) {
        guard isMounted else { return }
        let pane = layout.columns.last(where: { $0.frame.contains(point) }).flatMap { placement in
            placement.isDimmed ? nil : children.wrapped[placement.column].map { (placement, $0) }
        }
        if abs(dx) > abs(dy) {
            // A pane that scrolls sideways (unwrapped text) takes the horizontal wheel; over any
            // other, it is the display-mode gesture. (UIKit is silent: its gesture is a swipe.)
            if let (placement, vc) = pane,
                vc.scroll(
                    dx: dx, at: local(point, in: placement),
                    in: LayoutComputation.contentBounds(ofPaneSized: placement.frame.size))
            {
                return
            }
            return horizontalScroll(dx, at: point)
        }
        guard let (placement, vc) = pane else { return }
        // A notch is three of the pane's own lines or rows, whatever their height.
        let bounds = LayoutComputation.contentBounds(ofPaneSized: placement.frame.size)
        let at = local(point, in: placement)
        let line = vc.scrollLine(at: at, in: bounds)
        _ = vc.scroll(dy: dy / Input.wheelNotch * ScrollBar.linesPerNotch * line, at: at, in: bounds)
    }

    /// `point` (window coordinates) in the coordinates of `placement`'s pane.
    private func local(_ point: Point, in placement: ColumnPlacement) -> Point {
        Point(x: point.x - placement.frame.minX, y: point.y - placement.frame.minY)
    }

    /// A press on `vc`'s scroll bar: on the thumb it begins a drag; in the track it pages
    /// toward the press. False when the press is not on a bar.
    private func pressScrollBar(of vc: ViewController, in column: Column, at local: Point, bounds: Rect) -> Bool {
        guard let extent = vc.scrollExtent(in: bounds), let hit = ScrollBar.hit(local, extent) else { return false }
        switch hit {
        case .thumb(let grab): pointer.beginScrollBarDrag(in: column, grab: grab)
        case .pageUp: _ = vc.scroll(dy: -ScrollBar.page(extent, line: vc.scrollLine(in: bounds)), in: bounds)
        case .pageDown: _ = vc.scroll(dy: ScrollBar.page(extent, line: vc.scrollLine(in: bounds)), in: bounds)
        }
        return true
    }

    /// The thumb of `column`'s scroll bar follows the pointer, `grab` points below its top.
    private func dragScrollBar(in column: Column, grab: Double, to point: Point) {
        guard let placement = layout.placement(of: column), let vc = children.wrapped[column] else { return }
        let bounds = LayoutComputation.contentBounds(ofPaneSized: placement.frame.size)
        guard let extent = vc.scrollExtent(in: bounds) else { return }
        let target = ScrollBar.offset(forThumbTop: point.y - placement.frame.minY - grab, extent)
        _ = vc.scroll(dy: target - extent.offset, in: bounds)
    }

    func press(_ kind: BarButton.Kind, in column: Column) {
        switch kind {
        case .displayMode: performDisplayModeButton(cause: .user)
        case .secondaryOnly: performSecondaryOnlyButton(cause: .user)
        case .back: goBack(in: column, cause: .user)
        case .closeInspector: hide(.inspector, cause: .user)
        case .item(let side, let index):
            guard let item = barItem(side, index, in: column) else { return }
            // An item that opens the menu opens it under itself, as a toolbar's menu button does.
            if case .command(.showMenu) = item.action, item.isEnabled,
                let button = layout.buttons.first(where: { $0.kind == kind && $0.column == column })
            {
                return openMenu(at: Point(x: button.frame.minX, y: button.frame.maxY))
            }
            press(item)
        }
    }

    /// A click on the dimmed secondary dismisses what lies over it (<doc:DisplayModes>); on the dimmed
    /// stack under the inspector's sheet it closes the sheet.
    func dismissDimmedColumn() {
        if isCollapsed {
            hide(.inspector, cause: .user)
        } else if displayMode.dimsSecondary {
            requestDisplayMode(ModeRules.dismissTarget(of: displayMode), cause: .user)
        }
    }

    // MARK: - Divider drag

    private func beginDrag(_ divider: Divider, at x: Double) {
        let width = settledLayout.frame(of: divider.resizes)?.width ?? divider.range.lowerBound
        pointer.beginDividerDrag(
            DividerDrag(
                divider: divider.column, resizes: divider.resizes, startWidth: width,
                startUserWidth: widths.dragged[divider.resizes],
                startX: x, direction: widening(divider)))
    }

    /// +1 when moving `divider` to the right widens the column it resizes, −1 when that
    /// narrows it: a column's own divider lies on its far side, the inspector's on its near
    /// side, and a trailing primary edge mirrors both.
    func widening(_ divider: Divider) -> Double {
        let widens: Double = divider.resizes == divider.column ? 1 : -1
        return modes.preferences.primaryEdge == .leading ? widens : -widens
    }

    /// Sets the width a divider drag or keyboard move asks for, clamped to the divider's
    /// range; nothing happens when the clamped width is the current one.
    func setDraggedWidth(_ width: Double, drag: DividerDrag) {
        guard width.isFinite, let divider = settledLayout.divider(of: drag.divider),
            let current = settledLayout.frame(of: drag.resizes)?.width
        else { return }
        let clamped = min(max(width, divider.range.lowerBound), divider.range.upperBound)
        guard clamped != current || widths.dragged[drag.resizes] != clamped else { return }
        widths.setDraggedWidth(clamped, for: drag.resizes)
        update(.user, animated: false)
    }

    /// Forgets the width the user dragged `column` to, so that it goes back to its preferred
    /// (or automatic) width, animated: AppKit's double click on a split view's divider. The
    /// drag the double click's second press began ends without committing anything.
    func resetWidth(of column: Column) {
        _ = pointer.cancelDividerDrag()
        guard widths.dragged[column] != nil else { return publish() }
        widths.setDraggedWidth(nil, for: column)
        update(.user, animated: true)
    }

    /// Puts a dragged divider back where the drag started (Escape).
    func cancelDrag(_ drag: DividerDrag) {
        widths.setDraggedWidth(drag.startUserWidth, for: drag.resizes)
        update(.user, animated: false)
    }

    // MARK: - Gestures

    private func canBeginEdgeGesture(at point: Point) -> Bool {
        let fromEdge = modes.preferences.primaryEdge == .leading ? point.x : layout.size.width - point.x
        return fromEdge < edgeGestureZone && edgeRevealTarget() != nil
    }

    /// The mode an edge drag would reveal now, or `nil` when there is none: gestures off, the
    /// window collapsed or not sized yet, the primary already showing, or the delegate's
    /// `targetDisplayModeForAction` revealing nothing more (``ModeRules``).
    private func edgeRevealTarget() -> DisplayMode? {
        guard modes.preferences.presentsWithGesture, !isCollapsed, !isShowing(.primary), size != nil else { return nil }
        let asked = delegate?.targetDisplayModeForAction(in: self) ?? .automatic
        return ModeRules.edgeRevealTarget(style: style, current: displayMode, behavior: splitBehavior, asked: asked)
    }

    /// Begins the reveal once the pressed pointer has travelled past the slop.
    ///
    /// A key or command may have changed the columns between the press and now: its
    /// animation jumps to its end first (its `did` calls are paid), and a press that could no
    /// longer begin a reveal (the primary now shows, say) reveals nothing.
    private func beginEdgeGesture(startX: Double) {
        finishTransition()
        guard let target = edgeRevealTarget() else {
            pointer.consumePress()
            return
        }
        delegate?.splitViewControllerInteractivePresentationGestureWillBegin(self)
        let predicted = predictedMode(for: target)
        let revealed = computeLayout(collapsed: false, mode: predicted, behavior: behavior(of: predicted, base: splitBehavior))
        let distance = revealed.columns.filter { settledLayout.frame(of: $0.column) == nil }.reduce(0) { $0 + $1.frame.width }
        pointer.beginEdgeReveal(EdgeGesture(target: target, distance: distance), startX: startX)
        transition = Transition(from: settledLayout, to: revealed, primaryEdge: modes.preferences.primaryEdge, interactive: true)
        beginAppearance(for: revealed, animated: true)
    }

    private func endEdgeGesture(_ gesture: EdgeGesture) {
        guard let running = transition, running.isInteractive else { return }
        if running.progress >= 0.5 {
            transition = nil
            requestDisplayMode(gesture.target, cause: .user)
        } else {
            transition = Transition(from: layout, to: settledLayout, primaryEdge: modes.preferences.primaryEdge)
            beginAppearance(for: settledLayout, animated: true)
        }
        delegate?.splitViewControllerInteractivePresentationGestureDidEnd(self)
    }

    /// A horizontal scroll over the secondary does the display-mode button's action, once
    /// per `scrollGestureDistance` of travel, and only in the direction that matches it:
    /// towards the primary edge to hide, away from it to reveal.
    private func horizontalScroll(_ dx: Double, at point: Point) {
        // While the button is held (a drag, an edge reveal) a scroll is no second gesture.
        guard modes.preferences.presentsWithGesture, !isCollapsed, pointer.activity == .idle,
            layout.columns.last(where: { $0.frame.contains(point) })?.column == .secondary
        else { return }
        guard let direction = pointer.scroll(dx, distance: scrollGestureDistance) else { return }
        // Scrolling left (dx < 0) pulls content in from the left edge: a reveal for a leading primary.
        let reveals = (direction < 0) == (modes.preferences.primaryEdge == .leading)
        let target: DisplayMode? =
            if let buttonTarget = displayModeButtonTarget() { buttonTarget } else if displayMode.dimsSecondary {
                ModeRules.dismissTarget(of: displayMode)
            } else { nil }
        guard let target, (target.level > displayMode.level) == reveals else { return }
        delegate?.splitViewControllerInteractivePresentationGestureWillBegin(self)
        requestDisplayMode(target, cause: .user)
        delegate?.splitViewControllerInteractivePresentationGestureDidEnd(self)
    }

    /// Ends an edge reveal in progress without revealing anything, at once: what began to
    /// appear disappears again and the delegate hears the gesture end.
    func cancelEdgeReveal() {
        guard transition?.isInteractive == true else { return }
        abandonEdgeGesture()
        beginAppearance(for: settledLayout, animated: false)
        settle(animated: false)
        publish()
    }

    /// A change that arrives during an edge drag (a key, a command) ends the drag: the
    /// delegate hears the gesture end, and the change animates on from where the columns are.
    func abandonEdgeGesture() {
        if pointer.edgeReveal != nil, pointer.abandonGesture() {
            delegate?.splitViewControllerInteractivePresentationGestureDidEnd(self)
        }
        transition = nil
    }

    /// Ends a drag or gesture in progress without applying it (before a collapse or expand).
    func cancelInteractions() {
        _ = pointer.cancelDividerDrag()
        cancelContentDrag()
        cancelPaneDrag()
        if pointer.abandonGesture() { delegate?.splitViewControllerInteractivePresentationGestureDidEnd(self) }
        if transition?.isInteractive == true { transition = nil }
        focus.releaseDivider()
    }
}
