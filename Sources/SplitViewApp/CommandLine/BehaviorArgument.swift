import ArgumentParser
import SplitView

/// `--behavior automatic|tile|overlay|displace`.
enum BehaviorArgument: String, ListedChoices {
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
