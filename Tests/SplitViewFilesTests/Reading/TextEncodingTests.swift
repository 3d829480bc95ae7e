import SplitViewFiles
import Testing

/// Telling the reader's encodings apart: UTF-16 by its byte-order mark, UTF-8 when valid,
/// Latin-1 for anything else; and decoding each.
@Suite struct TextEncodingTests {
    @Test(
        arguments: [
            ([0xFF, 0xFE, 0x41, 0x00], TextEncoding.utf16LittleEndian),
            ([0xFE, 0xFF, 0x00, 0x41], .utf16BigEndian),
            ([0xEF, 0xBB, 0xBF, 0x41], .utf8),  // UTF-8's own mark
            (Array("plain ASCII".utf8), .utf8),
            (Array("déjà vu".utf8), .utf8),
            ([0x63, 0x61, 0x66, 0xE9], .latin1),  // "café" in Latin-1: 0xE9 alone is not UTF-8
            ([0x61, 0xC3], .latin1),  // "a" and the first byte of "é" ending a whole file
            ([0x61, 0xC3, 0x61], .latin1),  // the same byte inside: not UTF-8
            ([0xC0, 0xAF], .latin1),  // an overlong "/" is not UTF-8
            ([0xED, 0xA0, 0x80], .latin1),  // a UTF-16 surrogate in UTF-8 is not UTF-8
            ([0xFF], .latin1),  // half a byte-order mark
            ([], .utf8),
        ] as [([UInt8], TextEncoding)])
    func detection(bytes: [UInt8], expected: TextEncoding) {
        #expect(TextEncoding.detect(bytes) == expected)
    }

    @Test func aCharacterCutByTheEndOfAFilesStartIsStillUTF8() {
        #expect(TextEncoding.detect([0x61, 0xC3], isCut: true) == .utf8)
        #expect(TextEncoding.detect([0x61, 0xE2, 0x82], isCut: true) == .utf8, "two bytes of €")
        #expect(TextEncoding.detect([0x61, 0xC3, 0x61], isCut: true) == .latin1, "a bad byte inside is no cut")
    }

    @Test func latin1MapsEveryByteToOneCharacter() {
        let all = (0...255).map { UInt8($0) }
        let text = TextEncoding.latin1.decode(all)
        #expect(text.unicodeScalars.map(\.value) == (0...255).map { UInt32($0) })
        #expect(!text.contains("\u{FFFD}"), "never a replacement character")
    }

    @Test func utf16DecodesWithoutItsMarkAndDropsAnOddByte() {
        #expect(TextEncoding.utf16LittleEndian.decode([0xFF, 0xFE, 0x68, 0x00, 0x69, 0x00, 0x0A]) == "hi")
        #expect(TextEncoding.utf16BigEndian.decode([0xFE, 0xFF, 0xD8, 0x34, 0xDD, 0x1E]) == "𝄞")
        #expect(TextEncoding.utf8.decode([0xEF, 0xBB, 0xBF, 0x68]) == "h")
    }

    @Test func names() {
        #expect(TextEncoding.allCases.map(\.name) == ["UTF-8", "UTF-16LE", "UTF-16BE", "Latin-1"])
    }
}
