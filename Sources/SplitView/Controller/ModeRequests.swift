/// What decides the display mode besides the width: the preferences (the developer's, and
/// the user's actions recorded in them), an over-mode shown on request, the mode the
/// secondary-only button left, and the last resolution of them all.
///
/// A value with its own transitions: a request (button, key, gesture, `show`/`hide`) and a
/// new resolution. The controller resolves (``DisplayModeResolution``), announces and lays out.
struct ModeRequests: Hashable, Sendable {
    typealias DisplayMode = SplitViewController.DisplayMode

    /// The preferred mode, behavior and the other settings the resolution reads.
    var preferences = Preferences()
    /// An over-mode shown on request over the resolved one until the resolution changes: an
    /// overlay asked for when the columns cannot tile, or the delegate's choice on expanding.
    var temporary: DisplayMode?
    /// The mode the secondary-only button left, which its next press returns to.
    var beforeSecondaryOnly: DisplayMode?
    /// The last resolution adopted.
    var resolution: Resolution?
    /// Whether the inspector was asked to show (`show(.inspector)`, its key, a restored
    /// state): an input of the resolution, since a tiled inspector takes its width from the
    /// columns the rules share out.
    var inspectorShown = false

    /// A request to move to `target` while `showing` is shown; `dismisses` when `target` is
    /// what dismisses a dimming `showing`. Returns the tiling request for the resolution to
    /// honour, or nil.
    ///
    /// Tiling targets and `secondaryOnly` become the preferred mode, so they last across
    /// resizes. An over-mode becomes preferred only when overlays are what the developer
    /// prefers; otherwise it shows as the temporary mode, so that a window which widens tiles
    /// its columns instead of keeping them over the secondary. Dismissing a temporary mode
    /// just ends it.
    mutating func request(_ target: DisplayMode, showing: DisplayMode, dismisses: Bool) -> DisplayMode? {
        if target.family == .overlay {
            if preferences.displayMode.family == .overlay || preferences.splitBehavior == .overlay {
                preferences.displayMode = target
                temporary = nil
            } else {
                temporary = target
            }
            return nil
        }
        if temporary != nil && dismisses {
            temporary = nil
            return nil
        }
        if showing == .secondaryOnly && target != .secondaryOnly { beforeSecondaryOnly = nil }
        preferences.displayMode = target
        temporary = nil
        return target
    }

    /// Takes `resolved` as the resolution: a change ends the temporary mode; `overlay` (a
    /// tiling request whose columns cannot tile, shown over the secondary instead) becomes it;
    /// a temporary mode that no longer `fits` ends. Returns the mode to show.
    mutating func adopt(_ resolved: Resolution, overlay: DisplayMode?, fits: (DisplayMode) -> Bool) -> DisplayMode {
        if let previous = resolution, previous != resolved { temporary = nil }
        resolution = resolved
        if let overlay { temporary = overlay }
        if let shown = temporary, !fits(shown) { temporary = nil }
        return temporary ?? resolved.displayMode
    }
}

/// The developer's preferences, grouped so that a change can be compared as one value.
struct Preferences: Hashable, Sendable {
    var displayMode: SplitViewController.DisplayMode = .automatic
    var splitBehavior: SplitViewController.SplitBehavior = .automatic
    var presentsWithGesture = true
    var showsSecondaryOnlyButton = false
    var displayModeButtonVisibility: SplitViewController.DisplayModeButtonVisibility = .automatic
    var primaryEdge: SplitViewController.PrimaryEdge = .leading
}
