extension SplitViewController {
    /// The arrangement you would like; the controller shows it when the width allows.
    ///
    /// Mirrors `UISplitViewController.preferredDisplayMode` (default `.automatic`). A mode
    /// that the current behavior does not allow is read at its level (columns beside the
    /// secondary) in that behavior: `.twoBesideSecondary` under `.overlay` is
    /// `.twoOverSecondary`. A tiling mode asked for while its columns cannot tile shows them
    /// over the secondary until the width next changes the resolution (UIKit, measured);
    /// narrowing a window drops columns instead. Setting the same value notifies nobody.
    public var preferredDisplayMode: DisplayMode {
        get { modes.preferences.displayMode }
        set {
            guard newValue != modes.preferences.displayMode else { return }
            modes.setPreference(\.displayMode, to: newValue)
            update(.programmatic, request: newValue)
        }
    }

    /// The behavior you would like; `.automatic` lets the width choose.
    ///
    /// Mirrors `UISplitViewController.preferredSplitBehavior` (default `.automatic`). It takes
    /// effect at once: the layout is recomputed on every change.
    public var preferredSplitBehavior: SplitBehavior {
        get { modes.preferences.splitBehavior }
        set { setPreference(\.splitBehavior, newValue) }
    }

    /// Whether the edge-drag and horizontal-scroll gestures work and the display-mode button
    /// shows (with ``displayModeButtonVisibility`` `.automatic`). When false, the preferred
    /// mode is honoured strictly: columns that cannot tile show over the secondary rather
    /// than hide, since nothing could reveal them.
    ///
    /// Mirrors `UISplitViewController.presentsWithGesture` (default true).
    public var presentsWithGesture: Bool {
        get { modes.preferences.presentsWithGesture }
        set { setPreference(\.presentsWithGesture, newValue) }
    }

    /// Whether the secondary's navigation bar has the double-arrow button that toggles
    /// `.secondaryOnly`; triple-column style only.
    ///
    /// Mirrors `UISplitViewController.showsSecondaryOnlyButton` (default false).
    public var showsSecondaryOnlyButton: Bool {
        get { modes.preferences.showsSecondaryOnlyButton }
        set { setPreference(\.showsSecondaryOnlyButton, newValue, affectsMode: false) }
    }

    /// Whether the display-mode (sidebar) button shows.
    ///
    /// Mirrors `UISplitViewController.displayModeButtonVisibility` (default `.automatic`).
    /// `.always` cannot add the button to a mode that has none (`.twoOverSecondary`, …).
    public var displayModeButtonVisibility: DisplayModeButtonVisibility {
        get { modes.preferences.displayModeButtonVisibility }
        set { setPreference(\.displayModeButtonVisibility, newValue, affectsMode: false) }
    }

    /// The side the primary column sits on; `.trailing` mirrors the whole layout.
    ///
    /// Mirrors `UISplitViewController.primaryEdge` (default `.leading`).
    public var primaryEdge: PrimaryEdge {
        get { modes.preferences.primaryEdge }
        set { setPreference(\.primaryEdge, newValue, affectsMode: false) }
    }

    /// Stores a preference and lays out again. A preference the display-mode rules read
    /// (`affectsMode`: the behavior, the gesture) ends an over-mode the user opened; one they
    /// do not (the buttons, the primary edge) leaves it showing — only a change that affects
    /// the mode may dismiss what the user asked for.
    private func setPreference<Value: Equatable>(
        _ keyPath: WritableKeyPath<Preferences, Value>, _ value: Value, affectsMode: Bool = true
    ) {
        guard modes.preferences[keyPath: keyPath] != value else { return }
        modes.setPreference(keyPath, to: value, affectsMode: affectsMode)
        update(.programmatic)
    }

    // MARK: - Widths

    /// The primary's preferred width in points, or ``automaticDimension`` (280 triple, 320
    /// otherwise). Wins over the fraction. NaN, infinities and negative values are ignored.
    ///
    /// Mirrors `UISplitViewController.preferredPrimaryColumnWidth`.
    public var preferredPrimaryColumnWidth: Double {
        get { spec(.primary).preferred }
        set { setWidth(newValue, of: .primary, \.preferred) }
    }

    /// The primary's preferred width as a fraction 0…1 of the window, or ``automaticDimension``.
    /// Values outside 0…1 are clamped; NaN and infinities are ignored.
    ///
    /// Mirrors `UISplitViewController.preferredPrimaryColumnWidthFraction`.
    public var preferredPrimaryColumnWidthFraction: Double {
        get { spec(.primary).fraction }
        set { setFraction(newValue, of: .primary) }
    }

    /// The primary's smallest width (automatic: 240).
    ///
    /// Mirrors `UISplitViewController.minimumPrimaryColumnWidth`.
    public var minimumPrimaryColumnWidth: Double {
        get { spec(.primary).minimum }
        set { setWidth(newValue, of: .primary, \.minimum) }
    }

    /// The primary's largest width (automatic: 400). A maximum below the minimum counts as
    /// the minimum.
    ///
    /// Mirrors `UISplitViewController.maximumPrimaryColumnWidth`.
    public var maximumPrimaryColumnWidth: Double {
        get { spec(.primary).maximum }
        set { setWidth(newValue, of: .primary, \.maximum) }
    }

    /// The supplementary's preferred width in points (automatic: 320).
    ///
    /// Mirrors `UISplitViewController.preferredSupplementaryColumnWidth`.
    public var preferredSupplementaryColumnWidth: Double {
        get { spec(.supplementary).preferred }
        set { setWidth(newValue, of: .supplementary, \.preferred) }
    }

    /// The supplementary's preferred width as a fraction of the window.
    ///
    /// Mirrors `UISplitViewController.preferredSupplementaryColumnWidthFraction`.
    public var preferredSupplementaryColumnWidthFraction: Double {
        get { spec(.supplementary).fraction }
        set { setFraction(newValue, of: .supplementary) }
    }

    /// The supplementary's smallest width (automatic: 240).
    ///
    /// Mirrors `UISplitViewController.minimumSupplementaryColumnWidth`.
    public var minimumSupplementaryColumnWidth: Double {
        get { spec(.supplementary).minimum }
        set { setWidth(newValue, of: .supplementary, \.minimum) }
    }

    /// The supplementary's largest width (automatic: 480).
    ///
    /// Mirrors `UISplitViewController.maximumSupplementaryColumnWidth`.
    public var maximumSupplementaryColumnWidth: Double {
        get { spec(.supplementary).maximum }
        set { setWidth(newValue, of: .supplementary, \.maximum) }
    }

    /// The width the secondary would like (automatic: all that is left). When the secondary
    /// would be wider, the tiled columns beside it grow towards their maximums to take the
    /// surplus, except a column whose width the user dragged.
    ///
    /// Mirrors `UISplitViewController.preferredSecondaryColumnWidth`.
    public var preferredSecondaryColumnWidth: Double {
        get { spec(.secondary).preferred }
        set { setWidth(newValue, of: .secondary, \.preferred) }
    }

    /// The secondary's preferred width as a fraction of the window.
    ///
    /// Mirrors `UISplitViewController.preferredSecondaryColumnWidthFraction`.
    public var preferredSecondaryColumnWidthFraction: Double {
        get { spec(.secondary).fraction }
        set { setFraction(newValue, of: .secondary) }
    }

    /// The secondary's smallest width (automatic: 464); the other columns give way to keep it.
    ///
    /// Mirrors `UISplitViewController.minimumSecondaryColumnWidth`.
    public var minimumSecondaryColumnWidth: Double {
        get { spec(.secondary).minimum }
        set { setWidth(newValue, of: .secondary, \.minimum) }
    }

    /// The inspector's preferred width in points (automatic: 270).
    ///
    /// Mirrors `UISplitViewController.preferredInspectorColumnWidth`.
    public var preferredInspectorColumnWidth: Double {
        get { spec(.inspector).preferred }
        set { setWidth(newValue, of: .inspector, \.preferred) }
    }

    /// The inspector's preferred width as a fraction of the window.
    ///
    /// Mirrors `UISplitViewController.preferredInspectorColumnWidthFraction`.
    public var preferredInspectorColumnWidthFraction: Double {
        get { spec(.inspector).fraction }
        set { setFraction(newValue, of: .inspector) }
    }

    /// The inspector's smallest width (automatic: 240).
    ///
    /// Mirrors `UISplitViewController.minimumInspectorColumnWidth`.
    public var minimumInspectorColumnWidth: Double {
        get { spec(.inspector).minimum }
        set { setWidth(newValue, of: .inspector, \.minimum) }
    }

    /// The inspector's largest width (automatic: 400).
    ///
    /// Mirrors `UISplitViewController.maximumInspectorColumnWidth`.
    public var maximumInspectorColumnWidth: Double {
        get { spec(.inspector).maximum }
        set { setWidth(newValue, of: .inspector, \.maximum) }
    }

    /// The primary's width: as laid out when it shows, else the width it would take if shown
    /// now; 0 before the first size.
    ///
    /// Mirrors `UISplitViewController.primaryColumnWidth`.
    public var primaryColumnWidth: Double { columnWidth(.primary) }

    /// The supplementary's width, as ``primaryColumnWidth`` (0 in a double-column style).
    ///
    /// Mirrors `UISplitViewController.supplementaryColumnWidth`.
    public var supplementaryColumnWidth: Double { style.hasSupplementary ? columnWidth(.supplementary) : 0 }

    /// The secondary's width as laid out; 0 before the first size.
    public var secondaryColumnWidth: Double { columnWidth(.secondary) }

    /// The inspector's width, as ``primaryColumnWidth``.
    ///
    /// Mirrors `UISplitViewController.inspectorColumnWidth`.
    public var inspectorColumnWidth: Double { columnWidth(.inspector) }

    func spec(_ column: Column) -> ColumnWidthSpec { widths.specs[column] ?? ColumnWidthSpec() }

    /// The width rule's inputs resolved at the current window width.
    var resolvedWidths: ResolvedWidths {
        ResolvedWidths(specs: widths.specs, userWidths: widths.dragged, style: style, windowWidth: size?.width ?? 0)
    }

    private func setWidth(_ value: Double, of column: Column, _ keyPath: WritableKeyPath<ColumnWidthSpec, Double>) {
        guard ColumnWidthSpec.accepts(width: value) else { return }
        updateSpec(of: column) { $0[keyPath: keyPath] = value }
    }

    private func setFraction(_ value: Double, of column: Column) {
        guard let fraction = ColumnWidthSpec.acceptedFraction(value) else { return }
        updateSpec(of: column) { $0.fraction = fraction }
    }

    private func updateSpec(of column: Column, _ change: (inout ColumnWidthSpec) -> Void) {
        var spec = spec(column)
        change(&spec)
        guard spec != self.spec(column) else { return }
        widths.setSpec(spec, for: column)
        update(.programmatic)
    }

    /// The width `column` has, or, hidden, the width it would have if shown now: the frame
    /// in the layout `show(_:)` would reach. While collapsed, the width rule's width.
    private func columnWidth(_ column: Column) -> Double {
        guard let size else { return 0 }
        if !isCollapsed, let frame = settledLayout.frame(of: column) { return frame.width }
        if !isCollapsed, isMounted {
            if column == .inspector {
                let resolved = resolve(inspectorShown: true)
                let layout = computeLayout(mode: resolved.displayMode, behavior: resolved.splitBehavior, inspectorShown: true)
                if let frame = layout.frame(of: .inspector) { return frame.width }
            } else if let target = nearestMode(showing: column) {
                let mode = predictedMode(for: target)
                let layout = computeLayout(mode: mode, behavior: behavior(of: mode, base: splitBehavior))
                if let frame = layout.frame(of: column) { return frame.width }
            }
        }
        return min(resolvedWidths.natural(column), size.width)
    }
}

/// The columns' widths as the developer set them and as the user dragged them.
struct WidthSettings {
    typealias Column = SplitViewController.Column

    /// Preferred, fractional, minimum and maximum widths per column, as set.
    private(set) var specs: [Column: ColumnWidthSpec] = [:]
    /// The widths the user dragged (points), which come back when a narrowed window widens.
    private(set) var dragged: [Column: Double] = [:]

    /// The developer's widths for `column`, as set.
    mutating func setSpec(_ spec: ColumnWidthSpec, for column: Column) {
        specs[column] = spec
    }

    /// The user dragged `column` to `width`; nil forgets the dragged width, and the column
    /// goes back to its preferred (or automatic) one.
    mutating func setDraggedWidth(_ width: Double?, for column: Column) {
        dragged[column] = width
    }

    /// A restored state's dragged widths replace all of them: a column it does not name
    /// goes back to its preferred width.
    mutating func restoreDragged(_ widths: [Column: Double]) {
        dragged = widths
    }
}
