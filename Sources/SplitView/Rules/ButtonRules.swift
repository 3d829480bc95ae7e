/// The navigation-bar buttons of <doc:DisplayModeButton>: which exist, what they do, and where they sit.
enum ButtonRules {
    typealias Mode = SplitViewController.DisplayMode
    typealias Behavior = SplitViewController.SplitBehavior

    /// The mode a display-mode button tap goes to in a column style, or `nil` where UIKit
    /// shows no button.
    ///
    /// UIKit's documented rows: tile double toggles `secondaryOnly` ↔ `oneBesideSecondary`;
    /// tile triple toggles `oneBesideSecondary` ↔ `twoBesideSecondary` and has no button in
    /// `secondaryOnly`; overlay goes `secondaryOnly` → `oneOverSecondary` → (triple)
    /// `twoOverSecondary`, which has no button; displace triple goes `oneBesideSecondary` →
    /// `twoDisplaceSecondary`, which has no button.
    ///
    /// Decided where UIKit is silent:
    /// - overlay, double, `oneOverSecondary` → `secondaryOnly`: the button toggles, as the
    ///   tile double button does (a tap on the dimmed secondary does the same);
    /// - displace, any style, `secondaryOnly` → `oneBesideSecondary`: the first step of the
    ///   displace ladder, as `secondaryOnly` → `oneOverSecondary` is for overlay;
    /// - displace, double, `oneBesideSecondary` → `secondaryOnly`: a double column has no
    ///   second step, so the button toggles back.
    static func displayModeTarget(style: SplitViewController.Style, behavior: Behavior, mode: Mode) -> Mode? {
        let triple = style.hasSupplementary
        switch (behavior, mode) {
        case (.tile, .secondaryOnly): return triple ? nil : .oneBesideSecondary
        case (.tile, .oneBesideSecondary): return triple ? .twoBesideSecondary : .secondaryOnly
        case (.tile, .twoBesideSecondary): return .oneBesideSecondary
        case (.overlay, .secondaryOnly): return .oneOverSecondary
        case (.overlay, .oneOverSecondary): return triple ? .twoOverSecondary : .secondaryOnly
        case (.displace, .secondaryOnly): return .oneBesideSecondary
        case (.displace, .oneBesideSecondary): return triple ? .twoDisplaceSecondary : .secondaryOnly
        default: return nil  // twoOverSecondary, twoDisplaceSecondary: dismissed by a tap on the dimmed secondary
        }
    }

    /// The classic style's default target (the delegate returned `.automatic`): a window
    /// wide enough to tile toggles hidden ↔ all visible; a narrow one hidden ↔ overlay.
    static func classicTarget(behavior: Behavior, mode: Mode) -> Mode {
        if behavior == .tile { return mode == .secondaryOnly ? .oneBesideSecondary : .secondaryOnly }
        return mode == .secondaryOnly ? .oneOverSecondary : .secondaryOnly
    }

    /// The glyph: the sidebar under `.tile`, the back chevron under `.overlay` and `.displace`;
    /// classic style draws full-screen arrows when the tap would hide the primary, else the
    /// chevron.
    static func displayModeIcon(style: SplitViewController.Style, behavior: Behavior, target: Mode) -> BarButton.Icon {
        if style.isClassic { return target == .secondaryOnly ? .fullScreen : .backChevron }
        return behavior == .tile ? .sidebar : .backChevron
    }

    /// The column whose bar holds the display-mode button: the showing column nearest the
    /// primary edge (overlaid columns included); the secondary's bar in the classic style,
    /// where apps put `displayModeButtonItem`.
    static func displayModeButtonColumn(style: SplitViewController.Style, layout: Layout) -> SplitViewController.Column {
        if style.isClassic { return .secondary }
        for column in [SplitViewController.Column.primary, .supplementary] where layout.frame(of: column) != nil {
            return column
        }
        return .secondary
    }

    /// Places the buttons of each column's bar, leading first (from the primary edge), and
    /// mirrors them for a trailing primary edge. The result is grouped by column, columns in
    /// the order they first appear in `buttons`. Decided: in a bar too narrow for all of them,
    /// the buttons that do not fit are left out, the last ones first (the first button of a
    /// bar always stays, so that a narrow column keeps its way back).
    ///
    /// - Parameters:
    ///   - buttons: every bar's buttons without frames; a column's buttons are placed in the
    ///     order given.
    ///   - layout: the layout whose bars they go in.
    ///   - primaryEdge: the edge the primary is on.
    ///   - titleWidth: sizes a button that carries a title.
    /// - Returns: the buttons that fit, with their frames.
    static func placed(
        _ buttons: [BarButton], in layout: Layout,
        primaryEdge: SplitViewController.PrimaryEdge, titleWidth: (String) -> Double
    ) -> [BarButton] {
        var result: [BarButton] = []
        result.reserveCapacity(buttons.count)
        var done = ColumnSet()
        // A handful of buttons: one pass per column, without building a list per column.
        for first in buttons where !done.contains(first.column) {
            let column = first.column
            done.insert(ColumnSet(column))
            guard let frame = layout.frame(of: column) else { continue }
            let logical = primaryEdge == .trailing ? frame.mirrored(inWidth: layout.size.width) : frame
            var x = logical.minX + ButtonMetrics.margin
            // An app's right items from the far edge inward, the first outermost.
            var farX = logical.maxX - ButtonMetrics.margin
            for var button in buttons where button.column == column {
                var width = ButtonMetrics.size
                if button.icon == .none {
                    width = min(
                        titleWidth(button.title) + 2 * ButtonMetrics.titlePadding,
                        max(ButtonMetrics.size, logical.width * 0.4))
                } else if !button.title.isEmpty {
                    width = min(
                        ButtonMetrics.size + titleWidth(button.title) + ButtonMetrics.titlePadding,
                        max(ButtonMetrics.size, logical.width * 0.4))
                }
                // A button that does not fit in its bar (a very narrow column) is left out,
                // rather than drawn over the column's edge or over the other side's buttons.
                let left: Double
                if button.isOnFarSide {
                    left = farX - width
                    guard left >= x else { continue }
                    farX = left - ButtonMetrics.spacing
                } else {
                    left = x
                    guard left + width <= logical.maxX - ButtonMetrics.margin || left == logical.minX + ButtonMetrics.margin
                    else { continue }
                    x += width + ButtonMetrics.spacing
                }
                let rect = Rect(x: left, y: logical.minY + ButtonMetrics.top, width: width, height: ButtonMetrics.size)
                button.frame = primaryEdge == .trailing ? rect.mirrored(inWidth: layout.size.width) : rect
                result.append(button)
            }
        }
        return result
    }
}

/// Sizes of the navigation-bar buttons, in points.
public enum ButtonMetrics {
    /// A button's height, and the width of an icon-only button.
    public static let size: Double = 28
    /// From the bar's top to a button's top.
    public static let top: Double = 5
    /// From the column's edge to the first button.
    public static let margin: Double = 8
    /// Between two buttons.
    public static let spacing: Double = 4
    /// After a back button's title.
    public static let titlePadding: Double = 8
}
