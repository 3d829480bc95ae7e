/// How the text view draws its lines.
extension TextViewController {
    /// The placeholder, or the lines that show with the matches and the selection behind
    /// them, and the scroll bar.
    func drawText(in bounds: Rect, _ context: DrawContext, metrics: FontMetrics) -> [DrawOp] {
        let measurer = context.measurer
        if !hasContent {
            let line = TextLayout.truncated(
                placeholder, toWidth: bounds.width - 2 * Self.padding, font: .body, measurer: measurer)
            return [
                .text(
                    line, origin: Point(x: bounds.minX + Self.padding, y: bounds.minY + Self.padding + metrics.ascent),
                    .body, context.theme.secondaryText)
            ]
        }
        // Not laid out yet (a caller that draws without the split view): nothing to show.
        guard let lines = wrapper?.lines, lineHeight > 0 else { return [] }
        // The offset as layout keeps it; read, not stored, so that drawing changes nothing.
        let offset = clampedOffset(height: bounds.height)
        let first = max(0, Int((offset - Self.padding) / lineHeight))
        let last = min(lines.count - 1, Int((offset + bounds.height) / lineHeight) + 1)
        let width = max(1, bounds.width - 2 * Self.padding)
        // Sideways, as layout keeps it; wrapped lines never scroll sideways.
        let dx = isWrapping ? 0 : min(max(horizontalScrollOffset, 0), max(0, (wrapped?.widest ?? 0) - width))
        var ops: [DrawOp] = []
        if first <= last, !finding.matches.isEmpty, let wrapper {
            ops += findHighlights(lines: first...last, wrapper, in: bounds, offset: offset, dx: dx, context)
        }
        if first <= last, let range = selection?.range, !range.isEmpty, let wrapper {
            for index in first...last {
                guard
                    let (from, to) = TextSelectionRules.span(
                        ofLine: index, range, in: wrapper, font: font, measurer: measurer)
                else { continue }
                let top = bounds.minY + Self.padding + Double(index) * lineHeight - offset
                let left = max(bounds.minX + Self.padding + from - dx, bounds.minX)
                let right = min(bounds.minX + Self.padding + to - dx, bounds.maxX)
                if right > left {
                    ops.append(.fill(Rect(x: left, y: top, width: right - left, height: lineHeight), context.theme.textSelection))
                }
            }
        }
        if first <= last {
            for index in first...last where !lines[index].isEmpty {
                let y = bounds.minY + Self.padding + Double(index) * lineHeight - offset + metrics.ascent
                if isWrapping {
                    ops.append(.text(lines[index], origin: Point(x: bounds.minX + Self.padding, y: y), font, context.theme.text))
                } else if let (part, x) = visiblePart(of: lines[index], from: dx, width: width, measurer: measurer) {
                    let origin = Point(x: bounds.minX + Self.padding + x, y: y)
                    ops.append(.text(part, origin: origin, font, context.theme.text))
                }
            }
        }
        ops += ScrollBar.ops(ScrollExtent(contentHeight: contentHeight, offset: offset, visible: bounds), theme: context.theme)
        return ops
    }

    /// The characters of an unwrapped `line` that show in a text area `width` wide scrolled
    /// `offset` points sideways, and where the first begins (from the area's left edge):
    /// those that begin at or after `offset`, up to the area's right edge. A character cut by
    /// the left edge is left out rather than drawn over the margin; `nil` when none shows.
    func visiblePart(
        of line: String, from offset: Double, width: Double, measurer: any TextMeasurer
    )
        -> (String, Double)?
    {
        // A thousandth of a point absorbs the sums' rounding: a character that begins at the
        // offset, or at the right edge, is in, whatever the last bits of the additions say.
        let slack = 0.001
        var x = 0.0, start: String.Index?, startX = 0.0, end = line.endIndex
        for index in line.indices {
            if x > offset + width + slack {
                end = index
                break
            }
            if start == nil && x >= offset - slack {
                start = index
                startX = x
            }
            x += measurer.width(of: String(line[index]), font: font)
        }
        guard let start, start < end else { return nil }
        return (String(line[start..<end]), startX - offset)
    }
}
