/// The state as it can be saved: a value the loader would refuse is left out, rather than the
/// whole state refused at the next start, and the file stays within the size the loader reads.
///
/// A tree walked thousands of levels deep leaves thousands of expanded folders, the deepest
/// 4 KiB long: saved whole, that file was larger than the 1 MiB `StateStore` reads, and the
/// next start moved it aside and opened no window of the last session.
extension AppState {
    /// The state with each window's values the loader would refuse left out: expanded folders
    /// longer than 4096 bytes (a name that is not UTF-8 is saved escaped, four characters per
    /// byte) or beyond the 10 000 shortest, a selected folder that long cut back to its
    /// nearest enclosing folder that fits (and then no selected file), a selected file that
    /// long dropped; the newest folder orders the loader takes (1000, 256 KiB of paths).
    public func withinLimits() -> AppState {
        var state = self
        state.sortOrders = sortOrdersWithinLimits()
        for index in state.windows.indices {
            var window = state.windows[index]
            window.expandedFolders = window.expandedFolders.filter(Self.fits)
            if window.expandedFolders.count > Self.maximumExpandedFolders {
                window.expandedFolders = Array(
                    window.expandedFolders.sorted(by: Self.shorter).prefix(Self.maximumExpandedFolders)
                )
                .sorted()
            }
            if let folder = window.selectedFolder, !Self.fits(folder) {
                window.selectedFolder = Self.enclosingFolderThatFits(folder)
                window.selectedFile = nil
            }
            if let file = window.selectedFile, (try? Self.check(string: file, at: "")) == nil {
                window.selectedFile = nil
            }
            // A folder in the history that would be refused is left out of it.
            window.back = Array(window.back.filter(Self.fitsAbsolute).suffix(NavigationHistory.limit))
            window.forward = Array(window.forward.filter(Self.fitsAbsolute).suffix(NavigationHistory.limit))
            state.windows[index] = window
        }
        return state
    }

    /// Leaves out the longest expanded folders, across the windows, until at least `bytes` of
    /// JSON are gone; false when none is left to leave out.
    mutating func leaveOutLongestExpansions(bytes: Int) -> Bool {
        var all: [(window: Int, folder: String)] = []
        for (index, window) in windows.enumerated() {
            for folder in window.expandedFolders { all.append((index, folder)) }
        }
        guard !all.isEmpty else { return false }
        all.sort { Self.shorter($1.folder, $0.folder) }
        var freed = 0
        var gone: [Int: Set<String>] = [:]
        for item in all where freed < bytes {
            gone[item.window, default: []].insert(item.folder)
            // The string, its quotes, the comma, the line break and the indentation.
            freed += item.folder.utf8.count + 12
        }
        for (index, folders) in gone { windows[index].expandedFolders.removeAll(where: folders.contains) }
        return true
    }

    /// Whether `folder` passes the loader's check of an absolute path.
    private static func fitsAbsolute(_ folder: String) -> Bool {
        (try? check(absolutePath: folder, at: "")) != nil
    }

    /// Whether `folder` passes the loader's check of a relative path.
    private static func fits(_ folder: String) -> Bool {
        (try? check(relativePath: folder, at: "")) != nil
    }

    /// `folder` cut back, one name at a time, until the loader accepts it; nil when even its
    /// first name is too long.
    private static func enclosingFolderThatFits(_ folder: String) -> String? {
        var text = Substring(folder)
        while !fits(String(text)) {
            guard let slash = text.lastIndex(of: "/") else { return nil }
            text = text[..<slash]
        }
        return String(text)
    }

    /// Shorter first (in UTF-8 bytes), then in text order: shallow folders before deep ones.
    private static func shorter(_ a: String, _ b: String) -> Bool {
        let (m, n) = (a.utf8.count, b.utf8.count)
        return m != n ? m < n : a < b
    }
}
