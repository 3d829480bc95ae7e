import ArgumentParser

/// `--theme light|dark|auto`.
enum ThemeArgument: String, ExpressibleByArgument, CaseIterable {
    case light, dark, auto
}
