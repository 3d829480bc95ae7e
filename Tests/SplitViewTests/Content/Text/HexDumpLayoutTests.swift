import Testing

@testable import SplitView

/// The hex dump's rows: `hexdump -C`'s layout at 16, 8 or 4 bytes, chosen by the width.
@Suite struct HexDumpLayoutTests {
    static let bytes: [UInt8] = Array("Hello, world!\n".utf8) + [0, 0xFF, 0x7F, 0x20]

    @Test func sixteenBytesAreHexdumpsOwnRows() {
        let text = HexDumpLayout.text(Self.bytes, bytesPerRow: 16)
        #expect(
            text.split(separator: "\n") == [
                "00000000  48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 21 0a 00 ff  |Hello, world!...|",
                "00000010  7f 20                                             |. |",
            ])
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= HexDumpLayout.columns(bytesPerRow: 16) })
    }

    @Test func eightAndFourBytesARow() {
        #expect(
            HexDumpLayout.text(Array(Self.bytes.prefix(10)), bytesPerRow: 8).split(separator: "\n") == [
                "00000000  48 65 6c 6c 6f 2c 20 77  |Hello, w|",
                "00000008  6f 72                    |or|",
            ])
        #expect(
            HexDumpLayout.text(Array(Self.bytes.prefix(6)), bytesPerRow: 4).split(separator: "\n") == [
                "00000000  48 65 6c 6c  |Hell|",
                "00000004  6f 2c        |o,|",
            ])
    }

    @Test func columnsOfEachRow() {
        #expect(HexDumpLayout.columns(bytesPerRow: 16) == 78)
        #expect(HexDumpLayout.columns(bytesPerRow: 8) == 45)
        #expect(HexDumpLayout.columns(bytesPerRow: 4) == 29)
    }

    @Test(arguments: [(200, 16), (78, 16), (77, 8), (45, 8), (44, 4), (29, 4), (28, 4), (0, 4)])
    func theWidestRowThatFits(columns: Int, expected: Int) {
        #expect(HexDumpLayout.bytesPerRow(fitting: columns) == expected)
    }

    @Test func noBytesNoRows() {
        #expect(HexDumpLayout.text([], bytesPerRow: 16) == "")
    }
}
