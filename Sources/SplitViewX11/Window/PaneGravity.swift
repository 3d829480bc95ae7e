import CX11

/// A pane window's bit gravity, chosen at each move or resize: what the server does with the
/// pane's pixels when its size changes.
///
/// Decided: a pane resized with its top-left corner in place keeps its pixels (`NorthWest`):
/// what it shows is laid out from that corner, the server only exposes the strip it grew by,
/// and the frame copies only what changed (``Canvas/draw(_:)``). A pane whose corner moves
/// (the pane right of a dragged divider, a column sliding in) forgets them (`Forget`): the
/// frame copies it whole from the pixmap anyway, and kept pixels would cost the server a
/// copy of the whole pane to its new place first. The gravity is changed only when the kind
/// of change does, so a drag sends no request for it after its first step.
enum PaneGravity {
    /// True when a pane placed at `old` and now at `new` keeps its pixels: it was shown
    /// already and its top-left corner stays.
    static func keepsPixels(from old: PixelRect?, to new: PixelRect, shown: Bool) -> Bool {
        guard shown, let old else { return false }
        return old.x == new.x && old.y == new.y
    }

    /// Gives `window`, about to be placed at `new`, the gravity ``keepsPixels(from:to:shown:)``
    /// says, when it is not the one it has (`current`, which is updated); returns whether the
    /// pane keeps its pixels.
    static func update(
        _ window: Window, from old: PixelRect?, to new: PixelRect, shown: Bool, current: inout Bool,
        on display: OpaquePointer
    ) -> Bool {
        let keeps = keepsPixels(from: old, to: new, shown: shown)
        guard keeps != current else { return keeps }
        var attributes = XSetWindowAttributes()
        attributes.bit_gravity = keeps ? NorthWestGravity : ForgetGravity
        XChangeWindowAttributes(display, window, UInt(CWBitGravity), &attributes)
        current = keeps
        return keeps
    }
}
