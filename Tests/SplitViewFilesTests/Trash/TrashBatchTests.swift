import Glibc
import SplitViewFiles
import TestSupport
import Testing

/// Many items at once, as the browser's worker runs them: the progress after each item, and
/// a Cancel that stops between two (between two entries inside a folder deleted for good),
/// leaving what was done done and the rest as it was.
@Suite struct TrashBatchTests {
    /// A home trash in a tree, and `count` files `f0`, `f1`… in `Many`.
    final class Setup {
        let tree: TemporaryTree
        let trash: Trash
        let paths: [FilePath]

        init(count: Int) throws {
            let tree = try TemporaryTree()
            self.tree = tree
            trash = Trash(
                homeTrash: tree.path("data").appending(Array("Trash".utf8)), mountInfoFile: tree.file("mountinfo").string!)
            let folder = tree.folder("Many")
            paths = (0..<count).map { tree.file("f\($0)", "file \($0)", in: folder) }
        }
    }

    /// Every item reported, one at a time, up to the whole: 1 of 5 … 5 of 5.
    @Test func theProgressCountsEveryItemToTheLast() throws {
        let setup = try Setup(count: 5)
        var seen: [Int] = []
        let outcome = TrashBatch.moveToTrash(setup.paths, trash: setup.trash, now: 0) { progress in
            #expect(progress.totalItems == 5)
            seen.append(progress.itemsDone)
        }
        #expect(seen == [1, 2, 3, 4, 5])
        #expect(!outcome.cancelled && outcome.items.count == 5 && outcome.done == setup.paths)
    }

    /// Cancelled after the fourth of ten: four in the trash (listed for Ctrl+Z), six where
    /// they were.
    @Test func aCancelledTrashingKeepsWhatItTrashedAndLeavesTheRest() throws {
        let setup = try Setup(count: 10)
        let stop = TrashBatch.Cancellation()
        let outcome = TrashBatch.moveToTrash(setup.paths, trash: setup.trash, now: 0, cancellation: stop) { progress in
            if progress.itemsDone == 4 { stop.cancel() }
        }
        #expect(outcome.cancelled && outcome.items.count == 4 && outcome.done == Array(setup.paths.prefix(4)))
        #expect(Set(Trash.items(in: setup.trash.home)) == Set(outcome.items))
        for path in setup.paths.dropFirst(4) { #expect(FileOperations.exists(path)) }
        #expect(setup.paths.prefix(4).allSatisfy { !FileOperations.exists($0) })
    }

    /// Cancelled before the first item: nothing done.
    @Test func aBatchCancelledBeforeItStartsDoesNothing() throws {
        let setup = try Setup(count: 3)
        let stop = TrashBatch.Cancellation()
        stop.cancel()
        let outcome = TrashBatch.deletePermanently(setup.paths, trash: setup.trash, cancellation: stop)
        #expect(outcome.cancelled && outcome.done.isEmpty && outcome.progress.itemsDone == 0)
        #expect(setup.paths.allSatisfy(FileOperations.exists))
    }

    /// Deleting a folder of 50 files for good, stopped after its tenth entry: the outcome
    /// names the folder deleted in part, and the 40 entries not reached are still there.
    @Test func aDeletionStoppedInsideAFolderNamesItAndKeepsTheRest() throws {
        let setup = try Setup(count: 50)
        let folder = setup.tree.path("Many")
        let stop = TrashBatch.Cancellation()
        let outcome = TrashBatch.deletePermanently([folder], trash: setup.trash, cancellation: stop) { progress in
            if progress.entriesDeleted == 10 { stop.cancel() }
        }
        #expect(outcome.cancelled && outcome.done.isEmpty && outcome.stoppedInside == folder)
        #expect(TrashTests.names(folder).count == 40)
    }

    /// A file of a trash deleted for good goes with its info file; one that failed is said.
    @Test func deletingFromTheTrashTakesTheInfoFileAndSaysFailures() throws {
        let setup = try Setup(count: 2)
        let item = try setup.trash.moveToTrash(setup.paths[0], now: 0)
        let missing = setup.tree.path("Many/absent")
        let outcome = TrashBatch.deletePermanently([item.trashedPath, missing, setup.paths[1]], trash: setup.trash)
        #expect(outcome.done == [item.trashedPath, setup.paths[1]])
        #expect(outcome.failures.map(\.path) == [missing] && outcome.failures.first?.error.code == ENOENT)
        #expect(!FileOperations.exists(item.infoPath) && Trash.items(in: setup.trash.home).isEmpty)
        #expect(outcome.progress.itemsDone == 3 && outcome.progress.entriesDeleted == 2)
    }

    /// Restoring by names: each put back; a name without a usable info file is a failure and
    /// stays in the trash; cancelled after the first, the second stays too.
    @Test func restoringByNameSaysWhatHasNoInfoAndStopsBetweenItems() throws {
        let setup = try Setup(count: 3)
        let items = try setup.paths.map { try setup.trash.moveToTrash($0, now: 0) }
        _ = items[1].infoPath.withCString { unlink($0) }
        let outcome = TrashBatch.restore(named: items.map(\.name), in: setup.trash.home)
        #expect(outcome.items == [items[0], items[2]] && !outcome.madeFolders)
        #expect(outcome.failures.first?.error.reason == "its trash information is missing or damaged")
        #expect(FileOperations.exists(items[1].trashedPath))
        for index in [0, 2] { #expect(TemporaryTree.contents(setup.paths[index]) == Array("file \(index)".utf8)) }

        let again = try [0, 2].map { try setup.trash.moveToTrash(setup.paths[$0], now: 0) }
        let stop = TrashBatch.Cancellation()
        let stopped = TrashBatch.restore(named: again.map(\.name), in: setup.trash.home, cancellation: stop) { _ in stop.cancel()
        }
        #expect(stopped.cancelled && stopped.items == [again[0]])
        #expect(FileOperations.exists(again[1].trashedPath))
    }

    /// Emptying, stopped after two of five items: those two are gone, three are listed.
    @Test func anEmptyingStoppedBetweenItemsKeepsTheRest() throws {
        let setup = try Setup(count: 5)
        for path in setup.paths { try setup.trash.moveToTrash(path, now: 0) }
        let stop = TrashBatch.Cancellation()
        let outcome = TrashBatch.empty(setup.trash.snapshot(), cancellation: stop) { progress in
            if progress.itemsDone == 2 { stop.cancel() }
        }
        #expect(outcome.cancelled && outcome.done.count == 2 && outcome.stoppedInside == nil)
        #expect(Trash.items(in: setup.trash.home).count == 3)
        #expect(TrashTests.names(setup.trash.home.files).count == 3)
    }
}
