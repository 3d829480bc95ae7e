/// Everything a pane's drawing depends on: when it is unchanged the host may skip the redraw.
///
/// It holds the pane's chrome — the very value its bar, ring, highlights and shadows are
/// drawn from — and what identifies the content: the controllers shown, their revisions,
/// whether the content has the focus, and the revision of the theme and the text measurer.
public struct PaneKey: Hashable, Sendable {
    /// What the pane draws around its content.
    var chrome: PaneChrome
    /// The navigation controller the column shows.
    var controller: ObjectIdentifier?
    /// Its top view controller, which draws the content.
    var top: ObjectIdentifier?
    /// The navigation controller's revision.
    var controllerRevision: Int
    /// The top view controller's revision.
    var topRevision: Int
    /// The theme's and the text measurer's revision.
    var appearanceRevision: Int
    /// Whether the content is drawn focused (a list's selection colour follows it).
    var isFocused: Bool
}

extension SplitViewController {
    /// Brings every showing pane's content up to date for its bounds and measurer: wrapped
    /// text, row heights, scroll offsets kept in range. The host calls it once per drained
    /// batch of inputs, before it compares ``paneKey(for:)`` values and asks for
    /// ``displayList(for:)``; a resize or drag step that is not drawn never lays content out.
    ///
    /// Mirrors `UIView.layoutIfNeeded()` on the window's root view: the layout pass that
    /// precedes drawing. Differs: it is explicit, since drawing here is a read — neither
    /// ``paneKey(for:)`` nor ``displayList(for:)`` changes anything, so a key taken after this
    /// call stays true until the next input.
    public func layoutPanes() {
        for column in Column.allCases {
            guard let vc = children.wrapped[column], let context = drawContext(for: column) else { continue }
            vc.layoutIfNeeded(in: context)
        }
    }

    /// What `column`'s pane draws now, in the pane's coordinates, or `nil` when it is not
    /// showing. The host replays it without deciding anything.
    ///
    /// A read: it draws the state the last ``layoutPanes()`` left and changes nothing, so the
    /// pane's key is the same before and after.
    public func displayList(for column: Column) -> DisplayList? {
        guard let key = paneKey(for: column) else { return nil }
        var content: [DrawOp] = []
        if let vc = children.wrapped[column] {
            content = vc.draw(in: drawContext(size: key.chrome.size, isFocused: key.isFocused))
        }
        return key.chrome.displayList(content: content, theme: theme, measurer: textMeasurer)
    }

    /// The context `column`'s content is laid out and drawn in, or nil when it is not showing.
    private func drawContext(for column: Column) -> DrawContext? {
        guard let placement = layout.placement(of: column) else { return nil }
        return drawContext(size: placement.frame.size, isFocused: focus.isPaneFocused(column))
    }

    private func drawContext(size: Size, isFocused: Bool) -> DrawContext {
        DrawContext(
            bounds: LayoutComputation.contentBounds(ofPaneSized: size), theme: theme, measurer: textMeasurer,
            isFocused: isFocused)
    }

    /// A value that changes whenever `column`'s display list would, or `nil` when the
    /// column is not showing. Comparing keys is much cheaper than building display lists.
    public func paneKey(for column: Column) -> PaneKey? {
        guard let placement = layout.placement(of: column) else { return nil }
        let wrapper = children.wrapped[column]
        let top = wrapper?.topViewController
        let isFocused = focus.isPaneFocused(column)
        let chrome = PaneChrome(
            of: placement, in: layout, title: top.map(\.barTitle) ?? "",
            primaryEdge: modes.preferences.primaryEdge,
            prompt: column == promptColumn ? prompt.map(PromptChrome.init) : nil,
            showsFocusRing: focusableSet.count > 1, isFocused: isFocused, textField: top?.barOwner.barField)
        return PaneKey(
            chrome: chrome, controller: wrapper.map(ObjectIdentifier.init), top: top.map(ObjectIdentifier.init),
            controllerRevision: wrapper?.revision ?? 0,
            topRevision: (top as? StackSplitViewController)?.treeRevision ?? top?.revision ?? 0,
            appearanceRevision: appearanceRevision, isFocused: isFocused)
    }

    /// The pane that shows a ``prompt``: the secondary when it shows undimmed, else the
    /// topmost pane (the collapsed stack, an overlay).
    var promptColumn: Column? {
        if let secondary = layout.placement(of: .secondary), !secondary.isDimmed { return .secondary }
        return layout.columns.last { !$0.isDimmed }?.column
    }
}
