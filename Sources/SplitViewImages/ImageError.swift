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
        case .unreadable(let error):
            let reason = error.reason
            return String(translated: "cannot be read: \(reason)")
        case .fileTooLarge(let bytes, let limit):
            let size = Self.megabytes(bytes), most = Self.megabytes(limit)
            return String(translated: "is \(size): too large to show (at most \(most))")
        case .notAnImage: return String(translated: "is neither a PNG nor a JPEG file")
        case .tooLarge(let info, let limits):
            let size = ImageFit.dimensions(width: info.width, height: info.height)
            if max(info.width, info.height) > limits.side {
                let most = ImageFit.grouped(limits.side)
                return String(translated: "is \(size): too large to show (at most \(most) pixels a side)")
            }
            let most = ImageFit.grouped(limits.pixels / 1_000_000)
            return String(translated: "is \(size): too large to show (at most \(most) megapixels)")
        case .needsMemory(let info, let bytes, let limit):
            let size = ImageFit.dimensions(width: info.width, height: info.height)
            let need = Self.megabytes(bytes), most = Self.megabytes(limit)
            switch (info.isInterlaced, info.format) {
            case (true, .png):
                return String(
                    translated: "is an interlaced PNG of \(size), which is decoded whole: it would need \(need) (at most \(most))"
                )
            case (true, .jpeg):
                return String(
                    translated:
                        "is a progressive JPEG of \(size), which is decoded whole: it would need \(need) (at most \(most))")
            case (false, _):
                let formatName = info.format.name
                return String(
                    translated: "is a \(formatName) of \(size), which is decoded whole: it would need \(need) (at most \(most))")
            }
        case .truncated(let format):
            let formatName = format.name
            return String(translated: "is a \(formatName) cut short: the file ends before the picture does")
        case .damaged(let format, let detail):
            let formatName = format.name
            return String(translated: "is a damaged \(formatName): \(detail)")
        case .unsupported(let format, let detail):
            let formatName = format.name
            return String(translated: "is a \(formatName) of a kind not shown here: \(detail)")
        case .tooSlow(let format, let limit):
            let formatName = format.name, time = Self.seconds(limit)
            return String(translated: "is a \(formatName) too slow to decode: given up after \(time) of processor time")
        case .outOfMemory: return String(translated: "cannot be decoded: out of memory")
        case .cancelled: return String(translated: "was not decoded")
        }
    }

    /// A time for people: whole seconds from one second up (`20 s`), else milliseconds
    /// (`50 ms`, at least 1).
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if seconds >= 1 {
            let count = ImageFit.grouped(Int(seconds + (attoseconds >= 500_000_000_000_000_000 ? 1 : 0)))
            return String(translated: "\(count) s")
        }
        let count = max(1, Int((attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000))
        return String(translated: "\(count) ms")
    }

    /// Whole megabytes (10⁶ bytes, as the file list's sizes), at least 1: `250 MB`.
    static func megabytes(_ bytes: Int64) -> String {
        let count = ImageFit.grouped(Int(max(1, (bytes + 500_000) / 1_000_000)))
        return String(translated: "\(count) MB")
    }
}
