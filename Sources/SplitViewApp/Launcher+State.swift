import SplitView
import SplitViewFiles
import SplitViewX11

/// The state file's side of the launcher: what each window saves, and how a saved window
/// comes back.
extension Launcher {
    func browsers() -> [(Browser, SplitWindow)] {
        host?.windows.compactMap { window in (window.owner as? Browser).map { ($0, window) } } ?? []
    }

    /// After each turn: remembers the state when windows are open (the last window's state
    /// is what the next start restores), and saves it about a second after it last changed.
    func noteChanges() {
        pollOpeners()
        guard captureState() else { return }
        if let saveTimer { host?.cancelTimer(saveTimer) }
        saveTimer = host?.after(1.0) { [unowned self] in
            self.saveTimer = nil
            self.saveNow()
        }
    }

    /// Remembers the open windows' state; true when it changed. With no window open (the
    /// last one just closed) the state remembered before stays.
    @discardableResult
    func captureState() -> Bool {
        let windows = browsers()
        guard !windows.isEmpty else { return false }
        let state = AppState(
            version: AppState.currentVersion, root: root.string ?? root.displayString,
            windows: windows.map { capture($0.0, size: $0.1.pixelSize) })
        guard state != current else { return false }
        current = state
        return true
    }

    /// Writes the windows' state now, if it differs from what was saved; a failure is one
    /// line on stderr (once per reason) and the old file stays as it was. Makes no X request,
    /// so it also serves when the server has gone.
    func saveNow() {
        captureState()
        guard let current, current != lastSaved else { return }
        if let error = stateStore.save(current) {
            if error != lastSaveError { Diagnostics.report(error) }
            lastSaveError = error
        } else {
            lastSaved = current
            lastSaveError = nil
        }
    }

    func capture(_ browser: Browser, size: PixelSize) -> WindowState {
        var scroll: [String: Double] = [:]
        scroll["primary"] = browser.folders.scrollOffset
        scroll["supplementary"] = browser.notes.scrollOffset
        scroll["secondary"] = browser.reader.scrollOffset
        return WindowState(
            width: size.width, height: size.height, x: nil, y: nil,
            style: browser.split.style == .doubleColumn ? .double : .triple,
            split: browser.split.stateSnapshot(),
            expandedFolders: savedExpansions(of: browser),
            selectedFolder: browser.selectedFolder.flatMap(relative),
            selectedFile: browser.selectedName.map(Self.savedName),
            scrollOffsets: scroll)
    }

    /// `browser`'s expanded folders as saved, made again only when they changed.
    func savedExpansions(of browser: Browser) -> [String] {
        if browser.savedExpansions.revision != browser.tree.revision {
            browser.savedExpansions = (browser.tree.revision, browser.tree.expanded.compactMap(relative).sorted())
        }
        return browser.savedExpansions.folders
    }

    func restore(_ window: WindowState) -> Browser {
        let expanded = Set(window.expandedFolders.map(absolute))
        for folder in expanded.union(window.selectedFolder.map { [absolute($0)] } ?? []) where store.known(folder) == nil {
            store.load(folder)
        }
        // A supplementary program needs the triple style: it wins over the saved one.
        let style = options.style ?? (options.programs[.supplementary] != nil ? .triple : window.style)
        let browser = Browser(
            store: store, root: root, style: style.splitStyle, theme: theme, keyBindings: config.keyBindings,
            showsHidden: config.showHiddenFiles, expanded: expanded.union([root]), programs: options.programs)
        for line in (try? browser.split.restore(window.split)) ?? [] { Diagnostics.report("state: \(line)") }
        applyPreferences(to: browser.split)
        if let folder = window.selectedFolder {
            browser.select(folder: absolute(folder), name: window.selectedFile.map { Array($0.utf8) })
        }
        browser.folders.scrollOffset = window.scrollOffsets["primary"] ?? 0
        browser.notes.scrollOffset = window.scrollOffsets["supplementary"] ?? 0
        browser.reader.scrollOffset = window.scrollOffsets["secondary"] ?? 0
        return browser
    }

    /// `path` below the root as saved: `Travel/Japan`, `""` for the root itself; nil outside it.
    func relative(_ path: FilePath) -> String? { Self.relative(path, to: root) }

    /// The folder `relative` names below the root.
    func absolute(_ relative: String) -> FilePath { Self.absolute(relative, below: root) }

    /// `path` below `root` as the state file keeps it: the exact text when its bytes are UTF-8
    /// (a newline or a tab in a name included: JSON escapes them), else the name as people
    /// read it, with `\xNN` for each byte that is not UTF-8. Such a text names no file: at
    /// the next start that folder is not found, and its nearest enclosing one is selected.
    static func relative(_ path: FilePath, to root: FilePath) -> String? {
        if path == root { return "" }
        let prefix = root.bytes + (root.bytes.last == UInt8(ascii: "/") ? [] : [UInt8(ascii: "/")])
        guard path.bytes.starts(with: prefix) else { return nil }
        let below = FilePath(bytes: Array(path.bytes.dropFirst(prefix.count)))
        return below.string ?? below.displayString
    }

    /// The folder `relative` names below `root`.
    static func absolute(_ relative: String, below root: FilePath) -> FilePath {
        relative.isEmpty ? root : root.appending(Array(relative.utf8))
    }

    /// A selected file's name as the state file keeps it: exact when UTF-8, as `relative`.
    static func savedName(_ name: [UInt8]) -> String {
        String(validating: name, as: UTF8.self) ?? FilePath.displayName(name)
    }
}
