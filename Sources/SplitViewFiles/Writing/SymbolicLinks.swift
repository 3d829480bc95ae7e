import Glibc
import SplitView

extension FileOperations {
    /// The names a link to an entry named `name` takes in a folder, in order: `name` itself,
    /// then "Link to NAME", "Link to NAME (2)", "Link to NAME (3)"… (GNOME Files' "Link to"),
    /// in the reader's language ("Link zu NAME" in German).
    public static func linkName(_ name: [UInt8], number: Int) -> [UInt8] {
        guard number > 1 else { return name }
        let wording = linkWording(number: number)
        return wording.name(name)
    }

    /// How the `number`th name of a link (2 or more) words the name it links to.
    static func linkWording(number: Int) -> NameWording {
        let name = NameWording.slot
        guard number > 2 else { return NameWording(String(translated: "Link to \(name)"), english: "Link to \(name)") }
        let count = number - 1
        return NameWording(String(translated: "Link to \(name) (\(count))"), english: "Link to \(name) (\(count))")
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
        let targetName = target.lastName
        throw FileError(
            path: folder.displayString, reason: String(translated: "every name for a link to “\(targetName)” is taken"))
    }
}
