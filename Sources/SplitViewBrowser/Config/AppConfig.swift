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
///   "showHiddenFiles": false,
///   "terminal": "xterm -into {}",
///   "layout": {"secondary": {"axis": "vertical", "items": [
///     {"content": "file"}, {"program": "xterm -into {}", "fraction": 0.3, "canCollapse": true}]}}
/// }
/// ```
public struct AppConfig: Equatable, Sendable {
    /// The core's default keys plus the app's actions' (`BrowserActions.table`). The
    /// actions' rows come first, so they win should the core ever bind those chords.
    public static let defaultKeyBindings = KeyBindings.default.adding(BrowserActions.defaultBindings)

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
    public var keyBindings = AppConfig.defaultKeyBindings
    /// The theme.
    public var theme = ThemeChoice.auto
    /// The font family, or `nil` for the theme's.
    public var fontFamily: String?
    /// The family of the file's text and hex dumps (`font.monospace`), or `nil` for the
    /// theme's (fontconfig's `monospace`).
    public var monospaceFamily: String?
    /// The font size in points, or `nil` for the app's.
    public var fontSize: Double?
    /// Preferred column widths in points; a missing column keeps the core's default.
    public var columnWidths: [SplitViewController.Column: Double] = [:]
    /// The width in points below which the interface collapses, or `nil` for the core's.
    public var collapseThreshold: Double?
    /// Whether files and folders whose names start with `.` are listed.
    public var showHiddenFiles = false
    /// What a pane split at run time runs (`"terminal"`, the words and `{}` of `--secondary`),
    /// or `nil` for the first of xterm, urxvt and st found on `PATH`.
    public var terminal: ProgramCommand?
    /// The columns whose content is split (`"layout"`), by column.
    public var layout: [SplitViewController.Column: PaneLayout] = [:]

    /// `$XDG_CONFIG_HOME/splitview/config.json`, else `$HOME/.config/splitview/config.json`
    /// (a relative `XDG_CONFIG_HOME` is ignored, as the XDG specification asks).
    public static func defaultPath(environment: [String: String]) -> String {
        XDGFolder.config.path(environment: environment) + "/splitview/config.json"
    }

    /// Reads the config file: `path` (from `--config`) when given, else the default one.
    ///
    /// - Returns: the settings and the warnings, one line each (no newline, no `splitview: `
    ///   prefix). A missing default file gives no warning; a missing explicit file, an
    ///   unreadable one, one over 1 MiB or one that is not a JSON object gives one warning
    ///   and all the defaults; bad entries give one warning each and are skipped.
    public static func load(path: String?, environment: [String: String]) -> (config: AppConfig, warnings: [String]) {
        let file = path ?? defaultPath(environment: environment)
        switch AtomicFile.read(file, limit: sizeLimit) {
        case .success(let bytes):
            return parse(bytes, source: printableLine(file))
        case .failure(let error) where error.code == ENOENT && path == nil:
            return (AppConfig(), [])
        case .failure(let error) where error.code == EFBIG:
            let name = printableLine(file)
            return (
                AppConfig(), [String(translated: "config file \(name) is larger than \(sizeLimit) bytes; using the defaults")]
            )
        case .failure(let error):
            return (AppConfig(), [String(translated: "cannot read config file \(error); using the defaults")])
        }
    }

    /// The settings in `bytes`, `source` naming the file in the warnings.
    public static func parse(_ bytes: [UInt8], source: String) -> (config: AppConfig, warnings: [String]) {
        guard let json = JSONValue.parse(bytes) else {
            return (AppConfig(), [String(translated: "\(source): not valid JSON; using the defaults")])
        }
        guard case .object(let members) = json else {
            let kind = ConfigReader.kind(of: json)
            return (
                AppConfig(),
                [String(translated: "\(source): expected an object at the top level, found \(kind); using the defaults")]
            )
        }
        var reader = ConfigReader(source: source)
        reader.read(members)
        return (reader.config, reader.warnings)
    }
}
