import CFileOps
import Glibc
import SplitView

/// Restoring: the trashed file renamed back to its original path, reached by a walk of
/// descriptors that never leaves the place the file came from, and that makes nothing
/// anywhere unless the file goes back.
extension Trash {
    /// Puts `item` back where it came from, never over a file there: renamed back with
    /// `RENAME_NOREPLACE`, then its info file removed.
    ///
    /// The way there is walked one folder at a time by descriptors (`openat` with
    /// `O_NOFOLLOW`), every folder checked before any is made:
    /// - A volume's trash restores only beneath the volume's top folder (`Path=` is relative
    ///   to it, and `..` is refused when the info file is read): a symbolic link on the way is
    ///   refused, wherever it points. A volume can come from anyone (a USB stick made on
    ///   another machine), and its links could lead a restore into the home folder.
    /// - Decided for the home trash, whose `Path=` is absolute: the walk starts at `/`, and a
    ///   link on the way is followed only when it belongs to the user or to root (as
    ///   `fs.protected_symlinks` trusts links), its own target walked by the same rules. A
    ///   link of another user (planted in `/tmp`, say) is refused: it could send the file
    ///   anywhere that user chose. The folder the file goes into must be on the trash's file
    ///   system, as a rename cannot cross file systems anyway.
    /// - A folder of the way that is gone is made again (mode 0777 less the umask), as
    ///   GNOME Files does, and the result says so; never through a link (a link whose target
    ///   is gone is refused), and only after the whole way is checked.
    /// - A refusal or a failure makes nothing: the folders made for the restore are removed
    ///   again (each while still empty), and the file and its info file stay in the trash.
    ///
    /// - Returns: whether folders had to be made.
    /// - Throws: why not, in words where the system has none (“exists there again”, a link on
    ///   the way); the item then stays in the trash.
    @discardableResult
    public static func restore(_ item: TrashedItem) throws(FileError) -> Bool {
        let target = item.originalPath
        let name = FilePath.displayName(target.lastComponent)
        guard item.hasPlainName, let way = RestoreWay(item) else {
            throw FileError(
                path: target.displayString, reason: String(translated: "its trash information names no place to restore it to"))
        }
        let folders = try item.directory.openFolders()
        defer {
            close(folders.files)
            close(folders.info)
        }
        var trashed = stat()
        guard FileRemoval.withName(item.name, { fstatat(folders.files, $0, &trashed, AT_SYMLINK_NOFOLLOW) }) == 0 else {
            throw FileError(path: target.displayString, reason: String(translated: "“\(name)” is no longer in the Trash"))
        }
        var walk = try RestoreWalk(start: way.start, components: way.folders, trustsLinks: way.trustsLinks, path: target)
        defer { walk.close() }
        var reached = stat()
        guard fstat(walk.folder, &reached) == 0 else { throw target.parent.error(errno) }
        guard reached.st_dev == trashed.st_dev else {
            throw FileError(
                path: target.displayString,
                reason: String(translated: "its folder is now on another file system: it was left in the Trash"))
        }
        var existing = stat()
        if walk.missing.isEmpty, FileRemoval.withName(way.name, { fstatat(walk.folder, $0, &existing, AT_SYMLINK_NOFOLLOW) }) == 0
        {
            throw FileError(
                path: target.displayString, reason: String(translated: "“\(name)” exists there again: it was left in the Trash"))
        }
        let madeFolders = !walk.missing.isEmpty
        do throws(FileError) {
            try walk.makeMissing()
            let moved = FileRemoval.withName(item.name) { from in
                FileRemoval.withName(way.name) { sv_renameat_noreplace(folders.files, from, walk.folder, $0) }
            }
            guard moved == 0 else { throw renameError(errno, target: target, name: name) }
        } catch {
            walk.removeMade()
            throw error
        }
        // A failure here leaves an info file without its file, which listings skip, then remove.
        _ = FileRemoval.withName(TrashDirectory.infoName(for: item.name)) { sv_unlinkat(folders.info, $0, 0) }
        return madeFolders
    }

    /// The error of a failed rename back, in words where a restore has its own.
    private static func renameError(_ code: Int32, target: FilePath, name: String) -> FileError {
        switch code {
        case EEXIST, ENOTEMPTY:
            FileError(
                path: target.displayString, reason: String(translated: "“\(name)” exists there again: it was left in the Trash"))
        case EXDEV:
            FileError(
                path: target.displayString,
                reason: String(translated: "its folder is now on another file system: it was left in the Trash"))
        default: target.error(code)
        }
    }
}

/// Where a restore starts its walk, and the names it walks.
private struct RestoreWay {
    /// The folder the walk starts from: the volume's top folder, or `/` for the home trash.
    let start: FilePath
    /// The folders from there to the one that holds the file.
    let folders: [[UInt8]]
    /// The file's own name.
    let name: [UInt8]
    /// Whether links of the user's or root's own are followed (the home trash).
    let trustsLinks: Bool

    /// The way to `item`'s original path, or `nil` when that path is not one a restore may
    /// use: outside its volume's top folder, with `.` or `..` components, or no name.
    init?(_ item: TrashedItem) {
        let path = item.originalPath.bytes
        let relative: ArraySlice<UInt8>
        if let topdir = item.directory.topdir {
            let prefix = topdir.isRoot ? [UInt8(ascii: "/")] : topdir.bytes + [UInt8(ascii: "/")]
            guard path.starts(with: prefix) else { return nil }
            relative = path.dropFirst(prefix.count)
            start = topdir
            trustsLinks = false
        } else {
            guard path.first == UInt8(ascii: "/") else { return nil }
            relative = path.dropFirst()
            start = FilePath("/")
            trustsLinks = true
        }
        let components = relative.split(separator: UInt8(ascii: "/")).map(Array.init)
        guard let last = components.last, !path.contains(0),
            components.allSatisfy({ $0 != [UInt8(ascii: ".")] && $0 != [UInt8(ascii: "."), UInt8(ascii: ".")] })
        else { return nil }
        folders = Array(components.dropLast())
        name = last
    }
}
