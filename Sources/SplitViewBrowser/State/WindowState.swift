import SplitView

/// One window's part of ``AppState``.
///
/// Only what the app restores is kept. Earlier versions also read the window's position (`x`,
/// `y`) and an `inspector` scroll offset, which nothing ever used: positions are left to the
/// window manager, and the inspector's details are computed afresh each time it shows. A file
/// that still holds them loads as before; the keys are ignored, and the next save leaves them out.
public struct WindowState: Codable, Equatable, Sendable {
    /// The names ``scrollOffsets`` may use: the columns whose offset is restored.
    public static let scrollingColumns: Set<String> = ["primary", "supplementary", "secondary"]
    /// A column name earlier versions accepted in ``scrollOffsets`` and never restored: read and
    /// dropped.
    static let ignoredScrollingColumn = "inspector"

    /// The window's size in pixels.
    public var width: Int
    /// The window's size in pixels.
    public var height: Int
    /// Two columns or three.
    public var style: ColumnStyle
    /// The split view's own state: display mode, dragged widths, inspector, focus.
    public var split: SplitViewState
    /// The window's outline root, absolute, when the user went above the state's
    /// ``AppState/root`` (Alt+Up, the location bar) or chose a place; nil: that root. The
    /// expanded and selected folders are relative to it. Absent in files written before it
    /// existed.
    public var root: String?
    /// The folders shown before the selected one, absolute, the latest last (Alt+Left).
    public var back: [String]
    /// The folders left by going back, absolute, the nearest last (Alt+Right).
    public var forward: [String]
    /// The expanded folders of the outline, as paths relative to the root (`""` is the root).
    public var expandedFolders: [String]
    /// The selected folder, relative to the root.
    public var selectedFolder: String?
    /// The selected file, relative to the root.
    public var selectedFile: String?
    /// Each column's scroll offset in points, by column name: `primary`, `supplementary`,
    /// `secondary`.
    public var scrollOffsets: [String: Double]
    /// Whether the reader wraps long lines (Alt+Z). Missing in a file saved before it existed:
    /// `true`, the default.
    public var wrapsLines: Bool
    /// The columns whose content is split, as the config's `"layout"` writes them: splits made
    /// at run time and at the start, with their programs' commands. Nil: none is split (or the
    /// file was written before run-time splits).
    public var layout: [String: LayoutNode]?
    /// The command line's splits the layout was made with (`below secondary=xterm -into {}`),
    /// so that a start with other splits knows the saved layout is not theirs.
    public var commandLineSplits: [String]?
    /// The commands "Split Right With…" and "Split Down With…" ran, the newest first.
    public var splitCommands: [String]?

    /// Creates a window's state.
    public init(
        width: Int, height: Int, style: ColumnStyle, split: SplitViewState = SplitViewState(),
        expandedFolders: [String] = [""], selectedFolder: String? = nil, selectedFile: String? = nil,
        scrollOffsets: [String: Double] = [:], root: String? = nil, wrapsLines: Bool = true, back: [String] = [],
        forward: [String] = [], layout: [String: LayoutNode]? = nil, commandLineSplits: [String]? = nil,
        splitCommands: [String]? = nil
    ) {
        self.layout = layout
        self.commandLineSplits = commandLineSplits
        self.splitCommands = splitCommands
        self.root = root
        self.back = back
        self.forward = forward
        self.width = width
        self.height = height
        self.style = style
        self.split = split
        self.expandedFolders = expandedFolders
        self.selectedFolder = selectedFolder
        self.selectedFile = selectedFile
        self.scrollOffsets = scrollOffsets
        self.wrapsLines = wrapsLines
    }

    /// Decodes a window, reading the integers as whole numbers (`decodeWholeNumber(forKey:)`, which names the key a bad number is at).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        width = try container.decodeWholeNumber(forKey: .width)
        height = try container.decodeWholeNumber(forKey: .height)
        style = try container.decode(ColumnStyle.self, forKey: .style)
        // The core's state decodes its version as an Int itself; checked here first so that
        // `1e308` is reported as `split.version`, not as JSON that is not valid.
        let split = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .split)
        _ = try split.decodeWholeNumber(forKey: AnyCodingKey("version"))
        self.split = try container.decode(SplitViewState.self, forKey: .split)
        expandedFolders = try container.decode([String].self, forKey: .expandedFolders)
        selectedFolder = try container.decodeIfPresent(String.self, forKey: .selectedFolder)
        selectedFile = try container.decodeIfPresent(String.self, forKey: .selectedFile)
        scrollOffsets = try container.decode([String: Double].self, forKey: .scrollOffsets)
        scrollOffsets[Self.ignoredScrollingColumn] = nil
        root = try container.decodeIfPresent(String.self, forKey: .root)
        wrapsLines = try container.decodeIfPresent(Bool.self, forKey: .wrapsLines) ?? true
        // Added with the history: a file written before has none of them.
        back = try container.decodeIfPresent([String].self, forKey: .back) ?? []
        forward = try container.decodeIfPresent([String].self, forKey: .forward) ?? []
        // Added with run-time splits.
        layout = try container.decodeIfPresent([String: LayoutNode].self, forKey: .layout)
        commandLineSplits = try container.decodeIfPresent([String].self, forKey: .commandLineSplits)
        splitCommands = try container.decodeIfPresent([String].self, forKey: .splitCommands)
    }
}
