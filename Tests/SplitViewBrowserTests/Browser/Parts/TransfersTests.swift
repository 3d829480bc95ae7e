import SplitView
import SplitViewFiles
import Testing

@testable import SplitViewBrowser

/// The transfers part alone: the clipboard's forms written and read back, a paste's answer
/// taken once, the paste under way, the files dragged.
@Suite struct TransfersTests {
    static let paths = [FilePath("/home/ana/a b.txt"), FilePath("/home/ana/Notes")]

    /// What Ctrl+C or Ctrl+X offers, read back by the paste that asks for it: each form gives
    /// the same files, the first saying copy or cut.
    @Test(arguments: [ClipboardFiles.Operation.copy, .cut])
    func everyFormOfferedReadsBackAsTheFiles(operation: ClipboardFiles.Operation) {
        let offers = Transfers.offers(operation, Self.paths)
        #expect(offers.map(\.target) == Transfers.pasteTargets)
        for (index, offer) in offers.enumerated() {
            let transfers = Transfers()
            let folder = FilePath("/tmp/into")
            transfers.askForPaste(into: folder)
            #expect(transfers.pasteDestination == folder)
            let expected = ClipboardFiles(operation: index == 0 ? operation : .copy, paths: Self.paths)
            #expect(transfers.received(offer) == .files(expected, into: folder))
            #expect(transfers.pasteDestination == nil)
            #expect(transfers.received(offer) == .unasked)
        }
    }

    @Test func anAnswerWithoutFilesIsSaidAndEndsThePaste() {
        let transfers = Transfers()
        #expect(transfers.received(nil) == .unasked)
        transfers.askForPaste(into: FilePath("/x"))
        #expect(transfers.received(nil) == .nothing("Nothing to paste: the clipboard holds no files."))
        transfers.askForPaste(into: FilePath("/x"))
        let text = SelectionOffer(target: "UTF8_STRING", bytes: Array("hello".utf8))
        #expect(transfers.received(text) == .nothing("Nothing to paste: the clipboard holds text, not files."))
        transfers.askForPaste(into: FilePath("/x"))
        let bad = SelectionOffer(target: "text/uri-list", bytes: Array("http://example.org/\r\n".utf8))
        #expect(transfers.received(bad) == .nothing("Nothing to paste: the clipboard's list of files cannot be read."))
    }

    /// One paste at a time: a new one replaces the one under way, whose late answers are then
    /// not current; ending it hands it back once.
    @Test func thePasteUnderWayIsTheLastBegunUntilItEnds() {
        let transfers = Transfers()
        let first = transfers.begin(.copy, into: FilePath("/a"))
        #expect(transfers.isCurrent(first) && !transfers.isCurrent(nil))
        let second = transfers.begin(.move, into: FilePath("/b"))
        #expect(!transfers.isCurrent(first) && transfers.isCurrent(second))
        #expect(transfers.end() === second && transfers.transfer == nil && transfers.end() == nil)
        #expect(!transfers.isCurrent(second))
    }

    /// A part that goes cancels the paste under way: its copy removes what it made.
    @Test func aPartGoneCancelsItsPaste() {
        var transfers: Transfers? = Transfers()
        let job = transfers?.begin(.copy, into: FilePath("/a"))
        #expect(job?.cancellation.isCancelled == false)
        transfers = nil
        #expect(job?.cancellation.isCancelled == true)
    }

    @Test func theFilesDraggedMoveOnlyWhereTheyMay() {
        let transfers = Transfers()
        #expect(!transfers.canMoveDragged(into: FilePath("/home/ana/Other")))
        transfers.dragged = Self.paths
        #expect(transfers.canMoveDragged(into: FilePath("/home/ana/Other")))
        #expect(!transfers.canMoveDragged(into: FilePath("/home/ana/Notes/Inner")))
        #expect(!transfers.canMoveDragged(into: FilePath("/home/ana")))
        let forms = Transfers.representations(of: Self.paths)
        #expect(forms.map(\.target) == [Transfers.droppedFilesType, "UTF8_STRING", "text/plain;charset=utf-8"])
        #expect(ClipboardFiles(uriList: forms[0].bytes)?.paths == Self.paths)
    }
}
