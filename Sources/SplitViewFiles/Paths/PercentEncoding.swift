/// The one percent-encoding of paths, as GLib writes it for `file://` URIs and the trash's
/// `Path=`: every byte but `A-Z a-z 0-9 - . _ ~` and `/` written `%XX`, in upper-case hex.
///
/// GTK's bookmarks (`g_filename_to_uri`), the clipboard's and drag and drop's URI lists and
/// GIO's `.trashinfo` files (the Trash specification's "escaped as in URLs", RFC 2396) use
/// the same kept set: RFC 3986's unreserved characters and the slash between names. So there
/// is one encoder; the decoders differ only in what they refuse (``Decoding``).
///
/// ```swift
/// PercentEncoding.encoded(Array("/My Notes/café".utf8))  // "/My%20Notes/caf%C3%A9"
/// PercentEncoding.decoded(Array("a%2Fb".utf8), as: .anyByte)  // "a/b"
/// PercentEncoding.decoded(Array("a%2Fb".utf8), as: .localPath)  // nil
/// ```
public enum PercentEncoding {
    /// What a decoding refuses beyond a `%` without two hex digits after it.
    public enum Decoding: Sendable {
        /// Any `%XX` and any raw byte, as GIO's trash reader takes a `Path=` (which then
        /// refuses a NUL and `..` itself).
        case anyByte
        /// The bytes of a local path, as GLib's `g_filename_from_uri` reads a URI's: a NUL
        /// (raw or `%00`) and an escaped slash (`%2F`: not a byte of a name) are refused.
        case localPath
    }

    /// `bytes` with every byte but `A-Z a-z 0-9 - . _ ~` and `/` written `%XX`, upper-case.
    public static func encoded(_ bytes: some Collection<UInt8>) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(bytes.count)
        for byte in bytes {
            if isKept(byte) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            }
        }
        return encoded
    }

    /// `bytes` with each `%XX` (either case) decoded and every other byte kept as it is (a
    /// byte another writer left unescaped is read as itself, as GLib reads it); `nil` for a
    /// `%` without two hex digits after it, or what `decoding` refuses.
    public static func decoded(_ bytes: some Collection<UInt8>, as decoding: Decoding) -> [UInt8]? {
        let bytes = Array(bytes)
        let refusesNames = decoding == .localPath
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "%") else {
                if refusesNames && byte == 0 { return nil }
                decoded.append(byte)
                index += 1
                continue
            }
            guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            else { return nil }
            let value = high << 4 | low
            if refusesNames && (value == 0 || value == UInt8(ascii: "/")) { return nil }
            decoded.append(value)
            index += 3
        }
        return decoded
    }

    /// Whether `byte` is written as itself: RFC 3986's unreserved characters and `/`.
    static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"), UInt8(ascii: "/"):
            true
        default: false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
