import CFileOps
import Glibc
import SplitView

/// The way down to the folder a restore puts a file back into, walked one folder at a time
/// by descriptors (``Trash/restore(_:)`` says the rules): each step an `openat` of one name
/// with `O_NOFOLLOW`, so no link is followed but those the rules let through, and walked
/// through by the walk itself, never by the kernel. The folders that are missing are found
/// first and made only by ``makeMissing()``; ``removeMade()`` takes them back.
struct RestoreWalk {
    /// The deepest folder reached: the one that holds the file once ``missing`` is made.
    private(set) var folder: Int32
    /// The names below ``folder`` that do not exist yet, outermost first.
    private(set) var missing: [[UInt8]] = []
    /// The folders made, each with its parent's descriptor (held open until ``close()``).
    private var made: [(parent: Int32, name: [UInt8])] = []
    /// Whether links of the user's own or root's are followed.
    private let trustsLinks: Bool
    /// The file being restored, for the errors.
    private let target: FilePath

    /// How many links a walk follows before it gives up, as the kernel does (`ELOOP`).
    static let linkLimit = 40

    /// How each folder of the way is opened: `O_PATH`, so that a folder one may only search
    /// (mode 0711, as shared folders often are) is walked through as a path would be, never
    /// through a link, for the `*at` calls only. `O_PATH` is 010000000 on every architecture
    /// Swift runs on; Swift's Glibc module leaves the GNU flag out.
    static let folderFlags: Int32 = 0o10_000_000 | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC

    /// Walks from `start` (followed: the volume's top folder, or `/`) down `components`,
    /// stopping at the first that does not exist.
    ///
    /// - Throws: a link the rules refuse, a name on the way that is not a folder, a link to a
    ///   folder that is gone, or the system's reason; nothing is made either way.
    init(start: FilePath, components: [[UInt8]], trustsLinks: Bool, path target: FilePath) throws(FileError) {
        self.trustsLinks = trustsLinks
        self.target = target
        folder = start.withCString { open($0, Self.folderFlags & ~O_NOFOLLOW) }
        guard folder >= 0 else { throw start.error(errno) }
        var links = 0
        for (index, name) in components.enumerated() {
            let next: Int32?
            do throws(FileError) {
                next = try Self.step(from: folder, into: name, trustsLinks: trustsLinks, links: &links, target: target)
            } catch {
                Glibc.close(folder)
                throw error
            }
            guard let next else {
                missing = Array(components[index...])
                return
            }
            Glibc.close(folder)
            folder = next
        }
    }

    /// Makes the missing folders (mode 0777 less the umask), each entered by `O_NOFOLLOW`:
    /// one made meanwhile by someone else is used as it is when it is a real folder.
    ///
    /// - Throws: the first failure; what was made stays for ``removeMade()``.
    mutating func makeMissing() throws(FileError) {
        while let name = missing.first {
            let parent = folder
            let made = FileRemoval.withName(name) { sv_mkdirat(parent, $0, 0o777) } == 0
            guard made || errno == EEXIST else { throw target.error(errno) }
            if made { self.made.append((parent, name)) }
            let next = FileRemoval.withName(name) { openat(parent, $0, Self.folderFlags) }
            guard next >= 0 else {
                throw errno == ELOOP || errno == ENOTDIR ? Self.refusal(name, .notAFolder, target) : target.error(errno)
            }
            if !made { Glibc.close(parent) }
            folder = next
            missing.removeFirst()
        }
    }

    /// Removes the folders ``makeMissing()`` made, deepest first, each only while empty:
    /// a folder someone put something in meanwhile stays, with what it holds.
    func removeMade() {
        for (parent, name) in made.reversed() {
            _ = FileRemoval.withName(name) { sv_unlinkat(parent, $0, AT_REMOVEDIR) }
        }
    }

    /// Closes every descriptor the walk holds.
    func close() {
        // The folder reached is held by `made` too when the last step failed to enter it.
        if !made.contains(where: { $0.parent == folder }) { Glibc.close(folder) }
        for (parent, _) in made { Glibc.close(parent) }
    }

    /// One step from the folder open as `folder` into its entry `name`: the entry's
    /// descriptor, or `nil` when there is no such entry. A link is refused, or (trusted)
    /// walked through: its target's names one by one by the same rules, from `/` or from
    /// `folder`.
    private static func step(
        from folder: Int32, into name: [UInt8], trustsLinks: Bool, links: inout Int, target: FilePath
    ) throws(FileError) -> Int32? {
        var info = stat()
        guard FileRemoval.withName(name, { fstatat(folder, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else {
            if errno == ENOENT { return nil }
            throw target.error(errno)
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            let next = FileRemoval.withName(name) { openat(folder, $0, folderFlags) }
            guard next >= 0 else {
                // Replaced by a link or a file since the check: refused all the same.
                throw errno == ELOOP || errno == ENOTDIR ? refusal(name, .notAFolder, target) : target.error(errno)
            }
            return next
        case S_IFLNK:
            guard trustsLinks else { throw refusal(name, .link, target) }
            guard info.st_uid == 0 || info.st_uid == geteuid() else {
                throw refusal(name, .othersLink, target)
            }
            links += 1
            guard links <= linkLimit else { throw target.error(ELOOP) }
            return try follow(name, in: folder, links: &links, target: target)
        default:
            throw refusal(name, .notAFolder, target)
        }
    }

    /// The folder the trusted link `name` in `folder` leads to, walked name by name.
    private static func follow(
        _ name: [UInt8], in folder: Int32, links: inout Int, target: FilePath
    ) throws(FileError) -> Int32 {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = FileRemoval.withName(name) { readlinkat(folder, $0, &buffer, buffer.count - 1) }
        guard count > 0 else { throw target.error(count == 0 ? ENOENT : errno) }
        let destination = buffer.prefix(count).map { UInt8(bitPattern: $0) }
        var current = destination.first == UInt8(ascii: "/") ? open("/", folderFlags) : dup(folder)
        guard current >= 0 else { throw target.error(errno) }
        for part in destination.split(separator: UInt8(ascii: "/")).map(Array.init) where part != [UInt8(ascii: ".")] {
            var next: Int32?
            if part == [UInt8(ascii: "."), UInt8(ascii: ".")] {
                let up = openat(current, "..", folderFlags)
                guard up >= 0 else {
                    let code = errno
                    Glibc.close(current)
                    throw target.error(code)
                }
                next = up
            } else {
                do throws(FileError) {
                    next = try step(from: current, into: part, trustsLinks: true, links: &links, target: target)
                } catch {
                    Glibc.close(current)
                    throw error
                }
            }
            Glibc.close(current)
            guard let next else { throw refusal(name, .linkToNothing, target) }
            current = next
        }
        return current
    }

    /// What is wrong with a name on the way.
    private enum Problem {
        /// It is not a folder.
        case notAFolder
        /// It is a symbolic link.
        case link
        /// It is a symbolic link of another user.
        case othersLink
        /// It is a symbolic link to a folder that is gone.
        case linkToNothing
    }

    /// A refusal in words: the name on the way, and what is wrong with it (one whole sentence
    /// a problem, for the translators).
    private static func refusal(_ name: [UInt8], _ problem: Problem, _ target: FilePath) -> FileError {
        let name = FilePath.displayName(name)
        let reason =
            switch problem {
            case .notAFolder: String(translated: "“\(name)” on its way is not a folder: it was left in the Trash")
            case .link: String(translated: "“\(name)” on its way is a symbolic link: it was left in the Trash")
            case .othersLink:
                String(translated: "“\(name)” on its way is a symbolic link of another user: it was left in the Trash")
            case .linkToNothing:
                String(
                    translated: "“\(name)” on its way is a symbolic link to a folder that is gone: it was left in the Trash")
            }
        return FileError(path: target.displayString, reason: reason)
    }
}
