import Glibc
import SplitView
import SplitViewFiles

/// Where a window has been and can go: the folders shown before and after the shown one, and
/// the places above the outline with the bookmarks Ctrl+D adds to. (The location bar's paths are
/// ``Location``'s.)
///
/// The browser shows the folders; this part decides which folder a step through the history
/// shows, and what the places and a bookmark are.
final class Navigation {
    /// The folders shown before and after the shown one (Alt+Left, Alt+Right).
    var history = NavigationHistory()
    /// True while the folders shown are not history steps (see ``withoutHistory(_:)``).
    private(set) var isPaused = false
    /// Where the places above the outline come from, or `nil` for a window without places.
    let places: PlaceSources?
    /// The last problem with the places' files said, so that it is said once.
    private(set) var placesProblem: String?
    /// Says one line on stderr: the session's report.
    var report: (String) -> Void = { _ in }

    /// The navigation of a window whose places come from `places`, if any.
    init(places: PlaceSources?) {
        self.places = places
    }

    // MARK: - History

    /// The outline's root each folder on the history's lists was shown under: Back to a
    /// folder left before a place was chosen shows it under that root again.
    private(set) var roots: [FilePath: FilePath] = [:]

    /// The shown folder changes from `old`, shown under the outline's `root`: it goes on the
    /// back list, unless paused.
    func leave(_ old: FilePath?, root: FilePath) {
        guard let old, !isPaused else { return }
        history.leave(old)
        remember(old, root: root)
    }

    /// The root `folder` was last shown under, while it is on the history's lists.
    func root(whenLeft folder: FilePath) -> FilePath? { roots[folder] }

    private func remember(_ folder: FilePath, root: FilePath) {
        roots[folder] = root
        // Only the folders still on the lists are kept (each list keeps 50).
        if roots.count > 4 * NavigationHistory.limit {
            let kept = Set(history.back + history.forward)
            roots = roots.filter { kept.contains($0.key) }
        }
    }

    /// Runs `body` without recording the folders it shows in the history (a move through the
    /// history itself, the selection following the disk, a restored window).
    func withoutHistory<T>(_ body: () -> T) -> T {
        let paused = isPaused
        isPaused = true
        defer { isPaused = paused }
        return body()
    }

    /// Goes one step through the history from `current` (shown under `root`), asking `show` to
    /// show each folder in
    /// turn (with the entry to select in it) until one shows; true when one did. A folder that
    /// holds `current` comes back with it selected. A folder that does not show (gone since it
    /// was shown) is skipped, as if it had never been there, and so is `current` itself (it
    /// comes back next to itself when a folder between was skipped).
    func step(
        _ direction: SplitViewController.HistoryDirection, from current: FilePath, root: FilePath,
        show: (FilePath, [UInt8]?) -> Bool
    ) -> Bool {
        remember(current, root: root)
        while true {
            let step = direction == .back ? history.goBack(from: current) : history.goForward(from: current)
            guard let target = step else { return false }
            // The step just taken put `current` on the other list; a failed one takes it off.
            let name = current.parent == target && !current.isRoot ? current.lastComponent : nil
            let went = target != current && withoutHistory { show(target, name) }
            if went { return true }
            history =
                direction == .back
                ? NavigationHistory(back: history.back, forward: history.forward.dropLast())
                : NavigationHistory(back: history.back.dropLast(), forward: history.forward)
        }
    }

    // MARK: - Places

    /// The places read again, or nil for a window without places; a problem with the bookmarks
    /// file is said in one line (``report``) once, and its bookmarks left out.
    func gatherPlaces() -> [Place]? {
        guard let places else { return nil }
        let (gathered, problem) = places.gather()
        if let problem, problem != placesProblem { report(problem) }
        placesProblem = problem
        return gathered
    }

    /// Adds `folder` to GTK's bookmarks, written atomically with every other line kept byte for
    /// byte; the sentence that says what happened, and whether the bookmarks changed. A folder
    /// already there is left alone ("already bookmarked"); a bookmarks file that cannot be read
    /// or is not one is never rewritten. A bookmarks file that is a symbolic link stays one: the
    /// file it links to is replaced. Nothing without places.
    func bookmark(_ folder: FilePath) -> (sentence: String, added: Bool)? {
        guard let sources = places else { return nil }
        let name = folder.lastName
        var contents: [UInt8] = []
        switch AtomicFile.read(sources.bookmarksFile, limit: GTKBookmarks.sizeLimit) {
        case .success(let bytes):
            if let problem = GTKBookmarks.problem(in: bytes) {
                let file = AtomicFile.printable(sources.bookmarksFile)
                return (String(translated: "Could not bookmark “\(name)”: \(file): \(problem)"), false)
            }
            contents = bytes
        case .failure(let error) where error.code == ENOENT:
            if let error = AtomicFile.makeFolders(AtomicFile.parentFolder(of: sources.bookmarksFile)) {
                return (String(translated: "Could not bookmark “\(name)”: \(error.description)"), false)
            }
        case .failure(let error):
            return (String(translated: "Could not bookmark “\(name)”: \(error.description)"), false)
        }
        guard let added = GTKBookmarks.adding(folder, to: contents) else {
            return (String(translated: "“\(name)” is already bookmarked."), false)
        }
        guard let target = sources.bookmarksTarget() else {
            let file = AtomicFile.printable(sources.bookmarksFile)
            return (String(translated: "Could not bookmark “\(name)”: \(file) is a broken link"), false)
        }
        if let error = AtomicFile.write(added, to: target) {
            return (String(translated: "Could not bookmark “\(name)”: \(error.description)"), false)
        }
        return (String(translated: "Bookmarked “\(name)”."), true)
    }
}
