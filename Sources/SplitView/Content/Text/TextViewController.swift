/// Read-only text that wraps to the pane's width (or scrolls sideways) and scrolls; only the
/// visible lines are drawn, and only as much of the text is wrapped as has been shown: a 2 MB
/// file resized a pixel at a time wraps its first screen, not its whole length. Tabs and
/// control characters draw as ``VisibleText`` shows them; a ``hexDump`` shows bytes instead.
open class TextViewController: ViewController {
    /// A document with its text (the file's, or the picture's description), its selection
    /// and, as a read-only text's caret, where the selection's moving end is.
    override open func accessibleNodes(in context: AccessibleContext) -> [AccessibleNode] {
        [accessibleNotice(in: context), accessibleDocument(in: context)].compactMap { $0 }
    }

    /// The text; newlines start new paragraphs.
    public var text: String {
        didSet {
            guard text != oldValue else { return }
            contentDidChange()
        }
    }

    /// Bytes to show as a hex dump (``HexDumpLayout``) instead of ``text``, or `nil`. The
    /// dump's row is 16, 8 or 4 bytes, the widest the pane fits in ``font``, chosen in the
    /// layout pass; it never wraps, whatever ``wrapsLines`` says.
    public var hexDump: [UInt8]? {
        didSet {
            guard hexDump != oldValue else { return }
            contentDidChange()
        }
    }

    /// A picture to show instead of the text and the dump, scaled to fit the pane
    /// (`TextViewController+Image.swift`), or `nil`.
    public var image: ImagePixels? {
        didSet { if image != oldValue { contentDidChange() } }
    }

    /// The font the text is set in: ``FontRole/body`` by default; a file reader sets
    /// ``FontRole/monospace`` so that code and tables keep their columns.
    public var font: FontRole = .body {
        didSet { if font != oldValue { contentDidChange(keepingOffsets: true) } }
    }

    /// Whether long lines wrap to the pane's width (the default) or run on and scroll
    /// sideways (``horizontalScrollOffset``). ``Command/toggleLineWrapping`` switches it.
    public var wrapsLines = true {
        didSet {
            guard wrapsLines != oldValue else { return }
            horizontalScrollOffset = 0
            contentDidChange(keepingOffsets: true)
        }
    }

    /// How far unwrapped text is scrolled sideways, in points; clamped to the widest line
    /// shown when next laid out or scrolled.
    public var horizontalScrollOffset = 0.0 {
        didSet { if horizontalScrollOffset != oldValue { setNeedsDisplay() } }
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
        didSet {
            guard notice != oldValue else { return }
            setNeedsDisplay()
            noticeDidChange?()
        }
    }

    /// Called after ``notice`` changes: an app that lets its messages go after a while (the
    /// browser's band) starts its timer here.
    public var noticeDidChange: (() -> Void)?

    /// The selected text, in UTF-8 offsets of ``text`` (of the dump's text for a
    /// ``hexDump``), or `nil`. The user selects by dragging, double and triple clicks, Shift
    /// with the arrows and Page keys, and ``Command/selectAll``; what they select is offered
    /// to other programs as X's PRIMARY selection, and ``Command/copy`` puts it on CLIPBOARD.
    /// Setting it selects without offering it (as UIKit's `selectedRange` does). New content
    /// deselects; a new width or font keeps it, being the text's own offsets.
    public internal(set) var selection: TextSelection? {
        didSet { if selection != oldValue { setNeedsDisplay() } }
    }

    /// Whether this view owns PRIMARY with its selection.
    var primary = PrimaryOwnership()

    /// What Ctrl+F found (``TextFind``).
    var finding = TextFind()

    /// Whether the shown text draws as it is (``VisibleText/drawsAsIs(_:)``), asked once per
    /// text rather than of each paragraph at each re-wrap; `nil` until the next wrapping.
    private var shownTextDrawsAsIs: Bool?

    /// The measurer of the last layout: what maps a click to a character.
    var measurer: (any TextMeasurer)?

    /// The margin around the text, in points (``TextMetrics/padding``).
    public static let padding = TextMetrics.padding

    var wrapper: TextLayout.Wrapper? {
        didSet {
            wrapped = wrapper.map {
                (lines: $0.lines.count, estimate: $0.estimatedLineCount, isComplete: $0.isComplete, widest: $0.widestLineWidth)
            }
        }
    }
    /// The wrapper's line count, estimate, completeness and widest line, kept beside it: a
    /// layout with nothing to do reads these instead of copying the wrapper (its text, lines
    /// and measurer), which cost more than the rest of the pass.
    private(set) var wrapped: (lines: Int, estimate: Double, isComplete: Bool, widest: Double)?
    /// The hex dump's bytes a row, as the last layout chose them.
    private var bytesPerRow = HexDumpLayout.bytesPerRowChoices[0]
    /// The width of the text area (the pane less the padding) at the last layout.
    private(set) var textWidth = 0.0
    private var wrapWidth = 0.0
    /// What the wrapper was measured with, to know a changed measurer (another font or
    /// scale) without comparing measurers, which need not be equatable.
    private var wrapMeasure: MeasureKey?
    private(set) var lineHeight = TextMetrics.lineHeightBeforeLayout
    /// The notice band's height as the last layout measured it (for the scroll bar).
    private(set) var noticeBand = 0.0

    /// Creates a text view.
    public init(title: String, text: String = "", placeholder: String = "") {
        self.text = text
        self.placeholder = placeholder
        super.init(title: title)
    }

    /// All the lines as drawn at a content `width` (wrapping the rest of the text if needed).
    public func lines(forWidth width: Double, measurer: any TextMeasurer) -> [String] {
        chooseBytesPerRow(width: width, measurer: measurer)
        prepareWrapper(width: width, measurer: measurer, metrics: measurer.metrics(of: font))
        while wrapper!.wrapNextParagraph() {}
        return wrapper!.lines
    }

    /// Records the line height, chooses the hex dump's row, wraps the text to the width (again
    /// only when the width, the measurer or the text changed) through the lines the scroll
    /// offset shows, and keeps the offsets within the text. With nothing changed it measures
    /// one space and wraps nothing.
    ///
    /// Without content nothing of the text's font is read: a host may open that font (the
    /// monospace face) only once some text is to be set in it.
    override open func viewWillLayoutSubviews(in context: DrawContext) {
        measurer = context.measurer
        noticeBand = Self.noticeBand(notice, context.measurer)
        guard hasContent else { return }
        let metrics = context.measurer.metrics(of: font)
        lineHeight = metrics.lineHeight
        let bounds = textBounds(in: context)
        chooseBytesPerRow(width: bounds.width, measurer: context.measurer)
        prepareWrapper(width: bounds.width, measurer: context.measurer, metrics: metrics)
        clampScroll(height: bounds.height)
        // New text while the find field is open: its matches, from the top, not scrolled to.
        if finding.needsSearch, let wrapper { finding.find(finding.query, in: wrapper.text, from: 0) }
    }

    /// True when there is text or a dump to show (else the placeholder shows).
    var hasContent: Bool { hexDump.map { !$0.isEmpty } ?? !text.isEmpty }

    /// True when lines wrap now: asked for, and not a hex dump.
    var isWrapping: Bool { wrapsLines && hexDump == nil }

    /// The text the lines are made of: the dump at the chosen row, or ``text``.
    var shownText: String {
        hexDump.map { HexDumpLayout.text($0, bytesPerRow: bytesPerRow) } ?? text
    }

    /// New content or a new font: lines to make again; new content also scrolls to the top.
    private func contentDidChange(keepingOffsets: Bool = false) {
        wrapper = nil
        shownTextDrawsAsIs = nil
        if !keepingOffsets {
            deselect()
            finding.textChanged()
            scrollOffset = 0
            horizontalScrollOffset = 0
        }
        setNeedsDisplay()
    }

    /// The dump's row: the widest of 16, 8 or 4 bytes whose row fits the text's width in the
    /// width of a digit. A change makes the lines again.
    private func chooseBytesPerRow(width: Double, measurer: any TextMeasurer) {
        guard hexDump != nil else { return }
        let digit = measurer.width(of: "0", font: font)
        let room = max(1, width - 2 * Self.padding)
        let columns = digit > 0 ? Int(min(room / digit, 1e6)) : Int.max
        let chosen = HexDumpLayout.bytesPerRow(fitting: columns)
        if chosen != bytesPerRow {
            bytesPerRow = chosen
            wrapper = nil
            shownTextDrawsAsIs = nil
            // The dump's text changed with its rows: its offsets mean other bytes now.
            deselect()
            finding.textChanged()
        }
    }

    /// Draws the notice band and the lines that show, as the last layout left them.
    override open func draw(in context: DrawContext) -> [DrawOp] {
        if let image { return drawImage(image, in: context) }
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
        // The placeholder is set in the body font, and placed by its metrics. The band goes over
        // the text: a line the offset leaves partly above the text's area is covered, not drawn
        // over the band (the newcomer's first line over "Showing the first 2.1 MB…").
        return drawText(in: bounds, context, metrics: measurer.metrics(of: hasContent ? font : .body)) + band
    }

    /// The part of the content the text takes: all of it, less the notice band when there is
    /// a notice.
    private func textBounds(in context: DrawContext) -> Rect {
        let bounds = context.bounds
        let height = Self.noticeBand(notice, context.measurer)
        guard height > 0 else { return bounds }
        return Rect(x: bounds.minX, y: bounds.minY + height, width: bounds.width, height: max(0, bounds.height - height))
    }

    /// The notice band's height: none without a notice.
    private static func noticeBand(_ notice: String?, _ measurer: any TextMeasurer) -> Double {
        guard notice != nil else { return 0 }
        return (measurer.metrics(of: .caption).lineHeight + TextMetrics.noticePadding).rounded()
    }

    /// Scrolls unwrapped text sideways by `dx` points, kept between the left edge and the
    /// widest line shown; not handled (so that the split view's horizontal gesture acts) when
    /// the lines wrap or all fit.
    override open func scroll(dx: Double, in bounds: Rect) -> Bool {
        guard !isWrapping, hasContent, let widest = wrapped?.widest, widest > textWidth, dx.isFinite else { return false }
        horizontalScrollOffset = min(max(horizontalScrollOffset + dx, 0), widest - textWidth)
        return true
    }

    /// The text's height as wrapped so far (an estimate past that) and the offset, for the
    /// scroll bar, in the text's own bounds (below the notice band, if any).
    override open func scrollExtent(in bounds: Rect) -> ScrollExtent? {
        if image != nil { return nil }
        let visible = Rect(
            x: bounds.minX, y: bounds.minY + noticeBand, width: bounds.width, height: max(0, bounds.height - noticeBand))
        let offset = clampedOffset(height: visible.height)
        return ScrollExtent(contentHeight: contentHeight, offset: offset, visible: visible)
    }

    /// A line of text: a wheel notch scrolls three.
    override open func scrollLine(in bounds: Rect) -> Double { lineHeight }

    /// A press begins a selection at the character boundary under it (``selection``).
    override open func pointerDown(at point: Point, in bounds: Rect) -> Bool {
        selectionPointerDown(at: point, in: bounds)
    }

    /// The pointer drags the selection's head, scrolling past the text's edges.
    override open func pointerDragged(to point: Point, in bounds: Rect) {
        selectionPointerDragged(to: point, in: bounds)
    }

    /// What the press selected becomes PRIMARY.
    override open func pointerUp(at point: Point, in bounds: Rect) {
        selectionPointerUp(at: point, in: bounds)
    }

    /// Selects the word under the pointer.
    override open func doubleClick(at point: Point, in bounds: Rect) -> Bool {
        selectionDoubleClick(at: point, in: bounds)
    }

    /// Selects the file's line under the pointer.
    override open func tripleClick(at point: Point, in bounds: Rect) -> Bool {
        selectionTripleClick(at: point, in: bounds)
    }

    /// Shift with the arrows, Page and Home and End keys extends the selection.
    override open func keyDown(_ chord: KeyChord, in bounds: Rect) -> Bool {
        selectionKeyDown(chord, in: bounds)
    }

    /// Another program took PRIMARY: the highlight goes.
    override open func selectionTaken(_ selection: Selection) {
        loseSelection(selection)
    }

    /// Text can be searched: Ctrl+F highlights every place the query occurs; a picture
    /// (``image``) cannot.
    override open var isFindInteractionEnabled: Bool { image == nil }

    /// Highlights every place `query` occurs, ignoring case, and goes to the first at or
    /// after the top of the view (or the match it is on, while the query grows).
    override open func find(_ query: String, in bounds: Rect) { findText(query, in: bounds) }

    /// "3 of 12", or "No match".
    override open var findStatus: String? { finding.status }

    /// The highlights go.
    override open func endFind() {
        finding.clear()
        setNeedsDisplay()
    }

    /// On for ``Command/toggleLineWrapping`` while lines wrap; `nil` for every other command,
    /// and for every command while a picture shows.
    override open func validate(_ command: Command) -> Bool? {
        command == .toggleLineWrapping && image == nil ? wrapsLines : nil
    }

    /// Scrolls by `dy` points, wrapping as far as the new offset shows and keeping it within
    /// the text; always handled.
    override open func scroll(dy: Double, in bounds: Rect) -> Bool {
        let before = scrollOffset
        scrollOffset += dy
        // The text's own height, below the notice band: with the pane's, End stopped a band
        // short of the last line (the newcomer's cut last line of a file shown in part).
        clampScroll(height: textArea(of: bounds).height)
        if scrollOffset != before { setNeedsDisplay() }
        return true
    }

    /// Up and Down scroll by a line, Page Up and Page Down by a screen less a line, Home and
    /// End to the top and the end (End wraps the rest of the text to find it); Right and Left
    /// scroll unwrapped text sideways by a tab stop; ``Command/toggleLineWrapping`` switches
    /// ``wrapsLines``.
    override open func perform(_ command: Command, in bounds: Rect) -> Bool {
        if let handled = performSelectionCommand(command) { return handled }
        if let handled = performFindCommand(command, in: bounds) { return handled }
        let page = max(lineHeight, textArea(of: bounds).height - lineHeight)
        switch command {
        case .selectNext: return scroll(dy: lineHeight, in: bounds)
        case .selectPrevious: return scroll(dy: -lineHeight, in: bounds)
        case .pageDown: return scroll(dy: page, in: bounds)
        case .pageUp: return scroll(dy: -page, in: bounds)
        case .scrollToTop: return scroll(dy: -.greatestFiniteMagnitude, in: bounds)
        case .scrollToEnd: return scroll(dy: .greatestFiniteMagnitude, in: bounds)
        case .toggleLineWrapping:
            wrapsLines.toggle()
            return true
        // Right and Left scroll unwrapped text by a tab stop's width.
        case .expand: return scroll(dx: tabStopWidth, in: bounds)
        case .collapse: return scroll(dx: -tabStopWidth, in: bounds)
        default: return false
        }
    }

    /// The width of a tab stop (eight spaces) as last measured, for the sideways keys.
    private var tabStopWidth: Double { Double(VisibleText.tabWidth) * (wrapMeasure?.space ?? 8) }

    /// Starts the wrapping over when there is none yet, or the width (while lines wrap), the
    /// measurer or the content changed. Unwrapped lines break only at line breaks.
    private func prepareWrapper(width: Double, measurer: any TextMeasurer, metrics: FontMetrics) {
        textWidth = max(1, width - 2 * Self.padding)
        let lineWidth = isWrapping ? textWidth : .infinity
        let measure = MeasureKey(measurer, font: font, metrics: metrics)
        if wrapped == nil || wrapWidth != lineWidth || wrapMeasure != measure {
            let text = shownText
            if shownTextDrawsAsIs == nil { shownTextDrawsAsIs = VisibleText.drawsAsIs(text) }
            wrapper = TextLayout.Wrapper(
                text: text, width: lineWidth, font: font, measurer: measurer, drawsAsIs: shownTextDrawsAsIs ?? false)
            wrapWidth = lineWidth
            wrapMeasure = measure
        }
    }

    /// The height of the whole text: exact once wrapped to the end, else estimated from the
    /// part wrapped so far (lines per byte), which is all a scroll bar needs.
    var contentHeight: Double {
        guard let wrapped else { return 0 }
        return wrapped.estimate * lineHeight + 2 * Self.padding
    }

    /// Wraps through the last line showing at the scroll offset (so that scrolling to the end
    /// finds the exact end), then keeps the offset within the text. Clamping only moves the
    /// offset up, to lines already wrapped.
    /// The offset as the layout keeps it for a text area `height` tall: read, not stored, so
    /// that drawing and the scroll bar change nothing.
    func clampedOffset(height: Double) -> Double {
        scrollOffset.isFinite ? min(max(scrollOffset, 0), max(0, contentHeight - height)) : 0
    }

    private func clampScroll(height: Double) {
        if !scrollOffset.isFinite { scrollOffset = scrollOffset > 0 ? .greatestFiniteMagnitude : 0 }
        let wanted = min(max(0, scrollOffset), 1e12)
        let needed = Int(min((wanted + height) / lineHeight + 2, Double(Int32.max)))
        // Asked first so that a layout with enough lines wrapped does not touch the wrapper.
        if let wrapped, wrapped.lines < needed, !wrapped.isComplete {
            wrapper?.wrap(upToLineCount: needed)
        }
        let clamped = clampedOffset(height: height)
        if clamped != scrollOffset { scrollOffset = clamped }
        let sideways = isWrapping || !horizontalScrollOffset.isFinite ? 0 : horizontalScrollOffset
        let clampedSideways = min(max(sideways, 0), max(0, (wrapped?.widest ?? 0) - textWidth))
        if clampedSideways != horizontalScrollOffset { horizontalScrollOffset = clampedSideways }
    }
}
