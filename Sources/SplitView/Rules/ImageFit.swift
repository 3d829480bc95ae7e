/// Where a picture shows in a pane, and how the reader words its size.
///
/// The rule: scaled down until it fits whole, never up, its aspect kept, centred. A picture
/// smaller than the pane shows at its own size (one point a pixel) in the middle: enlarging
/// it would only blur it, and a 16-pixel icon blown up to the pane says less about the file
/// than the icon does. UIKit's `UIView.ContentMode.scaleAspectFit` scales up as well as down;
/// this is `scaleAspectFit` capped at 1, as image viewers' "best fit" is.
public enum ImageFit {
    /// The scale at which `image` fits `area` whole: `min(1, area.width / image.width,
    /// area.height / image.height)`; 0 when either size is empty or not finite, so that no
    /// caller ever divides by it or draws NaN.
    public static func scale(of image: Size, toFit area: Size) -> Double {
        let extents = [image.width, image.height, area.width, area.height]
        guard extents.allSatisfy({ $0.isFinite && $0 > 0 }) else { return 0 }
        return min(1, area.width / image.width, area.height / image.height)
    }

    /// The rectangle `image` is drawn in: scaled by ``scale(of:toFit:)`` and centred in `area`,
    /// its origin on a whole point at or after the area's (so that a picture at 1:1 covers
    /// whole pixels and stays sharp). Always inside `area`; empty, at the area's origin, when
    /// nothing fits.
    ///
    /// ```swift
    /// ImageFit.frame(of: Size(width: 4000, height: 3000), in: Rect(x: 0, y: 0, width: 800, height: 800))
    /// // 0,100 800×600
    /// ImageFit.frame(of: Size(width: 16, height: 16), in: Rect(x: 0, y: 0, width: 801, height: 600))
    /// // 392,292 16×16
    /// ```
    public static func frame(of image: Size, in area: Rect) -> Rect {
        // An origin that is not finite is taken as 0: the rectangle stays a number.
        let left = area.minX.isFinite ? area.minX : 0, top = area.minY.isFinite ? area.minY : 0
        let scale = scale(of: image, toFit: area.size)
        guard scale > 0 else { return Rect(x: left, y: top, width: 0, height: 0) }
        let width = image.width * scale, height = image.height * scale
        let x = max(left, (left + (area.width - width) / 2).rounded(.down))
        let y = max(top, (top + (area.height - height) / 2).rounded(.down))
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// A whole number with its digits in groups of three, joined by a no-break space so that
    /// no line ever breaks inside it: `640`, `1 187`, `20 000`.
    public static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += "\u{A0}" }
            text.append(digit)
        }
        return (number < 0 ? "-" : "") + text
    }

    /// `640 × 480 pixels`, with ``grouped(_:)`` numbers.
    public static func dimensions(width: Int, height: Int) -> String {
        String(translated: "\(grouped(width)) × \(grouped(height)) pixels")
    }

    /// A scale as a whole percentage: `42 %`. Rounded down, so that a picture scaled at all
    /// never says 100 %, and at least 1 %, so that one scaled to a sliver never says 0 %.
    public static func percentage(_ scale: Double) -> String {
        let percent = scale.isFinite ? Int(min(max((scale * 100).rounded(.down), 1), 1_000_000)) : 1
        return String(translated: "\(percent)\u{A0}%")
    }
}
