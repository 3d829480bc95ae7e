import Glibc

extension FileOperations {
    /// The names a link to an entry named `name` takes in a folder, in order: `name` itself,
    /// then "Link to NAME", "Link to NAME (2)", "Link to NAME (3)"… (GNOME Files' "Link to").
    public static func linkName(_ name: [UInt8], number: Int) -> [UInt8] {
        switch number {
        case ...1: name
        case 2: Array("Link to ".utf8) + name
        default: Array("Link to ".utf8) + name + Array(" (\(number - 1))".utf8)
        }
    }

    /// Makes a symbolic link to `target` in `folder`, named as ``linkName(_:number:)`` finds a
    /// free name, never over an existing one: each try is one `symlink`, which fails on a
    /// name taken. The link holds `target`'s absolute path, so it reaches it from anywhere.
    ///
    /// - Returns: the link made, as it was made (its version, for an undo that removes it only
    ///   while it is still that link).
    /// - Throws: the system's reason (read-only folder, no permission, a name too long), or a
    ///   sentence when the first `attempts` names are all taken.
    public static func makeLink(to target: FilePath, in folder: FilePath, attempts: Int = 1_000) throws(FileError) -> CopiedItem {
        let name = target.lastComponent
        for number in 1...max(1, attempts) {
            let path = folder.appending(linkName(name, number: number))
            let made = target.withCString { cTarget in path.withCString { symlink(cTarget, $0) } }
            if made == 0, let version = FileVersion(of: path) { return CopiedItem(path: path, identity: version) }
            let code = errno
            guard made != 0, code == EEXIST else { throw FileError(path: path.displayString, code: code) }
        }
        throw FileError(path: folder.displayString, reason: "every name for a link to “\(target.lastName)” is taken")
    }
}
