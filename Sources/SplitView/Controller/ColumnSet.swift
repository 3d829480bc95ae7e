/// A set of columns as bits: the hot path compares and diffs these without allocating.
struct ColumnSet: OptionSet, Hashable, Sendable {
    let rawValue: UInt8

    init(rawValue: UInt8) { self.rawValue = rawValue }
    init(_ column: SplitViewController.Column) { rawValue = 1 << UInt8(column.rawValue) }
    init(_ columns: some Sequence<SplitViewController.Column>) {
        var bits: UInt8 = 0
        for column in columns { bits |= 1 << UInt8(column.rawValue) }
        rawValue = bits
    }

    func contains(_ column: SplitViewController.Column) -> Bool { rawValue & (1 << UInt8(column.rawValue)) != 0 }

    /// How many columns the set holds.
    var count: Int { rawValue.nonzeroBitCount }

    /// The members in the order UIKit reports them (measured): supplementary, primary,
    /// secondary, inspector, compact.
    var ordered: [SplitViewController.Column] {
        [.supplementary, .primary, .secondary, .inspector, .compact].filter { contains($0) }
    }
}
