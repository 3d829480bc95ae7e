/// Read-only text that wraps to the pane's width and scrolls; only the visible lines are
/// drawn, and only as much of the text is wrapped as has been shown: a 2 MB file resized
/// a pixel at a time wraps its first screen, not its whole length.
open class TextViewController: ViewController {
    /// The text; newlines start new paragraphs.
    public var text: String {
        didSet {
            guard text != oldValue else { return }
            wrapper = nil
            scrollOffset = 0
            setNeedsDisplay()
        }
    }

    /// Shown when the text is empty. A change is drawn: the browser's "Loading…" turns into
    /// "“doc” is a folder" when a folder's listing arrives, with the text empty both times.
    public var placeholder: String {
        didSet { if placeholder != oldValue { setNeedsDisplay() } }
    }

    /// How far the text is scrolled, in points. Setting it (restoring a saved offset) is
    /// clamped to the text when it is next laid out or scrolled.
    public var scrollOffset = 0.0 {
        didSet { if scrollOffset != oldValue { setNeedsDisplay() } }
    }

    /// A one-line note shown in a band above the text ("First 4 MiB of 2.1 GB shown",
    /// "Cannot open: …"), or `nil`.
    public var notice: String? {
        didSet { if notice != oldValue { setNeedsDisplay() } }
    }

    /// The margin around the text, in points (``TextMetrics/padding``).
    public static let padding = TextMetrics.padding

    private var wrapper: TextLayout.Wrapper? {
        didSet {
            wrapped = wrapper.map { (lines: $0.lines.count, estimate: $0.estimatedLineCount, isComplete: $0.isComplete) }
        }
    }
    /// The wrapper's line count, estimate and completeness, kept beside it: a layout with nothing
    /// to do reads these instead of copying the wrapper (its text, lines and measurer), which
    /// cost more than the rest of the pass.
    private var wrapped: (lines: Int, estimate: Double, isComplete: Bool)?
    private var wrapWidth = 0.0
    /// What the wrapper was measured with, to know a changed measurer (another font or
    /// scale) without comparing measurers, which need not be equatable.
    private var wrapMeasure: MeasureKey?
    private var lineHeight = TextMetrics.lineHeightBeforeLayout

    /// Creates a text view.
    public init(title: String, text: String = "", placeholder: String = "") {
        self.text = text
        self.placeholder = placeholder
        super.init(title: title)
    }

    /// All the wrapped lines at a content `width` (wrapping the rest of the text if needed).
    public func lines(forWidth width: Double, measurer: any TextMeasurer) -> [String] {
        prepareWrapper(width: width, measurer: measurer, metrics: measurer.metrics(of: .body))
        while wrapper!.wrapNextParagraph() {}
        return wrapper!.lines
    }

    /// Records the line height, wraps the text to the width (again only when the width, the
    /// measurer or the text changed) through the lines the scroll offset shows, and keeps the
    /// offset within the text. With nothing changed it measures one space and wraps nothing.
    override open func viewWillLayoutSubviews(in context: DrawContext) {
        let body = context.measurer.metrics(of: .body)
        lineHeight = body.lineHeight
        guard !text.isEmpty else { return }
        let bounds = textBounds(in: context)
        prepareWrapper(width: bounds.width, measurer: context.measurer, metrics: body)
        clampScroll(height: bounds.height)
    }

    /// Draws the notice band and the lines that show, as the last layout left them.
    override open func draw(in context: DrawContext) -> [DrawOp] {
        let measurer = context.measurer, bounds = textBounds(in: context)
        var band: [DrawOp] = []
        if let notice {
            let all = context.bounds, caption = measurer.metrics(of: .caption), height = bounds.minY - all.minY
            let line = TextLayout.truncated(notice, toWidth: all.width - 2 * Self.padding, font: .caption, measurer: measurer)
            band = [
                .fill(Rect(x: all.minX, y: all.minY, width: all.width, height: height), context.theme.selection),
                .text(
                    line, origin: Point(x: all.minX + Self.padding, y: caption.baseline(centredIn: all.minY, height: height)),
                    .caption, context.theme.text),
            ]
        }
        return band + drawText(in: bounds, context, metrics: measurer.metrics(of: .body))
    }

    /// The part of the content the text takes: all of it, less the notice band when there is
    /// a notice.
    private func textBounds(in context: DrawContext) -> Rect {
        let bounds = context.bounds
        guard notice != nil else { return bounds }
        let height = (context.measurer.metrics(of: .caption).lineHeight + TextMetrics.noticePadding).rounded()
        return Rect(x: bounds.minX, y: bounds.minY + height, width: bounds.width, height: max(0, bounds.height - height))
    }

    private func drawText(in bounds: Rect, _ context: DrawContext, metrics: FontMetrics) -> [DrawOp] {
        let measurer = context.measurer
        if text.isEmpty {
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
        let offset = scrollOffset.isFinite ? min(max(scrollOffset, 0), max(0, contentHeight - bounds.height)) : 0
        let first = max(0, Int((offset - Self.padding) / lineHeight))
        let last = min(lines.count - 1, Int((offset + bounds.height) / lineHeight) + 1)
        var ops: [DrawOp] = []
        if first <= last {
            for index in first...last where !lines[index].isEmpty {
                let y = bounds.minY + Self.padding + Double(index) * lineHeight - offset + metrics.ascent
                ops.append(.text(lines[index], origin: Point(x: bounds.minX + Self.padding, y: y), .body, context.theme.text))
            }
        }
        ops += ScrollIndicator.ops(contentHeight: contentHeight, offset: offset, in: bounds, theme: context.theme)
        return ops
    }

    /// Scrolls by `dy` points, wrapping as far as the new offset shows and keeping it within
    /// the text; always handled.
    override open func scroll(dy: Double, in bounds: Rect) -> Bool {
        let before = scrollOffset
        scrollOffset += dy
        clampScroll(height: bounds.height)
        if scrollOffset != before { setNeedsDisplay() }
        return true
    }

    /// Up and Down scroll by a line, Page Up and Page Down by a screen less a line, Home and
    /// End to the top and the end (End wraps the rest of the text to find it).
    override open func perform(_ command: Command, in bounds: Rect) -> Bool {
        let page = max(lineHeight, bounds.height - lineHeight)
        switch command {
        case .selectNext: return scroll(dy: lineHeight, in: bounds)
        case .selectPrevious: return scroll(dy: -lineHeight, in: bounds)
        case .pageDown: return scroll(dy: page, in: bounds)
        case .pageUp: return scroll(dy: -page, in: bounds)
        case .scrollToTop: return scroll(dy: -.greatestFiniteMagnitude, in: bounds)
        case .scrollToEnd: return scroll(dy: .greatestFiniteMagnitude, in: bounds)
        default: return false
        }
    }

    /// Starts the wrapping over when there is none yet, or the width or the measurer changed.
    private func prepareWrapper(width: Double, measurer: any TextMeasurer, metrics: FontMetrics) {
        let textWidth = max(1, width - 2 * Self.padding)
        let measure = MeasureKey(measurer, metrics: metrics)
        if wrapped == nil || wrapWidth != textWidth || wrapMeasure != measure {
            wrapper = TextLayout.Wrapper(text: text, width: textWidth, font: .body, measurer: measurer)
            wrapWidth = textWidth
            wrapMeasure = measure
        }
    }

    /// The height of the whole text: exact once wrapped to the end, else estimated from the
    /// part wrapped so far (lines per byte), which is all a scroll bar needs.
    private var contentHeight: Double {
        guard let wrapped else { return 0 }
        return wrapped.estimate * lineHeight + 2 * Self.padding
    }

    /// Wraps through the last line showing at the scroll offset (so that scrolling to the end
    /// finds the exact end), then keeps the offset within the text. Clamping only moves the
    /// offset up, to lines already wrapped.
    private func clampScroll(height: Double) {
        if !scrollOffset.isFinite { scrollOffset = scrollOffset > 0 ? .greatestFiniteMagnitude : 0 }
        let wanted = min(max(0, scrollOffset), 1e12)
        let needed = Int(min((wanted + height) / lineHeight + 2, Double(Int32.max)))
        // Asked first so that a layout with enough lines wrapped does not touch the wrapper.
        if let wrapped, wrapped.lines < needed, !wrapped.isComplete {
            wrapper?.wrap(upToLineCount: needed)
        }
        let clamped = min(max(scrollOffset, 0), max(0, contentHeight - height))
        if clamped != scrollOffset { scrollOffset = clamped }
    }
}

/// What tells one measurer of the body font from another without comparing the measurers: its
/// type, the font's vertical metrics and the width of a space. A measurer that kept all three
/// but measured words differently would not be noticed; hosts change fonts as a whole.
private struct MeasureKey: Equatable {
    var type: ObjectIdentifier
    var metrics: FontMetrics
    var space: Double

    init(_ measurer: any TextMeasurer, metrics: FontMetrics) {
        type = ObjectIdentifier(Swift.type(of: measurer))
        self.metrics = metrics
        space = measurer.width(of: " ", font: .body)
    }
}

/// The text views' drawing numbers, in points.
public enum TextMetrics {
    /// The margin around the text, and around the details' entries.
    public static let padding: Double = 16
    /// Added to a caption line's height to make the notice band above the text.
    public static let noticePadding: Double = 12
    /// Between a detail's label and its value.
    public static let labelGap: Double = 2
    /// After a detail's value, before the next label.
    public static let entryGap: Double = 12
    /// The line height a text view assumes until its first layout measures the body font: what
    /// a scroll command sent before the pane was ever drawn moves by. (UIKit is silent; it is
    /// the body font's 13 pt size at a 1.25 line spacing, rounded.)
    public static let lineHeightBeforeLayout: Double = 16
}
