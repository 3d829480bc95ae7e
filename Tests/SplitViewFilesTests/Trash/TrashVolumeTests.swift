import Glibc
import SplitViewFiles
import TestSupport
import Testing

/// Whether /dev/shm is a writable file system apart from /tmp's.
private let hasSecondDevice: Bool = {
    var shm = stat(), temporary = stat()
    return stat("/dev/shm", &shm) == 0 && stat("/tmp", &temporary) == 0 && shm.st_dev != temporary.st_dev
        && access("/dev/shm", W_OK) == 0
}()

/// Files on another file system than the home trash go to their volume's trash, as the
/// specification says. The test's "volume" is its tree under /tmp, named a mount point of
/// /tmp's device by a mount table of the test's own, with the home trash on /dev/shm (another
/// device): so it runs only where /dev/shm is a writable file system apart from /tmp's.
@Suite(.enabled(if: hasSecondDevice, "/dev/shm is not a separate writable file system"))
struct TrashVolumeTests {
    /// A volume at `tree` (in the mount table as `type`), and a home trash on /dev/shm.
    final class Volume {
        let tree: TemporaryTree
        let home: FilePath
        let trash: Trash
        let uid = getuid()

        init(type: String = "ext4", listed: Bool = true) throws {
            tree = try TemporaryTree()
            var template = Array("/dev/shm/splitview-home-XXXXXX".utf8CString)
            let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
            home = FilePath(String(cString: made!))
            var info = stat()
            stat(tree.root.string!, &info)
            let major = (UInt64(info.st_dev) >> 8) & 0xfff, minor = UInt64(info.st_dev) & 0xff
            let line = "90 27 \(major):\(minor) / \(tree.root.string!) rw,relatime - \(type) /dev/test rw\n"
            let table = tree.file("mountinfo", listed ? line : "")
            trash = Trash(homeTrash: home.appending(Array("Trash".utf8)), mountInfoFile: table.string!)
        }

        deinit {
            TemporaryFolder.remove(home)
        }
    }

    @Test func aFileOnAVolumeGoesToItsTrashWithARelativePath() throws {
        let volume = try Volume()
        let file = volume.tree.file("a b.txt", "a", in: volume.tree.folder("Docs"))
        let item = try volume.trash.moveToTrash(file, now: 1_790_000_000)
        let directory = volume.tree.path(".Trash-\(volume.uid)")
        #expect(item.directory == TrashDirectory(path: directory, topdir: volume.tree.root))
        #expect(TemporaryTree.status(directory).st_mode & 0o777 == 0o700)
        let date = DeletionDate(localTime: 1_790_000_000).text
        let info = directory.appending(Array("info/a b.txt.trashinfo".utf8))
        #expect(TemporaryTree.contents(info) == Array("[Trash Info]\nPath=Docs/a%20b.txt\nDeletionDate=\(date)\n".utf8))
        #expect(volume.trash.items() == [item])
        #expect(volume.trash.directory(showing: directory.appending(Array("files".utf8))) == item.directory)
        try Trash.restore(item)
        #expect(TemporaryTree.contents(file) == Array("a".utf8))
        #expect(!FileOperations.exists(volume.trash.home.path))
    }

    /// A network volume's trash is used, but not looked at for the places: a server that
    /// does not answer would hold them.
    @Test func aNetworkVolumesTrashIsLeftOutWhenAskedTo() throws {
        for type in ["nfs4", "fuse.sshfs", "fuseblk"] {
            let volume = try Volume(type: type)
            let item = try volume.trash.moveToTrash(volume.tree.file("a", "a"), now: 0)
            #expect(volume.trash.directories().contains(item.directory), "\(type)")
            #expect(volume.trash.directories(network: false).contains(item.directory) == (type == "fuseblk"), "\(type)")
        }
    }

    /// An administrator's `.Trash` (a sticky folder) is used, `$uid` made in it; one that is
    /// a link or not sticky is not trusted, and `.Trash-$uid` is used instead.
    @Test func theSharedTrashIsUsedOnlyWhenStickyAndNotALink() throws {
        for shape in ["sticky", "plain", "link"] {
            let volume = try Volume()
            let shared = volume.tree.path(".Trash")
            switch shape {
            case "sticky":
                #expect(mkdir(shared.string!, 0o777) == 0 && chmod(shared.string!, 0o1777) == 0)
            case "plain": #expect(mkdir(shared.string!, 0o777) == 0)
            default: volume.tree.link(".Trash", to: volume.tree.folder("elsewhere").string!)
            }
            let item = try volume.trash.moveToTrash(volume.tree.file("a", "a"), now: 0)
            let expected =
                shape == "sticky" ? shared.appending(Array("\(volume.uid)".utf8)) : volume.tree.path(".Trash-\(volume.uid)")
            #expect(item.directory.path == expected, "\(shape)")
            #expect(volume.trash.directory(showing: item.directory.files) == item.directory)
        }
    }

    /// A system's own mount, or no mount named at all (the file's volume is then `/`): no
    /// usable trash, and nothing is made or moved. A tmpfs and a container's overlay are the
    /// system's own to GIO: a `.Trash-$uid` there was never listed nor emptied by gio or Thunar.
    @Test(arguments: [("proc", true), ("sysfs", true), ("tmpfs", true), ("overlay", true), ("ext4", false)])
    func aSystemsOwnVolumeHasNoUsableTrash(type: String, listed: Bool) throws {
        let volume = try Volume(type: type, listed: listed)
        let file = volume.tree.file("a", "a")
        #expect(throws: FileError.self) { try volume.trash.moveToTrash(file, now: 0) }
        #expect(FileOperations.exists(file))
        #expect(!FileOperations.exists(volume.tree.path(".Trash-\(volume.uid)")))
    }

    /// The case on the machine's own tmpfs, read from the real mount table: a file in
    /// /dev/shm has no trash, and no `/dev/shm/.Trash-$uid` is made (gio and Thunar would
    /// never list or empty it).
    @Test func aFileOnTheMachinesTmpfsHasNoTrash() throws {
        let mounts = MountInfo.parse((try? AtomicFile.read("/proc/self/mountinfo", limit: 4 << 20).get()) ?? [])
        try #require(mounts.contains { $0.mountPoint.string == "/dev/shm" && $0.type == "tmpfs" }, "/dev/shm is no tmpfs here")
        var template = Array("/tmp/splitview-home-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        let home = FilePath(String(cString: made!))
        defer { TemporaryFolder.remove(home) }
        let trash = Trash(homeTrash: home.appending(Array("Trash".utf8)), mountInfoFile: "/proc/self/mountinfo")
        var shm = Array("/dev/shm/splitview-file-XXXXXX".utf8CString)
        let descriptor = shm.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        try #require(descriptor >= 0)
        close(descriptor)
        let name = shm.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let file = FilePath(name)
        defer { unlink(name) }
        let hadTrash = access("/dev/shm/.Trash-\(getuid())", F_OK) == 0
        #expect(throws: FileError.self) { try trash.moveToTrash(file, now: 0) }
        #expect(FileOperations.exists(file))
        if !hadTrash { #expect(access("/dev/shm/.Trash-\(getuid())", F_OK) != 0) }
    }

    @Test func emptyingEmptiesTheVolumesTrashToo() throws {
        let volume = try Volume()
        try volume.trash.moveToTrash(volume.tree.file("a", "a"), now: 0)
        #expect(volume.trash.items().count == 1)
        #expect(volume.trash.empty().isEmpty)
        #expect(volume.trash.items().isEmpty)
        #expect(TrashTests.names(volume.tree.path(".Trash-\(volume.uid)/files")).isEmpty)
    }
}
