import SplitView

/// The limits a state must keep to be used: a file may have been edited, damaged or written
/// by another version.
extension AppState {
    /// The limits of a window's size (X's).
    static let sizes = 1...32_767
    /// The most windows a state may reopen.
    static let maximumWindows = 32
    /// The most expanded folders a window may remember.
    static let maximumExpandedFolders = 10_000
    /// The longest string, in UTF-8 bytes: Linux's PATH_MAX.
    static let maximumStringLength = 4096
    /// The largest column width in points.
    static let maximumWidth = 100_000.0
    /// The largest scroll offset in points.
    static let maximumScrollOffset = 1e9

    /// The state itself when every value is within its limits.
    ///
    /// - Throws: the first problem found, in a line: a version this program does not read,
    ///   no windows or more than 32, sizes outside 1…32767,
    ///   column widths or scroll offsets that are negative, not finite or huge, strings longer
    ///   than 4096 bytes or holding a NUL, a root that is not absolute, folder and file paths
    ///   that leave the root, more than 10 000 expanded folders, a window's root or history
    ///   folder that is not an absolute path, more than 50 folders back or forward, more than
    ///   1000 folder orders or one of a folder that is not absolute or of an unknown order.
    @discardableResult
    public func validated() throws(StateProblem) -> AppState {
        if version > Self.currentVersion {
            throw StateProblem(String(translated: "written by a newer splitview (version \(version))"), isNewerVersion: true)
        }
        guard version >= 1 else {
            let key = "version"
            throw StateProblem(String(translated: "\(key): expected 1 or more, found \(version)"))
        }
        try Self.check(string: root, at: "root")
        guard root.hasPrefix("/") else {
            let key = "root"
            throw StateProblem(String(translated: "\(key): expected an absolute path"))
        }
        guard (1...Self.maximumWindows).contains(windows.count) else {
            let key = "windows", maximum = Self.maximumWindows, count = windows.count
            throw StateProblem(
                String(
                    translated: "\(key): expected 1 to \(maximum) window, found \(count)",
                    plural: "\(key): expected 1 to \(maximum) windows, found \(count)", count: maximum))
        }
        for (index, window) in windows.enumerated() {
            try window.check(at: "windows[\(index)]")
        }
        try checkSortOrders()
        return self
    }

    /// Throws when `text` is too long or holds a NUL, which no path can.
    static func check(string text: String, at path: String) throws(StateProblem) {
        if text.utf8.count > maximumStringLength {
            throw StateProblem(String(translated: "\(path): longer than \(maximumStringLength) bytes"))
        }
        if text.utf8.contains(0) { throw StateProblem(String(translated: "\(path): contains a NUL character")) }
    }

    /// Throws unless `text` is an absolute path without `.` or `..` names (a window's own
    /// root, a folder in its history).
    static func check(absolutePath text: String, at path: String) throws(StateProblem) {
        try check(string: text, at: path)
        guard text.hasPrefix("/") else { throw StateProblem(String(translated: "\(path): expected an absolute path")) }
        if text != "/" { try check(relativePath: String(text.dropFirst()), at: path) }
    }

    /// Throws unless `text` is a path inside the root: `""`, or names separated by single `/`,
    /// none of them `.` or `..`.
    static func check(relativePath text: String, at path: String) throws(StateProblem) {
        try check(string: text, at: path)
        guard !text.isEmpty else { return }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            let found = StateProblem.shortened(text)
            throw StateProblem(String(translated: "\(path): expected a path inside the root, found \"\(found)\""))
        }
    }
}
