/// One row of a ``ListViewController``.
public struct ListItem: Hashable, Sendable {
    /// The main text.
    public var title: String
    /// A quieter second line, or `nil` for a one-line row.
    public var subtitle: String?

    /// Creates a row.
    public init(title: String, subtitle: String? = nil) {
        self.title = title
        self.subtitle = subtitle
    }
}

/// A scrolling list with a persistent selection highlight, driven by the pointer, the wheel
/// and the Up/Down/Return keys of the focused pane.
///
/// The selection stays visible when the pane loses the focus (quieter), as the HIG asks of
/// split views. Only the visible rows are drawn.
open class ListViewController: ViewController {
    /// The rows. Setting them keeps the selection if its index still exists.
    public var items: [ListItem] {
        didSet {
            if let selected = selectedIndex, selected >= items.count { selectedIndex = items.isEmpty ? nil : items.count - 1 }
            scrollOffset = 0
            setNeedsDisplay()
        }
    }

    /// The selected row, or `nil`. Setting it does not call ``onSelect``.
    public var selectedIndex: Int? {
        didSet { if selectedIndex != oldValue { setNeedsDisplay() } }
    }

    /// Called when the user selects a row (click or arrow key), with its index.
    public var onSelect: ((Int) -> Void)?
    /// Called after ``onSelect`` when the selection came from a click: a click opens the row
    /// the way a tap does on UIKit, where arrow keys only move the highlight.
    public var onClick: ((Int) -> Void)?
    /// Called when the user opens the selected row (Return).
    public var onActivate: ((Int) -> Void)?
    /// Shown centred when there are no rows.
    public var emptyText: String

    /// How far the list is scrolled, in points.
    public private(set) var scrollOffset = 0.0

    /// Creates a list.
    public init(title: String, items: [ListItem] = [], emptyText: String = "No Items") {
        self.items = items
        self.emptyText = emptyText
        super.init(title: title)
    }

    /// The height of one row: 30 pt, or 46 pt when any row has a subtitle.
    public var rowHeight: Double { items.contains { $0.subtitle != nil } ? 46 : 30 }

    /// Selects `index` (clamped into the rows) as the user would: scrolls it into view and
    /// calls ``onSelect``.
    public func selectRow(_ index: Int, in bounds: Rect) {
        guard !items.isEmpty else { return }
        let index = min(max(index, 0), items.count - 1)
        selectedIndex = index
        scrollToVisible(index, in: bounds)
        onSelect?(index)
    }

    override open func draw(in context: DrawContext) -> [DrawOp] {
        let bounds = context.bounds, theme = context.theme, measurer = context.measurer
        guard !items.isEmpty else {
            let text = TextLayout.truncated(emptyText, toWidth: bounds.width - 32, font: .body, measurer: measurer)
            let x = bounds.minX + (bounds.width - measurer.width(of: text, font: .body)) / 2
            return [.text(text, origin: Point(x: x, y: bounds.midY), .body, theme.secondaryText)]
        }
        clampScroll(in: bounds)
        var ops: [DrawOp] = []
        let height = rowHeight
        let first = max(0, Int(scrollOffset / height))
        let last = min(items.count - 1, Int((scrollOffset + bounds.height) / height))
        guard first <= last else { return [] }
        for index in first...last {
            let top = bounds.minY + Double(index) * height - scrollOffset
            let row = Rect(x: bounds.minX, y: top, width: bounds.width, height: height)
            drawRow(items[index], in: row, selected: index == selectedIndex, context, into: &ops)
        }
        ops += ScrollIndicator.ops(contentHeight: Double(items.count) * height, offset: scrollOffset, in: bounds, theme: theme)
        return ops
    }

    private func drawRow(_ item: ListItem, in row: Rect, selected: Bool, _ context: DrawContext, into ops: inout [DrawOp]) {
        let theme = context.theme, measurer = context.measurer
        let strong = selected && context.isFocused
        if selected {
            ops.append(.fill(row.insetBy(dx: 6, dy: 1), strong ? theme.accent : theme.selection))
        }
        let width = row.width - 32
        let titleMetrics = measurer.metrics(of: .body)
        let titleColor = strong ? theme.onAccent : theme.text
        let title = TextLayout.truncated(item.title, toWidth: width, font: .body, measurer: measurer)
        if let subtitle = item.subtitle {
            let captionMetrics = measurer.metrics(of: .caption)
            ops.append(.text(title, origin: Point(x: row.minX + 16, y: row.minY + 6 + titleMetrics.ascent), .body, titleColor))
            let line = TextLayout.truncated(subtitle, toWidth: width, font: .caption, measurer: measurer)
            ops.append(.text(line, origin: Point(x: row.minX + 16, y: row.minY + 8 + titleMetrics.lineHeight + captionMetrics.ascent),
                             .caption, strong ? theme.onAccent.withAlpha(210) : theme.secondaryText))
        } else {
            let baseline = titleMetrics.baseline(centredIn: row.minY, height: row.height)
            ops.append(.text(title, origin: Point(x: row.minX + 16, y: baseline), .body, titleColor))
        }
    }

    override open func pointerDown(at point: Point, in bounds: Rect) -> Bool {
        let index = Int((point.y - bounds.minY + scrollOffset) / rowHeight)
        guard point.y >= bounds.minY, index >= 0, index < items.count else { return false }
        selectRow(index, in: bounds)
        onClick?(index)
        return true
    }

    override open func scroll(dy: Double, in bounds: Rect) -> Bool {
        let before = scrollOffset
        scrollOffset += dy
        clampScroll(in: bounds)
        if scrollOffset != before { setNeedsDisplay() }
        return true
    }

    override open func perform(_ command: Command, in bounds: Rect) -> Bool {
        switch command {
        case .selectNext: selectRow(selectedIndex.map { $0 + 1 } ?? 0, in: bounds)
        case .selectPrevious: selectRow(selectedIndex.map { $0 - 1 } ?? 0, in: bounds)
        case .activate:
            guard let selectedIndex else { return false }
            onActivate?(selectedIndex)
        default: return false
        }
        return true
    }

    private func scrollToVisible(_ index: Int, in bounds: Rect) {
        let top = Double(index) * rowHeight
        if top < scrollOffset { scrollOffset = top }
        if top + rowHeight > scrollOffset + bounds.height { scrollOffset = top + rowHeight - bounds.height }
        clampScroll(in: bounds)
    }

    private func clampScroll(in bounds: Rect) {
        let limit = max(0, Double(items.count) * rowHeight - bounds.height)
        scrollOffset = min(max(scrollOffset, 0), limit)
    }
}
