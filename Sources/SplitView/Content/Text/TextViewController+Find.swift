/// Finding in the text (Ctrl+F): every place the query occurs is highlighted, the current one
/// stronger; Return and F3 go to the next, Shift+Return and Shift+F3 to the previous, the view
/// scrolling to show it.
extension TextViewController {
    /// Finds `query` (see ``TextViewController/find(_:in:)``).
    func findText(_ query: String, in bounds: Rect) {
        let start = finding.currentMatch?.lowerBound ?? firstShownOffset(in: bounds)
        if query.isEmpty {
            finding.clear()
        } else {
            finding.find(query, in: wrapper?.text ?? shownText, from: start)
        }
        revealCurrentMatch(in: bounds)
        setNeedsDisplay()
    }

    /// Return (``Command/activate``), F3 and Shift+F3 while something is being found;
    /// `nil` (not the find's) otherwise.
    func performFindCommand(_ command: Command, in bounds: Rect) -> Bool? {
        let backwards: Bool
        switch command {
        case .activate where isFindNavigatorVisible, .findNext: backwards = false
        case .findPrevious: backwards = true
        default: return nil
        }
        guard !finding.matches.isEmpty else { return isFindNavigatorVisible }
        finding.step(backwards: backwards)
        revealCurrentMatch(in: bounds)
        setNeedsDisplay()
        return true
    }

    /// Scrolls so that the current match shows: its line, in the middle of the view when it
    /// was out of it (as browsers do, so that what comes after it shows too), and sideways its
    /// start when lines run on.
    private func revealCurrentMatch(in bounds: Rect) {
        guard let match = finding.currentMatch else { return }
        let area = textArea(of: bounds)
        let top = Self.padding + Double(line(containing: match.lowerBound)) * lineHeight
        let offset = clampedOffset(height: area.height)
        if top < offset || top + lineHeight > offset + area.height {
            _ = scroll(dy: top - (area.height - lineHeight) / 2 - offset, in: bounds)
        }
        guard !isWrapping, let wrapper, let measurer else { return }
        let index = line(containing: match.lowerBound)
        guard index < wrapper.lines.count else { return }
        let line = wrapper.lines[index]
        let from = TextSelectionRules.x(
            ofOffset: wrapper.lineOffset(line: index, forTextOffset: match.lowerBound), in: line, font: font,
            measurer: measurer)
        let to = TextSelectionRules.x(
            ofOffset: wrapper.lineOffset(line: index, forTextOffset: match.upperBound), in: line, font: font,
            measurer: measurer)
        let width = max(1, bounds.width - 2 * Self.padding)
        if from < horizontalScrollOffset || to > horizontalScrollOffset + width {
            horizontalScrollOffset = max(0, to - width + measurer.width(of: "0", font: font) * 4)
            if from < horizontalScrollOffset { horizontalScrollOffset = max(0, from - measurer.width(of: "0", font: font) * 4) }
        }
    }

    /// The fills behind the matches on drawn lines `lines`, the current one stronger.
    func findHighlights(
        lines: ClosedRange<Int>, _ wrapper: TextLayout.Wrapper, in bounds: Rect, offset: Double, dx: Double,
        _ context: DrawContext
    ) -> [DrawOp] {
        let current = finding.current
        var ops: [DrawOp] = []
        for index in lines {
            let found = finding.matches(overlapping: wrapper.textRange(ofLine: index))
            for match in found {
                guard
                    let (from, to) = TextSelectionRules.span(
                        ofLine: index, finding.matches[match], in: wrapper, font: font, measurer: context.measurer)
                else { continue }
                let top = bounds.minY + Self.padding + Double(index) * lineHeight - offset
                let left = max(bounds.minX + Self.padding + from - dx, bounds.minX)
                let right = min(bounds.minX + Self.padding + to - dx, bounds.maxX)
                guard right > left else { continue }
                let colour = match == current ? context.theme.currentFindMatch : context.theme.findMatch
                ops.append(.fill(Rect(x: left, y: top, width: right - left, height: lineHeight), colour))
            }
        }
        return ops
    }
}
