/// Selecting and copying text, by X11's rules: what the user selects is offered as PRIMARY
/// (a middle click in another program pastes it), ``Command/copy`` puts it on CLIPBOARD, and
/// a selection another program takes is no longer shown.
extension TextViewController {
    /// A press begins a selection at the character boundary under it (deselecting what was
    /// selected); the scroll bar's strip is the split view's and never comes here.
    func selectionPointerDown(at point: Point, in bounds: Rect) -> Bool {
        guard let hit = hit(point, in: bounds) else { return false }
        selection = TextSelection(anchor: hit.offset..<hit.offset)
        return true
    }

    /// The pointer drags the selection's head, by the unit the press chose (characters, or
    /// words after a double click, lines after a triple click); beyond the text's top or
    /// bottom edge it scrolls the text toward the pointer first, as far as it went past.
    func selectionPointerDragged(to point: Point, in bounds: Rect) {
        guard var selection, hasContent else { return }
        let area = textArea(of: bounds)
        if point.y < area.minY {
            _ = scroll(dy: point.y - area.minY, in: bounds)
        } else if point.y > area.maxY {
            _ = scroll(dy: point.y - area.maxY, in: bounds)
        }
        guard let hit = hit(point, in: bounds), let unit = self.unit(selection.granularity, at: hit) else { return }
        selection.extend(over: unit)
        self.selection = selection
    }

    /// The press ends: what it selected becomes PRIMARY; nothing selected gives PRIMARY up.
    func selectionPointerUp(at point: Point, in bounds: Rect) {
        offerSelection()
    }

    /// A double click selects the word under it (a drag from there extends by words).
    func selectionDoubleClick(at point: Point, in bounds: Rect) -> Bool {
        select(.word, at: point, in: bounds)
    }

    /// A triple click selects the file's line under it, without its line break (a drag from
    /// there extends by lines).
    ///
    /// Decided: without the break, so that a path or a command copied from a line pastes
    /// into a shell without running it, as GNOME's text views and browsers do.
    func selectionTripleClick(at point: Point, in bounds: Rect) -> Bool {
        select(.line, at: point, in: bounds)
    }

    /// Shift with Left and Right moves the selection's head by a character, with Up and Down
    /// by a drawn line (keeping its place across), with Page Up and Page Down by a screen
    /// less a line, with Home and End to its drawn line's start and end, and with Control as
    /// well as Home and End to the text's start and end. With nothing selected, the
    /// selection begins at the first line that shows. The head is scrolled into view.
    func selectionKeyDown(_ chord: KeyChord, in bounds: Rect) -> Bool {
        guard chord.modifiers.contains(.shift), hasContent, let measurer, wrapper != nil else { return false }
        let control = chord.modifiers.contains(.control)
        guard chord.modifiers.subtracting([.shift, .control]).isEmpty else { return false }
        var selection = self.selection ?? TextSelection(anchor: firstShownOffset(in: bounds)..<firstShownOffset(in: bounds))
        let head = selection.head, line = self.line(containing: head)
        let page = max(1, Int((textArea(of: bounds).height / lineHeight).rounded(.down)) - 1)
        let target: Int
        switch chord.key {
        case .left where !control: target = TextSelectionRules.boundary(in: wrapper!.text, before: head)
        case .right where !control: target = TextSelectionRules.boundary(in: wrapper!.text, after: head)
        case .up where !control: target = offset(onLine: line - 1, below: head, from: line, measurer)
        case .down where !control: target = offset(onLine: line + 1, below: head, from: line, measurer)
        case .pageUp where !control: target = offset(onLine: line - page, below: head, from: line, measurer)
        case .pageDown where !control: target = offset(onLine: line + page, below: head, from: line, measurer)
        case .home: target = control ? 0 : wrapper!.textRange(ofLine: line).lowerBound
        case .end:
            if control {
                while wrapper!.wrapNextParagraph() {}
                target = wrapper!.text.utf8.count
            } else {
                target = wrapper!.textRange(ofLine: line).upperBound
            }
        default: return false
        }
        selection.moveHead(to: target)
        self.selection = selection
        scrollToShow(textOffset: target, in: bounds)
        offerSelection()
        return true
    }

    /// The selection commands: ``Command/selectAll`` selects the whole text and offers it as
    /// PRIMARY; ``Command/copy`` puts the selected text on CLIPBOARD. Neither is handled with
    /// nothing to act on, so that the key can mean something else.
    func performSelectionCommand(_ command: Command) -> Bool? {
        switch command {
        case .selectAll:
            // The whole text, wrapped or not: nothing to wrap to select it.
            guard hasContent, wrapper != nil else { return false }
            selection = .all(wrapper!.text.utf8.count)
            offerSelection()
            return true
        case .copy:
            return primary.copy(selectedText, to: splitViewController)
        default:
            return nil
        }
    }

    /// The selected text as the text holds it (tabs and control characters as they are),
    /// or `nil` when nothing is selected.
    public var selectedText: String? {
        guard let range = selection?.range, !range.isEmpty, let wrapper else { return nil }
        return wrapper.text(in: range)
    }

    /// Another program took PRIMARY: the highlight goes, as in xterm and GTK, since a middle
    /// click would no longer paste it. CLIPBOARD taken changes nothing shown.
    func loseSelection(_ selection: Selection) {
        guard selection == .primary else { return }
        primary.taken()
        self.selection = nil
    }

    /// Deselects; PRIMARY is given up when this view owned it.
    func deselect() {
        selection = nil
        primary.giveUp(to: splitViewController)
    }

    // MARK: - Offering

    /// Offers the selected text as PRIMARY, or gives PRIMARY up when nothing is selected.
    private func offerSelection() {
        if selectedText == nil { selection = nil }
        primary.offer(selectedText, to: splitViewController)
    }

    // MARK: - Hit testing

    /// A point on the text: the drawn line, the offset in it (UTF-8 bytes of the line) and
    /// the text's offset there.
    struct Hit {
        var line: Int
        var lineOffset: Int
        var offset: Int
    }

    /// The character boundary nearest `point`, wrapping as far as the point's line; above
    /// the text, its start; below, its end; `nil` without text laid out.
    func hit(_ point: Point, in bounds: Rect) -> Hit? {
        guard hasContent, lineHeight > 0, let measurer, wrapper != nil else { return nil }
        let area = textArea(of: bounds)
        let y = point.y - area.minY - Self.padding + clampedOffset(height: area.height)
        guard y >= 0 else { return Hit(line: 0, lineOffset: 0, offset: 0) }
        let line = Int(min(y / lineHeight, Double(Int32.max)))
        wrapper!.wrap(upToLineCount: line + 1)
        let wrapper = wrapper!
        guard line < wrapper.lines.count else {
            let last = wrapper.lines.count - 1
            return Hit(line: last, lineOffset: wrapper.lines[last].utf8.count, offset: wrapper.text.utf8.count)
        }
        let x = point.x - area.minX - Self.padding + sidewaysOffset
        let lineOffset = TextSelectionRules.offset(atX: x, in: wrapper.lines[line], font: font, measurer: measurer)
        return Hit(line: line, lineOffset: lineOffset, offset: wrapper.textOffset(line: line, at: lineOffset))
    }

    /// The text's part of the content bounds: below the notice band.
    func textArea(of bounds: Rect) -> Rect {
        Rect(x: bounds.minX, y: bounds.minY + noticeBand, width: bounds.width, height: max(0, bounds.height - noticeBand))
    }

    /// How far unwrapped lines are scrolled sideways now, as drawing clamps it.
    var sidewaysOffset: Double {
        isWrapping ? 0 : min(max(horizontalScrollOffset, 0), max(0, (wrapped?.widest ?? 0) - textWidth))
    }

    /// Selects the word or line under `point` and offers it; a drag from there extends by
    /// the same unit.
    private func select(_ granularity: TextSelection.Granularity, at point: Point, in bounds: Rect) -> Bool {
        guard let hit = hit(point, in: bounds), let unit = unit(granularity, at: hit) else { return false }
        selection = TextSelection(anchor: unit, granularity: granularity)
        offerSelection()
        return true
    }

    /// The character boundary, word or line at `hit`, as text offsets.
    private func unit(_ granularity: TextSelection.Granularity, at hit: Hit) -> Range<Int>? {
        guard let wrapper else { return nil }
        switch granularity {
        case .character:
            return hit.offset..<hit.offset
        case .word:
            let word = TextSelectionRules.wordRange(around: hit.lineOffset, in: wrapper.lines[hit.line])
            return wrapper.textOffset(
                line: hit.line, at: word.lowerBound)..<wrapper.textOffset(
                    line: hit.line, at: word.upperBound)
        case .line:
            return wrapper.origins[hit.line].paragraph
        }
    }

    // MARK: - Keyboard

    /// The text offset where the first line that shows begins.
    func firstShownOffset(in bounds: Rect) -> Int {
        let area = textArea(of: bounds)
        return hit(Point(x: area.minX, y: area.minY + Self.padding), in: bounds)?.offset ?? 0
    }

    /// The drawn line that holds `offset` (the last one whose range begins at or before it),
    /// wrapping as far as it.
    func line(containing offset: Int) -> Int {
        while let last = wrapper?.origins.last, !wrapper!.isComplete, last.paragraph.upperBound < offset {
            wrapper!.wrapNextParagraph()
        }
        guard let wrapper, !wrapper.lines.isEmpty else { return 0 }
        var low = 0, high = wrapper.lines.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if wrapper.textOffset(line: middle, at: 0) <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The text offset on drawn line `target` (kept within the text) below the place of
    /// `offset` on line `line`: the same distance across, as a caret moves up and down.
    private func offset(onLine target: Int, below offset: Int, from line: Int, _ measurer: any TextMeasurer) -> Int {
        guard wrapper != nil else { return offset }
        if target < 0 { return 0 }
        wrapper!.wrap(upToLineCount: target + 1)
        let wrapper = wrapper!
        guard target < wrapper.lines.count else { return wrapper.text.utf8.count }
        let x = TextSelectionRules.x(
            ofOffset: wrapper.lineOffset(line: line, forTextOffset: offset), in: wrapper.lines[line], font: font,
            measurer: measurer)
        let lineOffset = TextSelectionRules.offset(atX: x, in: wrapper.lines[target], font: font, measurer: measurer)
        return wrapper.textOffset(line: target, at: lineOffset)
    }

    /// Scrolls so that the drawn line holding `textOffset` shows, moving as little as needed.
    func scrollToShow(textOffset: Int, in bounds: Rect) {
        let area = textArea(of: bounds)
        let top = Self.padding + Double(line(containing: textOffset)) * lineHeight
        let offset = clampedOffset(height: area.height)
        if top < offset {
            _ = scroll(dy: top - offset, in: bounds)
        } else if top + lineHeight > offset + area.height {
            _ = scroll(dy: top + lineHeight - offset - area.height, in: bounds)
        }
    }
}
