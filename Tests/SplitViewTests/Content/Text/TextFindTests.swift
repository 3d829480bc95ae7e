import PropertyBased
import Testing

@testable import SplitView

/// `TextFind.swift`: every place a query occurs, ignoring case, at the text's own offsets.
@Suite struct TextFindTests {
    @Test func everyPlaceIsFoundIgnoringCaseAtTheTextsOffsets() {
        var find = TextFind()
        let text = "Error: error\tERRORS — Été été"
        find.find("error", in: text, from: 0)
        #expect(
            find.matches.map { String(text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: $0.lowerBound)...].prefix(5))! }
                == ["Error", "error", "ERROR"])
        find.find("été", in: text, from: 0)
        #expect(find.matches.count == 2)
        #expect(find.status == "1 of 2")
    }

    @Test func theFirstMatchIsTheOneAtOrAfterTheStartWrapping() {
        var find = TextFind()
        find.find("a", in: "a a a", from: 1)
        #expect(find.current == 1)
        find.find("a", in: "a a a", from: 5)
        #expect(find.current == 0, "past the last, the first")
    }

    @Test func stepsWrapBothWays() {
        var find = TextFind()
        find.find("x", in: "x x x", from: 0)
        find.step(backwards: true)
        #expect(find.current == 2)
        find.step(backwards: false)
        #expect(find.current == 0)
    }

    /// Boundary: nothing found says so; no query says nothing.
    @Test func statusSaysNoMatchOrNothing() {
        var find = TextFind()
        #expect(find.status == nil)
        find.find("zz", in: "abc", from: 0)
        #expect(find.status == "No match")
        #expect(find.currentMatch == nil)
    }

    @Test func overlappingOccurrencesAreFoundOnce() {
        var find = TextFind()
        find.find("aa", in: "aaaa", from: 0)
        #expect(find.matches == [0..<2, 2..<4])
    }

    /// For any text and query, every match's text equals the query but for case, and no
    /// place is left out (compared with a search of the lowercased ASCII text).
    @Test func matchesAgreeWithANaiveSearch() async {
        let alphabet = ["a", "A", "b", " ", "\n", "é", "É", "\t"]
        await propertyCheck(
            count: 300, input: Gen.int(in: 0..<alphabet.count).array(of: 0...60), Gen.int(in: 0..<3).array(of: 1...3)
        ) { textCodes, queryCodes in
            let text = textCodes.map { alphabet[$0] }.joined(), query = queryCodes.map { ["a", "B", "é"][$0] }.joined()
            var find = TextFind()
            find.find(query, in: text, from: 0)
            let bytes = Array(text.utf8)
            for match in find.matches {
                let found = String(decoding: bytes[match], as: UTF8.self)
                #expect(found.lowercased() == query.lowercased(), "\(text.debugDescription) \(query)")
            }
            var naive = 0
            let lower = Array(text.lowercased().utf8), needle = Array(query.lowercased().utf8)
            var index = 0
            while index + needle.count <= lower.count {
                if Array(lower[index..<(index + needle.count)]) == needle {
                    naive += 1
                    index += needle.count
                } else {
                    index += 1
                }
            }
            #expect(find.matches.count == naive, "\(text.debugDescription) \(query)")
        }
    }
}

/// `TextViewController+Find.swift`, through the split view: Ctrl+F in the reader highlights
/// every match, Return and F3 go to the next and scroll to it, Shift+F3 back, Escape ends it.
@Suite struct ReaderFindTests {
    let f = Fixture(.tripleColumn, width: 1400, height: 400)
    let reader = TextViewController(title: "notes")

    init() {
        reader.font = .monospace
        reader.text = (0..<100).map { $0 % 30 == 7 ? "line \($0) has a Needle in it" : "line \($0)" }.joined(separator: "\n")
        f.split.setViewController(reader, for: .secondary)
        f.split.focusedColumn = .secondary
        _ = f.split.laidOutDisplayList(for: .secondary)
    }

    func type(_ text: String) {
        for character in text { f.send(.typed(KeyChord(.character(character)), text: String(character))) }
    }

    func fills(_ colour: Color) -> [Rect] {
        f.split.laidOutDisplayList(for: .secondary)!.ops.compactMap {
            if case .fill(let rect, let fill) = $0, fill == colour { rect } else { nil }
        }
    }

    @Test func typingHighlightsTheMatchesAndReturnGoesToTheNext() {
        f.send(key(.character("f"), .control))
        #expect(reader.isFindNavigatorVisible)
        type("needle")
        #expect(reader.findStatus == "1 of 4")
        #expect(f.split.laidOutDisplayList(for: .secondary)!.texts.contains("1 of 4"))
        #expect(fills(f.split.theme.currentFindMatch).count == 1, "line 7 shows, current")
        let top = reader.scrollOffset
        f.send(key(.return))
        #expect(reader.findStatus == "2 of 4")
        #expect(reader.scrollOffset > top, "scrolled to line 37")
        #expect(fills(f.split.theme.currentFindMatch).count == 1)
        f.send(key(.f3))
        f.send(key(.f3))
        #expect(reader.findStatus == "4 of 4")
        f.send(key(.f3))
        #expect(reader.findStatus == "1 of 4", "wrapping to the first")
        f.send(key(.f3, .shift))
        #expect(reader.findStatus == "4 of 4")
        f.send(key(.escape))
        #expect(!reader.isFindNavigatorVisible)
        #expect(reader.findStatus == nil)
        #expect(fills(f.split.theme.currentFindMatch).isEmpty && fills(f.split.theme.findMatch).isEmpty)
    }

    @Test func theOtherMatchesOnScreenAreHighlightedToo() {
        reader.text = "a needle and a NEEDLE\nneedle"
        _ = f.split.laidOutDisplayList(for: .secondary)
        f.send(key(.character("f"), .control))
        type("needle")
        #expect(fills(f.split.theme.currentFindMatch).count == 1)
        #expect(fills(f.split.theme.findMatch).count == 2)
    }

    @Test func aNewTextIsSearchedForTheSameQuery() {
        f.send(key(.character("f"), .control))
        type("needle")
        reader.text = "no match here\nbut a needle there"
        _ = f.split.laidOutDisplayList(for: .secondary)
        #expect(reader.findStatus == "1 of 1")
        #expect(reader.isFindNavigatorVisible)
    }

    /// F3 with nothing being found opens the find field, as a browser's does.
    @Test func f3WithNothingFoundOpensTheField() {
        f.send(key(.f3))
        #expect(reader.isFindNavigatorVisible)
    }

    /// F3 from the list goes on in the reader while the reader is finding.
    @Test func f3FromAnotherPaneStepsTheReadersFind() {
        f.send(key(.character("f"), .control))
        type("needle")
        f.split.focusedColumn = .supplementary
        f.send(key(.f3))
        #expect(reader.findStatus == "2 of 4")
    }
}
