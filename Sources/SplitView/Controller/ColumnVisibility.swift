/// Which columns the delegate was told are shown, and the `did…` calls it is still owed.
///
/// Each `willShow` is followed by one `didShow` (and `willHide` by `didHide`) when the
/// transition ends; if another change starts first, the owed calls are paid before its own.
struct ColumnVisibility {
    private(set) var shown = ColumnSet()
    private var owedShow = ColumnSet()
    private var owedHide = ColumnSet()

    /// Records `newShown` as the columns that show. Returns those that start showing and those
    /// that stop (the caller announces them when the change is a system or user one).
    mutating func begin(_ newShown: ColumnSet) -> (show: ColumnSet, hide: ColumnSet) {
        let show = newShown.subtracting(shown), hide = shown.subtracting(newShown)
        shown = newShown
        return (show, hide)
    }

    /// Remembers that `didShow`/`didHide` are owed for these columns.
    mutating func owe(show: ColumnSet, hide: ColumnSet) {
        owedShow.formUnion(show)
        owedHide.formUnion(hide)
    }

    /// The owed calls, now due.
    mutating func settle() -> (show: ColumnSet, hide: ColumnSet) {
        defer { owedShow = []; owedHide = [] }
        return (owedShow, owedHide)
    }
}
