extension SplitViewController {
    /// Everything the host must do besides redrawing, in the order it was asked — a window
    /// opened or closed, quitting, a foreign program restarted — and, when the foreign
    /// content that should have the keyboard changed since the last call,
    /// ``HostRequest/focusForeignContent(_:)`` last; emptied. The one route requests leave
    /// by: a host calls it once per turn of its loop, after the turn's inputs.
    ///
    /// The keyboard's owner is compared here rather than after each input, so that a burst of
    /// inputs that ends where it started says nothing.
    ///
    /// ```swift
    /// split.handle(.key(KeyChord(.character("q"), modifiers: .control)))
    /// split.takeHostRequests()   // [.quit]
    /// ```
    public func takeHostRequests() -> [HostRequest] {
        pipeline.reportForeignFocus(focusedForeignContent?.id)
        return pipeline.takeHostRequests()
    }

    /// Queues `request` for the host, which takes it with ``takeHostRequests()``: how a view
    /// controller asks for work only the host can do (``ForeignContentViewController`` asks
    /// for its program to be restarted).
    public func post(_ request: HostRequest) {
        pipeline.enqueue(request)
    }

    /// A hosted program's report, from the host: the controller's status or title changes, or
    /// its pane takes the focus. Reports for controllers no longer installed are dropped.
    func receive(_ report: ForeignContentReport, from id: ForeignContentViewController.ID) {
        guard let content = foreignContentViewControllers.first(where: { $0.id == id }) else { return }
        switch report {
        case .status(let status): content.status = status
        case .title(let title): content.programTitle = title
        case .accessiblePlug(let plug): content.accessiblePlug = plug.flatMap(AccessibleNode.Plug.init(id:))
        case .focusRequested:
            if let column = Column.allCases.first(where: { foreignContent(in: $0) === content }) {
                focusedColumn = column
            } else if let placed = placement(of: content), let leaf = placed.leaf {
                focusedColumn = placed.column
                stackSplitViewController(in: placed.column)?.focusLeaf(at: leaf.path)
            }
        }
    }

    /// The foreign content that should have the keyboard: the one on top of the focused pane
    /// (or the focused leaf of its stack) while that pane shows. Nil while a divider has the keyboard (F8), the View menu is
    /// open, a prompt waits for its answer, or a pane is dragged by its bar
    /// (``draggedPane``): those keys (Escape) belong to the split view.
    public var focusedForeignContent: ForeignContentViewController? {
        guard menuState == nil, prompt == nil, !focus.hasDivider, draggedPane == nil, let column = focus.column else {
            return nil
        }
        if let leaf = focusedLeaf { return viewController(of: leaf) as? ForeignContentViewController }
        return foreignContent(in: column)
    }

    /// The foreign content `column` shows on top of its stack, when the column shows.
    public func foreignContent(in column: Column) -> ForeignContentViewController? {
        guard layout.placement(of: column) != nil else { return nil }
        return children.wrapped[column]?.topViewController as? ForeignContentViewController
    }

    /// Where `column`'s content goes, in the pane's coordinates: everything below its
    /// navigation bar. `nil` when the column does not show. A host puts a foreign program's
    /// window exactly there.
    public func contentFrame(of column: Column) -> Rect? {
        guard let placement = layout.placement(of: column) else { return nil }
        return LayoutComputation.contentBounds(ofPaneSized: placement.frame.size)
    }

    /// Every foreign content installed in the split view, showing or not: the columns' own
    /// controllers and those in their navigation stacks, each once, in column order. A host
    /// runs a program for each and ends the programs of those that left.
    public var foreignContentViewControllers: [ForeignContentViewController] {
        installedViewControllers.compactMap { $0 as? ForeignContentViewController }
    }
}
