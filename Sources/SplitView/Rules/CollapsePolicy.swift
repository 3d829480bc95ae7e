/// The collapse policy, apart from the collapse mechanism: when the window's width makes
/// the interface one stack.
public enum CollapsePolicy {
    /// Below this width (points) the interface collapses.
    public static let threshold: Double = 600
    /// A collapsed interface expands only at `threshold + hysteresis`, so that a window
    /// resized around the threshold does not flap.
    public static let hysteresis: Double = 24

    /// True when an interface `width` wide should be collapsed, given whether it is now;
    /// `threshold` is the controller's ``SplitViewController/collapseThreshold``.
    public static func shouldCollapse(width: Double, isCollapsed: Bool, threshold: Double = threshold) -> Bool {
        isCollapsed ? width < threshold + hysteresis : width < threshold
    }
}
