import PropertyBased
import Testing

@testable import SplitView

/// Children changed, as AT-SPI tells it: each child removed or added with its index, so that a
/// listener that applies the events in order has the new children, in order.
@Suite struct AccessibleEventTests {
    typealias ID = AccessibleNode.ID

    /// `old` with `events` applied as a listener does.
    static func apply(_ events: [AccessibleEvent], to old: [ID]) -> [ID]? {
        var children = old
        for event in events {
            switch event {
            case .childRemoved(_, let child, let index):
                guard children.indices.contains(index), children[index] == child else { return nil }
                children.remove(at: index)
            case .childAdded(_, let child, let index):
                guard index <= children.count else { return nil }
                children.insert(child, at: index)
            default: return nil
            }
        }
        return children
    }

    @Test func aListScrolledByOneRowLosesOneAndGainsOne() {
        let old = (0..<5).map { ID("row.\($0)") }, new = (1..<6).map { ID("row.\($0)") }
        let events = AccessibleEvent.childChanges(ID("list"), from: old, to: new)
        #expect(
            events == [
                .childRemoved(ID("list"), child: ID("row.0"), index: 0), .childAdded(ID("list"), child: ID("row.5"), index: 4),
            ])
    }

    @Test func theSameChildrenSayNothing() {
        let old = (0..<3).map { ID("row.\($0)") }
        #expect(AccessibleEvent.childChanges(ID("list"), from: old, to: old).isEmpty)
        #expect(AccessibleEvent.childChanges(ID("list"), from: [], to: []).isEmpty)
    }

    @Test func aSortedListMovesTheRowsOutOfOrder() {
        let old = [ID("a"), ID("b"), ID("c")], new = [ID("c"), ID("a"), ID("b")]
        let events = AccessibleEvent.childChanges(ID("list"), from: old, to: new)
        #expect(events.count == 2)
        #expect(Self.apply(events, to: old) == new)
    }

    /// Random old and new children (ids drawn from a small pool, so that many are shared,
    /// moved or gone; on both sides of the 512 boundary where the greedy pass takes over):
    /// applied in order, the events always give the new children, and a child that stayed
    /// in order is never told.
    @Test func appliedInOrderTheEventsAlwaysGiveTheNewChildren() async {
        let ids = Gen.int(in: 0...40).array(of: 0...30)
        await propertyCheck(count: 2000, input: ids, ids) { a, b in
            let old = Array(Set(a)).sorted().map { ID("r\($0)") }, new = Array(Set(b)).shuffled().map { ID("r\($0)") }
            let events = AccessibleEvent.childChanges(ID("list"), from: old, to: new)
            #expect(Self.apply(events, to: old) == new, "\(old) → \(new): \(events)")
            #expect(events.count <= old.count + new.count)
        }
        let big = Gen.int(in: 0...2000).array(of: 400...700)
        await propertyCheck(count: 20, input: big, big) { a, b in
            let old = Array(Set(a)).map { ID("r\($0)") }, new = Array(Set(b)).map { ID("r\($0)") }
            let events = AccessibleEvent.childChanges(ID("list"), from: old, to: new)
            #expect(Self.apply(events, to: old) == new)
        }
    }
}

/// A document's text as a screen reader reads it: by character, word, sentence and line.
@Suite struct AccessibleTextTests {
    static func node(_ text: String) -> AccessibleNode {
        var node = AccessibleNode(id: AccessibleNode.ID("doc"), role: .documentText, name: "doc")
        node.text = text
        return node
    }

    static func piece(_ text: String, _ offset: Int, _ granularity: AccessibleTextGranularity) -> String {
        let range = node(text).textRange(at: offset, granularity)!
        return String(String.UnicodeScalarView(Array(text.unicodeScalars)[range]))
    }

    @Test func wordsLinesAndSentences() {
        let text = "Hello, wide world. Next one!\nSecond línea\n"
        #expect(Self.piece(text, 0, .character) == "H")
        #expect(Self.piece(text, 2, .word) == "Hello")
        #expect(Self.piece(text, 5, .word) == ", ")
        #expect(Self.piece(text, 9, .word) == "wide")
        #expect(Self.piece(text, 3, .line) == "Hello, wide world. Next one!\n")
        #expect(Self.piece(text, 35, .line) == "Second línea\n")
        #expect(Self.piece(text, 36, .word) == "línea")
        #expect(Self.piece(text, 3, .sentence) == "Hello, wide world. ")
        #expect(Self.piece(text, 20, .sentence) == "Next one!\n")
        #expect(Self.piece(text, 28, .word) == "\n")
    }

    @Test func theEndsOfTheText() {
        let text = "ab"
        #expect(Self.node(text).textRange(at: 2, .word) == 2..<2)
        #expect(Self.node(text).textRange(at: -5, .line) == 0..<0)
        #expect(Self.node(text).textRange(at: 99, .character) == 2..<2)
        #expect(Self.node("").textRange(at: 0, .line) == 0..<0)
        var none = Self.node("")
        none.text = nil
        #expect(none.textRange(at: 0, .line) == nil)
    }

    @Test func boundaryTypesMapToGranularities() {
        #expect(AccessibleTextGranularity(boundary: 0) == .character)
        #expect(AccessibleTextGranularity(boundary: 2) == .word)
        #expect(AccessibleTextGranularity(boundary: 3) == .sentence)
        #expect(AccessibleTextGranularity(boundary: 6) == .line)
        #expect(AccessibleTextGranularity(boundary: 7) == nil)
    }

    /// Over random texts and offsets: every piece holds its offset, lies within the text, and
    /// the lines of a text, one after the other, are the text.
    @Test func piecesAlwaysHoldTheirOffsetAndLinesTileTheText() async {
        let alphabet: [Unicode.Scalar] = ["a", "é", "1", " ", ".", "!", "\n", "\t", "_", "中", "\u{301}"]
        await propertyCheck(count: 1500, input: Gen.int(in: 0...10).array(of: 0...60)) { codes in
            let scalars = codes.map { alphabet[$0] }
            for granularity in AccessibleTextGranularity.allCases {
                for offset in scalars.indices {
                    let range = AccessibleNode.range(in: scalars, at: offset, granularity)
                    #expect(range.contains(offset) && range.upperBound <= scalars.count, "\(granularity) \(offset)")
                }
            }
            var offset = 0, lines: [Unicode.Scalar] = []
            while offset < scalars.count {
                let range = AccessibleNode.range(in: scalars, at: offset, .line)
                lines += scalars[range]
                offset = range.upperBound
            }
            #expect(lines == scalars)
        }
    }
}
