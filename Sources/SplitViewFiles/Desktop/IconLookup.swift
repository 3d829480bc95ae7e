import Glibc
import SplitView
import Synchronization

/// Finds an icon's file by the freedesktop.org icon theme specification: the user's theme,
/// then the themes it inherits from (depth first, each once, a loop cut where it comes
/// back), then `hicolor`, then the bare base directories (`/usr/share/pixmaps`).
///
/// Within a theme each name is looked up in turn (GTK's order: the themes outside, the names
/// inside): a directory that serves the size exactly, else the one at the least distance.
/// Only PNG files count, since PNG is what the app decodes; a name a theme has only as SVG
/// is passed over for the next. Each theme's `index.theme` is read once, when first needed,
/// and kept. Which directories hold a name comes from the theme's `icon-theme.cache` when it
/// has a fresh one (`IconThemeCache`: mapped, a hash read per name, as GTK does), else from
/// each directory's list of files, read once and kept; a directory that cannot be read counts
/// as empty. Any thread may look up: the caches are behind a lock (the app looks up on its
/// image worker).
public final class IconLookup: Sendable {
    /// Where themes are looked for, most important first.
    public let baseDirectories: [String]
    /// The user's theme.
    public let themeName: String

    /// The most files kept from one directory, and the most directories kept: a hostile theme
    /// cannot make the caches grow without bound.
    static let filesPerDirectory = 20_000
    static let directoriesKept = 2_000
    /// The deepest `Inherits=` chain followed.
    static let inheritanceDepth = 16

    private let themes = Mutex<[String: IconThemeIndex?]>([:])
    private let listings = Mutex<[String: Set<String>]>([:])
    private let caches = Mutex<[String: IconThemeCache?]>([:])
    private let folders = Mutex<[String: Bool]>([:])
    private let problems = Mutex<[String]>([])

    /// The largest `index.theme` read (1 MiB: hicolor's, the largest, is some 55 KB).
    static let indexLimit = 1 << 20

    /// A lookup in `theme`, searched for in `baseDirectories`.
    public init(theme: String, baseDirectories: [String]) {
        themeName = IconName.isValid(theme) ? theme : "hicolor"
        self.baseDirectories = baseDirectories
    }

    /// The specification's base directories: `$HOME/.icons`, `icons/` in every XDG data
    /// directory, then `/usr/share/pixmaps`.
    public static func baseDirectories(_ xdg: XDGDirectories) -> [String] {
        (xdg.home.isEmpty ? [] : [xdg.home + "/.icons"]) + xdg.dataSearchPath.map { $0 + "/icons" } + ["/usr/share/pixmaps"]
    }

    /// The user's icon theme: GTK's `gtk-icon-theme-name` in `gtk-3.0/settings.ini` under the
    /// config home, then the config directories; else GTK 3's own default, `Adwaita` (which
    /// falls back to `hicolor` where it is not installed).
    public static func themeName(_ xdg: XDGDirectories) -> String {
        var problems: [String] = []
        return themeName(xdg, problems: &problems)
    }

    /// ``themeName(_:)``, with a line in `problems` for each `settings.ini` over its limit,
    /// which is skipped: 64 KiB (GTK writes a few hundred bytes), since the app reads it on
    /// the loop's thread as its first window opens.
    public static func themeName(_ xdg: XDGDirectories, problems: inout [String]) -> String {
        for directory in xdg.configSearchPath {
            switch AtomicFile.read(directory + "/gtk-3.0/settings.ini", limit: settingsLimit) {
            case .success(let bytes):
                guard let name = KeyFile(bytes).value("gtk-icon-theme-name", in: "Settings").map(KeyFile.unescaped),
                    IconName.isValid(name)
                else { continue }
                return name
            case .failure(let error):
                if error.code == EFBIG { problems.append(String(translated: "\(error.description), not read")) }
            }
        }
        return "Adwaita"
    }

    /// The largest GTK `settings.ini` read: 64 KiB.
    static let settingsLimit = 64 << 10

    /// The themes searched, in order: the user's, its ancestors, then `hicolor`.
    public var themeChain: [String] {
        var chain: [String] = []
        _ = walkThemes {
            chain.append($0)
            return false
        }
        return chain
    }

    /// Calls `visit` with each theme of ``themeChain`` in turn, until it returns true (then
    /// true): a theme's index is read only when the walk reaches it.
    ///
    /// Decided: the chain is walked as it is searched, not made first, so that a name the
    /// user's theme has never reads the themes after it: hicolor's index, some 750
    /// directories, was read at every start although Adwaita has every icon the first window
    /// shows (7 M instructions on the icon worker before the window settled).
    private func walkThemes(_ visit: (String) -> Bool) -> Bool {
        var visited: [String] = []
        func walk(_ name: String, depth: Int) -> Bool {
            guard depth < Self.inheritanceDepth, !visited.contains(name), let index = index(of: name) else { return false }
            visited.append(name)
            if visit(name) { return true }
            for parent in index.inherits where walk(parent, depth: depth + 1) { return true }
            return false
        }
        if walk(themeName, depth: 0) { return true }
        if !visited.contains("hicolor"), index(of: "hicolor") != nil { return visit("hicolor") }
        return false
    }

    /// The PNG file for the first of `names` any theme of the chain has, at `size` points and
    /// `scale`, else one of them in a base directory; nil when none has one.
    public func path(for names: [String], size: Int, scale: Int = 1) -> String? {
        let names = names.filter(IconName.isValid)
        var found: String?
        let foundInTheme = walkThemes { theme in
            found = names.lazy.compactMap { self.lookup($0, size: size, scale: scale, in: theme) }.first
            return found != nil
        }
        if foundInTheme, let found { return found }
        for name in names {
            for base in baseDirectories where contains(base, name) { return base + "/" + name + ".png" }
        }
        return nil
    }

    /// The specification's `LookupIcon`, PNG only.
    ///
    /// Only the base directories that hold the theme are searched, and a directory's path is
    /// made only for a directory that holds the name: hicolor lists some 750 directories, and
    /// making each one's path in every base directory (and listing the absent ones) was 8 of
    /// the 17 million instructions of the first icons at start-up.
    private func lookup(_ name: String, size: Int, scale: Int, in theme: String) -> String? {
        guard let index = index(of: theme) else { return nil }
        // The base directories that hold the theme; for each, the theme's directories there
        // that hold the name when its cache says, nil where each directory is listed instead.
        let bases: [(folder: String, holding: Set<String>?)] = baseDirectories.compactMap { base in
            let folder = base + "/" + theme
            guard isFolder(folder) else { return nil }
            return (
                folder, cache(of: folder).map { cache in Set(cache.directories(holding: name).map { cache.directories[$0] }) }
            )
        }
        var closest: (path: String, distance: Int)?
        for directory in index.directories {
            for base in bases {
                if let holding = base.holding {
                    guard holding.contains(directory.name) else { continue }
                } else {
                    guard contains(base.folder + "/" + directory.name, name) else { continue }
                }
                let path = base.folder + "/" + directory.name + "/" + name + ".png"
                if directory.matches(size: size, scale: scale) { return path }
                let distance = directory.distance(size: size, scale: scale)
                if closest == nil || distance < closest!.distance { closest = (path, distance) }
            }
        }
        return closest?.path
    }

    /// Whether `folder` is a folder (following links), asked once.
    private func isFolder(_ folder: String) -> Bool {
        if let known = folders.withLock({ $0[folder] }) { return known }
        var info = stat()
        let found = stat(folder, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
        folders.withLock { folders in
            if folders.count >= Self.directoriesKept { folders.removeAll() }
            folders[folder] = found
        }
        return found
    }

    /// The theme's index, read from the first base directory that has one.
    func index(of theme: String) -> IconThemeIndex? {
        guard IconName.isValid(theme) else { return nil }
        if let known = themes.withLock({ $0[theme] }) { return known }
        var found: IconThemeIndex?
        for base in baseDirectories {
            switch AtomicFile.read(base + "/" + theme + "/index.theme", limit: Self.indexLimit) {
            case .success(let bytes): found = IconThemeIndex(bytes)
            case .failure(let error):
                if error.code == EFBIG { problems.withLock { $0.append(String(translated: "\(error.description), not read")) } }
                continue
            }
            break
        }
        themes.withLock { $0[theme] = .some(found) }
        return found
    }

    /// What could not be read since the last call, one line each for the user: an
    /// `index.theme` over 1 MiB (skipped, as if the theme had none).
    public func takeProblems() -> [String] {
        problems.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }

    /// The fresh cache of the theme in `folder`, mapped once; nil when it has none.
    private func cache(of folder: String) -> IconThemeCache? {
        if let known = caches.withLock({ $0[folder] }) { return known }
        let cache = IconThemeCache(folder: folder)
        caches.withLock { $0[folder] = .some(cache) }
        return cache
    }

    /// Whether `folder` holds `name.png`, from its listing read once.
    private func contains(_ folder: String, _ name: String) -> Bool {
        if let known = listings.withLock({ $0[folder] }) { return known.contains(name) }
        let names = Self.pngNames(in: folder)
        listings.withLock { listings in
            if listings.count >= Self.directoriesKept { listings.removeAll() }
            listings[folder] = names
        }
        return names.contains(name)
    }

    /// The names (without `.png`) of the PNG files in `folder`, at most ``filesPerDirectory``.
    static func pngNames(in folder: String) -> Set<String> {
        guard let entries = try? FolderNames(opening: FilePath(folder)) else { return [] }
        var names: Set<String> = []
        while names.count < filesPerDirectory, let name = try? entries.next({ String(decoding: $0.name, as: UTF8.self) }) {
            if name.hasSuffix(".png"), name.count > 4 { names.insert(String(name.dropLast(4))) }
        }
        return names
    }
}
