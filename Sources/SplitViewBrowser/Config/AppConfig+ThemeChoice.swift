extension AppConfig {
    /// `"theme"`: light, dark, or `auto` (the app's own choice: `SPLITVIEW_THEME`, then the X
    /// resource, then light).
    public enum ThemeChoice: String, CaseIterable, Sendable {
        /// Dark text on light panes.
        case light
        /// Light text on dark panes.
        case dark
        /// The app's own choice: `SPLITVIEW_THEME`, then the X resource `splitview.theme`, then light.
        case auto
    }
}
