/// A divider being moved by the pointer or the keyboard.
///
/// The drag remembers where it started, so every move sets the width from the start plus the
/// pointer's travel (GtkPaned's `drag_pos`, Qt's `mouseOffset`): grabbing the line off-centre
/// never makes it jump, and Escape restores the start.
struct DividerDrag: Hashable, Sendable {
    /// The divider's name column.
    let divider: SplitViewController.Column
    /// The column it resizes.
    let resizes: SplitViewController.Column
    /// The width when the drag started.
    let startWidth: Double
    /// The user width remembered before the drag (restored by Escape), or `nil`.
    let startUserWidth: Double?
    /// The pointer's x when the drag started (screen points).
    let startX: Double
    /// +1 when moving the divider right widens the column, −1 when it narrows it.
    let direction: Double
}
