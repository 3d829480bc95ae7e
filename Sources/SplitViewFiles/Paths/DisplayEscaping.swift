/// Turning name bytes into text people can read without being misled.
///
/// Invalid UTF-8 bytes become `\xNN` one byte at a time (not one U+FFFD per bad sequence), so
/// two names that differ only in their bad bytes still look different. Control characters
/// are escaped because a newline or an escape sequence in a name would break a row or drive
/// the terminal; the bidirectional controls because they can make `txt.exe` read as
/// `exe.txt`. A backslash stays as it is: the result is for reading, never for naming a file
/// again, and `a\b` is a legal name people should see as they typed it.
enum DisplayEscaping {
    static func escape(_ bytes: [UInt8]) -> String {
        // Most names are plain printable ASCII: one pass to check, one copy to build.
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return String(decoding: bytes, as: UTF8.self) }
        var text = ""
        text.reserveCapacity(bytes.count + 8)
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let byte = buffer[index]
                if byte < 0x80 {
                    appendASCII(byte, to: &text)
                    index += 1
                } else if let (scalar, length) = UTF8Scalar.decode(buffer, at: index) {
                    if needsEscape(scalar) {
                        text += "\\u{" + hex(scalar.value, digits: 4) + "}"
                    } else {
                        text.unicodeScalars.append(scalar)
                    }
                    index += length
                } else {
                    text += "\\x" + hex(UInt32(byte), digits: 2)
                    index += 1
                }
            }
        }
        return text
    }

    private static func appendASCII(_ byte: UInt8, to text: inout String) {
        switch byte {
        case 0x0A: text += "\\n"
        case 0x09: text += "\\t"
        case 0x0D: text += "\\r"
        case 0x00..<0x20, 0x7F: text += "\\x" + hex(UInt32(byte), digits: 2)
        default: text.unicodeScalars.append(Unicode.Scalar(byte))
        }
    }

    /// C1 controls, the line and paragraph separators, and the marks and overrides that
    /// reorder text.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Upper-case hexadecimal, zero-padded to `digits`.
    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return text.count >= digits ? text : String(repeating: "0", count: digits - text.count) + text
    }
}

/// One step of strict UTF-8 decoding, so callers can treat each invalid byte on its own.
enum UTF8Scalar {
    /// The scalar starting at `index` and its length in bytes, or `nil` when the byte there
    /// does not start a well-formed sequence (overlong forms, surrogates and values past
    /// U+10FFFF included).
    static func decode(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = buffer[index]
        let length: Int
        var value: UInt32
        var lowest: UInt32 = 0x80
        switch lead {
        case 0x00..<0x80: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F); lowest = 0x800
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07); lowest = 0x10000
        default: return nil
        }
        guard index + length <= buffer.count else { return nil }
        for offset in 1..<length {
            let byte = buffer[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= lowest, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
