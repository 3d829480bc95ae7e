/// The reader showing a picture (``TextViewController/image``) instead of text.
///
/// The picture fits the content area less the text's margin (``TextViewController/padding``)
/// by ``ImageFit``: scaled down, never up, centred, and fitted again at every size the pane
/// takes, since it is placed when drawn. The notice band above it says how it is scaled
/// ("4 000 × 3 000 pixels, shown at 21 %") when it is, after the ``TextViewController/notice``
/// if there is one, and then takes its room from the picture; a picture at 1:1 with no notice
/// has no band. Nothing scrolls: no scroll bar, and the keys and the wheel move nothing.
extension TextViewController {
    /// The band, when there is one, and the picture fitted below it.
    func drawImage(_ image: ImagePixels, in context: DrawContext) -> [DrawOp] {
        let bounds = context.bounds, padding = Self.padding, natural = image.naturalSize
        var area = bounds.insetBy(dx: padding, dy: padding)
        guard ImageFit.scale(of: natural, toFit: area.size) < 1 || notice != nil else {
            let frame = ImageFit.frame(of: natural, in: area)
            return frame.isEmpty ? [] : [.image(image, in: frame)]
        }
        let measurer = context.measurer, caption = measurer.metrics(of: .caption)
        let band = (caption.lineHeight + TextMetrics.noticePadding).rounded()
        area = Rect(x: bounds.minX, y: bounds.minY + band, width: bounds.width, height: max(0, bounds.height - band))
            .insetBy(dx: padding, dy: padding)
        let scale = ImageFit.scale(of: natural, toFit: area.size)
        let dimensions = ImageFit.dimensions(width: image.pixelWidth, height: image.pixelHeight)
        let scaling = scale < 1 ? String(translated: "\(dimensions), shown at \(ImageFit.percentage(scale))") : nil
        let note = [notice, scaling].compactMap { $0 }.joined(separator: " · ")
        let line = TextLayout.truncated(note, toWidth: bounds.width - 2 * padding, font: .caption, measurer: measurer)
        var ops: [DrawOp] = [
            .fill(Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: band), context.theme.selection),
            .text(
                line, origin: Point(x: bounds.minX + padding, y: caption.baseline(centredIn: bounds.minY, height: band)),
                .caption, context.theme.text),
        ]
        let frame = ImageFit.frame(of: natural, in: area)
        if !frame.isEmpty { ops.append(.image(image, in: frame)) }
        return ops
    }
}
