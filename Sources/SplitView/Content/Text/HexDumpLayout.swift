/// The `hexdump -C` layout people recognise — offset, the bytes in groups of eight, the
/// printable ASCII beside them — at 16, 8 or 4 bytes a row, whichever the pane fits.
///
/// A row never wraps: a dump wrapped in the middle of a row no longer lines up. The rows are
/// plain ASCII, so in a monospace font their width is their length times one advance.
public enum HexDumpLayout {
    /// The row lengths offered, widest first. (The issue names them; narrower than 4 bytes
    /// the offset takes most of the row, so a pane narrower than a 4-byte row scrolls
    /// sideways instead.)
    public static let bytesPerRowChoices = [16, 8, 4]

    /// How many characters a row of `bytesPerRow` bytes takes: the 8-digit offset and two
    /// spaces, three per byte, one more between groups of eight, a space and the ASCII
    /// between bars. 78 for 16 bytes, as `hexdump -C` prints it.
    public static func columns(bytesPerRow: Int) -> Int {
        let count = max(1, bytesPerRow)
        return 10 + 3 * count + (count - 1) / 8 + 1 + count + 2
    }

    /// The widest choice whose row fits in `columns` characters; the narrowest when none does.
    public static func bytesPerRow(fitting columns: Int) -> Int {
        bytesPerRowChoices.first { self.columns(bytesPerRow: $0) <= columns } ?? bytesPerRowChoices.last!
    }

    /// The dump of `bytes`, one row of `bytesPerRow` bytes a line; the last row is padded so
    /// that its ASCII lines up with the rows above. `startingAt` numbers the first byte.
    public static func text(_ bytes: [UInt8], bytesPerRow: Int, startingAt origin: Int = 0) -> String {
        let count = max(1, bytesPerRow)
        var rows: [String] = []
        rows.reserveCapacity(bytes.count / count + 1)
        for start in stride(from: 0, to: bytes.count, by: count) {
            var row = hex(UInt64(max(0, origin + start)), digits: 8) + "  "
            for column in 0..<count {
                let index = start + column
                row += index < bytes.count ? hex(UInt64(bytes[index]), digits: 2) + " " : "   "
                if column % 8 == 7 && column < count - 1 { row += " " }
            }
            row += " |"
            for byte in bytes[start..<min(start + count, bytes.count)] {
                row.unicodeScalars.append(byte >= 0x20 && byte < 0x7F ? Unicode.Scalar(byte) : ".")
            }
            rows.append(row + "|")
        }
        return rows.joined(separator: "\n")
    }

    /// `value` in lowercase hexadecimal, at least `digits` digits.
    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
