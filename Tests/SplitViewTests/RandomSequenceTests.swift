import PropertyBased
import Testing
@testable import SplitView

/// Random input sequences — resizes, drags, keys, commands, scrolls, ticks — with the
/// layout's invariants checked after every step: 40 runs × 250 steps for each style and edge,
/// 10 000 steps each, so every CI run replays 60 000 steps.
@Suite struct RandomSequenceTests {
    static let styles: [(SplitViewController.Style, SplitViewController.PrimaryEdge)] = [
        (.tripleColumn, .leading), (.doubleColumn, .leading), (.unspecified, .leading),
        (.tripleColumn, .trailing), (.doubleColumn, .trailing), (.unspecified, .trailing),
    ]

    @Test(arguments: 0..<6)
    func invariantsHoldAfterEveryStep(_ index: Int) async {
        let (style, edge) = Self.styles[index]
        await propertyCheck(count: 40, input: Gen.int(in: 0...1_000_000).array(of: 250)) { codes in
            let fixture = Fixture(style, animated: true)
            fixture.split.primaryEdge = edge
            fixture.split.showsSecondaryOnlyButton = true
            var decoder = InputDecoder()
            fixture.resize(1400)
            for (step, code) in codes.enumerated() {
                let input = decoder.input(from: code, in: fixture.split)
                fixture.split.handle(input)
                expectWellFormed(fixture.split, "step \(step): \(input)")
                for column in fixture.shown { _ = fixture.split.displayList(for: column) }
            }
        }
    }
}
