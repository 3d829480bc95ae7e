import Glibc

/// The copier's writes: one entry made at a path that must be free, its mode and times, and
/// the removal of what a stopped paste made.
extension CopyRun {
    /// Makes `node`'s entry at `path` (which must not exist): a file copied, a link made, a
    /// folder made empty and writable (its own mode comes after its entries).
    mutating func make(_ node: CopyPlan.Node, at path: FilePath) throws(Stop) {
        if cancellation.isCancelled { throw .cancelled }
        switch node.kind {
        case .file:
            try copyFile(node.source, to: path)
            progress.filesDone += 1
        case .link:
            try copyLink(node.source, to: path)
            progress.filesDone += 1
        case .folder:
            guard path.withCString({ mkdir($0, 0o700) }) == 0 else { throw .failed(path, errno, writing: true) }
        case .special:
            return
        }
        reportNow()
    }

    /// Copies the bytes, the mode and the times of the regular file `source` to a new file
    /// `target`.
    private mutating func copyFile(_ source: FilePath, to target: FilePath) throws(Stop) {
        let input = source.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard input >= 0 else { throw .failed(source, errno, writing: false) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw .failed(source, errno, writing: false) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .failed(source, EINVAL, writing: false) }
        let output = target.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        guard output >= 0 else { throw .failed(target, errno, writing: true) }
        var closed = false
        defer { if !closed { close(output) } }
        while true {
            if cancellation.isCancelled { throw .cancelled }
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .failed(source, errno, writing: false)
            }
            if count == 0 { break }
            var written = 0
            while written < count {
                let step = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                if step < 0 {
                    if errno == EINTR { continue }
                    throw .failed(target, errno, writing: true)
                }
                written += step
            }
            progress.bytesDone += Int64(count)
            reportNow()
        }
        // Set-user-ID and set-group-ID are not carried to a copy the user now owns.
        guard fchmod(output, info.st_mode & 0o1777) == 0 else { throw .failed(target, errno, writing: true) }
        var times = [info.st_atim, info.st_mtim]
        guard futimens(output, &times) == 0 else { throw .failed(target, errno, writing: true) }
        closed = true
        // A network file system reports a failed write at close: the copy is not whole.
        guard close(output) == 0 else { throw .failed(target, errno, writing: true) }
    }

    /// Makes a link at `target` with the target text of the link `source` (never followed),
    /// and its times.
    private func copyLink(_ source: FilePath, to target: FilePath) throws(Stop) {
        var info = stat()
        guard source.withCString({ lstat($0, &info) }) == 0 else { throw .failed(source, errno, writing: false) }
        var text = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = source.withCString { readlink($0, &text, text.count - 1) }
        guard length >= 0 else { throw .failed(source, errno, writing: false) }
        text[length] = 0
        guard target.withCString({ symlink(text, $0) }) == 0 else { throw .failed(target, errno, writing: true) }
        var times = [info.st_atim, info.st_mtim]
        _ = target.withCString { utimensat(AT_FDCWD, $0, &times, AT_SYMLINK_NOFOLLOW) }
    }

    /// Gives the folder made at `path` the mode and times of `node`'s folder, once its
    /// entries are in (writing them would move its time again).
    func finishFolder(_ node: CopyPlan.Node, at path: FilePath) throws(Stop) {
        var info = stat()
        guard node.source.withCString({ lstat($0, &info) }) == 0 else { throw .failed(node.source, errno, writing: false) }
        guard path.withCString({ chmod($0, info.st_mode & 0o1777) }) == 0 else { throw .failed(path, errno, writing: true) }
        var times = [info.st_atim, info.st_mtim]
        guard path.withCString({ utimensat(AT_FDCWD, $0, &times, AT_SYMLINK_NOFOLLOW) }) == 0 else {
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
    mutating func removeTemporaries() {
        for item in pending.reversed() { Self.removeTree(item.temporary) }
        pending.removeAll()
    }

    /// Removes `path` and, for a folder, everything in it (made writable first: a copied
    /// read-only folder is still ours to remove). Links are removed, never followed.
    ///
    /// - Returns: nil when removed, else the system's reason.
    @discardableResult
    static func removeTree(_ path: FilePath) -> String? {
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0 else { return errno == ENOENT ? nil : String(cString: strerror(errno)) }
        if info.st_mode & S_IFMT == S_IFDIR {
            _ = path.withCString { chmod($0, 0o700) }
            if let directory = path.withCString({ opendir($0) }) {
                var names: [[UInt8]] = []
                while let entry = readdir(directory) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                    if name != [46] && name != [46, 46] { names.append(name) }
                }
                closedir(directory)
                for name in names {
                    if let failure = removeTree(path.appending(name)) { return failure }
                }
            }
            return path.withCString { rmdir($0) } == 0 ? nil : String(cString: strerror(errno))
        }
        return path.withCString { unlink($0) } == 0 ? nil : String(cString: strerror(errno))
    }

    /// Adds `path` and, for a folder, its entries (folder first) as they are now.
    static func record(_ path: FilePath, into items: inout [CopiedItem]) {
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0 else { return }
        let isFolder = info.st_mode & S_IFMT == S_IFDIR
        items.append(
            CopiedItem(
                path: path, isFolder: isFolder, size: Int64(info.st_size),
                modified: FileTime(seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int32(info.st_mtim.tv_nsec))))
        guard isFolder, let directory = path.withCString({ opendir($0) }) else { return }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [46] && name != [46, 46] { names.append(name) }
        }
        closedir(directory)
        for name in names { record(path.appending(name), into: &items) }
    }

    /// The one sentence for a stopped copy phase.
    func message(for stop: Stop) -> String {
        let nothing = plan.mode == .copy ? "nothing was copied" : "nothing was moved"
        let place = "“\(plan.destination.lastName)”"
        switch stop {
        case .cancelled:
            return plan.mode == .copy ? "Copy cancelled: nothing was copied." : "Move cancelled: nothing was moved."
        case .failed(let path, let code, let writing):
            switch (code, writing) {
            case (ENOSPC, true), (EDQUOT, true): return "There is not enough space in \(place): \(nothing)."
            case (EROFS, true): return "\(place) is read-only: \(nothing)."
            case (EACCES, true), (EPERM, true): return "You may not write in \(place): \(nothing)."
            case (_, true): return "Could not write in \(place): \(String(cString: strerror(code))): \(nothing)."
            case (EINVAL, false): return "“\(path.lastName)” changed while it was read: \(nothing)."
            default: return "Could not read “\(path.lastName)”: \(String(cString: strerror(code))): \(nothing)."
            }
        }
    }
}
