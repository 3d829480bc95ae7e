/// One pane of a ``StackSplitViewController``: a view controller, and how it shares the
/// stack's space with the others.
///
/// Mirrors AppKit's `NSSplitViewItem`: ``minimumThickness``, ``maximumThickness``,
/// ``preferredThicknessFraction``, ``holdingPriority``, ``canCollapse`` and ``isCollapsed``.
/// Thickness is the item's extent along the stack's axis: its width side by side, its height
/// stacked.
///
/// ```swift
/// let terminal = SplitItem(viewController: ForeignContentViewController(command: command))
/// terminal.minimumThickness = 80
/// terminal.preferredThicknessFraction = 0.3
/// terminal.canCollapse = true
/// ```
public final class SplitItem {
    /// What the item shows: any view controller, another stack included.
    public let viewController: ViewController

    /// The smallest thickness in points (0 by default); negative and NaN values are ignored.
    public var minimumThickness: Double = 0 {
        didSet { if !(minimumThickness.isFinite && minimumThickness >= 0) { minimumThickness = oldValue } else { changed() } }
    }

    /// The largest thickness in points (infinite by default: no maximum); values below 0 and
    /// NaN are ignored. A maximum below the minimum counts as the minimum.
    public var maximumThickness: Double = .infinity {
        didSet { if maximumThickness.isNaN || maximumThickness < 0 { maximumThickness = oldValue } else { changed() } }
    }

    /// The share of the stack the item takes at first (0…1, clamped; NaN ignored); nil (the
    /// default) shares what the others leave equally.
    public var preferredThicknessFraction: Double? {
        didSet {
            if let value = preferredThicknessFraction {
                if value.isNaN {
                    preferredThicknessFraction = oldValue
                } else if !(0...1).contains(value) {
                    preferredThicknessFraction = min(max(value, 0), 1)
                }
            }
            changed()
        }
    }

    /// How firmly the item holds its thickness when the stack's space changes: lower gives way
    /// first (``defaultHoldingPriority`` by default). NaN is ignored.
    public var holdingPriority: Double = SplitItem.defaultHoldingPriority {
        didSet { if holdingPriority.isNaN { holdingPriority = oldValue } else { changed() } }
    }

    /// AppKit's `NSLayoutConstraint.Priority.defaultLow`: 250.
    public static let defaultHoldingPriority = 250.0

    /// Whether the user can collapse the item (a double-click on the divider beside it, its
    /// View menu command). The app can collapse any item through ``isCollapsed``.
    public var canCollapse = false

    /// Whether the item is collapsed: it takes no space and its divider goes. Setting it
    /// animates when the split view animates transitions (reduce motion off), and moves the
    /// keyboard focus out of the item first.
    public var isCollapsed: Bool {
        get { collapsed }
        set { stack?.setCollapsed(self, newValue) ?? { collapsed = newValue }() }
    }

    /// The collapsed state itself, as it is at the end of any animation.
    var collapsed = false

    /// The thickness the item keeps: given at the stack's first layout, then what the user
    /// dragged it to; nil before. The space that changes later goes by holding priority.
    var thickness: Double?

    /// The stack the item is in.
    weak var stack: StackSplitViewController?

    /// Creates an item showing `viewController`, with no minimum, no maximum, an equal share
    /// and the default holding priority.
    public init(viewController: ViewController) {
        self.viewController = viewController
    }

    /// The item as the rules see it.
    var rulesItem: StackSplitRules.Item {
        StackSplitRules.Item(
            minimum: minimumThickness, maximum: maximumThickness, priority: holdingPriority, thickness: thickness,
            fraction: preferredThicknessFraction, isCollapsed: collapsed)
    }

    private func changed() {
        stack?.setNeedsDisplay()
    }
}
