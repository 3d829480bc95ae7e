import SplitView

/// The limits a window's values must keep, checked by ``AppState/validated()``.
extension WindowState {
    /// Throws the first value outside its limits; `path` names the window.
    func check(at path: String) throws(StateProblem) {
        try Self.check(width, in: AppState.sizes, at: "\(path).width")
        try Self.check(height, in: AppState.sizes, at: "\(path).height")
        if split.version < 1 || split.version > SplitViewState.currentVersion {
            let key = "\(path).split.version"
            throw StateProblem(String(translated: "\(key): expected \(SplitViewState.currentVersion), found \(split.version)"))
        }
        for (index, record) in split.widths.enumerated() {
            try Self.check(record.width, upTo: AppState.maximumWidth, at: "\(path).split.widths[\(index)].width")
        }
        if let root {
            try AppState.check(string: root, at: "\(path).root")
            guard root.hasPrefix("/") else {
                let key = "\(path).root"
                throw StateProblem(String(translated: "\(key): expected an absolute path"))
            }
        }
        if expandedFolders.count > AppState.maximumExpandedFolders {
            let key = "\(path).expandedFolders", maximum = AppState.maximumExpandedFolders
            throw StateProblem(
                String(
                    translated: "\(key): more than \(maximum) folder", plural: "\(key): more than \(maximum) folders",
                    count: maximum))
        }
        for (index, folder) in expandedFolders.enumerated() {
            try AppState.check(relativePath: folder, at: "\(path).expandedFolders[\(index)]")
        }
        if let selectedFolder { try AppState.check(relativePath: selectedFolder, at: "\(path).selectedFolder") }
        if let selectedFile { try AppState.check(relativePath: selectedFile, at: "\(path).selectedFile") }
        if let root { try AppState.check(absolutePath: root, at: "\(path).root") }
        for (key, folders) in [("back", back), ("forward", forward)] {
            if folders.count > NavigationHistory.limit {
                let field = "\(path).\(key)", maximum = NavigationHistory.limit
                throw StateProblem(
                    String(
                        translated: "\(field): more than \(maximum) folder", plural: "\(field): more than \(maximum) folders",
                        count: maximum))
            }
            for (index, folder) in folders.enumerated() {
                try AppState.check(absolutePath: folder, at: "\(path).\(key)[\(index)]")
            }
        }
        for (name, offset) in scrollOffsets.sorted(by: { $0.key < $1.key }) {
            guard Self.scrollingColumns.contains(name) else {
                let key = "\(path).scrollOffsets.\(StateProblem.shortened(name))"
                throw StateProblem(String(translated: "\(key): unknown column (expected primary, supplementary or secondary)"))
            }
            try Self.check(offset, upTo: AppState.maximumScrollOffset, at: "\(path).scrollOffsets.\(name)")
        }
    }

    /// Throws unless `value` is in `range`.
    private static func check(_ value: Int, in range: ClosedRange<Int>, at path: String) throws(StateProblem) {
        guard range.contains(value) else {
            let lowest = range.lowerBound, highest = range.upperBound
            throw StateProblem(
                String(translated: "\(path): expected a whole number from \(lowest) to \(highest), found \(value)"))
        }
    }

    /// Throws unless `value` is finite and from 0 to `maximum`.
    private static func check(_ value: Double, upTo maximum: Double, at path: String) throws(StateProblem) {
        guard value.isFinite, value >= 0, value <= maximum else {
            let highest = formatNumber(maximum), found = formatNumber(value)
            throw StateProblem(String(translated: "\(path): expected a number from 0 to \(highest), found \(found)"))
        }
    }
}
