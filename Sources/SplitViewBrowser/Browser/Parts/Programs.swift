import SplitView
import SplitViewFiles

/// The programs a window runs: those hosted in its panes instead of the browser's content
/// (`--secondary CMD`), by column, given the selected file when their command names `{file}`;
/// and those it starts on the selected files (Ctrl+O's opener, Open With's applications).
struct Programs {
    /// The hosted programs' view controllers, by the column each replaces.
    let byColumn: [SplitViewController.Column: ForeignContentViewController]
    /// The programs put beside a column's content (``PaneSplit``).
    var besides: [ForeignContentViewController] = []
    /// Runs the opener for Ctrl+O and double clicks, and says why it could not (nil when it
    /// started). The launcher gives its ``RunningOpeners``; tests give their own.
    var opener: (FilePath) -> String?
    /// Starts an application's command line for "Open With", and says why it could not (nil
    /// when it started). The launcher gives its ``RunningOpeners``; tests give their own.
    var appLauncher: ([[UInt8]], FilePath) -> String? = { _, _ in "no program can be started from this window" }

    /// A view controller for each command; a supplementary one only in the triple style, which
    /// alone has that column. `opener` opens files in the desktop's program.
    init(
        _ commands: [SplitViewController.Column: ProgramCommand], style: SplitViewController.Style,
        opener: @escaping (FilePath) -> String?
    ) {
        byColumn = commands.filter { style == .tripleColumn || $0.key != .supplementary }
            .mapValues(ForeignContentViewController.init(command:))
        self.opener = opener
    }

    /// Whether no pane hosts a program.
    var isEmpty: Bool { byColumn.isEmpty && besides.isEmpty }

    /// The program hosted in `column`, if any.
    subscript(column: SplitViewController.Column) -> ForeignContentViewController? { byColumn[column] }

    /// Gives every hosted program `file` (nil: none selected); a program whose command does not
    /// name `{file}` ignores it.
    func show(file: [UInt8]?) {
        for program in byColumn.values { program.file = file }
        for program in besides { program.file = file }
    }

    /// Starts `entry`'s application on `paths` (the first one named in a failure): one run, or
    /// one per file when its `Exec` takes one file. Why it could not, in words, or nil.
    func start(_ entry: DesktopEntry, on paths: [FilePath]) -> String? {
        guard let first = paths.first else { return nil }
        let runs: [[[UInt8]]]
        do {
            runs = try entry.arguments(for: paths)
        } catch {
            return "the command line of \(entry.name) (\(entry.path)) does not read"
        }
        for argv in runs {
            if let failure = appLauncher(argv, first) { return "\(entry.name): \(failure)" }
        }
        return nil
    }
}
