import AppResources
import CFileOps
import Glibc
import SplitView
import SplitViewBrowser
import SplitViewFiles
import SplitViewX11

/// Starts the program from its options: reads the config and the saved state, opens the
/// display and the windows, runs the loop, and saves the state on the way out. What a window
/// holds, and how it is saved and made again, is the ``BrowserSession``'s.
///
/// The saved windows come back unless `--no-restore`, or a `PATH` other than the saved folder
/// is given. A `--no-restore` run neither reads nor writes the saved state.
final class Launcher {
    /// 1400×900 pixels.
    static let defaultGeometry = Geometry(width: 1400, height: 900)

    let options: LaunchOptions
    let config: AppConfig
    let store: FileStore
    let stateStore: StateStore
    let root: FilePath
    /// The windows' common ground: makes, saves and restores their browsers.
    let session: BrowserSession
    /// The openers Ctrl+O and double clicks started, polled until they end.
    let openers = RunningOpeners()
    var host: Host?
    /// The control socket (`splitviewctl`), while it listens.
    var control: AppControl?
    var lastSaved: AppState?
    var current: AppState?
    var saveTimer: Int?
    /// Whether what killed pastes left was asked to go (once, after the first frame).
    var removedLeftovers = false
    private var openerTimer: Int?
    var lastSaveError: String?
    private let signals: Int32?
    /// The process's environment as the start found it, read once: the config, the state and
    /// the control socket's programs all take it.
    private let environment: [String: String]

    /// Who the host speaks for: `WM_CLASS` `splitview`/`SplitView`, and `splitview: ` before
    /// every line on stderr, whatever name the binary was started by.
    static let identity = ApplicationIdentity(name: "splitview", className: "SplitView")

    /// The connection `main` started opening before the command line was read, if it did;
    /// ``run()`` takes it when the options name no other display. Main thread only.
    nonisolated(unsafe) static var connectionAhead: X11Connection.Opening?

    /// The size from which a heap block is a mapping of its own, returned to the system when
    /// freed: 128 KiB, glibc's own starting value, kept.
    ///
    /// Decided: a picture's pixels (megabytes, in a worker's heap arena) go back to the system
    /// once another file is shown. glibc maps large blocks apart at first, but after one is freed
    /// it raises its threshold to that block's size, and the next picture's levels then stay in
    /// the arena's free memory, resident, after the picture is gone: 16 MiB of a 12-megapixel
    /// photo, for good, from the second picture shown on. A fixed threshold keeps every block
    /// of 128 KiB or more mapped apart: RSS comes back within 0.4 MiB after each picture. The
    /// cost is a map and an unmap per such block, a few a picture, none per frame.
    static let largeBlock = 128 << 10

    /// Runs the program; the exit status (0, or 1 after one line on stderr).
    static func run(_ options: LaunchOptions) -> Int32 {
        // Before anything can fail: a display that cannot be opened is reported as ours too.
        Diagnostics.programName = identity.name
        _ = sv_map_large_blocks(UInt(largeBlock))
        do {
            return try Launcher(options).run()
        } catch {
            Diagnostics.report(error.description)
            return 1
        }
    }

    private let opening: (name: [UInt8]?, restored: AppState?)

    private init(_ options: LaunchOptions) throws(LaunchError) {
        self.options = options
        // First, so that a SIGTERM during the start still ends in a clean exit.
        signals = TerminationSignals.descriptor()
        do {
            store = try FileStore()
        } catch {
            throw LaunchError(error.description)
        }
        // A desktop file too large to read (a mimeapps.list, a desktop entry, the MIME
        // database's, an icon theme's index) is said in one line, as a bad config entry is.
        store.types.report = { Diagnostics.report($0) }
        let environment = Self.environment()
        self.environment = environment
        let (config, warnings) = AppConfig.load(path: options.configPath, environment: environment)
        for line in warnings { Diagnostics.report(line) }
        self.config = config
        stateStore = StateStore(environment: environment)
        store.transfers.journalFolder = stateStore.journalFolder
        var saved: AppState?
        if options.restores {
            let (state, warning) = stateStore.load()
            if let warning { Diagnostics.report(warning) }
            saved = state
        }
        // The folders' orders hold whatever folder the windows open on.
        let savedSorts = saved?.sortOrders ?? []
        if let path = options.path {
            let (folder, name) = try Self.resolve(path)
            root = folder
            if saved?.root != folder.string { saved = nil }
            opening = (name, saved)
        } else if let saved, Self.isSampleLibrary(saved.root), let sample = try? sampleLibraryPath() {
            // The sample moves with the build (debug, release, installed): it is the sample
            // wherever it was.
            root = FilePath(sample)
            var state = saved
            state.root = sample
            opening = (nil, state)
        } else if let saved, Self.isReadableFolder(saved.root) {
            root = FilePath(saved.root)
            opening = (nil, saved)
        } else {
            if let saved {
                let folder = saved.root
                Diagnostics.report(String(translated: "the last folder, \(folder), cannot be read; showing the sample library"))
            }
            root = FilePath(try sampleLibraryPath())
            opening = (nil, nil)
        }
        lastSaved = opening.restored
        session = BrowserSession(
            store: store, root: root, config: config, preferences: options.windowPreferences, places: .current(),
            trash: .current(),
            opener: { [openers] in openers.open($0) }, report: { Diagnostics.report($0) })
        session.sorts.restore(savedSorts)
        session.appLauncher = { [openers] in openers.run($0, for: $1) }
        // The band's messages go by the loop's timers (none before the loop: such a message
        // stays until the next).
        session.timers = LoopTimers(
            after: { [unowned self] in self.host?.after($0, $1) }, cancel: { [unowned self] in self.host?.cancelTimer($0) })
    }

    private func run() throws(LaunchError) -> Int32 {
        let connection: X11Connection
        do {
            let ahead = Self.connectionAhead?.take(name: options.display)
            Self.connectionAhead = nil
            if let ahead { connection = ahead } else { connection = try X11Connection(name: options.display) }
        } catch {
            throw LaunchError(error.message)
        }
        session.theme = resolveTheme(connection)
        // The icon theme: the X resource (already in the connection's data: no round trip),
        // else GTK's settings.ini; 16 points at the display's scale.
        if let theme = connection.resource("splitview.iconTheme", class: "SplitView.IconTheme"), IconName.isValid(theme) {
            store.types.themeName = theme
        }
        store.types.pixelSize = Int((16 * connection.scale.factor).rounded())
        store.load(root)
        var browsers: [(Browser, Geometry)] = []
        if let restored = opening.restored {
            for window in restored.windows { browsers.append((session.restore(window), geometry(for: window))) }
            // `splitview FILE` in the saved folder: the saved windows, the file chosen in the first.
            if let name = opening.name { browsers[0].0.select(folder: root, name: name) }
        } else {
            let browser = session.makeBrowser()
            if let name = opening.name {
                browser.select(folder: root, name: name)
            } else if options.path == nil {
                session.showFirstFile(in: browser)
            }
            browsers.append((browser, options.geometry ?? Self.defaultGeometry))
        }
        // The first window's content needs no font: it is built while fontconfig still loads,
        // and its text tells the font thread which fallback fonts to read ahead.
        let family = config.fontFamily ?? session.theme.fontFamily
        FontWarmup.prefetch(fontsFor: browsers[0].0.openingText, family: family)
        let fonts: FontSet
        do {
            fonts = try FontSet(
                connection: connection, family: family,
                monospaceFamily: config.monospaceFamily ?? session.theme.monospaceFontFamily,
                textScale: (config.fontSize ?? FontRole.body.pointSize) / FontRole.body.pointSize,
                cache: FontWarmup.cache)
        } catch {
            throw LaunchError(error.message)
        }
        let host = Host(connection: connection, fonts: fonts, identity: Self.identity) { [unowned self] in
            // Ctrl+N: the panes of the window it was pressed in, with fresh programs.
            self.content(self.session.makeBrowser(like: self.host?.requestingWindow?.owner as? Browser))
        }
        self.host = host
        host.icon = bundledWindowIcon()
        // Before the first window: its programs get the socket in their environment.
        let control = AppControl(host: host)
        if let problem = control.start(environment: environment) { Diagnostics.report(problem) }
        self.control = control
        for (browser, size) in browsers {
            open(browser, size: PixelSize(width: size.width, height: size.height))
        }
        watchSources(host)
        host.afterTurn = { [unowned self] in
            self.noteChanges()
            self.control?.noteTurn()
        }
        host.beforeExit = { [unowned self] in
            // A copy under way stops and removes what it made before the program ends; a
            // trashing stops between two files.
            self.store.transfers.cancelAndWait()
            self.store.trashJobs.cancelAndWait()
            self.saveNow()
            self.control?.stop()
        }
        ConnectionLoss.lastWords = { [unowned self] in
            self.store.transfers.cancelAndWait()
            self.store.trashJobs.cancelAndWait()
            self.saveNow()
            self.control?.stop()
        }
        let status = host.run()
        ConnectionLoss.lastWords = nil
        return status
    }

    // MARK: - Windows

    private func content(_ browser: Browser) -> Host.WindowContent {
        Host.WindowContent(controller: browser.split, title: browser.title, owner: browser)
    }

    private func open(_ browser: Browser, size: PixelSize) {
        guard let host else { return }
        let window = host.open(content(browser), size: size)
        browser.onTitleChange = { [weak window] in window?.setTitle($0) }
    }

    private func geometry(for window: WindowState) -> Geometry {
        options.geometry ?? Geometry(width: window.width, height: window.height)
    }

    // MARK: - Loop sources

    private func watchSources(_ host: Host) {
        host.watch(store.workerDescriptor) { [unowned self] in self.store.takeResults() }
        host.watch(store.images.fileDescriptor) { [unowned self] in self.store.images.takeResults() }
        host.watch(store.types.fileDescriptor) { [unowned self] in self.store.types.takeResults() }
        host.watch(store.transfers.fileDescriptor) { [unowned self] in self.store.transfers.takeResults() }
        host.watch(store.trashJobs.fileDescriptor) { [unowned self] in self.store.trashJobs.takeResults() }
        host.watch(store.orders.fileDescriptor) { [unowned self] in self.store.orders.takeResults() }
        if let inotify = store.watcherDescriptor {
            host.watch(inotify) { [unowned self] in self.store.takeChanges() }
        }
        if let signals {
            host.watch(signals) { [unowned host] in
                if TerminationSignals.take() { host.quit() }
            }
        }
    }

    // MARK: - Openers

    /// Polls the openers started by Ctrl+O and double clicks; a failure shows in the window
    /// that started it.
    func pollOpeners() {
        guard !openers.isEmpty, openerTimer == nil else { return }
        openerTimer = host?.after(0.25) { [unowned self] in
            self.openerTimer = nil
            for (path, failure) in self.openers.poll() {
                for (browser, _) in self.browsers()
                where browser.selectedFolder.map({ path.bytes.starts(with: $0.bytes) }) ?? false {
                    browser.reportOpenFailure(path, failure)
                }
            }
            self.pollOpeners()
        }
    }

    // MARK: - Helpers

    /// `--theme`, else the config's, else auto: `SPLITVIEW_THEME`, the X resource
    /// `splitview.theme`, light.
    private func resolveTheme(_ connection: X11Connection) -> Theme {
        let choice = options.theme.map { AppConfig.ThemeChoice(rawValue: $0.rawValue) ?? .auto } ?? config.theme
        switch choice {
        case .light: return .light
        case .dark: return .dark
        case .auto:
            if let name = getenv("SPLITVIEW_THEME").map({ String(cString: $0) }), let theme = Theme.named(name) { return theme }
            if let name = connection.resource("splitview.theme", class: "SplitView.Theme"), let theme = Theme.named(name) {
                return theme
            }
            return .light
        }
    }

    /// `PATH` as a folder to browse and, for anything that is not a folder, the name to select
    /// in its folder; symbolic links resolved, so that the saved state compares the same place.
    static func resolve(_ path: String) throws(LaunchError) -> (FilePath, [UInt8]?) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw LaunchError("\(path): \(String(cString: strerror(errno)))") }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            guard let folder = realPath(path) else { throw LaunchError("\(path): \(String(cString: strerror(errno)))") }
            try checkReadable(folder, shown: path)
            return (FilePath(folder), nil)
        }
        let file = FilePath(path)
        let parent = path.contains("/") ? file.parent.string ?? "." : "."
        guard let folder = realPath(parent.isEmpty ? "/" : parent) else {
            throw LaunchError("\(path): \(String(cString: strerror(errno)))")
        }
        try checkReadable(folder, shown: parent)
        return (FilePath(folder), file.lastComponent)
    }

    private static func checkReadable(_ folder: String, shown: String) throws(LaunchError) {
        guard let directory = opendir(folder) else { throw LaunchError("\(shown): \(String(cString: strerror(errno)))") }
        closedir(directory)
    }

    /// Whether `path` is a bundled sample library, this build's or another's.
    private static func isSampleLibrary(_ path: String) -> Bool {
        path.hasSuffix("/" + String(cString: splitview_resource_bundle_name()) + "/Resources/Library")
    }

    private static func isReadableFolder(_ path: String) -> Bool {
        guard let directory = opendir(path) else { return false }
        closedir(directory)
        return true
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }
}
