extension NaturalOrder {
    /// The positions of `names` in natural order: `names[result[0]]` comes first. The fast
    /// way to sort many names at once (a whole folder): the keys are built into one buffer
    /// and compared without touching a reference count.
    public static func sortedIndices(of names: [[UInt8]]) -> [Int] {
        var flat: [UInt8] = []
        flat.reserveCapacity(names.reduce(0) { $0 + $1.count })
        var starts = [0]
        starts.reserveCapacity(names.count + 1)
        for name in names {
            flat.append(contentsOf: name)
            starts.append(flat.count)
        }
        var indices = Array(names.indices)
        Table(names: flat, nameStarts: starts).sort(&indices)
        return indices
    }

    /// The keys of many names in one flat buffer, for sorting a whole folder.
    ///
    /// A sort of 100 000 ``Key`` values spends most of its time retaining and releasing their
    /// arrays on every comparison; here a comparison reads two ranges of one buffer through a
    /// pointer, and the sort moves plain integers. Same order as ``Key``.
    ///
    /// Each key's first 16 bytes are also kept as two big-endian integers, zero-padded: most
    /// comparisons end there, on two integer compares instead of a `memcmp`. When the heads
    /// differ they decide correctly (a key that ended early is padded with zeros that the
    /// other matched, so it is a prefix of the other and comes first); when they are equal the
    /// whole keys decide.
    struct Table {
        private var elements: [UInt8] = []
        /// Where each name's elements start; one more entry marks the end of the last.
        private var starts: [Int] = [0]
        private let bytes: [UInt8]
        private let byteStarts: [Int]
        /// Two per key: bytes 0–7 and 8–15, big-endian.
        private var heads: [UInt64] = []

        /// The keys of the names stored one after another in `names`, name `i` in
        /// `names[nameStarts[i] ..< nameStarts[i + 1]]`.
        init(names: [UInt8], nameStarts: [Int]) {
            bytes = names
            byteStarts = nameStarts
            elements.reserveCapacity(names.count + nameStarts.count * 4)
            starts.reserveCapacity(nameStarts.count)
            heads.reserveCapacity(nameStarts.count * 2)
            var zeros: [UInt32] = []
            names.withUnsafeBufferPointer { names in
                for index in 0..<(nameStarts.count - 1) {
                    let name = UnsafeBufferPointer(rebasing: names[nameStarts[index]..<nameStarts[index + 1]])
                    let start = elements.count
                    Key.encode(name, into: &elements, zeros: &zeros)
                    starts.append(elements.count)
                    heads.append(Table.head(elements, from: start, to: elements.count))
                    heads.append(Table.head(elements, from: start + 8, to: elements.count))
                }
            }
        }

        /// Sorts indices of the names given at creation into natural order.
        func sort(_ indices: inout [Int]) {
            heads.withUnsafeBufferPointer { heads in
                elements.withUnsafeBufferPointer { elements in
                    bytes.withUnsafeBufferPointer { bytes in
                        starts.withUnsafeBufferPointer { starts in
                            byteStarts.withUnsafeBufferPointer { byteStarts in
                                indices.sort { a, b in
                                    let (a0, b0) = (heads[2 * a], heads[2 * b])
                                    if a0 != b0 { return a0 < b0 }
                                    let (a1, b1) = (heads[2 * a + 1], heads[2 * b + 1])
                                    if a1 != b1 { return a1 < b1 }
                                    let order = compare(elements[starts[a]..<starts[a + 1]], elements[starts[b]..<starts[b + 1]])
                                    if order != 0 { return order < 0 }
                                    return compare(
                                        bytes[byteStarts[a]..<byteStarts[a + 1]],
                                        bytes[byteStarts[b]..<byteStarts[b + 1]]) < 0
                                }
                            }
                        }
                    }
                }
            }
        }

        /// Up to eight bytes of `bytes[start..<end]` as a big-endian integer, zero-padded.
        static func head(_ bytes: [UInt8], from start: Int, to end: Int) -> UInt64 {
            var value: UInt64 = 0
            for offset in 0..<8 {
                let index = start + offset
                value = value << 8 | (index < end ? UInt64(bytes[index]) : 0)
            }
            return value
        }
    }
}
