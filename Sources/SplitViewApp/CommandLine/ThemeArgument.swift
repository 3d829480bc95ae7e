import ArgumentParser

/// `--theme light|dark|auto`.
enum ThemeArgument: String, ExpressibleByArgument, CaseIterable {
    case light, dark, auto

    /// The values `--help` lists: every case's name, worked out here rather than by
    /// ArgumentParser's generic default (see `ChoiceArgumentTests`).
    static var allValueStrings: [String] { allCases.map(\.rawValue) }

    /// None: each value's description is its own name, which ArgumentParser leaves out.
    static var allValueDescriptions: [String: String] { [:] }
}
