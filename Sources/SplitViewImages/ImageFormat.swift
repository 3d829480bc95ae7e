import CImageCodecs

/// The picture formats the reader shows, known by their first bytes, never by the name: a
/// PNG called `notes.dat` shows as a picture, a text file called `logo.png` as text.
public enum ImageFormat: String, Hashable, Sendable, CaseIterable {
    /// PNG: the eight-byte signature `89 50 4E 47 0D 0A 1A 0A`.
    case png
    /// JPEG: a start-of-image marker followed by another marker, `FF D8 FF`.
    case jpeg

    /// The format `bytes` (a file's first bytes) start with, or `nil` for anything else.
    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(8))
        switch head.withUnsafeBufferPointer({ cimg_sniff($0.baseAddress, $0.count) }) {
        case Int32(CIMG_FORMAT_PNG): self = .png
        case Int32(CIMG_FORMAT_JPEG): self = .jpeg
        default: return nil
        }
    }

    /// `PNG`, `JPEG`: the format's name for people.
    public var name: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        }
    }
}
