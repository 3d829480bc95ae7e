import Glibc
import SplitView
import SplitViewFiles

/// Where the places come from: the home folder and the three files read for them. The app
/// takes them from the environment; tests give folders of their own.
package struct PlaceSources {
    /// `$HOME` (else the password database's).
    var home: FilePath
    /// `$XDG_CONFIG_HOME/user-dirs.dirs`.
    var userDirsFile: String
    /// `$XDG_CONFIG_HOME/gtk-3.0/bookmarks`, GTK's shared bookmarks.
    var bookmarksFile: String
    /// `/proc/self/mountinfo`, or the table `SPLITVIEW_MOUNTINFO` names
    /// (`MountInfo.table(environment:)`).
    var mountInfoFile: String
    /// `$XDG_RUNTIME_DIR/gvfs`, where GVfs shows remote places it has mounted.
    var gvfsFolder: String?

    /// The sources for `environment` (`$HOME`, `$XDG_CONFIG_HOME`, as XDG reads them, and
    /// `$SPLITVIEW_MOUNTINFO`, the window tests' mount table).
    package init(environment: [String: String]) {
        let config = XDGFolder.config.path(environment: environment)
        home = FilePath(XDGFolder.home(environment: environment))
        userDirsFile = config + "/user-dirs.dirs"
        bookmarksFile = config + "/gtk-3.0/bookmarks"
        mountInfoFile = MountInfo.table(environment: environment)
        gvfsFolder = GVfsFolders.folder(environment: environment)
    }

    /// The process's own environment.
    package static func current() -> PlaceSources {
        var environment: [String: String] = [:]
        for name in ["HOME", "XDG_CONFIG_HOME", "XDG_RUNTIME_DIR", MountInfo.tableVariable] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return PlaceSources(environment: environment)
    }

    /// The folder holding the bookmarks file: watched, so that a bookmark GNOME Files adds
    /// shows here too.
    var bookmarksFolder: FilePath { FilePath(AtomicFile.parentFolder(of: bookmarksFile)) }
    /// The folder holding `user-dirs.dirs`: watched too (`xdg-user-dirs-update` renames a
    /// folder there).
    var userDirsFolder: FilePath { FilePath(AtomicFile.parentFolder(of: userDirsFile)) }
    /// The folders whose change means the places are read again.
    var watchedFolders: Set<FilePath> { [bookmarksFolder, userDirsFolder] }

    /// The file Ctrl+D replaces: the bookmarks file, or the file it links to when it is a
    /// symbolic link (a dotfiles repository's), so that the link stays a link; `nil` when
    /// the link does not resolve (nothing is written then).
    func bookmarksTarget() -> String? {
        var info = stat()
        guard lstat(bookmarksFile, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return bookmarksFile }
        guard let resolved = realpath(bookmarksFile, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The places, in GNOME Files' order: Home, the user folders that exist (not the home
    /// folder itself, which `xdg-user-dirs` uses to switch one off), the bookmarks, the file
    /// system, the volumes. A file that cannot be read gives no places; the bookmarks file's
    /// reason comes back in `problem`, in one line.
    func gather() -> (places: [Place], problem: String?) {
        var places = [Place(name: String(translated: "Home"), path: home, kind: .home)]
        var seen: Set<FilePath> = [home]
        if case .success(let bytes) = AtomicFile.read(userDirsFile, limit: GTKBookmarks.sizeLimit) {
            let folders = UserDirs.parse(bytes, home: home)
            for key in UserDirs.keys {
                guard let folder = folders[key], Self.isFolder(folder), seen.insert(folder).inserted else { continue }
                places.append(
                    Place(name: FilePath.displayName(folder.lastComponent), path: folder, kind: .userFolder, userDirKey: key))
            }
        }
        let (bookmarks, problem) = readBookmarks()
        for entry in bookmarks ?? [] {
            switch entry {
            case .folder(let bookmark):
                let name = bookmark.label ?? (bookmark.path.isRoot ? bookmark.path.bytes : bookmark.path.lastComponent)
                places.append(Place(name: FilePath.displayName(name), path: bookmark.path, kind: .bookmark))
            case .remote(let uri, let label):
                places.append(
                    Place(
                        name: label.map { FilePath.displayName($0) } ?? Self.remoteName(uri),
                        path: FilePath(bytes: Array(uri.utf8)),
                        kind: .remote, uri: uri))
            }
        }
        places.append(Place(name: String(translated: "File System"), path: FilePath("/"), kind: .fileSystem))
        if case .success(let bytes) = AtomicFile.read(mountInfoFile, limit: 4 << 20) {
            for volume in MountInfo.volumes(in: MountInfo.parse(bytes)) {
                places.append(Place(name: FilePath.displayName(volume.lastComponent), path: volume, kind: .volume))
            }
        }
        return (places, problem)
    }

    /// A remote bookmark's name without a label, as GTK's sidebar makes it: the last folder
    /// of its path and the host (`srv on host`), or the host alone for its top.
    static func remoteName(_ uri: String) -> String {
        let rest = uri.split(separator: "/", omittingEmptySubsequences: true).dropFirst()
        let host = rest.first.map { $0.split(separator: "@").last.map(String.init) ?? String($0) } ?? uri
        guard let last = rest.dropFirst().last else { return host }
        let name = PercentEncoding.decoded(last.utf8, as: .anyByte).map { String(decoding: $0, as: UTF8.self) } ?? String(last)
        return String(translated: "\(name) on \(host)")
    }

    /// The most bookmarks shown among the places: 1 000, a sidebar longer than anyone scrolls
    /// through (GNOME Files shows them all; a hostile file of 1 MiB holds some 60 000).
    static let bookmarkLimit = 1_000

    /// The bookmarks, or `nil` and why the file cannot be used: a missing file holds none.
    /// Past ``bookmarkLimit`` the rest are not read, and `problem` says so.
    ///
    /// Decided: the places are read on the loop's thread (they are the sidebar's first rows,
    /// and a change to the file is followed at once), so the work is bounded: the file is read
    /// only until its first 1 000 bookmarks, whatever its size within the 1 MiB limit.
    func readBookmarks() -> (bookmarks: [GTKBookmarks.Entry]?, problem: String?) {
        switch AtomicFile.read(bookmarksFile, limit: GTKBookmarks.sizeLimit) {
        case .success(let bytes):
            if let problem = GTKBookmarks.problem(in: bytes) {
                let file = AtomicFile.printable(bookmarksFile)
                return (nil, String(translated: "bookmarks: \(file): \(problem)"))
            }
            let bookmarks = GTKBookmarks.entries(bytes, limit: Self.bookmarkLimit + 1)
            guard bookmarks.count > Self.bookmarkLimit else { return (bookmarks, nil) }
            let file = AtomicFile.printable(bookmarksFile)
            return (
                Array(bookmarks.prefix(Self.bookmarkLimit)),
                String(translated: "bookmarks: \(file): more than 1 000 bookmarks; the first 1 000 are shown")
            )
        case .failure(let error) where error.code == ENOENT: return ([], nil)
        case .failure(let error): return (nil, String(translated: "bookmarks: \(error.description)"))
        }
    }

    private static func isFolder(_ path: FilePath) -> Bool {
        guard case .success(let info) = FileInfo.read(path) else { return false }
        return (info.resolvedKind ?? info.kind) == .directory
    }
}
