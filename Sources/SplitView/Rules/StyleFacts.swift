/// What each style implies, written once: how many columns can show beside the secondary,
/// whether there is a supplementary, which columns stack, and which is the classic style.
extension SplitViewController.Style {
    /// The most columns that show beside the secondary: 2 for the triple column (primary and
    /// supplementary), 1 otherwise.
    var levelCap: Int { self == .tripleColumn ? 2 : 1 }

    /// True when the style has a supplementary column (the triple column).
    var hasSupplementary: Bool { self == .tripleColumn }

    /// True for the classic style (`.unspecified`): two children, collapsed by asking the
    /// primary to take the secondary rather than stacking columns.
    var isClassic: Bool { self == .unspecified }

    /// The columns from the primary to the secondary: the order of
    /// ``SplitViewController/viewControllers`` and of the collapsed stack.
    var stackColumns: [SplitViewController.Column] {
        hasSupplementary ? [.primary, .supplementary, .secondary] : [.primary, .secondary]
    }

    /// The columns beside the secondary at display-mode `level` (0, 1 or 2): level 1 is the
    /// supplementary in the triple column and the primary otherwise.
    func besideColumns(level: Int) -> [SplitViewController.Column] {
        switch level {
        case 2: [.primary, .supplementary]
        case 1: hasSupplementary ? [.supplementary] : [.primary]
        default: []
        }
    }
}
