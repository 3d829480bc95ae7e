import ArgumentParser
import SplitView

/// `--display-mode`: the short names, or UIKit's (`twoBesideSecondary`, and the legacy
/// `primaryHidden`, `allVisible`, `primaryOverlay`), in any case.
enum DisplayModeArgument: String, ListedChoices {
    case automatic
    case secondaryOnly = "secondary-only"
    case oneBeside = "one-beside"
    case oneOver = "one-over"
    case twoBeside = "two-beside"
    case twoOver = "two-over"
    case twoDisplace = "two-displace"

    init?(argument: String) {
        let wanted = argument.lowercased()
        guard let match = Self.allCases.first(where: { $0.rawValue == wanted || $0.uikitNames.contains(wanted) }) else {
            return nil
        }
        self = match
    }

    /// UIKit's names for the mode, lower-cased.
    var uikitNames: [String] {
        switch self {
        case .automatic: []
        case .secondaryOnly: ["secondaryonly", "primaryhidden"]
        case .oneBeside: ["onebesidesecondary", "allvisible"]
        case .oneOver: ["oneoversecondary", "primaryoverlay"]
        case .twoBeside: ["twobesidesecondary"]
        case .twoOver: ["twooversecondary"]
        case .twoDisplace: ["twodisplacesecondary"]
        }
    }

    var displayMode: SplitViewController.DisplayMode {
        switch self {
        case .automatic: .automatic
        case .secondaryOnly: .secondaryOnly
        case .oneBeside: .oneBesideSecondary
        case .oneOver: .oneOverSecondary
        case .twoBeside: .twoBesideSecondary
        case .twoOver: .twoOverSecondary
        case .twoDisplace: .twoDisplaceSecondary
        }
    }
}
