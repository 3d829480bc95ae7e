import FoundationEssentials
import SplitView
import SplitViewFiles

/// What the app remembers between runs: the folder it browsed and each open window. Saved as
/// `state.json` by ``StateStore``; checked by ``validated()`` after decoding, since the file may
/// have been edited, truncated or written by another version.
struct AppState: Codable, Equatable {
    /// The format this code writes and the newest it reads.
    static let currentVersion = 1

    /// The format version.
    var version: Int
    /// The browsed folder's absolute path.
    var root: String
    /// The open windows, the frontmost first.
    var windows: [WindowState]

    /// Creates a state value.
    init(version: Int = AppState.currentVersion, root: String, windows: [WindowState]) {
        self.version = version
        self.root = root
        self.windows = windows
    }

    /// Decodes a state, reading `version` as a whole number first (see ``WholeNumber``) so that
    /// a huge or fractional one is reported with its key.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeWholeNumber(forKey: .version)
        root = try container.decode(String.self, forKey: .root)
        windows = try container.decode([WindowState].self, forKey: .windows)
    }
}

/// One window's part of ``AppState``.
struct WindowState: Codable, Equatable {
    /// The names ``scrollOffsets`` may use: the columns that scroll.
    static let scrollingColumns: Set<String> = ["primary", "supplementary", "secondary", "inspector"]

    /// The window's size in pixels.
    var width: Int
    /// The window's size in pixels.
    var height: Int
    /// The window's position on the screen in pixels, when the window manager told it.
    var x: Int?
    /// The window's position on the screen in pixels, when the window manager told it.
    var y: Int?
    /// Two columns or three.
    var style: ColumnStyle
    /// The split view's own state: display mode, dragged widths, inspector, focus.
    var split: SplitViewState
    /// The expanded folders of the outline, as paths relative to the root (`""` is the root).
    var expandedFolders: [String]
    /// The selected folder, relative to the root.
    var selectedFolder: String?
    /// The selected file, relative to the root.
    var selectedFile: String?
    /// Each column's scroll offset in points, by column name: `primary`, `supplementary`,
    /// `secondary`, `inspector`.
    var scrollOffsets: [String: Double]

    /// Creates a window's state.
    init(
        width: Int, height: Int, x: Int? = nil, y: Int? = nil, style: ColumnStyle, split: SplitViewState = SplitViewState(),
        expandedFolders: [String] = [""], selectedFolder: String? = nil, selectedFile: String? = nil,
        scrollOffsets: [String: Double] = [:]
    ) {
        self.width = width
        self.height = height
        self.x = x
        self.y = y
        self.style = style
        self.split = split
        self.expandedFolders = expandedFolders
        self.selectedFolder = selectedFolder
        self.selectedFile = selectedFile
        self.scrollOffsets = scrollOffsets
    }

    /// Decodes a window, reading the integers as whole numbers (see ``WholeNumber``).
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        width = try container.decodeWholeNumber(forKey: .width)
        height = try container.decodeWholeNumber(forKey: .height)
        x = try container.decodeWholeNumberIfPresent(forKey: .x)
        y = try container.decodeWholeNumberIfPresent(forKey: .y)
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
    }
}

/// A window's columns: three (folders, files, file) or two (a stack of folders and files,
/// then the file). Declared with the state it is saved in, so that the state's decoder builds
/// without the command line (the fuzz targets compile these files alone).
enum ColumnStyle: String, CaseIterable {
    case double, triple

    var splitStyle: SplitViewController.Style { self == .double ? .doubleColumn : .tripleColumn }
}

/// `"double"` or `"triple"` in a state file.
extension ColumnStyle: Codable {
    /// Decodes a style's name; anything else names the choices.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let style = ColumnStyle(rawValue: try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected \"double\" or \"triple\"")
        }
        self = style
    }

    /// Encodes the style's name.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// Why a state file's contents cannot be used: one line, with the key path when there is one
/// (`windows[0].width: expected a whole number from 1 to 32767, found 0`).
struct StateProblem: Error, Equatable, CustomStringConvertible {
    /// The reason, one line.
    var reason: String
    /// Whether the file was written by a newer version of the program (not damaged, merely
    /// not understood).
    var isNewerVersion = false

    /// The reason.
    var description: String { reason }

    /// The problem a decoding error stands for, in a line: the coding path and what was
    /// expected, instead of Swift's debug text.
    init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            reason = Self.located(context.codingPath, "expected \(Self.kind(type))\(Self.found(context.debugDescription))")
        case .valueNotFound(let type, let context):
            reason = Self.located(context.codingPath, "expected \(Self.kind(type)), found null")
        case .keyNotFound(let key, let context):
            reason = Self.located(context.codingPath + [key], "missing")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                // FoundationEssentials also says this for a number its type cannot hold
                // (1e999, or 1e308 for an Int) — the whole numbers are decoded as Double
                // here to report those with their keys.
                reason = "not valid JSON"
            } else if context.debugDescription.hasPrefix("expected") {
                reason = Self.located(context.codingPath, context.debugDescription)
            } else {
                reason = Self.located(context.codingPath, "not a valid value")
            }
        @unknown default:
            reason = "cannot be decoded"
        }
    }

    /// A reason of our own.
    init(_ reason: String, isNewerVersion: Bool = false) {
        self.reason = reason
        self.isNewerVersion = isNewerVersion
    }

    /// `windows[0].width: message`, or `top level: message` for an empty path. Keys are escaped
    /// and shortened: they come from the file.
    static func located(_ path: [any CodingKey], _ message: String) -> String {
        "\(codingPath(path)): \(message)"
    }

    /// `windows[0].split.widths[1].width`; `top level` for an empty path.
    static func codingPath(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "top level" }
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + shortened(key.stringValue)
            }
        }
        return text
    }

    /// `text` escaped onto one line and cut to 80 characters: a key or a value from a file.
    static func shortened(_ text: String) -> String {
        shortLine(text)
    }

    /// What a type is called in JSON.
    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type, is Double.Type, is Float.Type, is Int64.Type, is Int32.Type, is UInt.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default:
            // JSONDecoder names containers by these types.
            String(describing: type).hasPrefix("Array")
                ? "a list"
                : String(describing: type).hasPrefix("Dictionary") ? "an object" : "a value of another kind"
        }
    }

    /// `, found a string` from JSONDecoder's `Expected to decode Int but found a string instead.`;
    /// empty when the text reads otherwise.
    private static func found(_ debugDescription: String) -> String {
        guard let range = debugDescription.firstRange(of: " but found "), debugDescription.hasSuffix(" instead.") else {
            return ""
        }
        var what = debugDescription[range.upperBound...].dropLast(" instead.".count)
        if what.hasPrefix("a ") { what = what.dropFirst(2) } else if what.hasPrefix("an ") { what = what.dropFirst(3) }
        // Its words vary ("a string", "number", "a dictionary"); JSON's are used instead.
        let names = [
            "string": "a string", "number": "a number", "bool": "true or false", "boolean": "true or false",
            "array": "a list", "dictionary": "an object", "object": "an object", "null": "null", "null value": "null",
        ]
        return names[String(what)].map { ", found \($0)" } ?? ""
    }
}

extension AppState {
    /// The limits of a window's size (X's) and position.
    static let sizes = 1...32_767
    /// The limits of a window's position.
    static let positions = -32_768...32_767
    /// The most windows a state may reopen.
    static let maximumWindows = 32
    /// The most expanded folders a window may remember.
    static let maximumExpandedFolders = 10_000
    /// The longest string, in UTF-8 bytes: Linux's PATH_MAX.
    static let maximumStringLength = 4096
    /// The largest column width in points.
    static let maximumWidth = 100_000.0
    /// The largest scroll offset in points.
    static let maximumScrollOffset = 1e9

    /// The state itself when every value is within its limits.
    ///
    /// - Throws: the first problem found, in a line: a version this program does not read,
    ///   no windows or more than 32, sizes outside 1…32767, positions outside −32768…32767,
    ///   column widths or scroll offsets that are negative, not finite or huge, strings longer
    ///   than 4096 bytes or holding a NUL, a root that is not absolute, folder and file paths
    ///   that leave the root, more than 10 000 expanded folders.
    @discardableResult
    func validated() throws(StateProblem) -> AppState {
        if version > Self.currentVersion {
            throw StateProblem("written by a newer splitview (version \(version))", isNewerVersion: true)
        }
        guard version >= 1 else { throw StateProblem("version: expected 1 or more, found \(version)") }
        try Self.check(string: root, at: "root")
        guard root.hasPrefix("/") else { throw StateProblem("root: expected an absolute path") }
        guard (1...Self.maximumWindows).contains(windows.count) else {
            throw StateProblem("windows: expected 1 to \(Self.maximumWindows) windows, found \(windows.count)")
        }
        for (index, window) in windows.enumerated() {
            try window.check(at: "windows[\(index)]")
        }
        return self
    }

    /// Throws when `text` is too long or holds a NUL, which no path can.
    static func check(string text: String, at path: String) throws(StateProblem) {
        if text.utf8.count > maximumStringLength {
            throw StateProblem("\(path): longer than \(maximumStringLength) bytes")
        }
        if text.utf8.contains(0) { throw StateProblem("\(path): contains a NUL character") }
    }

    /// Throws unless `text` is a path inside the root: `""`, or names separated by single `/`,
    /// none of them `.` or `..`.
    static func check(relativePath text: String, at path: String) throws(StateProblem) {
        try check(string: text, at: path)
        guard !text.isEmpty else { return }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            throw StateProblem("\(path): expected a path inside the root, found \"\(StateProblem.shortened(text))\"")
        }
    }
}

extension WindowState {
    /// Throws the first value outside its limits; `path` names the window.
    fileprivate func check(at path: String) throws(StateProblem) {
        try Self.check(width, in: AppState.sizes, at: "\(path).width")
        try Self.check(height, in: AppState.sizes, at: "\(path).height")
        if let x { try Self.check(x, in: AppState.positions, at: "\(path).x") }
        if let y { try Self.check(y, in: AppState.positions, at: "\(path).y") }
        if split.version < 1 || split.version > SplitViewState.currentVersion {
            throw StateProblem("\(path).split.version: expected \(SplitViewState.currentVersion), found \(split.version)")
        }
        for (index, record) in split.widths.enumerated() {
            try Self.check(record.width, upTo: AppState.maximumWidth, at: "\(path).split.widths[\(index)].width")
        }
        if expandedFolders.count > AppState.maximumExpandedFolders {
            throw StateProblem("\(path).expandedFolders: more than \(AppState.maximumExpandedFolders) folders")
        }
        for (index, folder) in expandedFolders.enumerated() {
            try AppState.check(relativePath: folder, at: "\(path).expandedFolders[\(index)]")
        }
        if let selectedFolder { try AppState.check(relativePath: selectedFolder, at: "\(path).selectedFolder") }
        if let selectedFile { try AppState.check(relativePath: selectedFile, at: "\(path).selectedFile") }
        for (name, offset) in scrollOffsets.sorted(by: { $0.key < $1.key }) {
            guard Self.scrollingColumns.contains(name) else {
                throw StateProblem(
                    "\(path).scrollOffsets.\(StateProblem.shortened(name)): unknown column"
                        + " (expected primary, supplementary, secondary or inspector)")
            }
            try Self.check(offset, upTo: AppState.maximumScrollOffset, at: "\(path).scrollOffsets.\(name)")
        }
    }

    /// Throws unless `value` is in `range`.
    private static func check(_ value: Int, in range: ClosedRange<Int>, at path: String) throws(StateProblem) {
        guard range.contains(value) else {
            throw StateProblem("\(path): expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(value)")
        }
    }

    /// Throws unless `value` is finite and from 0 to `maximum`.
    private static func check(_ value: Double, upTo maximum: Double, at path: String) throws(StateProblem) {
        guard value.isFinite, value >= 0, value <= maximum else {
            throw StateProblem("\(path): expected a number from 0 to \(formatNumber(maximum)), found \(formatNumber(value))")
        }
    }
}

/// A coding key made from any string, for reading a container whose type is not ours.
struct AnyCodingKey: CodingKey {
    /// The key.
    var stringValue: String
    /// Never an index: these keys name object members.
    var intValue: Int? { nil }

    /// The key `name`.
    init(_ name: String) { stringValue = name }
    /// The key `stringValue`.
    init?(stringValue: String) { self.stringValue = stringValue }
    /// No key: indexes are not object members.
    init?(intValue: Int) { nil }
}

/// Whole numbers read as `Double` and converted: JSONDecoder reports `1e308` or `1.5` where an
/// `Int` was expected as JSON that is not valid, without the key, so the state file decodes
/// its integers this way to name the key instead.
extension KeyedDecodingContainer {
    /// The whole number at `key`.
    func decodeWholeNumber(forKey key: Key) throws -> Int {
        let number = try decode(Double.self, forKey: key)
        // 2^53: beyond it a Double no longer holds every whole number, and no limit here is near it.
        guard number == number.rounded(), abs(number) <= 9_007_199_254_740_992 else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription:
                    "expected a whole number, found \(number)")
        }
        return Int(number)
    }

    /// The whole number at `key`, or `nil` when the key is missing or null.
    func decodeWholeNumberIfPresent(forKey key: Key) throws -> Int? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeWholeNumber(forKey: key)
    }
}

/// `text` on one line: control characters escaped (see `AtomicFile.printable`), for a message.
func printableLine(_ text: String) -> String {
    AtomicFile.printable(text)
}

/// `text` on one line and at most 80 characters: a key or a value quoted from a file, which may
/// be anything.
func shortLine(_ text: String) -> String {
    let line = printableLine(text)
    return line.count <= 80 ? line : line.prefix(79) + "…"
}

/// `13` for a whole number, `13.5` otherwise: numbers in messages as people write them.
func formatNumber(_ value: Double) -> String {
    value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
