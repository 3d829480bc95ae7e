import Dispatch
import Glibc
import SplitViewFiles
import Synchronization
import Testing

@Suite struct FilePreviewTests {
    @Test func aSmallTextFileIsShownWhole() throws {
        let tree = try TemporaryTree()
        let preview = FilePreview.read(tree.file("a.txt", "one\ntwo\nthree"))
        #expect(preview == .text("one\ntwo\nthree", lineCount: 3, bytesShown: 13, totalSize: 13, encoding: .utf8))
        #expect(preview.isComplete)
        #expect(FilePreview.read(tree.file("empty")) == .text("", lineCount: 0, bytesShown: 0, totalSize: 0, encoding: .utf8))
    }

    @Test func textThatIsNotUTF8IsShownAsLatin1NeverAsReplacementCharacters() throws {
        let tree = try TemporaryTree()
        let path = tree.file(Array("latin1".utf8), Array("caf".utf8) + [0xE9] + Array(" au lait\n".utf8))
        #expect(FilePreview.read(path) == .text("café au lait\n", lineCount: 1, bytesShown: 13, totalSize: 13, encoding: .latin1))
    }

    @Test func utf16WithAByteOrderMarkIsDecodedInEitherOrder() throws {
        let tree = try TemporaryTree()
        let text = "héllo\n𝄞 wörld\n"
        let units = Array(text.utf16)
        let little: [UInt8] = [0xFF, 0xFE] + units.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + units.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        #expect(
            FilePreview.read(tree.file(Array("le".utf8), little))
                == .text(
                    text, lineCount: 2, bytesShown: little.count, totalSize: Int64(little.count), encoding: .utf16LittleEndian))
        #expect(
            FilePreview.read(tree.file(Array("be".utf8), big))
                == .text(text, lineCount: 2, bytesShown: big.count, totalSize: Int64(big.count), encoding: .utf16BigEndian))
        // Cut by the limit inside 𝄞's surrogate pair: its first half goes too.
        let cut = FilePreview.read(tree.file(Array("le2".utf8), little), limit: 2 + 2 * 7)
        #expect(
            cut
                == .text(
                    "héllo\n", lineCount: 1, bytesShown: 2 + 2 * 6, totalSize: Int64(little.count), encoding: .utf16LittleEndian))
    }

    @Test func aUTF8ByteOrderMarkIsNotShown() throws {
        let tree = try TemporaryTree()
        let path = tree.file(Array("bom".utf8), [0xEF, 0xBB, 0xBF] + Array("hi\n".utf8))
        #expect(FilePreview.read(path) == .text("hi\n", lineCount: 1, bytesShown: 6, totalSize: 6, encoding: .utf8))
    }

    @Test func aLongFileIsCutAtTheLimitOnACharacterBoundary() throws {
        let tree = try TemporaryTree()
        // "é" is two bytes: a limit of 7 falls inside the fourth one.
        let path = tree.file("long", String(repeating: "é", count: 100))
        let preview = FilePreview.read(path, limit: 7)
        #expect(preview == .text("ééé", lineCount: 1, bytesShown: 6, totalSize: 200, encoding: .utf8))
        #expect(!preview.isComplete)
        // A limit of exactly the file's size shows it whole.
        #expect(FilePreview.read(path, limit: 200).isComplete)
        #expect(!FilePreview.read(path, limit: 199).isComplete)
    }

    @Test func aFileWithANulIsBinaryWithAHexDumpOfItsStart() throws {
        let tree = try TemporaryTree()
        let bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00] + Array(repeating: 0x41, count: 300)
        let preview = FilePreview.read(tree.file(Array("elf".utf8), bytes))
        guard case .binary(let total, _) = preview, let dump = preview.hexDump else {
            Issue.record("expected binary, got \(preview)")
            return
        }
        #expect(total == 308)
        let lines = dump.split(separator: "\n")
        #expect(lines.count == 16)
        #expect(lines[0] == "00000000  7f 45 4c 46 02 01 01 00  41 41 41 41 41 41 41 41  |.ELF....AAAAAAAA|")
        #expect(lines[15].hasPrefix("000000f0  41"))
    }

    @Test func aShortBinaryFileEndsItsDumpWithAPartialLine() throws {
        let tree = try TemporaryTree()
        let preview = FilePreview.read(tree.file(Array("b".utf8), [0x00, 0x61, 0x0A]))
        #expect(preview == .binary(totalSize: 3, head: [0x00, 0x61, 0x0A]))
        #expect(preview.hexDump == "00000000  00 61 0a" + String(repeating: " ", count: 42) + "|.a.|")
    }

    @Test func manyInvalidBytesWithoutANulAreBinaryAndAFewAreNot() {
        let noisy: [UInt8] = (0..<400).map { UInt8(0x80 + $0 % 0x40) }
        #expect(FilePreview.isBinary(noisy))
        let prose = Array(repeating: Array("Caf".utf8) + [0xE9] + Array(" et cr".utf8) + [0xE8] + Array("me.\n".utf8), count: 20)
            .flatMap { $0 }
        #expect(!FilePreview.isBinary(prose))
        #expect(FilePreview.isBinary([0x61, 0x00, 0x62]))
        #expect(!FilePreview.isBinary(Array("tab\tnewline\n\u{1B}[1m".utf8)))
    }

    @Test func aHugeSparseFileIsReadOnlyAtItsStart() throws {
        let tree = try TemporaryTree()
        let path = tree.file("huge", "hello\n")
        let size: Int64 = 5 << 30
        #expect(path.withCString { truncate($0, off_t(size)) } == 0)
        // Zeros follow the text: binary, with the real size, from one small read.
        let preview = FilePreview.read(path)
        guard case .binary(let total, _) = preview, let dump = preview.hexDump else {
            Issue.record("expected binary, got \(preview)")
            return
        }
        #expect(total == size)
        #expect(dump.hasPrefix("00000000  68 65 6c 6c 6f 0a 00"))
    }

    @Test func aHugeTextFileShowsOnlyTheLimit() throws {
        let tree = try TemporaryTree()
        let line = Array("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n".utf8)
        let path = tree.file(Array("big.txt".utf8), Array(repeating: line, count: 100_000).flatMap { $0 })
        let preview = FilePreview.read(path, limit: 1 << 20)
        guard case .text(let text, let lines, let shown, let total, _) = preview else {
            Issue.record("expected text, got \(preview)")
            return
        }
        #expect(shown == 1 << 20 && text.utf8.count == shown)
        #expect(lines == (1 << 20) / 64)
        #expect(total == 6_400_000)
    }

    @Test func aFileChangingWhileReadGivesABoundedPreview() throws {
        let tree = try TemporaryTree()
        let path = tree.file("moving.txt", "start\n")
        let stop = Atomic<Bool>(false)
        let done = DispatchSemaphore(value: 0)
        // Another thread grows the file and cuts it back, over and over, while it is read.
        DispatchQueue.global().async {
            let line = Array(String(repeating: "x", count: 999).utf8) + [0x0A]
            var round = 0
            while !stop.load(ordering: .relaxed) {
                let descriptor = path.withCString { open($0, O_WRONLY | O_APPEND | O_CLOEXEC) }
                if descriptor >= 0 {
                    _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                    if round % 50 == 49 { _ = ftruncate(descriptor, 3) }
                    close(descriptor)
                }
                round += 1
            }
            done.signal()
        }
        defer {
            stop.store(true, ordering: .relaxed)
            done.wait()
        }
        for _ in 0..<300 {
            let preview = FilePreview.read(path, limit: 20_000)
            guard case .text(_, _, let shown, let total, _) = preview else {
                Issue.record("expected text, got \(preview)")
                return
            }
            #expect(shown <= 20_000)
            #expect(total >= Int64(shown))
        }
    }

    @Test func aFIFOIsNeverOpened() throws {
        let tree = try TemporaryTree()
        let fifo = tree.fifo("pipe")
        let regular = tree.file("plain", "x")
        // inotify reports every open, a FIFO's included: the regular file's open shows the
        // check can see one.
        let watcher = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        try #require(watcher >= 0)
        defer { close(watcher) }
        _ = fifo.withCString { inotify_add_watch(watcher, $0, UInt32(IN_OPEN)) }
        _ = regular.withCString { inotify_add_watch(watcher, $0, UInt32(IN_OPEN)) }

        #expect(FilePreview.read(fifo) == .notRegular(.fifo))
        #expect(drainEvents(watcher) == 0)
        _ = FilePreview.read(regular)
        #expect(drainEvents(watcher) == 1)
    }

    @Test func devicesAndSocketsAreNotOpenedEither() {
        #expect(FilePreview.read(FilePath("/dev/null")) == .notRegular(.characterDevice))
        #expect(FilePreview.read(FilePath("/dev/zero")) == .notRegular(.characterDevice))
    }

    @Test func aFolderAndALoopAndAMissingFileAreNotText() throws {
        let tree = try TemporaryTree()
        #expect(FilePreview.read(tree.folder("sub")) == .directory)
        tree.link("a", to: "b")
        tree.link("b", to: "a")
        #expect(FilePreview.read(tree.path("a")) == .unreadable(FileError(path: tree.path("a").displayString, code: ELOOP)))
        #expect(
            FilePreview.read(tree.path("absent")) == .unreadable(FileError(path: tree.path("absent").displayString, code: ENOENT))
        )
        // A link to a text file shows the text.
        tree.file("target", "linked\n")
        tree.link("to-target", to: "target")
        #expect(
            FilePreview.read(tree.path("to-target"))
                == .text("linked\n", lineCount: 1, bytesShown: 7, totalSize: 7, encoding: .utf8))
    }

    @Test func anUnreadableFileIsAnErrorInTheSystemsWords() throws {
        let tree = try TemporaryTree()
        let path = tree.file("secret", "hidden")
        #expect(path.withCString { chmod($0, 0) } == 0)
        if permissionsAreBypassed {
            // Root opens a mode-000 file; the refused open is checked with a path through a
            // file instead, which no one can open.
            let through = path.appending(Array("inner".utf8))
            #expect(FilePreview.read(through) == .unreadable(FileError(path: through.displayString, code: ENOTDIR)))
        } else {
            #expect(FilePreview.read(path) == .unreadable(FileError(path: path.displayString, code: EACCES)))
        }
    }

    /// The finding of "Nothing lost, proven": as root, previewing a link to `/proc/kmsg`
    /// drained the kernel's log. Kernel files are never read, through a link either (this
    /// replaces the test that `/proc/self/status`, of size 0, was read to its end).
    @Test func aKernelFileIsNeverRead() throws {
        let tree = try TemporaryTree()
        let link = tree.link("kmsg", to: "/proc/kmsg")
        for path in [link, FilePath("/proc/self/environ"), FilePath("/proc/self/status"), FilePath("/proc/kmsg")] {
            guard case .unreadable(let error) = FilePreview.read(path) else {
                Issue.record("\(path.displayString) was read")
                continue
            }
            #expect(error.reason == "it is a file of the kernel (proc), which is never read")
        }
    }

    @Test func readingChangesNeitherTheBytesNorTheModificationTime() throws {
        let tree = try TemporaryTree()
        let bytes = Array(String(repeating: "line of text\n", count: 5000).utf8)
        let path = tree.file(Array("keep.txt".utf8), bytes)
        // An old time, so a touch would be seen whatever the clock's resolution.
        var times = [
            timespec(tv_sec: 1_000_000_000, tv_nsec: 123_456_789), timespec(tv_sec: 1_000_000_000, tv_nsec: 123_456_789),
        ]
        #expect(path.withCString { utimensat(AT_FDCWD, $0, &times, 0) } == 0)
        let before = TemporaryTree.status(path)
        _ = FilePreview.read(path)
        _ = FilePreview.read(path, limit: 10)
        let after = TemporaryTree.status(path)
        #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        #expect(after.st_atim.tv_sec == before.st_atim.tv_sec)
        #expect(TemporaryTree.contents(path) == bytes)
    }
}

/// How many inotify events wait on `descriptor`, read without blocking.
private func drainEvents(_ descriptor: Int32) -> Int {
    var buffer = [UInt8](repeating: 0, count: 4096)
    var events = 0
    while true {
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return events }
        var offset = 0
        while offset < count {
            let length = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) }
            offset += 16 + Int(length)
            events += 1
        }
    }
}
