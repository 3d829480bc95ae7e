/// Labelled values, one under the other: the inspector's details.
open class DetailsViewController: ViewController {
    /// The entries, label then value.
    public var entries: [(label: String, value: String)] {
        didSet { setNeedsDisplay() }
    }

    /// Creates a details view.
    public init(title: String, entries: [(label: String, value: String)] = []) {
        self.entries = entries
        super.init(title: title)
    }

    /// Each entry's label in capitals, then its value wrapped to the width, down to the
    /// bottom of the bounds; what does not fit is not drawn (the details do not scroll).
    override open func draw(in context: DrawContext) -> [DrawOp] {
        let bounds = context.bounds, measurer = context.measurer, padding = TextViewController.padding
        let caption = measurer.metrics(of: .caption), body = measurer.metrics(of: .body)
        let width = bounds.width - 2 * padding
        var ops: [DrawOp] = []
        var y = bounds.minY + padding
        for entry in entries where y < bounds.maxY {
            ops.append(
                .text(
                    TextLayout.truncated(entry.label.uppercased(), toWidth: width, font: .caption, measurer: measurer),
                    origin: Point(x: bounds.minX + padding, y: y + caption.ascent), .caption, context.theme.secondaryText))
            y += caption.lineHeight + TextMetrics.labelGap
            for line in TextLayout.wrapped(entry.value, toWidth: width, font: .body, measurer: measurer) where y < bounds.maxY {
                ops.append(.text(line, origin: Point(x: bounds.minX + padding, y: y + body.ascent), .body, context.theme.text))
                y += body.lineHeight
            }
            y += TextMetrics.entryGap
        }
        return ops
    }
}
