import Glibc
import SplitViewFiles
import TestSupport
import Testing

/// Trashing on a full disk: the info file cannot be written, so nothing moves, nothing of
/// ours is left, and the file is whole. On a small tmpfs of the test's own, holding both the
/// file and the trash (where this process may mount one).
@Suite struct TrashFaultTests {
    @Test(
        .enabled(
            if: CopyFaultTests.canMountASmallTmpfs, "this process may not mount a tmpfs (not root, or a container forbids it)"))
    func aFullDiskLeavesTheFileWholeAndNothingInTheTrash() throws {
        let tree = try TemporaryTree()
        let volume = tree.folder("volume")
        try #require(mount("tmpfs", volume.displayString, "tmpfs", 0, "size=256k") == 0)
        defer { umount2(volume.displayString, Int32(MNT_DETACH)) }
        let file = tree.file(Array("notes.txt".utf8), Array("keep me".utf8), in: volume)
        let home = volume.appending(Array("Trash".utf8))
        for folder in [home, home.appending(Array("files".utf8)), home.appending(Array("info".utf8))] {
            #expect(mkdir(folder.displayString, 0o700) == 0)
        }
        // Fill the volume to the last block.
        let filler = volume.appending(Array("filler".utf8))
        let descriptor = open(filler.displayString, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        let block = [UInt8](repeating: 1, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        close(descriptor)
        let trash = Trash(homeTrash: home, mountInfoFile: tree.file(Array("mountinfo".utf8)).displayString)
        do {
            try trash.moveToTrash(file)
            Issue.record("trashed on a full disk")
        } catch {
            #expect(error.code == ENOSPC, "\(error)")
        }
        #expect(TemporaryTree.contents(file) == Array("keep me".utf8))
        #expect(FileCopierTests.names(home.appending(Array("files".utf8))).isEmpty)
        #expect(FileCopierTests.names(home.appending(Array("info".utf8))).isEmpty)
    }
}
