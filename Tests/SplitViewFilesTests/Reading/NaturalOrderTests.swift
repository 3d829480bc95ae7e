import PropertyBased
import SplitViewFiles
import TestSupport
import Testing

@Suite struct NaturalOrderTests {
    private func sorted(_ names: [String]) -> [String] {
        names.map { Array($0.utf8) }.sorted(by: NaturalOrder.areInIncreasingOrder)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func digitRunsCompareByValue() {
        #expect(sorted(["file10", "file2", "file1", "file100"]) == ["file1", "file2", "file10", "file100"])
        #expect(sorted(["a10b2", "a10b10", "a9b99"]) == ["a9b99", "a10b2", "a10b10"])
    }

    @Test func equalValuesPutFewerLeadingZerosFirst() {
        #expect(sorted(["007", "7", "07"]) == ["7", "07", "007"])
        #expect(sorted(["x000", "x0", "x00"]) == ["x0", "x00", "x000"])
        // The value decides before the zeros do.
        #expect(sorted(["008", "7"]) == ["7", "008"])
    }

    @Test func numbersLongerThanAnyIntegerStillCompareByValue() {
        let big = "9" + String(repeating: "0", count: 40)
        let bigger = "1" + String(repeating: "0", count: 41)
        #expect(sorted([bigger, big]) == [big, bigger])
    }

    @Test func caseIsIgnoredThenBrokenByTheBytes() {
        #expect(sorted(["banana", "Apple", "apple", "Cherry"]) == ["Apple", "apple", "banana", "Cherry"])
        #expect(sorted(["Émile", "zebra", "émile", "Eve"]) == ["Eve", "zebra", "Émile", "émile"])
    }

    @Test func aPrefixComesFirst() {
        #expect(sorted(["ab", "a", "a1", "a-"]) == ["a", "a-", "a1", "ab"])
    }

    @Test func bytesThatAreNotUTF8SortAfterText() {
        let names: [[UInt8]] = [[0x61, 0xFF], Array("a日".utf8), Array("az".utf8)]
        let result = names.sorted(by: NaturalOrder.areInIncreasingOrder)
        #expect(result == [Array("az".utf8), Array("a日".utf8), [0x61, 0xFF]])
    }

    @Test func onlyIdenticalNamesHaveEqualKeys() {
        #expect(NaturalOrder.Key(Array("A".utf8)) != NaturalOrder.Key(Array("a".utf8)))
        #expect(NaturalOrder.Key(Array("7".utf8)) != NaturalOrder.Key(Array("07".utf8)))
        #expect(NaturalOrder.Key(Array("x1".utf8)) == NaturalOrder.Key(Array("x1".utf8)))
    }

    // MARK: - Properties on random names

    /// Pieces that meet every rule: case, digits with and without zeros, non-ASCII letters
    /// with case, bytes that are not UTF-8, punctuation that sorts near digits.
    private static let pieces: [[UInt8]] =
        [
            "a", "A", "b", "B", "z", "0", "00", "1", "7", "07", "10", "99", "é", "É", "ß", ".", "-", "_", " ",
        ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0x80]]

    private static let names = Gen.int(in: 0...(pieces.count - 1)).array(of: 0...5)
        .map { indices in indices.flatMap { NaturalOrderTests.pieces[$0] } }

    @Test func theOrderIsIrreflexiveAndAntisymmetric() async {
        await propertyCheck(count: 200, input: Self.names, Self.names) { a, b in
            #expect(!NaturalOrder.areInIncreasingOrder(a, a))
            let forward = NaturalOrder.areInIncreasingOrder(a, b)
            let backward = NaturalOrder.areInIncreasingOrder(b, a)
            // Total: exactly one direction holds unless the names are the same bytes.
            #expect(a == b ? !forward && !backward : forward != backward)
        }
    }

    @Test func theOrderIsTransitive() async {
        await propertyCheck(count: 200, input: Self.names.array(of: 3)) { names in
            let less = NaturalOrder.areInIncreasingOrder
            // Every arrangement of the three, so each run checks the chain that holds.
            for (x, y, z) in [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)] {
                if less(names[x], names[y]) && less(names[y], names[z]) {
                    #expect(less(names[x], names[z]))
                }
                if !less(names[y], names[x]) && !less(names[z], names[y]) {
                    #expect(!less(names[z], names[x]))
                }
            }
        }
    }

    @Test func numbersInNamesOrderAsTheNumbersDo() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...100_000), Gen.int(in: 0...100_000), Gen.int(in: 0...3)) {
            m, n, zeros in
            let a = Array(("f" + String(repeating: "0", count: zeros) + "\(m)x").utf8)
            let b = Array("f\(n)x".utf8)
            #expect(NaturalOrder.areInIncreasingOrder(a, b) == (m < n))
            #expect(NaturalOrder.areInIncreasingOrder(b, a) == (n < m || (m == n && zeros > 0)))
        }
    }

    @Test func aListingSortsItsFilesAsTheOrderDoes() async throws {
        // The listing sorts through its own flat table of keys; it must agree with the keys.
        let longNames = Gen.int(in: 0...(Self.pieces.count - 1)).array(of: 1...12)
            .map { indices in indices.flatMap { NaturalOrderTests.pieces[$0] } }
        await propertyCheck(count: 30, input: longNames.array(of: 1...25)) { names in
            guard let tree = try? TemporaryTree() else {
                Issue.record("no temporary folder")
                return
            }
            let unique = Array(Set(names.filter { $0 != [0x2E] && $0 != [0x2E, 0x2E] }))
            for name in unique { tree.file(name) }
            let listing = try? FolderListing.read(tree.root, includeHidden: true).get()
            #expect(listing?.entries.map(\.name) == unique.sorted(by: NaturalOrder.areInIncreasingOrder))
        }
    }

    @Test func sortingGivesOneOrderWhateverTheStartingOrder() async {
        await propertyCheck(count: 100, input: Self.names.array(of: 0...30), Gen.int(in: 0...1_000_000)) { names, seed in
            var generator = SplitMix(seed: UInt64(seed))
            let reference = names.sorted(by: NaturalOrder.areInIncreasingOrder)
            let shuffled = names.shuffled(using: &generator).sorted(by: NaturalOrder.areInIncreasingOrder)
            #expect(shuffled == reference)
            let byKeys = names.map(NaturalOrder.Key.init).sorted().map { key in
                reference.first { NaturalOrder.Key($0) == key }!
            }
            #expect(byKeys == reference)
            #expect(NaturalOrder.sortedIndices(of: names).map { names[$0] } == reference)
        }
    }
}
