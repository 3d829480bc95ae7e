import ArgumentParser
import SplitViewBrowser

/// `--style double|triple`: the state file's names (the type is the model's, in
/// SplitViewBrowser, which knows no command line).
extension ColumnStyle: ListedChoices {}
