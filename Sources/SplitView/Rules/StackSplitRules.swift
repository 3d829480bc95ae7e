/// The thickness rules of a ``StackSplitViewController``: how the space along its axis is
/// shared between its items, how a divider drag moves it, and what gives way when it cannot
/// hold them all. Pure functions of values, tabled in <doc:StackSplits>.
///
/// The model is AppKit's `NSSplitView` with auto layout: each item keeps the thickness it has
/// (the one the user dragged it to, or the one it was first given), and when the space changes
/// the difference goes to the items that *hold* least (lowest ``SplitItem/holdingPriority``)
/// first, within their minimum and maximum; items of equal priority share it equally.
enum StackSplitRules {
    /// One item as the rules see it.
    struct Item: Hashable, Sendable {
        /// The smallest thickness, in points (≥ 0).
        var minimum: Double = 0
        /// The largest thickness, in points (≥ minimum; infinite for none).
        var maximum: Double = .infinity
        /// Lower gives way first when the space changes.
        var priority: Double = 250
        /// The thickness the item keeps (dragged to, or given at the first layout); nil before.
        var thickness: Double?
        /// The share of the space the item takes at first (0…1); nil for an equal share of what
        /// the others leave.
        var fraction: Double?
        /// A collapsed item takes no space, and its divider goes with it.
        var isCollapsed = false
    }

    /// The thickness of every item (0 for a collapsed one) when `length` points are shared
    /// among `items` with `divider` points between each two visible ones. The visible items'
    /// thicknesses and dividers add up to `length` exactly; none is negative or NaN.
    ///
    /// 1. Each visible item starts at its kept thickness, else its fraction of the space,
    ///    else an equal share of what those leave; each clamped to its minimum and maximum.
    /// 2. What is left over or missing goes to the lowest priority first, shared equally
    ///    within a priority, each item within its limits.
    /// 3. Space left when every item is at its maximum goes to the item that holds least (the
    ///    last of the lowest priority), beyond its maximum: a stack never shows a hole.
    /// 4. Space missing when every item is at its minimum is taken from the items that hold
    ///    least, last first, below their minimums down to zero: the items that hold most keep
    ///    their minimums longest.
    static func thicknesses(_ items: [Item], length: Double, divider: Double) -> [Double] {
        var result = [Double](repeating: 0, count: items.count)
        let visible = items.indices.filter { !items[$0].isCollapsed }
        guard !visible.isEmpty else { return result }
        let length = length.isFinite ? sanitized(length) : 0
        let divider = divider.isFinite ? sanitized(divider) : 0
        let space = max(0, length - divider * Double(visible.count - 1))

        // 1. Starting thicknesses.
        var known = 0.0
        var unknown: [Int] = []
        for index in visible {
            if let thickness = items[index].thickness.map(sanitized), thickness.isFinite {
                result[index] = thickness
                known += thickness
            } else if let fraction = items[index].fraction.map(sanitized) {
                result[index] = min(fraction, 1) * space
                known += result[index]
            } else {
                unknown.append(index)
            }
        }
        let equalShare = unknown.isEmpty ? 0 : max(0, space - known) / Double(unknown.count)
        for index in unknown { result[index] = equalShare }
        for index in visible { result[index] = clamp(result[index], items[index]) }

        // 2. The difference, by priority, lowest first.
        var delta = space - visible.reduce(0) { $0 + result[$1] }
        for group in priorityGroups(visible, items) where abs(delta) > epsilon {
            delta = share(delta, among: group, items, &result)
        }

        // 3 and 4. What the limits could not take.
        if delta > epsilon, let last = priorityGroups(visible, items).first?.last {
            result[last] += delta
        } else if delta < -epsilon {
            for index in priorityGroups(visible, items).flatMap({ $0.reversed() }) where delta < -epsilon {
                let taken = min(result[index], -delta)
                result[index] -= taken
                delta += taken
            }
        }
        return result
    }

    /// The items' thicknesses after the divider after visible item `index` moved by
    /// `distance` points (positive: towards the end; infinite: as far as the limits let it;
    /// NaN: nowhere): the items on either side grow and shrink by the same amount, each within
    /// its limits; the others keep theirs.
    static func drag(_ thicknesses: [Double], _ items: [Item], divider index: Int, by distance: Double) -> [Double] {
        guard let after = items.indices.first(where: { $0 > index && !items[$0].isCollapsed }),
            items.indices.contains(index), !items[index].isCollapsed
        else { return thicknesses }
        var result = thicknesses
        let total = thicknesses[index] + thicknesses[after]
        let wanted = thicknesses[index] + (distance.isNaN ? 0 : distance)
        // The item before takes what it can, the one after what is left, each in its limits.
        let low = max(items[index].minimum, total - items[after].maximum)
        let high = min(items[index].maximum, total - items[after].minimum)
        let before = low <= high ? min(max(wanted, low), high) : thicknesses[index]
        result[index] = max(0, before)
        result[after] = max(0, total - result[index])
        return result
    }

    /// The positions of the items and dividers along the axis, from `origin`: each visible
    /// item's start and the start of the divider after it (nil for the last and for collapsed
    /// items).
    static func positions(
        _ thicknesses: [Double], _ items: [Item], origin: Double, divider: Double
    )
        -> [(start: Double, dividerStart: Double?)]
    {
        var result: [(start: Double, dividerStart: Double?)] = []
        let lastVisible = items.indices.last { !items[$0].isCollapsed }
        var cursor = origin
        for index in items.indices {
            guard !items[index].isCollapsed else {
                result.append((cursor, nil))
                continue
            }
            let start = cursor
            cursor += thicknesses[index]
            if index == lastVisible {
                result.append((start, nil))
            } else {
                result.append((start, cursor))
                cursor += divider
            }
        }
        return result
    }

    /// Shares `delta` among `group` within their limits, equally, repeating while some took
    /// less than their share; what none could take is returned.
    private static func share(_ delta: Double, among group: [Int], _ items: [Item], _ result: inout [Double]) -> Double {
        var left = delta
        var open = group
        while abs(left) > epsilon && !open.isEmpty {
            let each = left / Double(open.count)
            var next: [Int] = []
            for index in open {
                let wanted = result[index] + each
                let clamped = clamp(wanted, items[index])
                left -= clamped - result[index]
                result[index] = clamped
                if clamped == wanted { next.append(index) }
            }
            if next.count == open.count { break }
            open = next
        }
        return abs(left) <= epsilon ? 0 : left
    }

    /// The visible items grouped by priority, lowest first, each group in item order.
    private static func priorityGroups(_ visible: [Int], _ items: [Item]) -> [[Int]] {
        let priorities = Set(visible.map { items[$0].priority }).sorted()
        return priorities.map { priority in visible.filter { items[$0].priority == priority } }
    }

    private static func clamp(_ value: Double, _ item: Item) -> Double {
        let minimum = sanitized(item.minimum)
        let maximum = max(minimum, item.maximum.isNaN ? .infinity : item.maximum)
        return min(max(sanitized(value), minimum), maximum)
    }

    /// NaN and negative values are zero; infinity stays (a maximum may be infinite).
    private static func sanitized(_ value: Double) -> Double {
        value.isNaN || value < 0 ? 0 : value
    }

    /// Below this, a difference is rounding.
    static let epsilon = 1e-9
}
