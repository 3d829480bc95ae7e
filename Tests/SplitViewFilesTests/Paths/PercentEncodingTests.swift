import PropertyBased
import SplitViewFiles
import Testing

/// `PercentEncoding`: the one encoder of GTK's URIs and the trash's `Path=`, every byte and the
/// edges of the kept set, and the two decoders' refusals.
@Suite struct PercentEncodingTests {
    /// The kept set exactly: RFC 3986's unreserved characters and `/`.
    static let kept = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8))

    /// Each of the 256 bytes alone: kept as itself, or `%XX` in upper-case hex; and back.
    @Test func everyByteIsKeptOrWrittenUpperCaseAndReadBack() {
        for value in 0...255 {
            let byte = UInt8(value)
            let encoded = PercentEncoding.encoded([byte])
            let hex = Array("0123456789ABCDEF".utf8)
            let expected = Self.kept.contains(byte) ? [byte] : [UInt8(ascii: "%"), hex[value >> 4], hex[value & 15]]
            #expect(encoded == expected, "byte \(value)")
            #expect(PercentEncoding.decoded(encoded, as: .anyByte) == [byte], "byte \(value)")
            let asPath = PercentEncoding.decoded(encoded, as: .localPath)
            #expect(asPath == (byte == 0 ? nil : [byte]), "byte \(value)")
        }
    }

    /// The bytes on either side of each kept range are escaped: `,` `-` `.` `/` `0`…`9` `:`,
    /// `@` `A`…`Z` `[`, `^` `_` `` ` `` `a`…`z` `{`, `}` `~` DEL.
    @Test(arguments: [
        (",", "%2C"), ("-", "-"), (".", "."), ("/", "/"), ("0", "0"), ("9", "9"), (":", "%3A"), ("@", "%40"),
        ("A", "A"), ("Z", "Z"), ("[", "%5B"), ("^", "%5E"), ("_", "_"), ("`", "%60"), ("a", "a"), ("z", "z"),
        ("{", "%7B"), ("}", "%7D"), ("~", "~"), ("\u{7F}", "%7F"), ("%", "%25"), (" ", "%20"),
    ])
    func theKeptSetsEdges(character: String, written: String) {
        #expect(PercentEncoding.encoded(Array(character.utf8)) == Array(written.utf8))
    }

    /// Any bytes at all round trip; for a local path, exactly those without a NUL.
    @Test func anyBytesRoundTrip() async {
        await propertyCheck(count: 500, input: Gen.uint8(in: 0...255).array(of: 0...300)) { bytes in
            let encoded = PercentEncoding.encoded(bytes)
            #expect(encoded.allSatisfy { Self.kept.contains($0) || $0 == UInt8(ascii: "%") || $0.isUpperHex })
            #expect(PercentEncoding.decoded(encoded, as: .anyByte) == bytes)
            #expect(PercentEncoding.decoded(encoded, as: .localPath) == (bytes.contains(0) ? nil : bytes))
        }
    }

    /// Escapes in either case decode; raw bytes (another writer's, not escaped) are themselves.
    @Test func lowerCaseEscapesAndRawBytesAreRead() {
        #expect(PercentEncoding.decoded(Array("caf%c3%A9".utf8), as: .anyByte) == Array("café".utf8))
        #expect(PercentEncoding.decoded([0x61, 0xFF, 0x20, 0x25, 0x32, 0x30], as: .localPath) == [0x61, 0xFF, 0x20, 0x20])
        #expect(PercentEncoding.decoded([], as: .localPath) == [])
    }

    /// A `%` without two hex digits after it is refused by both, at the end too.
    @Test(arguments: ["%", "a%", "a%4", "%G1", "%4G", "%%41", "a%2", "% 41"])
    func aBadEscapeIsRefused(text: String) {
        #expect(PercentEncoding.decoded(Array(text.utf8), as: .anyByte) == nil)
        #expect(PercentEncoding.decoded(Array(text.utf8), as: .localPath) == nil)
    }

    /// A local path refuses a NUL, raw or escaped, and an escaped slash; the trash's reader
    /// takes them (it refuses a NUL itself afterwards).
    @Test(
        arguments: [
            ([0x61, 0x25, 0x30, 0x30], [0x61, 0]), ([0x61, 0], [0x61, 0]), (Array("a%2Fb".utf8), Array("a/b".utf8)),
            (Array("a%2fb".utf8), Array("a/b".utf8)),
        ] as [([UInt8], [UInt8])])
    func aLocalPathRefusesNULAndAnEscapedSlash(text: [UInt8], anyByte: [UInt8]) {
        #expect(PercentEncoding.decoded(text, as: .localPath) == nil)
        #expect(PercentEncoding.decoded(text, as: .anyByte) == anyByte)
    }
}

extension UInt8 {
    fileprivate var isUpperHex: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
