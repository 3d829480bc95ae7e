/// A bar's text field (``NavigationItem/textField``), drawn in the room the bar's buttons
/// leave, in place of the title.
extension PaneChrome {
    /// Where a field's parts go in the bar: worked out once, for drawing and for the caret
    /// an input method is told about, so that the two cannot disagree.
    struct FieldLayout {
        /// The field's box.
        var box: Rect
        /// The label as it fits, and where its text starts.
        var label: (text: String, x: Double)?
        /// The message as it fits, and where its text starts.
        var message: (text: String, x: Double)?
        /// Where the text starts.
        var textX: Double
        /// The characters shown: the text with the input method's marked text at the caret.
        var characters: [Character]
        /// The characters that fit in the box.
        var shown: Range<Int>
        /// The marked text's characters, if any.
        var marked: Range<Int>?
        /// The caret, in ``characters``.
        var caret: Int
        /// The width the text may take.
        var textRoom: Double
    }

    /// The layout of `field` in `room` of the bar, or nil when the room is too narrow for
    /// a box.
    func fieldLayout(_ field: TextField, in room: (start: Double, end: Double), _ measurer: any TextMeasurer) -> FieldLayout? {
        let bar = LayoutMetrics.navigationBarHeight, padding = TextFieldMetrics.padding
        let box = Rect(
            x: room.start, y: TextFieldMetrics.margin, width: max(0, room.end - room.start),
            height: bar - 2 * TextFieldMetrics.margin - 1)
        guard box.width > 2 * padding else { return nil }
        var textRoom = box.width - 2 * padding
        // The label first, whole when it fits in 40 % of the box: a message beside the text
        // ("“a.txt” already exists") is cut before "Rename File" is, which says what is typed.
        let label = field.label.flatMap {
            $0.isEmpty ? nil : TextLayout.truncated($0, toWidth: textRoom * 0.4, font: .caption, measurer: measurer)
        }
        let labelWidth = label.map { measurer.width(of: $0, font: .caption) + padding } ?? 0
        textRoom -= labelWidth
        var message: (text: String, x: Double)?
        if let text = field.message, !text.isEmpty {
            let shown = TextLayout.truncated(text, toWidth: textRoom * 0.6, font: .caption, measurer: measurer)
            let width = measurer.width(of: shown, font: .caption)
            message = (shown, box.maxX - padding - width)
            textRoom -= width + padding
        }
        let x = box.minX + padding
        // The input method's marked text shows at the caret, its own caret inside it.
        var characters = Array(field.text)
        let caret = min(max(0, field.caret), characters.count)
        var marked: Range<Int>?
        var shownCaret = caret
        if !field.markedText.isEmpty {
            let markedCharacters = Array(field.markedText)
            characters.insert(contentsOf: markedCharacters, at: caret)
            marked = caret..<caret + markedCharacters.count
            shownCaret = caret + field.markedSelectedRange.lowerBound
        }
        // The text's head is dropped until the caret fits: a long path shows its end.
        let (first, end) = Self.shownRange(of: characters, caret: shownCaret, room: textRoom, measurer)
        return FieldLayout(
            box: box, label: label.map { ($0, x) }, message: message, textX: x + labelWidth, characters: characters,
            shown: first..<end, marked: marked, caret: shownCaret, textRoom: textRoom)
    }

    /// The caret's rectangle in `layout`, in pane coordinates.
    func caretRect(in layout: FieldLayout, _ measurer: any TextMeasurer) -> Rect {
        let first = layout.shown.lowerBound
        let caretX = layout.textX + measurer.width(of: String(layout.characters[first..<max(first, layout.caret)]), font: .body)
        return Rect(x: caretX.rounded(), y: layout.box.minY + 4, width: 1, height: layout.box.height - 8)
    }

    /// Where the bar's text field's caret is, in pane coordinates; nil without a field (or
    /// room for it). What a host tells an input method (XIM's spot location), so that the
    /// preedit and the candidates show beside the caret.
    func textFieldCaretRect(_ measurer: any TextMeasurer) -> Rect? {
        guard let textField, let layout = fieldLayout(textField, in: titleRoom, measurer) else { return nil }
        return caretRect(in: layout, measurer)
    }

    /// The field: its box, its label (faint, before the text), the selected characters
    /// highlighted, the text (its end kept in view, where the caret usually is), the input
    /// method's marked text underlined at the caret, the caret, and the message at the box's
    /// far end.
    ///
    /// The caret is drawn whether or not the pane has the focus: the field only exists while
    /// it is being edited, and the keys reach it only through its pane.
    func drawTextField(
        _ field: TextField, in room: (start: Double, end: Double), _ theme: Theme, _ measurer: any TextMeasurer,
        into list: inout DisplayList
    ) {
        guard let layout = fieldLayout(field, in: room, measurer) else { return }
        let box = layout.box
        list.append(.fill(box, theme.background))
        list.append(.strokeRect(box, theme.accent, width: 1))
        let captionBaseline = measurer.metrics(of: .caption).baseline(centredIn: box.minY, height: box.height)
        if let message = layout.message {
            list.append(.text(message.text, origin: Point(x: message.x, y: captionBaseline), .caption, theme.secondaryText))
        }
        if let label = layout.label {
            list.append(.text(label.text, origin: Point(x: label.x, y: captionBaseline), .caption, theme.secondaryText))
        }
        let characters = layout.characters, first = layout.shown.lowerBound, end = layout.shown.upperBound
        let x = layout.textX
        let visible = String(characters[first..<end])
        let baseline = measurer.metrics(of: .body).baseline(centredIn: box.minY, height: box.height)
        // The selection (there is none while the input method composes: it replaced it).
        if layout.marked == nil, let range = field.selectedRange, range.upperBound > first {
            let start = max(first, range.lowerBound), stop = min(end, range.upperBound)
            let left = measurer.width(of: String(characters[first..<start]), font: .body)
            let width = measurer.width(of: String(characters[start..<max(start, stop)]), font: .body)
            list.append(.fill(Rect(x: x + left, y: box.minY + 3, width: width, height: box.height - 6), theme.textSelection))
        }
        if !visible.isEmpty {
            list.append(.text(visible, origin: Point(x: x, y: baseline), .body, theme.text))
        } else if let placeholder = field.placeholder, !placeholder.isEmpty {
            let shown = TextLayout.truncated(placeholder, toWidth: layout.textRoom, font: .body, measurer: measurer)
            list.append(.text(shown, origin: Point(x: x + 2, y: baseline), .body, theme.secondaryText))
        }
        // The marked text underlined, as input methods' preedits are shown (GTK, Qt).
        if let marked = layout.marked, marked.upperBound > first, marked.lowerBound < end {
            let start = max(first, marked.lowerBound), stop = min(end, marked.upperBound)
            let left = measurer.width(of: String(characters[first..<start]), font: .body)
            let width = measurer.width(of: String(characters[start..<stop]), font: .body)
            list.append(
                .fill(Rect(x: (x + left).rounded(), y: (baseline + 2).rounded(), width: width.rounded(), height: 1), theme.text))
        }
        list.append(.fill(caretRect(in: layout, measurer), theme.text))
    }
}

extension PaneChrome {
    /// The characters of a field's text that show in `room` points: from the first whose run
    /// to the caret fits (the text's end shows when it is longer than the room), to the last
    /// that still fits after it.
    ///
    /// Both ends are found by halving, since a longer run is never narrower: a few measures
    /// of the text, never one per character (a 10 KB line measured once per character took
    /// seconds at every frame).
    static func shownRange(
        of characters: [Character], caret: Int, room: Double, _ measurer: any TextMeasurer
    ) -> (first: Int, end: Int) {
        let caret = min(max(0, caret), characters.count)
        func fits(_ range: Range<Int>) -> Bool {
            range.isEmpty || measurer.width(of: String(characters[range]), font: .body) <= room
        }
        // The smallest `first` whose run to the caret fits: `low` never fits, `high` always does.
        var first = 0
        if !fits(0..<caret) {
            var low = 0, high = caret
            while high - low > 1 {
                let middle = (low + high) / 2
                if fits(middle..<caret) { high = middle } else { low = middle }
            }
            first = high
        }
        // The largest `end` whose run from `first` fits: `low` always does, `high` never.
        var end = characters.count
        if !fits(first..<end) {
            var low = first, high = end
            while high - low > 1 {
                let middle = (low + high) / 2
                if fits(first..<middle) { low = middle } else { high = middle }
            }
            end = low
        }
        return (first, end)
    }
}

/// The bar's text field's measures, in points.
enum TextFieldMetrics {
    /// From the bar's top and bottom to the field's box.
    static let margin: Double = 6
    /// From the box's sides to the text.
    static let padding: Double = 6
}
