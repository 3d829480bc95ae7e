import PropertyBased
import Testing

@testable import SplitView

/// The stack split's space rules (``StackSplitRules``), by table: first layout by fraction,
/// resizes by holding priority, limits, what gives way when the space is too small, drags and
/// collapse.
@Suite struct StackSplitRulesTests {
    typealias Item = StackSplitRules.Item

    static func item(
        min: Double = 0, max: Double = .infinity, priority: Double = 250, thickness: Double? = nil, fraction: Double? = nil,
        collapsed: Bool = false
    ) -> Item {
        Item(minimum: min, maximum: max, priority: priority, thickness: thickness, fraction: fraction, isCollapsed: collapsed)
    }

    /// The first layout: fractions first, the rest shared equally, dividers between visible
    /// items only.
    static let firstLayouts: [(String, [Item], Double, [Double])] = [
        ("two equal shares", [item(), item()], 601, [300, 300]),
        ("a fraction and the rest", [item(fraction: 0.7), item()], 1001, [700, 300]),
        ("three by fractions", [item(fraction: 0.5), item(fraction: 0.25), item(fraction: 0.25)], 402, [200, 100, 100]),
        ("a minimum wins over a fraction", [item(fraction: 0.1), item(min: 300)], 1001, [100, 900]),
        ("collapsed takes nothing, nor its divider", [item(), item(collapsed: true), item()], 601, [300, 0, 300]),
        ("one item takes all", [item(fraction: 0.2)], 500, [500]),
        ("nothing visible", [item(collapsed: true)], 500, [0]),
    ]

    @Test(arguments: firstLayouts)
    func firstLayout(name: String, items: [Item], length: Double, expected: [Double]) {
        #expect(StackSplitRules.thicknesses(items, length: length, divider: 1) == expected, "\(name)")
    }

    /// Resizes: the kept thicknesses stay; the change goes to the lowest priority first, within
    /// its limits, then to the next; equal priorities share equally.
    static let resizes: [(String, [Item], Double, [Double])] = [
        (
            "the lower priority takes the growth", [item(priority: 500, thickness: 300), item(priority: 250, thickness: 300)],
            801,
            [300, 500]
        ),
        (
            "the lower priority gives way first", [item(priority: 500, thickness: 300), item(priority: 250, thickness: 300)], 401,
            [300, 100]
        ),
        (
            "then the next priority, once the first is at its minimum",
            [item(priority: 500, thickness: 300), item(min: 150, priority: 250, thickness: 300)], 401, [250, 150]
        ),
        ("equal priorities share", [item(thickness: 300), item(thickness: 300)], 801, [400, 400]),
        (
            "a maximum stops growth; the rest goes on", [item(max: 350, priority: 100, thickness: 300), item(thickness: 300)],
            801,
            [350, 450]
        ),
        (
            "every maximum reached: the lowest priority takes the rest",
            [item(max: 300, priority: 500, thickness: 300), item(max: 300, priority: 100, thickness: 300)], 801, [300, 500]
        ),
    ]

    @Test(arguments: resizes)
    func resize(name: String, items: [Item], length: Double, expected: [Double]) {
        #expect(StackSplitRules.thicknesses(items, length: length, divider: 1) == expected, "\(name)")
    }

    /// The decision where the space cannot hold every minimum: the items that hold least give
    /// way first, last first, below their minimums down to zero; the ones that hold most keep
    /// theirs longest. Nothing is negative.
    static let tooSmall: [(String, [Item], Double, [Double])] = [
        (
            "the lower priority goes below its minimum", [item(min: 200, priority: 750), item(min: 200, priority: 250)], 301,
            [200, 100]
        ),
        ("down to zero, then the next", [item(min: 200, priority: 750), item(min: 200, priority: 250)], 151, [150, 0]),
        ("equal priorities: the last gives way first", [item(min: 200), item(min: 200)], 301, [200, 100]),
        ("no room at all", [item(min: 200), item(min: 200)], 0, [0, 0]),
    ]

    @Test(arguments: tooSmall)
    func spaceTooSmallForTheMinimums(name: String, items: [Item], length: Double, expected: [Double]) {
        #expect(StackSplitRules.thicknesses(items, length: length, divider: 1) == expected, "\(name)")
    }

    /// A drag moves the divider's two neighbours only, each kept within its limits.
    static let drags: [(String, [Item], [Double], Int, Double, [Double])] = [
        ("by the distance", [item(), item(), item()], [200, 200, 200], 0, 50, [250, 150, 200]),
        ("stopped by the minimum after", [item(), item(min: 180), item()], [200, 200, 200], 0, 50, [220, 180, 200]),
        ("stopped by the maximum before", [item(max: 210), item(), item()], [200, 200, 200], 0, 50, [210, 190, 200]),
        ("back past zero stops at zero", [item(), item(), item()], [200, 200, 200], 1, -500, [200, 0, 400]),
        ("a collapsed item is stepped over", [item(), item(collapsed: true), item()], [200, 0, 200], 0, 30, [230, 0, 170]),
        ("NaN moves nothing", [item(), item()], [200, 200], 0, .nan, [200, 200]),
    ]

    @Test(arguments: drags)
    func drag(name: String, items: [Item], thicknesses: [Double], divider: Int, distance: Double, expected: [Double]) {
        #expect(StackSplitRules.drag(thicknesses, items, divider: divider, by: distance) == expected, "\(name)")
    }

    @Test func positionsTileTheAxisWithDividersBetweenVisibleItems() {
        let items = [Self.item(), Self.item(collapsed: true), Self.item(), Self.item()]
        let positions = StackSplitRules.positions([100, 0, 50, 70], items, origin: 38, divider: 9)
        #expect(positions.map(\.start) == [38, 147, 147, 206])
        #expect(positions.map(\.dividerStart) == [138, nil, 197, nil])
    }

    /// Over random items and lengths: the visible thicknesses and dividers fill the length
    /// exactly; nothing is negative, NaN or infinite; a collapsed item takes nothing; when the
    /// space holds every minimum, every item is at least its minimum; no item above its
    /// maximum unless every visible item is at its maximum.
    @Test func theSpaceIsSharedExactlyOverManyStacks() async {
        let itemGen = zip(
            Gen.double(in: 0...300), Gen.double(in: 0...800), Gen.int(in: 0...3), Gen.double(in: 0...900),
            Gen.double(in: 0...1), Gen.int(in: 0...5)
        ).map { (minimum: Double, span: Double, priority: Int, thickness: Double, fraction: Double, shape: Int) -> Item in
            Item(
                minimum: minimum, maximum: shape == 1 ? .infinity : minimum + span, priority: Double(priority * 250),
                thickness: shape == 2 ? thickness : nil, fraction: shape == 3 ? fraction : nil, isCollapsed: shape == 4)
        }
        var shared = 0
        await propertyCheck(count: 3000, input: itemGen.array(of: 1...6), Gen.double(in: 0...3000), Gen.int(in: 0...2)) {
            items, length, style in
            let divider = [1.0, 9, 0][style]
            let result = StackSplitRules.thicknesses(items, length: length, divider: divider)
            let visible = items.indices.filter { !items[$0].isCollapsed }
            #expect(result.count == items.count)
            #expect(result.allSatisfy { $0.isFinite && $0 >= 0 })
            for index in items.indices where items[index].isCollapsed { #expect(result[index] == 0) }
            guard !visible.isEmpty else { return }
            shared += 1
            let space = max(0, length - divider * Double(visible.count - 1))
            let total = visible.reduce(0) { $0 + result[$1] }
            #expect(abs(total - space) <= 1e-6 * max(1, space))
            let minimums = visible.reduce(0) { $0 + items[$1].minimum }
            if minimums <= space {
                for index in visible { #expect(result[index] >= items[index].minimum - 1e-6) }
            }
            let allAtMaximum = visible.allSatisfy { result[$0] >= items[$0].maximum - 1e-6 }
            if !allAtMaximum {
                for index in visible where minimums <= space {
                    #expect(result[index] <= max(items[index].maximum, items[index].minimum) + 1e-6)
                }
            }
        }
        // A stack whose items are all collapsed shares nothing: most stacks must share (2 881
        // to 2 919 of 3 000 in twelve runs).
        #expect(shared >= 2000, "only \(shared) of 3 000 stacks had a visible item")
    }

    /// Over random drags: the two neighbours' sum is kept, both within their limits when they
    /// started within them, and the other items do not move.
    @Test func aDragKeepsTheSumAndTheLimitsOverManyDrags() async {
        await propertyCheck(
            count: 2000, input: Gen.double(in: 0...200).array(of: 2...5), Gen.double(in: -1000...1000), Gen.int(in: 0...3)
        ) { minimums, distance, pick in
            let items = minimums.map { Item(minimum: $0, maximum: $0 + 400) }
            let thicknesses = minimums.map { $0 + 100 }
            let divider = pick % (items.count - 1)
            let moved = StackSplitRules.drag(thicknesses, items, divider: divider, by: distance)
            #expect(abs(moved[divider] + moved[divider + 1] - thicknesses[divider] - thicknesses[divider + 1]) < 1e-9)
            for index in [divider, divider + 1] {
                #expect(moved[index] >= items[index].minimum - 1e-9 && moved[index] <= items[index].maximum + 1e-9)
            }
            for index in items.indices where index != divider && index != divider + 1 {
                #expect(moved[index] == thicknesses[index])
            }
        }
    }
}
