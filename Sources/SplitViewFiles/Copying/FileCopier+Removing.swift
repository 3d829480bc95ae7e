import CFileOps
import Glibc
import SplitView

/// The last step of a move across file systems: the originals removed, each only if it is
/// still what was copied, and what stays said in words.
///
/// The removal walks the plan, not the folders: an entry the plan never held (a file written
/// into the folder while the move ran, one renamed there) is never looked at, and the folder
/// holding it stays, since folders go by `rmdir` alone. Each folder is opened without
/// following a link, and each entry looked at and removed through it (`fstatat`, `unlinkat`),
/// so nothing is reached by a path that changed since. An entry is removed only while its
/// name holds the inode that was copied with the change time it had when read; there is
/// still a moment between that look and the `unlinkat` in which another program could write
/// to it, as with GIO's and rsync's moves, and no system call closes it.
extension CopyRun {
    /// What a move left of its originals, by the entry the user pasted that holds it.
    struct Kept {
        /// Entries that changed since they were read (or kept changing while read).
        var changed: [Int] = []
        /// How many entries that were never in the plan kept their folder, by pasted entry.
        var appeared: [Int: Int] = [:]
        /// Entries that could not be removed, with the system's reason.
        var failures: [(node: Int, code: Int32)] = []
        /// The files of which this removal took a name: another name of one (a hard link)
        /// has a new change time for that reason alone.
        var unlinked: Set<FileIdentity> = []
    }

    /// Removes the originals of the entries put in place, deepest first; keeps and names the
    /// rest.
    mutating func removeOriginals() {
        var children = [[Int]](repeating: [], count: plan.nodes.count)
        for (index, node) in plan.nodes.enumerated() {
            if let parent = node.parent { children[parent].append(index) }
        }
        var kept = Kept()
        for index in plan.nodes.indices.reversed() where !plan.nodes[index].renames && isExposed(index) {
            switch actions[index] {
            case .create, .duplicate, .replace:
                guard placedNodes.contains(index) else { continue }
                outcome.movedAcross = true
                withParent(of: index, kept: &kept) { run, parent, kept in
                    _ = run.removeCopied(index, in: parent, children: children, kept: &kept)
                }
            case .merge:
                withParent(of: index, kept: &kept) { run, parent, kept in
                    run.removeFolder(index, in: parent, children: children, kept: &kept)
                }
            default: break
            }
        }
        kept.changed += unsteady
        sayWhatWasLeft(kept)
    }

    /// Calls `body` with the folder holding node `index`'s source open (following links: the
    /// user named it).
    private mutating func withParent(
        of index: Int, kept: inout Kept, _ body: (inout CopyRun, Int32, inout Kept) -> Void
    ) {
        let source = plan.nodes[index].source
        guard let parent = try? FileRemoval.openFolder(source.parent) else {
            kept.failures.append((index, errno))
            return
        }
        defer { close(parent) }
        body(&self, parent, &kept)
    }

    /// Removes node `index`'s source from the folder open as `parent` if it is still what was
    /// copied: a file or link unchanged, a folder once all it holds is gone.
    ///
    /// - Returns: whether it is gone.
    private mutating func removeCopied(_ index: Int, in parent: Int32, children: [[Int]], kept: inout Kept) -> Bool {
        // Not copied: left out (a FIFO, a kernel file), unreadable, or changing while read;
        // each is said already.
        guard let identity = copied[index] else { return false }
        let name = plan.nodes[index].source.lastComponent
        var info = stat()
        guard FileRemoval.withName(name, { fstatat(parent, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else {
            if errno == ENOENT { return true }  // removed or renamed by someone else: nothing to lose
            kept.failures.append((index, errno))
            return false
        }
        let now = FileVersion(info)
        guard identity.isFolder else {
            guard now.isUnchanged(since: identity, butForRemovedNames: kept.unlinked.contains(identity.identity)) else {
                kept.changed.append(index)
                return false
            }
            guard FileRemoval.withName(name, { sv_unlinkat(parent, $0, 0) }) == 0 else {
                if errno == ENOENT { return true }
                kept.failures.append((index, errno))
                return false
            }
            if identity.links > 1 { kept.unlinked.insert(identity.identity) }
            reportNow()
            return true
        }
        guard now.isFolder, now.isSameEntry(as: identity) else {
            kept.changed.append(index)
            return false
        }
        return removeFolder(index, in: parent, children: children, kept: &kept)
    }

    /// Removes what the folder node `index` holds that was copied, then the folder with
    /// `rmdir` if that emptied it; counts what else holds it.
    ///
    /// - Returns: whether it is gone.
    @discardableResult
    private mutating func removeFolder(_ index: Int, in parent: Int32, children: [[Int]], kept: inout Kept) -> Bool {
        let node = plan.nodes[index], name = node.source.lastComponent
        let folder = FileRemoval.withName(name) { openat(parent, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard folder >= 0 else {
            if errno == ENOENT { return true }
            kept.failures.append((index, errno))
            return false
        }
        defer { close(folder) }
        var info = stat()
        if let identity = copied[index] {
            // The name may have been given to another folder between the look and the open.
            guard fstat(folder, &info) == 0, FileVersion(info).isSameEntry(as: identity) else {
                kept.changed.append(index)
                return false
            }
        }
        for child in children[index].reversed() where !plan.nodes[child].renames {
            if isExposed(child) { continue }  // a merged folder's entries went on their own
            _ = removeCopied(child, in: folder, children: children, kept: &kept)
        }
        if FileRemoval.withName(name, { sv_unlinkat(parent, $0, AT_REMOVEDIR) }) == 0 {
            reportNow()
            return true
        }
        let code = errno
        guard code == ENOTEMPTY || code == EEXIST else {
            if code != ENOENT { kept.failures.append((index, code)) }
            return code == ENOENT
        }
        let known = Set(children[index].map { plan.nodes[$0].source.lastComponent })
        let names = (try? FolderNames.all(in: folder, path: node.source)) ?? []
        let appeared = names.filter { !known.contains($0) }.count
        if appeared > 0 { kept.appeared[root(of: index), default: 0] += appeared }
        return false
    }

    /// The entry the user pasted that holds node `index` (itself, for one of those).
    func root(of index: Int) -> Int {
        var current = index
        while let parent = plan.nodes[current].parent { current = parent }
        return current
    }

    // MARK: - Words

    /// Says what a copy left out: entries that could not be read, files that kept changing.
    mutating func sayWhatWasLeft() {
        for (root, nodes) in grouped(unreadable) {
            let folder = plan.nodes[root].source.lastName
            let count = nodes.count
            if count == 1 {
                let name = plan.nodes[nodes[0]].source.lastName
                outcome.notes.append(String(translated: "“\(name)” in “\(folder)” could not be read and was not copied."))
            } else {
                outcome.notes.append(
                    String(
                        translated: "\(count) item in “\(folder)” could not be read and was not copied.",
                        plural: "\(count) items in “\(folder)” could not be read and were not copied.", count: count))
            }
        }
        guard !unsteady.isEmpty else { return }
        let count = unsteady.count
        if count == 1 {
            let name = plan.nodes[unsteady[0]].source.lastName
            outcome.notes.append(
                String(translated: "“\(name)” kept changing while it was copied: the copy may not match it."))
        } else {
            outcome.notes.append(
                String(
                    translated: "\(count) file kept changing while it was copied: its copy may not match it.",
                    plural: "\(count) files kept changing while they were copied: their copies may not match them.",
                    count: count))
        }
    }

    /// Says what a move kept of its originals.
    private mutating func sayWhatWasLeft(_ kept: Kept) {
        for (root, nodes) in grouped(unreadable) {
            let folder = plan.nodes[root].source.lastName
            let count = nodes.count
            if count == 1 {
                let name = plan.nodes[nodes[0]].source.lastName
                outcome.notes.append(String(translated: "“\(name)” could not be read and was left in “\(folder)”."))
            } else {
                outcome.notes.append(
                    String(
                        translated: "\(count) item could not be read and was left in “\(folder)”.",
                        plural: "\(count) items could not be read and were left in “\(folder)”.", count: count))
            }
        }
        for (root, nodes) in grouped(kept.changed) {
            let folder = plan.nodes[root].source.lastName
            let count = nodes.count
            if nodes == [root] {
                outcome.notes.append(
                    String(translated: "“\(folder)” changed during the move: it was kept, and the copy has it as it was read."))
            } else if count == 1 {
                let name = plan.nodes[nodes[0]].source.lastName
                outcome.notes.append(
                    String(
                        translated:
                            "“\(name)” changed during the move: it was kept in “\(folder)”, and the copy has it as it was read."))
            } else {
                outcome.notes.append(
                    String(
                        translated:
                            "\(count) item changed during the move and was kept in “\(folder)”; the copy has it as it was read.",
                        plural:
                            "\(count) items changed during the move and were kept in “\(folder)”; the copies have them as they were read.",
                        count: count))
            }
        }
        for (root, count) in kept.appeared.sorted(by: { $0.key < $1.key }) {
            let folder = plan.nodes[root].source.lastName
            outcome.notes.append(
                String(
                    translated: "\(count) item that appeared during the move was left in “\(folder)”.",
                    plural: "\(count) items that appeared during the move were left in “\(folder)”.", count: count))
        }
        var byReason: [Int32: [Int]] = [:]
        for failure in kept.failures { byReason[failure.code, default: []].append(failure.node) }
        for (code, nodes) in byReason.sorted(by: { $0.key < $1.key }) {
            let reason = String(cString: strerror(code))
            for (root, inside) in grouped(nodes) {
                let count = inside.count
                if count == 1 {
                    let name = plan.nodes[inside[0]].source.lastName
                    outcome.notes.append(
                        String(translated: "“\(name)” was copied, but the original could not be removed: \(reason)."))
                } else {
                    let folder = plan.nodes[root].source.lastName
                    outcome.notes.append(
                        String(
                            translated:
                                "\(count) item in “\(folder)” was copied, but its original could not be removed: \(reason).",
                            plural:
                                "\(count) items in “\(folder)” were copied, but their originals could not be removed: \(reason).",
                            count: count))
                }
            }
        }
    }

    /// `nodes` by the entry the user pasted that holds each, in the plan's order.
    private func grouped(_ nodes: [Int]) -> [(root: Int, nodes: [Int])] {
        var groups: [Int: [Int]] = [:]
        for node in nodes { groups[root(of: node), default: []].append(node) }
        return groups.keys.sorted().map { ($0, groups[$0]!.sorted()) }
    }
}
