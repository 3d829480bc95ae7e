import Glibc

/// The applications that open a type, as GIO finds them: the desktop entries installed in
/// `applications/` under every XDG data directory, and the user's and the system's choices in
/// `mimeapps.list`, by the "Association between MIME types and applications" specification.
///
/// The `mimeapps.list` files, most important first: `$XDG_CONFIG_HOME`, each of
/// `$XDG_CONFIG_DIRS`, then `applications/` under `$XDG_DATA_HOME` and each of
/// `$XDG_DATA_DIRS`; in each place `$desktop-mimeapps.list` (for each of
/// `$XDG_CURRENT_DESKTOP`, lower case) before `mimeapps.list`. A desktop file id found in more
/// than one data directory is the most important one's; `Hidden=true` there hides it.
public struct MimeApps: Sendable {
    /// The installed entries by desktop file id.
    public private(set) var entries: [String: DesktopEntry] = [:]
    /// The ids in the order they were found (the most important directory first, then by
    /// name), for the types' implicit lists.
    private var order: [String] = []
    /// The ids of ``order`` whose `MimeType=` names each type, in that order: a type's
    /// applications are found without going through every entry's list.
    private var idsByType: [String: [String]] = [:]
    /// The `mimeapps.list` files, most important first.
    private var lists: [KeyFile] = []
    /// What could not be read, one line each for the user: a file over its size limit, or the
    /// entries left unread past 32 MiB of them.
    public private(set) var problems: [String] = []

    /// The most desktop files read, the largest one (1 MiB, some twenty times the largest
    /// GNOME ships, with every translation), and the most bytes of them all together
    /// (32 MiB): a hostile folder cannot hold the worker, and "Open With" with it, for long.
    /// The largest `mimeapps.list` read is 1 MiB too.
    static let entryLimit = 20_000
    static let fileLimit = 1 << 20
    static let totalLimit = 32 << 20

    /// The entries and lists given directly (most important first), for tests and callers
    /// that read them themselves.
    public init(entries: [DesktopEntry], lists: [KeyFile]) {
        for entry in entries where self.entries[entry.id] == nil {
            self.entries[entry.id] = entry
            order.append(entry.id)
            for type in Set(entry.mimeTypes) { idsByType[type, default: []].append(entry.id) }
        }
        self.lists = lists
    }

    /// Reads the entries and lists of `xdg`, the names in `languages`; `desktops` from
    /// `$XDG_CURRENT_DESKTOP`. A file over its limit is skipped and said in ``problems``, as
    /// are the entries left once 32 MiB of them are read.
    public static func read(_ xdg: XDGDirectories, desktops: [String] = [], languages: [String] = []) -> MimeApps {
        var entries: [DesktopEntry] = [], hidden: Set<String> = [], budget = entryLimit, bytesLeft = totalLimit
        var problems: [String] = []
        func readFile(_ path: String) -> [UInt8]? {
            switch AtomicFile.read(path, limit: fileLimit) {
            case .success(let bytes): return bytes
            case .failure(let error):
                if error.code == EFBIG { problems.append("\(error.description), not read") }
                return nil
            }
        }
        reading: for data in xdg.dataSearchPath {
            for (id, path) in desktopFiles(in: data + "/applications", budget: &budget) where !hidden.contains(id) {
                guard bytesLeft > 0 else {
                    problems.append(
                        "\(AtomicFile.printable(data))/applications: more than 32 MiB of desktop entries; the rest are not read")
                    break reading
                }
                guard let bytes = readFile(path) else { continue }
                bytesLeft -= bytes.count
                if let entry = DesktopEntry(bytes, id: id, path: path, languages: languages) {
                    entries.append(entry)
                }
                // Whatever it is, this id is now taken: a less important one never shows.
                hidden.insert(id)
            }
        }
        let places = xdg.configSearchPath + xdg.dataSearchPath.map { $0 + "/applications" }
        var lists: [KeyFile] = []
        for place in places {
            for name in desktops.map({ $0.lowercased() + "-mimeapps.list" }) + ["mimeapps.list"] {
                if let bytes = readFile(place + "/" + name) { lists.append(KeyFile(bytes)) }
            }
        }
        var apps = MimeApps(entries: entries, lists: lists)
        apps.problems = problems
        return apps
    }

    /// The `.desktop` files under `folder` and its subfolders, with their ids, sorted by id.
    static func desktopFiles(in folder: String, budget: inout Int) -> [(id: String, path: String)] {
        var found: [(String, String)] = []
        func walk(_ folder: String, prefix: String, depth: Int) {
            guard depth < 8, budget > 0, let entries = try? FolderNames(opening: FilePath(folder)) else { return }
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

    /// The default application for `type` alone: the first id a `[Default Applications]`
    /// list names that is installed and was not removed in its file or a more important one.
    public func defaultEntry(for type: String) -> DesktopEntry? {
        var removed: Set<String> = []
        for list in lists {
            removed.formUnion(ids(list, "Removed Associations", type))
            for id in ids(list, "Default Applications", type) where !removed.contains(id) {
                if let entry = entries[id] { return entry }
            }
        }
        return nil
    }

    /// The applications for `type` alone: the `[Added Associations]` in order of
    /// importance, then the entries whose `MimeType=` names it, less those a
    /// `[Removed Associations]` takes away (in its own file or a more important one).
    /// `NoDisplay` entries are left out.
    public func associatedEntries(for type: String) -> [DesktopEntry] {
        var removed: Set<String> = [], ids: [String] = []
        for list in lists {
            removed.formUnion(self.ids(list, "Removed Associations", type))
            ids += self.ids(list, "Added Associations", type).filter { !removed.contains($0) }
        }
        ids += (idsByType[type] ?? []).filter { !removed.contains($0) }
        var seen: Set<String> = []
        return ids.compactMap { id in
            guard seen.insert(id).inserted, let entry = entries[id], !entry.noDisplay else { return nil }
            return entry
        }
    }

    /// What "Open With" offers for a file of a type whose ancestry (the type first, then its
    /// parents, ``MimeDatabase/ancestry(of:)``) is `types`: the default first (the type's own,
    /// else the nearest parent's), then every application of the type and then of its
    /// parents, each once. `application/octet-stream`, every file's parent, counts only for
    /// itself: a program for any bytes is not offered for every picture.
    public func applications(forAncestry types: [String]) -> (entries: [DesktopEntry], defaultID: String?) {
        let types = types.enumerated().filter { $0.offset == 0 || $0.element != "application/octet-stream" }.map(\.element)
        let chosen = types.lazy.compactMap(defaultEntry(for:)).first
        var seen: Set<String> = [], result: [DesktopEntry] = []
        for entry in (chosen.map { [$0] } ?? []) + types.flatMap(associatedEntries(for:)) where seen.insert(entry.id).inserted {
            result.append(entry)
        }
        return (result, chosen?.id)
    }

    private func ids(_ list: KeyFile, _ group: String, _ type: String) -> [String] {
        KeyFile.list(list.value(type, in: group) ?? "")
    }
}
