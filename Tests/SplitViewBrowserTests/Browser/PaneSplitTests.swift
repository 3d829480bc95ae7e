import SplitView
import Testing

@testable import SplitViewBrowser

/// `--above`, `--below`, `--before`, `--after`: a program beside a column's content, in the
/// order given, on the side asked; a third of the column at first, 80 pt at least,
/// collapsible, holding its size over the content's; the keys stay in the content.
@Suite struct PaneSplitTests {
    static let xterm = try! ProgramCommand(parsing: "xterm -into {}")

    @Test func aProgramBelowTheContentHoldsItsSizeAndLeavesTheKeysToTheContent() throws {
        let content = ViewController(title: "reader")
        let (built, programs) = PaneSplit.apply([PaneSplit(column: .secondary, side: .below, command: Self.xterm)], to: content)
        let stack = try #require(built as? StackSplitViewController)
        #expect(stack.axis == .vertical)
        #expect(
            stack.splitItems.map { ObjectIdentifier($0.viewController) } == [
                ObjectIdentifier(content), ObjectIdentifier(programs[0]),
            ])
        let item = stack.splitItems[1]
        #expect(item.preferredThicknessFraction == 1.0 / 3 && item.minimumThickness == 80 && item.canCollapse)
        #expect(item.holdingPriority > stack.splitItems[0].holdingPriority)
        #expect(stack.focusedLeafPath == [0])
    }

    /// Above and before put the program first; the same axis joins the stack, the other wraps it.
    @Test func sidesAndAxesNestInTheOrderGiven() throws {
        let content = ViewController(title: "reader")
        let splits = [
            PaneSplit(column: .secondary, side: .above, command: Self.xterm),
            PaneSplit(column: .secondary, side: .below, command: Self.xterm),
            PaneSplit(column: .secondary, side: .before, command: Self.xterm),
        ]
        let (built, programs) = PaneSplit.apply(splits, to: content)
        #expect(programs.count == 3)
        let outer = try #require(built as? StackSplitViewController)
        #expect(outer.axis == .horizontal && outer.splitItems.count == 2)
        #expect(outer.splitItems[0].viewController === programs[2])
        let inner = try #require(outer.splitItems[1].viewController as? StackSplitViewController)
        #expect(inner.axis == .vertical)
        #expect(
            inner.splitItems.map { ObjectIdentifier($0.viewController) }
                == [ObjectIdentifier(programs[0]), ObjectIdentifier(content), ObjectIdentifier(programs[1])])
        #expect(outer.focusedLeafPath == [1, 1], "the keys in the content")
    }

    @Test func noSplitLeavesTheContentAsItIs() {
        let content = ViewController()
        let (built, programs) = PaneSplit.apply([], to: content)
        #expect(built === content && programs.isEmpty)
    }
}
