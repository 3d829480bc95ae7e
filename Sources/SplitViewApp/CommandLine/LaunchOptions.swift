import SplitView
import SplitViewBrowser

/// What the command line asked for; `nil` where it said nothing, so that the saved state and
/// the config file can fill in (the command line wins over both).
struct LaunchOptions {
    /// The folder or file to open; nil for the saved folder, else the sample library.
    var path: String?
    var style: ColumnStyle?
    var behavior: BehaviorArgument?
    var displayMode: DisplayModeArgument?
    var geometry: Geometry?
    var display: String?
    var theme: ThemeArgument?
    var configPath: String?
    var restores = true
    var reducesMotion = false
    /// The programs the panes host (`--secondary 'xterm -into {}'`), by column.
    var programs: [SplitViewController.Column: ProgramCommand] = [:]
    /// The programs put beside a pane's content (`--below 'secondary=xterm -into {}'`).
    var splits: [PaneSplit] = []

    /// What these options say about every window, for the ``BrowserSession``.
    var windowPreferences: WindowPreferences {
        WindowPreferences(
            style: style, displayMode: displayMode?.displayMode, splitBehavior: behavior?.splitBehavior,
            animatesTransitions: !reducesMotion, programs: programs, splits: splits)
    }
}
