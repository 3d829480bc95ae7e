extension SplitViewController {
    /// Carries out a command as a user action.
    func perform(_ command: Command) {
        guard isMounted else { return }
        if let prompt, command == .activate || command == .cancel {
            self.prompt = nil
            command == .activate ? prompt.accept() : prompt.cancel()
            return publish()
        }
        switch command {
        case .displayModeButton: performDisplayModeButton(cause: .user)
        case .secondaryOnlyButton: performSecondaryOnlyButton(cause: .user)
        case .toggleInspector: isShowing(.inspector) ? hide(.inspector, cause: .user) : show(.inspector, cause: .user)
        case .show(let column):
            show(column, cause: .user)
            if settledLayout.frame(of: column) != nil { focusPane(column, byUser: true) }
        case .hide(let column): hide(column, cause: .user)
        case .back: goBack(cause: .user)
        case .focusNextPane: cycleFocus(by: 1)
        case .focusPreviousPane: cycleFocus(by: -1)
        case .focusDivider: focusNextDivider()
        case .moveDivider(let distance): moveFocusedDivider { $0 + $1 * distance }
        case .moveDividerToMinimum: moveFocusedDivider { _, _ in -.infinity }
        case .moveDividerToMaximum: moveFocusedDivider { _, _ in .infinity }
        case .acceptDivider: releaseDividerFocus()
        case .cancel: cancel()
        case .selectPrevious, .selectNext, .activate, .pageUp, .pageDown, .scrollToTop, .scrollToEnd, .expand, .collapse:
            performContentCommand(command)
        case .action(let name):
            if !performContentCommand(command) { _ = actionHandler?(name) }
        case .newWindow: pendingRequests.append(.newWindow)
        case .closeWindow: pendingRequests.append(.closeWindow)
        case .quit: pendingRequests.append(.quit)
        }
        publish()
    }

    /// Escape: the first that applies of — cancel a pointer drag, cancel a keyboard divider
    /// move, dismiss what dims the secondary, close the inspector's sheet, go back in the
    /// collapsed stack.
    private func cancel() {
        if case .draggingContent = pointer.activity {
            cancelContentDrag()
        } else if let drag = pointer.cancelDividerDrag() {
            cancelDrag(drag)
        } else if focus.divider != nil {
            if let move = focus.keyboardMove { cancelDrag(move) }
            releaseDividerFocus()
        } else if !isCollapsed && displayMode.dimsSecondary {
            dismissDimmedColumn()
        } else if isCollapsed && inspectorShown {
            hide(.inspector, cause: .user)
        } else if isCollapsed {
            goBack(cause: .user)
        }
    }

    /// Offers `command` to the focused pane; true when it handled it.
    @discardableResult
    private func performContentCommand(_ command: Command) -> Bool {
        guard let column = focus.column, let placement = settledLayout.placement(of: column),
              let vc = wrappers[column] else { return false }
        return vc.perform(command, in: contentBounds(of: placement.frame.size))
    }

    /// A key no binding names goes to the focused pane (type-ahead in a list).
    func keyDownInFocusedPane(_ chord: KeyChord) {
        guard isMounted, let column = focus.column, let placement = settledLayout.placement(of: column),
              let vc = wrappers[column] else { return }
        if vc.keyDown(chord.withoutLocks, in: contentBounds(of: placement.frame.size)) { publish() }
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
            if isMounted { focusPane(newValue, byUser: true) } else { focus.column = newValue }
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
        guard focusableSet.contains(column) else { return }
        focus.column = column
        if byUser { focus.displaced = nil }
    }

    private func cycleFocus(by step: Int) {
        let panes = focusableColumns
        guard !panes.isEmpty else { return }
        releaseDividerFocus()
        let index = focus.column.flatMap { panes.firstIndex(of: $0) } ?? (step > 0 ? -1 : 0)
        focusPane(panes[((index + step) % panes.count + panes.count) % panes.count], byUser: true)
    }

    /// Keeps the focus on a showing pane after the layout changed: a pane that hid gives the
    /// focus to its nearest neighbour and gets it back when it shows again.
    func repairFocus() {
        let panes = focusableSet
        if let displaced = focus.displaced, panes.contains(displaced) {
            focus.column = displaced
            focus.displaced = nil
        } else if let column = focus.column, !panes.contains(column) {
            if focus.displaced == nil { focus.displaced = column }
            focus.column = Column.allCases.filter(panes.contains)
                .min { abs($0.rawValue - column.rawValue) < abs($1.rawValue - column.rawValue) }
        } else if focus.column == nil {
            focus.column = focusableColumns.first
        }
        if let divider = focus.divider, settledLayout.divider(of: divider) == nil {
            focus.keyboardMove = nil
            focus.divider = nil
        }
    }

    // MARK: - Keyboard divider moves (F8)

    /// F8: focuses the divider at the focused pane's far edge (else its near edge); pressed
    /// again, the next divider.
    private func focusNextDivider() {
        let dividers = settledLayout.dividers
        guard !dividers.isEmpty else { return }
        if let current = focus.divider, let index = dividers.firstIndex(where: { $0.column == current }) {
            focus.keyboardMove = nil   // moving on accepts the width reached
            focus.divider = dividers[(index + 1) % dividers.count].column
            return
        }
        let pane = focus.column
        let frame = pane.flatMap { settledLayout.frame(of: $0) }
        let nearEdge = frame.flatMap { f in
            dividers.first { abs($0.drawnRect.maxX - f.minX) < 0.5 || abs($0.drawnRect.minX - f.maxX) < 0.5 }
        }
        let nearest = dividers.first { $0.column == pane } ?? dividers.first { $0.resizes == pane } ?? nearEdge ?? dividers[0]
        focus.divider = nearest.column
    }

    private func moveFocusedDivider(_ newWidth: (Double, Double) -> Double) {
        guard let name = focus.divider, let divider = settledLayout.divider(of: name),
              let width = settledLayout.frame(of: divider.resizes)?.width else { return }
        let direction = widening(divider)
        let move = focus.keyboardMove ?? DividerDrag(divider: name, resizes: divider.resizes, startWidth: width,
                                                     startUserWidth: userWidths[divider.resizes], startX: 0, direction: direction)
        focus.keyboardMove = move
        let target = newWidth(width, direction)
        setDraggedWidth(min(max(target, divider.range.lowerBound), divider.range.upperBound), drag: move)
    }

    private func releaseDividerFocus() {
        focus.keyboardMove = nil
        focus.divider = nil
    }
}
