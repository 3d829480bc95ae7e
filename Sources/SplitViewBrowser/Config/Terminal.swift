import Glibc
import SplitView

/// The program a pane split at run time runs (Ctrl+Shift+E, Ctrl+Shift+O): the config's
/// `"terminal"`, else the first terminal on `PATH` that can put its window in a pane.
///
/// Decided: the candidates are those that take a window to draw in on their command line, as
/// Terminator and tmux users expect a terminal: `xterm -into {}`, `urxvt -embed {}`,
/// `st -w {}`, in that order (xterm is the one most often installed). `PATH` is searched at
/// each split, not at start-up: nothing is paid before the first frame for a split that may
/// never come, and a terminal installed meanwhile is found.
enum Terminal {
    /// The terminals tried when the config names none, in order.
    static let candidates = ["xterm -into {}", "urxvt -embed {}", "st -w {}"]

    /// What the pane of a split says when no terminal can be found.
    static var missingText: String {
        [
            String(translated: "No terminal to run here."),
            String(
                translated:
                    "A split runs the config's \"terminal\" command, else the first of xterm, urxvt and st found on PATH, and none is installed. Install xterm, or name a program that can put its window in a pane, with {} for the pane's window id, in ~/.config/splitview/config.json:"
            ),
            // The config's own words: never translated.
            #"    {"terminal": "xterm -into {}"}"#,
            String(translated: "Ctrl+Shift+W closes this pane."),
        ].joined(separator: "\n\n")
    }

    /// The config's command when given, else the first candidate whose program is an
    /// executable file in one of `path`'s folders (`PATH`'s value; nil or empty: none found).
    static func command(configured: ProgramCommand?, path: String?) -> ProgramCommand? {
        if let configured { return configured }
        let folders = (path ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        for text in candidates {
            guard let command = try? ProgramCommand(parsing: text) else { continue }
            if folders.contains(where: { isExecutable($0 + "/" + command.programName) }) { return command }
        }
        return nil
    }

    /// True when `path` is a regular file we may execute.
    private static func isExecutable(_ path: String) -> Bool {
        var stats = stat()
        guard stat(path, &stats) == 0, stats.st_mode & S_IFMT == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }
}
