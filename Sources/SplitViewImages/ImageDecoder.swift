import CImageCodecs
import Glibc
import SplitView
import SplitViewFiles

/// A picture decoded: its header's facts, its pixels (reduced to the output limit, with their
/// halved levels), and a note when the library had to work around damage.
public struct DecodedImage: Sendable {
    /// What the header said.
    public var info: ImageInfo
    /// The pixels, ready for a `DrawOp.image(_:in:)`; their `pixelWidth` and `pixelHeight` are
    /// the picture's own.
    public var pixels: ImagePixels
    /// The first warning of the library ("Corrupt JPEG data: 12 extraneous bytes before marker
    /// 0xd9"): the picture shows as far as it could be read.
    public var warning: String?
    /// A JPEG of more scans than ``ImageLimits/scans``: the scans its pixels come from (the
    /// first ``ImageLimits/scans``; the rest of the file was never read). `nil` when every scan
    /// was read, as for every real picture.
    public var scansShown: Int?
}

/// Decodes PNG and JPEG files, from any thread, within ``ImageLimits``.
///
/// The file is opened without following it into a FIFO or a device (it must be a regular
/// file), read as it is decoded and never held whole; the header is read first, and a picture
/// the limits refuse is refused then, before any pixel is decoded. Then the rows are decoded
/// one by one and each is averaged into the output as it comes (libjpeg first scales by 1/2,
/// 1/4 or 1/8 while decoding when the output is that much smaller), so memory is the output
/// and a few rows. Every failure, the libraries' included, is an ``ImageError`` in words,
/// never a crash: libpng's and libjpeg's longjmps end in the C target, `CImageCodecs`.
///
/// The work is bounded too: a JPEG's scans (``ImageLimits/scans``) and the decode's processor
/// time (``ImageLimits/processorTime``); and a cancel is honoured within a row, a read of the
/// file or a row of blocks of a scan, wherever the decode is (``ImageCancellation``).
///
/// PNG: every colour type and bit depth (palettes, grey, alpha, 16 bits scaled to 8), no
/// gamma or colour profile applied. JPEG: grey, colour and CMYK (Adobe's inverted CMYK when
/// its marker says so), baseline and progressive, turned by its EXIF orientation.
public enum ImageDecoder {
    /// The picture at `path`, or why not; stops early, with ``ImageError/cancelled``, once
    /// `cancellation` is set.
    public static func decode(
        _ path: FilePath, limits: ImageLimits = .standard, cancellation: ImageCancellation? = nil
    ) -> Result<DecodedImage, ImageError> {
        if cancellation?.isCancelled == true { return .failure(.cancelled) }
        func decodeFlagged(_ flag: UnsafePointer<Int32>?) -> Result<DecodedImage, ImageError> {
            withDecoder(path, limits: limits, cancel: flag) { decoder, header in decode(decoder, header, limits: limits) }
        }
        guard let cancellation else { return decodeFlagged(nil) }
        return cancellation.withFlag { decodeFlagged($0) }
    }

    /// Decodes the picture whose header `decoder` has read.
    private static func decode(
        _ decoder: OpaquePointer, _ header: cimg_header, limits: ImageLimits
    ) -> Result<DecodedImage, ImageError> {
        var failure = cimg_failure()
        let info = ImageInfo(header)
        if let refusal = refusal(of: info, workingMemory: Int64(clamping: header.working_memory), limits: limits) {
            return .failure(refusal)
        }
        let size = limits.outputSize(width: info.width, height: info.height)
        var argb = [UInt32](repeating: 0, count: size.width * size.height)
        let status = argb.withUnsafeMutableBufferPointer { pixels in
            cimg_decode(decoder, UInt32(size.width), UInt32(size.height), pixels.baseAddress, &failure)
        }
        switch status {
        case Int32(CIMG_OK): break
        case Int32(CIMG_CANCELLED): return .failure(.cancelled)
        default: return .failure(error(failure, limits: limits))
        }
        let levels = halvings(of: ImagePixels.Level(width: size.width, height: size.height, argb: argb))
        let pixels = ImagePixels(levels: levels, pixelWidth: info.width, pixelHeight: info.height)
        let warning = cimg_warning(decoder).map { String(cString: $0) }
        let scans = Int(cimg_scans_shown(decoder))
        return .success(DecodedImage(info: info, pixels: pixels, warning: warning, scansShown: scans > 0 ? scans : nil))
    }

    /// The header's facts of the picture at `path`, without decoding a pixel (the inspector's
    /// dimensions, a test's proof that a refusal came first).
    public static func info(_ path: FilePath, limits: ImageLimits = .standard) -> Result<ImageInfo, ImageError> {
        withDecoder(path, limits: limits, cancel: nil) { _, header in .success(ImageInfo(header)) }
    }

    /// Opens the picture at `path`, reads its header, and runs `body` with the decoder and
    /// the header; the file and the decoder are closed after it. `cancel` stops both, and the
    /// processor time is counted from here: `body` runs on this thread.
    private static func withDecoder<T>(
        _ path: FilePath, limits: ImageLimits, cancel: UnsafePointer<Int32>?,
        _ body: (OpaquePointer, cimg_header) -> Result<T, ImageError>
    ) -> Result<T, ImageError> {
        let descriptor: Int32
        switch open(path, limits: limits) {
        case .success(let value): descriptor = value
        case .failure(let error): return .failure(error)
        }
        defer { close(descriptor) }
        var header = cimg_header()
        var failure = cimg_failure()
        var bounds = cimg_limits(
            max_bytes: UInt64(limits.fileBytes), max_memory: UInt64(limits.workingMemory),
            max_scans: UInt32(clamping: limits.scans), max_cpu_ns: nanoseconds(limits.processorTime))
        guard let decoder = cimg_open(descriptor, &bounds, cancel, &header, &failure) else {
            return .failure(error(failure, limits: limits))
        }
        defer { cimg_close(decoder) }
        return body(decoder, header)
    }

    /// `duration` in whole nanoseconds, at most `UInt64.max`.
    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return .max }
        let (total, carry) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        return carry ? .max : total
    }

    /// The levels the host scales from: `level`, then each half of the one before, until the
    /// longer side is at most ``smallestLevelSide`` pixels.
    static func halvings(of level: ImagePixels.Level) -> [ImagePixels.Level] {
        var levels = [level]
        while let last = levels.last, max(last.width, last.height) > smallestLevelSide {
            let width = (last.width + 1) / 2, height = (last.height + 1) / 2
            let argb = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
                last.argb.withUnsafeBufferPointer { source in
                    cimg_halve(source.baseAddress, UInt32(last.width), UInt32(last.height), buffer.baseAddress)
                }
                count = width * height
            }
            levels.append(ImagePixels.Level(width: width, height: height, argb: argb))
        }
        return levels
    }

    /// The smallest level's longer side, in pixels: below it, the host's filter reduces the
    /// last level by more than half only for pictures drawn smaller than this.
    static let smallestLevelSide = 16

    /// Why the limits refuse `info` (more pixels or a longer side than allowed, or more
    /// working memory), or `nil`.
    static func refusal(of info: ImageInfo, workingMemory: Int64, limits: ImageLimits) -> ImageError? {
        if info.width < 1 || info.height < 1 { return .damaged(info.format, String(translated: "it declares no pixels")) }
        let (pixels, overflow) = info.width.multipliedReportingOverflow(by: info.height)
        if max(info.width, info.height) > limits.side || overflow || pixels > limits.pixels {
            return .tooLarge(info, limits: limits)
        }
        if workingMemory > limits.workingMemory { return .needsMemory(info, bytes: workingMemory, limit: limits.workingMemory) }
        return nil
    }

    /// Opens `path` to decode: read-only, non-blocking (a FIFO swapped in cannot hang the
    /// open), never a controlling terminal, closed on exec; then checks it is a regular file
    /// within the size limit.
    private static func open(_ path: FilePath, limits: ImageLimits) -> Result<Int32, ImageError> {
        let flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
        var descriptor: Int32 = -1
        repeat {
            descriptor = path.withCString { Glibc.open($0, flags) }
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { return .failure(.unreadable(FileError(path: path.displayString, code: errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            return .failure(.unreadable(FileError(path: path.displayString, code: code)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return .failure(.unreadable(FileError(path: path.displayString, reason: String(translated: "not a regular file"))))
        }
        // The kernel's files are never read: reading one can take from it (`/proc/kmsg`).
        if let system = KernelFiles.fileSystem(of: descriptor) {
            close(descriptor)
            return .failure(.unreadable(KernelFiles.refusal(path, fileSystem: system)))
        }
        guard Int64(status.st_size) <= limits.fileBytes else {
            close(descriptor)
            return .failure(.fileTooLarge(bytes: Int64(status.st_size), limit: limits.fileBytes))
        }
        return .success(descriptor)
    }

    /// A C failure in words.
    private static func error(_ failure: cimg_failure, limits: ImageLimits) -> ImageError {
        let text = withUnsafeBytes(of: failure.text) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        let format: ImageFormat = failure.format == CIMG_FORMAT_JPEG ? .jpeg : .png
        switch failure.kind {
        case Int32(CIMG_NOT_AN_IMAGE): return .notAnImage
        case Int32(CIMG_TRUNCATED): return .truncated(format)
        case Int32(CIMG_READ_ERROR): return .unreadable(FileError(path: "", reason: text))
        case Int32(CIMG_UNSUPPORTED): return .unsupported(format, text)
        case Int32(CIMG_MEMORY): return .outOfMemory
        case Int32(CIMG_SLOW): return .tooSlow(format, limit: limits.processorTime)
        case Int32(CIMG_STOPPED): return .cancelled
        default: return .damaged(format, text)
        }
    }
}

extension ImageInfo {
    /// The C header's facts.
    init(_ header: cimg_header) {
        self.init(
            format: header.format == CIMG_FORMAT_JPEG ? .jpeg : .png, width: Int(header.width), height: Int(header.height),
            hasAlpha: header.has_alpha != 0, bitDepth: Int(header.bit_depth), channels: Int(header.channels),
            isInterlaced: header.interlaced != 0)
    }
}
