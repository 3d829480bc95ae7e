import AppResources
import ArgumentParser
import Glibc
import SplitView
import SplitViewBrowser
import SplitViewProcesses
import SplitViewX11

/// `splitview`: a three-column browser of a folder tree in a real X11 window.
@main
struct SplitViewApp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "splitview",
        abstract: String(translated: "Browse a folder in a split-view window: folders, their files, the file itself."),
        discussion: String(
            translated:
                "Folders on the left (Right and Left expand and collapse them), the selected folder's files in the middle, the file on the right, its details in the inspector (Ctrl+Alt+I). Type a name's first letters to jump to it. F9 shows or hides the sidebar, Shift+F9 the other columns, F6 moves between panes, F8 then the arrows resizes a divider, Ctrl+H shows hidden files, Ctrl+O opens a file with the desktop's program, Ctrl+N opens another window. The windows are restored at the next start."
        ),
        version: "splitview 0.9.0")

    /// The entry point: the reader's language first (the catalogs in the resource bundle, before
    /// any thread and before `--help` is worded), then fontconfig starts loading its
    /// configuration at once, on another thread, while the command line is parsed, and so does
    /// the connection to `$DISPLAY`.
    ///
    /// Decided: the connection opens ahead unless an argument starts with `--display` (the
    /// option, or a word that merely looks like it: then nothing is opened ahead). The parsed
    /// options still decide: the connection is used only when they name no display
    /// (`Opening.take(name:)`), and `--help` or a usage error leaves it unused.
    /// With no arguments there is nothing to parse, so ArgumentParser's reflection, a visible
    /// part of a start, is skipped (Benchmarks/README.md has the figure).
    static func main() {
        if let bundle = resourceBundlePath() { GettextCatalog.install(folder: bundle + "/Resources/locale") }
        FontWarmup.start(cache: FontCache.standard(program: "splitview"))
        if !CommandLine.arguments.dropFirst().contains(where: { $0.hasPrefix("--display") }) {
            // The handlers first: a SIGTERM while the server is being reached still ends cleanly.
            _ = TerminationSignals.descriptor()
            Launcher.connectionAhead = X11Connection.Opening(name: nil)
        }
        if CommandLine.argc <= 1 { Glibc.exit(Launcher.run(LaunchOptions())) }
        main(nil)
    }

    @Argument(
        help: ArgumentHelp(
            String(
                translated:
                    "The folder to browse, or a file to open in its folder (default: the last folder, else the sample library)."),
            valueName: "path"))
    var path: String?

    @Option(
        help: ArgumentHelp(
            String(translated: "Three columns (folders, files, file) or two (a stack of folders and files, then the file)."),
            valueName: "double|triple"))
    var style: ColumnStyle?

    @Option(
        help: ArgumentHelp(
            String(translated: "How the sidebars share the width with the file."), valueName: "automatic|tile|overlay|displace"))
    var behavior: BehaviorArgument?

    @Option(
        help: ArgumentHelp(
            String(translated: "The columns to show (UIKit's names work too, e.g. twoBesideSecondary)."),
            valueName: "automatic|secondary-only|one-beside|one-over|two-beside|two-over|two-displace"))
    var displayMode: DisplayModeArgument?

    @Option(help: ArgumentHelp(String(translated: "The window's size in pixels (default 1400x900)."), valueName: "WxH"))
    var geometry: Geometry?

    @Option(help: ArgumentHelp(String(translated: "The X display to use (default: $DISPLAY)."), valueName: "name"))
    var display: String?

    @Option(
        help: ArgumentHelp(
            String(translated: "The colours: auto follows $SPLITVIEW_THEME, else the X resource splitview.theme, else light."),
            valueName: "light|dark|auto"))
    var theme: ThemeArgument?

    @Option(
        help: ArgumentHelp(
            String(translated: "The config file (default: $XDG_CONFIG_HOME/splitview/config.json)."), valueName: "file"))
    var config: String?

    @Flag(help: ArgumentHelp(String(translated: "Start with one new window instead of the windows saved at the last exit.")))
    var noRestore = false

    @Flag(help: ArgumentHelp(String(translated: "Change columns at once, without animation.")))
    var reduceMotion = false

    @Option(help: programHelp(.primary), transform: parseCommand)
    var primary: ProgramCommand?

    @Option(help: programHelp(.supplementary), transform: parseCommand)
    var supplementary: ProgramCommand?

    @Option(help: programHelp(.secondary), transform: parseCommand)
    var secondary: ProgramCommand?

    @Option(help: programHelp(.inspector), transform: parseCommand)
    var inspector: ProgramCommand?

    @Option(help: splitHelp(.above), transform: { try parseSplit($0, .above) })
    var above: [PaneSplit] = []

    @Option(help: splitHelp(.below), transform: { try parseSplit($0, .below) })
    var below: [PaneSplit] = []

    @Option(help: splitHelp(.before), transform: { try parseSplit($0, .before) })
    var before: [PaneSplit] = []

    @Option(help: splitHelp(.after), transform: { try parseSplit($0, .after) })
    var after: [PaneSplit] = []

    func validate() throws {
        if (above + below + before + after).contains(where: { $0.column == .supplementary }) && style == .double {
            throw ValidationError(
                String(
                    translated:
                        "a split of the supplementary pane needs the triple style: the double style has no supplementary column"))
        }
        if supplementary != nil && style == .double {
            throw ValidationError(
                String(translated: "--supplementary needs the triple style: the double style has no supplementary column"))
        }
    }

    func run() throws {
        let options = LaunchOptions(
            path: path, style: style, behavior: behavior, displayMode: displayMode,
            geometry: geometry, display: display, theme: theme, configPath: config,
            restores: !noRestore, reducesMotion: reduceMotion,
            programs: [.primary: primary, .supplementary: supplementary, .secondary: secondary, .inspector: inspector]
                .compactMapValues { $0 },
            splits: above + below + before + after)
        let status = Launcher.run(options)
        if status != 0 { throw ExitCode(status) }
    }
}

/// The panes a `--primary`-like option runs a program in.
private enum ProgramPane {
    case primary, supplementary, secondary, inspector
}

/// The help of a `--primary`-like option, for `pane`: one whole sentence each.
private func programHelp(_ pane: ProgramPane) -> ArgumentHelp {
    let text =
        switch pane {
        case .primary:
            String(
                translated:
                    "Run a program in the folders' pane instead: {} is the window id it embeds into, {file} the selected file (split into words with quotes, never by a shell)."
            )
        case .supplementary:
            String(
                translated:
                    "Run a program in the files' pane (triple style only) instead: {} is the window id it embeds into, {file} the selected file (split into words with quotes, never by a shell)."
            )
        case .secondary:
            String(
                translated:
                    "Run a program in the file's pane, e.g. 'xterm -into {}' or 'zathura -e {} {file}' instead: {} is the window id it embeds into, {file} the selected file (split into words with quotes, never by a shell)."
            )
        case .inspector:
            String(
                translated:
                    "Run a program in the inspector instead: {} is the window id it embeds into, {file} the selected file (split into words with quotes, never by a shell)."
            )
        }
    return ArgumentHelp(text, valueName: "command")
}

/// A pane's command, split into words; a reason ArgumentParser shows when it cannot be.
private func parseCommand(_ text: String) throws -> ProgramCommand {
    try ProgramCommand(parsing: text)
}

/// The help of `--above`-like options, for a split on `side`: one whole sentence each.
private func splitHelp(_ side: PaneSplit.Side) -> ArgumentHelp {
    let text =
        switch side {
        case .above:
            String(
                translated:
                    "Split PANE (primary, supplementary, secondary or inspector) and run CMD in a new pane above its content; repeatable. CMD takes the same words and placeholders as --secondary."
            )
        case .below:
            String(
                translated:
                    "Split PANE (primary, supplementary, secondary or inspector) and run CMD in a new pane below its content; repeatable. CMD takes the same words and placeholders as --secondary."
            )
        case .before:
            String(
                translated:
                    "Split PANE (primary, supplementary, secondary or inspector) and run CMD in a new pane before (to the left of) its content; repeatable. CMD takes the same words and placeholders as --secondary."
            )
        case .after:
            String(
                translated:
                    "Split PANE (primary, supplementary, secondary or inspector) and run CMD in a new pane after (to the right of) its content; repeatable. CMD takes the same words and placeholders as --secondary."
            )
        }
    return ArgumentHelp(text, valueName: "pane=cmd")
}

/// `PANE=CMD`: a known pane, then a command that is not empty; a reason ArgumentParser shows
/// (as a usage error) when it is not.
private func parseSplit(_ text: String, _ side: PaneSplit.Side) throws -> PaneSplit {
    guard let equals = text.firstIndex(of: "=") else {
        throw ValidationError(String(translated: "'\(text)' is not PANE=CMD (for example 'secondary=xterm -into {}')"))
    }
    let name = String(text[..<equals])
    let panes: [String: SplitViewController.Column] = [
        "primary": .primary, "supplementary": .supplementary, "secondary": .secondary, "inspector": .inspector,
    ]
    guard let column = panes[name] else {
        throw ValidationError(String(translated: "'\(name)' is not a pane: primary, supplementary, secondary or inspector"))
    }
    let command = String(text[text.index(after: equals)...])
    guard command.contains(where: { $0 != " " && $0 != "\t" }) else {
        throw ValidationError(String(translated: "the command for \(name) is empty"))
    }
    return PaneSplit(column: column, side: side, command: try ProgramCommand(parsing: command))
}
