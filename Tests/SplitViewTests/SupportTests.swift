import Testing

@testable import SplitView

@Test func fixtureStartsWellFormed() {
    let f = Fixture(width: 1400)
    expectWellFormed(f.split)
    #expect(f.split.displayMode == .twoBesideSecondary)
}
