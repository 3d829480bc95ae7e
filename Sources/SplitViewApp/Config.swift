import Glibc
import SplitView
import SplitViewFiles

/// The user's settings, from `config.json`: keys, theme, font, column widths, collapse
/// threshold, hidden files. Every field is optional in the file; a bad entry is reported with
/// its key and ignored while the rest applies. The app never writes this file.
///
/// ```json
/// {
///   "keyBindings": {"toggleInspector": "Ctrl+Alt+I", "displayModeButton": ["F9", "Ctrl+Alt+S"],
///                   "toggleHiddenFiles": "Ctrl+H", "quit": []},
///   "theme": "dark",
///   "font": {"family": "DejaVu Sans", "size": 13},
///   "columnWidths": {"primary": 280, "supplementary": 320, "inspector": 270},
///   "collapseThreshold": 600,
///   "showHiddenFiles": false
/// }
/// ```
struct AppConfig: Equatable {
    /// `"theme"`: light, dark, or `auto` (the app's own choice: `SPLITVIEW_THEME`, then the X
    /// resource, then light).
    enum ThemeChoice: String, CaseIterable {
        case light, dark, auto
    }

    /// The names of the app's own actions, which a config file may bind besides the core's
    /// commands.
    static let actionNames: Set<String> = ["toggleHiddenFiles", "openExternally"]

    /// The core's default keys plus the app's actions: Ctrl+H shows or hides hidden files,
    /// Ctrl+O opens the selected file in another program. The actions' rows come first, so
    /// they win should the core ever bind those chords.
    static let defaultKeyBindings = KeyBindings.default.adding([
        KeyBindings.Binding(KeyChord(.character("h"), modifiers: .control), .action("toggleHiddenFiles")),
        KeyBindings.Binding(KeyChord(.character("o"), modifiers: .control), .action("openExternally")),
    ])

    /// The largest config file read.
    static let sizeLimit = 1 << 20
    /// Font sizes allowed, in points: the body text's size; rows and bars keep their heights,
    /// so beyond about 32 pt the text would not fit them.
    static let fontSizes = 6.0...32.0
    /// The longest font family name, in UTF-8 bytes.
    static let maximumFamilyLength = 256
    /// The largest column width, in points.
    static let maximumColumnWidth = 4000.0
    /// Collapse thresholds allowed, in points.
    static let collapseThresholds = 0.0...10_000.0
    /// The columns whose width the file may set (the secondary takes what is left).
    static let widthColumns: [String: SplitViewController.Column] = [
        "primary": .primary, "supplementary": .supplementary, "inspector": .inspector,
    ]

    /// The keys, the defaults with the file's entries applied.
    var keyBindings = AppConfig.defaultKeyBindings
    /// The theme.
    var theme = ThemeChoice.auto
    /// The font family, or `nil` for the theme's.
    var fontFamily: String?
    /// The font size in points, or `nil` for the app's.
    var fontSize: Double?
    /// Preferred column widths in points; a missing column keeps the core's default.
    var columnWidths: [SplitViewController.Column: Double] = [:]
    /// The width in points below which the interface collapses, or `nil` for the core's.
    var collapseThreshold: Double?
    /// Whether files and folders whose names start with `.` are listed.
    var showHiddenFiles = false

    /// `$XDG_CONFIG_HOME/splitview/config.json`, else `$HOME/.config/splitview/config.json`
    /// (a relative `XDG_CONFIG_HOME` is ignored, as the XDG specification asks).
    static func defaultPath(environment: [String: String]) -> String {
        XDGFolder.config.path(environment: environment) + "/splitview/config.json"
    }

    /// Reads the config file: `path` (from `--config`) when given, else the default one.
    ///
    /// - Returns: the settings and the warnings, one line each (no newline, no `splitview: `
    ///   prefix). A missing default file gives no warning; a missing explicit file, an
    ///   unreadable one, one over 1 MiB or one that is not a JSON object gives one warning
    ///   and all the defaults; bad entries give one warning each and are skipped.
    static func load(path: String?, environment: [String: String]) -> (config: AppConfig, warnings: [String]) {
        let file = path ?? defaultPath(environment: environment)
        switch AtomicFile.read(file, limit: sizeLimit) {
        case .success(let bytes):
            return parse(bytes, source: printableLine(file))
        case .failure(let error) where error.code == ENOENT && path == nil:
            return (AppConfig(), [])
        case .failure(let error) where error.code == EFBIG:
            return (AppConfig(), ["config file \(printableLine(file)) is larger than \(sizeLimit) bytes; using the defaults"])
        case .failure(let error):
            return (AppConfig(), ["cannot read config file \(error); using the defaults"])
        }
    }

    /// The settings in `bytes`, `source` naming the file in the warnings.
    static func parse(_ bytes: [UInt8], source: String) -> (config: AppConfig, warnings: [String]) {
        guard let json = JSONValue.parse(bytes) else {
            return (AppConfig(), ["\(source): not valid JSON; using the defaults"])
        }
        guard case .object(let members) = json else {
            return (AppConfig(), ["\(source): expected an object at the top level, found \(json.kind); using the defaults"])
        }
        var reader = Reader(source: source)
        reader.read(members)
        return (reader.config, reader.warnings)
    }

    /// Interprets the file's object key by key, collecting the warnings.
    private struct Reader {
        let source: String
        var config = AppConfig()
        var warnings: [String] = []

        init(source: String) {
            self.source = source
        }

        /// Records `message` about the entry at `key`.
        mutating func warn(_ key: String, _ message: String) {
            warnings.append("\(source): \(key): \(message)")
        }

        /// Applies every top-level entry, in key order so the warnings come in a stable order.
        mutating func read(_ members: [String: JSONValue]) {
            for (key, value) in members.sorted(by: { $0.key < $1.key }) {
                switch key {
                case "keyBindings": readKeyBindings(value)
                case "theme": readTheme(value)
                case "font": readFont(value)
                case "columnWidths": readColumnWidths(value)
                case "collapseThreshold":
                    if let number = number(value, in: AppConfig.collapseThresholds, at: key) { config.collapseThreshold = number }
                case "showHiddenFiles":
                    if case .bool(let flag) = value { config.showHiddenFiles = flag } else { warn(key, "expected true or false") }
                default:
                    warn(shortLine(key), "unknown key")
                }
            }
        }

        /// `"keyBindings": {"command": "chord" or ["chord", …]}`: each entry replaces the
        /// command's chords; an entry with an unknown command or a bad chord is skipped whole.
        mutating func readKeyBindings(_ value: JSONValue) {
            guard case .object(let entries) = value else { return warn("keyBindings", "expected an object, found \(value.kind)") }
            var applied: [(name: String, command: Command, chords: [KeyChord])] = []
            for (name, value) in entries.sorted(by: { $0.key < $1.key }) {
                let key = "keyBindings." + shortLine(name)
                guard let command = Command(name: name, actions: AppConfig.actionNames) else {
                    warn(key, "unknown command")
                    continue
                }
                let isList = if case .array = value { true } else { false }
                let texts: [JSONValue] = if case .array(let list) = value { list } else { [value] }
                var chords: [KeyChord] = []
                for (index, text) in texts.enumerated() {
                    guard case .string(let string) = text else {
                        warn(isList ? "\(key)[\(index)]" : key, "expected a key chord or a list of them, found \(text.kind)")
                        chords = []
                        break
                    }
                    guard let chord = KeyChord(parsing: string) else {
                        warn(
                            key, "\"\(shortLine(string))\" is not a key chord (like \"Ctrl+Alt+S\", \"Shift+F9\", \"Page_Down\")")
                        chords = []
                        break
                    }
                    chords.append(chord)
                }
                guard chords.count == texts.count else { continue }
                config.keyBindings = config.keyBindings.rebinding(command, to: chords)
                applied.append((name, command, chords))
            }
            // Two entries given the same chord in the same table: the one applied last wins;
            // the other is told.
            for entry in applied {
                for chord in entry.chords {
                    let inDivider = config.keyBindings.divider.contains {
                        $0.command == entry.command && $0.chord == chord.withoutLocks
                    }
                    let winner = config.keyBindings.command(for: chord, dividerFocused: inDivider)
                    if let winner, winner != entry.command {
                        warn("keyBindings." + shortLine(entry.name), "\(chord) is also given to \(winner.name), which wins")
                    }
                }
            }
        }

        /// `"theme": "light" | "dark" | "auto"`, in any case.
        mutating func readTheme(_ value: JSONValue) {
            guard case .string(let name) = value, let theme = ThemeChoice(rawValue: name.lowercased()) else {
                return warn("theme", "expected \"light\", \"dark\" or \"auto\"")
            }
            config.theme = theme
        }

        /// `"font": {"family": "DejaVu Sans", "size": 13}`.
        mutating func readFont(_ value: JSONValue) {
            guard case .object(let members) = value else { return warn("font", "expected an object, found \(value.kind)") }
            for (key, value) in members.sorted(by: { $0.key < $1.key }) {
                switch key {
                case "family":
                    guard case .string(let family) = value, !family.isEmpty, family.utf8.count <= AppConfig.maximumFamilyLength,
                        !family.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
                    else {
                        warn(
                            "font.family",
                            "expected a font family name (1 to \(AppConfig.maximumFamilyLength) bytes, no control characters)")
                        continue
                    }
                    config.fontFamily = family
                case "size":
                    if let size = number(value, in: AppConfig.fontSizes, at: "font.size") { config.fontSize = size }
                default:
                    warn("font." + shortLine(key), "unknown key (expected family or size)")
                }
            }
        }

        /// `"columnWidths": {"primary": 280, "supplementary": 320, "inspector": 270}`.
        mutating func readColumnWidths(_ value: JSONValue) {
            guard case .object(let members) = value else {
                return warn("columnWidths", "expected an object, found \(value.kind)")
            }
            for (key, value) in members.sorted(by: { $0.key < $1.key }) {
                guard let column = AppConfig.widthColumns[key] else {
                    warn("columnWidths." + shortLine(key), "unknown column (expected primary, supplementary or inspector)")
                    continue
                }
                let path = "columnWidths." + key
                guard case .number(let width) = value, width > 0, width <= AppConfig.maximumColumnWidth else {
                    warn(
                        path,
                        "expected a number of points above 0, up to \(formatNumber(AppConfig.maximumColumnWidth))"
                            + found(value))
                    continue
                }
                config.columnWidths[column] = width
            }
        }

        /// The number in `value` when it is in `range`; else `nil`, after a warning at `key`.
        mutating func number(_ value: JSONValue, in range: ClosedRange<Double>, at key: String) -> Double? {
            guard case .number(let number) = value, range.contains(number) else {
                warn(
                    key,
                    "expected a number from \(formatNumber(range.lowerBound)) to \(formatNumber(range.upperBound))" + found(value)
                )
                return nil
            }
            return number
        }

        /// `, found 100` or `, found a string`: what the entry held instead.
        func found(_ value: JSONValue) -> String {
            if case .number(let number) = value { return ", found \(formatNumber(number))" }
            return ", found \(value.kind)"
        }
    }
}
