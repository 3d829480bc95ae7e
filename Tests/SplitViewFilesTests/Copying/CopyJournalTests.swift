import Glibc
import SplitViewFiles
import TestSupport
import Testing

/// `CopyJournal.swift`: what a killed paste left is found and removed at the next start, and
/// nothing else ever is.
@Suite struct CopyJournalTests {
    /// Writes a journal as a paste killed half-way leaves it: unlocked, listing `paths`.
    static func leaveJournal(in folder: FilePath, listing paths: [FilePath]) {
        _ = folder.withCString { mkdir($0, 0o700) }
        let journal = folder.appending(Array("4242-1.journal".utf8))
        let descriptor = journal.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
        let bytes: [UInt8] = paths.flatMap { $0.bytes + [0] }
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    @Test func temporaryNamesAreRecognisablyOurs() {
        let name = CopyJournal.temporaryName()
        #expect(CopyJournal.isTemporaryName(name))
        #expect(name.count == ".splitview-copy-".utf8.count + 16)
        #expect(!CopyJournal.isTemporaryName(Array(".splitview-copy-".utf8)))
        #expect(!CopyJournal.isTemporaryName(Array(".splitview-copy-0123456789abcdeg".utf8)))
        #expect(!CopyJournal.isTemporaryName(Array("notes.txt".utf8)))
    }

    /// The finding of "Nothing lost, proven": kill -9 during a paste left a hidden
    /// `.splitview-copy-…` folder of 243 MB that stayed after the next start.
    @Test func aKilledPastesTemporariesAreRemovedAtTheNextStart() throws {
        let tree = try TemporaryTree()
        let target = tree.folder("dst")
        let left = target.appending(CopyJournal.temporaryName())
        tree.folder(left.lastName, in: target)
        tree.file("half.bin", "half a file", in: left)
        let alsoLeft = tree.file(CopyJournal.temporaryName(), Array("a file".utf8), in: target)
        let journals = tree.path("copies")
        Self.leaveJournal(in: journals, listing: [left, alsoLeft, target.appending(CopyJournal.temporaryName())])
        #expect(CopyJournal.removeLeftovers(in: journals) == 2)
        #expect(FileCopierTests.names(target).isEmpty)
        #expect(FileCopierTests.names(journals).isEmpty)
    }

    /// A journal never leads the clean-up to a name that is not a temporary's, nor through a
    /// link.
    @Test func onlyTemporaryNamesAreEverRemoved() throws {
        let tree = try TemporaryTree()
        let target = tree.folder("dst")
        let precious = tree.file("precious.txt", "keep me", in: target)
        let elsewhere = tree.folder("elsewhere")
        tree.file("keep.txt", "keep me too", in: elsewhere)
        let link = tree.link(
            String(decoding: CopyJournal.temporaryName(), as: UTF8.self), to: elsewhere.displayString, in: target)
        let journals = tree.path("copies")
        Self.leaveJournal(in: journals, listing: [precious, target, link])
        CopyJournal.removeLeftovers(in: journals)
        #expect(TemporaryTree.contents(precious) == Array("keep me".utf8))
        #expect(FileCopierTests.names(elsewhere) == ["keep.txt"])
        #expect(!FileOperations.exists(link))  // the link itself was ours, and goes
    }

    /// A paste that runs holds its journal: a start meanwhile leaves its temporaries alone.
    @Test func aRunningPastesJournalIsLeftAlone() throws {
        let tree = try TemporaryTree()
        let target = tree.folder("dst")
        let journals = tree.path("copies")
        let journal = try CopyJournal(in: journals)
        let temporary = target.appending(CopyJournal.temporaryName())
        journal.add(temporary)
        tree.file(temporary.lastName, "being written", in: target)
        #expect(CopyJournal.removeLeftovers(in: journals) == 0)
        #expect(FileOperations.exists(temporary))
        journal.finished()
        withExtendedLifetime(journal) {}
    }

    /// A paste that ends empties and removes its journal; one whose clean-up failed keeps it
    /// for the next start.
    @Test func aFinishedPasteLeavesNoJournal() throws {
        let tree = try TemporaryTree()
        let source = tree.folder("src"), target = tree.folder("dst")
        tree.file("a.txt", "a", in: source)
        let journals = tree.path("copies")
        do {
            let plan = try CopyPlan.make(sources: [source], into: target, mode: .copy).get()
            let outcome = FileCopier.run(CopyResolution(plan: plan), journal: try CopyJournal(in: journals))
            #expect(outcome.failure == nil)
        }
        #expect(FileCopierTests.names(journals).isEmpty)
        #expect(TreeContents.temporaries(under: target).isEmpty)
    }
}
