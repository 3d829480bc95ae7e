/// Labelled values, one under the other: the inspector's details.
///
/// The values can be selected and copied as a reader's text is (``TextViewController``):
/// drag, double click a word, triple click a value, Shift with the arrows, Ctrl+A for all,
/// Ctrl+C to copy; what is selected is offered as PRIMARY. The labels are not part of what is
/// selected: the values make one text, one a line, so that a triple click on the path copies
/// the path alone and Ctrl+A copies the values one a line.
open class DetailsViewController: ViewController {
    /// The details as a screen reader reads them: a read-only text of one line per entry, its
    /// label then its value ("Type: PDF document"), named by the pane's title and focused when
    /// the pane has the keys; its caret on the first line.
    ///
    /// Decided: a text rather than a grid of labels: the reader's line and word keys move
    /// through it as through any text, it is the text the pane shows, and Orca reads its
    /// first line as the pane gets the keys (a GTK text view's role: a document's is read only
    /// when asked).
    override open func accessibleNodes(in context: AccessibleContext) -> [AccessibleNode] {
        var node = AccessibleNode(
            id: context.id.appending("details"), role: .text, name: title,
            states: context.baseStates.union([.focusable, .multiLine]).union(context.isFocused ? .focused : []),
            frame: context.window(context.bounds))
        node.text = entries.map { String(translated: "\($0.label): \($0.value)") }.joined(separator: "\n")
        node.caret = 0
        return [node]
    }

    /// The entries, label then value. New entries deselect.
    public var entries: [(label: String, value: String)] {
        didSet {
            layoutKey = nil
            deselect()
            setNeedsDisplay()
        }
    }

    /// The selected part of the values, in UTF-8 offsets of ``selectableText``, or `nil`.
    public private(set) var selection: TextSelection? {
        didSet { if selection != oldValue { setNeedsDisplay() } }
    }

    /// The values one a line: the text ``selection`` indexes.
    public var selectableText: String { entries.map(\.value).joined(separator: "\n") }

    /// The selected text, or `nil` when nothing is selected.
    public var selectedText: String? {
        guard let range = selection?.range, !range.isEmpty else { return nil }
        let text = selectableText, utf8 = text.utf8
        let lower = min(range.lowerBound, utf8.count), upper = min(range.upperBound, utf8.count)
        return String(text[utf8.index(utf8.startIndex, offsetBy: lower)..<utf8.index(utf8.startIndex, offsetBy: upper)])
    }

    /// One value as laid out: its lines, where its text begins in ``selectableText``, and
    /// the top of its label and of its first line.
    private struct Entry {
        var label: String
        var wrapper: TextLayout.Wrapper
        var base: Int
        var labelTop: Double
        var top: Double
    }

    private var laidOut: [Entry] = []
    private var layoutKey: (width: Double, measure: MeasureKey)?
    private var measurer: (any TextMeasurer)?
    private var lineHeight = TextMetrics.lineHeightBeforeLayout
    private var primary = PrimaryOwnership()

    /// Creates a details view.
    public init(title: String, entries: [(label: String, value: String)] = []) {
        self.entries = entries
        super.init(title: title)
    }

    /// Wraps every value to the width (again only when the entries, the width or the
    /// measurer changed).
    override open func viewWillLayoutSubviews(in context: DrawContext) {
        let measurer = context.measurer, bounds = context.bounds, padding = TextViewController.padding
        let body = measurer.metrics(of: .body), caption = measurer.metrics(of: .caption)
        let width = bounds.width - 2 * padding, measure = MeasureKey(measurer, font: .body, metrics: body)
        self.measurer = measurer
        lineHeight = body.lineHeight
        if let key = layoutKey, key.width == width, key.measure == measure { return }
        layoutKey = (width, measure)
        var y = padding, base = 0
        laidOut = entries.map { entry in
            var wrapper = TextLayout.Wrapper(text: entry.value, width: max(1, width), font: .body, measurer: measurer)
            while wrapper.wrapNextParagraph() {}
            let labelTop = y
            y += caption.lineHeight + TextMetrics.labelGap
            let laid = Entry(label: entry.label, wrapper: wrapper, base: base, labelTop: labelTop, top: y)
            y += Double(wrapper.lines.count) * body.lineHeight + TextMetrics.entryGap
            base += entry.value.utf8.count + 1
            return laid
        }
    }

    /// Each entry's label in capitals, then its value wrapped to the width with the selected
    /// part highlighted, down to the bottom of the bounds; what does not fit is not drawn
    /// (the details do not scroll).
    override open func draw(in context: DrawContext) -> [DrawOp] {
        let bounds = context.bounds, measurer = context.measurer, padding = TextViewController.padding
        let caption = measurer.metrics(of: .caption), body = measurer.metrics(of: .body)
        let width = bounds.width - 2 * padding
        var highlights: [DrawOp] = [], ops: [DrawOp] = []
        let range = selection?.range
        for entry in laidOut where bounds.minY + entry.labelTop < bounds.maxY {
            ops.append(
                .text(
                    TextLayout.truncated(entry.label.uppercased(), toWidth: width, font: .caption, measurer: measurer),
                    origin: Point(x: bounds.minX + padding, y: bounds.minY + entry.labelTop + caption.ascent), .caption,
                    context.theme.secondaryText))
            for (index, line) in entry.wrapper.lines.enumerated() {
                let top = bounds.minY + entry.top + Double(index) * lineHeight
                guard top < bounds.maxY else { break }
                if let range,
                    let (from, to) = TextSelectionRules.span(
                        ofLine: index, range, base: entry.base, in: entry.wrapper, font: .body, measurer: measurer)
                {
                    let left = bounds.minX + padding + from
                    highlights.append(
                        .fill(
                            Rect(x: left, y: top, width: max(0, min(to - from, bounds.maxX - left)), height: lineHeight),
                            context.theme.textSelection))
                }
                if !line.isEmpty {
                    ops.append(
                        .text(line, origin: Point(x: bounds.minX + padding, y: top + body.ascent), .body, context.theme.text))
                }
            }
        }
        return highlights + ops
    }

    // MARK: - Selecting

    /// A press begins a selection in the values.
    override open func pointerDown(at point: Point, in bounds: Rect) -> Bool {
        guard let hit = hit(point, in: bounds) else { return false }
        selection = TextSelection(anchor: hit.offset..<hit.offset)
        return true
    }

    /// The pointer drags the selection's head, by the unit the press chose.
    override open func pointerDragged(to point: Point, in bounds: Rect) {
        guard var selection, let hit = hit(point, in: bounds) else { return }
        selection.extend(over: unit(selection.granularity, at: hit))
        self.selection = selection
    }

    /// What the press selected becomes PRIMARY.
    override open func pointerUp(at point: Point, in bounds: Rect) {
        offerSelection()
    }

    /// Selects the word under the pointer.
    override open func doubleClick(at point: Point, in bounds: Rect) -> Bool {
        select(.word, at: point, in: bounds)
    }

    /// Selects the whole value under the pointer (the path, however many lines it takes).
    override open func tripleClick(at point: Point, in bounds: Rect) -> Bool {
        select(.line, at: point, in: bounds)
    }

    /// Shift with Left and Right moves the selection's head by a character, with Up and Down
    /// by a drawn line, with Home and End to the start and end of its value (with Control, of
    /// all the values). With nothing selected the selection begins at the first value.
    override open func keyDown(_ chord: KeyChord, in bounds: Rect) -> Bool {
        guard chord.modifiers.contains(.shift), chord.modifiers.subtracting([.shift, .control]).isEmpty,
            !laidOut.isEmpty, let measurer
        else { return false }
        let control = chord.modifiers.contains(.control)
        var selection = self.selection ?? TextSelection(anchor: 0..<0)
        let text = selectableText, head = selection.head
        let (entryIndex, line) = place(of: head)
        let entry = laidOut[entryIndex]
        let target: Int
        switch chord.key {
        case .left where !control: target = TextSelectionRules.boundary(in: text, before: head)
        case .right where !control: target = TextSelectionRules.boundary(in: text, after: head)
        case .up where !control, .down where !control:
            let lineOffset = entry.wrapper.lineOffset(line: line, forTextOffset: head - entry.base)
            let x = TextSelectionRules.x(ofOffset: lineOffset, in: entry.wrapper.lines[line], font: .body, measurer: measurer)
            var (toEntry, toLine) = (entryIndex, line + (chord.key == .down ? 1 : -1))
            if toLine < 0 {
                guard entryIndex > 0 else { return finish(&selection, 0) }
                toEntry -= 1
                toLine = laidOut[toEntry].wrapper.lines.count - 1
            } else if toLine >= entry.wrapper.lines.count {
                guard entryIndex + 1 < laidOut.count else { return finish(&selection, text.utf8.count) }
                (toEntry, toLine) = (entryIndex + 1, 0)
            }
            let other = laidOut[toEntry]
            let offset = TextSelectionRules.offset(atX: x, in: other.wrapper.lines[toLine], font: .body, measurer: measurer)
            target = other.base + other.wrapper.textOffset(line: toLine, at: offset)
        case .home: target = control ? 0 : entry.base
        case .end: target = control ? text.utf8.count : entry.base + entry.wrapper.text.utf8.count
        default: return false
        }
        return finish(&selection, target)
    }

    /// ``Command/selectAll`` selects every value; ``Command/copy`` puts the selected text on
    /// CLIPBOARD. Neither is handled with nothing to act on.
    override open func perform(_ command: Command, in bounds: Rect) -> Bool {
        switch command {
        case .selectAll:
            guard !entries.isEmpty else { return false }
            selection = .all(selectableText.utf8.count)
            offerSelection()
            return true
        case .copy:
            return primary.copy(selectedText, to: splitViewController)
        default:
            return false
        }
    }

    /// Another program took PRIMARY: the highlight goes.
    override open func selectionTaken(_ selection: Selection) {
        guard selection == .primary else { return }
        primary.taken()
        self.selection = nil
    }

    private func finish(_ selection: inout TextSelection, _ target: Int) -> Bool {
        selection.moveHead(to: target)
        self.selection = selection
        offerSelection()
        return true
    }

    /// Offers what is selected as PRIMARY; nothing selected gives PRIMARY up.
    private func offerSelection() {
        if selectedText == nil { selection = nil }
        primary.offer(selectedText, to: splitViewController)
    }

    /// Deselects; PRIMARY is given up when this view owned it.
    private func deselect() {
        selection = nil
        primary.giveUp(to: splitViewController)
    }

    private func select(_ granularity: TextSelection.Granularity, at point: Point, in bounds: Rect) -> Bool {
        guard let hit = hit(point, in: bounds) else { return false }
        selection = TextSelection(anchor: unit(granularity, at: hit), granularity: granularity)
        offerSelection()
        return true
    }

    // MARK: - Hit testing

    /// A point on the values: the entry, its drawn line, the offset in the line, and the
    /// offset in ``selectableText``.
    private struct Hit {
        var entry: Int
        var line: Int
        var lineOffset: Int
        var offset: Int
    }

    /// The character boundary nearest `point`: on a label, the start of its value; below the
    /// last value, the end of all.
    private func hit(_ point: Point, in bounds: Rect) -> Hit? {
        guard let measurer, !laidOut.isEmpty else { return nil }
        let y = point.y - bounds.minY
        for (index, entry) in laidOut.enumerated() {
            let bottom = entry.top + Double(entry.wrapper.lines.count) * lineHeight
            guard y < bottom || index == laidOut.count - 1 else { continue }
            if y < entry.top { return Hit(entry: index, line: 0, lineOffset: 0, offset: entry.base) }
            let line = min(Int((y - entry.top) / lineHeight), entry.wrapper.lines.count - 1)
            let lineOffset = TextSelectionRules.offset(
                atX: point.x - bounds.minX - TextViewController.padding, in: entry.wrapper.lines[line], font: .body,
                measurer: measurer)
            let offset = y >= bottom ? entry.wrapper.text.utf8.count : entry.wrapper.textOffset(line: line, at: lineOffset)
            return Hit(entry: index, line: line, lineOffset: lineOffset, offset: entry.base + offset)
        }
        return nil
    }

    /// The character boundary, word or value at `hit`, in ``selectableText``'s offsets.
    private func unit(_ granularity: TextSelection.Granularity, at hit: Hit) -> Range<Int> {
        let entry = laidOut[hit.entry]
        switch granularity {
        case .character:
            return hit.offset..<hit.offset
        case .word:
            let word = TextSelectionRules.wordRange(around: hit.lineOffset, in: entry.wrapper.lines[hit.line])
            return
                (entry.base + entry.wrapper.textOffset(line: hit.line, at: word.lowerBound))..<(entry.base
                + entry.wrapper.textOffset(line: hit.line, at: word.upperBound))
        case .line:
            return entry.base..<(entry.base + entry.wrapper.text.utf8.count)
        }
    }

    /// The entry and drawn line that hold `offset`.
    private func place(of offset: Int) -> (entry: Int, line: Int) {
        let index = laidOut.lastIndex { $0.base <= offset } ?? 0
        let wrapper = laidOut[index].wrapper, local = offset - laidOut[index].base
        let line = (0..<wrapper.lines.count).last { wrapper.textOffset(line: $0, at: 0) <= local } ?? 0
        return (index, line)
    }

}
