/// What decides the display mode besides the width: the preferences (the developer's, and
/// the user's actions recorded in them), an over-mode shown on request, the mode the
/// secondary-only button left, and the last resolution of them all.
///
/// A value with its own transitions: a request (button, key, gesture, `show`/`hide`) and a
/// new resolution. The controller resolves (``DisplayModeResolution``), announces and lays out.
struct ModeRequests: Hashable, Sendable {
    typealias DisplayMode = SplitViewController.DisplayMode

    /// The preferred mode, behavior and the other settings the resolution reads.
    private(set) var preferences = Preferences()
    /// An over-mode shown on request over the resolved one until the resolution changes: an
    /// overlay asked for when the columns cannot tile, or the delegate's choice on expanding.
    private(set) var temporary: DisplayMode?
    /// The mode the secondary-only button left, which its next press returns to.
    private(set) var beforeSecondaryOnly: DisplayMode?
    /// The last resolution adopted.
    private(set) var resolution: Resolution?
    /// Whether the inspector was asked to show (`show(.inspector)`, its key, a restored
    /// state): an input of the resolution, since a tiled inspector takes its width from the
    /// columns the rules share out.
    private(set) var inspectorShown = false

    /// Requests as given; a test starts from some, the controller from none.
    init(preferences: Preferences = Preferences(), temporary: DisplayMode? = nil, beforeSecondaryOnly: DisplayMode? = nil) {
        self.preferences = preferences
        self.temporary = temporary
        self.beforeSecondaryOnly = beforeSecondaryOnly
    }

    /// Stores one preference. One the resolution reads (`affectsMode`: the mode, the
    /// behavior, the gesture) ends the temporary mode, which was shown against the old ones;
    /// one it does not (the buttons, the primary edge) leaves what the user opened showing.
    mutating func setPreference<Value>(
        _ keyPath: WritableKeyPath<Preferences, Value>, to value: Value, affectsMode: Bool = true
    ) {
        preferences[keyPath: keyPath] = value
        if affectsMode { temporary = nil }
    }

    /// Ends the over-mode shown on request, if any: collapsing shows one stack, and what
    /// was shown over the columns does not come back when they separate.
    mutating func clearTemporary() {
        temporary = nil
    }

    /// Expanding starts from `resolved`, with no over-mode carried across the collapse.
    mutating func beginExpanded(with resolved: Resolution) {
        resolution = resolved
        temporary = nil
    }

    /// Shows `mode` over the resolved one until the resolution changes: the delegate's
    /// choice on expanding, which lasts no longer than the width that allowed it.
    mutating func showTemporarily(_ mode: DisplayMode) {
        temporary = mode
    }

    /// The secondary-only button went to `secondaryOnly` from `mode`: its next press returns there.
    mutating func leftForSecondaryOnly(from mode: DisplayMode) {
        beforeSecondaryOnly = mode
    }

    /// Records whether the inspector was asked to show.
    mutating func setInspectorShown(_ shown: Bool) {
        inspectorShown = shown
    }

    /// A restored state's preferred mode, behavior and inspector replace the current ones;
    /// no over-mode survives the restore.
    mutating func restore(displayMode: DisplayMode, splitBehavior: SplitViewController.SplitBehavior, inspectorShown: Bool) {
        preferences.displayMode = displayMode
        preferences.splitBehavior = splitBehavior
        self.inspectorShown = inspectorShown
        temporary = nil
    }

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
///
/// A plain record, its fields settable: each mirrors one public setter 1:1, and the only
/// record that matters (``ModeRequests/preferences``) is changed through
/// ``ModeRequests/setPreference(_:to:affectsMode:)``, which keeps the rule.
struct Preferences: Hashable, Sendable {
    var displayMode: SplitViewController.DisplayMode = .automatic
    var splitBehavior: SplitViewController.SplitBehavior = .automatic
    var presentsWithGesture = true
    var showsSecondaryOnlyButton = false
    var displayModeButtonVisibility: SplitViewController.DisplayModeButtonVisibility = .automatic
    var primaryEdge: SplitViewController.PrimaryEdge = .leading
}
