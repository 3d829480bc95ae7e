/// A press on a pane's bar (``SplitViewController/paneBarFrame(of:)``) and the drag of the
/// pane it may become: which pane, where the press was, whether the pointer has travelled past
/// ``SplitViewController/paneDragThreshold``, and the drop target under it at the last move.
struct PaneDrag: Hashable, Sendable {
    /// Where a pane dragged in is dropped: the pane under the pointer and the zone of it.
    struct Target: Hashable, Sendable {
        /// The pane dropped on.
        var pane: ObjectIdentifier
        /// Its part under the pointer.
        var zone: PaneDropZone
    }

    /// The pane pressed (and dragged).
    let pane: ObjectIdentifier
    /// Where the press was, in window coordinates.
    let start: Point
    /// True once the pointer travelled past the threshold; it stays true.
    private(set) var began = false
    /// The drop target at the last move; nil over no pane, over the dragged pane itself, or
    /// where the pane could not go.
    private(set) var target: Target?

    /// A press on `pane`'s bar at `start`: no drag until it moves past the threshold.
    init(pane: ObjectIdentifier, start: Point) {
        self.pane = pane
        self.start = start
    }

    /// The pointer moved to `point`: past `threshold` from the press (along either axis) the
    /// drag begins. False while it has not begun.
    mutating func follow(to point: Point, threshold: Double) -> Bool {
        if !began {
            guard abs(point.x - start.x) >= threshold || abs(point.y - start.y) >= threshold else { return false }
            began = true
        }
        return true
    }

    /// The drop target under the pointer now.
    mutating func hover(over target: Target?) {
        self.target = target
    }
}
