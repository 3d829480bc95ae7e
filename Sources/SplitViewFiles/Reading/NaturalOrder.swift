import Glibc

/// The order people expect names in: `file2` before `file10`, `Apple` beside `apple`.
///
/// Three levels, each deciding only when the ones before tie:
/// 1. case-folded text with each run of ASCII digits compared by value (`007` equals `7`);
/// 2. per digit run, fewer leading zeros first (`7` before `07` before `007`);
/// 3. the raw bytes, so two different names never compare equal and the order is total and
///    the same on every run, whatever order the folder listed them in.
///
/// Case folding is per scalar: ASCII by arithmetic (the common case, and fast), anything else
/// through Unicode's lowercase mapping, the same mapping `String.lowercased()` applies. Bytes
/// that are not UTF-8 sort after all text, by byte value.
public enum NaturalOrder {
    /// Whether name `a` comes before name `b`.
    public static func areInIncreasingOrder(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        Key(a) < Key(b)
    }

    /// A name's position in the natural order, computed once so a sort compares flat arrays
    /// instead of re-folding and re-parsing both names on every comparison.
    public struct Key: Comparable, Hashable, Sendable {
        /// Levels 1 and 2 as one sequence of elements: level 1, a 0, then level 2. Every
        /// level-1 element is at least 1, so a name that is a prefix of another ends on the 0
        /// and comes first.
        ///
        /// A character is its folded scalar + 1. A digit run is `'0' + 1` (so digits sort where
        /// ASCII puts them), its count of significant digits + 1 (more digits is a larger
        /// number), then those digits; digits never appear otherwise, so two keys meet a run at
        /// the same place. Level 2 is each run's count of leading zeros.
        ///
        /// Elements are stored as bytes (see `append(_:to:)`) so that comparing two keys is one
        /// `memcmp`: most names are ASCII, and their keys are barely longer than the names.
        let elements: [UInt8]
        /// Level 3.
        let bytes: [UInt8]
        /// The first eight bytes of ``elements``, big-endian and zero-padded, which settle
        /// most comparisons without reading the arrays (see `Table` for why that is exact).
        let head: UInt64

        /// The key of `name`.
        public init(_ name: [UInt8]) {
            bytes = name
            var elements: [UInt8] = []
            elements.reserveCapacity(name.count + 4)
            var zeros: [UInt32] = []
            name.withUnsafeBufferPointer { Key.encode($0, into: &elements, zeros: &zeros) }
            self.elements = elements
            head = Table.head(elements, from: 0, to: elements.count)
        }

        /// Appends levels 1 and 2 of `name` to `elements`; `zeros` is scratch space, passed in
        /// so that encoding many names reuses one buffer.
        static func encode(_ name: UnsafeBufferPointer<UInt8>, into elements: inout [UInt8], zeros: inout [UInt32]) {
            zeros.removeAll(keepingCapacity: true)
            var index = 0
            while index < name.count {
                let byte = name[index]
                if Key.isDigit(byte) {
                    let start = index
                    while index < name.count && Key.isDigit(name[index]) { index += 1 }
                    var significant = start
                    while significant < index && name[significant] == UInt8(ascii: "0") { significant += 1 }
                    append(UInt32(UInt8(ascii: "0")) + 1, to: &elements)
                    append(UInt32(index - significant) + 1, to: &elements)
                    for position in significant..<index { elements.append(name[position] + 1) }
                    zeros.append(UInt32(significant - start))
                } else if byte < 0x80 {
                    let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
                    elements.append(folded + 1)
                    index += 1
                } else if let (scalar, length) = UTF8Scalar.decode(name, at: index) {
                    Key.appendFolded(scalar, to: &elements)
                    index += length
                } else {
                    append(0x110000 + UInt32(byte) + 1, to: &elements)
                    index += 1
                }
            }
            elements.append(0)
            for count in zeros { append(count, to: &elements) }
        }

        /// One element as bytes, keeping the order of elements as the order of bytes: below
        /// 0xFF one byte; otherwise 0xFF and three bytes big-endian (every element is below
        /// 2^24). The long form's first byte beats every short one, and long forms compare
        /// by value, so `memcmp` on the bytes orders keys as their elements.
        @inline(__always)
        static func append(_ value: UInt32, to bytes: inout [UInt8]) {
            if value < 0xFF {
                bytes.append(UInt8(value))
            } else {
                bytes.append(0xFF)
                bytes.append(UInt8(truncatingIfNeeded: value >> 16))
                bytes.append(UInt8(truncatingIfNeeded: value >> 8))
                bytes.append(UInt8(truncatingIfNeeded: value))
            }
        }

        private static func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        private static func appendFolded(_ scalar: Unicode.Scalar, to elements: inout [UInt8]) {
            let properties = scalar.properties
            guard properties.changesWhenLowercased else {
                append(scalar.value + 1, to: &elements)
                return
            }
            for folded in properties.lowercaseMapping.unicodeScalars {
                // A mapping never yields an ASCII digit; keep digits reserved for runs anyway.
                let value = folded.value
                append((0x30...0x39).contains(value) ? 0x110000 + value + 1 : value + 1, to: &elements)
            }
        }

        /// Natural order as described on ``NaturalOrder``.
        public static func < (lhs: Key, rhs: Key) -> Bool {
            if lhs.head != rhs.head { return lhs.head < rhs.head }
            let order = compare(lhs.elements, rhs.elements)
            if order != 0 { return order < 0 }
            return compare(lhs.bytes, rhs.bytes) < 0
        }

        private static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int32 {
            a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in NaturalOrder.compare(a[...], b[...]) } }
        }

        /// Equal exactly when the names are: level 3 decides every tie.
        public static func == (lhs: Key, rhs: Key) -> Bool { lhs.bytes == rhs.bytes }

        /// Hashes the name, consistent with `==`.
        public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
    }

    /// Negative, zero or positive as `a` sorts before, with or after `b`: bytes first, then
    /// a prefix before the longer sequence.
    @inline(__always)
    static func compare(_ a: Slice<UnsafeBufferPointer<UInt8>>, _ b: Slice<UnsafeBufferPointer<UInt8>>) -> Int32 {
        let shared = min(a.count, b.count)
        if shared > 0 {
            let order = memcmp(a.base.baseAddress! + a.startIndex, b.base.baseAddress! + b.startIndex, shared)
            if order != 0 { return order }
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }
}
