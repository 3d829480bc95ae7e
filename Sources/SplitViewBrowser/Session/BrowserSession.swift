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

    /// A session over `root`; `opener` runs Ctrl+O, `report` says a line on stderr.
    package init(
        store: FileStore, root: FilePath, config: AppConfig, preferences: WindowPreferences,
        opener: @escaping (FilePath) -> String?, report: @escaping (String) -> Void
    ) {
        self.store = store
        self.root = root
        self.config = config
        self.preferences = preferences
        self.opener = opener
        self.report = report
    }

    // MARK: - New windows

    /// A new window's browser: the style the command line asks for, else triple, with the
    /// config's and the command line's preferences.
    package func makeBrowser() -> Browser {
        let browser = makeBrowser(style: preferences.style ?? .triple, expanded: nil)
        applyPreferences(to: browser.split)
        return browser
    }

    /// A browser with the config's keys and hidden files, before any preference: a restored
    /// window's split state comes first, then the preferences over it.
    private func makeBrowser(style: ColumnStyle, root: FilePath? = nil, expanded: Set<FilePath>?) -> Browser {
        Browser(
            store: store, root: root ?? self.root, style: style.splitStyle, theme: theme, keyBindings: config.keyBindings,
            showsHidden: config.showHiddenFiles, expanded: expanded, programs: preferences.programs, opener: opener)
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
            windows: windows.map { capture($0.browser, width: $0.width, height: $0.height) })
    }

    /// What `browser`'s window saves.
    func capture(_ browser: Browser, width: Int, height: Int) -> WindowState {
        var scroll: [String: Double] = [:]
        scroll["primary"] = browser.folders.scrollOffset
        scroll["supplementary"] = browser.fileList.scrollOffset
        scroll["secondary"] = browser.reader.scrollOffset
        let root = browser.tree.root
        return WindowState(
            width: width, height: height,
            style: browser.split.style == .doubleColumn ? .double : .triple,
            split: browser.split.stateSnapshot(),
            expandedFolders: browser.tree.savedExpansions(),
            selectedFolder: browser.selectedFolder.flatMap { StatePath.relative($0, to: root) },
            selectedFile: browser.selectedName.map(StatePath.savedName),
            scrollOffsets: scroll, root: root == self.root ? nil : Location.text(of: root),
            back: browser.history.back.map(Location.text(of:)), forward: browser.history.forward.map(Location.text(of:)))
    }

    /// A saved window's browser, as it was: its folders expanded (read ahead together), its
    /// split state, its selection and its scroll offsets. A split state's problems are
    /// reported, one line each, and the rest applies.
    package func restore(_ window: WindowState) -> Browser {
        // A window that went above the session's root keeps its own (paths below are its).
        let root = window.root.map(FilePath.init) ?? root
        let absolute = { StatePath.absolute($0, below: root) }
        let expanded = Set(window.expandedFolders.map(absolute))
        for folder in expanded.union(window.selectedFolder.map { [absolute($0)] } ?? []) where store.known(folder) == nil {
            store.load(folder)
        }
        // A supplementary program needs the triple style: it wins over the saved one.
        let style = preferences.style ?? (preferences.programs[.supplementary] != nil ? .triple : window.style)
        let browser = makeBrowser(style: style, root: root, expanded: expanded.union([root]))
        for line in (try? browser.split.restore(window.split)) ?? [] { report("state: \(line)") }
        applyPreferences(to: browser.split)
        if let folder = window.selectedFolder {
            browser.withoutHistory { browser.select(folder: absolute(folder), name: window.selectedFile.map { Array($0.utf8) }) }
        }
        browser.history = NavigationHistory(back: window.back.map(FilePath.init), forward: window.forward.map(FilePath.init))
        browser.folders.scrollOffset = window.scrollOffsets["primary"] ?? 0
        browser.fileList.scrollOffset = window.scrollOffsets["supplementary"] ?? 0
        browser.reader.scrollOffset = window.scrollOffsets["secondary"] ?? 0
        return browser
    }
}
