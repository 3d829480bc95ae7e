import Testing

@testable import SplitView

/// The rules of the DocC articles (Sources/SplitView/SplitView.docc: DisplayModes.md,
/// DisplayModeButton.md, DefaultNumbers.md) and the core's documented decisions,
/// written again as tables and short functions the rule tests compare the controller with.
///
/// They are written from the documents, not from the code: read each next to
/// those articles and the doc comments of `DisplayModeResolution.resolved`,
/// `ButtonRules.displayModeTarget` and `ResolvedWidths`.
enum RuleTables {
    typealias Style = SplitViewController.Style
    typealias Mode = SplitViewController.DisplayMode
    typealias Behavior = SplitViewController.SplitBehavior
    typealias Column = SplitViewController.Column

    // MARK: - Numbers (DefaultNumbers.md)

    static let minimumPrimary = 240.0, minimumSupplementary = 240.0, minimumSecondary = 464.0
    static let minimumInspector = 240.0
    /// Width three columns need to tile at their minimums: 240 + 240 + 464 + two 1-pt dividers.
    static let threeColumnsWidth = minimumPrimary + minimumSupplementary + minimumSecondary + 2  // 946
    /// Width two columns need: 240 + 464 + one divider.
    static let twoColumnsWidth = minimumPrimary + minimumSecondary + 1  // 705

    /// The width classes of the resolution table: each side of every boundary.
    static let widthClasses: [Double] = [620, 700, 704, 705, 800, 945, 946, 1400]

    // MARK: - DisplayModes.md and DisplayModeResolution's documented decisions

    /// The most columns a style shows beside the secondary.
    static func cap(_ style: Style) -> Int { style == .tripleColumn ? 2 : 1 }

    /// How many columns tile beside the secondary at their minimums.
    static func columnsThatTile(
        _ style: Style, width: Double, minimumPrimary p: Double = minimumPrimary,
        minimumSupplementary s: Double = minimumSupplementary,
        minimumSecondary d: Double = minimumSecondary
    ) -> Int {
        if style == .tripleColumn && width >= p + s + d + 2 { return 2 }
        let beside = style == .tripleColumn ? s : p
        return width >= beside + d + 1 ? 1 : 0
    }

    /// True when `level` columns can lie over the secondary at their minimums, leaving the
    /// 44-pt dismiss margin of the secondary visible.
    static func roomOver(level: Int, _ style: Style, width: Double) -> Bool {
        switch level {
        case 2: width - 44 >= minimumPrimary + minimumSupplementary + 1
        case 1: width - 44 >= (style == .tripleColumn ? minimumSupplementary : minimumPrimary)
        default: true
        }
    }

    /// True when the primary and supplementary tile with two dividers and leave the dismiss
    /// margin of the displaced secondary visible.
    static func roomToDisplace(width: Double) -> Bool {
        width - 44 >= minimumPrimary + minimumSupplementary + 2
    }

    /// The mode of `level` columns under `behavior` (DisplayModes.md, "Behaviors and their modes").
    static func mode(level: Int, _ behavior: Behavior) -> Mode {
        switch (behavior, level) {
        case (_, 0): .secondaryOnly
        case (.overlay, 1): .oneOverSecondary
        case (.overlay, _): .twoOverSecondary
        case (.displace, 1), (.tile, 1), (.automatic, 1): .oneBesideSecondary
        case (.displace, _): .twoDisplaceSecondary
        default: .twoBesideSecondary
        }
    }

    /// The behavior family a preferred mode names by itself, or nil (`automatic`,
    /// `secondaryOnly` and the beside-modes leave it to the width).
    static func namedBehavior(_ mode: Mode) -> Behavior? {
        switch mode {
        case .oneOverSecondary, .twoOverSecondary: .overlay
        case .twoDisplaceSecondary: .displace
        default: nil
        }
    }

    /// The expected `(displayMode, splitBehavior)` for preferences set before the first
    /// resize to `width` (no request pending), per `DisplayModeResolution.resolved`'s doc.
    static func expected(
        _ style: Style, behavior preferredBehavior: Behavior, mode preferred: Mode,
        width: Double, presentsWithGesture: Bool
    ) -> (Mode, Behavior) {
        let tiles = columnsThatTile(style, width: width)
        let wanted: Int? = preferred == .automatic ? nil : min(preferred.level, cap(style))
        // Behavior: the preferred one; else the family the preferred mode names; else
        // (strict) over the secondary if the preference cannot tile; else tile iff one fits.
        var behavior = preferredBehavior
        var narrow = false
        if behavior == .automatic {
            if let named = namedBehavior(preferred) {
                behavior = named
            } else if let wanted, !presentsWithGesture, wanted > tiles, roomOver(level: wanted, style, width: width) {
                return (mode(level: wanted, .overlay), .overlay)
            } else if tiles >= 1 {
                behavior = .tile
            } else {
                (behavior, narrow) = (.overlay, true)
            }
        }
        // Mode: automatic = as many as tile (tile), none (overlay), one (displace).
        guard let wanted else {
            switch behavior {
            case .overlay: return (.secondaryOnly, .overlay)
            case .displace: return (mode(level: min(1, tiles), .displace), .displace)
            default: return (mode(level: min(tiles, cap(style)), .tile), .tile)
            }
        }
        var level = wanted
        switch behavior {
        case .tile:
            level = min(wanted, tiles)
        case .overlay:
            // An overlay chosen for a narrow window shows nothing until the user asks.
            if narrow && namedBehavior(preferred) != .overlay { return (.secondaryOnly, .overlay) }
            while level > 0 && !roomOver(level: level, style, width: width) { level -= 1 }
        default:  // displace: two displace while they fit over the secondary; one must tile.
            if level == 2 && !roomToDisplace(width: width) { level = 1 }
            if level == 1 && tiles < 1 { level = 0 }
        }
        return (mode(level: level, behavior), behavior)
    }

    // MARK: - The display-mode button (DisplayModeButton.md)

    /// One row of DisplayModeButton.md's table: in `mode` under `behavior`, a tap goes to `target` (nil: no button).
    struct ButtonRow: Sendable, CustomTestStringConvertible {
        var behavior: Behavior
        var style: Style
        var mode: Mode
        var target: Mode?
        /// "doc" for a documented row, "decided" for one the core's doc comment decides.
        var source: String

        var testDescription: String { "\(behavior) \(style) \(mode) → \(target.map(\.description) ?? "no button") (\(source))" }
    }

    /// DisplayModeButton.md, every row; the undocumented ones as `ButtonRules.displayModeTarget` decides.
    static let buttonRows: [ButtonRow] = [
        ButtonRow(behavior: .tile, style: .doubleColumn, mode: .secondaryOnly, target: .oneBesideSecondary, source: "doc"),
        ButtonRow(behavior: .tile, style: .doubleColumn, mode: .oneBesideSecondary, target: .secondaryOnly, source: "doc"),
        ButtonRow(behavior: .tile, style: .tripleColumn, mode: .oneBesideSecondary, target: .twoBesideSecondary, source: "doc"),
        ButtonRow(behavior: .tile, style: .tripleColumn, mode: .twoBesideSecondary, target: .oneBesideSecondary, source: "doc"),
        ButtonRow(behavior: .tile, style: .tripleColumn, mode: .secondaryOnly, target: nil, source: "doc"),
        ButtonRow(behavior: .overlay, style: .doubleColumn, mode: .secondaryOnly, target: .oneOverSecondary, source: "doc"),
        ButtonRow(behavior: .overlay, style: .tripleColumn, mode: .secondaryOnly, target: .oneOverSecondary, source: "doc"),
        ButtonRow(behavior: .overlay, style: .tripleColumn, mode: .oneOverSecondary, target: .twoOverSecondary, source: "doc"),
        ButtonRow(behavior: .overlay, style: .tripleColumn, mode: .twoOverSecondary, target: nil, source: "doc"),
        ButtonRow(behavior: .overlay, style: .doubleColumn, mode: .oneOverSecondary, target: .secondaryOnly, source: "decided"),
        ButtonRow(
            behavior: .displace, style: .tripleColumn, mode: .oneBesideSecondary, target: .twoDisplaceSecondary, source: "doc"),
        ButtonRow(behavior: .displace, style: .tripleColumn, mode: .twoDisplaceSecondary, target: nil, source: "doc"),
        ButtonRow(
            behavior: .displace, style: .tripleColumn, mode: .secondaryOnly, target: .oneBesideSecondary, source: "decided"),
        ButtonRow(
            behavior: .displace, style: .doubleColumn, mode: .secondaryOnly, target: .oneBesideSecondary, source: "decided"),
        ButtonRow(
            behavior: .displace, style: .doubleColumn, mode: .oneBesideSecondary, target: .secondaryOnly, source: "decided"),
    ]

    // MARK: - Building controllers and layouts

    /// A controller of `style` (logging controllers in its columns, transitions off, no
    /// delegate) with these preferences, then sized `width` × `height`.
    static func controller(
        _ style: Style, behavior: Behavior = .automatic, mode: Mode = .automatic,
        presentsWithGesture: Bool = true, width: Double, height: Double = 800
    ) -> Fixture {
        let fixture = Fixture(style, delegate: false)
        fixture.split.preferredSplitBehavior = behavior
        fixture.split.preferredDisplayMode = mode
        fixture.split.presentsWithGesture = presentsWithGesture
        fixture.resize(width, height: height)
        return fixture
    }

    /// The layout rule applied directly, default widths unless `specs` says otherwise.
    static func layout(
        _ style: Style, _ mode: Mode, width: Double, height: Double = 800, inspector: Bool = false,
        edge: SplitViewController.PrimaryEdge = .leading, collapsed: Bool = false,
        collapsedTop: Column = .secondary, specs: [Column: ColumnWidthSpec] = [:],
        user: [Column: Double] = [:]
    ) -> Layout {
        LayoutComputation.layout(
            LayoutInput(
                size: Size(width: width, height: height), style: style, primaryEdge: edge, displayMode: mode,
                isCollapsed: collapsed, collapsedTop: collapsedTop, inspectorShown: inspector,
                widths: ResolvedWidths(specs: specs, userWidths: user, style: style, windowWidth: width),
                userSized: ColumnSet(user.keys)))
    }

    /// Clicks at the middle of `rect`: the press and the release both inside.
    static func click(_ split: SplitViewController, _ rect: Rect) {
        split.handle(.pointerDown(Point(x: rect.midX, y: rect.midY)))
        split.handle(.pointerUp(Point(x: rect.midX, y: rect.midY)))
    }
}

/// Every width property of the controller, so a test can set each in turn.
enum WidthSetter: String, CaseIterable, Sendable {
    case preferredPrimary, primaryFraction, minimumPrimary, maximumPrimary
    case preferredSupplementary, supplementaryFraction, minimumSupplementary, maximumSupplementary
    case preferredSecondary, secondaryFraction, minimumSecondary
    case preferredInspector, inspectorFraction, minimumInspector, maximumInspector

    var keyPath: ReferenceWritableKeyPath<SplitViewController, Double> {
        switch self {
        case .preferredPrimary: \.preferredPrimaryColumnWidth
        case .primaryFraction: \.preferredPrimaryColumnWidthFraction
        case .minimumPrimary: \.minimumPrimaryColumnWidth
        case .maximumPrimary: \.maximumPrimaryColumnWidth
        case .preferredSupplementary: \.preferredSupplementaryColumnWidth
        case .supplementaryFraction: \.preferredSupplementaryColumnWidthFraction
        case .minimumSupplementary: \.minimumSupplementaryColumnWidth
        case .maximumSupplementary: \.maximumSupplementaryColumnWidth
        case .preferredSecondary: \.preferredSecondaryColumnWidth
        case .secondaryFraction: \.preferredSecondaryColumnWidthFraction
        case .minimumSecondary: \.minimumSecondaryColumnWidth
        case .preferredInspector: \.preferredInspectorColumnWidth
        case .inspectorFraction: \.preferredInspectorColumnWidthFraction
        case .minimumInspector: \.minimumInspectorColumnWidth
        case .maximumInspector: \.maximumInspectorColumnWidth
        }
    }

    /// True for the `…Fraction` properties, which clamp into 0…1 instead of ignoring.
    var isFraction: Bool { rawValue.hasSuffix("Fraction") }

    /// The column whose width the property shapes.
    var column: SplitViewController.Column {
        if rawValue.contains("rimary") { return .primary }
        if rawValue.contains("upplementary") { return .supplementary }
        if rawValue.contains("econdary") { return .secondary }
        return .inspector
    }
}
