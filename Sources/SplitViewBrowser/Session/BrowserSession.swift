import SplitView
import SplitViewFiles

/// What every window of one run shares, and how a window's browser is made, saved and made
/// again: the folder store, the root, the config, the command line's preferences, the theme and
/// the opener. The launcher owns one; the windows are the host's.
///
/// Precedence, strongest first: the command line, the saved state (per window), the config
/// file, the defaults.
package final class BrowserSession {
    /// The folders every window shows.
    package let store: FileStore
    /// The browsed folder.
    package let root: FilePath
    /// The config file's settings.
    package let config: AppConfig
    /// The command line's say over every window.
    package let preferences: WindowPreferences
    /// The colours, known once the display is open.
    package var theme = Theme.light
    /// Opens a file in the desktop's program: the launcher's ``RunningOpeners``.
    private let opener: (FilePath) -> String?
    /// Says one line on stderr.
    private let report: (String) -> Void
    /// Starts an application's command line for "Open With" (the launcher's
    /// ``RunningOpeners/run(_:for:)``); nil: windows say no program can be started.
    package var appLauncher: (([[UInt8]], FilePath) -> String?)?
    /// The loop's timers every window's band uses to let a message go (``LoopTimers``); nil:
    /// messages stay until the next one.
    package var timers: LoopTimers?
    /// Where every window's places come from, or `nil` for windows without places.
    private let places: PlaceSources?
    /// Where every window's Delete moves files, or `nil` for windows without a trash.
    private let trash: Trash?
    /// The order chosen for each folder, shared by the windows and saved with the state.
    package let sorts = FolderSorts()

    /// A session over `root`; `opener` runs Ctrl+O, `report` says a line on stderr.
    package init(
        store: FileStore, root: FilePath, config: AppConfig, preferences: WindowPreferences,
        places: PlaceSources? = nil, trash: Trash? = nil, opener: @escaping (FilePath) -> String?,
        report: @escaping (String) -> Void
    ) {
        self.places = places
        self.trash = trash
        self.store = store
        self.root = root
        self.config = config
        self.preferences = preferences
        self.opener = opener
        self.report = report
    }

    // MARK: - New windows

    /// A new window's browser: the style the command line asks for, else triple, with the
    /// config's and the command line's preferences; with `model`'s panes when given (Ctrl+N).
    ///
    /// Decided: Ctrl+N opens the window it was pressed in again as far as its panes go, as
    /// Terminator's new window keeps its layout: the same splits, fractions and sizes, the
    /// same commands started afresh (never the same processes), the new window's own folder
    /// and selection as any new window's. Zoom and the keys start as in a new window.
    package func makeBrowser(like model: Browser? = nil) -> Browser {
        let style = model.map { $0.split.style == .doubleColumn ? ColumnStyle.double : .triple } ?? preferences.style ?? .triple
        var layout = config.layout
        var sizes: [SplitViewState.StackItem] = []
        if let model {
            layout = PaneLayout.read(model.layoutColumns(), source: String(translated: "new window")).layout
            sizes = model.split.stateSnapshot().stackItems ?? []
        }
        let browser = makeBrowser(style: style, expanded: nil, layout: layout, splits: model == nil ? preferences.splits : [])
        if let model { browser.programs.usedCommands = model.programs.usedCommands }
        if !sizes.isEmpty {
            _ = try? browser.split.restore(SplitViewState(focusedColumn: .primary, stackItems: sizes))
        }
        applyPreferences(to: browser.split)
        browser.startProgramsInTheFolderShown()
        return browser
    }

    /// The command line's splits as the state records them: `below secondary=xterm -into {}`.
    var commandLineSplits: [String] {
        preferences.splits.map { "\($0.side.rawValue) \($0.column.name)=\($0.command.text)" }
    }

    /// A browser with the config's keys and hidden files, before any preference: a restored
    /// window's split state comes first, then the preferences over it. `layout` and `splits`
    /// build the columns' panes (the config's and the command line's by default).
    private func makeBrowser(
        style: ColumnStyle, expanded: Set<FilePath>?, root: FilePath? = nil,
        layout: [SplitViewController.Column: PaneLayout]? = nil, splits: [PaneSplit]? = nil
    ) -> Browser {
        let browser = Browser(
            store: store, root: root ?? self.root, style: style.splitStyle, theme: theme, keyBindings: config.keyBindings,
            showsHidden: config.showHiddenFiles, expanded: expanded, programs: preferences.programs,
            layout: layout ?? config.layout, splits: splits ?? preferences.splits,
            places: places, trash: trash, sorts: sorts,
            opener: opener)
        browser.programs.terminal = config.terminal
        browser.timers = timers
        browser.navigation.report = report
        if let appLauncher { browser.programs.appLauncher = appLauncher }
        // The places were read as the browser was made, before it had the report: said now.
        if let problem = browser.navigation.placesProblem { report(problem) }
        return browser
    }

    /// The sample library opens on its first folder's first file, so that a first start shows
    /// what the three columns are for. A folder the user names opens on itself, nothing chosen.
    package func showFirstFile(in browser: Browser) {
        guard case .loaded(let top)? = store.known(root), top.folderCount > 0 else { return }
        let folder = top.path(at: 0)
        guard case .loaded(let listing) = store.load(folder),
            let file = listing.entries.first(where: { !$0.isFolder && !$0.isHidden })
        else { return }
        browser.select(folder: folder, name: file.name)
    }

    /// The config's and the command line's preferences, the command line last.
    package func applyPreferences(to split: SplitViewController) {
        if let threshold = config.collapseThreshold { split.collapseThreshold = threshold }
        for (column, width) in config.columnWidths {
            switch column {
            case .primary: split.preferredPrimaryColumnWidth = width
            case .supplementary: split.preferredSupplementaryColumnWidth = width
            case .inspector: split.preferredInspectorColumnWidth = width
            default: break
            }
        }
        if let mode = preferences.displayMode { split.preferredDisplayMode = mode }
        if let behavior = preferences.splitBehavior { split.preferredSplitBehavior = behavior }
        if !preferences.animatesTransitions { split.animatesTransitions = false }
    }

    // MARK: - Saving and restoring

    /// The state of `windows`, the frontmost first, each with its size in pixels.
    package func state(of windows: [(browser: Browser, width: Int, height: Int)]) -> AppState {
        AppState(
            version: AppState.currentVersion, root: root.string ?? root.displayString,
            windows: windows.map { capture($0.browser, width: $0.width, height: $0.height) }, sortOrders: sorts.saved)
    }

    /// What `browser`'s window saves.
    func capture(_ browser: Browser, width: Int, height: Int) -> WindowState {
        var scroll: [String: Double] = [:]
        scroll["primary"] = browser.folders.scrollOffset
        scroll["supplementary"] = browser.fileList.scrollOffset
        scroll["secondary"] = browser.reader.scrollOffset
        // A window a place moved elsewhere saves its own root, and its paths relative to it (a
        // root whose path is not UTF-8 cannot be saved: the window comes back on the session's).
        let shown = browser.tree.root
        let layout = browser.layoutColumns()
        return WindowState(
            width: width, height: height,
            style: browser.split.style == .doubleColumn ? .double : .triple,
            split: browser.split.stateSnapshot(),
            expandedFolders: browser.tree.savedExpansions(),
            selectedFolder: browser.selectedFolder.flatMap { StatePath.relative($0, to: shown) },
            selectedFile: browser.selectedName.map(StatePath.savedName),
            scrollOffsets: scroll, root: shown == root ? nil : shown.string, wrapsLines: browser.reader.wrapsLines,
            back: browser.navigation.history.back.map(Location.text(of:)),
            forward: browser.navigation.history.forward.map(Location.text(of:)),
            layout: layout, commandLineSplits: preferences.splits.isEmpty ? nil : commandLineSplits,
            splitCommands: browser.programs.usedCommands.isEmpty ? nil : browser.programs.usedCommands)
    }

    /// A saved window's browser, as it was: its folders expanded (read ahead together), its
    /// split state, its selection, its scroll offsets and whether the reader wraps. A split state's problems are
    /// reported, one line each, and the rest applies.
    /// A window saved on a place's folder opens on it, or on the session's root when that
    /// folder is no longer a readable folder (its saved paths then name nothing and give way
    /// as a deleted selection does).
    package func restore(_ window: WindowState) -> Browser {
        let root = window.root.map(FilePath.init).flatMap { Self.isFolder($0) ? $0 : nil } ?? self.root
        func absolute(_ relative: String) -> FilePath { StatePath.absolute(relative, below: root) }
        if store.known(root) == nil { store.load(root) }
        let expanded = Set(window.expandedFolders.map(absolute))
        for folder in expanded.union(window.selectedFolder.map { [absolute($0)] } ?? []) where store.known(folder) == nil {
            store.load(folder)
        }
        // A supplementary program needs the triple style: it wins over the saved one.
        let style = preferences.style ?? (preferences.programs[.supplementary] != nil ? .triple : window.style)
        // The panes: the saved layout, made again with fresh programs (a column it does not
        // split is not split, whatever the config says: the state wins over the config). A
        // column whose command-line splits changed since is laid out anew from the config and
        // the command line, and its split state is dropped.
        var layout = config.layout
        var splits = preferences.splits
        var split = window.split
        if let saved = window.layout {
            let changed: Set<SplitViewController.Column> =
                (window.commandLineSplits ?? []) == commandLineSplits
                ? [] : Set(preferences.splits.map(\.column) + (window.commandLineSplits ?? []).compactMap(Self.column(ofSplit:)))
            let (columns, warnings) = PaneLayout.read(saved, source: String(translated: "state"))
            for line in warnings { report(line) }
            for column in SplitViewController.Column.allCases where !changed.contains(column) { layout[column] = columns[column] }
            splits = preferences.splits.filter { changed.contains($0.column) }
            split.stackItems = split.stackItems?.filter { !changed.contains($0.column) }
            if let column = split.focusedColumn, changed.contains(column) { split.focusedLeafPath = nil }
            if let zoomed = split.zoomedPane, changed.contains(zoomed.column) { split.zoomedPane = nil }
        }
        let browser = makeBrowser(style: style, expanded: expanded.union([root]), root: root, layout: layout, splits: splits)
        browser.programs.usedCommands = Array((window.splitCommands ?? []).prefix(Programs.usedCommandLimit))
        for line in (try? browser.split.restore(split)) ?? [] { report(String(translated: "state: \(line)")) }
        applyPreferences(to: browser.split)
        if let folder = window.selectedFolder {
            browser.withoutHistory { browser.select(folder: absolute(folder), name: window.selectedFile.map { Array($0.utf8) }) }
        }
        browser.navigation.history = NavigationHistory(
            back: window.back.map(FilePath.init), forward: window.forward.map(FilePath.init))
        browser.folders.scrollOffset = window.scrollOffsets["primary"] ?? 0
        browser.fileList.scrollOffset = window.scrollOffsets["supplementary"] ?? 0
        browser.reader.wrapsLines = window.wrapsLines
        browser.reader.scrollOffset = window.scrollOffsets["secondary"] ?? 0
        browser.startProgramsInTheFolderShown()
        return browser
    }

    /// The column a recorded command-line split names (`below secondary=…`).
    private static func column(ofSplit text: String) -> SplitViewController.Column? {
        let words = text.split(separator: " ", maxSplits: 1)
        guard words.count == 2, let name = words[1].split(separator: "=", maxSplits: 1).first else { return nil }
        return ConfigReader.layoutColumns[String(name)]
    }

    /// Whether `path` is a folder (or a link to one) now.
    private static func isFolder(_ path: FilePath) -> Bool {
        (try? FileInfo.read(path).get())?.isFolder ?? false
    }
}
