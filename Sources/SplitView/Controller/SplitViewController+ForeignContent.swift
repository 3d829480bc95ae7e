extension SplitViewController {
    /// What the host must do that ``handle(_:)`` has not returned — a foreign content's file
    /// changed, the app moved the focus — and, when the foreign content that should have the
    /// keyboard changed since the last call, ``HostRequest/focusForeignContent(_:)``; emptied.
    /// A host calls it once per turn of its loop, after the turn's inputs.
    ///
    /// The keyboard's owner is compared here rather than after each input, so that a host that
    /// drops what an input returned (a resize) still learns of it, and a burst of inputs that
    /// ends where it started says nothing.
    public func takeHostRequests() -> [HostRequest] {
        let owner = focusedForeignContent?.id
        if owner != pipeline.reportedForeignFocus {
            pipeline.reportedForeignFocus = owner
            pipeline.hostRequests.append(.focusForeignContent(owner))
        }
        return pipeline.takeHostRequests()
    }

    /// The foreign content that should have the keyboard: the one on top of the focused pane
    /// while that pane shows. Nil while a divider has the keyboard (F8), the View menu is
    /// open, or a prompt waits for its answer: those keys belong to the split view.
    public var focusedForeignContent: ForeignContentViewController? {
        guard menuState == nil, prompt == nil, focus.divider == nil, let column = focus.column else { return nil }
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
        var result: [ForeignContentViewController] = []
        func add(_ vc: ViewController?) {
            guard let foreign = vc as? ForeignContentViewController, !result.contains(where: { $0 === foreign }) else { return }
            result.append(foreign)
        }
        for column in Column.allCases {
            add(children.original[column])
            for vc in children.wrapped[column]?.viewControllers ?? [] { add(vc) }
        }
        return result
    }
}
