/// The width properties of one column, as the developer set them.
///
/// Each value is a width in points, a fraction of the window for ``fraction``, or
/// ``SplitViewController/automaticDimension`` for the default. The controller's setters
/// validate before storing (see ``accepts(width:)``), so a spec never holds NaN or infinity.
public struct ColumnWidthSpec: Hashable, Sendable, Codable {
    /// The preferred width in points; wins over ``fraction`` when both are set.
    public var preferred: Double = SplitViewController.automaticDimension
    /// The preferred width as a fraction 0…1 of the window's width.
    public var fraction: Double = SplitViewController.automaticDimension
    /// The smallest width.
    public var minimum: Double = SplitViewController.automaticDimension
    /// The largest width (not used for the secondary, which has no maximum).
    public var maximum: Double = SplitViewController.automaticDimension

    /// Creates a spec with every value automatic.
    public init() {}

    /// True when `value` may be stored as a width: `automaticDimension`, or finite and ≥ 0.
    /// NaN, infinities and other negative numbers are ignored by the setters.
    public static func accepts(width value: Double) -> Bool {
        value == SplitViewController.automaticDimension || (value.isFinite && value >= 0)
    }

    /// `value` as a fraction to store, or `nil` to ignore it: `automaticDimension` as is,
    /// finite values clamped into 0…1, NaN and infinities refused.
    public static func acceptedFraction(_ value: Double) -> Double? {
        if value == SplitViewController.automaticDimension { return value }
        guard value.isFinite else { return nil }
        return min(max(value, 0), 1)
    }
}

/// The automatic widths, in points: the table in <doc:DefaultNumbers>.
enum DefaultWidths {
    /// Preferred, minimum and maximum for `column` under `style`. The secondary's preferred
    /// and maximum widths are infinite: by default it takes whatever the others leave.
    static func values(
        for column: SplitViewController.Column, style: SplitViewController.Style
    )
        -> (preferred: Double, minimum: Double, maximum: Double)
    {
        switch column {
        case .primary: (style.hasSupplementary ? 280 : 320, 240, 400)
        case .supplementary: (320, 240, 480)
        case .secondary, .compact: (.infinity, 464, .infinity)
        case .inspector: (270, 240, 400)
        }
    }
}

/// The width rule, written once: `clamp(user width, or preferred, or fraction × window width,
/// or the default; minimum, maximum)`.
///
/// Every column width the controller shows comes from ``ResolvedWidths/natural(_:)`` and is
/// then squeezed by ``ResolvedWidths/squeezed(_:into:)`` so that the secondary keeps its
/// minimum.
struct ResolvedWidths: Sendable {
    // Fixed-size storage: resolving widths happens on every resize and drag step, and must not
    // allocate.
    private var minimums = InlineArray<5, Double>(repeating: 0)
    private var maximums = InlineArray<5, Double>(repeating: 0)
    private var naturals = InlineArray<5, Double>(repeating: 0)

    /// Resolves the specs against a window `windowWidth` wide. `userWidths` are the widths
    /// the user dragged; they win over the developer's preferences.
    init(
        specs: [SplitViewController.Column: ColumnWidthSpec], userWidths: [SplitViewController.Column: Double],
        style: SplitViewController.Style, windowWidth: Double
    ) {
        for column in SplitViewController.Column.allCases {
            let spec = specs[column] ?? ColumnWidthSpec()
            let defaults = DefaultWidths.values(for: column, style: style)
            // Widths beyond any screen are capped, so that sums and differences stay exact.
            let cap = Size.largest
            let explicitMaximum = spec.maximum >= 0 ? min(spec.maximum, cap) : nil
            // An explicit value beats an automatic default: a maximum set below the automatic
            // minimum lowers the minimum to it (UIKit's automatic minimum is 0 pt, so any
            // maximum it is given is reachable), as a minimum set above the automatic maximum
            // raises the maximum below.
            let minimum =
                spec.minimum >= 0
                ? min(spec.minimum, cap) : min(defaults.minimum, explicitMaximum ?? defaults.minimum)
            // Both set, min > max: the minimum wins, as a clamp with its bounds crossed would be
            // meaningless.
            let maximum = max(minimum, explicitMaximum ?? defaults.maximum)
            let preferred: Double =
                if let user = userWidths[column] { min(user, cap) } else if spec.preferred >= 0 {
                    min(spec.preferred, cap)
                } else if spec.fraction >= 0 { spec.fraction * windowWidth } else { defaults.preferred }
            minimums[column.rawValue] = minimum
            maximums[column.rawValue] = maximum
            naturals[column.rawValue] = min(max(preferred, minimum), maximum)
        }
    }

    /// The column's smallest width.
    func minimum(_ column: SplitViewController.Column) -> Double { minimums[column.rawValue] }
    /// The column's largest width (infinite for the secondary).
    func maximum(_ column: SplitViewController.Column) -> Double { maximums[column.rawValue] }
    /// The width the column takes when nothing squeezes it.
    func natural(_ column: SplitViewController.Column) -> Double { naturals[column.rawValue] }

    /// Natural widths for `columns`, reduced until they fit in `budget`: the columns give way
    /// in the order given, each down to its minimum, then (only when even the minimums do not
    /// fit, which display-mode resolution avoids) all shrink in proportion, never below 0.
    ///
    /// - Parameters:
    ///   - columns: the columns to size, in give-way order.
    ///   - budget: the width they share.
    /// - Returns: the widths, in the same order.
    func squeezed(_ columns: [SplitViewController.Column], into budget: Double) -> [Double] {
        var widths = columns.map(natural)
        var excess = widths.reduce(0, +) - max(budget, 0)
        var index = 0
        while excess > 0, index < columns.count {
            let give = min(excess, max(0, widths[index] - minimum(columns[index])))
            widths[index] -= give
            excess -= give
            index += 1
        }
        if excess > 0 {
            let total = widths.reduce(0, +)
            let scale = total > 0 ? max(0, budget) / total : 0
            widths = widths.map { $0 * scale }
        }
        return widths
    }
}
