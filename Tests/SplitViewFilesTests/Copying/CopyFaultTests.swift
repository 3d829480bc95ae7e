import Glibc
import SplitViewFiles
import TestSupport
import Testing

/// A paste into a full disk or a read-only folder: it stops, removes what it made, leaves
/// every file there whole, and says so in one sentence. On a small tmpfs, where this process
/// may mount one (root outside a container that forbids it).
@Suite struct CopyFaultTests {
    /// Whether a 256 KiB tmpfs can be mounted and remounted read-only here.
    static let canMountASmallTmpfs: Bool = {
        guard let tree = try? TemporaryTree() else { return false }
        let folder = tree.folder("probe")
        guard mount("tmpfs", folder.displayString, "tmpfs", 0, "size=256k") == 0 else { return false }
        defer { umount2(folder.displayString, Int32(MNT_DETACH)) }
        return mount("tmpfs", folder.displayString, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), "size=256k") == 0
    }()

    /// A tree with `src` (a file too large for the tmpfs, after a small one) and `dst`, a 256
    /// KiB tmpfs holding `mine.txt`; `body` runs, then the tmpfs goes.
    static func onSmallTmpfs(_ body: (TemporaryTree, FilePath, FilePath) throws -> Void) throws {
        let tree = try TemporaryTree()
        let source = tree.folder("src"), target = tree.folder("dst")
        tree.file("a-small.txt", "small", in: source)
        tree.file(Array("b-large.bin".utf8), [UInt8](repeating: 9, count: 1 << 20), in: source)
        try #require(mount("tmpfs", target.displayString, "tmpfs", 0, "size=256k") == 0)
        defer { umount2(target.displayString, Int32(MNT_DETACH)) }
        tree.file("mine.txt", "mine", in: target)
        try body(tree, source, target)
    }

    @Test(.enabled(if: canMountASmallTmpfs, "this process may not mount a tmpfs (not root, or a container forbids it)"))
    func aFullDiskStopsTheCopyAndLeavesNothingOfOurs() throws {
        try Self.onSmallTmpfs { _, source, target in
            let outcome = try FileCopierTests.paste([source], into: target)
            #expect(outcome.failure == "There is not enough space in “dst”: nothing was copied.")
            #expect(FileCopierTests.names(target) == ["mine.txt"])
            #expect(TemporaryTree.contents(target.appending(Array("mine.txt".utf8))) == Array("mine".utf8))
        }
    }

    @Test(.enabled(if: canMountASmallTmpfs, "this process may not mount a tmpfs (not root, or a container forbids it)"))
    func aReadOnlyFolderStopsTheCopyWithOneSentence() throws {
        try Self.onSmallTmpfs { _, source, target in
            try #require(mount("tmpfs", target.displayString, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), "size=256k") == 0)
            let outcome = try FileCopierTests.paste([source.appending(Array("a-small.txt".utf8))], into: target)
            #expect(outcome.failure == "“dst” is read-only: nothing was copied.")
            #expect(FileCopierTests.names(target) == ["mine.txt"])
        }
    }

    /// A move to another file system copies, then removes the originals only once the whole
    /// copy is in place: stopped by a full disk, every original is still there.
    @Test(.enabled(if: canMountASmallTmpfs, "this process may not mount a tmpfs (not root, or a container forbids it)"))
    func aMoveAcrossFileSystemsKeepsTheOriginalsWhenTheCopyFails() throws {
        try Self.onSmallTmpfs { _, source, target in
            let outcome = try FileCopierTests.paste([source], into: target, mode: .move)
            #expect(outcome.failure == "There is not enough space in “dst”: nothing was moved.")
            #expect(FileCopierTests.names(source) == ["a-small.txt", "b-large.bin"])
            #expect(FileCopierTests.names(target) == ["mine.txt"])
            let small = try FileCopierTests.paste([source.appending(Array("a-small.txt".utf8))], into: target, mode: .move)
            #expect(small.failure == nil && small.movedAcross && small.undoRecord == nil)
            #expect(FileCopierTests.names(source) == ["b-large.bin"])
            #expect(FileCopierTests.names(target) == ["a-small.txt", "mine.txt"])
        }
    }
}
