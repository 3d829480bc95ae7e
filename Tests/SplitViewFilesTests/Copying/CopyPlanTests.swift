import Glibc
import SplitViewFiles
import TestSupport
import Testing

/// `CopyPlan.swift`: what a paste reads before it writes: each source once, entries that
/// cannot be looked at counted, kernel files never taken.
@Suite struct CopyPlanTests {
    /// The finding of "Nothing lost, proven": 200 000 copies of one URI on the clipboard made
    /// up to 200 000 temporary copies before duplicates were dropped.
    @Test func aSourceNamedManyTimesIsPlannedOnce() throws {
        let tree = try TemporaryTree()
        let file = tree.file("a.txt", "a")
        let target = tree.folder("dst")
        let plan = try CopyPlan.make(sources: Array(repeating: file, count: 200_000), into: target, mode: .copy).get()
        #expect(plan.nodes.map(\.source) == [file])
    }

    /// A file and the folder holding it, both selected: the file comes with its folder only.
    @Test func aSourceInsideAnotherIsPlannedWithIt() throws {
        let tree = try TemporaryTree()
        let folder = tree.folder("docs")
        let inner = tree.file("in.txt", "in", in: folder)
        let alone = tree.file("alone.txt", "alone")
        let lookalike = tree.file("docs2", "not inside docs")
        let target = tree.folder("dst")
        let plan = try CopyPlan.make(sources: [inner, folder, alone, inner, lookalike], into: target, mode: .copy).get()
        #expect(plan.nodes.filter { $0.parent == nil }.map(\.source) == [folder, alone, lookalike])
        #expect(plan.nodes.map(\.source) == [folder, inner, alone, lookalike])
    }

    /// The duplicates are dropped in linear time, whatever their order.
    @Test func distinctSourcesKeepTheirFirstOrder() {
        let paths = ["/a/b", "/c", "/a", "/c", "/a/b/c", "/ab", "/c/"].map { FilePath($0) }
        #expect(CopyPlan.distinct(paths).map(\.displayString) == ["/c", "/a", "/ab"])
    }

    /// `/proc/self/environ` on the clipboard: left out with words, never read.
    @Test func aKernelFileIsNeverPasted() throws {
        let tree = try TemporaryTree()
        let target = tree.folder("dst")
        let outcome = try FileCopierTests.paste([FilePath("/proc/self/environ"), FilePath("/proc/self/status")], into: target)
        #expect(outcome.failure == nil && outcome.placed.isEmpty)
        #expect(
            outcome.notes == [
                "“environ” is a file of the kernel (proc): it was not copied.",
                "“status” is a file of the kernel (proc): it was not copied.",
            ])
        #expect(FileCopierTests.names(target).isEmpty)
    }

    /// A folder inside the paste that cannot be listed is an entry of its own kind, not a
    /// failure of the whole paste; one the user named is.
    @Test func aFolderThatCannotBeListedIsCountedInsideAndRefusedOnTop() throws {
        try checkAsNobodyWhenRoot("CopyPlanTests/aFolderThatCannotBeListedIsCountedInsideAndRefusedOnTop") {
            let tree = try TemporaryTree()
            let outer = tree.folder("outer")
            let closed = tree.folder("closed", in: outer)
            tree.file("secret.txt", "s", in: closed)
            chmod(closed.displayString, 0o311)
            defer { chmod(closed.displayString, 0o755) }
            let target = tree.folder("dst")
            let plan = try CopyPlan.make(sources: [outer], into: target, mode: .copy).get()
            #expect(plan.nodes.count == 2 && plan.nodes[1].kind == .unreadable(EACCES))
            let refused = CopyPlan.make(sources: [closed], into: target, mode: .copy)
            #expect(throws: CopyFailure("“closed” cannot be read: Permission denied: nothing was copied.")) { try refused.get() }
            // A file beyond a folder that cannot be searched is not "gone": it cannot be read.
            let unsearchable = tree.folder("unsearchable")
            tree.file("secret.txt", "s", in: unsearchable)
            chmod(unsearchable.displayString, 0o644)
            defer { chmod(unsearchable.displayString, 0o755) }
            let beyond = CopyPlan.make(sources: [unsearchable.appending(Array("secret.txt".utf8))], into: target, mode: .copy)
            #expect(throws: CopyFailure("“secret.txt” cannot be read: Permission denied: nothing was copied.")) {
                try beyond.get()
            }
        }
    }
}
