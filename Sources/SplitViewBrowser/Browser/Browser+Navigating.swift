import SplitView
import SplitViewFiles

/// Going anywhere: up, to a path, back and forward through the folders shown.
extension Browser {
    /// Shows the folder `path` names, or, for a file, its folder with the file selected: the
    /// one way the location bar, up, the history, places and bookmarks show a folder. A folder
    /// outside the outline moves its root up (to the nearest folder enclosing both); the
    /// files column lists it, the outline selects it, the title names it. Returns why it could
    /// not ("No such file or directory", "Permission denied"), with nothing changed, or nil.
    ///
    /// `path` is absolute; `.` and `..` in it are taken out first.
    @discardableResult
    package func go(to path: FilePath) -> String? {
        go(to: path, selecting: nil)
    }

    /// ``go(to:)``, selecting the entry `name` in the folder (for a folder's path).
    func go(to path: FilePath, selecting name: [UInt8]?) -> String? {
        let path = Location.normalized(path.bytes)
        let info: FileInfo
        switch FileInfo.read(path) {
        case .failure(let error): return error.reason
        case .success(let read): info = read
        }
        let (folder, name) = info.isFolder || path.isRoot ? (path, name) : (path.parent, path.lastComponent)
        if let problem = Location.readProblem(folder) { return problem }
        show(folder: folder, selecting: name)
        return nil
    }

    /// Shows the parent of the shown folder, the folder it came from selected in the list
    /// (Alt+Up; Backspace in a list), also above the folder the window started in. Nothing
    /// happens at `/`, or when the parent cannot be read (the list says why in its bar).
    func goUp() {
        guard let folder = selectedFolder, !folder.isRoot else { return }
        let parent = folder.parent
        if let problem = Location.readProblem(parent) {
            reader.notice = String(translated: "Cannot go up to “\(Location.text(of: parent))”: \(problem).")
            return
        }
        show(folder: parent, selecting: folder.lastComponent)
    }

    /// Selects `folder` (and `name` in it), moving the outline's root up first when the folder
    /// is outside it.
    func show(folder: FilePath, selecting name: [UInt8]?) {
        if !tree.contains(folder) {
            var root = tree.root
            while !root.isRoot && StatePath.relative(folder, to: root) == nil { root = root.parent }
            tree.moveRoot(to: root)
            folders.title = FilePath.displayName(root.lastComponent)
        }
        select(folder: folder, name: name)
        if split.isCollapsed || split.style != .tripleColumn { open(.supplementary, focus: false) }
    }

    /// Goes one step through the history (``Navigation/step(_:from:root:show:)``); true when
    /// it went. Back (or forward) to the folder holding the shown one selects it there, as going
    /// up does.
    ///
    /// Decision (the newcomer's walk: Home → … → the Trash place → Back): a folder outside the
    /// outline comes back under the root it was shown under, as a place would show it, not
    /// under the common parent of that root and the place's (which, for a trash outside the
    /// home, rose above the home).
    func moveThroughHistory(_ direction: SplitViewController.HistoryDirection) -> Bool {
        guard let current = selectedFolder else { return false }
        return navigation.step(direction, from: current, root: tree.root) { target, name in
            if !tree.contains(target), Location.readProblem(target) == nil, let root = navigation.root(whenLeft: target),
                root != tree.root, root == target || StatePath.relative(target, to: root) != nil,
                Location.readProblem(root) == nil
            {
                reroot(at: root)
            }
            return go(to: target, selecting: name) == nil
        }
    }

    /// Runs `body` without recording the folders it shows in the history (a move through the
    /// history itself, the selection following the disk, a restored window).
    func withoutHistory<T>(_ body: () -> T) -> T {
        navigation.withoutHistory(body)
    }
}
