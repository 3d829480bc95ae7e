import CFileOps
import Glibc

/// The writes the browser makes to the user's files, each whole or not at all.
public enum FileOperations {
    /// Renames (or moves, within one file system) `source` to `destination`, never over a name
    /// that exists: the check and the rename are one step (`renameat2` with
    /// `RENAME_NOREPLACE`).
    ///
    /// - Throws: a `FileError` on `destination` with `EEXIST` when the name is taken, `EXDEV`
    ///   when the two are on different file systems, or the system's reason.
    public static func renameNoReplace(_ source: FilePath, to destination: FilePath) throws(FileError) {
        let result = source.withCString { from in destination.withCString { to in sv_rename_noreplace(from, to) } }
        guard result == 0 else {
            let code = errno
            throw FileError(path: (code == EEXIST ? destination : source).displayString, code: code)
        }
    }

    /// Whether anything (a file, a folder, a dangling link) has the name `path`.
    public static func exists(_ path: FilePath) -> Bool {
        var info = stat()
        return path.withCString { lstat($0, &info) } == 0
    }
}
