import Glibc
import SplitView

/// The applications that open a type, as GIO finds them (`g_app_info_get_default_for_type`,
/// `g_app_info_get_all_for_type`): the desktop entries installed in `applications/` under
/// every XDG data directory, and the user's and the system's choices in `mimeapps.list`, by
/// the "Association between MIME types and applications" specification.
///
/// The places read, most important first (GIO's desktop file directories): `$XDG_CONFIG_HOME`,
/// each of `$XDG_CONFIG_DIRS`, then `applications/` under `$XDG_DATA_HOME` and each of
/// `$XDG_DATA_DIRS`. In each place, `$desktop-mimeapps.list` (for each of
/// `$XDG_CURRENT_DESKTOP`, lower case) may only choose defaults; `mimeapps.list` may also add
/// and remove associations; in a data directory, `defaults.list` (GLib's older file) chooses
/// defaults too. A desktop file id found in more than one data directory is the most
/// important one's: only its `MimeType=` counts, and a less important place's lists cannot
/// add or remove it (GIO's masking). Where that file is `Hidden=true` (or no application),
/// the id still opens by the next place's entry when a list names it: GIO finds it so, and
/// "Open With" and `gio open` must start the same program.
///
/// A type's default, as GIO finds it: for the type itself, then each parent in turn, the
/// first of the defaults every place chooses for it and then of every place's associations
/// for it (its `[Added Associations]`, then the entries installed there whose `MimeType=`
/// names it, less those a `[Removed Associations]` of a more important place took away). So
/// a subtype's own applications come before the default of its parent (`text/x-csrc` opens
/// with a program that names C sources before the one chosen for `text/plain`, as `gio mime`
/// and `xdg-mime` say), and a removed association still counts as a default when a list
/// chooses it. The other applications are the types' associations in the same order.
public struct MimeApps: Sendable {
    /// The installed entries by desktop file id.
    public private(set) var entries: [String: DesktopEntry] = [:]
    /// Where lists and entries were read, most important first.
    private var places: [Place] = []
    /// What could not be read, one line each for the user: a file over its size limit, or the
    /// entries left unread past 32 MiB of them.
    public private(set) var problems: [String] = []
    /// The files read and the folders searched, as they were: ``isCurrent()`` compares them
    /// with the disk.
    public private(set) var stamp = Stamp()

    /// One of GIO's desktop file directories: a config directory, or a data directory's
    /// `applications/`.
    struct Place: Sendable {
        /// Its lists in the order GIO reads them, each with whether it may add and remove
        /// associations (only a `mimeapps.list` that names no desktop may).
        var lists: [(file: KeyFile, full: Bool)] = []
        /// The ids of the entries installed here whose `MimeType=` names each type, by id.
        var idsByType: [String: [String]] = [:]
        /// Every desktop file id found here, hidden ones too: a less important place's lists
        /// cannot name them.
        var ids: Set<String> = []
    }

    /// The most desktop files read, the largest one (1 MiB, some twenty times the largest
    /// GNOME ships, with every translation), and the most bytes of them all together
    /// (32 MiB): a hostile folder cannot hold the worker, and "Open With" with it, for long.
    /// The largest `mimeapps.list` read is 1 MiB too.
    static let entryLimit = 20_000
    static let fileLimit = 1 << 20
    static let totalLimit = 32 << 20

    /// The entries and lists given directly, for tests and callers that read them themselves:
    /// each list a place of its own (most important first, each a `mimeapps.list`), then one
    /// place holding every entry (the first of an id kept).
    public init(entries: [DesktopEntry], lists: [KeyFile]) {
        places = lists.map { Place(lists: [($0, true)]) }
        var installed = Place()
        for entry in entries where self.entries[entry.id] == nil {
            self.entries[entry.id] = entry
            installed.add(entry)
        }
        places.append(installed)
    }

    /// Reads the entries and lists of `xdg`, the names in `languages`; `desktops` from
    /// `$XDG_CURRENT_DESKTOP`. A file over its limit is skipped and said in ``problems``, as
    /// are the entries left once 32 MiB of them are read.
    public static func read(_ xdg: XDGDirectories, desktops: [String] = [], languages: [String] = []) -> MimeApps {
        var apps = MimeApps(entries: [], lists: [])
        apps.places = []
        var budget = entryLimit, bytesLeft = totalLimit, masked: Set<String> = []
        var stamp = Stamp(), configFolders: [String] = []
        func readFile(_ path: String) -> [UInt8]? {
            // Its status before it is read: a change while it is read is a change still to see.
            // A missing file is kept too: one made later is a change.
            stamp.files.append(Stamp.File(path))
            switch AtomicFile.read(path, limit: fileLimit) {
            case .success(let bytes): return bytes
            case .failure(let error):
                if error.code == EFBIG { apps.problems.append(String(translated: "\(error.description), not read")) }
                return nil
            }
        }
        func lists(in folder: String, isData: Bool) -> [(KeyFile, Bool)] {
            var found: [(KeyFile, Bool)] = []
            for name in desktops.map({ $0.lowercased() + "-mimeapps.list" }) {
                if let bytes = readFile(folder + "/" + name) { found.append((KeyFile(bytes), false)) }
            }
            if let bytes = readFile(folder + "/mimeapps.list") { found.append((KeyFile(bytes), true)) }
            if isData, let bytes = readFile(folder + "/defaults.list") { found.append((KeyFile(bytes), false)) }
            return found
        }
        for config in xdg.configSearchPath {
            apps.places.append(Place(lists: lists(in: config, isData: false)))
            // Watched, not compared: a list made there is a change of its own stamp, and
            // `~/.config` changes whenever any program makes a file in it.
            configFolders.append(config)
        }
        var full = false
        for data in xdg.dataSearchPath {
            let folder = data + "/applications"
            var place = Place(lists: lists(in: folder, isData: true))
            for (id, path) in desktopFiles(in: folder, budget: &budget, folders: &stamp.folders) where !full {
                place.ids.insert(id)
                guard apps.entries[id] == nil else { continue }
                guard bytesLeft > 0 else {
                    let folder = AtomicFile.printable(data) + "/applications"
                    apps.problems.append(
                        String(translated: "\(folder): more than 32 MiB of desktop entries; the rest are not read"))
                    full = true
                    break
                }
                guard let bytes = readFile(path) else { continue }
                bytesLeft -= bytes.count
                guard let entry = DesktopEntry(bytes, id: id, path: path, languages: languages) else { continue }
                apps.entries[entry.id] = entry
                // An id a more important place holds (hidden there, or not an application)
                // opens by this entry when a list names it, as GIO finds it, but is
                // associated with no type by its own `MimeType=`.
                if !masked.contains(id) { place.add(entry) }
            }
            masked.formUnion(place.ids)
            apps.places.append(place)
        }
        // Found here, on the reading's thread: a missing folder's parent is looked for on disk.
        stamp.watchedPaths = Stamp.watched(configFolders.map(Stamp.File.init) + stamp.folders)
        apps.stamp = stamp
        return apps
    }

    /// The `.desktop` files under `folder` and its subfolders, with their ids, sorted by id;
    /// every folder looked in (`folder` even when missing) added to `folders`.
    static func desktopFiles(
        in folder: String, budget: inout Int, folders: inout [Stamp.File]
    ) -> [(
        id: String, path: String
    )] {
        var found: [(String, String)] = []
        func walk(_ folder: String, prefix: String, depth: Int) {
            guard depth < 8, budget > 0 else { return }
            folders.append(Stamp.File(folder))
            guard let entries = try? FolderNames(opening: FilePath(folder)) else { return }
            var names: [(String, Bool)] = []
            while budget > 0, let entry = try? entries.next({ (String(decoding: $0.name, as: UTF8.self), $0.kind) }) {
                let (name, kind) = entry
                guard !name.hasPrefix("."), !name.contains("/") else { continue }
                budget -= 1
                names.append((name, kind == .directory))
            }
            for (name, isFolder) in names {
                if isFolder {
                    walk(folder + "/" + name, prefix: prefix + name + "-", depth: depth + 1)
                } else if name.hasSuffix(".desktop") {
                    found.append((prefix + name, folder + "/" + name))
                }
            }
        }
        walk(folder, prefix: "", depth: 0)
        return found.sorted { $0.0 < $1.0 }
    }

    /// The default application chosen for `type` alone: the first id a
    /// `[Default Applications]` list names that is installed, the most important place first.
    public func defaultEntry(for type: String) -> DesktopEntry? {
        defaults(for: type).first.flatMap { entries[$0] }
    }

    /// The applications associated with `type` alone, in GIO's order (see ``MimeApps``);
    /// `NoDisplay` entries are left out.
    public func associatedEntries(for type: String) -> [DesktopEntry] {
        var blocked: Set<String> = [], seen: Set<String> = []
        return associations(for: type, blocked: &blocked, seen: &seen).compactMap { id in
            guard let entry = entries[id], !entry.noDisplay else { return nil }
            return entry
        }
    }

    /// What "Open With" offers for a file of a type whose ancestry (the type first, then its
    /// parents, ``MimeDatabase/ancestry(of:)``) is `types`, as GIO and GTK's chooser give it:
    /// the default first (`g_app_info_get_default_for_type`: for the type, then each parent,
    /// the first of its defaults and then its associations, `NoDisplay` or not), then every
    /// other application associated with the types that shows (`g_app_info_get_all_for_type`).
    /// `application/octet-stream`, every file's parent, counts only for itself: a program for
    /// any bytes is not offered for every picture.
    public func applications(forAncestry types: [String]) -> (entries: [DesktopEntry], defaultID: String?) {
        let types = types.enumerated().filter { $0.offset == 0 || $0.element != "application/octet-stream" }.map(\.element)
        // The default: a removal keeps counting from type to type; the rest starts over.
        var defaultID: String?
        var blocked: Set<String> = []
        for type in types where defaultID == nil {
            let chosen = defaults(for: type)
            var seen = Set(chosen)
            defaultID = chosen.first ?? associations(for: type, blocked: &blocked, seen: &seen).first
        }
        var all: [String] = [], seen: Set<String> = []
        blocked = []
        for type in types { all += associations(for: type, blocked: &blocked, seen: &seen) }
        let shown = (defaultID.map { [$0] } ?? []) + all.filter { $0 != defaultID && entries[$0]?.noDisplay == false }
        return (shown.compactMap { entries[$0] }, defaultID)
    }

    /// The installed ids every place's lists choose as `type`'s default, in order.
    private func defaults(for type: String) -> [String] {
        var ids = Ordered()
        for place in places {
            for (list, _) in place.lists {
                for id in self.ids(list, "Default Applications", type) where entries[id] != nil { ids.append(id) }
            }
        }
        return ids.items
    }

    /// The installed ids associated with `type` not in `seen` (which they join), place by
    /// place: each place's additions (its lists' `[Added Associations]`, then its entries
    /// naming the type) unless `blocked`, then its removals join `blocked`. A place's lists
    /// never name an id a more important place holds.
    ///
    /// Within a place the lists are merged as GLib merges them (`expand_strv`): a list that
    /// adds to an empty one is taken whole, so a place's removal holds back its own entries
    /// only when the place also adds to the type, and its addition escapes its own removal
    /// only when that is the place's first. `gio mime` answers so; the differential tests
    /// hold "Open With" to it.
    private func associations(for type: String, blocked: inout Set<String>, seen: inout Set<String>) -> [String] {
        var found: [String] = [], more: Set<String> = []
        for place in places {
            var added: Merged?, removed: Merged?
            for (list, full) in place.lists where full {
                if let value = list.value(type, in: "Added Associations") {
                    Merged.expand(&added, KeyFile.list(value), except: removed)
                }
                if let value = list.value(type, in: "Removed Associations") {
                    Merged.expand(&removed, KeyFile.list(value), except: added)
                }
            }
            if let installed = place.idsByType[type] { Merged.expand(&added, installed, except: removed) }
            for id in added?.items ?? [] where !more.contains(id) && !blocked.contains(id) && seen.insert(id).inserted {
                if entries[id] != nil { found.append(id) }
            }
            for id in removed?.items ?? [] where !more.contains(id) && !seen.contains(id) { blocked.insert(id) }
            more.formUnion(place.ids)
        }
        return found
    }

    /// A place's additions or removals for one type, merged list by list.
    private struct Merged {
        private(set) var items: [String]
        private var members: Set<String>

        /// Adds `ids` to `merged`, those in `except` and those already there left out, unless
        /// `merged` is empty: then it is `ids` as they are.
        static func expand(_ merged: inout Merged?, _ ids: [String], except: Merged?) {
            guard var current = merged else {
                merged = Merged(items: ids, members: Set(ids))
                return
            }
            for id in ids where except?.members.contains(id) != true && current.members.insert(id).inserted {
                current.items.append(id)
            }
            merged = current
        }
    }

    /// Ids in order, each once.
    private struct Ordered {
        private(set) var items: [String] = []
        private var members: Set<String> = []
        mutating func append(_ id: String) { if members.insert(id).inserted { items.append(id) } }
    }

    private func ids(_ list: KeyFile, _ group: String, _ type: String) -> [String] {
        KeyFile.list(list.value(type, in: group) ?? "")
    }

    /// Whether the files read and the folders searched are as they were read: false once a
    /// list, a desktop file or a folder of them was made, changed or removed (GIO sees such
    /// a change at once: "Open With" follows it without a restart).
    public func isCurrent() -> Bool {
        stamp.files.allSatisfy { $0 == Stamp.File($0.path) } && stamp.folders.allSatisfy { $0 == Stamp.File($0.path) }
    }

    /// The files a reading depended on, each with its status as read.
    public struct Stamp: Equatable, Sendable {
        /// A path and what `stat` said of it (nil when it was missing).
        public struct File: Equatable, Sendable {
            var path: String
            var device: UInt = 0, inode: UInt = 0, size = 0, seconds = 0, nanoseconds = 0
            var exists = false

            init(_ path: String) {
                self.path = path
                var status = stat()
                guard stat(path, &status) == 0 else { return }
                exists = true
                device = UInt(status.st_dev)
                inode = UInt(status.st_ino)
                size = Int(status.st_size)
                seconds = Int(status.st_mtim.tv_sec)
                nanoseconds = Int(status.st_mtim.tv_nsec)
            }
        }

        var files: [File] = []
        var folders: [File] = []

        /// The folders to watch for a change of the applications: the config directories and
        /// every `applications/` folder searched; for one that is missing, the nearest
        /// existing folder above it (where it would be made), as GIO watches them.
        public internal(set) var watchedPaths: [String] = []

        /// The paths to watch for `folders` as they were found (see ``watchedPaths``).
        static func watched(_ folders: [File]) -> [String] {
            var paths: [String] = [], seen: Set<String> = []
            for folder in folders {
                var path = folder.path
                if !folder.exists {
                    while path.count > 1, access(path, F_OK) != 0 {
                        path = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "/"
                        if path.isEmpty { path = "/" }
                    }
                }
                if seen.insert(path).inserted { paths.append(path) }
            }
            return paths
        }
    }
}

extension MimeApps.Place {
    /// Adds `entry`, installed here, under each type its `MimeType=` names.
    mutating func add(_ entry: DesktopEntry) {
        ids.insert(entry.id)
        for type in Set(entry.mimeTypes) { idsByType[type, default: []].append(entry.id) }
    }
}
