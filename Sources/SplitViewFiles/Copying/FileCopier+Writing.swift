import CFileOps
import Glibc
import SplitView

/// The copier's writes: one entry made at a path that must be free, its mode and times, and
/// the removal of what a stopped paste made.
extension CopyRun {
    /// Makes node `index`'s entry at `path` (which must not exist): a file copied, a link
    /// made, a folder made empty and writable (its own mode comes after its entries). Keeps
    /// the source's identity as it was read, unless it kept changing.
    mutating func make(_ index: Int, at path: FilePath) throws(Stop) {
        if cancellation.isCancelled { throw .cancelled }
        let node = plan.nodes[index]
        switch node.kind {
        case .file:
            let identity = try copyFile(node.source, to: path)
            if let identity { copied[index] = identity } else { unsteady.append(index) }
            progress.filesDone += 1
        case .link:
            let identity = try copyLink(node.source, to: path)
            if let identity { copied[index] = identity } else { unsteady.append(index) }
            progress.filesDone += 1
        case .folder:
            var info = stat()
            guard node.source.withCString({ lstat($0, &info) }) == 0 else { throw .failed(node.source, errno, writing: false) }
            guard info.st_mode & S_IFMT == S_IFDIR else { throw .failed(node.source, ENOTDIR, writing: false) }
            guard path.withCString({ sv_mkdir($0, 0o700) }) == 0 else { throw .failed(path, errno, writing: true) }
            copied[index] = FileVersion(info)
        case .special, .unreadable:
            return
        }
        reportNow()
    }

    /// Copies the bytes, the mode and the times of the regular file `source` to a new file
    /// `target`.
    ///
    /// - Returns: the source's identity as its bytes were read, or nil when it changed while
    ///   it was read every time it was tried (``FileCopier/rereads``): the copy then has what
    ///   the last reading saw, and a move keeps the original.
    private mutating func copyFile(_ source: FilePath, to target: FilePath) throws(Stop) -> FileVersion? {
        // Non-blocking: a FIFO put in the file's place since the plan must not hold the paste.
        let input = source.withCString { sv_open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0) }
        guard input >= 0 else { throw .failed(source, errno, writing: false) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw .failed(source, errno, writing: false) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .failed(source, EINVAL, writing: false) }
        guard KernelFiles.fileSystem(of: input) == nil else { throw .failed(source, EPERM, writing: false) }
        let output = target.withCString { sv_open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        guard output >= 0 else { throw .failed(target, errno, writing: true) }
        var closed = false
        defer { if !closed { close(output) } }
        var steady: FileVersion?
        for attempt in 0...FileCopier.rereads {
            let before = FileVersion(info)
            let written = try copyBytes(from: input, source, to: output, target, upTo: Int64(info.st_size))
            guard fstat(input, &info) == 0 else { throw .failed(source, errno, writing: false) }
            if FileVersion(info) == before {
                steady = before
                break
            }
            // Written to while it was read: the copy may be torn. Read it again from the start.
            guard attempt < FileCopier.rereads else { break }
            progress.bytesDone -= written
            guard lseek(input, 0, SEEK_SET) == 0 else { throw .failed(source, errno, writing: false) }
            guard ftruncate(output, 0) == 0, lseek(output, 0, SEEK_SET) == 0 else { throw .failed(target, errno, writing: true) }
        }
        // Set-user-ID and set-group-ID are not carried to a copy the user now owns.
        guard sv_fchmod(output, info.st_mode & 0o1777) == 0 else { throw .failed(target, errno, writing: true) }
        var times = [info.st_atim, info.st_mtim]
        guard sv_futimens(output, &times) == 0 else { throw .failed(target, errno, writing: true) }
        closed = true
        // A network file system reports a failed write at close: the copy is not whole.
        guard sv_close_written(output) == 0 else { throw .failed(target, errno, writing: true) }
        return steady
    }

    /// Copies what `input` holds from where it is onto `output`, up to its end or `limit`
    /// bytes, the size it had when opened: a file that grows as fast as it is read (a busy
    /// log) is copied as far as it was, and its change seen after.
    ///
    /// - Returns: how many bytes were copied.
    private mutating func copyBytes(
        from input: Int32, _ source: FilePath, to output: Int32, _ target: FilePath, upTo limit: Int64
    ) throws(Stop) -> Int64 {
        var total: Int64 = 0
        while total < limit {
            if cancellation.isCancelled { throw .cancelled }
            let wanted = Int(min(Int64(buffer.count), limit - total))
            let count = buffer.withUnsafeMutableBytes { sv_read(input, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .failed(source, errno, writing: false)
            }
            if count == 0 { return total }
            var written = 0
            while written < count {
                let step = buffer.withUnsafeBytes { sv_write(output, $0.baseAddress! + written, count - written) }
                if step < 0 {
                    if errno == EINTR { continue }
                    throw .failed(target, errno, writing: true)
                }
                written += step
            }
            total += Int64(count)
            progress.bytesDone += Int64(count)
            reportNow()
        }
        return total
    }

    /// Makes a link at `target` with the target text of the link `source` (never followed),
    /// and its times.
    ///
    /// - Returns: the link's identity as it was read, or nil when it was replaced meanwhile.
    private func copyLink(_ source: FilePath, to target: FilePath) throws(Stop) -> FileVersion? {
        var info = stat()
        guard source.withCString({ lstat($0, &info) }) == 0 else { throw .failed(source, errno, writing: false) }
        var text = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = source.withCString { readlink($0, &text, text.count - 1) }
        guard length >= 0 else { throw .failed(source, errno, writing: false) }
        text[length] = 0
        guard target.withCString({ sv_symlink(text, $0) }) == 0 else { throw .failed(target, errno, writing: true) }
        var times = [info.st_atim, info.st_mtim]
        _ = target.withCString { sv_utimensat(AT_FDCWD, $0, &times, AT_SYMLINK_NOFOLLOW) }
        return FileVersion(of: source) == FileVersion(info) ? FileVersion(info) : nil
    }

    /// Gives the folder made at `path` the mode and times of `node`'s folder, once its
    /// entries are in (writing them would move its time again). A source folder gone
    /// meanwhile leaves the copy as it was made.
    func finishFolder(_ node: CopyPlan.Node, at path: FilePath) throws(Stop) {
        var info = stat()
        guard node.source.withCString({ lstat($0, &info) }) == 0 else {
            if errno == ENOENT { return }
            throw .failed(node.source, errno, writing: false)
        }
        guard path.withCString({ sv_fchmodat(AT_FDCWD, $0, info.st_mode & 0o1777, 0) }) == 0 else {
            throw .failed(path, errno, writing: true)
        }
        var times = [info.st_atim, info.st_mtim]
        guard path.withCString({ sv_utimensat(AT_FDCWD, $0, &times, AT_SYMLINK_NOFOLLOW) }) == 0 else {
            throw .failed(path, errno, writing: true)
        }
    }

    /// Reports the progress if the last report is at least ``reportInterval`` old.
    mutating func reportNow() {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        let now = Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
        guard now - lastReport >= reportInterval else { return }
        lastReport = now
        report(progress)
    }

    // MARK: - Undoing

    /// Removes every entry written under a temporary name: all of them are the paste's own.
    /// The journal is emptied only when all are gone; else the next start removes the rest.
    mutating func removeTemporaries() {
        var all = true
        for item in pending.reversed() { all = Self.removeOurs(item.temporary) && all }
        pending.removeAll()
        if all { journal?.finished() }
    }

    /// Removes `path`, an entry this paste made under a temporary name, and everything in it
    /// (``FileRemoval``: by descriptors, never following a link).
    ///
    /// - Returns: whether nothing of it is left.
    @discardableResult
    static func removeOurs(_ path: FilePath) -> Bool {
        do {
            try FileRemoval.remove(path)
            return true
        } catch {
            return error.code == ENOENT
        }
    }

    /// Adds `path` and, for a folder, its entries (folder first) as they are now.
    static func record(_ path: FilePath, into items: inout [CopiedItem]) {
        guard let identity = FileVersion(of: path) else { return }
        items.append(CopiedItem(path: path, identity: identity))
        guard identity.isFolder else { return }
        let folder = path.withCString { open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard folder >= 0 else { return }
        let names = (try? FolderNames.all(in: folder, path: path)) ?? []
        close(folder)
        for name in names { record(path.appending(name), into: &items) }
    }

    /// The one sentence for a stopped copy phase.
    func message(for stop: Stop) -> String {
        let copying = plan.mode == .copy
        let folder = plan.destination.lastName
        switch stop {
        case .cancelled:
            return copying
                ? String(translated: "Copy cancelled: nothing was copied.")
                : String(translated: "Move cancelled: nothing was moved.")
        case .failed(let path, let code, let writing):
            let name = path.lastName
            let reason = String(cString: strerror(code))
            switch (code, writing) {
            case (ENOSPC, true), (EDQUOT, true):
                return copying
                    ? String(translated: "There is not enough space in “\(folder)”: nothing was copied.")
                    : String(translated: "There is not enough space in “\(folder)”: nothing was moved.")
            case (EROFS, true):
                return copying
                    ? String(translated: "“\(folder)” is read-only: nothing was copied.")
                    : String(translated: "“\(folder)” is read-only: nothing was moved.")
            case (EACCES, true), (EPERM, true):
                return copying
                    ? String(translated: "You may not write in “\(folder)”: nothing was copied.")
                    : String(translated: "You may not write in “\(folder)”: nothing was moved.")
            case (_, true):
                return copying
                    ? String(translated: "Could not write in “\(folder)”: \(reason): nothing was copied.")
                    : String(translated: "Could not write in “\(folder)”: \(reason): nothing was moved.")
            case (EINVAL, false):
                return copying
                    ? String(translated: "“\(name)” changed while it was read: nothing was copied.")
                    : String(translated: "“\(name)” changed while it was read: nothing was moved.")
            default:
                return copying
                    ? String(translated: "Could not read “\(name)”: \(reason): nothing was copied.")
                    : String(translated: "Could not read “\(name)”: \(reason): nothing was moved.")
            }
        }
    }
}
