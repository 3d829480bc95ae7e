import Glibc
import SplitViewFiles
import Testing

/// Waits until `descriptor` is readable, at most `milliseconds`; whether it became readable.
func waitReadable(_ descriptor: Int32, milliseconds: Int32 = 5000) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    while true {
        let count = poll(&entry, 1, milliseconds)
        if count < 0 && errno == EINTR { continue }
        return count > 0 && entry.revents & Int16(POLLIN) != 0
    }
}

@Suite struct FolderWatcherTests {
    /// Waits for the watcher and returns what it reports.
    private func changes(_ watcher: FolderWatcher) -> Set<FilePath> {
        guard waitReadable(watcher.fileDescriptor) else { return [] }
        return watcher.readChanges()
    }

    @Test func creatingRenamingAndDeletingAFileReportTheFolder() throws {
        let tree = try TemporaryTree()
        let watcher = try FolderWatcher()
        #expect(watcher.watch(tree.root))
        #expect(watcher.readChanges().isEmpty)

        let file = tree.file("new.txt", "x")
        #expect(changes(watcher) == [tree.root])
        #expect(file.withCString { old in tree.path("renamed.txt").withCString { rename(old, $0) } } == 0)
        #expect(changes(watcher) == [tree.root])
        #expect(tree.path("renamed.txt").withCString { unlink($0) } == 0)
        #expect(changes(watcher) == [tree.root])
        // Everything was taken: nothing waits.
        #expect(watcher.readChanges().isEmpty)
    }

    @Test func onlyTheFolderThatChangedIsReported() throws {
        let tree = try TemporaryTree()
        let quiet = tree.folder("quiet")
        let busy = tree.folder("busy")
        let watcher = try FolderWatcher()
        #expect(watcher.watch(quiet) && watcher.watch(busy))
        tree.file("a", in: busy)
        #expect(changes(watcher) == [busy])
    }

    @Test func aFolderNoLongerWatchedIsNotReported() throws {
        let tree = try TemporaryTree()
        let watcher = try FolderWatcher()
        #expect(watcher.watch(tree.root))
        watcher.unwatch(tree.root)
        tree.file("a")
        // inotify queues events within the system call, so none can still be on the way.
        #expect(watcher.readChanges().isEmpty)
        #expect(watcher.watchedFolders.isEmpty)
    }

    @Test func aDeletedWatchedFolderIsReportedAndForgotten() throws {
        let tree = try TemporaryTree()
        let folder = tree.folder("doomed")
        let watcher = try FolderWatcher()
        #expect(watcher.watch(folder))
        #expect(folder.withCString { rmdir($0) } == 0)
        #expect(changes(watcher) == [folder])
        #expect(watcher.watchedFolders.isEmpty)
    }

    @Test func aMovedWatchedFolderIsReportedAndForgotten() throws {
        let tree = try TemporaryTree()
        let folder = tree.folder("old")
        let watcher = try FolderWatcher()
        #expect(watcher.watch(folder))
        #expect(folder.withCString { old in tree.path("new").withCString { rename(old, $0) } } == 0)
        #expect(changes(watcher) == [folder])
        #expect(watcher.watchedFolders.isEmpty)
        // Writing in the moved folder is no longer reported under the old path.
        tree.file("inside", in: tree.path("new"))
        #expect(watcher.readChanges().isEmpty)
    }

    @Test func aFileOrAMissingPathCannotBeWatched() throws {
        let tree = try TemporaryTree()
        let watcher = try FolderWatcher()
        #expect(!watcher.watch(tree.file("plain")))
        #expect(!watcher.watch(tree.path("absent")))
        #expect(watcher.watchedFolders.isEmpty)
    }

    @Test func anOverflowedQueueReportsEveryWatchedFolder() throws {
        let tree = try TemporaryTree()
        let quiet = tree.folder("quiet")
        let busy = tree.folder("busy")
        let watcher = try FolderWatcher()
        #expect(watcher.watch(quiet) && watcher.watch(busy))
        // Each file is a create and a close-write: enough files overflow any queue up to
        // this size (the default is 16 384).
        let limit = Self.queueLimit()
        try #require(limit <= 100_000, "the queue is too large to overflow in a test")
        let file = tree.file("f", in: busy)
        for _ in 0...(limit / 2 + 1) {
            let descriptor = file.withCString { open($0, O_WRONLY | O_CLOEXEC) }
            close(descriptor)
            _ = file.withCString { chmod($0, 0o600) }
        }
        #expect(watcher.readChanges() == [quiet, busy])
    }

    private static func queueLimit() -> Int {
        let contents = TemporaryTree.contents(FilePath("/proc/sys/fs/inotify/max_queued_events"))
        return Int(String(decoding: contents, as: UTF8.self).split(separator: "\n").first ?? "") ?? 16384
    }
}
