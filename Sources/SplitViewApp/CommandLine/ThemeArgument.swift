import ArgumentParser

/// `--theme light|dark|auto`.
enum ThemeArgument: String, ListedChoices {
    case light, dark, auto
}
