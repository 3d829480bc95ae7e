import Glibc
import SplitViewFiles
import TestSupport
import Testing

/// "Nothing lost, proven", in SQLite's way: every call of a kind a paste makes (open, read,
/// write, fsync, close, rename, unlink, mkdir, symlink, chmod and times) is made to fail in
/// turn, once (a passing fault) and from then on (a disk that stays full or read-only), in a
/// copy and in a move across file systems, with a folder merged and a name kept both; after
/// each run and the next start's clean-up, every file's contents are somewhere, no temporary
/// is left, and a paste that says it failed changed nothing.
@Suite struct CopyFaultInjectionTests {
    static let kinds: [(String, FileFaults.Calls)] = [
        ("open", .open), ("read", .read), ("write", .write), ("fsync", .fsync), ("close", .close), ("rename", .rename),
        ("unlink", .unlink), ("mkdir", .mkdir), ("symlink", .symlink), ("metadata", .metadata),
    ]

    /// One paste in a fresh tree, its `n`th call of `kind` failing.
    ///
    /// - Returns: whether the fault fired (when not, the paste made fewer such calls), and
    ///   what went wrong, in words.
    static func run(
        mode: TransferMode, kind: FileFaults.Calls, after n: Int, persistent: Bool
    ) throws -> (
        fired: Bool, problems: [String]
    ) {
        let source = try TemporaryTree()
        let destination = try TemporaryTree(under: TemporaryTree.otherFileSystem ?? "/tmp")
        let tree = source.folder("tree")
        source.file("a.txt", "a of the tree", in: tree)
        source.file(Array("big.bin".utf8), CopyKillTests.bytes(3 << 20, seed: 7), in: tree)
        source.link("link", to: "a.txt", in: tree)
        let sub = source.folder("sub", in: tree)
        source.file("b.txt", "b in sub", in: sub)
        let loose = source.file("loose.txt", "loose")
        let other = source.file("other.txt", "other, to replace theirs")
        // In the way: a folder "tree" to merge into, holding a file of its own, a file
        // "loose.txt" kept both, and "other.txt", replaced (so not the user's to keep).
        let theirs = destination.folder("tree")
        destination.file("theirs.txt", "theirs", in: theirs)
        destination.file("loose.txt", "their loose")
        let journals = source.path("journals")
        let before = TreeContents.hashes(under: [source.root, destination.root])
        destination.file("other.txt", "their other, replaced")
        let names = TreeContents.names(in: destination.root).count
        var plan = try CopyPlan.make(sources: [tree, loose, other], into: destination.root, mode: mode).get()
        plan.notes = []
        var resolution = CopyResolution(plan: plan)
        while let index = resolution.nextConflict {
            let name = plan.nodes[index].source.lastName
            resolution.answer(name == "tree" || name == "other.txt" ? .replace : .keepBoth, for: index)
        }
        FileFaults.arm(kind, after: n, error: kind == .write ? ENOSPC : EIO, persistent: persistent)
        let outcome = FileCopier.run(resolution, journal: try? CopyJournal(in: journals))
        let fired = FileFaults.fired
        FileFaults.disarm()
        CopyJournal.removeLeftovers(in: journals)
        var problems: [String] = []
        let after = TreeContents.hashes(under: [source.root, destination.root])
        if !before.isSubset(of: after) { problems.append("\(before.subtracting(after).count) contents lost") }
        let left = TreeContents.temporaries(under: destination.root)
        if !left.isEmpty { problems.append("temporaries left: \(left.map(\.displayString))") }
        let replaced = ContentHash(Array("their other, replaced".utf8))
        if outcome.failure != nil, TreeContents.names(in: destination.root).count != names || after != before.union([replaced]) {
            problems.append("failed (\(outcome.failure!)) but changed the files")
        }
        return (fired, problems)
    }

    @Test(arguments: [TransferMode.copy, .move])
    func everyCallThatFailsInTurnLosesNothing(mode: TransferMode) throws {
        var runs = 0
        for (name, kind) in Self.kinds {
            for persistent in [false, true] {
                var n = 0
                while true {
                    let (fired, problems) = try Self.run(mode: mode, kind: kind, after: n, persistent: persistent)
                    runs += 1
                    #expect(problems.isEmpty, "\(mode), \(name) call \(n) failing\(persistent ? " for good" : ""): \(problems)")
                    guard fired, n < 400 else { break }
                    n += 1
                }
                // Every kind is met by a paste of this tree, but unlink by a copy that succeeds.
                #expect(n > 0 || (kind == .unlink && mode == .copy), "\(mode): no \(name) call was made")
            }
        }
        #expect(runs > 100)
        if getenv("SPLITVIEW_FIGURES") != nil { print("figures: \(mode): \(runs) runs with a fault, none lost a byte") }
    }
}
