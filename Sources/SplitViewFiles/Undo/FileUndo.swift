import CFileOps
import Glibc
import SplitView

/// One change the user made to their files through the browser, kept so that Ctrl+Z can
/// take it back.
public enum FileOperation: Sendable, Equatable {
    /// `from` was renamed or moved to `to` (one `rename(2)`): undone by renaming it back.
    case renamed(from: FilePath, to: FilePath)
    /// An empty folder was made at the path ("New Folder"): undone by removing it while it is
    /// still empty.
    case created(FilePath)
    /// Files were moved to the trash (Delete): undone by restoring each where it was
    /// (``Trash/restore(_:)``), never over a name taken since.
    case trashed([TrashedItem])
    /// A paste copied these entries to names that were free (folders before their
    /// entries): undone by removing them, only while every one is still the copy (the same
    /// inode, its change time unmoved: see ``FileVersion``), so a file edited or added since
    /// is never lost.
    /// Files a copy replaced are not in it: the copy kept the user's choice to replace them.
    case copied([CopiedItem])
    /// A paste (Ctrl+X, Ctrl+V) moved these entries by rename: undone by renaming each back,
    /// newest first, never over a name taken again.
    case moved([MovedItem])
    /// A drop made symbolic links (Ctrl+Shift, or a link asked for): undone by removing each,
    /// only while it is still the link made (the same inode and change time).
    case linked([CopiedItem])

    /// The sentence the browser shows once the change is undone ("Renamed back “a.txt”.").
    public var undoneMessage: String {
        switch self {
        case .renamed(let from, let to) where from.parent == to.parent:
            return String(translated: "Renamed “\(to.lastName)” back to “\(from.lastName)”.")
        case .renamed(let from, _): return String(translated: "Moved “\(from.lastName)” back.")
        case .created(let path): return String(translated: "Removed the new folder “\(path.lastName)”.")
        case .trashed(let items) where items.count == 1:
            return String(translated: "Restored “\(items[0].originalPath.lastName)” from the Trash.")
        case .trashed(let items):
            let count = items.count
            return String(
                translated: "Restored \(count) item from the Trash.", plural: "Restored \(count) items from the Trash.",
                count: count)
        case .copied(let items):
            let top = items.filter { item in !items.contains { $0.isFolder && item.path.parent == $0.path } }
            let count = top.count
            guard count != 1 else { return String(translated: "Removed the copy “\(top[0].path.lastName)”.") }
            return String(translated: "Removed the \(count) copy.", plural: "Removed the \(count) copies.", count: count)
        case .moved(let items):
            let count = items.count
            guard count != 1 else { return String(translated: "Moved “\(items[0].to.lastName)” back.") }
            return String(translated: "Moved \(count) item back.", plural: "Moved \(count) items back.", count: count)
        case .linked(let items):
            let count = items.count
            guard count != 1 else { return String(translated: "Removed the link “\(items[0].path.lastName)”.") }
            return String(translated: "Removed the \(count) link.", plural: "Removed the \(count) links.", count: count)
        }
    }
}

/// The changes that can be undone, newest last, as Nautilus keeps them: Ctrl+Z undoes the
/// newest, then the one before.
///
/// An undo never overwrites or deletes what the user has since made: a name taken again, or
/// a new folder that is no longer empty, refuses with a sentence and leaves the change on the
/// stack, so nothing is lost by pressing Ctrl+Z.
public struct FileUndoStack: Sendable {
    /// The changes, oldest first.
    public private(set) var operations: [FileOperation] = []
    /// How many are kept: the oldest go first.
    public let limit: Int

    /// An empty stack that keeps at most `limit` changes.
    public init(limit: Int = 100) {
        self.limit = max(1, limit)
    }

    /// Whether there is a change to undo.
    public var canUndo: Bool { !operations.isEmpty }

    /// Keeps `operation` as the newest change.
    public mutating func record(_ operation: FileOperation) {
        operations.append(operation)
        if operations.count > limit { operations.removeFirst(operations.count - limit) }
    }

    /// Undoes the newest change and forgets it; on failure it stays, to be tried again.
    ///
    /// - Returns: the change undone.
    /// - Throws: why it could not be undone (the sentence says what was kept).
    @discardableResult
    public mutating func undoLast() throws(FileError) -> FileOperation? {
        guard let last = operations.last else { return nil }
        if case .moved(let items) = last {
            // Renamed back newest first: one that fails leaves the change with the items not
            // yet back, so the next Ctrl+Z takes up where this one stopped.
            var undone = 0
            do { try Self.undoMove(items, undone: &undone) } catch {
                if undone > 0 { operations[operations.count - 1] = .moved(Array(items.dropLast(undone))) }
                throw error
            }
            operations.removeLast()
            return last
        }
        try Self.undo(last)
        operations.removeLast()
        return last
    }

    /// Takes back one change.
    public static func undo(_ operation: FileOperation) throws(FileError) {
        switch operation {
        case .renamed(let from, let to):
            do { try FileOperations.renameNoReplace(to, to: from) } catch {
                if error.code == EEXIST {
                    throw FileError(
                        path: from.displayString, reason: String(translated: "the name is taken again: nothing was renamed back"))
                }
                throw error
            }
        case .created(let path):
            guard path.withCString({ sv_rmdir($0) }) == 0 else {
                let code = errno
                if code == ENOTEMPTY || code == EEXIST {
                    throw FileError(
                        path: path.displayString, reason: String(translated: "the folder is no longer empty: it was kept"))
                }
                throw FileError(path: path.displayString, code: code)
            }
        case .trashed(let items):
            // Items already back (an earlier try that stopped half-way) are passed over, so
            // that a second Ctrl+Z finishes the job.
            for item in items where FileOperations.exists(item.trashedPath) || !FileOperations.exists(item.originalPath) {
                try Trash.restore(item)
            }
        case .copied(let items), .linked(let items): try undoCopy(items)
        case .moved(let items):
            var undone = 0
            try undoMove(items, undone: &undone)
        }
    }

    /// Removes the copies, deepest first, once every one is checked to be still the copy:
    /// a file or link the same inode with the same change time as when the paste put it there
    /// (``FileVersion``), a folder the same inode holding nothing but copies. A file edited
    /// since, even one whose size and modification time were put back (`touch -r`, an editor
    /// that keeps them), has a new change time, which nothing can set back; a folder that
    /// gained an entry holds one that is not a copy. Either refuses the whole undo, and
    /// nothing is removed.
    ///
    /// A copy gone from its name is passed over (it is not there to lose), so a second Ctrl+Z
    /// finishes an undo that stopped half-way (a folder's own change time moves as its
    /// entries go, which is why folders are judged by what they hold). Each entry is checked
    /// once more just before it goes, through its folder's descriptor.
    private static func undoCopy(_ items: [CopiedItem]) throws(FileError) {
        let copies = Set(items.map(\.path))
        var present: [CopiedItem] = []
        for item in items {
            guard let now = FileVersion(of: item.path) else {
                if errno == ENOENT { continue }
                throw FileError(path: item.path.displayString, code: errno)
            }
            let unchanged =
                item.isFolder
                ? now.isFolder && now.isSameEntry(as: item.identity) && holdsOnly(copies, in: item.path)
                : now == item.identity
            guard unchanged else {
                throw FileError(
                    path: item.path.displayString, reason: String(translated: "it changed since the copy: nothing was removed"))
            }
            present.append(item)
        }
        for item in present.reversed() {
            let folder = try FileRemoval.openFolder(item.path.parent)
            defer { close(folder) }
            let name = item.path.lastComponent
            var info = stat()
            guard FileRemoval.withName(name, { fstatat(folder, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else {
                if errno == ENOENT { continue }
                throw FileError(path: item.path.displayString, code: errno)
            }
            guard FileVersion(info) == item.identity || (item.isFolder && FileVersion(info).isSameEntry(as: item.identity))
            else {
                throw FileError(
                    path: item.path.displayString, reason: String(translated: "it changed during the undo: it was kept"))
            }
            let result = FileRemoval.withName(name) { sv_unlinkat(folder, $0, item.isFolder ? AT_REMOVEDIR : 0) }
            guard result == 0 else {
                let code = errno
                if item.isFolder && (code == ENOTEMPTY || code == EEXIST) {
                    throw FileError(
                        path: item.path.displayString, reason: String(translated: "the folder is no longer empty: it was kept"))
                }
                throw FileError(path: item.path.displayString, code: code)
            }
        }
    }

    /// Whether every entry of the folder `path` is one of `copies`.
    private static func holdsOnly(_ copies: Set<FilePath>, in path: FilePath) -> Bool {
        guard let folder = try? FileRemoval.openFolder(path, following: false) else { return false }
        defer { close(folder) }
        guard let names = try? FolderNames.all(in: folder, path: path) else { return false }
        return names.allSatisfy { copies.contains(path.appending($0)) }
    }

    /// Renames every moved entry back, newest first, checking first that each is still there
    /// and its old name free; `undone` counts those renamed back.
    private static func undoMove(_ items: [MovedItem], undone: inout Int) throws(FileError) {
        for item in items {
            guard FileOperations.exists(item.to) else {
                throw FileError(
                    path: item.to.displayString, reason: String(translated: "it is gone since the move: nothing was moved back"))
            }
            guard !FileOperations.exists(item.from) else {
                throw FileError(
                    path: item.from.displayString, reason: String(translated: "the name is taken again: nothing was moved back"))
            }
        }
        for item in items.reversed() {
            try FileOperations.renameNoReplace(item.to, to: item.from)
            undone += 1
        }
    }
}
