import Glibc
import SplitViewFiles
import TestSupport
import Testing

/// `FileCopier.swift`, `CopyPlan.swift`, `CopyResolution.swift`: a paste planned, answered
/// and carried out on real files.
@Suite struct FileCopierTests {
    /// Plans and runs a paste with every conflict answered `choice` (for all).
    static func paste(
        _ sources: [FilePath], into folder: FilePath, mode: TransferMode = .copy, answer choice: ConflictChoice? = nil,
        cancellation: CopyCancellation = CopyCancellation(), reportInterval: Double = 0.05,
        report: (CopyProgress) -> Void = { _ in }
    ) throws -> CopyOutcome {
        let plan = try CopyPlan.make(sources: sources, into: folder, mode: mode).get()
        var resolution = CopyResolution(plan: plan)
        if let index = resolution.nextConflict, let choice { resolution.answer(choice, for: index, forAll: true) }
        #expect(resolution.nextConflict == nil)
        return FileCopier.run(resolution, cancellation: cancellation, reportInterval: reportInterval, report: report)
    }

    /// The names in `folder`, sorted.
    static func names(_ folder: FilePath) -> [String] {
        guard let entries = try? FolderNames(opening: folder) else { return [] }
        var names: [String] = []
        while let name = try? entries.nextName() { names.append(String(decoding: name, as: UTF8.self)) }
        return names.sorted()
    }

    @Test func aTreeIsCopiedWithItsModesTimesAndLinksAsLinks() throws {
        let tree = try TemporaryTree()
        let source = tree.folder("src"), target = tree.folder("dst")
        let file = tree.file(Array("run.sh".utf8), Array("#!/bin/sh\n".utf8), in: source)
        chmod(file.displayString, 0o750)
        var old = [timespec(tv_sec: 1_000_000, tv_nsec: 123_456_789), timespec(tv_sec: 2_000_000, tv_nsec: 987_654_321)]
        _ = file.withCString { utimensat(AT_FDCWD, $0, &old, 0) }
        let inner = tree.folder("inner", in: source)
        tree.link("up", to: "../../outside", in: inner)
        tree.link("self", to: "..", in: inner)  // a loop, if it were followed
        chmod(inner.displayString, 0o705)
        let outcome = try Self.paste([source], into: target)
        #expect(outcome.failure == nil && outcome.placed == [target.appending(Array("src".utf8))])
        let copy = target.appending(Array("src".utf8))
        let copied = TemporaryTree.status(copy.appending(Array("run.sh".utf8)))
        #expect(copied.st_mode & 0o7777 == 0o750)
        #expect(copied.st_mtim.tv_sec == 2_000_000 && copied.st_mtim.tv_nsec == 987_654_321)
        #expect(TemporaryTree.contents(copy.appending(Array("run.sh".utf8))) == Array("#!/bin/sh\n".utf8))
        let copiedInner = copy.appending(Array("inner".utf8))
        #expect(TemporaryTree.status(copiedInner).st_mode & 0o7777 == 0o705)
        for (name, target) in [("up", "../../outside"), ("self", "..")] {
            let link = copiedInner.appending(Array(name.utf8))
            #expect(TemporaryTree.status(link).st_mode & S_IFMT == S_IFLNK)
            var text = [CChar](repeating: 0, count: 256)
            let count = link.withCString { readlink($0, &text, 255) }
            #expect(String(decoding: text.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self) == target)
        }
        #expect(Self.names(target) == ["src"], "no temporary name is left")
        #expect(outcome.undoRecord != nil)
    }

    @Test func specialFilesAreLeftOutWithAWord() throws {
        let tree = try TemporaryTree()
        let source = tree.folder("src"), target = tree.folder("dst")
        tree.file("a.txt", "a", in: source)
        precondition(source.appending(Array("pipe".utf8)).withCString { mkfifo($0, 0o644) } == 0)
        let outcome = try Self.paste([source], into: target)
        #expect(Self.names(target.appending(Array("src".utf8))) == ["a.txt"])
        #expect(outcome.notes == ["“pipe” is a FIFO: it was not copied."])
    }

    @Test func aCopyIntoItsOwnFolderIsNamedCopyThenCopy2() throws {
        let tree = try TemporaryTree()
        let file = tree.file("a.txt", "one")
        for _ in 0..<2 { _ = try Self.paste([file], into: tree.root) }
        #expect(Self.names(tree.root) == ["a (copy 2).txt", "a (copy).txt", "a.txt"])
        #expect(TemporaryTree.contents(tree.path("a (copy 2).txt")) == Array("one".utf8))
    }

    @Test func aFolderCannotBeCopiedIntoItself() throws {
        let tree = try TemporaryTree()
        let folder = tree.folder("a")
        let inner = tree.folder("b", in: folder)
        let result = CopyPlan.make(sources: [folder], into: inner, mode: .copy)
        #expect(throws: CopyFailure("“a” cannot be copied into itself: nothing was copied.")) { try result.get() }
    }

    @Test func conflictsAreAskedAndAnsweredReplaceKeepBothSkip() throws {
        let tree = try TemporaryTree()
        let source = tree.folder("src"), target = tree.folder("dst")
        let file = tree.file("a.txt", "new", in: source)
        for (choice, expected, contents) in [
            (ConflictChoice.skip, ["a.txt"], "old"), (.keepBoth, ["a (copy).txt", "a.txt"], "old"), (.replace, ["a.txt"], "new"),
        ] {
            TemporaryFolder.remove(target)
            tree.folder("dst")
            tree.file("a.txt", "old", in: target)
            let plan = try CopyPlan.make(sources: [file], into: target, mode: .copy).get()
            var resolution = CopyResolution(plan: plan)
            #expect(resolution.nextConflict == 0)
            resolution.answer(choice, for: 0)
            _ = FileCopier.run(resolution)
            #expect(Self.names(target) == expected, "\(choice)")
            #expect(TemporaryTree.contents(target.appending(Array("a.txt".utf8))) == Array(contents.utf8), "\(choice)")
        }
    }

    /// Replace between two folders merges them: the entries in the way are asked about one
    /// by one, the others added, and the folder's own entries kept.
    @Test func replacingAFolderWithAFolderMerges() throws {
        let tree = try TemporaryTree()
        let source = tree.folder("src"), target = tree.folder("dst")
        let pasted = tree.folder("docs", in: source)
        tree.file("same.txt", "new", in: pasted)
        tree.file("added.txt", "added", in: pasted)
        let existing = tree.folder("docs", in: target)
        tree.file("same.txt", "old", in: existing)
        tree.file("mine.txt", "mine", in: existing)
        let plan = try CopyPlan.make(sources: [pasted], into: target, mode: .copy).get()
        var resolution = CopyResolution(plan: plan)
        let first = try #require(resolution.nextConflict)
        resolution.answer(.replace, for: first)
        let second = try #require(resolution.nextConflict)
        #expect(plan.nodes[second].name == Array("same.txt".utf8))
        resolution.answer(.keepBoth, for: second)
        #expect(resolution.nextConflict == nil)
        let outcome = FileCopier.run(resolution)
        #expect(Self.names(existing) == ["added.txt", "mine.txt", "same (copy).txt", "same.txt"])
        #expect(TemporaryTree.contents(existing.appending(Array("same.txt".utf8))) == Array("old".utf8))
        // Undo removes what the merge added, never the folder it merged into.
        var stack = FileUndoStack()
        stack.record(try #require(outcome.undoRecord))
        try stack.undoLast()
        #expect(Self.names(existing) == ["mine.txt", "same.txt"])
    }

    @Test func aFolderNeverReplacesAFile() throws {
        let tree = try TemporaryTree()
        let source = tree.folder("src"), target = tree.folder("dst")
        let folder = tree.folder("x", in: source)
        tree.file("x", "a file", in: target)
        let outcome = try Self.paste([folder], into: target, answer: .replace)
        #expect(outcome.notes == ["“x” was left out: a folder never replaces a file."])
        #expect(TemporaryTree.contents(target.appending(Array("x".utf8))) == Array("a file".utf8))
    }

    /// Cancelled after its first file, a copy leaves nothing of its own behind: not the
    /// folder, not a half-written file, not a temporary name.
    @Test func aCancelHalfWayLeavesNothingOfOurs() throws {
        let tree = try TemporaryTree()
        let source = tree.folder("src"), target = tree.folder("dst")
        tree.file("mine.txt", "mine", in: target)
        for index in 0..<20 { tree.file(Array("f\(index)".utf8), [UInt8](repeating: 7, count: 3 << 20), in: source) }
        let cancellation = CopyCancellation()
        var reports = 0
        // Every chunk reported: the cancel comes after the first, however fast the disk.
        let outcome = try Self.paste([source], into: target, cancellation: cancellation, reportInterval: 0) { progress in
            reports += 1
            if progress.bytesDone > 0 { cancellation.cancel() }
        }
        #expect(reports > 0)
        #expect(outcome.cancelled && outcome.failure == "Copy cancelled: nothing was copied.")
        #expect(Self.names(target) == ["mine.txt"])
        #expect(outcome.undoRecord == nil)
    }

    /// The same for one large file pasted alone: its half-written temporary file goes too.
    @Test func aCancelInsideOneLargeFileRemovesItsPart() throws {
        let tree = try TemporaryTree()
        let big = tree.file("big.bin")
        #expect(truncate(big.displayString, 2 << 30) == 0)  // sparse: 2 GiB to read, none on disk
        let target = tree.folder("dst")
        let cancellation = CopyCancellation()
        let outcome = try Self.paste([big], into: target, cancellation: cancellation, reportInterval: 0) { progress in
            if progress.bytesDone > 0 { cancellation.cancel() }
        }
        #expect(outcome.cancelled && Self.names(target).isEmpty)
    }

    @Test func progressCountsFilesAndBytesToTheirTotals() throws {
        let tree = try TemporaryTree()
        let source = tree.folder("src"), target = tree.folder("dst")
        for index in 0..<5 { tree.file(Array("f\(index)".utf8), [UInt8](repeating: 1, count: 1000 * index), in: source) }
        tree.link("l", to: "f1", in: source)
        var last = CopyProgress()
        _ = try Self.paste([source], into: target) { last = $0 }
        #expect(last.totalFiles == 6 && last.filesDone == 6)
        #expect(last.totalBytes == 10_000 && last.bytesDone == 10_000)
    }

    @Test func aMoveWithinOneFileSystemRenamesAndUndoMovesBack() throws {
        let tree = try TemporaryTree()
        let source = tree.folder("src"), target = tree.folder("dst")
        let file = tree.file("a.txt", "a", in: source)
        let outcome = try Self.paste([file], into: target, mode: .move)
        #expect(Self.names(source).isEmpty && Self.names(target) == ["a.txt"])
        #expect(!outcome.movedAcross)
        var stack = FileUndoStack()
        stack.record(try #require(outcome.undoRecord))
        try stack.undoLast()
        #expect(Self.names(source) == ["a.txt"] && Self.names(target).isEmpty)
    }

    /// Undo of a copy refuses, and removes nothing, once a copy changed.
    @Test func undoOfACopyRefusesWhenACopyChanged() throws {
        let tree = try TemporaryTree()
        let source = tree.folder("src"), target = tree.folder("dst")
        tree.file("a.txt", "a", in: source)
        let outcome = try Self.paste([source], into: target)
        let copy = target.appending(Array("src".utf8))
        tree.file("a.txt", "edited since", in: copy)
        var stack = FileUndoStack()
        stack.record(try #require(outcome.undoRecord))
        #expect(throws: FileError.self) { try stack.undoLast() }
        #expect(Self.names(copy) == ["a.txt"] && stack.canUndo)
    }

    /// The finding of "Nothing lost, proven": a copy edited in place with its size and time
    /// put back (`touch -r`) passed the old size-and-time check, and undo deleted it. Its
    /// change time moved, which nothing can set back.
    @Test func undoOfACopyRefusesAnEditWithItsSizeAndTimePutBack() throws {
        let tree = try TemporaryTree()
        let source = tree.folder("src"), target = tree.folder("dst")
        tree.file("a.txt", "abcd", in: source)
        let outcome = try Self.paste([source.appending(Array("a.txt".utf8))], into: target)
        let copy = target.appending(Array("a.txt".utf8))
        let before = TemporaryTree.status(copy)
        let descriptor = copy.withCString { open($0, O_WRONLY) }
        _ = Array("ABCD".utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, 4) }
        var times = [before.st_atim, before.st_mtim]
        _ = futimens(descriptor, &times)
        close(descriptor)
        let after = TemporaryTree.status(copy)
        #expect(after.st_size == before.st_size && after.st_mtim.tv_sec == before.st_mtim.tv_sec)
        #expect(after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        var stack = FileUndoStack()
        stack.record(try #require(outcome.undoRecord))
        #expect(throws: FileError.self) { try stack.undoLast() }
        #expect(TemporaryTree.contents(copy) == Array("ABCD".utf8) && stack.canUndo)
    }

    /// An undo of a copy that stopped half-way (a copy removed by hand, or an undo cut short)
    /// finishes at the next Ctrl+Z: a copy already gone is passed over.
    @Test func undoOfACopyPassesOverACopyAlreadyGone() throws {
        let tree = try TemporaryTree()
        let source = tree.folder("src"), target = tree.folder("dst")
        tree.file("a.txt", "a", in: source)
        tree.file("b.txt", "b", in: source)
        let outcome = try Self.paste(
            [source.appending(Array("a.txt".utf8)), source.appending(Array("b.txt".utf8))], into: target)
        unlink(target.appending(Array("a.txt".utf8)).displayString)
        var stack = FileUndoStack()
        stack.record(try #require(outcome.undoRecord))
        try stack.undoLast()
        #expect(Self.names(target).isEmpty && Self.names(source) == ["a.txt", "b.txt"])
    }
}
