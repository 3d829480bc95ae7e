/// Where a request goes: the mode nearest the current one that shows or hides a column, the
/// mode a tap on the dimmed secondary dismisses to, and the targets of the two bar buttons,
/// as pure functions of the style, the mode shown and the behavior (<doc:DisplayModes>,
/// <doc:DisplayModeButton>).
enum ModeRules {
    typealias Mode = SplitViewController.DisplayMode
    typealias Behavior = SplitViewController.SplitBehavior
    typealias Column = SplitViewController.Column

    /// The mode closest to `current` (in columns beside the secondary) that shows `column`
    /// under `behavior`, or nil when no mode does (the secondary, the inspector, a column the
    /// style lacks).
    static func nearestMode(
        showing column: Column, style: SplitViewController.Style, current: Mode,
        behavior: Behavior
    ) -> Mode? {
        let levels: [Int] =
            switch column {
            case .primary: style.hasSupplementary ? [2] : [1]
            case .supplementary: style.hasSupplementary ? [1, 2] : []
            default: []
            }
        return nearest(levels, current: current, behavior: behavior)
    }

    /// The mode closest to `current` that hides `column` under `behavior`, or nil.
    static func nearestMode(
        hiding column: Column, style: SplitViewController.Style, current: Mode,
        behavior: Behavior
    ) -> Mode? {
        let levels: [Int] =
            switch column {
            case .primary: style.hasSupplementary ? [0, 1] : [0]
            case .supplementary: style.hasSupplementary ? [0] : []
            default: []
            }
        return nearest(levels, current: current, behavior: behavior)
    }

    /// The level nearest the current one (the lower on a tie), as a mode of `behavior`.
    private static func nearest(_ levels: [Int], current: Mode, behavior: Behavior) -> Mode? {
        let level = current.level
        guard let nearest = levels.min(by: { abs($0 - level) < abs($1 - level) }) else { return nil }
        return Mode.mode(level: nearest, in: behavior)
    }

    /// Where a tap on the dimmed secondary goes: `secondaryOnly` from an over-mode,
    /// `oneBesideSecondary` from `twoDisplaceSecondary`.
    static func dismissTarget(of mode: Mode) -> Mode {
        mode == .twoDisplaceSecondary ? .oneBesideSecondary : .secondaryOnly
    }

    /// The display-mode button's target in an expanded `mode` under `behavior`, or nil where
    /// there is no button.
    ///
    /// `asked` is the delegate's `targetDisplayModeForAction`, read only where a button may
    /// exist (always in the classic style; in a column style where ``ButtonRules`` has a
    /// target). Its answer is taken at its level (columns beside the secondary), capped by the
    /// style: in the classic style within its own family (`.twoBesideSecondary` is
    /// `.allVisible`), in a column style within the current behavior. A button whose tap would
    /// change nothing is not shown, in every style.
    static func displayModeButtonTarget(
        style: SplitViewController.Style, mode: Mode, behavior: Behavior,
        asked: () -> Mode
    ) -> Mode? {
        let cap = style.levelCap
        let target: Mode
        if style.isClassic {
            let answer = asked()
            target =
                answer == .automatic
                ? ButtonRules.classicTarget(behavior: behavior, mode: mode)
                : Mode.mode(level: min(answer.level, cap), in: answer.family ?? behavior)!
        } else {
            guard let rule = ButtonRules.displayModeTarget(style: style, behavior: behavior, mode: mode) else { return nil }
            let answer = asked()
            target = answer == .automatic ? rule : Mode.mode(level: min(answer.level, cap), in: behavior)!
        }
        return target == mode ? nil : target
    }

    /// The mode an edge drag reveals from `current`, or nil when it would reveal nothing.
    ///
    /// UIKit: the gesture "applies the display mode returned by the delegate's
    /// `targetDisplayModeForAction`" and, for `.automatic`, the most appropriate mode. Ours:
    /// `.automatic` reveals every column the style has (level cap); another answer is taken at
    /// its level, capped by the style, within the current behavior (within its own family in
    /// the classic style, as the button does). Decided where UIKit is silent: an edge drag only
    /// ever reveals, so an answer that shows no more columns than `current` begins no drag.
    static func edgeRevealTarget(
        style: SplitViewController.Style, current: Mode, behavior: Behavior,
        asked: Mode
    ) -> Mode? {
        let cap = style.levelCap
        let target: Mode? =
            if asked == .automatic {
                Mode.mode(level: cap, in: behavior)
            } else {
                Mode.mode(level: min(asked.level, cap), in: style.isClassic ? asked.family ?? behavior : behavior)
            }
        guard let target, target.level > current.level else { return nil }
        return target
    }

    /// The secondary-only button's target: `secondaryOnly` from any other mode; from
    /// `secondaryOnly`, the level the button left (`before`, when the style still has it), or
    /// else as many columns as tile (`tiledLevelThatFits`, at least one).
    static func secondaryOnlyButtonTarget(
        style: SplitViewController.Style, mode: Mode, behavior: Behavior,
        before: Mode?, tiledLevelThatFits: Int?
    ) -> Mode {
        guard mode == .secondaryOnly else { return .secondaryOnly }
        if let before, before.level <= style.levelCap {
            return Mode.mode(level: before.level, in: behavior) ?? before
        }
        return Mode.mode(level: max(1, min(tiledLevelThatFits ?? 1, style.levelCap)), in: behavior)!
    }
}
