/// Where a list's rows are, and how it draws one.
extension ListViewController {
    /// Keeps ``scrollOffset`` within the rows at `bounds`.
    func clampScroll(in bounds: Rect) {
        let kept = clamped(scrollOffset, in: bounds)
        if kept != scrollOffset { scrollOffset = kept }
    }

    /// `offset` kept between the top and the last row's bottom at the bounds' foot.
    func clamped(_ offset: Double, in bounds: Rect) -> Double {
        let limit = max(0, Double(shownCount) * rowHeight - bounds.height)
        return offset.isFinite ? min(max(offset, 0), limit) : 0
    }

    /// The row under `point`, if any.
    public func rowIndex(at point: Point, in bounds: Rect) -> Int? {
        let position = Int(((point.y - bounds.minY + scrollOffset) / rowHeight).rounded(.down))
        guard point.y >= bounds.minY, position >= 0, position < shownCount else { return nil }
        return row(atPosition: position)
    }

    /// One row: its highlight (strong in the focused pane) or drop-target outline, an
    /// outline row's triangle, its icon (a ``ListMetrics/iconSize`` square, centred on the
    /// row's height, the title after it), the title and the subtitle.
    func drawRow(_ item: ListItem, in row: Rect, selected: Bool, _ context: DrawContext, into ops: inout [DrawOp]) {
        let theme = context.theme, measurer = context.measurer
        let strong = selected && context.isFocused
        let highlight = row.insetBy(dx: ListMetrics.highlightInset.dx, dy: ListMetrics.highlightInset.dy)
        if selected {
            ops.append(.fill(highlight, strong ? theme.accent : theme.selection))
        } else if item.isHighlighted {
            ops.append(.strokeRect(highlight, theme.accent, width: ListMetrics.dropTargetStroke))
        }
        let indent = Self.indent(item.indentation, width: row.width)
        var left =
            row.minX + ListMetrics.textInset + indent
            + (item.disclosure == nil && item.indentation == 0 ? 0 : ListMetrics.disclosureWidth)
        if let icon = item.icon {
            let side = ListMetrics.iconSize
            let frame = Rect(x: left, y: (row.minY + (row.height - side) / 2).rounded(), width: side, height: side)
            if case .image(let pixels) = icon {
                ops.append(.image(pixels, in: frame))
            } else {
                ops += icon.glyphOps(in: frame, color: strong ? theme.onAccent : theme.icon)
            }
            left += side + ListMetrics.iconGap
        }
        let width = row.maxX - ListMetrics.textInset - left
        let titleMetrics = measurer.metrics(of: .body)
        let titleColor = strong ? theme.onAccent : theme.text
        if let disclosure = item.disclosure {
            let centre = Point(
                x: row.minX + ListMetrics.disclosureCentre + indent,
                y: row.minY + min(row.height, ListMetrics.rowHeight) / 2)
            let half = ListMetrics.disclosureHalfBase, back = ListMetrics.disclosureBack, tip = ListMetrics.disclosureTip
            let points =
                disclosure == .expanded
                ? [
                    Point(x: centre.x - half, y: centre.y - back), Point(x: centre.x + half, y: centre.y - back),
                    Point(x: centre.x, y: centre.y + tip),
                ]
                : [
                    Point(x: centre.x - back, y: centre.y - half), Point(x: centre.x + tip, y: centre.y),
                    Point(x: centre.x - back, y: centre.y + half),
                ]
            ops.append(.polygon(points, strong ? theme.onAccent : theme.icon))
        }
        let title = TextLayout.truncated(item.title, toWidth: width, font: .body, measurer: measurer)
        if let subtitle = item.subtitle {
            let captionMetrics = measurer.metrics(of: .caption)
            ops.append(
                .text(title, origin: Point(x: left, y: row.minY + ListMetrics.titleTop + titleMetrics.ascent), .body, titleColor))
            let line = TextLayout.truncated(subtitle, toWidth: width, font: .caption, measurer: measurer)
            let subtitleTop = row.minY + ListMetrics.titleTop + titleMetrics.lineHeight + ListMetrics.subtitleGap
            ops.append(
                .text(
                    line, origin: Point(x: left, y: subtitleTop + captionMetrics.ascent),
                    .caption, strong ? theme.onAccent.withAlpha(ListMetrics.selectedSubtitleAlpha) : theme.secondaryText))
        } else {
            let baseline = titleMetrics.baseline(centredIn: row.minY, height: row.height)
            ops.append(.text(title, origin: Point(x: left, y: baseline), .body, titleColor))
        }
    }
}
