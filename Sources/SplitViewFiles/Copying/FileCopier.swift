import CFileOps
import Glibc
import SplitView

/// Carries out a resolved paste, on the thread that calls it (a worker's): nothing of the
/// user's is ever half-written, and nothing is removed that was not copied.
///
/// 1. **Copy.** Every entry the paste makes is written under a hidden temporary name
///    (`.splitview-copy-…`) in the folder it goes to: a file byte for byte (its mode, less
///    set-user-ID and set-group-ID, and its access and modification times kept), a link as a
///    link (its target text, never followed), a folder made and filled, its mode and times
///    set after its entries. Each source's identity is kept as it was read
///    (``FileVersion``: device, inode, size, change time); a file that changed while it was
///    read is read again, up to three times. Cancelled, or stopped by an error (a full disk,
///    a read-only folder), every temporary entry is removed, and nothing else was touched. A
///    temporary name is written in the `journal` before it is made, so one a `kill -9` left
///    behind is removed at the next start (``CopyJournal``).
/// 2. **Put in place.** Only then does each take its name: `rename` with no replace for a
///    free name (one taken meanwhile is left alone, and the copy removed), the first free
///    "name (copy)" for Keep Both, and a plain `rename` over the file in the way for Replace,
///    which thus goes only once its replacement is whole (and synced). Moves within one file
///    system are one `rename` each, here too.
/// 3. **Remove the originals** of a move across file systems, as GIO and rsync
///    `--remove-source-files` do: each source entry only once its copy is in place, and only
///    while it is still the entry that was copied (the same inode, its change time unmoved);
///    a folder with `rmdir` only, so whatever arrived in it meanwhile stays with it. The
///    originals' permissions are never changed. What stays is said in words.
///
/// Entries inside the pasted folders that could not be looked at or read (a folder readable
/// but not searchable, a file without read permission) are left out, kept where they are,
/// and counted in one sentence ("3 items could not be read and were left in “tree”."), in a
/// copy as in a move; one the user named that cannot be read stops the paste before anything
/// is written. An entry gone since it was listed is passed over.
public enum FileCopier {
    /// How much is read and written at once: 1 MiB (and how often a cancel is seen).
    public static let chunkSize = 1 << 20

    /// How many times a file that changes while it is read is read again.
    static let rereads = 3

    /// Runs the paste `resolution` answers (every conflict answered); `report` hears the
    /// progress now and then (at most every `reportInterval` seconds, 50 ms for the bar, and
    /// once at the start and the end). The temporary names are written to `journal` first,
    /// when one is given.
    public static func run(
        _ resolution: CopyResolution, cancellation: CopyCancellation = CopyCancellation(), journal: CopyJournal? = nil,
        reportInterval: Double = 0.05, report: (CopyProgress) -> Void = { _ in }
    ) -> CopyOutcome {
        withoutActuallyEscaping(report) { report in
            var run = CopyRun(resolution, cancellation: cancellation, report: report)
            run.journal = journal
            run.reportInterval = reportInterval
            return run.run()
        }
    }
}

/// One paste under way: its temporary entries and what is to be put in place.
struct CopyRun {
    /// An entry written under a temporary name, to be given its own.
    struct Pending {
        var node: Int
        var temporary: FilePath
    }

    /// Why the copy phase stopped.
    enum Stop: Error {
        case cancelled
        /// `errno` on `path`; `writing` when the path is in the target.
        case failed(FilePath, Int32, writing: Bool)
    }

    let plan: CopyPlan
    let actions: [NodeAction]
    let cancellation: CopyCancellation
    let report: (CopyProgress) -> Void
    var journal: CopyJournal?
    var progress: CopyProgress
    var outcome: CopyOutcome
    var pending: [Pending] = []
    /// The nodes that took their place: only their originals are removed by a move.
    var placedNodes: Set<Int> = []
    /// Each source copied, as it was when read: a move removes it only while it still is.
    var copied: [Int: FileVersion] = [:]
    /// The nodes left out because they could not be read (with the plan's own).
    var unreadable: [Int] = []
    /// The files that kept changing while they were read: their copies may not match them.
    var unsteady: [Int] = []
    /// The last time progress was reported, in seconds of the monotonic clock.
    var lastReport = 0.0
    /// The least time between two reports, in seconds.
    var reportInterval = 0.05
    /// One buffer for every file.
    var buffer = [UInt8](repeating: 0, count: FileCopier.chunkSize)

    init(_ resolution: CopyResolution, cancellation: CopyCancellation, report: @escaping (CopyProgress) -> Void) {
        plan = resolution.plan
        actions = resolution.actions
        self.cancellation = cancellation
        self.report = report
        let totals = resolution.totals
        progress = CopyProgress(totalFiles: totals.files, totalBytes: totals.bytes)
        outcome = CopyOutcome(mode: plan.mode)
        outcome.notes = plan.notes
        // The plan's unreadable entries that the paste would have written or moved: those of
        // a folder skipped as a whole are not the paste's.
        unreadable = plan.nodes.indices.filter { [actions] index in
            guard case .unreadable = plan.nodes[index].kind else { return false }
            guard let parent = plan.nodes[index].parent else { return true }
            switch actions[parent] {
            case .create, .duplicate, .replace, .inside, .merge: return true
            case .skip, .leftOut: return false
            }
        }
    }

    /// Whether node `index` is one the user pasted, or an entry of a folder merged: one that
    /// takes a name of its own in a folder that exists.
    func isExposed(_ index: Int) -> Bool {
        plan.nodes[index].parent.map { actions[$0] == .merge } ?? true
    }

    mutating func run() -> CopyOutcome {
        report(progress)
        for action in actions {
            if case .leftOut(let words) = action { outcome.notes.append(words) }
        }
        do {
            try copyPhase()
        } catch {
            removeTemporaries()
            outcome.cancelled = error.isCancel
            outcome.failure = message(for: error)
            return outcome
        }
        if putInPlace() { journal?.finished() }
        if plan.mode == .move { removeOriginals() } else { sayWhatWasLeft() }
        report(progress)
        return outcome
    }

    // MARK: - 1. Copy

    private mutating func copyPhase() throws(Stop) {
        var index = 0
        while index < plan.nodes.count {
            defer { index += 1 }
            let node = plan.nodes[index]
            guard isExposed(index), actions[index].isMade, !node.renames else { continue }
            let folder = plan.targetPath(of: index).parent
            let temporary = try makeTemporary(index, in: folder)
            pending.append(Pending(node: index, temporary: temporary))
            if node.kind == .folder {
                let end = subtreeEnd(index)
                try fill(index, temporary, through: end)
                index = end - 1
            }
        }
    }

    /// The index after the last entry inside folder node `index`.
    func subtreeEnd(_ index: Int) -> Int {
        var end = index + 1
        while end < plan.nodes.count, isInside(end, index) { end += 1 }
        return end
    }

    private func isInside(_ node: Int, _ folder: Int) -> Bool {
        var current = plan.nodes[node].parent
        while let parent = current {
            if parent == folder { return true }
            current = plan.nodes[parent].parent
        }
        return false
    }

    /// Writes the entries of the folder node `index` (made at `temporary`) inside it, then
    /// gives every folder of the tree its mode and times, deepest first. An entry that cannot
    /// be read is left out and counted; one gone since the listing is passed over.
    private mutating func fill(_ index: Int, _ temporary: FilePath, through end: Int) throws(Stop) {
        var paths: [Int: FilePath] = [index: temporary]
        for inner in (index + 1)..<end where actions[inner] == .inside {
            let node = plan.nodes[inner]
            guard let parent = node.parent, let folder = paths[parent] else { continue }
            let path = folder.appending(node.name)
            do {
                try make(inner, at: path)
            } catch .failed(let failed, let code, writing: false) where failed == node.source && Self.isPassable(code) {
                if code != ENOENT { unreadable.append(inner) }
                continue
            }
            if node.kind == .folder { paths[inner] = path }
        }
        for inner in (index..<end).reversed() where plan.nodes[inner].kind == .folder {
            if let path = paths[inner] { try finishFolder(plan.nodes[inner], at: path) }
        }
    }

    /// Whether a source that fails to open with `code` is left out rather than stopping the
    /// paste: it cannot be read (kept, and said), or it is gone (nothing to copy).
    static func isPassable(_ code: Int32) -> Bool {
        code == EACCES || code == EPERM || code == ENOENT || code == ENOTDIR || code == ELOOP
    }

    /// Makes node `index`'s entry under a fresh temporary name in `folder`, the name written
    /// to the journal first.
    private mutating func makeTemporary(_ index: Int, in folder: FilePath) throws(Stop) -> FilePath {
        while true {
            let path = folder.appending(CopyJournal.temporaryName())
            journal?.add(path)
            do {
                try make(index, at: path)
                return path
            } catch .failed(let failed, EEXIST, writing: true) where failed == path {
                continue  // the name was someone else's: nothing was made
            } catch {
                // Stopped while writing it (a cancel, a full disk): what was made of it goes.
                Self.removeOurs(path)
                throw error
            }
        }
    }

    // MARK: - 2. Put in place

    /// Gives every entry its name.
    ///
    /// - Returns: whether every temporary took its name or is gone (a copy that could not be
    ///   placed and then not removed stays in the journal).
    private mutating func putInPlace() -> Bool {
        let order = pending.filter { actions[$0.node] != .replace } + pending.filter { actions[$0.node] == .replace }
        var clean = true
        for item in order { clean = place(item) && clean }
        pending.removeAll()
        for (index, node) in plan.nodes.enumerated() where node.renames && isExposed(index) && actions[index].isMade {
            rename(index)
        }
        for (index, node) in plan.nodes.enumerated().reversed() where node.renames && actions[index] == .merge {
            _ = node.source.withCString { sv_rmdir($0) }  // emptied by the merge; kept when not
        }
        return clean
    }

    /// Gives `item` its name, or removes it.
    ///
    /// - Returns: whether its temporary name is gone.
    private mutating func place(_ item: Pending) -> Bool {
        let node = plan.nodes[item.node], target = plan.targetPath(of: item.node)
        switch actions[item.node] {
        case .replace:
            if node.kind == .file {
                let descriptor = item.temporary.withCString { sv_open($0, O_RDONLY | O_CLOEXEC, 0) }
                if descriptor >= 0 {
                    _ = sv_fsync(descriptor)
                    close(descriptor)
                }
            }
            guard item.temporary.withCString({ from in target.withCString { to in sv_rename(from, to) } }) == 0 else {
                let reason = String(cString: strerror(errno))
                let name = target.lastName
                outcome.notes.append(String(translated: "“\(name)” could not be replaced: \(reason)."))
                return Self.removeOurs(item.temporary)
            }
            outcome.replaced += 1
            placed(item.node, at: target, recordsUndo: false)
            return true
        case .duplicate:
            let folder = target.parent
            while true {
                let name = CopyNaming.copyName(for: node.name, isFolder: node.kind == .folder) {
                    CopyPlan.existing(folder.appending($0)) != nil
                }
                do {
                    try FileOperations.renameNoReplace(item.temporary, to: folder.appending(name))
                    placed(item.node, at: folder.appending(name), recordsUndo: true)
                    return true
                } catch {
                    if error.code == EEXIST { continue }
                    let name = node.source.lastName, reason = error.reason
                    outcome.notes.append(String(translated: "“\(name)” could not be put in place: \(reason)."))
                    return Self.removeOurs(item.temporary)
                }
            }
        default:
            do {
                try FileOperations.renameNoReplace(item.temporary, to: target)
                placed(item.node, at: target, recordsUndo: true)
                return true
            } catch {
                let name = node.source.lastName, reason = error.reason
                outcome.notes.append(
                    error.code == EEXIST
                        ? String(translated: "“\(name)”: its name was taken meanwhile, so it was left out.")
                        : String(translated: "“\(name)”: \(reason)."))
                return Self.removeOurs(item.temporary)
            }
        }
    }

    /// Node `index` has its name `path`: kept for the outcome, and its entries for undo.
    private mutating func placed(_ index: Int, at path: FilePath, recordsUndo: Bool) {
        placedNodes.insert(index)
        if plan.nodes[index].parent == nil { outcome.placed.append(path) }
        if recordsUndo { Self.record(path, into: &outcome.made) }
    }

    private mutating func rename(_ index: Int) {
        let node = plan.nodes[index], target = plan.targetPath(of: index)
        var destination = target
        if actions[index] == .duplicate {
            destination = target.parent.appending(
                CopyNaming.copyName(for: node.name, isFolder: node.kind == .folder) {
                    CopyPlan.existing(target.parent.appending($0)) != nil
                })
        }
        let result: Int32
        if actions[index] == .replace {
            result = node.source.withCString { from in destination.withCString { to in sv_rename(from, to) } }
        } else {
            do {
                try FileOperations.renameNoReplace(node.source, to: destination)
                result = 0
            } catch {
                errno = error.code
                result = -1
            }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            let name = node.source.lastName
            outcome.notes.append(String(translated: "“\(name)” was not moved: \(reason)."))
            return
        }
        if actions[index] == .replace { outcome.replaced += 1 }
        if node.parent == nil { outcome.placed.append(destination) }
        outcome.moved.append(MovedItem(from: node.source, to: destination))
        progress.filesDone += 1
    }
}

extension CopyRun.Stop {
    var isCancel: Bool {
        if case .cancelled = self { return true }
        return false
    }
}
