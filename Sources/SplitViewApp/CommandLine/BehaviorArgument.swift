import ArgumentParser
import SplitView

/// `--behavior automatic|tile|overlay|displace`.
enum BehaviorArgument: String, ExpressibleByArgument, CaseIterable {
    case automatic, tile, overlay, displace

    /// The values `--help` lists: every case's name, worked out here rather than by
    /// ArgumentParser's generic default (see `ChoiceArgumentTests`).
    static var allValueStrings: [String] { allCases.map(\.rawValue) }

    /// None: each value's description is its own name, which ArgumentParser leaves out.
    static var allValueDescriptions: [String: String] { [:] }

    var splitBehavior: SplitViewController.SplitBehavior {
        switch self {
        case .automatic: .automatic
        case .tile: .tile
        case .overlay: .overlay
        case .displace: .displace
        }
    }
}
