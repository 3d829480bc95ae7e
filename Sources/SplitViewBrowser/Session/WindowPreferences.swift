import SplitView

/// What the command line says about every window, nil where it says nothing: it wins over the
/// saved state and the config file.
package struct WindowPreferences {
    /// `--style`: the columns of every window, over the saved style.
    package var style: ColumnStyle?
    /// `--display-mode`.
    package var displayMode: SplitViewController.DisplayMode?
    /// `--behavior`.
    package var splitBehavior: SplitViewController.SplitBehavior?
    /// False for `--reduce-motion`: columns change at once.
    package var animatesTransitions = true
    /// The programs the panes host (`--secondary 'xterm -into {}'`), by column.
    package var programs: [SplitViewController.Column: ProgramCommand] = [:]
    /// The programs put beside the columns' content (`--below 'secondary=xterm -into {}'`).
    package var splits: [PaneSplit] = []

    /// Preferences that leave everything to the state and the config.
    package init(
        style: ColumnStyle? = nil, displayMode: SplitViewController.DisplayMode? = nil,
        splitBehavior: SplitViewController.SplitBehavior? = nil, animatesTransitions: Bool = true,
        programs: [SplitViewController.Column: ProgramCommand] = [:], splits: [PaneSplit] = []
    ) {
        self.splits = splits
        self.style = style
        self.displayMode = displayMode
        self.splitBehavior = splitBehavior
        self.animatesTransitions = animatesTransitions
        self.programs = programs
    }
}
