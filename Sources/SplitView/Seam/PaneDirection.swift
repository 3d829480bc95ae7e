/// A direction on screen from a pane: where ``Command/focusPane(_:)`` and
/// ``Command/swapPane(_:)`` look for the neighbour (tmux's `select-pane -L/-R/-U/-D`, i3's
/// `focus left`).
public enum PaneDirection: String, Hashable, Sendable, CaseIterable, Codable {
    /// Towards the window's left edge.
    case left
    /// Towards the window's right edge.
    case right
    /// Towards the window's top edge.
    case up
    /// Towards the window's bottom edge.
    case down

    /// The axis the direction runs along: left and right side by side (horizontal), up and
    /// down stacked (vertical).
    public var axis: StackSplitViewController.Axis {
        switch self {
        case .left, .right: .horizontal
        case .up, .down: .vertical
        }
    }

    /// True for right and down: towards the end of a stack's axis.
    public var isTowardsEnd: Bool { self == .right || self == .down }
}

/// Where on a pane another pane is dropped (``SplitViewController/movePane(_:onto:zone:)``):
/// a half of it, which splits it there, or its centre, which swaps the two.
public enum PaneDropZone: String, Hashable, Sendable, CaseIterable, Codable {
    /// The left half: the pane moved goes before it, side by side.
    case left
    /// The right half: after it, side by side.
    case right
    /// The top half: above it, stacked.
    case top
    /// The bottom half: below it, stacked.
    case bottom
    /// The middle: the two panes swap places.
    case center
}
