import Glibc
import SplitViewFiles
import TestSupport
import Testing

/// "Nothing lost, proven": a paste killed with SIGKILL at a random moment, in a child of this
/// test program, then the next start's clean-up (``CopyJournal/removeLeftovers(in:)``):
/// every file's contents are somewhere, and no temporary is left.
@Suite struct CopyKillTests {
    /// Set in the child only: `source`, `destination`, `journals` and `copy` or `move`, tab
    /// separated.
    static let childJob = getenv("SPLITVIEW_KILL_CHILD").map { String(cString: $0) }

    /// How many kills each mode gets: 10, or `SPLITVIEW_KILLS`.
    static let kills = getenv("SPLITVIEW_KILLS").flatMap { Int(String(cString: $0)) } ?? 10

    @Test(arguments: [TransferMode.move, .copy])
    func aPasteKilledAtAnyMomentLosesNothing(mode: TransferMode) throws {
        var random = SplitMix(seed: UInt64(mode == .move ? 29 : 31))
        var outcomes: [String: Int] = [:]
        // Round 0 is not killed: it measures how long the paste takes here (from its journal
        // to its end), and the kills fall at random moments of that span.
        var span = 0.0
        for round in 0...Self.kills {
            let source = try TemporaryTree()
            let destination = try TemporaryTree(under: TemporaryTree.otherFileSystem ?? "/tmp")
            let tree = source.folder("tree")
            for folderIndex in 0..<4 {
                let folder = source.folder("folder\(folderIndex)", in: tree)
                for index in 0..<60 {
                    let size = index == 0 ? 1 << 20 : 8 << 10
                    source.file(Array("file\(index).bin".utf8), Self.bytes(size, seed: random.next()), in: folder)
                }
            }
            let before = TreeContents.hashes(under: [tree])
            let journals = source.path("journals")
            let job = [tree, destination.root, journals].map(\.displayString).joined(separator: "\t") + "\t\(mode)"
            let child = try ChildTest("CopyKillTests/theChildPastesUntilKilled()", environment: ["SPLITVIEW_KILL_CHILD": job])
            // Killed once the paste has begun (its journal is there), after a random while.
            let began = waitUntil(timeout: 60) { !TreeContents.names(in: journals).isEmpty || child.reap(timeout: 0) }
            #expect(began, "round \(round): the child never began: \(child.output)")
            if round == 0 {
                let start = monotonicNow()
                #expect(child.reap(timeout: 120) && child.passedOneTest, "\(child.output)")
                span = monotonicNow() - start
            } else {
                // Not a wait: the kill's random moment within the paste's span.
                usleep(useconds_t(Double(random.next() % 1000) / 1000 * span * 1_000_000))
                let ended = child.reap(timeout: 0)
                child.killNow()
                outcomes[ended ? "finished" : "killed", default: 0] += 1
            }
            CopyJournal.removeLeftovers(in: journals)
            let after = TreeContents.hashes(under: [source.root, destination.root])
            #expect(before.isSubset(of: after), "round \(round) (\(mode)): \(before.subtracting(after).count) contents lost")
            #expect(TreeContents.temporaries(under: destination.root).isEmpty, "round \(round) (\(mode)): temporaries left")
            #expect(TreeContents.names(in: journals).isEmpty, "round \(round) (\(mode)): a journal left")
        }
        // Most rounds must kill the paste half-way, or the test tests nothing.
        #expect(outcomes["killed", default: 0] * 2 > Self.kills, "\(outcomes)")
        if getenv("SPLITVIEW_FIGURES") != nil { print("figures: \(mode): \(outcomes), paste span \(span) s") }
    }

    /// The child's side: runs the paste the parent described, and is killed in the middle.
    @Test(.enabled(if: childJob != nil, "runs only as a child of aPasteKilledAtAnyMomentLosesNothing"))
    func theChildPastesUntilKilled() throws {
        let fields = try #require(Self.childJob).split(separator: "\t").map(String.init)
        try #require(fields.count == 4)
        let mode: TransferMode = fields[3] == "move" ? .move : .copy
        let plan = try CopyPlan.make(sources: [FilePath(fields[0])], into: FilePath(fields[1]), mode: mode).get()
        // A pause at each report stretches the paste over half a second or so, so that the
        // kills fall inside it however fast or busy the machine is.
        let outcome = FileCopier.run(
            CopyResolution(plan: plan), journal: try CopyJournal(in: FilePath(fields[2])), reportInterval: 0
        ) { _ in usleep(1_500) }
        #expect(outcome.failure == nil)
    }

    /// `count` bytes that differ from file to file.
    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix(seed: seed)
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { raw in
            for offset in stride(from: 0, to: raw.count - 7, by: 512) {
                raw.storeBytes(of: random.next(), toByteOffset: offset, as: UInt64.self)
            }
        }
        return bytes
    }
}
