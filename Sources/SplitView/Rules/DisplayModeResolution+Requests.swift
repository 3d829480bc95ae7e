/// The rules a request for a mode meets once the preferences are resolved: whether a mode fits
/// the width, the overlay a tiling request turns into when its columns cannot tile, the mode a
/// request would show, and the behavior a shown mode implies. Pure, like the resolution.
extension DisplayModeResolution {
    typealias DisplayMode = SplitViewController.DisplayMode
    typealias SplitBehavior = SplitViewController.SplitBehavior

    /// True when `mode` can show with `input`: its columns tile (as `resolved` found), lie over
    /// the secondary, or displace it within their minimums; never beyond the style's level cap.
    static func fits(_ mode: DisplayMode, _ input: ResolutionInput, _ resolved: Resolution) -> Bool {
        guard mode != .automatic, mode.level <= input.style.levelCap else { return false }
        switch mode.family {
        case .overlay: return overlayFits(level: mode.level, input)
        case .displace: return displaceFits(input)
        case .tile: return mode.level <= resolved.tiledLevelThatFits
        default: return true
        }
    }

    /// UIKit (measured): a tiling mode asked for while its columns cannot tile shows them over
    /// the secondary, when the behavior is automatic and the overlay fits; nil otherwise.
    static func overlayForUnfittingTiles(
        _ request: DisplayMode, _ input: ResolutionInput, _ resolved: Resolution
    )
        -> DisplayMode?
    {
        let level = min(request.level, input.style.levelCap)
        guard input.preferredSplitBehavior == .automatic, request.family == .tile,
            resolved.displayMode.level < level
        else { return nil }
        let overlay = DisplayMode.mode(level: level, in: .overlay)!
        return fits(overlay, input, resolved) ? overlay : nil
    }

    /// The mode a request for `target` would show, without making it: an over-mode if it
    /// fits (else `showing` stays), a tiling mode as the resolution with `target` preferred
    /// would resolve it, or its overlay. Before the first resolution, `target` itself.
    static func predictedMode(
        for target: DisplayMode, _ input: ResolutionInput, resolved: Resolution?,
        showing: DisplayMode
    ) -> DisplayMode {
        guard let resolved else { return target }
        if target.family == .overlay { return fits(target, input, resolved) ? target : showing }
        var preferring = input
        preferring.preferredDisplayMode = target
        let wouldResolve = self.resolved(preferring)
        return overlayForUnfittingTiles(target, input, wouldResolve) ?? wouldResolve.displayMode
    }

    /// The behavior a shown mode implies: its family, or `base` for `secondaryOnly`;
    /// `oneBesideSecondary` belongs to displace too, so a displace base keeps it.
    static func behavior(of mode: DisplayMode, base: SplitBehavior) -> SplitBehavior {
        guard let family = mode.family else { return base }
        return family == .tile && base == .displace && mode == .oneBesideSecondary ? .displace : family
    }
}
