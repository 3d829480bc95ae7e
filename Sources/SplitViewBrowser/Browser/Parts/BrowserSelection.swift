import SplitViewFiles

/// What a browser has selected: a folder, an entry's name in it, the other entries selected
/// with it, and the identities that let the folder and the entry be followed when they are
/// renamed on disk.
///
/// One value, so that what belongs together changes together: a new folder drops the names and
/// both identities. The list's rows are the browser's; the rules here take them as row numbers
/// and a way to read a row's name, so they are tested without a list.
struct BrowserSelection {
    /// The folder whose entries the supplementary lists.
    var folder: FilePath?
    /// The name of the selected entry in that folder: the lead one, which the reader shows.
    var name: [UInt8]?
    /// The names of the other entries selected with it (Ctrl+click, Shift+click, Ctrl+A):
    /// empty while one or none is.
    var others: Set<[UInt8]> = []
    /// The selected folder's device and inode, to follow it when it is renamed.
    var folderIdentity: FileIdentity?
    /// The selected file's folder, device and inode, to follow it when it is renamed.
    var fileIdentity: (folder: FilePath, identity: FileIdentity)?

    /// Shows `folder`, whose device and inode are `identity`; true when it is another folder
    /// than the one shown, whose names and identity are then dropped.
    mutating func show(_ folder: FilePath, identity: @autoclosure () -> FileIdentity?) -> Bool {
        let changed = folder != self.folder
        self.folder = folder
        if changed {
            name = nil
            others = []
            folderIdentity = identity()
        }
        return changed
    }

    /// Selects no entry.
    mutating func clearEntry() {
        name = nil
        others = []
    }

    /// The selected entries' paths, in the rows' order: every row of `rows` while others are
    /// selected beside the lead, else the lead's alone; none without a lead.
    func paths(rows: Set<Int>, name nameAt: (Int) -> [UInt8]?) -> [FilePath] {
        guard let folder, let name else { return [] }
        guard !others.isEmpty else { return [folder.appending(name)] }
        return rows.sorted().compactMap { nameAt($0).map(folder.appending) }
    }

    /// The list's selected `rows` changed, `lead` leading: the other rows' names are kept; false
    /// when no lead is left while an entry was selected (the entry is then to be deselected).
    mutating func rowsChanged(_ rows: Set<Int>, lead: Int?, name nameAt: (Int) -> [UInt8]?) -> Bool {
        others = Set(rows.filter { $0 != lead }.compactMap(nameAt))
        return !(lead == nil && name != nil)
    }

    /// The rows to select again after the rows changed: `lead`, and each of `rowCount` rows whose
    /// name is among the others, which keep only the names still listed. One pass over the
    /// rows, whatever the number selected (Ctrl+A in 100 000 files).
    mutating func rowsToKeep(lead: Int, rowCount: Int, name nameAt: (Int) -> [UInt8]?) -> Set<Int> {
        guard !others.isEmpty else { return [lead] }
        var rows: Set<Int> = [lead]
        var kept: Set<[UInt8]> = []
        for row in 0..<rowCount {
            if let name = nameAt(row), others.contains(name) {
                rows.insert(row)
                kept.insert(name)
            }
        }
        others = kept
        return rows
    }

    /// The row to select once the `selected` rows go (Delete, Shift+Delete, Restore give their
    /// files to a worker): the next row not selected after `lead`, else the nearest one before
    /// it, else none. By rows, not paths: one pass whatever the number selected.
    static func neighbour(leaving selected: Set<Int>, lead: Int, rowCount: Int) -> Int? {
        var after = (lead..<max(lead, rowCount)).lazy.filter { !selected.contains($0) }.makeIterator()
        var before = (0..<min(lead, rowCount)).reversed().lazy.filter { !selected.contains($0) }.makeIterator()
        return after.next() ?? before.next()
    }

    /// The row to select when the lead's entry is among `gone` (names in the shown folder):
    /// from `start`, the next row whose name is not gone, wrapping back before `start` in
    /// reverse; nil when every row is gone.
    static func neighbour(
        leavingNames gone: Set<[UInt8]>, from start: Int, rowCount: Int, name nameAt: (Int) -> [UInt8]?
    )
        -> Int?
    {
        let order = Array(start..<max(start, rowCount)) + Array((0..<min(start, rowCount)).reversed())
        return order.first { index in nameAt(index).map { !gone.contains($0) } ?? false }
    }
}
