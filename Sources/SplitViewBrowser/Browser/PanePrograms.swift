import SplitView

/// The panes that host a program instead of the browser's content (`--secondary CMD`), by
/// column, and the file those whose command names `{file}` are given.
struct PanePrograms {
    /// The programs' view controllers, by the column each replaces.
    let byColumn: [SplitViewController.Column: ForeignContentViewController]
    /// The programs put beside a column's content (``PaneSplit``).
    var besides: [ForeignContentViewController] = []

    /// A view controller for each command; a supplementary one only in the triple style, which
    /// alone has that column.
    init(_ commands: [SplitViewController.Column: ProgramCommand], style: SplitViewController.Style) {
        byColumn = commands.filter { style == .tripleColumn || $0.key != .supplementary }
            .mapValues(ForeignContentViewController.init(command:))
    }

    /// Whether no pane hosts a program.
    var isEmpty: Bool { byColumn.isEmpty && besides.isEmpty }

    /// The program hosted in `column`, if any.
    subscript(column: SplitViewController.Column) -> ForeignContentViewController? { byColumn[column] }

    /// Gives every program `file` (nil: none selected); a program whose command does not name
    /// `{file}` ignores it.
    func show(file: [UInt8]?) {
        for program in byColumn.values { program.file = file }
        for program in besides { program.file = file }
    }
}
