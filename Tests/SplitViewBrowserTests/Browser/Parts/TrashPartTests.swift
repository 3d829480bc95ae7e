import Glibc
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// The trash part alone, without a window: the trash's folders and places, and its jobs
/// started, heard, cancelled and stopped with the part.
@Suite struct TrashPartTests {
    /// A tree with a home trash (`data/Trash`), an empty mount table and three files in
    /// `Notes`.
    static func setup() -> (TempTree, Trash) {
        let tree = TempTree()
        tree.file("data/mountinfo", "")
        for name in ["a", "b", "c"] { tree.file("Notes/\(name).txt", name) }
        let trash = Trash(homeTrash: FilePath(tree.root + "/data/Trash"), mountInfoFile: tree.root + "/data/mountinfo")
        return (tree, trash)
    }

    /// Hands the jobs' news to those who asked until none is running.
    static func settle(_ jobs: TrashJobs) -> Bool {
        waitUntil(timeout: 20) {
            var descriptor = pollfd(fd: jobs.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 0)
            if descriptor.revents != 0 { jobs.takeResults() }
            return !jobs.isRunning
        }
    }

    @Test func theTrashsFoldersAndItsPlaceAfterTheUserFolders() throws {
        let (tree, trash) = Self.setup()
        let part = TrashPart(trash: trash, jobs: try TrashJobs())
        #expect(part.makeHome() == nil)
        #expect(part.directory(showing: trash.home.files) == trash.home)
        #expect(part.directory(showing: FilePath(tree.root + "/Notes")) == nil)
        let places = [
            Place(name: "Home", path: FilePath(tree.root), kind: .home),
            Place(name: "Documents", path: FilePath(tree.root + "/Notes"), kind: .userFolder),
            Place(name: "File System", path: FilePath("/"), kind: .fileSystem),
        ]
        #expect(part.withTrashPlaces(places).map(\.name) == ["Home", "Documents", "Trash", "File System"])
        let none = TrashPart(trash: nil, jobs: try TrashJobs())
        #expect(none.withTrashPlaces(places) == places && none.directory(showing: trash.home.files) == nil)
        #expect(TrashPart.holdsAnything(FilePath(tree.root + "/Notes")) && !TrashPart.holdsAnything(trash.home.files))
    }

    /// A job's progress is heard while it runs, and its end once it has left the list; the
    /// item it trashed is in the trash.
    @Test func aJobIsHeardWhileItRunsAndLeavesTheListBeforeItsEnd() throws {
        let (tree, trash) = Self.setup()
        let jobs = try TrashJobs()
        jobs.reportInterval = 0
        let part = TrashPart(trash: trash, jobs: jobs)
        let paths = ["a", "b", "c"].map { FilePath(tree.root + "/Notes/\($0).txt") }
        var heard: [Int] = []
        var ended: [TrashTask.Kind] = []
        var tasksAtTheEnd: Int?
        var trashed: [FilePath] = []
        part.onProgress = { progress, task in
            heard.append(progress.itemsDone)
            task.isShown = true
        }
        part.onEnd = { task in
            ended.append(task.kind)
            tasksAtTheEnd = part.tasks.count
        }
        part.start(.trash, { TrashBatch.moveToTrash(paths, trash: trash, cancellation: $0, report: $1) }) { outcome in
            trashed = outcome.items.map(\.originalPath)
            #expect(ended == [.trash])
        }
        #expect(part.tasks.count == 1)
        #expect(Self.settle(jobs))
        #expect(!heard.isEmpty && heard == heard.sorted())
        #expect(tasksAtTheEnd == 0 && part.tasks.isEmpty && !part.isShowingProgress)
        #expect(trashed == paths)
        #expect(paths.allSatisfy { access($0.string!, F_OK) != 0 })
    }

    /// Cancel reaches every job, and says whether one shows its progress; a part that goes
    /// stops the jobs it started, and no other's.
    @Test func cancellingStopsEveryJobAndAPartGoneStopsItsOwn() throws {
        let (tree, trash) = Self.setup()
        let jobs = try TrashJobs()
        let part = TrashPart(trash: trash, jobs: jobs)
        let path = FilePath(tree.root + "/Notes/a.txt")
        func start(_ part: TrashPart, _ paths: [FilePath]) {
            part.start(.trash, { TrashBatch.moveToTrash(paths, trash: trash, cancellation: $0, report: $1) }) { _ in }
        }
        start(part, [path])
        start(part, [])
        let cancellations = part.tasks.map(\.cancellation)
        #expect(cancellations.count == 2 && !cancellations.contains { $0.isCancelled })
        #expect(!part.cancelAll())
        #expect(cancellations.allSatisfy { $0.isCancelled })
        start(part, [])
        part.tasks.last?.isShown = true
        #expect(part.isShowingProgress && part.cancelAll())

        var gone: TrashPart? = TrashPart(trash: trash, jobs: jobs)
        let other = TrashPart(trash: trash, jobs: jobs)
        start(try #require(gone), [])
        start(other, [])
        let stopped = try #require(gone?.tasks.first?.cancellation), kept = try #require(other.tasks.first?.cancellation)
        gone = nil
        #expect(stopped.isCancelled && !kept.isCancelled)
        #expect(Self.settle(jobs))
        #expect(part.tasks.isEmpty && other.tasks.isEmpty)
    }
}
