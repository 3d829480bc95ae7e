import Glibc
import SplitView
import SplitViewFiles
import SplitViewImages

/// What files are, and how they look, for every window: the MIME database, the icons of the
/// types shown (decoded on a worker of their own, once per icon), and the applications that
/// open each type.
///
/// The database is read once per process, on the worker as it starts; the applications once,
/// on the worker, when "Open With" is first looked at (``requestApplications()``). The loop's
/// thread never reads them itself, and never waits for them: until the worker has read the
/// database the rows have their glyphs and the inspector's Type row says the kind of file,
/// and until it has read the applications "Open With" says it is looking (``apps``); the
/// windows are told when each arrives (``Arrivals``). What it does on the loop's thread once
/// they are read is bounded whatever the files hold (``MimeGlobs/workLimit``,
/// ``MimeMagic/workLimit``). A file too large to be read is said in one line (``report``). A
/// row asks ``icon(for:)``:
/// an icon decoded already comes back at once; otherwise the row gets the core's drawn glyph
/// (a folder or a page) and the icon is looked up and decoded on the worker; when it comes,
/// the windows are told (``addObserver(_:_:)``) and redraw. An icon is the same
/// ``ImagePixels`` for every row and window that shows it, so the host uploads it once; a
/// type whose icon is missing or cannot be decoded keeps the glyph, and is not looked up
/// again. Memory is bounded: at most ``typeLimit`` types and ``iconLimit`` icons are kept,
/// and past that the caches start over.
package final class FileTypes {
    /// The database every window reads (parsed once per process, when first needed).
    package static let sharedDatabase = MimeDatabase.user(environment: environmentLanguage())

    /// The MIME database.
    package let database: MimeDatabase
    /// The icon theme's name: the X resource `splitview.iconTheme`, else GTK's setting; the
    /// launcher sets it before the first window draws.
    package var themeName: String {
        didSet { if themeName != oldValue { startOver() } }
    }
    /// The icons' side in pixels: 16 points at the display's scale.
    package var pixelSize = 16 {
        didSet { if pixelSize != oldValue { startOver() } }
    }

    /// The most types whose icon is remembered, and the most icons kept decoded.
    static let typeLimit = 2_048
    static let iconLimit = 256

    private let xdg: XDGDirectories
    private let worker: BackgroundWorker<Answer>
    private var iconsByType: [String: ListIcon] = [:]
    private var iconsByPath: [String: ImagePixels] = [:]
    /// The rows' types by their name and kind (``icon(forName:kind:)``), at most ``nameLimit``.
    private var typesByName: [NameKind: String] = [:]
    private var asked: Set<String> = []
    private var observers: [(id: ObjectIdentifier, changed: (Arrivals) -> Void)] = []

    /// What came from the worker, for the windows: icons (and the database they needed), or
    /// the applications.
    package struct Arrivals: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// Icons, or the database the rows' icons and the inspector's Type row wait for.
        package static let icons = Arrivals(rawValue: 1)
        /// The applications "Open With" lists.
        package static let applications = Arrivals(rawValue: 2)
    }

    /// Says a file that could not be read (one over its size limit), in one line; the
    /// launcher sends it to stderr.
    package var report: (String) -> Void = { _ in }
    private var generation = 0

    private enum Answer: Sendable {
        case icon(type: String, generation: Int, path: String?, pixels: ImagePixels?, problems: [String])
        case database(problems: [String])
        case applications(MimeApps)
        /// The applications were checked after a change to their folders, and are as read.
        case applicationsCurrent
    }

    /// Readable when icons or the applications have arrived: the loop polls it and calls
    /// ``takeResults()``.
    package var fileDescriptor: Int32 { worker.fileDescriptor }

    /// The types of `xdg`'s database (``sharedDatabase`` for the user's), its worker started,
    /// the database read on it.
    ///
    /// Decided: the worker reads the database at once, beside the first frame. It waited for
    /// the first frame when reading the database cost some 10 ms of the cores; read from the
    /// mapped `mime.cache` it costs the first frame little, and the wait put the window's
    /// icons a frame or more later. The first frame now has them: one interleaved run of the
    /// outside client (2026-11-29, 4 rounds) gave first content 24.3 → 25.7 ms and settled
    /// 30.1 → 25.7 ms, the floor's 18.9 (`Benchmarks/Window/measure.py`: 18.4 → 17.8 and
    /// 19.7 → 18.1).
    ///
    /// - Throws: when the worker's pipe cannot be made (the process is out of descriptors).
    package init(
        xdg: XDGDirectories = .current(), database: MimeDatabase = FileTypes.sharedDatabase
    ) throws(FileError) {
        self.xdg = xdg
        self.database = database
        var settingsRead: [String] = []
        themeName = IconLookup.themeName(xdg, problems: &settingsRead)
        worker = try BackgroundWorker(label: "splitview.types")
        let settingsProblems = settingsRead
        worker.submit {
            database.load()
            // GTK's settings.ini, read before the launcher could hear, is said with them.
            return .database(problems: settingsProblems + database.problems)
        }
    }

    /// Reads the applications on the worker, the first time it is called; the windows are
    /// told when they arrive (``Arrivals/applications``), and from then on they follow the
    /// desktop's changes (``foldersChanged(_:)``).
    ///
    /// Decided: they are read when "Open With" is first looked at (the View menu opening, a
    /// row's context menu), not at start. A desktop has a few hundred entries to parse and
    /// keep, which the start does not draw and most sessions never look at; the menu says
    /// "Looking for Applications…" for the moment they take, and lists them when they come
    /// (`SplitViewController.updateVisibleMenu(_:)` for a menu already open).
    package func requestApplications() {
        guard !applicationsRequested else { return }
        applicationsRequested = true
        let languages = Self.environmentLanguage()
        worker.submit { [xdg] in .applications(Self.readApplications(xdg, languages: languages)) }
    }
    private var applicationsRequested = false

    private static func readApplications(_ xdg: XDGDirectories, languages: [String: String]) -> MimeApps {
        MimeApps.read(xdg, desktops: currentDesktops(), languages: MimeDatabase.languages(environment: languages))
    }

    // MARK: Following the applications

    /// Watches folders for ``foldersChanged(_:)``: the store sets it to its inotify watcher.
    package var watchFolders: ([FilePath]) -> Void = { _ in }
    /// The folders whose change may change the applications: those ``MimeApps/Stamp`` names,
    /// or for a missing one its nearest existing parent (as GIO watches them).
    private var applicationFolders: Set<FilePath> = []
    private var checkingApplications = false, checkAgain = false
    /// How many times the applications were read (the first time included), for tests.
    package private(set) var applicationReadings = 0

    /// Some watched folders changed: when one holds the applications or their lists, the
    /// worker looks whether any file they were read from changed (``MimeApps/isCurrent()``),
    /// and reads them again if one did, so that "Open With" follows `xdg-mime default`, a
    /// program installed or removed, without a restart, as GIO does. One look at a time: a
    /// change meanwhile is looked at once that one is answered.
    package func foldersChanged(_ folders: Set<FilePath>) {
        guard let apps, !folders.isDisjoint(with: applicationFolders) else { return }
        guard !checkingApplications else {
            checkAgain = true
            return
        }
        checkingApplications = true
        let languages = Self.environmentLanguage()
        worker.submit { [xdg] in
            apps.isCurrent() ? .applicationsCurrent : .applications(Self.readApplications(xdg, languages: languages))
        }
    }

    /// The applications were read or checked: their folders are watched (again: one made
    /// since is watched itself now), and a change that came meanwhile is looked at.
    private func applicationsChecked(_ read: MimeApps?) {
        checkingApplications = false
        if let read {
            apps = read
            applicationReadings += 1
            applicationFolders = Set(read.stamp.watchedPaths.map(FilePath.init))
            watchFolders(Array(applicationFolders))
        }
        if checkAgain {
            checkAgain = false
            foldersChanged(applicationFolders)
        }
    }

    /// Calls `changed` with what arrived; `owner` identifies it for ``removeObserver(_:)``.
    func addObserver(_ owner: AnyObject, _ changed: @escaping (Arrivals) -> Void) {
        observers.append((ObjectIdentifier(owner), changed))
    }

    /// Forgets `owner`'s observer.
    func removeObserver(_ owner: AnyObject) {
        observers.removeAll { $0.id == ObjectIdentifier(owner) }
    }

    /// The icon of `type` if it is decoded, else the glyph for it (and the icon asked for).
    func icon(for type: String) -> ListIcon {
        if let known = iconsByType[type] { return known }
        let glyph: ListIcon = type == "inode/directory" ? .folder : .document
        guard asked.insert(type).inserted else { return glyph }
        let names = type == "inode/directory" ? ["folder"] : database.iconNames(for: type)
        request(names, for: type)
        return glyph
    }

    /// The first of the theme's icons `names` that is found (a place's `user-home`, then
    /// `folder`), once decoded; until then, or when none is, `glyph`.
    func icon(named names: [String], glyph: ListIcon) -> ListIcon {
        // Kept beside the types' icons under a key no MIME type can have.
        let key = "icon:" + names.joined(separator: ",")
        if let known = iconsByType[key] { return known }
        if asked.insert(key).inserted { request(names, for: key) }
        return glyph
    }

    /// Looks up and decodes the first of `names` on the worker, kept as `type`'s icon.
    private func request(_ names: [String], for type: String) {
        let lookup = Self.lookup(themeName, xdg), size = pixelSize, generation = generation
        worker.submit {
            guard let path = lookup.path(for: names, size: size) else {
                return .icon(type: type, generation: generation, path: nil, pixels: nil, problems: lookup.takeProblems())
            }
            let limits = ImageLimits(fileBytes: 4 << 20, pixels: 16 << 20, side: 8192, workingMemory: 64 << 20, outputSide: size)
            let pixels = try? ImageDecoder.decode(FilePath(path), limits: limits).get().pixels
            return .icon(type: type, generation: generation, path: path, pixels: pixels, problems: lookup.takeProblems())
        }
    }

    /// The row icon of an entry: its type by its name and kind (``MimeDatabase/type(forName:kind:)``).
    ///
    /// Until the worker has read the database, a row gets its glyph by its kind alone, and the
    /// windows are told when the database is read: the first frame never waits for the
    /// database (some 10 ms of parsing), and the icons come a moment later.
    func icon(forName name: String, kind: FileKind) -> ListIcon {
        guard database.isLoaded else { return kind == .directory ? .folder : .document }
        // A row is drawn again at every frame that shows it: its type is matched once.
        let key = NameKind(name: name, kind: kind)
        if let known = typesByName[key] { return icon(for: known) }
        let type = database.type(forName: name, kind: kind)
        if typesByName.count >= Self.nameLimit { typesByName = [:] }
        typesByName[key] = type
        return icon(for: type)
    }

    /// A row's name and kind, the key of its type.
    private struct NameKind: Hashable {
        var name: String
        var kind: FileKind
    }

    /// The most names whose type is remembered; past that the cache starts over.
    static let nameLimit = 16_384

    /// The applications database once the worker has read it, nil until then: the loop's
    /// thread never reads it itself (a `mimeapps.list` or a desktop entry may be a megabyte,
    /// and there may be thousands of entries). Read again when its files change
    /// (``foldersChanged(_:)``). Tests set their own.
    var apps: MimeApps?

    /// The database once the worker has said it is read, for what the loop's thread asks of
    /// it (the inspector's Type row): nil until then, so that nothing waits for it.
    var loadedDatabase: MimeDatabase? { databaseIsRead ? database : nil }
    private var databaseIsRead = false

    /// Takes what the worker finished: icons kept, the database and the applications noted,
    /// files that could not be read said, and the windows told what arrived.
    package func takeResults() {
        var arrived: Arrivals = []
        for (_, answer) in worker.takeResults() {
            switch answer {
            case .database(let problems):
                problems.forEach(report)
                databaseIsRead = true
                // The rows drawn without the database ask again, and the inspector says the type.
                arrived.insert(.icons)
            case .applications(let read):
                read.problems.forEach(report)
                applicationsChecked(read)
                arrived.insert(.applications)
            case .applicationsCurrent:
                applicationsChecked(nil)
            case .icon(let type, let generation, let path, let pixels, let problems):
                problems.forEach(report)
                guard generation == self.generation else { continue }
                if iconsByType.count >= Self.typeLimit || iconsByPath.count >= Self.iconLimit { startOver() }
                guard let path, let pixels else { continue }
                let shared = iconsByPath[path] ?? pixels
                iconsByPath[path] = shared
                iconsByType[type] = .image(shared)
                arrived.insert(.icons)
            }
        }
        if !arrived.isEmpty { for observer in observers { observer.changed(arrived) } }
    }

    /// Forgets every icon (a new theme or size), so that they are asked for again.
    private func startOver() {
        generation += 1
        iconsByType = [:]
        iconsByPath = [:]
        asked = []
    }

    // MARK: The process's settings

    /// One lookup per theme for the process: its caches of directories are worth keeping.
    nonisolated(unsafe) private static var lookups: [String: IconLookup] = [:]

    private static func lookup(_ theme: String, _ xdg: XDGDirectories) -> IconLookup {
        let key = theme + "\u{0}" + IconLookup.baseDirectories(xdg).joined(separator: ":")
        if let known = lookups[key] { return known }
        let made = IconLookup(theme: theme, baseDirectories: IconLookup.baseDirectories(xdg))
        lookups[key] = made
        return made
    }

    private static func environmentLanguage() -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    /// `$XDG_CURRENT_DESKTOP`'s names (`GNOME`, `ubuntu:GNOME`).
    private static func currentDesktops() -> [String] {
        (getenv("XDG_CURRENT_DESKTOP").map { String(cString: $0) } ?? "").split(separator: ":").map(String.init)
    }
}
