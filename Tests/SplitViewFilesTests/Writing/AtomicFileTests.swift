import Glibc
import SplitViewFiles
import TestSupport
import Testing

/// `AtomicFile`: a write replaces the file whole or not at all and leaves no temporary behind;
/// a read refuses what is too large or not a regular file before reading it; `makeFolders`
/// is `mkdir -p` that stops at a file.
///
/// The tests may run as root, for whom a folder's permissions do not stop a write: the
/// failures that must leave the old file intact are ones root meets too (a name too long for
/// the temporary, a folder where the file should be, a file where a folder should be); the
/// read-only folder case runs only for other users.
@Suite struct AtomicFileTests {
    @Test(arguments: [0, 1, 4096, 3 * 1024 * 1024 + 17])
    func aWrittenFileReadsBack(_ size: Int) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/state.json"
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        #expect(AtomicFile.write(bytes, to: path) == nil)
        #expect(try AtomicFile.read(path, limit: size).get() == bytes)
        #expect(folder.entries() == ["state.json"])
    }

    @Test func aWriteReplacesTheOldFileWithMode0600() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/state.json"
        #expect(AtomicFile.write(Array("old".utf8), to: path) == nil)
        chmod(path, 0o644)
        #expect(AtomicFile.write(Array("new".utf8), to: path) == nil)
        #expect(try AtomicFile.read(path, limit: 100).get() == Array("new".utf8))
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(folder.entries() == ["state.json"])
    }

    /// A folder that is a regular file: nothing can be created in it, for root too.
    @Test func aFolderThatIsAFileFailsWithoutATemporary() throws {
        let folder = try TemporaryFolder()
        #expect(AtomicFile.write(Array("x".utf8), to: folder.path + "/file") == nil)
        let error = AtomicFile.write(Array("y".utf8), to: folder.path + "/file/state.json")
        #expect(error?.code == ENOTDIR)
        #expect(try AtomicFile.read(folder.path + "/file", limit: 10).get() == Array("x".utf8))
        #expect(folder.entries() == ["file"])
    }

    /// A name of 250 bytes exists, but its temporary (`name.XXXXXX`, 257 bytes) cannot: the
    /// write fails before anything is written, for root too, and the old file stays.
    @Test func aFailedWriteLeavesTheOldFileIntact() throws {
        let folder = try TemporaryFolder()
        let name = String(repeating: "s", count: 250)
        let path = folder.path + "/" + name
        // Made directly: AtomicFile cannot write a name its temporary's cannot follow.
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        #expect(fd >= 0 && Glibc.write(fd, "old", 3) == 3)
        close(fd)
        let error = AtomicFile.write(Array("new".utf8), to: path)
        #expect(error?.code == ENAMETOOLONG)
        #expect(try AtomicFile.read(path, limit: 10).get() == Array("old".utf8))
        #expect(folder.entries() == [name])
    }

    /// A folder where the file should be: the rename fails (for root too) after the
    /// temporary was written, and the temporary is removed.
    @Test func aFolderInTheFilesPlaceStaysAndTheTemporaryGoes() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/state.json"
        #expect(mkdir(path, 0o700) == 0)
        #expect(AtomicFile.write(Array("inside".utf8), to: path + "/keep") == nil)
        let error = AtomicFile.write(Array("new".utf8), to: path)
        #expect(error != nil)
        #expect(error?.description.hasPrefix(path + ": ") == true)
        #expect(folder.entries() == ["state.json"])
        #expect(try AtomicFile.read(path + "/keep", limit: 10).get() == Array("inside".utf8))
    }

    /// A folder's permissions stop the write. Root writes anything: as root, the check runs as
    /// the user nobody (see `checkAsNobodyWhenRoot`).
    @Test func aReadOnlyFolderLeavesTheOldFileIntact() throws {
        try checkAsNobodyWhenRoot("AtomicFileTests/aReadOnlyFolderLeavesTheOldFileIntact") {
            let folder = try TemporaryFolder()
            let path = folder.path + "/state.json"
            #expect(AtomicFile.write(Array("old".utf8), to: path) == nil)
            chmod(folder.path, 0o500)
            defer { chmod(folder.path, 0o700) }
            #expect(AtomicFile.write(Array("new".utf8), to: path)?.code == EACCES)
            #expect(try AtomicFile.read(path, limit: 10).get() == Array("old".utf8))
            #expect(folder.entries() == ["state.json"])
        }
    }

    @Test(arguments: [(10, true), (11, false), (9, false), (0, false)])
    func aFileLargerThanTheLimitIsRefused(_ size: Int, _ refused: Bool) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/f"
        #expect(AtomicFile.write([UInt8](repeating: 65, count: size), to: path) == nil)
        let result = AtomicFile.read(path, limit: 9 + (refused ? 0 : 2))
        if refused {
            #expect(result.failure?.code == EFBIG)
            #expect(result.failure?.description.contains("too large") == true)
        } else {
            #expect(try result.get().count == size)
        }
    }

    /// A sparse 100 MB file is refused from its size, without reading it.
    @Test func aHugeSparseFileIsRefusedAtOnce() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/huge"
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        #expect(ftruncate(fd, 100 * 1024 * 1024) == 0)
        close(fd)
        #expect(AtomicFile.read(path, limit: 1 << 20).failure?.code == EFBIG)
    }

    /// A FIFO would block an open for reading until a writer comes: it is never opened.
    @Test func aFIFOAndAFolderAreRefused() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.path + "/fifo", 0o600) == 0)
        #expect(AtomicFile.read(folder.path + "/fifo", limit: 100).failure?.reason == "not a regular file")
        #expect(AtomicFile.read(folder.path, limit: 100).failure?.reason == "is a folder")
        #expect(AtomicFile.read("/dev/null", limit: 100).failure?.reason == "not a regular file")
    }

    @Test func aMissingFileIsENOENT() throws {
        let folder = try TemporaryFolder()
        #expect(AtomicFile.read(folder.path + "/missing", limit: 100).failure?.code == ENOENT)
    }

    @Test func makeFoldersMakesEveryMissingFolderWithItsMode() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/a/b//c/"
        #expect(AtomicFile.makeFolders(path) == nil)
        #expect(AtomicFile.makeFolders(path) == nil)
        for sub in ["/a", "/a/b", "/a/b/c"] {
            var info = stat()
            #expect(stat(folder.path + sub, &info) == 0)
            #expect(info.st_mode & S_IFMT == S_IFDIR)
            #expect(info.st_mode & 0o777 == 0o700)
        }
    }

    @Test func makeFoldersStopsAtAFile() throws {
        let folder = try TemporaryFolder()
        #expect(AtomicFile.write([], to: folder.path + "/file") == nil)
        let error = AtomicFile.makeFolders(folder.path + "/file/sub/subsub")
        #expect(error?.code == ENOTDIR)
        #expect(error?.path == folder.path + "/file")
        #expect(AtomicFile.makeFolders("") != nil)
    }

    @Test(arguments: [
        ("/a/b", "/a/b"), ("/a\nb", "/a\\nb"), ("a\\b", "a\\b"), ("a\\\tb", "a\\\\\\tb"), ("\u{7F}", "\\u{7F}"),
    ])
    func printablePathsAreOneLine(_ path: String, _ shown: String) {
        #expect(AtomicFile.printable(path) == shown)
    }

    @Test(arguments: [("/a/b", "/a"), ("/a", "/"), ("a", "."), ("a/b", "a")])
    func parentFolder(_ path: String, _ parent: String) {
        #expect(AtomicFile.parentFolder(of: path) == parent)
    }
}

extension Result {
    /// The error, or `nil` on success.
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
