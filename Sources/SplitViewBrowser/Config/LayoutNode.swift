import FoundationEssentials
import SplitView

/// One node of the config's `"layout"` as JSON has it, nested to any depth: a split
/// (`axis`, `items`), a column's own content (`content`) or a program (`program`), with what
/// its split says of its size. Written by `splitviewctl layout save` and with the window's
/// state; read back through the config's checks (`ConfigReader`), so that a file or a state
/// written by hand is held to the same rules.
public struct LayoutNode: Codable, Equatable, Sendable {
    /// `vertical` (stacked) or `horizontal` (side by side), for a split.
    public var axis: String?
    /// A split's items.
    public var items: [LayoutNode]?
    /// The column's own content: `folders`, `files`, `file` or `details`.
    public var content: String?
    /// A program's command, with the words and placeholders of `--secondary`.
    public var program: String?
    /// Its preferred share of its split (0…1).
    public var fraction: Double?
    /// Its minimum thickness, in points.
    public var min: Double?
    /// Its maximum thickness, in points.
    public var max: Double?
    /// Whether the user may collapse it (absent: no).
    public var canCollapse: Bool?

    /// An empty node, to be filled in.
    public init() {}
}

extension PaneLayout {
    /// The columns' layouts that `nodes` describe (by column name, as the config's
    /// `"layout"`), held to the config's rules: what breaks one is said in `warnings`, each
    /// line starting with `source`, and that entry is skipped.
    static func read(
        _ nodes: [String: LayoutNode], source: String
    ) -> (
        layout: [SplitViewController.Column: PaneLayout], warnings: [String]
    ) {
        guard !nodes.isEmpty else { return ([:], []) }
        let encoder = JSONEncoder()
        guard let data = try? encoder.encode(nodes), let value = JSONValue.parse(Array(data)) else {
            return ([:], [String(translated: "\(source): the layout cannot be read")])
        }
        var reader = ConfigReader(source: source)
        reader.readLayout(value)
        return (reader.config.layout, reader.warnings)
    }
}
