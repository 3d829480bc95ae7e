/// What a window remembers between runs: the user's choices, never the window's accidents.
///
/// A versioned `Codable` value; enums encode by name, so the JSON reads as it should:
/// `"preferredDisplayMode": "twoBesideSecondary"`. Widths are the ones the user dragged, each
/// recorded with whether its column was showing; ``SplitViewController/restore(_:)`` refuses
/// widths of 0, negative or not finite, and widths taken while their column was hidden.
public struct SplitViewState: Codable, Hashable, Sendable {
    /// The format this code writes.
    public static let currentVersion = 1

    /// A width the user set for a column.
    public struct ColumnWidth: Codable, Hashable, Sendable {
        /// The column.
        public var column: SplitViewController.Column
        /// The width in points.
        public var width: Double
        /// Whether the column was showing when the width was taken.
        public var wasShowing: Bool

        /// Creates a record.
        public init(column: SplitViewController.Column, width: Double, wasShowing: Bool) {
            self.column = column
            self.width = width
            self.wasShowing = wasShowing
        }
    }

    /// What the user did to an item of a column's stack split: its kept thickness (dragged,
    /// or given at the first layout) and whether it is collapsed.
    public struct StackItem: Codable, Hashable, Sendable {
        /// The column whose content the stack is.
        public var column: SplitViewController.Column
        /// The item's path: its index in the column's stack, then in each nested stack.
        public var path: [Int]
        /// The thickness the item keeps, in points; nil when it has none yet.
        public var thickness: Double?
        /// Whether it is collapsed.
        public var isCollapsed: Bool

        /// Creates a record.
        public init(column: SplitViewController.Column, path: [Int], thickness: Double?, isCollapsed: Bool) {
            self.column = column
            self.path = path
            self.thickness = thickness
            self.isCollapsed = isCollapsed
        }
    }

    /// A leaf of a column, by its column and its path from the column's stack (empty: the
    /// column's content, which is in no stack).
    public struct PaneReference: Codable, Hashable, Sendable {
        /// The column.
        public var column: SplitViewController.Column
        /// The indices from the column's stack down to the leaf.
        public var path: [Int]

        /// Creates a reference.
        public init(column: SplitViewController.Column, path: [Int]) {
            self.column = column
            self.path = path
        }
    }

    /// The format version.
    public var version: Int
    /// The preferred display mode (which the user's actions update).
    public var preferredDisplayMode: SplitViewController.DisplayMode
    /// The preferred split behavior.
    public var preferredSplitBehavior: SplitViewController.SplitBehavior
    /// The widths the user dragged.
    public var widths: [ColumnWidth]
    /// Whether the inspector was revealed.
    public var isInspectorShown: Bool
    /// The column on top of the collapsed stack, if the interface was collapsed.
    public var collapsedTopColumn: SplitViewController.Column?
    /// The focused pane.
    public var focusedColumn: SplitViewController.Column?
    /// The items of the columns' stack splits (nil in a state written before they existed).
    public var stackItems: [StackItem]?
    /// The leaf of the focused pane's stack that had the keys, by its path.
    public var focusedLeafPath: [Int]?
    /// The zoomed pane (``SplitViewController/zoomedPane``), if one was (nil in a state
    /// written before zooms existed).
    public var zoomedPane: PaneReference?

    /// Creates a state value.
    public init(
        version: Int = SplitViewState.currentVersion, preferredDisplayMode: SplitViewController.DisplayMode = .automatic,
        preferredSplitBehavior: SplitViewController.SplitBehavior = .automatic, widths: [ColumnWidth] = [],
        isInspectorShown: Bool = false, collapsedTopColumn: SplitViewController.Column? = nil,
        focusedColumn: SplitViewController.Column? = nil, stackItems: [StackItem]? = nil, focusedLeafPath: [Int]? = nil,
        zoomedPane: PaneReference? = nil
    ) {
        self.zoomedPane = zoomedPane
        self.stackItems = stackItems
        self.focusedLeafPath = focusedLeafPath
        self.version = version
        self.preferredDisplayMode = preferredDisplayMode
        self.preferredSplitBehavior = preferredSplitBehavior
        self.widths = widths
        self.isInspectorShown = isInspectorShown
        self.collapsedTopColumn = collapsedTopColumn
        self.focusedColumn = focusedColumn
    }

    /// Why a state could not be restored at all.
    public enum RestoreError: Error, Hashable, Sendable, CustomStringConvertible {
        /// Written by a newer (or unknown) version of the format.
        case unsupportedVersion(Int)

        /// One line for the user.
        public var description: String {
            switch self {
            case .unsupportedVersion(let version):
                String(
                    translated:
                        "state version \(version) is not supported (this program reads version \(SplitViewState.currentVersion))")
            }
        }
    }
}

extension SplitViewController {
    /// The state to save: preferences, dragged widths, inspector, collapsed top, focus, the
    /// items of the columns' stack splits (their thicknesses and collapse), and the zoomed pane.
    public func stateSnapshot() -> SplitViewState {
        let dragged = Column.allCases.compactMap { column in
            widths.dragged[column].map { SplitViewState.ColumnWidth(column: column, width: $0, wasShowing: true) }
        }
        let items = stackItemStates()
        return SplitViewState(
            preferredDisplayMode: modes.preferences.displayMode, preferredSplitBehavior: modes.preferences.splitBehavior,
            widths: dragged, isInspectorShown: modes.inspectorShown,
            collapsedTopColumn: isCollapsed ? collapse.stack.last : nil, focusedColumn: focus.column,
            stackItems: items.isEmpty ? nil : items, focusedLeafPath: focusedLeaf?.path, zoomedPane: zoomedPaneReference)
    }

    /// Restores a saved state: widths are clamped to their column's current minimum and
    /// maximum; widths of 0, negative or not finite, widths taken while hidden, and widths of
    /// columns that cannot be resized are refused and listed in the result.
    ///
    /// - Returns: one line per refused item (empty when everything was restored).
    /// - Throws: ``SplitViewState/RestoreError/unsupportedVersion(_:)``; nothing changes then.
    @discardableResult
    public func restore(_ state: SplitViewState) throws -> [String] {
        guard state.version >= 1 && state.version <= SplitViewState.currentVersion else {
            throw SplitViewState.RestoreError.unsupportedVersion(state.version)
        }
        var refused: [String] = []
        var restored: [Column: Double] = [:]
        let bounds = resolvedWidths
        for record in state.widths {
            let width = record.width
            if !width.isFinite || width <= 0 {
                refused.append(String(translated: "\(record.column) width \(width): not a positive number"))
            } else if !record.wasShowing {
                refused.append(
                    String(translated: "\(record.column) width \(formatted(width)): taken while the column was hidden"))
            } else if record.column == .secondary || record.column == .compact
                || (record.column == .supplementary && !style.hasSupplementary)
            {
                refused.append(
                    String(translated: "\(record.column) width \(formatted(width)): this column's width is not set by dragging"))
            } else {
                restored[record.column] = min(max(width, bounds.minimum(record.column)), bounds.maximum(record.column))
            }
        }
        widths.restoreDragged(restored)
        modes.restore(
            displayMode: state.preferredDisplayMode, splitBehavior: state.preferredSplitBehavior,
            inspectorShown: state.isInspectorShown)
        collapse.restore(top: state.collapsedTopColumn)
        update(.programmatic, animated: false)
        if isCollapsed, let top = state.collapsedTopColumn { showCollapsed(top, cause: .programmatic) }
        refused += restoreStackItems(state.stackItems ?? [])
        if let column = state.focusedColumn {
            // Before the first size there are no panes yet: the focus waits for the mount.
            if isMounted { focusPane(column, byUser: true) } else { focus.focusBeforeLayout(column) }
            if let path = state.focusedLeafPath { stackSplitViewController(in: column)?.focusLeaf(at: path) }
        }
        // A zoom last: it gives its pane the keys, as zooming did.
        if let reference = state.zoomedPane {
            if let pane = pane(at: reference) {
                zoomedPane = pane
            } else {
                let path = reference.path.map(String.init).joined(separator: ".")
                refused.append(String(translated: "zoomed pane \(reference.column) \(path): no such pane"))
            }
        }
        publish()
        return refused
    }
}

/// An enum stored by name in a saved state: `"twoBesideSecondary"`, not `4`. Decoding also
/// accepts the raw number, so a hand-written file may use either.
protocol CodedByName: RawRepresentable<Int>, CaseIterable, Codable {
    /// The name written for this case.
    var codingName: String { get }
}

extension CodedByName {
    /// Decodes a case's name or its raw value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self), let value = Self.allCases.first(where: { $0.codingName == text }) {
            self = value
        } else if let number = try? container.decode(Int.self), let value = Self(rawValue: number) {
            self = value
        } else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription:
                    "expected one of \(Self.allCases.map(\.codingName).joined(separator: ", "))")
        }
    }

    /// Encodes the case's name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(codingName)
    }
}

extension SplitViewController.Column: CodedByName {
    var codingName: String { name }
}

extension SplitViewController.DisplayMode: CodedByName {
    var codingName: String { description }
}

extension SplitViewController.SplitBehavior: CodedByName {
    var codingName: String { description }
}
