import SplitView
import SplitViewFiles

/// The programs a window runs: those hosted in its panes instead of the browser's content
/// (`--secondary CMD`), by column, given the selected file when their command names `{file}`;
/// and those it starts on the selected files (Ctrl+O's opener, Open With's applications).
struct Programs {
    /// The hosted programs' view controllers, by the column each replaces.
    let byColumn: [SplitViewController.Column: ForeignContentViewController]
    /// What a split at run time runs: the config's `"terminal"`, nil for the first terminal
    /// found on `PATH` at each split (``Terminal``).
    var terminal: ProgramCommand?
    /// The commands "Split Right With…" and "Split Down With…" ran, the newest first, at most
    /// ``usedCommandLimit``: the field offers them first.
    var usedCommands: [String] = []
    /// The split "Split Right With…" or "Split Down With…" is asking a command for: the pane
    /// that had the keys when it was asked (kept weakly: a pane closed meanwhile splits nothing)
    /// and the axis.
    var pendingSplit: (pane: Weak<ViewController>, axis: StackSplitViewController.Axis)?
    /// How many used commands are remembered.
    static let usedCommandLimit = 20
    /// Runs the opener for Ctrl+O and double clicks, and says why it could not (nil when it
    /// started). The launcher gives its ``RunningOpeners``; tests give their own.
    var opener: (FilePath) -> String?
    /// Starts an application's command line for "Open With", and says why it could not (nil
    /// when it started). The launcher gives its ``RunningOpeners``; tests give their own.
    var appLauncher: ([[UInt8]], FilePath) -> String? = { _, _ in
        String(translated: "no program can be started from this window")
    }

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

    /// The program hosted in `column`, if any.
    subscript(column: SplitViewController.Column) -> ForeignContentViewController? { byColumn[column] }

    /// Puts `text` first among the used commands (once), forgetting the oldest beyond the limit.
    mutating func used(_ text: String) {
        usedCommands.removeAll { $0 == text }
        usedCommands.insert(text, at: 0)
        if usedCommands.count > Self.usedCommandLimit { usedCommands.removeLast(usedCommands.count - Self.usedCommandLimit) }
    }

    /// Starts `entry`'s application on `paths` (the first one named in a failure): one run, or
    /// one per file when its `Exec` takes one file. Why it could not, in words, or nil.
    func start(_ entry: DesktopEntry, on paths: [FilePath]) -> String? {
        guard let first = paths.first else { return nil }
        let runs: [[[UInt8]]]
        do {
            runs = try entry.arguments(for: paths)
        } catch {
            return String(translated: "the command line of \(entry.name) (\(entry.path)) does not read")
        }
        for argv in runs {
            if let failure = appLauncher(argv, first) { return String(translated: "\(entry.name): \(failure)") }
        }
        return nil
    }
}

/// A reference that does not keep its object alive.
struct Weak<Object: AnyObject> {
    /// The object, while something else keeps it.
    weak var object: Object?

    /// A weak reference to `object`.
    init(_ object: Object) { self.object = object }
}
