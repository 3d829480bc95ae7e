import CX11

/// A canvas's icon strokes as alpha masks kept on the server: each shape is cut into
/// trapezoids and rasterized once, and every later draw of it, wherever it lands, is one
/// composite of a solid colour through its mask.
///
/// Decided: a pane draws the same few bar icons at every step of a drag or a transition, and
/// cutting their round joins into trapezoids and rasterizing those again was half of a drag
/// step's instructions, and server time besides. The mask holds the coverage RENDER computes
/// for the trapezoids (8 bits, as the temporary mask of `CompositeTrapezoids`), and a shape
/// moved by whole pixels covers the same pixels the same way, so the pixels are the ones the
/// trapezoids would draw. The key is the shape relative to its first point's pixel: the icons
/// are snapped to whole or half pixels, and a shape that is not is drawn directly.
final class StrokeMasks {
    /// A stroke: its points in half pixels from the pixel of its first point, and its width.
    struct Key: Hashable {
        var points: [Int32]
        var width: Double
    }

    /// A rasterized stroke: its picture and where it lies from the first point's pixel.
    struct Mask {
        let pixmap: Pixmap
        let picture: Picture
        let x: Int
        let y: Int
        let width: Int
        let height: Int
        var lastUse: Int
    }

    /// How many masks a canvas keeps; the least recently drawn goes first.
    static let capacity = 32

    private let display: OpaquePointer
    private let drawable: Drawable
    private let format: UnsafeMutablePointer<XRenderPictFormat>?
    private var masks: [Key: Mask] = [:]
    private var uses = 0
    private var opaque: Picture = 0

    /// Masks made on `drawable`'s screen, in `format` (RENDER's A8).
    init(display: OpaquePointer, drawable: Drawable, format: UnsafeMutablePointer<XRenderPictFormat>?) {
        self.display = display
        self.drawable = drawable
        self.format = format
    }

    deinit {
        for mask in masks.values { free(mask) }
        if opaque != 0 { XRenderFreePicture(display, opaque) }
    }

    /// How many masks are kept (tests).
    var count: Int { masks.count }
    /// How many masks were made, the evicted included (tests).
    private(set) var made = 0

    /// The key of a polyline `width` pixels wide, and the pixel of its first point; nil when a
    /// point is not on a whole or half pixel.
    static func key(of points: [DevicePoint], width: Double) -> (key: Key, x: Int, y: Int)? {
        guard let first = points.first, first.x.isFinite, first.y.isFinite, abs(first.x) < 32_000, abs(first.y) < 32_000
        else { return nil }
        let x = Int(first.x.rounded(.down)), y = Int(first.y.rounded(.down))
        var halves: [Int32] = []
        halves.reserveCapacity(points.count * 2)
        for p in points {
            let hx = (p.x - Double(x)) * 2, hy = (p.y - Double(y)) * 2
            guard hx == hx.rounded(), hy == hy.rounded(), abs(hx) < 4_000, abs(hy) < 4_000 else { return nil }
            halves.append(Int32(hx))
            halves.append(Int32(hy))
        }
        return (Key(points: halves, width: width), x, y)
    }

    /// The mask of `key`, made now if it is not kept.
    func mask(for key: Key) -> Mask? {
        uses += 1
        if var known = masks[key] {
            known.lastUse = uses
            masks[key] = known
            return known
        }
        guard format != nil else { return nil }
        var points: [DevicePoint] = []
        for index in stride(from: 0, to: key.points.count, by: 2) {
            points.append(DevicePoint(x: Double(key.points[index]) / 2, y: Double(key.points[index + 1]) / 2))
        }
        let shapes = Strokes.polyline(points, width: key.width)
        let corners = shapes.joined()
        guard let minX = corners.map(\.x).min(), let maxX = corners.map(\.x).max(),
            let minY = corners.map(\.y).min(), let maxY = corners.map(\.y).max()
        else { return nil }
        let x = Int(minX.rounded(.down)), y = Int(minY.rounded(.down))
        let width = max(1, Int(maxX.rounded(.up)) - x), height = max(1, Int(maxY.rounded(.up)) - y)
        let offset = DevicePoint(x: Double(x), y: Double(y))
        let traps = shapes.map { $0.map { $0 - offset } }.flatMap(Strokes.trapezoids(ofConvex:)).map(Canvas.fixed)
        let pixmap = XCreatePixmap(display, drawable, UInt32(width), UInt32(height), 8)
        let picture = XRenderCreatePicture(display, pixmap, format, 0, nil)
        var clear = XRenderColor(red: 0, green: 0, blue: 0, alpha: 0)
        XRenderFillRectangle(display, PictOpSrc, picture, &clear, 0, 0, UInt32(width), UInt32(height))
        if !traps.isEmpty {
            XRenderCompositeTrapezoids(display, PictOpOver, whole(), picture, format, 0, 0, traps, Int32(traps.count))
        }
        let mask = Mask(pixmap: pixmap, picture: picture, x: x, y: y, width: width, height: height, lastUse: uses)
        made += 1
        if masks.count >= Self.capacity, let oldest = masks.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            free(oldest.value)
            masks[oldest.key] = nil
        }
        masks[key] = mask
        return mask
    }

    /// Opaque white: what a mask's coverage is drawn with.
    private func whole() -> Picture {
        if opaque == 0 {
            var white = XRenderColor(red: 0xffff, green: 0xffff, blue: 0xffff, alpha: 0xffff)
            opaque = XRenderCreateSolidFill(display, &white)
        }
        return opaque
    }

    private func free(_ mask: Mask) {
        XRenderFreePicture(display, mask.picture)
        XFreePixmap(display, mask.pixmap)
    }
}
