/// The layout of an instance, as `splitviewctl tree` prints it: every window, its columns
/// (named as on the command line: `primary`, `supplementary`, `secondary`, `inspector`), and
/// in each the splits and leaves to any depth.
public struct ControlTree: Codable, Hashable, Sendable {
    /// The windows, oldest first.
    public var windows: [Window]

    /// Creates a tree of `windows`.
    public init(windows: [Window]) {
        self.windows = windows
    }

    /// A rectangle in points, in its window's coordinates.
    public struct Frame: Codable, Hashable, Sendable {
        /// The left edge.
        public var x: Double
        /// The top edge.
        public var y: Double
        /// The width.
        public var width: Double
        /// The height.
        public var height: Double

        /// Creates a frame.
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// One top-level window.
    public struct Window: Codable, Hashable, Sendable {
        /// Its id: stable for the window's life, never reused within the instance.
        public var id: Int
        /// Its title.
        public var title: String
        /// Its X window id, when the host knows it.
        public var xWindow: UInt?
        /// Its size in points, at (0, 0).
        public var frame: Frame
        /// Its columns, in the order of ``ControlTree/columnNames``; a column the style lacks
        /// is left out.
        public var columns: [Column]

        /// Creates a window.
        public init(id: Int, title: String, xWindow: UInt?, frame: Frame, columns: [Column]) {
            self.id = id
            self.title = title
            self.xWindow = xWindow
            self.frame = frame
            self.columns = columns
        }
    }

    /// One column of a window.
    public struct Column: Codable, Hashable, Sendable {
        /// `primary`, `supplementary`, `secondary` or `inspector`.
        public var name: String
        /// Whether it shows now.
        public var shown: Bool
        /// Whether it has the keys.
        public var focused: Bool
        /// Where it is, when it shows.
        public var frame: Frame?
        /// What it shows: a split or a leaf.
        public var content: Node

        /// Creates a column.
        public init(name: String, shown: Bool, focused: Bool, frame: Frame?, content: Node) {
            self.name = name
            self.shown = shown
            self.focused = focused
            self.frame = frame
            self.content = content
        }
    }

    /// A split or a leaf.
    ///
    /// `kind` is `split` for a split (with `axis` and `items`), `program` for a hosted program
    /// (with `command`, and `pid` and `xWindow` while it runs), or the column's own content:
    /// `folders`, `files`, `file`, `details` (or `content` for anything else).
    public struct Node: Codable, Hashable, Sendable {
        /// Its id: stable for the pane's life, never reused within the instance.
        public var id: Int
        /// What it is.
        public var kind: String
        /// A split's axis: `vertical` (stacked) or `horizontal` (side by side).
        public var axis: String?
        /// Its preferred share of the split it is in (0…1), when it has one.
        public var fraction: Double?
        /// A program's command line, as given.
        public var command: String?
        /// A program's first process, while it runs.
        public var pid: Int32?
        /// A program's own X window, once it shows one.
        public var xWindow: UInt?
        /// A program's status: `starting`, `running`, `waiting`, `no window` or how it ended.
        public var status: String?
        /// Where it is, while it shows.
        public var frame: Frame?
        /// Whether it has the keys (a leaf), or holds the leaf that has them (a split).
        public var focused: Bool
        /// Whether it is collapsed in its split.
        public var collapsed: Bool
        /// Whether it is zoomed: shown over the whole window, every other pane hidden.
        public var zoomed: Bool
        /// A split's items.
        public var items: [Node]?

        /// Creates a node of `kind`.
        public init(
            id: Int, kind: String, axis: String? = nil, fraction: Double? = nil, command: String? = nil, pid: Int32? = nil,
            xWindow: UInt? = nil, status: String? = nil, frame: Frame? = nil, focused: Bool = false, collapsed: Bool = false,
            zoomed: Bool = false, items: [Node]? = nil
        ) {
            self.id = id
            self.kind = kind
            self.axis = axis
            self.fraction = fraction
            self.command = command
            self.pid = pid
            self.xWindow = xWindow
            self.status = status
            self.frame = frame
            self.focused = focused
            self.collapsed = collapsed
            self.zoomed = zoomed
            self.items = items
        }

        /// This node and every node inside it, depth first.
        public var allNodes: [Node] {
            [self] + (items ?? []).flatMap(\.allNodes)
        }
    }

    /// The columns' names, in their order.
    public static let columnNames = ["primary", "supplementary", "secondary", "inspector"]

    /// Every node of every window, depth first.
    public var allNodes: [Node] {
        windows.flatMap { $0.columns.flatMap(\.content.allNodes) }
    }
}
