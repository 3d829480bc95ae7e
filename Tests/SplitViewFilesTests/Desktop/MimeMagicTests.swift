import PropertyBased
import SplitViewFiles
import Testing

/// Magic files written byte by byte, as `update-mime-database` writes them.
enum MagicFile {
    static let header = Array("MIME-Magic\0\n".utf8)

    /// `[priority:type]` and its rules.
    static func section(_ priority: Int, _ type: String, _ rules: [[UInt8]]) -> [UInt8] {
        Array("[\(priority):\(type)]\n".utf8) + rules.joined()
    }

    /// `indent>offset=LLvalue&mask~size+range\n`.
    static func rule(
        indent: Int = 0, offset: Int, _ value: [UInt8], mask: [UInt8]? = nil, wordSize: Int? = nil, range: Int? = nil
    ) -> [UInt8] {
        var bytes = Array(((indent > 0 ? "\(indent)" : "") + ">\(offset)=").utf8)
        bytes += [UInt8(value.count >> 8), UInt8(value.count & 0xFF)] + value
        if let mask { bytes += [UInt8(ascii: "&")] + mask }
        if let wordSize { bytes += Array("~\(wordSize)".utf8) }
        if let range { bytes += Array("+\(range)".utf8) }
        return bytes + [UInt8(ascii: "\n")]
    }
}

struct MimeMagicTests {
    private static let png = Array("\u{89}PNG".unicodeScalars.map { UInt8($0.value) })

    private static let sample = MimeMagic(files: [
        MagicFile.header
            + MagicFile.section(50, "image/png", [MagicFile.rule(offset: 0, png)])
            + MagicFile.section(
                60, "application/x-nested",
                [
                    MagicFile.rule(offset: 0, Array("NEST".utf8)),
                    MagicFile.rule(indent: 1, offset: 8, Array("yes".utf8)),
                    MagicFile.rule(indent: 1, offset: 8, Array("oui".utf8)),
                ])
            + MagicFile.section(40, "application/x-ranged", [MagicFile.rule(offset: 2, Array("HI".utf8), range: 10)])
            + MagicFile.section(40, "application/x-masked", [MagicFile.rule(offset: 0, [0xF0], mask: [0xF0])])
            + MagicFile.section(40, "application/x-word", [MagicFile.rule(offset: 0, [0x12, 0x34], wordSize: 2)])
    ])

    @Test func aPlainRuleMatchesAtItsOffset() {
        #expect(Self.sample.type(for: Self.png + [1, 2, 3]) == "image/png")
        #expect(Self.sample.type(for: [0] + Self.png) == nil)
    }

    @Test func nestedRulesNeedOneChildToMatch() {
        #expect(Self.sample.type(for: Array("NEST....oui".utf8)) == "application/x-nested")
        #expect(Self.sample.type(for: Array("NEST....non".utf8)) == nil)
    }

    @Test func aRangeLooksAtEachOffset() {
        #expect(Self.sample.type(for: Array("..........HI".utf8)) == "application/x-ranged")
        #expect(Self.sample.type(for: Array("............HI".utf8)) == nil)
    }

    @Test func aMaskComparesOnlyItsBits() {
        #expect(Self.sample.type(for: [0xF7]) == "application/x-masked")
        #expect(Self.sample.type(for: [0x77]) == nil)
    }

    @Test func wordsAreComparedInTheMachinesOrder() {
        #expect(Self.sample.type(for: [0x34, 0x12]) == "application/x-word")
    }

    @Test func theHighestPriorityComesFirst() {
        let magic = MimeMagic(files: [
            MagicFile.header + MagicFile.section(20, "text/x-low", [MagicFile.rule(offset: 0, Array("A".utf8))])
                + MagicFile.section(90, "text/x-high", [MagicFile.rule(offset: 0, Array("A".utf8))])
        ])
        #expect(magic.matches(Array("A".utf8)).map(\.type) == ["text/x-high", "text/x-low"])
    }

    @Test func aFileWithoutTheHeaderIsSkipped() {
        let magic = MimeMagic(files: [
            Array("MIME-Magic\n".utf8) + MagicFile.section(50, "image/png", [MagicFile.rule(offset: 0, Self.png)])
        ])
        #expect(magic.count == 0)
    }

    @Test func aBadSectionIsDroppedAndTheNextKept() {
        let bad = Array("[50:image/bad]\n>notanumber=\u{0}\u{1}X\n".utf8)
        let truncated = Array("[50:image/cut]\n>0=\u{0}\u{ff}abc".utf8)
        let magic = MimeMagic(files: [
            MagicFile.header + bad + MagicFile.section(50, "image/png", [MagicFile.rule(offset: 0, Self.png)]) + truncated
        ])
        #expect(magic.count == 1)
        #expect(magic.type(for: Self.png) == "image/png")
    }

    @Test func hugeNumbersAreRefusedNotAllocated() {
        let hostile = Array(
            "[50:image/x-a]\n>99999999999999999999=\u{0}\u{1}A\n[50:image/x-b]\n>0=\u{0}\u{1}B+99999999999\n".utf8)
        let magic = MimeMagic(files: [MagicFile.header + hostile])
        #expect(magic.count == 0)
    }

    @Test func aNestingThatSkipsALevelIsRefused() {
        let magic = MimeMagic(files: [
            MagicFile.header
                + MagicFile.section(50, "image/x-a", [MagicFile.rule(offset: 0, [1]), MagicFile.rule(indent: 2, offset: 0, [1])])
        ])
        #expect(magic.count == 0)
    }

    @Test func randomBytesAsAMagicFileNeverCrash() async {
        await propertyCheck(
            count: 300, input: Gen.int(in: 0...255).map { UInt8($0) }.array(of: 0...200),
            Gen.int(in: 0...255).map { UInt8($0) }.array(of: 0...64)
        ) {
            noise, data in
            let valid = MagicFile.section(50, "image/png", [MagicFile.rule(offset: 0, Self.png)])
            let magic = MimeMagic(files: [MagicFile.header + noise, noise, MagicFile.header + valid])
            #expect(magic.type(for: data) == magic.type(for: data))
            #expect(magic.type(for: Self.png) != nil)
        }
    }

    /// The magic: values of 4 096 bytes that almost match (4 095 `a` then `b`), each
    /// searched over 64 KiB of `a`, 2 000 sections (8 MiB). Compared byte by byte, each cost
    /// 250 million comparisons: an 82 KB file made every arrow key 4 s, an 8 MiB one never
    /// showed the window. Within ``MimeMagic/workLimit`` now: the higher priorities still
    /// match, the sections past the bound do not.
    @Test func valuesThatAlmostMatchCostABoundedAmount() {
        let value = [UInt8](repeating: UInt8(ascii: "a"), count: 4095) + [UInt8(ascii: "b")]
        var file = MagicFile.header + MagicFile.section(60, "text/x-first", [MagicFile.rule(offset: 0, Array("aaaa".utf8))])
        for number in 0..<2_000 {
            file += MagicFile.section(50, "application/x-hostile\(number)", [MagicFile.rule(offset: 0, value, range: 65_536)])
        }
        file += MagicFile.section(40, "text/x-last", [MagicFile.rule(offset: 0, Array("aaaa".utf8))])
        let magic = MimeMagic(files: [file])
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 64 << 10)
        #expect(magic.count == 2_002)
        #expect(magic.type(for: bytes) == "text/x-first")
        #expect(magic.matches(bytes).map(\.type) == ["text/x-first"], "text/x-last is past the bound")
        #expect(magic.matches(bytes, work: .max).map(\.type) == ["text/x-first", "text/x-last"])
    }

    /// The same with masks (compared byte by byte, no `memmem`): a hundred sections, each
    /// 250 million comparisons unbounded, end within the bound.
    @Test func maskedValuesThatAlmostMatchCostABoundedAmount() {
        let value = [UInt8](repeating: UInt8(ascii: "a"), count: 4095) + [UInt8(ascii: "b")]
        let mask = [UInt8](repeating: 0xFF, count: value.count)
        var file = MagicFile.header
        for number in 0..<100 {
            file += MagicFile.section(
                50, "application/x-hostile\(number)", [MagicFile.rule(offset: 0, value, mask: mask, range: 65_536)])
        }
        let magic = MimeMagic(files: [file])
        #expect(magic.type(for: [UInt8](repeating: UInt8(ascii: "a"), count: 64 << 10)) == nil)
        #expect(
            magic.type(for: [UInt8](repeating: UInt8(ascii: "a"), count: 4095) + [UInt8(ascii: "b")]) == "application/x-hostile0")
    }

    /// The bound's edge: a masked rule that spends 5 comparisons and fails, then a plain one of
    /// 2 bytes; 5 leaves nothing for the second, 6 reaches it.
    @Test func matchingStopsWhenTheWorkIsSpent() {
        let magic = MimeMagic(files: [
            MagicFile.header
                + MagicFile.section(
                    60, "text/x-masked", [MagicFile.rule(offset: 0, Array("aa".utf8), mask: [0xFF, 0xFF], range: 3)])
                + MagicFile.section(50, "text/x-plain", [MagicFile.rule(offset: 0, Array("ab".utf8))])
        ])
        let bytes = Array("abababab".utf8)
        #expect(magic.type(for: bytes, work: 5) == nil)
        #expect(magic.type(for: bytes, work: 6) == "text/x-plain")
    }
}
