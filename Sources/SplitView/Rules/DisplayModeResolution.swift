/// What the display-mode rules need to know, and nothing else.
struct ResolutionInput: Hashable, Sendable {
    var style: SplitViewController.Style
    /// The width the primary, supplementary and secondary share: the window's width less a
    /// tiled inspector (at its minimum) and its divider.
    var availableWidth: Double
    var preferredDisplayMode: SplitViewController.DisplayMode
    var preferredSplitBehavior: SplitViewController.SplitBehavior
    var presentsWithGesture: Bool
    var minimumPrimary: Double
    var minimumSupplementary: Double
    var minimumSecondary: Double
}

/// The resolved mode and behavior, and the rules that produced them (for `explain()`).
///
/// A result, fixed once the rules made it: its fields are `let`.
struct Resolution: Hashable, Sendable {
    let displayMode: SplitViewController.DisplayMode
    let splitBehavior: SplitViewController.SplitBehavior
    let behaviorRule: BehaviorRule
    let modeRule: ModeRule
    /// How many columns tile beside the secondary's minimum at this width: 0, 1 or 2.
    let tiledLevelThatFits: Int

    enum BehaviorRule: Hashable, Sendable {
        /// `preferredSplitBehavior` was set.
        case preferred
        /// `.automatic`, and the preferred mode belongs to one behavior only.
        case preferredModeFamily
        /// `.automatic`: tile because at least one column fits beside the secondary.
        case widthAllowsTiling
        /// `.automatic`: overlay because no column fits beside the secondary.
        case widthTooNarrowToTile
        /// `presentsWithGesture == false`: the preferred columns show over the secondary
        /// because they cannot tile and nothing else could reveal them.
        case strictPreference
    }

    enum ModeRule: Hashable, Sendable {
        /// `preferredDisplayMode` was `.automatic`: as many columns as fit (tile), none
        /// (overlay), or one (displace).
        case automatic
        /// The preferred mode, or its equivalent under this behavior, fits.
        case preferred
        /// The preferred mode asked for more columns than fit; it dropped to the largest that
        /// fits.
        case droppedForSpace(from: SplitViewController.DisplayMode)
        /// Under an automatic overlay a tiling preference shows no column until asked.
        case overlayWaitsForRequest
    }
}

/// The display-mode rules of <doc:DisplayModes>, as pure functions.
enum DisplayModeResolution {
    /// The most columns the style can show beside the secondary: 2 (triple) or 1.
    static func levelCap(_ style: SplitViewController.Style) -> Int { style.levelCap }

    /// How many columns tile beside the secondary at their minimum widths: 0, 1 or 2.
    static func tiledLevelThatFits(_ input: ResolutionInput) -> Int {
        if input.style.hasSupplementary, tilingWidth(level: 2, input) <= input.availableWidth { return 2 }
        return tilingWidth(level: 1, input) <= input.availableWidth ? 1 : 0
    }

    /// The width `level` columns beside the secondary take at their minimums, with the
    /// divider between two of them (the one at the secondary's side not counted).
    static func besideMinimum(level: Int, _ input: ResolutionInput) -> Double {
        switch level {
        case 2: input.minimumPrimary + input.minimumSupplementary + LayoutMetrics.dividerWidth
        case 1: input.minimumBeside
        default: 0
        }
    }

    /// The width that `level` columns and the secondary need to tile at their minimums, with a
    /// divider after each column.
    static func tilingWidth(level: Int, _ input: ResolutionInput) -> Double {
        let divider = level > 0 ? LayoutMetrics.dividerWidth : 0
        return besideMinimum(level: level, input) + divider + input.minimumSecondary
    }

    /// True when `level` columns fit over the secondary at their minimum widths and leave the
    /// dismiss margin of the secondary visible (as the layout keeps it).
    static func overlayFits(level: Int, _ input: ResolutionInput) -> Bool {
        level == 0 || besideMinimum(level: level, input) <= input.availableWidth - LayoutMetrics.dismissMargin
    }

    /// True when the primary and supplementary tile at their minimums with their two dividers
    /// and leave the dismiss margin of the displaced secondary visible.
    static func displaceFits(_ input: ResolutionInput) -> Bool {
        besideMinimum(level: 2, input) + LayoutMetrics.dividerWidth <= input.availableWidth - LayoutMetrics.dismissMargin
    }

    /// The behavior and mode for these preferences at this width.
    ///
    /// Behavior: the preferred one; else, when `.automatic`, the family of the preferred mode
    /// (an over-mode means `.overlay`, `twoDisplaceSecondary` means `.displace`); else `.tile`
    /// when at least one column fits beside the secondary's minimum, `.overlay` otherwise.
    ///
    /// Mode: the preferred mode's level (columns beside the secondary) in that behavior,
    /// capped by the style. Under `.tile` and `.displace` the level drops to what fits. Under
    /// an overlay chosen for a narrow window, a tiling or automatic preference shows no column
    /// until the user asks. `.automatic` means as many as tile under `.tile`, none under
    /// `.overlay`, and one under `.displace`.
    ///
    /// `presentsWithGesture == false` (strict): a tiling preference that does not fit shows its
    /// columns over the secondary instead of hiding them, since no button or gesture could
    /// bring them back — unless `preferredSplitBehavior` forbids overlaying.
    static func resolved(_ input: ResolutionInput) -> Resolution {
        let fits = tiledLevelThatFits(input)
        let preferred = input.preferredDisplayMode
        let wanted = preferred == .automatic ? nil : min(preferred.level, input.style.levelCap)

        let behavior: SplitViewController.SplitBehavior
        let behaviorRule: Resolution.BehaviorRule
        if input.preferredSplitBehavior != .automatic {
            (behavior, behaviorRule) = (input.preferredSplitBehavior, .preferred)
        } else if let family = preferred.family, family != .tile {
            (behavior, behaviorRule) = (family, .preferredModeFamily)
        } else if let wanted, wanted > fits, !input.presentsWithGesture, overlayFits(level: wanted, input) {
            return Resolution(
                displayMode: .mode(level: wanted, in: .overlay)!, splitBehavior: .overlay,
                behaviorRule: .strictPreference, modeRule: .preferred, tiledLevelThatFits: fits)
        } else if fits >= 1 {
            (behavior, behaviorRule) = (.tile, .widthAllowsTiling)
        } else {
            (behavior, behaviorRule) = (.overlay, .widthTooNarrowToTile)
        }

        let (level, modeRule) = resolvedLevel(
            wanted: wanted, preferred: preferred, behavior: behavior,
            behaviorRule: behaviorRule, fits: fits, input)
        return Resolution(
            displayMode: .mode(level: level, in: behavior)!, splitBehavior: behavior,
            behaviorRule: behaviorRule, modeRule: modeRule, tiledLevelThatFits: fits)
    }

    private static func resolvedLevel(
        wanted: Int?, preferred: SplitViewController.DisplayMode,
        behavior: SplitViewController.SplitBehavior,
        behaviorRule: Resolution.BehaviorRule, fits: Int,
        _ input: ResolutionInput
    ) -> (Int, Resolution.ModeRule) {
        let cap = input.style.levelCap
        guard let wanted else {
            switch behavior {
            case .overlay: return (0, .automatic)
            case .displace: return (min(1, fits), .automatic)
            default: return (min(fits, cap), .automatic)
            }
        }
        var level = wanted
        switch behavior {
        case .overlay:
            if behaviorRule == .widthTooNarrowToTile && preferred.family != .overlay {
                return (0, wanted == 0 ? .preferred : .overlayWaitsForRequest)
            }
            while level > 0 && !overlayFits(level: level, input) { level -= 1 }
        case .displace:
            if level == 2 && !displaceFits(input) { level = 1 }
            if level == 1 && fits < 1 { level = 0 }
        default:
            level = min(level, fits)
        }
        let mode = SplitViewController.DisplayMode.mode(level: wanted, in: behavior)!
        return (level, level == wanted ? .preferred : .droppedForSpace(from: mode))
    }
}

extension ResolutionInput {
    /// The minimum of the column that shows beside the secondary at level 1: the
    /// supplementary (triple) or the primary.
    var minimumBeside: Double { style.hasSupplementary ? minimumSupplementary : minimumPrimary }
}
