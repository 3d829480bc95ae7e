import SplitView

/// What the app remembers between runs: the folder it browsed and each open window. Saved as
/// `state.json` by ``StateStore``; checked by ``validated()`` after decoding, since the file may
/// have been edited, truncated or written by another version.
public struct AppState: Codable, Equatable, Sendable {
    /// The format this code writes and the newest it reads.
    public static let currentVersion = 1

    /// The format version.
    public var version: Int
    /// The browsed folder's absolute path.
    public var root: String
    /// The open windows, the frontmost first.
    public var windows: [WindowState]
    /// The order chosen for each folder sorted otherwise than by name, the oldest choice
    /// first (at most 1000). Absent in files written before it existed: none.
    public var sortOrders: [FolderSortState]

    /// Creates a state value.
    public init(
        version: Int = AppState.currentVersion, root: String, windows: [WindowState], sortOrders: [FolderSortState] = []
    ) {
        self.version = version
        self.root = root
        self.windows = windows
        self.sortOrders = sortOrders
    }

    /// Decodes a state, reading `version` as a whole number first (`decodeWholeNumber(forKey:)`, which names the key a bad number is at) so that
    /// a huge or fractional one is reported with its key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeWholeNumber(forKey: .version)
        root = try container.decode(String.self, forKey: .root)
        windows = try container.decode([WindowState].self, forKey: .windows)
        sortOrders = try container.decodeIfPresent([FolderSortState].self, forKey: .sortOrders) ?? []
    }

    /// The JSON keys.
    enum CodingKeys: String, CodingKey {
        case version, root, windows, sortOrders
    }

    /// Encodes the state; `sortOrders` only when a folder has one, so that the file of someone
    /// who never sorted reads as before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(root, forKey: .root)
        try container.encode(windows, forKey: .windows)
        if !sortOrders.isEmpty { try container.encode(sortOrders, forKey: .sortOrders) }
    }
}
