/// Everything a pane's drawing depends on: when it is unchanged the host may skip the redraw.
public struct PaneKey: Hashable, Sendable {
    var size: Size
    var controller: ObjectIdentifier?
    var top: ObjectIdentifier?
    var revisions: [Int]
    var buttons: [BarButton]
    var isFocused: Bool
    var showsFocusRing: Bool
    var isDimmed: Bool
    var edges: [Rect]
    var activeDividers: ColumnSet
    var style: Int
}

extension SplitViewController {
    /// What `column`'s pane draws now, in the pane's coordinates, or `nil` when it is not
    /// showing. The host replays it without deciding anything.
    public func displayList(for column: Column) -> DisplayList? {
        guard let placement = layout.placement(of: column) else { return nil }
        let size = placement.frame.size
        var list = DisplayList(size: size)
        list.append(.fill(Rect(origin: .zero, size: size), background(of: column)))
        let isFocused = focus.isPaneFocused(column)
        if let vc = children.wrapped[column] {
            let context = DrawContext(bounds: LayoutComputation.contentBounds(ofPaneSized: size), theme: theme, measurer: textMeasurer, isFocused: isFocused)
            list.ops.append(contentsOf: vc.draw(in: context))
        }
        drawBar(of: placement, into: &list)
        if let prompt, column == promptColumn { drawPrompt(prompt.message, width: size.width, into: &list) }
        if isFocused && focusableSet.count > 1 {
            list.append(.strokeRect(LayoutComputation.contentBounds(ofPaneSized: size), theme.accent.withAlpha(160), width: 2))
        }
        for divider in layout.dividers where divider.isFocused || divider.isActive {
            drawDividerHighlight(divider, in: placement, into: &list)
        }
        if placement.presentation == .overlay || placement.presentation == .sheet {
            drawOverlayEdge(of: placement, into: &list)
        }
        if placement.isDimmed {
            drawShadows(under: placement, into: &list)
            list.append(.fill(Rect(origin: .zero, size: size), theme.dim))
        }
        return list
    }

    /// A value that changes whenever `column`'s display list would, or `nil` when the
    /// column is not showing. Comparing keys is much cheaper than building display lists.
    public func paneKey(for column: Column) -> PaneKey? {
        guard let placement = layout.placement(of: column) else { return nil }
        let wrapper = children.wrapped[column]
        let top = wrapper?.topViewController
        let buttons = layout.buttons(in: column).map { button in
            var local = button
            local.frame = button.frame.offsetBy(dx: -placement.frame.minX, dy: -placement.frame.minY)
            return local
        }
        let edges = layout.dividers.filter { $0.isFocused || $0.isActive }.map(\.drawnRect)
            + layout.columns.filter { $0.presentation == .overlay || $0.presentation == .sheet }.map(\.frame)
            + (placement.isDimmed ? [placement.frame] : [])
        return PaneKey(size: placement.frame.size, controller: wrapper.map(ObjectIdentifier.init),
                       top: top.map(ObjectIdentifier.init),
                       revisions: [wrapper?.revision ?? 0, top?.revision ?? 0, appearanceRevision],
                       buttons: buttons, isFocused: focus.isPaneFocused(column),
                       showsFocusRing: focusableSet.count > 1, isDimmed: placement.isDimmed, edges: edges,
                       activeDividers: ColumnSet(layout.dividers.lazy.filter(\.isActive).map(\.column)),
                       style: modes.preferences.primaryEdge.rawValue)
    }

    /// The pane that shows a ``prompt``: the secondary when it shows undimmed, else the
    /// topmost pane (the collapsed stack, an overlay).
    var promptColumn: Column? {
        if let secondary = layout.placement(of: .secondary), !secondary.isDimmed { return .secondary }
        return layout.columns.last { !$0.isDimmed }?.column
    }

    /// The prompt: an accent band under the bar with the question and its two keys.
    private func drawPrompt(_ message: String, width: Double, into list: inout DisplayList) {
        let body = textMeasurer.metrics(of: .body), bar = LayoutMetrics.navigationBarHeight, height = 40.0
        list.append(.fill(Rect(x: 0, y: bar, width: width, height: height), theme.accent))
        let keys = "Return: OK   Escape: Cancel"
        let keysWidth = textMeasurer.width(of: keys, font: .caption)
        let text = TextLayout.truncated(message, toWidth: max(0, width - keysWidth - 48), font: .body, measurer: textMeasurer)
        list.append(.text(text, origin: Point(x: 16, y: body.baseline(centredIn: bar, height: height)), .body, theme.onAccent))
        let caption = textMeasurer.metrics(of: .caption)
        list.append(.text(keys, origin: Point(x: width - keysWidth - 16, y: caption.baseline(centredIn: bar, height: height)),
                          .caption, theme.onAccent))
    }

    private func background(of column: Column) -> Color {
        switch column {
        case .primary: theme.sidebarBackground
        case .supplementary: theme.supplementaryBackground
        default: theme.background
        }
    }

    private func drawBar(of placement: ColumnPlacement, into list: inout DisplayList) {
        let width = placement.frame.width, bar = LayoutMetrics.navigationBarHeight
        list.append(.fill(Rect(x: 0, y: 0, width: width, height: bar), theme.barBackground))
        list.append(.fill(Rect(x: 0, y: bar - 1, width: width, height: 1), theme.barSeparator))
        var leading = 0.0, trailing = width
        for button in layout.buttons(in: placement.column) {
            let local = button.frame.offsetBy(dx: -placement.frame.minX, dy: -placement.frame.minY)
            drawButton(button, at: local, into: &list)
            leading = max(leading, local.maxX)
            trailing = min(trailing, local.minX)
        }
        // The title centres in the bar when it can, else in the room the buttons leave.
        let title = children.wrapped[placement.column]?.topViewController?.title ?? ""
        let room = modes.preferences.primaryEdge == .leading ? (leading + 8, width - 8) : (8, trailing - 8)
        let fitted = TextLayout.truncated(title, toWidth: max(0, room.1 - room.0), font: .title, measurer: textMeasurer)
        guard !fitted.isEmpty else { return }
        let textWidth = textMeasurer.width(of: fitted, font: .title)
        let x = min(max((width - textWidth) / 2, room.0), room.1 - textWidth)
        list.append(.text(fitted, origin: Point(x: x, y: baseline(in: 0, height: bar, font: .title)), .title, theme.text))
    }

    private func drawButton(_ button: BarButton, at rect: Rect, into list: inout DisplayList) {
        if button.isPressed {
            list.append(.fill(rect, theme.buttonPressed))
        } else if button.isHovered {
            list.append(.fill(rect, theme.buttonHover))
        }
        let iconBox = Rect(x: rect.minX, y: rect.minY, width: ButtonMetrics.size, height: ButtonMetrics.size)
        let mirrored = modes.preferences.primaryEdge == .trailing
        list.ops.append(contentsOf: ButtonIcons.ops(button.icon, in: iconBox, color: theme.icon, mirrored: mirrored))
        guard !button.title.isEmpty else { return }
        let room = rect.width - ButtonMetrics.size - ButtonMetrics.titlePadding / 2
        let title = TextLayout.truncated(button.title, toWidth: room, font: .body, measurer: textMeasurer)
        list.append(.text(title, origin: Point(x: rect.minX + ButtonMetrics.size - 4, y: baseline(in: rect.minY, height: rect.height, font: .body)),
                          .body, theme.accent))
    }

    /// The baseline that centres one line of `font` in a band.
    func baseline(in top: Double, height: Double, font: FontRole) -> Double {
        textMeasurer.metrics(of: font).baseline(centredIn: top, height: height)
    }

    private func drawDividerHighlight(_ divider: Divider, in placement: ColumnPlacement, into list: inout DisplayList) {
        let frame = placement.frame, band = 3.0
        let color = divider.isActive ? theme.accent : theme.accent.withAlpha(190)
        if abs(divider.drawnRect.minX - frame.maxX) < 0.5 {
            list.append(.fill(Rect(x: frame.width - band, y: 0, width: band, height: frame.height), color))
        } else if abs(divider.drawnRect.maxX - frame.minX) < 0.5 {
            list.append(.fill(Rect(x: 0, y: 0, width: band, height: frame.height), color))
        }
    }

    /// A hairline on an overlaid column's edge towards the secondary.
    private func drawOverlayEdge(of placement: ColumnPlacement, into list: inout DisplayList) {
        let frame = placement.frame
        if placement.presentation == .sheet {
            list.append(.fill(Rect(x: 0, y: 0, width: frame.width, height: 1), theme.divider))
            return
        }
        let farRight = frame.midX < layout.size.width / 2
        list.append(.fill(Rect(x: farRight ? frame.width - 1 : 0, y: 0, width: 1, height: frame.height), theme.divider))
    }

    /// The shadow that overlaid columns (and a sheet) cast on the dimmed pane below them.
    private func drawShadows(under placement: ColumnPlacement, into list: inout DisplayList) {
        let frame = placement.frame, steps = 12
        for over in layout.columns where over.presentation == .overlay || over.presentation == .sheet {
            let other = over.frame
            for step in 0..<steps {
                let alpha = UInt8(Double(theme.shadow.alpha) * Double(steps - step) / Double(steps + 1))
                let color = theme.shadow.withAlpha(alpha)
                let rect: Rect
                if over.presentation == .sheet {
                    rect = Rect(x: 0, y: other.minY - frame.minY - Double(step + 1), width: frame.width, height: 1)
                } else if other.midX < frame.midX {
                    rect = Rect(x: other.maxX - frame.minX + Double(step), y: 0, width: 1, height: frame.height)
                } else {
                    rect = Rect(x: other.minX - frame.minX - Double(step + 1), y: 0, width: 1, height: frame.height)
                }
                list.append(.fill(rect, color))
            }
        }
    }
}
