extension SplitViewController {
    /// A short text naming the rules that produced the current collapse state, behavior and
    /// display mode, with the widths they compared.
    ///
    /// ```
    /// tripleColumn 900×700: expanded (collapses below 600 pt)
    /// splitBehavior tile: preferred automatic; 1 column fits beside the secondary
    /// displayMode oneBesideSecondary: preferred twoBesideSecondary needs 946 pt, has 900; dropped to what fits
    /// ```
    public func explain() -> String {
        guard let size else { return "\(style): no size yet; displayMode reads \(displayMode) until the first resize" }
        var lines = ["\(style) \(size): " + collapseLine(width: size.width)]
        if isCollapsed {
            lines.append(
                "stack \(collapse.stack.map(\.name).joined(separator: " > ")); displayMode reads oneBesideSecondary, splitBehavior tile"
            )
        } else if let resolution = modes.resolution {
            lines.append("splitBehavior \(splitBehavior): " + behaviorLine(resolution))
            lines.append("displayMode \(displayMode): " + modeLine(resolution, width: size.width))
        }
        if modes.inspectorShown {
            let how = layout.placement(of: .inspector).map { "\($0.presentation)" } ?? "pending"
            lines.append("inspector shown (\(how))")
        }
        return lines.joined(separator: "\n")
    }

    private func collapseLine(width: Double) -> String {
        if isCollapsed {
            return
                "collapsed (width below \(formatted(collapseThreshold)) pt; expands at \(formatted(collapseThreshold + CollapsePolicy.hysteresis)) pt)"
        }
        return "expanded (collapses below \(formatted(collapseThreshold)) pt)"
    }

    private func behaviorLine(_ resolution: Resolution) -> String {
        if let temporary = modes.temporary, temporary.family != nil,
            behavior(of: temporary, base: resolution.splitBehavior) != resolution.splitBehavior
        {
            return "\(temporary) was asked for while its columns cannot tile (resolved behavior: \(resolution.splitBehavior))"
        }
        let fits = resolution.tiledLevelThatFits
        switch resolution.behaviorRule {
        case .preferred: return "preferred \(modes.preferences.splitBehavior)"
        case .preferredModeFamily:
            return "preferred automatic; preferred mode \(modes.preferences.displayMode) belongs to \(resolution.splitBehavior)"
        case .widthAllowsTiling:
            return "preferred automatic; \(fits) column\(fits == 1 ? "" : "s") fit\(fits == 1 ? "s" : "") beside the secondary"
        case .widthTooNarrowToTile:
            return "preferred automatic; no column fits beside the secondary (needs \(formatted(tilingWidth(level: 1))) pt)"
        case .strictPreference:
            return
                "presentsWithGesture is false: preferred \(modes.preferences.displayMode) shows over the secondary rather than hide"
        }
    }

    private func modeLine(_ resolution: Resolution, width: Double) -> String {
        if modes.temporary != nil {
            return "shown on request over the resolved \(resolution.displayMode), until the width changes the resolution"
        }
        switch resolution.modeRule {
        case .automatic:
            let needs =
                style.hasSupplementary
                ? "three columns need \(formatted(tilingWidth(level: 2))) pt, two \(formatted(tilingWidth(level: 1)))"
                : "two columns need \(formatted(tilingWidth(level: 1))) pt"
            return "preferred automatic under \(resolution.splitBehavior) (\(needs), has \(formatted(width)))"
        case .preferred:
            return "preferred \(modes.preferences.displayMode)"
        case .droppedForSpace(let wanted):
            return
                "preferred \(wanted) needs \(formatted(tilingWidth(level: wanted.level))) pt, has \(formatted(width)); dropped to what fits"
        case .overlayWaitsForRequest:
            return
                "narrow window: preferred \(modes.preferences.displayMode) shows no column over the secondary until asked (button, F9, gesture)"
        }
    }

    /// The window width at which `level` columns tile beside the secondary at their minimums:
    /// the resolution's own rule, plus what a tiled inspector takes of the window.
    private func tilingWidth(level: Int) -> Double {
        let input = resolutionInput()
        let inspector = (size?.width ?? 0) - input.availableWidth
        return DisplayModeResolution.tilingWidth(level: level, input) + inspector
    }
}
