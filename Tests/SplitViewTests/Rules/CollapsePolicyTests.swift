import Testing

@testable import SplitView

/// The collapse policy, apart from its mechanism: below 600 pt the interface collapses; once
/// collapsed it expands only at 600 + 24 pt, so a window dragged around 600 does not flap.
@Suite struct CollapsePolicyTests {
    @Test(arguments: [
        // width, collapsed now → collapses (or stays collapsed)
        (599.0, false, true),  // collapsesBelow600
        (599.999, false, true),
        (600, false, false),  // staysExpandedAt600
        (0, false, true),
        (600, true, true),  // staysCollapsedInTheHysteresisBand
        (623, true, true),  // staysCollapsedAt623
        (623.999, true, true),
        (624, true, false),  // expandsAt624
        (3000, true, false),
    ])
    func shouldCollapse(width: Double, collapsed: Bool, expected: Bool) {
        #expect(CollapsePolicy.shouldCollapse(width: width, isCollapsed: collapsed) == expected)
    }

    @Test func thresholdAndHysteresis() {
        #expect(CollapsePolicy.threshold == 600)
        #expect(CollapsePolicy.hysteresis == 24)
    }
}
