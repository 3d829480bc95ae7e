import Glibc
import SplitViewFiles
import TestSupport
import Testing

@testable import SplitViewBrowser

/// `FileTransfers.swift`: the pastes' workers keep a journal in the state folder while they
/// run, and clean what an earlier run killed half-way left.
@Suite struct FileTransfersTests {
    /// Takes the transfers' news until `condition` holds.
    static func settle(_ transfers: FileTransfers, until condition: () -> Bool) -> Bool {
        waitUntil(timeout: 20) {
            var descriptor = pollfd(fd: transfers.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 0)
            if descriptor.revents != 0 { transfers.takeResults() }
            return condition()
        }
    }

    /// A paste under way is in a journal of the state folder, and the journal goes with it.
    @Test func aPasteKeepsItsJournalWhileItRuns() throws {
        let tree = TempTree()
        let big = tree.root + "/big.bin"
        let descriptor = open(big, O_WRONLY | O_CREAT, 0o644)
        close(descriptor)
        #expect(truncate(big, 1 << 30) == 0)  // sparse: nothing on disk to read
        let target = tree.folder("dst")
        let journals = FilePath(tree.root + "/state/copies")
        let transfers = try FileTransfers()
        transfers.journalFolder = journals
        let plan = try CopyPlan.make(sources: [FilePath(big)], into: FilePath(target), mode: .copy).get()
        let cancellation = CopyCancellation()
        var outcome: CopyOutcome?
        transfers.run(CopyResolution(plan: plan), cancellation: cancellation, progress: { _ in }, done: { outcome = $0 })
        #expect(waitUntil { ClipboardTests.names(journals.displayString).count == 1 })
        cancellation.cancel()
        #expect(Self.settle(transfers) { outcome != nil })
        #expect(outcome?.cancelled == true)
        #expect(ClipboardTests.names(journals.displayString).isEmpty)
        #expect(ClipboardTests.names(target).isEmpty)
    }

    /// What a killed paste left goes once the launcher asks, on a worker.
    @Test func leftoversOfAKilledRunAreRemoved() throws {
        let tree = TempTree()
        let target = tree.folder("dst")
        let temporary = target + "/" + String(decoding: CopyJournal.temporaryName(), as: UTF8.self)
        tree.file("dst/" + FilePath(temporary).lastName, "half")
        let journals = tree.folder("state/copies")
        let record = Array(temporary.utf8) + [0]
        let descriptor = open(journals + "/1-1.journal", O_WRONLY | O_CREAT, 0o600)
        _ = record.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        let transfers = try FileTransfers()
        transfers.journalFolder = FilePath(journals)
        transfers.removeLeftovers()
        #expect(Self.settle(transfers) { ClipboardTests.names(target).isEmpty && ClipboardTests.names(journals).isEmpty })
    }
}
