import CFileOps
import Glibc
import SplitView

extension FileOperations {
    /// The name GNOME Files gives its `number`th new folder: `base` for the first, then
    /// `base 2`, `base 3`…
    public static func newFolderName(_ base: String, number: Int) -> String {
        number <= 1 ? base : "\(base) \(number)"
    }

    /// Makes an empty folder in `folder` under the first of `base`, `base 2`, `base 3`… that is
    /// free, never over an existing name: each try is one `mkdir`, which fails on a name taken,
    /// so two programs making folders at once never share one. The mode is 0777 less the
    /// umask, as `mkdir(1)` makes it.
    ///
    /// - Returns: the folder made.
    /// - Throws: the system's reason (read-only folder, no permission, disk full), or a
    ///   sentence when the first `attempts` names are all taken.
    public static func makeNewFolder(in folder: FilePath, base: String, attempts: Int = 10_000) throws(FileError) -> FilePath {
        for number in 1...max(1, attempts) {
            let path = folder.appending(Array(newFolderName(base, number: number).utf8))
            if path.withCString({ sv_mkdir($0, 0o777) }) == 0 { return path }
            let code = errno
            guard code == EEXIST else { throw FileError(path: folder.displayString, code: code) }
        }
        let last = newFolderName(base, number: attempts)
        throw FileError(
            path: folder.displayString, reason: String(translated: "every name from “\(base)” to “\(last)” is taken"))
    }
}
