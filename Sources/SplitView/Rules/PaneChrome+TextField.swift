/// A bar's text field (``NavigationItem/textField``), drawn in the room the bar's buttons
/// leave, in place of the title.
extension PaneChrome {
    /// The field: its box, its label (faint, before the text), the selected characters
    /// highlighted, the text (its end kept in view, where the caret usually is), the caret, and
    /// the message at the box's far end.
    ///
    /// The caret is drawn whether or not the pane has the focus: the field only exists while
    /// it is being edited, and the keys reach it only through its pane.
    func drawTextField(
        _ field: TextField, in room: (start: Double, end: Double), _ theme: Theme, _ measurer: any TextMeasurer,
        into list: inout DisplayList
    ) {
        let bar = LayoutMetrics.navigationBarHeight, padding = TextFieldMetrics.padding
        let box = Rect(
            x: room.start, y: TextFieldMetrics.margin, width: max(0, room.end - room.start),
            height: bar - 2 * TextFieldMetrics.margin - 1)
        guard box.width > 2 * padding else { return }
        list.append(.fill(box, theme.background))
        list.append(.strokeRect(box, theme.accent, width: 1))
        var textRoom = box.width - 2 * padding
        // The label first, whole when it fits in 40 % of the box: a message beside the text
        // ("“a.txt” already exists") is cut before "Rename File" is, which says what is typed.
        let label = field.label.flatMap {
            $0.isEmpty ? nil : TextLayout.truncated($0, toWidth: textRoom * 0.4, font: .caption, measurer: measurer)
        }
        let labelWidth = label.map { measurer.width(of: $0, font: .caption) + padding } ?? 0
        textRoom -= labelWidth
        if let message = field.message, !message.isEmpty {
            let shown = TextLayout.truncated(message, toWidth: textRoom * 0.6, font: .caption, measurer: measurer)
            let width = measurer.width(of: shown, font: .caption)
            let baseline = measurer.metrics(of: .caption).baseline(centredIn: box.minY, height: box.height)
            list.append(.text(shown, origin: Point(x: box.maxX - padding - width, y: baseline), .caption, theme.secondaryText))
            textRoom -= width + padding
        }
        var x = box.minX + padding
        if let label {
            let baseline = measurer.metrics(of: .caption).baseline(centredIn: box.minY, height: box.height)
            list.append(.text(label, origin: Point(x: x, y: baseline), .caption, theme.secondaryText))
            x += labelWidth
        }
        // The text's head is dropped until the caret fits: a long path shows its end.
        let characters = Array(field.text)
        let (first, end) = Self.shownRange(of: characters, caret: field.caret, room: textRoom, measurer)
        let visible = String(characters[first..<end])
        let baseline = measurer.metrics(of: .body).baseline(centredIn: box.minY, height: box.height)
        if let range = field.selectedRange, range.upperBound > first {
            let start = max(first, range.lowerBound), stop = min(end, range.upperBound)
            let left = measurer.width(of: String(characters[first..<start]), font: .body)
            let width = measurer.width(of: String(characters[start..<max(start, stop)]), font: .body)
            list.append(.fill(Rect(x: x + left, y: box.minY + 3, width: width, height: box.height - 6), theme.textSelection))
        }
        if !visible.isEmpty {
            list.append(.text(visible, origin: Point(x: x, y: baseline), .body, theme.text))
        } else if let placeholder = field.placeholder, !placeholder.isEmpty {
            let shown = TextLayout.truncated(placeholder, toWidth: textRoom, font: .body, measurer: measurer)
            list.append(.text(shown, origin: Point(x: x + 2, y: baseline), .body, theme.secondaryText))
        }
        let caretX = x + measurer.width(of: String(characters[first..<max(first, field.caret)]), font: .body)
        list.append(.fill(Rect(x: caretX.rounded(), y: box.minY + 4, width: 1, height: box.height - 8), theme.text))
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
