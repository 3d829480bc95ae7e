import Glibc
import SplitViewFiles
import TestSupport
import Testing

/// Restore walks to the original folder by descriptors and stays where the file came from: a
/// volume's trash never through a link, the home trash only through links of the user's own
/// (or root's), and nothing made anywhere when the restore is refused or fails.
@Suite struct TrashRestoringTests {
    /// A tree holding a volume's trash of its own: the tree's root is the volume's top folder,
    /// `.Trash-$uid` its trash, and `Outside` a folder elsewhere (another folder of the tree,
    /// as a link on a stick could name any folder of the machine).
    final class Volume {
        let tree: TemporaryTree
        let volume: FilePath
        let outside: FilePath
        let directory: TrashDirectory

        init() throws {
            tree = try TemporaryTree()
            volume = tree.folder("volume")
            outside = tree.folder("Outside")
            let path = volume.appending(Array(".Trash-\(getuid())".utf8))
            for folder in [path, path.appending(Array("files".utf8)), path.appending(Array("info".utf8))] {
                precondition(mkdir(folder.string!, 0o700) == 0)
            }
            directory = TrashDirectory(path: path, topdir: volume)
        }

        /// A trashed file `name` holding `contents`, whose info file says `Path=path`.
        func trashed(_ name: String, _ contents: String, path: String) throws -> TrashedItem {
            tree.file(Array(name.utf8), Array(contents.utf8), in: directory.files)
            let info = TrashInfo(path: Array(path.utf8), deletionDate: nil)
            tree.file(Array("\(name).trashinfo".utf8), info.bytes, in: directory.info)
            return try #require(Trash.item(named: Array(name.utf8), in: directory))
        }
    }

    /// Every path under `folder`, sorted: what a refused restore must leave as it was.
    static func everything(under folder: FilePath) -> [String] {
        var found: [String] = []
        var pending = [folder]
        while let next = pending.popLast() {
            for name in TrashTests.names(next) {
                let path = next.appending(name)
                found.append(path.displayString)
                if TemporaryTree.status(path).st_mode & S_IFMT == S_IFDIR { pending.append(path) }
            }
        }
        return found.sorted()
    }

    /// The issue's case: `Path=link/newdir/sub/evil` with `link` leading out of the volume.
    /// Refused in words, and `newdir/sub` is made nowhere.
    @Test func aVolumesRestoreRefusesALinkOnTheWayAndMakesNothing() throws {
        let volume = try Volume()
        volume.tree.link("link", to: volume.outside.string!, in: volume.volume)
        let item = try volume.trashed("evil", "payload", path: "link/newdir/sub/evil")
        let before = Self.everything(under: volume.tree.root)
        do {
            try Trash.restore(item)
            Issue.record("restored through a link")
        } catch {
            #expect(error.reason == "“link” on its way is a symbolic link: it was left in the Trash")
        }
        #expect(Self.everything(under: volume.tree.root) == before)
        #expect(Trash.items(in: volume.directory) == [item])
    }

    /// A link that stays inside the volume is refused all the same: a volume's restore
    /// follows none.
    @Test func aVolumesRestoreRefusesEvenALinkInsideTheVolume() throws {
        let volume = try Volume()
        let real = volume.tree.folder("real", in: volume.volume)
        volume.tree.link("inside", to: real.string!, in: volume.volume)
        let item = try volume.trashed("a.txt", "a", path: "inside/a.txt")
        #expect(throws: FileError.self) { try Trash.restore(item) }
        #expect(TrashTests.names(real).isEmpty)
    }

    /// Beneath the top folder, the folders that are gone are made again.
    @Test func aVolumesRestoreMakesTheMissingFoldersBeneathItsTopFolder() throws {
        let volume = try Volume()
        let item = try volume.trashed("a.txt", "a", path: "Docs/2026/a.txt")
        #expect(try Trash.restore(item) == true)
        #expect(TemporaryTree.contents(volume.volume.appending(Array("Docs/2026/a.txt".utf8))) == Array("a".utf8))
        #expect(Trash.items(in: volume.directory).isEmpty)
    }

    /// An item whose original path is not beneath its volume's top folder (made by hand: the
    /// info file's reader refuses `..` and absolute paths already) names no place to go.
    @Test func anItemOutsideItsVolumeIsRefused() throws {
        let volume = try Volume()
        var item = try volume.trashed("a.txt", "a", path: "a.txt")
        item.originalPath = volume.outside.appending(Array("a.txt".utf8))
        #expect(throws: FileError.self) { try Trash.restore(item) }
        #expect(TrashTests.names(volume.outside).isEmpty)
    }

    /// A name on the way that is a file, not a folder: refused, nothing made.
    @Test func aFileOnTheWayIsRefused() throws {
        let volume = try Volume()
        volume.tree.file("Docs", "a file", in: volume.volume)
        let item = try volume.trashed("a.txt", "a", path: "Docs/new/a.txt")
        do {
            try Trash.restore(item)
            Issue.record("restored below a file")
        } catch {
            #expect(error.reason == "“Docs” on its way is not a folder: it was left in the Trash")
        }
        #expect(Trash.items(in: volume.directory) == [item])
    }

    /// A rename that fails after the missing folders were made (here by an injected fault)
    /// removes them again: a failed restore makes nothing.
    @Test func aFailedRestoreRemovesTheFoldersItMade() throws {
        let volume = try Volume()
        let item = try volume.trashed("a.txt", "a", path: "Docs/2026/a.txt")
        let before = Self.everything(under: volume.tree.root)
        FileFaults.arm(.rename, after: 0, error: EIO)
        defer { FileFaults.disarm() }
        #expect(throws: FileError.self) { try Trash.restore(item) }
        #expect(FileFaults.fired)
        #expect(Self.everything(under: volume.tree.root) == before)
    }

    // MARK: - The home trash

    /// A home trash inside a tree, with an empty mount table.
    static func home(_ tree: TemporaryTree) -> Trash {
        Trash(homeTrash: tree.path("data").appending(Array("Trash".utf8)), mountInfoFile: tree.file("mountinfo").string!)
    }

    /// The home trash's paths are absolute and may go through the user's own links (a home
    /// reached through `/home` → `/var/home`): such a link is followed, its target walked.
    @Test func theHomeTrashFollowsTheUsersOwnLinks() throws {
        let tree = try TemporaryTree()
        let trash = Self.home(tree)
        let real = tree.folder("real")
        let link = tree.link("mine", to: "real")
        let item = try trash.moveToTrash(tree.file("a.txt", "a", in: real), now: 0)
        var moved = item
        moved.originalPath = link.appending(Array("new/a.txt".utf8))
        #expect(try Trash.restore(moved) == true)
        #expect(TemporaryTree.contents(real.appending(Array("new/a.txt".utf8))) == Array("a".utf8))
    }

    /// A folder on the way one may only search (mode 0111; shared folders are often 0711) is
    /// walked through, as a path through it would be: the walk opens its folders as paths
    /// (`O_PATH`), never to read them. As nobody when the tests run as root.
    @Test func aFolderThatCanOnlyBeSearchedIsWalkedThrough() throws {
        try checkAsNobodyWhenRoot("TrashRestoringTests/aFolderThatCanOnlyBeSearchedIsWalkedThrough") {
            let tree = try TemporaryTree()
            let trash = Self.home(tree)
            let shared = tree.folder("Shared")
            let file = tree.file("a.txt", "a", in: tree.folder("Inner", in: shared))
            let item = try trash.moveToTrash(file, now: 0)
            #expect(chmod(shared.string!, 0o111) == 0)
            defer { chmod(shared.string!, 0o755) }
            #expect(try Trash.restore(item) == false)
            #expect(TemporaryTree.contents(file) == Array("a".utf8))
        }
    }

    /// A link of another user on the way (one planted in a shared folder) is refused, and
    /// nothing is made through it. Needs root, to give the link to `nobody`.
    @Test(.enabled(if: OtherUser.isRoot, "only root can make a link of another user"))
    func theHomeTrashRefusesALinkOfAnotherUser() throws {
        let tree = try TemporaryTree()
        let trash = Self.home(tree)
        let outside = tree.folder("Outside")
        let item = try trash.moveToTrash(tree.file("a.txt", "a"), now: 0)
        let link = tree.link("planted", to: outside.string!)
        #expect(lchown(link.string!, 65534, 65534) == 0)
        var moved = item
        moved.originalPath = link.appending(Array("newdir/sub/a.txt".utf8))
        do {
            try Trash.restore(moved)
            Issue.record("restored through another user's link")
        } catch {
            #expect(error.reason == "“planted” on its way is a symbolic link of another user: it was left in the Trash")
        }
        #expect(TrashTests.names(outside).isEmpty)
        #expect(FileOperations.exists(item.trashedPath) && FileOperations.exists(item.infoPath))
    }

    /// A link of the user's own whose folder is gone: the folder is not made through it.
    @Test func aLinkToAFolderThatIsGoneIsNotMadeThrough() throws {
        let tree = try TemporaryTree()
        let trash = Self.home(tree)
        let item = try trash.moveToTrash(tree.file("a.txt", "a"), now: 0)
        let link = tree.link("dangling", to: tree.path("gone").string!)
        var moved = item
        moved.originalPath = link.appending(Array("sub/a.txt".utf8))
        do {
            try Trash.restore(moved)
            Issue.record("restored through a dangling link")
        } catch {
            #expect(error.reason == "“dangling” on its way is a symbolic link to a folder that is gone: it was left in the Trash")
        }
        #expect(!FileOperations.exists(tree.path("gone")))
    }

    /// Links that lead to each other: the walk gives up as the kernel does, and makes nothing.
    @Test func aLoopOfLinksIsRefused() throws {
        let tree = try TemporaryTree()
        let trash = Self.home(tree)
        let item = try trash.moveToTrash(tree.file("a.txt", "a"), now: 0)
        tree.link("one", to: "two")
        let link = tree.link("two", to: "one")
        var moved = item
        moved.originalPath = link.appending(Array("a.txt".utf8))
        #expect(throws: FileError.self) { try Trash.restore(moved) }
        #expect(FileOperations.exists(item.trashedPath))
    }

    /// A folder on another file system than the trash: refused before any folder is made
    /// there (the rename could not cross anyway).
    @Test(.enabled(if: TrashRestoringTests.hasSecondDevice, "/dev/shm is not a separate writable file system"))
    func aFolderOnAnotherFileSystemIsRefusedBeforeMakingFolders() throws {
        let tree = try TemporaryTree()
        let trash = Self.home(tree)
        let item = try trash.moveToTrash(tree.file("a.txt", "a"), now: 0)
        var template = Array("/dev/shm/splitview-restore-XXXXXX".utf8CString)
        let elsewhere = try #require(
            template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        defer { TemporaryFolder.remove(FilePath(elsewhere)) }
        var moved = item
        moved.originalPath = FilePath(elsewhere + "/new/a.txt")
        do {
            try Trash.restore(moved)
            Issue.record("restored across file systems")
        } catch {
            #expect(error.reason == "its folder is now on another file system: it was left in the Trash")
        }
        #expect(!FileOperations.exists(FilePath(elsewhere + "/new")))
    }

    /// Whether /dev/shm is a writable file system apart from /tmp's.
    static let hasSecondDevice: Bool = {
        var shm = stat(), temporary = stat()
        return stat("/dev/shm", &shm) == 0 && stat("/tmp", &temporary) == 0 && shm.st_dev != temporary.st_dev
            && access("/dev/shm", W_OK) == 0
    }()
}
