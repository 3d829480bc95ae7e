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
    /// What `column`'s pane draws now, in the pane's coordinates, or `nil` when it is not
    /// showing. The host replays it without deciding anything.
    public func displayList(for column: Column) -> DisplayList? {
        guard let key = paneKey(for: column) else { return nil }
        var content: [DrawOp] = []
        if let vc = children.wrapped[column] {
            let context = DrawContext(
                bounds: LayoutComputation.contentBounds(ofPaneSized: key.chrome.size), theme: theme,
                measurer: textMeasurer, isFocused: key.isFocused)
            vc.layoutIfNeeded(in: context)
            content = vc.draw(in: context)
        }
        return key.chrome.displayList(content: content, theme: theme, measurer: textMeasurer)
    }

    /// A value that changes whenever `column`'s display list would, or `nil` when the
    /// column is not showing. Comparing keys is much cheaper than building display lists.
    public func paneKey(for column: Column) -> PaneKey? {
        guard let placement = layout.placement(of: column) else { return nil }
        let wrapper = children.wrapped[column]
        let top = wrapper?.topViewController
        let isFocused = focus.isPaneFocused(column)
        let chrome = PaneChrome(
            of: placement, in: layout, title: top.map { $0.navigationItemIfLoaded?.title ?? $0.title } ?? "",
            primaryEdge: modes.preferences.primaryEdge,
            prompt: column == promptColumn ? prompt?.message : nil,
            showsFocusRing: focusableSet.count > 1, isFocused: isFocused)
        return PaneKey(
            chrome: chrome, controller: wrapper.map(ObjectIdentifier.init), top: top.map(ObjectIdentifier.init),
            controllerRevision: wrapper?.revision ?? 0, topRevision: top?.revision ?? 0,
            appearanceRevision: appearanceRevision, isFocused: isFocused)
    }

    /// The pane that shows a ``prompt``: the secondary when it shows undimmed, else the
    /// topmost pane (the collapsed stack, an overlay).
    var promptColumn: Column? {
        if let secondary = layout.placement(of: .secondary), !secondary.isDimmed { return .secondary }
        return layout.columns.last { !$0.isDimmed }?.column
    }
}
