import CX11
import Glibc

/// A window's icon as `_NET_WM_ICON` carries it (EWMH): one or more images, each its width,
/// its height and its pixels as non-premultiplied `0xAARRGGBB`, row by row from the top left.
///
/// The app's icon is `Resources/splitview.argb`, made from `splitview.svg` by
/// `Resources/icons/make-icons.sh`: that property's CARDINAL list as little-endian 32-bit words
/// (16, 32, 48 and 64 px). Parsing checks every length against the data, so a short, damaged
/// or hostile file gives nil, never a trap or a huge allocation.
///
/// ```swift
/// if let icon = WindowIcon(contentsOf: path) { window.setIcon(icon) }
/// ```
public struct WindowIcon: Equatable, Sendable {
    /// One image of the icon.
    public struct Image: Equatable, Sendable {
        /// Width in pixels, 1…``WindowIcon/maximumSide``.
        public let width: Int
        /// Height in pixels, 1…``WindowIcon/maximumSide``.
        public let height: Int
        /// `width × height` pixels as non-premultiplied `0xAARRGGBB`, rows from the top.
        public let pixels: [UInt32]

        /// An image, or nil when a side is outside 1…``WindowIcon/maximumSide`` or the pixel
        /// count is not `width × height`.
        public init?(width: Int, height: Int, pixels: [UInt32]) {
            guard WindowIcon.sides.contains(width), WindowIcon.sides.contains(height),
                pixels.count == width * height
            else { return nil }
            self.width = width
            self.height = height
            self.pixels = pixels
        }
    }

    /// The images, in the order the data gave them.
    public let images: [Image]

    /// The largest width or height accepted, in pixels.
    public static let maximumSide = 1024
    /// The largest file ``init(contentsOf:)`` or ``init(bytes:)`` takes: 16 MiB (one image of
    /// the largest side is 4 MiB).
    public static let maximumByteCount = 16 << 20
    static let sides = 1...maximumSide

    /// An icon of `images`; nil when there are none.
    public init?(images: [Image]) {
        guard !images.isEmpty else { return nil }
        self.images = images
    }

    /// Parses the property's CARDINAL list as little-endian 32-bit words (the format of
    /// `Resources/splitview.argb`): for each image its width, its height and its pixels.
    ///
    /// - Returns: nil when the data is empty, not a whole number of words, longer than
    ///   ``maximumByteCount``, or when an image's side is outside 1…``maximumSide`` or its
    ///   pixels run past the end.
    public init?(bytes: some Collection<UInt8>) {
        guard !bytes.isEmpty, bytes.count % 4 == 0, bytes.count <= Self.maximumByteCount else { return nil }
        var words: [UInt32] = []
        words.reserveCapacity(bytes.count / 4)
        var iterator = bytes.makeIterator()
        while let b0 = iterator.next(), let b1 = iterator.next(), let b2 = iterator.next(), let b3 = iterator.next() {
            words.append(UInt32(b0) | UInt32(b1) << 8 | UInt32(b2) << 16 | UInt32(b3) << 24)
        }
        self.init(words: words)
    }

    /// Parses the property's CARDINAL list as words, as `XGetWindowProperty` gives it back.
    /// Nil when there are no words, or an image's side is outside 1…``maximumSide`` or its
    /// pixels run past the end.
    public init?(words: [UInt32]) {
        var images: [Image] = []
        var index = 0
        while index < words.count {
            guard words.count - index >= 2 else { return nil }
            let width = Int(words[index]), height = Int(words[index + 1])
            // Sides first: then width × height is at most 2^20 and cannot overflow.
            guard Self.sides.contains(width), Self.sides.contains(height) else { return nil }
            let start = index + 2, count = width * height
            guard words.count - start >= count,
                let image = Image(width: width, height: height, pixels: Array(words[start..<(start + count)]))
            else { return nil }
            images.append(image)
            index = start + count
        }
        self.init(images: images)
    }

    /// Reads and parses the file at `path`; nil when it is missing, unreadable, larger than
    /// ``maximumByteCount`` or not a valid icon. Reads at most one byte past the limit.
    public init?(contentsOf path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let limit = Self.maximumByteCount + 1
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, wanted) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        self.init(bytes: bytes)
    }

    /// The `_NET_WM_ICON` CARDINAL list: for each image its width, its height, its pixels.
    public var words: [UInt32] {
        var words: [UInt32] = []
        words.reserveCapacity(images.reduce(0) { $0 + 2 + $1.pixels.count })
        for image in images {
            words.append(UInt32(image.width))
            words.append(UInt32(image.height))
            words += image.pixels
        }
        return words
    }

    /// ``words`` as little-endian bytes: the file format ``init(bytes:)`` reads.
    public var bytes: [UInt8] {
        words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) } }
    }
}

extension SplitWindow {
    /// Sets the top-level's `_NET_WM_ICON` to `icon`, which window managers, task bars and
    /// Alt+Tab switchers show. Images that would make the request longer than the server takes
    /// are left out (the first ones are kept); with none left, nothing is set. Interns the atom
    /// (one round trip) on each call: call it once per window.
    public func setIcon(_ icon: WindowIcon) {
        let display = connection.display
        let words = icon.fitting(inRequestWords: Self.maximumRequestWords(display))
        guard !words.isEmpty else { return }
        let atom = XInternAtom(display, "_NET_WM_ICON", 0)
        // Format 32 travels as C longs, one per CARDINAL (Xlib sends their low 32 bits).
        var longs = words.map { Int($0) }
        let count = Int32(longs.count)
        longs.withUnsafeMutableBytes { buffer in
            _ = XChangeProperty(
                display, window, atom, XA_CARDINAL, 32, PropModeReplace,
                buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count)
        }
    }

    /// The most 32-bit words of data one `ChangeProperty` request can carry on `display`: the
    /// server's maximum request length (with BIG-REQUESTS if it has it) less the request's own
    /// six words.
    static func maximumRequestWords(_ display: OpaquePointer) -> Int {
        let extended = XExtendedMaxRequestSize(display)
        return max(0, (extended > 0 ? extended : XMaxRequestSize(display)) - 6)
    }
}

extension WindowIcon {
    /// ``words`` for the leading images that fit in `limit` words together.
    func fitting(inRequestWords limit: Int) -> [UInt32] {
        var kept: [Image] = []
        var total = 0
        for image in images {
            let size = 2 + image.pixels.count
            guard total + size <= limit else { break }
            kept.append(image)
            total += size
        }
        return WindowIcon(images: kept)?.words ?? []
    }
}
