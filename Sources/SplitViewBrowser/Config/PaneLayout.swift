import SplitView

/// A column's content as the config's `"layout"` entry describes it: the column's own content
/// (`"content"`), a program (`"program"`), or a split of items along an axis, nested to any
/// depth.
///
/// ```json
/// "layout": {
///   "secondary": {"axis": "vertical", "items": [
///     {"content": "file"},
///     {"program": "xterm -into {}", "fraction": 0.3, "min": 80, "canCollapse": true}
///   ]}
/// }
/// ```
///
/// Decided: a column's layout may hold that column's own content only (`folders` in the
/// primary, `files` in the supplementary, `file` in the secondary, `details` in the
/// inspector), exactly once — added first when the layout leaves it out — since a content moved
/// elsewhere would leave its column empty. Programs may go anywhere.
public indirect enum PaneLayout: Equatable, Sendable {
    /// The column's own content.
    case content
    /// A program in a pane of its own, with the words and placeholders of `--secondary`.
    case program(ProgramCommand)
    /// Items along an axis.
    case split(StackSplitViewController.Axis, [Item])

    /// One item of a split, with what the config says of its size.
    public struct Item: Equatable, Sendable {
        /// What the item shows.
        public var layout: PaneLayout
        /// Its preferred share of the split (0…1).
        public var fraction: Double?
        /// Its minimum thickness, in points.
        public var minimum: Double?
        /// Its maximum thickness, in points.
        public var maximum: Double?
        /// Whether the user may collapse it.
        public var canCollapse = false

        /// Creates an item.
        public init(
            _ layout: PaneLayout, fraction: Double? = nil, minimum: Double? = nil, maximum: Double? = nil,
            canCollapse: Bool = false
        ) {
            self.layout = layout
            self.fraction = fraction
            self.minimum = minimum
            self.maximum = maximum
            self.canCollapse = canCollapse
        }
    }

    /// The names of the columns' own contents, as the config writes them.
    static let contentNames: [SplitViewController.Column: String] = [
        .primary: "folders", .supplementary: "files", .secondary: "file", .inspector: "details",
    ]

    /// The view controller this layout describes, with `content` as the column's own, and the
    /// programs it made.
    func build(content: ViewController) -> (ViewController, [ForeignContentViewController]) {
        switch self {
        case .content:
            return (content, [])
        case .program(let command):
            let program = ForeignContentViewController(command: command)
            return (program, [program])
        case .split(let axis, let items):
            var programs: [ForeignContentViewController] = []
            let stack = StackSplitViewController(axis: axis)
            for item in items {
                let (vc, made) = item.layout.build(content: content)
                programs += made
                let splitItem = SplitItem(viewController: vc)
                splitItem.preferredThicknessFraction = item.fraction
                if let minimum = item.minimum { splitItem.minimumThickness = minimum }
                if let maximum = item.maximum { splitItem.maximumThickness = maximum }
                splitItem.canCollapse = item.canCollapse
                stack.addSplitItem(splitItem)
            }
            // The keys start in the column's own content.
            if let path = stack.visibleLeafPaths.first(where: { !(stack.viewController(at: $0) is ForeignContentViewController) })
            {
                stack.focusLeaf(at: path)
            }
            return (stack, programs)
        }
    }

    /// True when the layout holds the column's own content somewhere.
    var holdsContent: Bool {
        switch self {
        case .content: true
        case .program: false
        case .split(_, let items): items.contains { $0.layout.holdsContent }
        }
    }
}
