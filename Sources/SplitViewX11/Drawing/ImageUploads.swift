import CX11
import SplitView

/// The pictures one canvas shows, kept on the server: each ``ImagePixels`` is uploaded once
/// (`XPutImage`, a one-way request, into a 32-bit pixmap per level) and then drawn by XRender at
/// whatever size the frame asks, so that refitting it at a drag step costs a transform and a
/// composite, never its pixels and never a round trip.
///
/// Smooth: XRender's bilinear filter from the smallest level at least as large as the
/// rectangle drawn (``ImagePixels/levels`` halve each other), so a picture is never reduced by
/// more than half in one filtering and does not alias; edges are padded (`RepeatPad`) so that
/// the filter does not fade them into transparency. Drawn with `Over`, so a picture with alpha
/// lies over the pane's own background, light or dark.
///
/// Uploads are keyed by the picture's identity and hold the picture, so that its identifier
/// cannot be reused by another while the upload stands for it. ``sweep()`` frees what the last
/// list did not draw; the rest goes with the canvas.
final class ImageUploads {
    private struct Level {
        var pixmap: Pixmap
        var picture: Picture
        var width: Int
        var height: Int
    }

    private struct Upload {
        /// Held so that its identity stays its own while uploaded.
        var image: ImagePixels
        var levels: [Level]
    }

    private let connection: X11Connection
    private let window: Window
    private let format: UnsafeMutablePointer<XRenderPictFormat>?
    private var gc: GC?
    private var uploads: [ObjectIdentifier: Upload] = [:]
    private var drawn: Set<ObjectIdentifier> = []

    private var display: OpaquePointer { connection.display }

    /// Uploads for pictures drawn on `window`'s screen.
    init(connection: X11Connection, window: Window) {
        self.connection = connection
        self.window = window
        format = XRenderFindStandardFormat(connection.display, PictStandardARGB32)
    }

    deinit {
        for upload in uploads.values { free(upload) }
        if let gc { XFreeGC(display, gc) }
    }

    /// Composites `image` scaled into `target` (pixels) onto `destination`; uploads it first
    /// if it is new. Nothing is drawn for an empty target or a server without 32-bit pictures.
    func draw(_ image: ImagePixels, in target: PixelRect, onto destination: Picture) {
        guard !target.isEmpty else { return }
        drawn.insert(image.id)
        guard let level = upload(image).flatMap({ Self.level(in: $0.levels, fitting: target) }) else { return }
        var transform = XTransform(
            matrix: (
                (Self.fixed(Double(level.width) / Double(target.width)), 0, 0),
                (0, Self.fixed(Double(level.height) / Double(target.height)), 0),
                (0, 0, Self.fixed(1))
            ))
        XRenderSetPictureTransform(display, level.picture, &transform)
        XRenderComposite(
            display, PictOpOver, level.picture, 0, destination, 0, 0, 0, 0,
            Int32(clamping: target.x), Int32(clamping: target.y),
            UInt32(clamping: target.width), UInt32(clamping: target.height))
    }

    /// Counts `image` as drawn for the next ``sweep()`` without drawing it: a list that still
    /// shows it drew again only pixels elsewhere (``Canvas/draw(_:)``).
    func keep(_ image: ImagePixels) {
        drawn.insert(image.id)
    }

    /// Frees the uploads not drawn since the last sweep.
    func sweep() {
        for (id, upload) in uploads where !drawn.contains(id) {
            free(upload)
            uploads[id] = nil
        }
        drawn.removeAll(keepingCapacity: true)
    }

    /// The number of pictures on the server, for tests.
    var count: Int { uploads.count }

    /// The smallest level at least as large as `target` both ways, else the largest: reduced
    /// by at most half, or enlarged.
    private static func level(in levels: [Level], fitting target: PixelRect) -> Level? {
        levels.last { $0.width >= target.width && $0.height >= target.height } ?? levels.first
    }

    private func upload(_ image: ImagePixels) -> Upload? {
        if let known = uploads[image.id] { return known }
        guard let format else { return nil }
        var levels: [Level] = []
        for level in image.levels {
            let pixmap = XCreatePixmap(display, window, UInt32(level.width), UInt32(level.height), 32)
            // One GC for every upload: any 32-bit drawable of the screen will do.
            guard let gc = gc ?? XCreateGC(display, pixmap, 0, nil) else {
                XFreePixmap(display, pixmap)
                break
            }
            self.gc = gc
            put(level, into: pixmap, gc: gc)
            var attributes = XRenderPictureAttributes()
            attributes.repeat = RepeatPad
            let picture = XRenderCreatePicture(display, pixmap, format, UInt(CPRepeat), &attributes)
            XRenderSetPictureFilter(display, picture, FilterBilinear, nil, 0)
            levels.append(Level(pixmap: pixmap, picture: picture, width: level.width, height: level.height))
        }
        let upload = Upload(image: image, levels: levels)
        uploads[image.id] = upload
        return upload
    }

    /// One `XPutImage` of the level's words, in this machine's byte order (Xlib swaps them
    /// when the server's differs); Xlib splits it into as many requests as the server's
    /// maximum request size needs.
    private func put(_ level: ImagePixels.Level, into pixmap: Pixmap, gc: GC) {
        level.argb.withUnsafeBufferPointer { words in
            var image = XImage()
            image.width = Int32(level.width)
            image.height = Int32(level.height)
            image.format = ZPixmap
            image.data = UnsafeMutableRawPointer(mutating: words.baseAddress!).assumingMemoryBound(to: CChar.self)
            image.byte_order = UInt32(1).littleEndian == 1 ? LSBFirst : MSBFirst
            image.bitmap_unit = 32
            image.bitmap_bit_order = image.byte_order
            image.bitmap_pad = 32
            image.depth = 32
            image.bytes_per_line = Int32(level.width * 4)
            image.bits_per_pixel = 32
            image.red_mask = 0x00FF_0000
            image.green_mask = 0x0000_FF00
            image.blue_mask = 0x0000_00FF
            guard XInitImage(&image) != 0 else { return }
            XPutImage(display, pixmap, gc, &image, 0, 0, 0, 0, UInt32(level.width), UInt32(level.height))
        }
    }

    private func free(_ upload: Upload) {
        for level in upload.levels {
            XRenderFreePicture(display, level.picture)
            XFreePixmap(display, level.pixmap)
        }
    }

    /// RENDER's 16.16 fixed point.
    private static func fixed(_ value: Double) -> XFixed {
        XFixed((min(max(value, -32_767), 32_767) * 65_536).rounded())
    }
}
