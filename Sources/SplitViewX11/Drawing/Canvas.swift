import CX11
import SplitView

/// One child window's drawing surface: an off-screen pixmap drawn with XRender and Xft, copied
/// to the window on ``present(_:)``. Drawing never touches the window, so it never flickers, and
/// an `Expose` is answered by copying again.
///
/// Every coordinate is in points, converted with the fonts' scale. Rectangles snap to whole
/// pixels; lines and strokes are antialiased but centred so that horizontal and vertical ones
/// cover whole pixels and stay crisp. Translucent colours blend (XRender's `Over`).
///
/// It owns the pixmap, the GC, the `XftDraw`, a cache of colours and the pictures it shows
/// (uploaded once, ``image(_:in:)``), and frees them on deinit;
/// it holds the connection and the fonts, so the display outlives all of them.
///
/// ```swift
/// let canvas = Canvas(connection: conn, window: pane, size: PixelSize(width: 800, height: 600), fonts: fonts)
/// Renderer.draw(list, on: canvas)
/// canvas.present()          // then conn.flush() once per batch of events
/// ```
public final class Canvas: CanvasProtocol {
    /// The connection drawn on.
    public let connection: X11Connection
    /// The fonts text is drawn with; their scale is the canvas's scale.
    public let fonts: FontSet
    /// The window ``present(_:)`` copies to.
    package let window: Window
    /// The size of the drawing in pixels; the pixmap may be larger.
    public private(set) var size: PixelSize
    /// The off-screen pixmap, at least ``size`` large; its contents beyond `size` are junk.
    package private(set) var pixmap: Pixmap
    private var pixmapSize: PixelSize
    private let gc: GC
    private let draw: OpaquePointer  // XftDraw*
    private let coverageFormat: UnsafeMutablePointer<XRenderPictFormat>?
    private var textColors: [Color: XftColor] = [:]
    /// The request number of the last copy of the whole drawing to the window.
    private var lastFullPresent: UInt = 0
    /// The copies of part of the drawing since the last whole one: their request numbers and
    /// pixels, the oldest first, at most ``partialPresentLimit``.
    private var partialPresents: [(serial: UInt, rect: PixelRect)] = []
    /// The steps the pixmap holds, as ``draw(_:)`` left them; nil when it holds anything else
    /// (a new pixmap, or a verb called directly).
    private var drawnOps: [DrawOp]?
    /// The pixels each of `drawnOps` can touch, where known (``extent(of:)``), kept from frame
    /// to frame for the steps that stay the same: a drag step measures only what changed.
    private var drawnExtents: [PixelRect?] = []
    /// The size the pixmap held the drawing of `drawnOps` at.
    private var drawnSize = PixelSize(width: 0, height: 0)
    private var solidFills: [Color: Picture] = [:]
    /// The pictures on the server, made at the first ``image(_:in:)``.
    private var uploads: ImageUploads?
    /// The icon strokes drawn so far, as masks on the server.
    private(set) var strokeMasks: StrokeMasks?

    /// Pixels per point.
    public var scale: PixelScale { fonts.scale }
    private var display: OpaquePointer { connection.display }

    /// Creates a canvas of `size` pixels for `window`, which must have the connection's default
    /// visual and depth. The pixmap's first contents are undefined: draw before presenting.
    package init(connection: X11Connection, window: Window, size: PixelSize, fonts: FontSet) {
        self.connection = connection
        self.fonts = fonts
        self.window = window
        let size = PixelSize(width: max(1, size.width), height: max(1, size.height))
        self.size = size
        pixmapSize = size
        let display = connection.display
        pixmap = XCreatePixmap(display, window, UInt32(size.width), UInt32(size.height), UInt32(connection.depth))
        // Without this every XCopyArea would queue a NoExpose event for the loop to discard.
        var values = XGCValues()
        values.graphics_exposures = 0
        gc = XCreateGC(display, window, UInt(GCGraphicsExposures), &values)
        draw = XftDrawCreate(display, pixmap, connection.visual, connection.colormap)
        coverageFormat = XRenderFindStandardFormat(display, PictStandardA8)
    }

    deinit {
        strokeMasks = nil  // its pictures freed while the display is surely open
        for var color in textColors.values { XftColorFree(display, connection.visual, connection.colormap, &color) }
        for picture in solidFills.values { XRenderFreePicture(display, picture) }
        XftDrawDestroy(draw)  // before the pixmap it draws on
        XFreeGC(display, gc)
        XFreePixmap(display, pixmap)
    }

    /// How far a pixmap grows past what a drawing needs, in pixels each way: a pane widened by a
    /// dragged divider or a window resized by hand grows a few pixels a step, and a new pixmap
    /// at every step costs the server an allocation it touches page by page (a 335 × 900 pane's
    /// 1.2 MB, 0.16 ms of a drag step on this machine) and a release. Growing to the next
    /// multiple of 128 makes that once in some forty steps of 3 pixels, for at most 127 unused
    /// columns or rows (0.45 MB of the server's memory beside a 900-pixel-high pane).
    static let pixmapGrowth = 128

    /// The pixmap size for a drawing of `needed` pixels when the pixmap is `current`: the same
    /// pixmap when it holds the drawing, else each dimension that is too small rounded up to a
    /// multiple of ``pixmapGrowth``.
    static func pixmapSize(for needed: PixelSize, current: PixelSize) -> PixelSize {
        func grown(_ needed: Int, _ current: Int) -> Int {
            needed <= current ? current : (needed + pixmapGrowth - 1) / pixmapGrowth * pixmapGrowth
        }
        return PixelSize(width: grown(needed.width, current.width), height: grown(needed.height, current.height))
    }

    /// Makes the drawing `newSize` pixels. The pixmap only grows, and then past what is needed
    /// (`pixmapGrowth`), so that a window being resized by hand or a pane widened by a
    /// dragged divider does not reallocate it on every step. Draw before presenting: the
    /// pixels past the old size are undefined, and all of them are when the pixmap grew
    /// (``draw(_:)`` knows which and draws them).
    public func resize(to newSize: PixelSize) {
        let newSize = PixelSize(width: max(1, newSize.width), height: max(1, newSize.height))
        size = newSize
        let grown = Self.pixmapSize(for: newSize, current: pixmapSize)
        guard grown != pixmapSize else { return }
        let old = pixmap
        pixmap = XCreatePixmap(display, window, UInt32(grown.width), UInt32(grown.height), UInt32(connection.depth))
        XftDrawChange(draw, pixmap)
        XFreePixmap(display, old)
        pixmapSize = grown
        drawnOps = nil
    }

    /// How many copies of part of the drawing ``isCovered(exposeSerial:rect:)`` remembers.
    static let partialPresentLimit = 8

    /// Draws `list`, only where it paints differently from the list this canvas drew last
    /// (`DrawingChanges`), and returns those pixels: the whole drawing when the pixmap held
    /// no list of ours or most of it changed, none when nothing did. Present the pixels it
    /// returns (``present(changes:)``), or the whole drawing when the window's own pixels
    /// cannot be trusted (it moved, or was just mapped).
    ///
    /// Decided: a drag step widens one pane and moves the next, and most of what they show
    /// stays where it was in their own corner: a list's rows, a reader's text that does not
    /// wrap anew, the bar's buttons. Drawing the pixmap whole and copying it whole at every step
    /// cost the server a fill and a copy of every pixel of both panes (1.7 M of its 2.2 M
    /// instructions a step for the sample library). Drawing only the change, clipped to it, and
    /// copying only it to a window that kept its pixels (bit gravity `NorthWest`, see
    /// `SplitWindow.apply()`) leaves the server the new strip, the recentred title and the
    /// moved scroll bar. Past three quarters of the drawing, the whole is drawn without a clip.
    @discardableResult
    public func draw(_ list: DisplayList) -> [PixelRect] {
        let whole = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        let ops = list.ops
        var extents = [PixelRect?](repeating: nil, count: ops.count)
        func drawWhole() -> [PixelRect] {
            Renderer.draw(list, on: self)
            record(list, extents: extents)
            return [whole]
        }
        guard let previous = drawnOps else { return drawWhole() }
        var changes = DrawingChanges.changed(
            from: previous, to: ops, within: whole,
            oldExtent: { drawnExtents[$0] ?? extent(of: previous[$0]) },
            newExtent: { index in
                let known = extent(of: ops[index])
                extents[index] = known
                return known
            },
            same: { extents[$0] = drawnExtents[$0] })
        let reached = PixelRect(x: 0, y: 0, width: drawnSize.width, height: drawnSize.height)
        if !reached.contains(whole) {
            // What the last drawing did not reach, even where no step of the new one paints.
            changes = DrawingChanges.merged(changes + DrawingChanges.difference(whole, reached))
        }
        let area = changes.reduce(0) { $0 + $1.width * $1.height }
        if area * 4 >= whole.width * whole.height * 3 { return drawWhole() }
        if !changes.isEmpty {
            var clip = changes.map {
                XRectangle(
                    x: Int16(clamping: $0.x), y: Int16(clamping: $0.y),
                    width: UInt16(clamping: $0.width), height: UInt16(clamping: $0.height))
            }
            XftDrawSetClipRectangles(draw, 0, 0, &clip, Int32(clip.count))
            var box = changes[0]
            for rect in changes.dropFirst() { box = box.union(rect) }
            ops.withUnsafeBufferPointer { ops in
                for index in ops.indices {
                    let extent: PixelRect
                    if let known = extents[index] {
                        extent = known
                    } else {
                        // A text's rows first, so that a text away from every change is never measured.
                        if case .text(_, let origin, let role, _) = ops[index] {
                            let band = textBand(origin: origin, role)
                            guard box.y < band.y + band.height && band.y < box.y + box.height else { continue }
                        }
                        extent = self.extent(of: ops[index])
                        extents[index] = extent
                    }
                    guard box.intersects(extent), changes.contains(where: { $0.intersects(extent) }) else { continue }
                    Renderer.draw(ops[index], on: self)
                }
            }
            XftDrawSetClip(draw, nil)
        }
        // The pictures still shown but not drawn again must outlive the sweep.
        if let uploads { for op in ops { if case .image(let image, _) = op { uploads.keep(image) } } }
        finishDrawing()
        record(list, extents: extents)
        return changes
    }

    private func record(_ list: DisplayList, extents: [PixelRect?]) {
        drawnOps = list.ops
        drawnExtents = extents
        drawnSize = size
    }

    /// The pixels `op` can touch, in the pixmap: exactly a rectangle's or a picture's; a
    /// stroke's or a polygon's points with its width and two pixels of antialiasing around;
    /// a text's advance and the font's ascent and descent, with a line's height of room on
    /// each side and half a line above and below, for glyphs that reach past their advance
    /// (italics, accents) and for a fallback font that is taller.
    func extent(of op: DrawOp) -> PixelRect {
        switch op {
        case .fill(let rect, _), .strokeRect(let rect, _, _), .image(_, let rect):
            return scale.pixels(rect)
        case .polyline(let points, _, let width):
            return deviceBounds(of: points, outset: Int(Strokes.pixelWidth(width, scale: scale)) + 2)
        case .polygon(let points, _):
            return deviceBounds(of: points, outset: 2)
        case .text(let string, let origin, let role, _):
            let band = textBand(origin: origin, role)
            let x = scale.edge(origin.x) - band.pad
            return PixelRect(x: x, y: band.y, width: fonts.pixelAdvance(of: string, role) + 2 * band.pad, height: band.height)
        }
    }

    /// The rows a text at `origin` can touch (see ``extent(of:)``), and its margin each side.
    private func textBand(origin: Point, _ role: FontRole) -> (y: Int, height: Int, pad: Int) {
        let font = fonts.font(role).pointee
        let pad = Int(font.height)
        return (scale.edge(origin.y) - Int(font.ascent) - pad / 2, Int(font.ascent + font.descent) + pad, pad)
    }

    private func deviceBounds(of points: [Point], outset: Int) -> PixelRect {
        guard let first = points.first else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        var x0 = first.x, x1 = first.x, y0 = first.y, y1 = first.y
        for p in points.dropFirst() {
            x0 = min(x0, p.x)
            x1 = max(x1, p.x)
            y0 = min(y0, p.y)
            y1 = max(y1, p.y)
        }
        func low(_ v: Double) -> Int { Int(clamping: Int64(max(-1e9, (device(v)).rounded(.down)))) - outset }
        func high(_ v: Double) -> Int { Int(clamping: Int64(min(1e9, (device(v)).rounded(.up)))) + outset }
        return PixelRect(x: low(x0), y: low(y0), width: high(x1) - low(x0), height: high(y1) - low(y0))
    }

    /// Copies `region` (in pixels; the whole drawing when nil) from the pixmap to the window, as
    /// after drawing or on `Expose`. Queues the request; the event loop flushes once per batch.
    public func present(_ region: PixelRect? = nil) {
        let whole = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        let r = (region ?? whole).intersection(whole)
        guard !r.isEmpty else { return }
        if r == whole {
            lastFullPresent = XNextRequest(display)
            partialPresents.removeAll(keepingCapacity: true)
        } else {
            if partialPresents.count == Self.partialPresentLimit { partialPresents.removeFirst() }
            partialPresents.append((XNextRequest(display), r))
        }
        XCopyArea(
            display, pixmap, window, gc, Int32(r.x), Int32(r.y), UInt32(r.width), UInt32(r.height),
            Int32(r.x), Int32(r.y))
    }

    /// Copies each of `regions` (pixels, as ``draw(_:)`` returns them) to the window.
    public func present(changes regions: [PixelRect]) {
        for region in regions { present(region) }
    }

    /// True when an `Expose` of `rect` (pixels) whose serial is `serial` is already answered:
    /// the server made it before handling a later copy of the whole drawing, or of a part that
    /// holds `rect` (a resize exposes the pane, or the strip it grew by, and the redraw that
    /// follows the resize copies it), so copying again would only repeat it.
    public func isCovered(exposeSerial serial: UInt, rect: PixelRect) -> Bool {
        if lastFullPresent != 0 && serial < lastFullPresent { return true }
        return partialPresents.contains { serial < $0.serial && $0.rect.contains(rect) }
    }

    // MARK: Verbs

    /// Fills `rect`, snapped to whole pixels; a translucent colour blends.
    public func fill(_ rect: Rect, _ color: Color) {
        drawnOps = nil
        fillPixels([scale.pixels(rect)], color)
    }

    /// Outlines `rect` inside its edges with four bands that never overlap, so a translucent
    /// outline is even all round.
    public func strokeRect(_ rect: Rect, _ color: Color, width: Double) {
        drawnOps = nil
        let r = scale.pixels(rect)
        let t = Int(Strokes.pixelWidth(width, scale: scale))
        guard 2 * t < r.width, 2 * t < r.height else { return fillPixels([r], color) }
        fillPixels(
            [
                PixelRect(x: r.x, y: r.y, width: r.width, height: t),
                PixelRect(x: r.x, y: r.y + r.height - t, width: r.width, height: t),
                PixelRect(x: r.x, y: r.y + t, width: t, height: r.height - 2 * t),
                PixelRect(x: r.x + r.width - t, y: r.y + t, width: t, height: r.height - 2 * t),
            ], color)
    }

    /// Connected segments with round joins and round ends.
    public func polyline(_ points: [Point], _ color: Color, width: Double) {
        polyline(points, color, width: width, throughMask: true)
    }

    /// A polyline through a kept mask (``StrokeMasks``), or cut into trapezoids and filled
    /// directly when `throughMask` is false (tests compare the two).
    func polyline(_ points: [Point], _ color: Color, width: Double, throughMask: Bool) {
        drawnOps = nil
        guard color.alpha > 0 else { return }
        let w = Strokes.pixelWidth(width, scale: scale)
        let device = points.map { snapped($0, w) }
        if throughMask, let (key, x, y) = StrokeMasks.key(of: device, width: w), let mask = strokes().mask(for: key) {
            XRenderComposite(
                display, PictOpOver, solidFill(color), mask.picture, XftDrawPicture(draw), 0, 0, 0, 0,
                Int32(x + mask.x), Int32(y + mask.y), UInt32(mask.width), UInt32(mask.height))
            return
        }
        fillConvex(Strokes.polyline(device, width: w), color)
    }

    /// The canvas's kept stroke masks, made at the first stroke.
    private func strokes() -> StrokeMasks {
        if let strokeMasks { return strokeMasks }
        let made = StrokeMasks(display: display, drawable: window, format: coverageFormat)
        strokeMasks = made
        return made
    }

    /// A filled polygon, convex or not (non-zero winding), its corners on whole pixels.
    public func polygon(_ points: [Point], _ color: Color) {
        drawnOps = nil
        guard points.count >= 3, color.alpha > 0 else { return }
        let corners = points.map { XPointDouble(x: device($0.x).rounded(), y: device($0.y).rounded()) }
        XRenderCompositeDoublePoly(
            display, PictOpOver, solidFill(color), XftDrawPicture(draw), coverageFormat,
            0, 0, 0, 0, corners, Int32(corners.count), 1)
    }

    /// Draws `string` (UTF-8) with its baseline starting at `origin`,
    /// snapped to a whole pixel so glyphs look the same wherever they land.
    /// Characters the font lacks are drawn with a fallback font that has them (see
    /// `FontSet.runs(of:_:)`).
    public func text(_ string: String, origin: Point, _ font: FontRole, _ color: Color) {
        drawnOps = nil
        guard !string.isEmpty, color.alpha > 0 else { return }
        var xftColor = textColor(color)
        var x = scale.edge(origin.x)
        let y = Int32(scale.edge(origin.y))
        let runs = fonts.runs(of: string, font)
        for (index, run) in runs.enumerated() {
            var utf8 = run.text
            utf8.withUTF8 { bytes in
                XftDrawStringUtf8(draw, &xftColor, run.font, Int32(x), y, bytes.baseAddress, Int32(bytes.count))
            }
            if index < runs.count - 1 { x += fonts.pixelAdvance(of: run.text, font) }
        }
    }

    /// Draws `image` scaled smoothly into `rect` (snapped to whole pixels), over what is there
    /// by its alpha. Its pixels go to the server the first time it is drawn and stay there
    /// while the lists drawn here show it (``finishDrawing()``): a drag step that fits it
    /// again sends one transform and one composite, never the pixels.
    public func image(_ image: ImagePixels, in rect: Rect) {
        drawnOps = nil
        let uploads = uploads ?? ImageUploads(connection: connection, window: window)
        self.uploads = uploads
        uploads.draw(image, in: scale.pixels(rect), onto: XftDrawPicture(draw))
    }

    /// Frees the pictures the list just drawn did not draw.
    public func finishDrawing() {
        uploads?.sweep()
    }

    /// How many pictures are on the server for this canvas, for tests.
    package var uploadedImageCount: Int { uploads?.count ?? 0 }

    // MARK: XRender plumbing

    private func fillPixels(_ rects: [PixelRect], _ color: Color) {
        let boxes = rects.filter { !$0.isEmpty }.map {
            XRectangle(
                x: Int16(clamping: $0.x), y: Int16(clamping: $0.y),
                width: UInt16(clamping: $0.width), height: UInt16(clamping: $0.height))
        }
        guard !boxes.isEmpty, color.alpha > 0 else { return }
        var render = Self.renderColor(color)
        // An opaque colour replaces what is there: `Src` lets pixman fill instead of blend.
        let op = color.alpha == 255 ? PictOpSrc : PictOpOver
        XRenderFillRectangles(display, op, XftDrawPicture(draw), &render, boxes, Int32(boxes.count))
    }

    // All pieces go in one request: RENDER adds their coverage in one mask before compositing,
    // so where a joint's disc overlaps two segments the colour is applied once, not three times.
    private func fillConvex(_ shapes: [[DevicePoint]], _ color: Color) {
        guard color.alpha > 0 else { return }
        let traps = shapes.flatMap(Strokes.trapezoids(ofConvex:)).map(Self.fixed)
        guard !traps.isEmpty else { return }
        XRenderCompositeTrapezoids(
            display, PictOpOver, solidFill(color), XftDrawPicture(draw), coverageFormat,
            0, 0, traps, Int32(traps.count))
    }

    private func device(_ points: Double) -> Double { points * scale.factor }

    private func snapped(_ p: Point, _ width: Double) -> DevicePoint {
        DevicePoint(x: Strokes.snap(device(p.x), width: width), y: Strokes.snap(device(p.y), width: width))
    }

    private func solidFill(_ color: Color) -> Picture {
        if let known = solidFills[color] { return known }
        var render = Self.renderColor(color)
        let picture = XRenderCreateSolidFill(display, &render)
        solidFills[color] = picture
        return picture
    }

    private func textColor(_ color: Color) -> XftColor {
        if let known = textColors[color] { return known }
        var render = Self.renderColor(color), xft = XftColor()
        _ = XftColorAllocValue(display, connection.visual, connection.colormap, &render, &xft)
        textColors[color] = xft
        return xft
    }

    /// RENDER's colour: 16 bits a channel, premultiplied by alpha as the protocol requires
    /// (un-premultiplied, a translucent white would come out brighter than white).
    static func renderColor(_ c: Color) -> XRenderColor {
        func channel(_ v: UInt8) -> UInt16 { UInt16((UInt32(v) * UInt32(c.alpha) * 257 + 127) / 255) }
        return XRenderColor(
            red: channel(c.red), green: channel(c.green), blue: channel(c.blue),
            alpha: UInt16(c.alpha) * 257)
    }

    // XFixed is 16.16; coordinates are clamped to X's ±32767 so a wild point cannot overflow.
    static func fixed(_ t: DeviceTrapezoid) -> XTrapezoid {
        func f(_ v: Double) -> XFixed { XFixed(min(max(v, -32_767), 32_767) * 65_536) }
        func line(_ l: (DevicePoint, DevicePoint)) -> XLineFixed {
            XLineFixed(p1: XPointFixed(x: f(l.0.x), y: f(l.0.y)), p2: XPointFixed(x: f(l.1.x), y: f(l.1.y)))
        }
        return XTrapezoid(top: f(t.top), bottom: f(t.bottom), left: line(t.left), right: line(t.right))
    }
}
