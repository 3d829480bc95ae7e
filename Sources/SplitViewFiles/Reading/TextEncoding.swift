/// The encodings the reader tells apart, and how a file's bytes are decoded in each.
///
/// UTF-8 is the default; UTF-16 only with a byte-order mark (without one, UTF-16 is
/// indistinguishable from a binary full of NUL bytes); anything that is not valid UTF-8 is
/// Latin-1, which maps every byte to one character, so that a file in an older 8-bit
/// encoding shows every byte, never a replacement character.
public enum TextEncoding: String, Hashable, Sendable, CaseIterable {
    /// UTF-8, with or without a byte-order mark.
    case utf8
    /// UTF-16, little-endian, from its byte-order mark `FF FE`.
    case utf16LittleEndian
    /// UTF-16, big-endian, from its byte-order mark `FE FF`.
    case utf16BigEndian
    /// ISO 8859-1: each byte is the character of the same number.
    case latin1

    /// The name people know it by: `UTF-8`, `UTF-16LE`, `UTF-16BE`, `Latin-1`.
    public var name: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16LittleEndian: "UTF-16LE"
        case .utf16BigEndian: "UTF-16BE"
        case .latin1: "Latin-1"
        }
    }

    /// The byte-order mark's length, if `bytes` begins with one.
    static func byteOrderMark<Bytes: Collection<UInt8>>(of bytes: Bytes, in encoding: TextEncoding) -> Int {
        switch encoding {
        case .utf8: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        case .utf16LittleEndian: bytes.starts(with: [0xFF, 0xFE]) ? 2 : 0
        case .utf16BigEndian: bytes.starts(with: [0xFE, 0xFF]) ? 2 : 0
        case .latin1: 0
        }
    }

    /// The encoding of a file whose bytes are `bytes`: UTF-16 when they begin with its
    /// byte-order mark, else UTF-8 when they are valid UTF-8, else Latin-1. With `isCut`
    /// (`bytes` are only the file's start), a character cut by their end is allowed.
    public static func detect<Bytes: Collection<UInt8>>(_ bytes: Bytes, isCut: Bool = false) -> TextEncoding {
        if bytes.starts(with: [0xFF, 0xFE]) { return .utf16LittleEndian }
        if bytes.starts(with: [0xFE, 0xFF]) { return .utf16BigEndian }
        return isUTF8(Array(bytes), isCut: isCut) ? .utf8 : .latin1
    }

    /// Whether `bytes` are valid UTF-8 (but for a character cut at their very end, if `isCut`).
    static func isUTF8(_ bytes: [UInt8], isCut: Bool) -> Bool {
        let whole = isCut ? UTF8Boundary.prefix(ofCompleteCharacters: bytes[...]) : bytes[...]
        return whole.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                if buffer[index] < 0x80 {
                    index += 1
                } else if let (_, length) = UTF8Scalar.decode(buffer, at: index) {
                    index += length
                } else {
                    return false
                }
            }
            return true
        }
    }

    /// `bytes` decoded, without the byte-order mark: an odd last byte of UTF-16 is dropped, and
    /// invalid UTF-8 or unpaired UTF-16 surrogates become U+FFFD (the detection keeps them
    /// rare: only text that claimed the encoding can have them).
    public func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        let body = bytes.dropFirst(Self.byteOrderMark(of: bytes, in: self))
        switch self {
        case .utf8:
            return String(decoding: body, as: UTF8.self)
        case .utf16LittleEndian, .utf16BigEndian:
            let array = Array(body), little = self == .utf16LittleEndian
            var units: [UInt16] = []
            units.reserveCapacity(array.count / 2)
            for start in stride(from: 0, to: array.count - 1, by: 2) {
                let first = UInt16(array[start]), second = UInt16(array[start + 1])
                units.append(little ? first | second << 8 : first << 8 | second)
            }
            return String(decoding: units, as: UTF16.self)
        case .latin1:
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: body.lazy.map { Unicode.Scalar($0) })
            return String(scalars)
        }
    }
}
