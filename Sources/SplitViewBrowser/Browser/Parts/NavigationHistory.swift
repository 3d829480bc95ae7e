import SplitViewFiles

/// The folders a window showed before the one it shows, and those left by going back: a web
/// browser's back and forward lists.
///
/// Every folder shown is a step (a click, an arrow in the outline, Alt+Up, the location bar),
/// as in GNOME Files, except the moves that follow the disk (a folder renamed or deleted) and
/// the moves through the history itself. Showing a new folder clears the forward list. The
/// same folder twice in a row is one step. Each list keeps the latest ``limit`` folders.
struct NavigationHistory: Equatable {
    /// The most folders each list keeps; the oldest go first.
    static let limit = 50

    /// The folders shown before, the latest last.
    private(set) var back: [FilePath]
    /// The folders left by going back, the nearest last.
    private(set) var forward: [FilePath]

    /// A history holding `back` and `forward` (the nearest last), each cut to ``limit``.
    init(back: [FilePath] = [], forward: [FilePath] = []) {
        self.back = Array(back.suffix(Self.limit))
        self.forward = Array(forward.suffix(Self.limit))
    }

    /// `folder` was shown and another folder replaces it.
    mutating func leave(_ folder: FilePath) {
        if back.last != folder { back.append(folder) }
        if back.count > Self.limit { back.removeFirst(back.count - Self.limit) }
        forward.removeAll()
    }

    /// The folder to show going back from `current`, which goes on the forward list; nil at
    /// the start.
    mutating func goBack(from current: FilePath) -> FilePath? {
        guard let target = back.popLast() else { return nil }
        forward.append(current)
        if forward.count > Self.limit { forward.removeFirst() }
        return target
    }

    /// The folder to show going forward from `current`, which goes on the back list; nil at
    /// the end.
    mutating func goForward(from current: FilePath) -> FilePath? {
        guard let target = forward.popLast() else { return nil }
        back.append(current)
        if back.count > Self.limit { back.removeFirst() }
        return target
    }
}
