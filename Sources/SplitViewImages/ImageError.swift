import SplitView
import SplitViewFiles

/// Why a picture is not shown, in words that follow its name: "“huge.png” is 20 000 × 20 000
/// pixels: too large to show (at most 200 megapixels)."
public enum ImageError: Error, Hashable, Sendable {
    /// The file could not be opened or read.
    case unreadable(FileError)
    /// The file is larger than ``ImageLimits/fileBytes``.
    case fileTooLarge(bytes: Int64, limit: Int64)
    /// The first bytes are neither a PNG's nor a JPEG's.
    case notAnImage
    /// The header declares more pixels, or a longer side, than the limits allow.
    case tooLarge(ImageInfo, limits: ImageLimits)
    /// The library would need more working memory than ``ImageLimits/workingMemory``: an
    /// interlaced PNG or a progressive JPEG, which are decoded whole.
    case needsMemory(ImageInfo, bytes: Int64, limit: Int64)
    /// The file ends before the picture does.
    case truncated(ImageFormat)
    /// The library refused the data; its own sentence ("IDAT: CRC error").
    case damaged(ImageFormat, String)
    /// Valid, but of a kind this decoder does not read ("Unsupported JPEG data precision 12").
    case unsupported(ImageFormat, String)
    /// The decode took more of its thread's processor time than ``ImageLimits/processorTime``,
    /// and was given up.
    case tooSlow(ImageFormat, limit: Duration)
    /// Memory ran out.
    case outOfMemory
    /// Someone else's answer was wanted sooner: the decode stopped (never shown).
    case cancelled

    /// The sentence after the file's name, without a final full stop.
    ///
    /// ```swift
    /// "“\(name)” " + error.reason + "."
    /// ```
    public var reason: String {
        switch self {
        case .unreadable(let error): "cannot be read: \(error.reason)"
        case .fileTooLarge(let bytes, let limit):
            "is \(Self.megabytes(bytes)): too large to show (at most \(Self.megabytes(limit)))"
        case .notAnImage: "is neither a PNG nor a JPEG file"
        case .tooLarge(let info, let limits):
            "is \(ImageFit.dimensions(width: info.width, height: info.height)): too large to show ("
                + (max(info.width, info.height) > limits.side
                    ? "at most \(ImageFit.grouped(limits.side)) pixels a side)"
                    : "at most \(ImageFit.grouped(limits.pixels / 1_000_000)) megapixels)")
        case .needsMemory(let info, let bytes, let limit):
            "is \(info.isInterlaced ? (info.format == .png ? "an interlaced PNG" : "a progressive JPEG") : "a \(info.format.name)")"
                + " of \(ImageFit.dimensions(width: info.width, height: info.height)), which is decoded whole:"
                + " it would need \(Self.megabytes(bytes)) (at most \(Self.megabytes(limit)))"
        case .truncated(let format): "is a \(format.name) cut short: the file ends before the picture does"
        case .damaged(let format, let detail): "is a damaged \(format.name): \(detail)"
        case .unsupported(let format, let detail): "is a \(format.name) of a kind not shown here: \(detail)"
        case .tooSlow(let format, let limit):
            "is a \(format.name) too slow to decode: given up after \(Self.seconds(limit)) of processor time"
        case .outOfMemory: "cannot be decoded: out of memory"
        case .cancelled: "was not decoded"
        }
    }

    /// A time for people: whole seconds from one second up (`20 s`), else milliseconds
    /// (`50 ms`, at least 1).
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if seconds >= 1 { return "\(ImageFit.grouped(Int(seconds + (attoseconds >= 500_000_000_000_000_000 ? 1 : 0)))) s" }
        return "\(max(1, Int((attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000))) ms"
    }

    /// Whole megabytes (10⁶ bytes, as the file list's sizes), at least 1: `250 MB`.
    static func megabytes(_ bytes: Int64) -> String {
        "\(ImageFit.grouped(Int(max(1, (bytes + 500_000) / 1_000_000)))) MB"
    }
}
