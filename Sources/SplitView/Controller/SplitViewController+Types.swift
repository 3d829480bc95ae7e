extension SplitViewController {
    /// The number of columns the interface manages.
    ///
    /// Mirrors `UISplitViewController.Style`.
    public enum Style: Int, Sendable, Codable, CaseIterable, CustomStringConvertible {
        /// The classic interface: a primary and a secondary managed through `viewControllers`,
        /// with the legacy display modes (`allVisible`, `primaryHidden`, `primaryOverlay`).
        case unspecified = 0
        /// Two columns: primary and secondary.
        case doubleColumn = 1
        /// Three columns: primary, supplementary and secondary.
        case tripleColumn = 2

        /// The style's name as UIKit spells it.
        public var description: String {
            switch self {
            case .unspecified: "unspecified"
            case .doubleColumn: "doubleColumn"
            case .tripleColumn: "tripleColumn"
            }
        }
    }

    /// A column of the interface.
    ///
    /// Mirrors `UISplitViewController.Column`. The host names each column's child window with
    /// ``name``.
    public enum Column: Int, Sendable, Codable, CaseIterable, CustomStringConvertible {
        /// The leading column (the sidebar), on the ``PrimaryEdge`` side.
        case primary = 0
        /// The middle column of a triple-column interface.
        case supplementary = 1
        /// The main content column; it takes the width the others leave.
        case secondary = 2
        /// The column shown instead of the others while the interface is collapsed, if set.
        case compact = 3
        /// A column on the far side of the secondary, hidden until ``SplitViewController/show(_:)``.
        case inspector = 4

        /// The lower-case name used for child windows and in `explain()`: `primary`, …
        public var name: String {
            switch self {
            case .primary: "primary"
            case .supplementary: "supplementary"
            case .secondary: "secondary"
            case .compact: "compact"
            case .inspector: "inspector"
            }
        }

        /// Same as ``name``.
        public var description: String { name }
    }

    /// How the columns are arranged.
    ///
    /// Mirrors `UISplitViewController.DisplayMode`, raw values included. The legacy names
    /// share the raw values of their modern equivalents.
    public enum DisplayMode: Int, Sendable, Codable, CaseIterable, CustomStringConvertible {
        /// A preference only: let the controller choose. ``SplitViewController/displayMode``
        /// never returns it.
        case automatic = 0
        /// Only the secondary shows.
        case secondaryOnly = 1
        /// One column tiles beside the secondary: the primary (double) or the supplementary
        /// (triple).
        case oneBesideSecondary = 2
        /// One column lies over the secondary, which is dimmed.
        case oneOverSecondary = 3
        /// Primary and supplementary tile beside the secondary (triple only).
        case twoBesideSecondary = 4
        /// Primary and supplementary lie over the dimmed secondary (triple only).
        case twoOverSecondary = 5
        /// Primary and supplementary tile and push the dimmed secondary partly off the far
        /// edge (triple only).
        case twoDisplaceSecondary = 6

        /// The legacy name of ``secondaryOnly``.
        @available(*, deprecated, renamed: "secondaryOnly")
        public static let primaryHidden = DisplayMode.secondaryOnly
        /// The legacy name of ``oneBesideSecondary``.
        @available(*, deprecated, renamed: "oneBesideSecondary")
        public static let allVisible = DisplayMode.oneBesideSecondary
        /// The legacy name of ``oneOverSecondary``.
        @available(*, deprecated, renamed: "oneOverSecondary")
        public static let primaryOverlay = DisplayMode.oneOverSecondary

        /// How many columns besides the secondary the mode shows: 0, 1 or 2 (0 for `.automatic`).
        public var level: Int {
            switch self {
            case .automatic, .secondaryOnly: 0
            case .oneBesideSecondary, .oneOverSecondary: 1
            case .twoBesideSecondary, .twoOverSecondary, .twoDisplaceSecondary: 2
            }
        }

        /// True for the modes that dim the secondary and make it non-interactive:
        /// `oneOverSecondary`, `twoOverSecondary` and `twoDisplaceSecondary`.
        public var dimsSecondary: Bool {
            self == .oneOverSecondary || self == .twoOverSecondary || self == .twoDisplaceSecondary
        }

        /// The mode's name as UIKit spells it.
        public var description: String {
            switch self {
            case .automatic: "automatic"
            case .secondaryOnly: "secondaryOnly"
            case .oneBesideSecondary: "oneBesideSecondary"
            case .oneOverSecondary: "oneOverSecondary"
            case .twoBesideSecondary: "twoBesideSecondary"
            case .twoOverSecondary: "twoOverSecondary"
            case .twoDisplaceSecondary: "twoDisplaceSecondary"
            }
        }
    }

    /// How the secondary relates to the other columns.
    ///
    /// Mirrors `UISplitViewController.SplitBehavior`.
    public enum SplitBehavior: Int, Sendable, Codable, CaseIterable, CustomStringConvertible {
        /// A preference only: let the controller choose from the width.
        case automatic = 0
        /// Side by side: `secondaryOnly`, `oneBesideSecondary`, `twoBesideSecondary`.
        case tile = 1
        /// Over the secondary: `secondaryOnly`, `oneOverSecondary`, `twoOverSecondary`.
        case overlay = 2
        /// Pushing the secondary: `secondaryOnly`, `oneBesideSecondary`, `twoDisplaceSecondary`.
        case displace = 3

        /// The modes allowed under this behavior, by level (0, 1, 2); empty for `.automatic`.
        ///
        /// The code's only copy of the behaviors table in <doc:DisplayModes>.
        public var allowedModes: [DisplayMode] {
            switch self {
            case .automatic: []
            case .tile: [.secondaryOnly, .oneBesideSecondary, .twoBesideSecondary]
            case .overlay: [.secondaryOnly, .oneOverSecondary, .twoOverSecondary]
            case .displace: [.secondaryOnly, .oneBesideSecondary, .twoDisplaceSecondary]
            }
        }

        /// The behavior's name as UIKit spells it.
        public var description: String {
            switch self {
            case .automatic: "automatic"
            case .tile: "tile"
            case .overlay: "overlay"
            case .displace: "displace"
            }
        }
    }

    /// Whether the display-mode (sidebar) button shows.
    ///
    /// Mirrors `UISplitViewController.DisplayModeButtonVisibility`.
    public enum DisplayModeButtonVisibility: Int, Sendable, Codable, CaseIterable {
        /// Visible exactly when ``SplitViewController/presentsWithGesture`` is true.
        case automatic = 0
        /// Never visible.
        case never = 1
        /// Visible even when `presentsWithGesture` is false, in every mode that has a button.
        case always = 2
    }

    /// The side of the window the primary column sits on.
    ///
    /// Mirrors `UISplitViewController.PrimaryEdge`. `.trailing` mirrors the whole layout:
    /// the primary on the right, the inspector on the left.
    public enum PrimaryEdge: Int, Sendable, Codable, CaseIterable {
        /// The primary on the left.
        case leading = 0
        /// The primary on the right.
        case trailing = 1
    }

    /// The value that asks for the default of a width property.
    ///
    /// Mirrors `UISplitViewController.automaticDimension`: the negated largest `Float`, the
    /// value UIKit uses. The defaults it stands for are in <doc:DefaultNumbers>.
    public static let automaticDimension: Double = -Double(Float.greatestFiniteMagnitude)
}

extension SplitViewController.DisplayMode {
    /// The mode of the given `level` under `behavior`, or `nil` for `.automatic`.
    static func mode(level: Int, in behavior: SplitViewController.SplitBehavior) -> Self? {
        let modes = behavior.allowedModes
        guard !modes.isEmpty else { return nil }
        return modes[min(max(level, 0), modes.count - 1)]
    }

    /// The behavior a mode belongs to when it belongs to only one: over-modes to `.overlay`,
    /// `twoDisplaceSecondary` to `.displace`, beside-modes to `.tile`; `nil` for
    /// `secondaryOnly` and `automatic`, which every behavior allows.
    var family: SplitViewController.SplitBehavior? {
        switch self {
        case .automatic, .secondaryOnly: nil
        case .oneBesideSecondary, .twoBesideSecondary: .tile
        case .oneOverSecondary, .twoOverSecondary: .overlay
        case .twoDisplaceSecondary: .displace
        }
    }
}
