extension SplitViewController {
    /// Carries out a command as a user action.
    func perform(_ command: Command) {
        guard isMounted else { return }
        if prompt != nil, command == .activate || command == .cancel {
            answerPrompt(command == .activate ? .accept : .cancel)
            return publish()
        }
        // Every command that shows, hides or rearranges panes unzooms first (tmux's rule).
        if focus.zoom != nil && command.unzooms { unzoom() }
        switch command {
        case .displayModeButton: performDisplayModeButton(cause: .user)
        case .secondaryOnlyButton: performSecondaryOnlyButton(cause: .user)
        case .toggleInspector: isShowing(.inspector) ? hide(.inspector, cause: .user) : show(.inspector, cause: .user)
        case .show(let column):
            show(column, cause: .user)
            if settledLayout.frame(of: column) != nil { focusPane(column, byUser: true) }
        case .hide(let column): hide(column, cause: .user)
        case .toggleSplitItem(let column, let path): toggleSplitItem(in: column, at: path)
        case .back: goBackInHistoryOrStack()
        case .forward: goForwardInHistory()
        case .focusNextPane: cycleFocus(by: 1)
        case .focusPreviousPane: cycleFocus(by: -1)
        case .focusDivider: focusNextDivider()
        case .moveDivider(let distance): moveFocusedDivider { $0 + $1 * distance }
        case .moveDividerToMinimum: moveFocusedDivider { _, _ in -.infinity }
        case .moveDividerToMaximum: moveFocusedDivider { _, _ in .infinity }
        case .acceptDivider: releaseDividerFocus()
        case .cancel: cancel()
        case .selectPrevious, .selectNext, .activate, .pageUp, .pageDown, .scrollToTop, .scrollToEnd, .expand, .collapse,
            .selectAll, .copy:
            performContentCommand(command)
        case .toggleLineWrapping:
            if !performContentCommand(command) { performInSecondary(command) }
        case .find: beginFind()
        case .findNext, .findPrevious: stepFind(command)
        case .action(let action):
            if !performContentCommand(command) { _ = actionHandler?(action) }
        case .newWindow: post(.newWindow)
        case .closeWindow: post(.closeWindow)
        case .quit: post(.quit)
        case .showMenu: menuState == nil ? openMenu() : closeMenu()
        case .showContextMenu: openContextMenu(at: nil)
        case .splitRight: splitFocusedPane(along: .horizontal)
        case .splitDown: splitFocusedPane(along: .vertical)
        case .closePane: if let pane = focusedPane, !closePane(pane) { refuseClosing(pane) }
        case .zoomPane: zoomedPane = zoomedPane == nil ? focusedPane : nil
        case .focusPane(let direction): focusPane(direction)
        case .growPane(let axis): resizeFocusedPane(along: axis, by: Self.paneResizeStep)
        case .shrinkPane(let axis): resizeFocusedPane(along: axis, by: -Self.paneResizeStep)
        case .equalizePanes: equalizePanes()
        case .swapPane(let direction): swapFocusedPane(direction)
        }
        publish()
    }

    /// Answers the prompt: it is cleared first, then the answer's action runs (which may ask
    /// again).
    func answerPrompt(_ answer: PromptAnswer) {
        guard let prompt else { return }
        self.prompt = nil
        switch answer {
        case .accept: prompt.accept()
        case .cancel: prompt.cancel()
        case .choice(let index): if prompt.choices.indices.contains(index) { prompt.choices[index].action() }
        }
    }

    /// Escape: the first that applies of — cancel a drag inside the content (a stack's
    /// divider), cancel a pointer drag (a pane's by its bar, content, a divider), cancel a keyboard divider
    /// move, the focused pane's own use (a list's several selected rows back to one), dismiss
    /// what dims the secondary, close the inspector's sheet, press a showing bar item whose
    /// key equivalent is Escape (the Cancel of an operation under way), go back in the
    /// collapsed stack.
    ///
    /// Decided (UIKit has no Escape): an item's key equivalent is otherwise pressed only by a
    /// key no binding names, and Escape is always bound; a running copy's Cancel must still
    /// answer it, after whatever Escape closes first.
    private func cancel() {
        // A drag inside the content (a stack's divider) is the content's to cancel.
        if case .trackingContent = pointer.activity, performContentCommand(.cancel) { return }
        if pointer.paneDrag != nil {
            cancelPaneDrag()
        } else if case .draggingContent = pointer.activity {
            cancelContentDrag()
        } else if let drag = pointer.cancelDividerDrag() {
            cancelDrag(drag)
        } else if let stackDivider = focus.stackDivider {
            if let start = stackDivider.start { stackAt(stackDivider)?.stack.apply(start) }
            releaseDividerFocus()
        } else if focus.divider != nil {
            if let move = focus.keyboardMove { cancelDrag(move) }
            releaseDividerFocus()
        } else if performContentCommand(.cancel) {
            // The focused pane used it: a list with several rows selected keeps its lead.
        } else if focus.zoom != nil {
            unzoom()
        } else if !isCollapsed && displayMode.dimsSecondary {
            dismissDimmedColumn()
        } else if isCollapsed && modes.inspectorShown {
            hide(.inspector, cause: .user)
        } else if let item = barItem(forKey: KeyChord(.escape)) {
            press(item)
        } else if isCollapsed {
            goBack(cause: .user)
        }
    }

    /// Offers `command` to the focused pane; true when it handled it.
    @discardableResult
    private func performContentCommand(_ command: Command) -> Bool {
        guard let column = focus.column, let placement = settledLayout.placement(of: column),
            let vc = children.wrapped[column]
        else { return false }
        return vc.perform(command, in: LayoutComputation.contentBounds(ofPaneSized: placement.frame.size))
    }

    /// Offers `command` to the secondary's pane when it shows: a view setting such as line
    /// wrapping is the file's, whichever pane has the keys. (UIKit is silent; a text editor's
    /// View menu acts on its document the same way.)
    private func performInSecondary(_ command: Command) {
        guard let placement = settledLayout.placement(of: .secondary), let vc = children.wrapped[.secondary] else { return }
        _ = vc.perform(command, in: LayoutComputation.contentBounds(ofPaneSized: placement.frame.size))
    }

    /// Whether the pane ``Command/toggleLineWrapping`` would act on wraps its lines, or `nil`
    /// when neither the focused pane nor the secondary has the setting.
    func validateInPanes(_ command: Command) -> Bool? {
        if let column = focus.column, let answer = children.wrapped[column]?.validate(command) { return answer }
        guard settledLayout.placement(of: .secondary) != nil else { return nil }
        return children.wrapped[.secondary]?.validate(command)
    }

    /// A key no binding names goes to the focused pane (type-ahead in a list).
    func keyDownInFocusedPane(_ chord: KeyChord) {
        guard isMounted, let column = focus.column, let placement = settledLayout.placement(of: column),
            let vc = children.wrapped[column]
        else { return }
        if vc.keyDown(chord.withoutLocks, in: LayoutComputation.contentBounds(ofPaneSized: placement.frame.size)) { publish() }
    }

    // MARK: - Focus

    /// The pane with the keyboard focus; set it to move the focus (ignored for a column that
    /// is not showing or is dimmed). Set before the first size, it waits for the panes to
    /// exist, as a restored focus does, so that an app can choose the pane a new window's
    /// keys go to.
    public var focusedColumn: Column? {
        get { focus.column }
        set {
            guard let newValue else { return }
            if isMounted { focusPane(newValue, byUser: true) } else { focus.focusBeforeLayout(newValue) }
            publish()
        }
    }

    /// The panes that can take the focus, in screen order: showing and not dimmed.
    var focusableColumns: [Column] {
        settledLayout.columns.filter { !$0.isDimmed }.sorted { $0.frame.minX < $1.frame.minX }.map(\.column)
    }

    /// The same panes as a set, without building a list.
    var focusableSet: ColumnSet {
        ColumnSet(settledLayout.columns.lazy.filter { !$0.isDimmed }.map(\.column))
    }

    func focusPane(_ column: Column, byUser: Bool) {
        focus.focus(column, byUser: byUser, among: focusableSet)
    }

    /// F6 and Shift+F6: through every visible leaf pane in reading order — the leaves of a
    /// column's stack, then the next column (at its first leaf, or its last going back).
    private func cycleFocus(by step: Int) {
        if cycleLeafFocus(by: step) { return }
        focus.cycle(by: step, panes: focusableColumns)
        if let column = focus.column { enterLeaves(of: column, by: step) }
    }

    /// Keeps the focus on a showing pane after the layout changed (``FocusModel/repair``).
    func repairFocus() {
        focus.repair(
            focusable: focusableSet, firstOnScreen: { focusableColumns.first },
            hasDivider: { settledLayout.divider(of: $0) != nil })
    }

    // MARK: - Keyboard divider moves (F8)

    /// F8: a divider of the focused pane's stack first (the one after its focused leaf, else
    /// the one before), else the column divider at the pane's edge; pressed again, the next of
    /// every divider — the columns' in screen order, then the stacks' in reading order —
    /// wrapping.
    private func focusNextDivider() {
        let stackList: [StackDivider] = focusableColumns.flatMap { self.stackDividers(in: $0) }
        let columnDividers = settledLayout.dividers
        let total = columnDividers.count + stackList.count
        guard total > 0 else { return }
        func select(_ index: Int) {
            let wrapped = index % total
            if wrapped < columnDividers.count {
                focus.releaseDivider()
                focus.focusNextDivider([columnDividers[wrapped]], paneFrame: nil)
            } else {
                let divider = stackList[wrapped - columnDividers.count]
                focus.focusStackDivider(
                    StackDividerFocus(column: divider.column, stackPath: divider.stackPath, after: divider.after))
            }
            publishStackDividerFocus()
        }
        if let current = focus.stackDivider,
            let index = stackList.firstIndex(where: {
                $0.column == current.column && $0.stackPath == current.stackPath && $0.after == current.after
            })
        {
            return select(columnDividers.count + index + 1)
        }
        if let current = focus.divider, let index = columnDividers.firstIndex(where: { $0.column == current }) {
            return select(index + 1)
        }
        if let leaf = focusedLeaf {
            let parent = Array(leaf.path.dropLast())
            let own = stackList.filter { $0.column == leaf.column && $0.stackPath == parent }
            let item = leaf.path.last ?? 0
            if let near = own.first(where: { $0.after == item }) ?? own.last(where: { $0.after < item }),
                let index = stackList.firstIndex(of: near)
            {
                return select(columnDividers.count + index)
            }
        }
        guard !columnDividers.isEmpty else { return select(columnDividers.count) }
        focus.focusNextDivider(columnDividers, paneFrame: focus.column.flatMap { settledLayout.frame(of: $0) })
        publishStackDividerFocus()
    }

    /// Marks the stack divider with the keyboard focus in its stack (drawn in the accent), and
    /// no other.
    func publishStackDividerFocus() {
        if let target = focus.stackDivider,
            !stackDividers(in: target.column).contains(where: {
                $0.stackPath == target.stackPath && $0.after == target.after
            })
        {
            // Its item collapsed or went: the divider gives the keyboard back to the pane.
            focus.releaseDivider()
        }
        let target = focus.stackDivider
        focus.markStackDivider(target)
        for column in Column.allCases {
            guard let root = stackSplitViewController(in: column) else { continue }
            var stacks: [([Int], StackSplitViewController)] = [([], root)]
            while let (path, stack) = stacks.popLast() {
                let wanted = target.flatMap { $0.column == column && $0.stackPath == path ? $0.after : nil }
                if stack.focusedDivider != wanted { stack.focusedDivider = wanted }
                for (index, item) in stack.splitItems.enumerated() {
                    if let nested = item.viewController as? StackSplitViewController { stacks.append((path + [index], nested)) }
                }
            }
        }
    }

    /// Moves the focused stack divider by `distance` points along its axis (±infinity: to the
    /// limit), keeping where the move began for Escape.
    private func moveFocusedStackDivider(by distance: Double) {
        guard let target = focus.stackDivider, let (stack, bounds) = stackAt(target) else { return }
        let geometry = stack.geometry(in: bounds)
        stack.keepThicknesses(geometry)
        focus.beginStackMove(from: geometry.thicknesses)
        let moved = StackSplitRules.drag(
            geometry.thicknesses, stack.splitItems.map(\.rulesItem), divider: target.after, by: distance)
        stack.apply(moved)
    }

    private func moveFocusedDivider(_ newWidth: (Double, Double) -> Double) {
        if focus.stackDivider != nil {
            // The closure maps a width and a direction to a new width: a step's distance is what
            // it adds to zero going forwards.
            return moveFocusedStackDivider(by: newWidth(0, 1))
        }
        guard let name = focus.divider, let divider = settledLayout.divider(of: name),
            let width = settledLayout.frame(of: divider.resizes)?.width
        else { return }
        let direction = widening(divider)
        let move = focus.beginKeyboardMove(
            DividerDrag(
                divider: name, resizes: divider.resizes, startWidth: width,
                startUserWidth: widths.dragged[divider.resizes], startX: 0, direction: direction))
        let target = newWidth(width, direction)
        setDraggedWidth(min(max(target, divider.range.lowerBound), divider.range.upperBound), drag: move)
    }

    private func releaseDividerFocus() {
        focus.releaseDivider()
        publishStackDividerFocus()
    }
}

extension Command {
    /// True for the commands that end a zoom before they act: those that show, hide or
    /// rearrange columns or panes (every pane command but the zoom itself).
    var unzooms: Bool {
        switch self {
        case .displayModeButton, .secondaryOnlyButton, .toggleInspector, .show, .hide, .toggleSplitItem, .splitRight,
            .splitDown, .closePane, .focusPane, .growPane, .shrinkPane, .equalizePanes, .swapPane:
            true
        default: false
        }
    }
}
