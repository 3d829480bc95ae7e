import ArgumentParser
import SplitView

/// What the command line asked for; `nil` where it said nothing, so that the saved state and
/// the config file can fill in (the command line wins over both).
struct LaunchOptions {
    /// The folder or file to open; nil for the saved folder, else the sample library.
    var path: String?
    var style: ColumnStyle?
    var behavior: BehaviorArgument?
    var displayMode: DisplayModeArgument?
    var geometry: Geometry?
    var display: String?
    var theme: ThemeArgument?
    var configPath: String?
    var restores = true
    var reducesMotion = false
    /// The programs the panes host (`--secondary 'xterm -into {}'`), by column.
    var programs: [SplitViewController.Column: ProgramCommand] = [:]
}

/// `--geometry WxH`.
struct Geometry: ExpressibleByArgument, Hashable {
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `1400x900`; both numbers 1…32767 (X's limit).
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...32_767).contains(width), (1...32_767).contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }

    var defaultValueDescription: String { "\(width)x\(height)" }
}

/// `--style double|triple` (the type is the state file's, in AppState.swift).
extension ColumnStyle: ExpressibleByArgument {}

/// `--behavior automatic|tile|overlay|displace`.
enum BehaviorArgument: String, ExpressibleByArgument, CaseIterable {
    case automatic, tile, overlay, displace

    var splitBehavior: SplitViewController.SplitBehavior {
        switch self {
        case .automatic: .automatic
        case .tile: .tile
        case .overlay: .overlay
        case .displace: .displace
        }
    }
}

/// `--display-mode`: the short names, or UIKit's (`twoBesideSecondary`, and the legacy
/// `primaryHidden`, `allVisible`, `primaryOverlay`), in any case.
enum DisplayModeArgument: String, ExpressibleByArgument, CaseIterable {
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

    static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// `--theme light|dark|auto`.
enum ThemeArgument: String, ExpressibleByArgument, CaseIterable {
    case light, dark, auto
}
