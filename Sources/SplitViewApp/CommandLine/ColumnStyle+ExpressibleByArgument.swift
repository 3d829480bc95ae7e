import ArgumentParser
import SplitViewBrowser

/// `--style double|triple`: the state file's names (the type is the model's, in
/// SplitViewBrowser, which knows no command line).
extension ColumnStyle: ExpressibleByArgument {
    /// The values `--help` lists: every case's name, worked out here rather than by
    /// ArgumentParser's generic default (see `ChoiceArgumentTests`).
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }

    /// None: each value's description is its own name, which ArgumentParser leaves out.
    public static var allValueDescriptions: [String: String] { [:] }
}
