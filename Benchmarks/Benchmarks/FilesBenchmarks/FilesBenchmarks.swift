import Benchmark
import Glibc
import SplitView
import SplitViewBrowser
import SplitViewFiles
import Synchronization

/// The speed goals of the files library: a folder of 100 000 files lists, with the metadata of
/// the first screen (40 rows), in well under 150 ms; its list filters (Ctrl+F) within a
/// frame (16.7 ms) of each key typed; and its first sort by size (Ctrl+Alt+2) leaves the key
/// at once, the order coming from a worker. The folder is made once before the iterations and
/// removed after them; only the reading and the filtering are measured.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
        timeUnits: .milliseconds,
        warmupIterations: 2,
        maxDuration: .seconds(10),
        maxIterations: 50)

    // One iteration = what opening the folder costs before the first screen can be drawn.
    Benchmark("List 100 000 files and the first screen's info", closure: { benchmark, folder in
        for _ in benchmark.scaledIterations {
            guard case .success(let listing) = FolderListing.read(folder, includeHidden: false) else {
                benchmark.error("cannot list \(folder)")
                return
            }
            for index in listing.entries.indices.prefix(40) { blackHole(listing.info(at: index)) }
            blackHole(listing)
        }
    }, setup: {
        try Scratch.shared.make(files: 100_000)
    }, teardown: {
        Scratch.shared.remove()
    })

    // One iteration = the first key typed in the filter of a 100 000-row folder: every name
    // folded once, then searched (the list's filter, over the files column's own names).
    Benchmark("Filter 100 000 rows: the first key", configuration: .init(timeUnits: .microseconds), closure: { benchmark, folder in
        guard let rows = FolderRows(folder) else { return benchmark.error("cannot list \(folder)") }
        for _ in benchmark.scaledIterations {
            let list = rows.list()
            benchmark.startMeasurement()
            list.find("r", in: FolderRows.bounds)
            benchmark.stopMeasurement()
            blackHole(list.findStatus)
        }
    }, setup: {
        try Scratch.shared.make(files: 100_000)
    }, teardown: {
        Scratch.shared.remove()
    })

    // One iteration = one more key, as a person types a name and takes it back: "re",
    // "rep", … "report" then Backspace down to "r" (a shorter query searches every row again).
    Benchmark("Filter 100 000 rows: each next key", configuration: .init(timeUnits: .microseconds), closure: { benchmark, folder in
        guard let rows = FolderRows(folder) else { return benchmark.error("cannot list \(folder)") }
        let list = rows.list()
        list.find("r", in: FolderRows.bounds)
        let typing = ["re", "rep", "repo", "repor", "report", "repor", "repo", "rep", "re", "r"]
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            list.find(typing[index % typing.count], in: FolderRows.bounds)
        }
        benchmark.stopMeasurement()
        blackHole(list.findStatus)
    }, setup: {
        try Scratch.shared.make(files: 100_000)
    }, teardown: {
        Scratch.shared.remove()
    })

    // One iteration = Ctrl+Alt+2 on a folder of 100 000 files of different sizes, read afresh
    // (no entry's details read yet): what the loop's thread spends asking for the order, which
    // a worker finds while the list shows name order. The answer is awaited unmeasured.
    Benchmark(
        "Sort 100 000 files by size, first time: the key on the loop", configuration: .init(timeUnits: .microseconds),
        closure: { benchmark, folder in
            guard let orders = try? FolderOrders() else { return benchmark.error("no worker") }
            for _ in benchmark.scaledIterations {
                guard case .success(let listing) = FolderListing.read(folder, includeHidden: false) else {
                    return benchmark.error("cannot list \(folder)")
                }
                benchmark.startMeasurement()
                let order = orders.order(of: listing, by: .size)
                benchmark.stopMeasurement()
                if order != nil { return benchmark.error("ordered on the caller's thread") }
                awaitOrder(orders, of: listing)
            }
        },
        setup: { try Scratch.shared.make(files: 100_000, sized: true) }, teardown: { Scratch.shared.remove() })

    // One iteration = the same sort, from the key to its order taken on the loop's thread:
    // the time the list shows name order.
    Benchmark(
        "Sort 100 000 files by size, first time: the order from the worker",
        closure: { benchmark, folder in
            guard let orders = try? FolderOrders() else { return benchmark.error("no worker") }
            for _ in benchmark.scaledIterations {
                guard case .success(let listing) = FolderListing.read(folder, includeHidden: false) else {
                    return benchmark.error("cannot list \(folder)")
                }
                benchmark.startMeasurement()
                _ = orders.order(of: listing, by: .size)
                awaitOrder(orders, of: listing)
                benchmark.stopMeasurement()
            }
        },
        setup: { try Scratch.shared.make(files: 100_000, sized: true) }, teardown: { Scratch.shared.remove() })

    // One iteration = the same sort on the caller's thread, as the loop did it before the
    // worker: the time the key held the window.
    Benchmark(
        "Sort 100 000 files by size, first time: on the caller's thread (before)",
        closure: { benchmark, folder in
            for _ in benchmark.scaledIterations {
                guard case .success(let listing) = FolderListing.read(folder, includeHidden: false) else {
                    return benchmark.error("cannot list \(folder)")
                }
                benchmark.startMeasurement()
                blackHole(FolderSort.Key.size.ascendingOrder(in: listing))
                benchmark.stopMeasurement()
            }
        },
        setup: { try Scratch.shared.make(files: 100_000, sized: true) }, teardown: { Scratch.shared.remove() })

    // The sort alone, on the same kind of names, from one fixed shuffled order: in bulk, as
    // the listing sorts…
    Benchmark("Natural sort of 100 000 names, in bulk") { benchmark in
        let names = (0..<100_000).map(Scratch.name)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(NaturalOrder.sortedIndices(of: names))
        }
    }

    // The desktop's files, each as hostile as its limit lets it be: read in time linear in them
    // (the key file's duplicate check once compared each key with all before it: minutes).
    // One iteration = a `mimeapps.list` of 150 000 short keys in one group, read.
    Benchmark("Key file of 150 000 keys in one group", configuration: .init(timeUnits: .milliseconds)) { benchmark in
        var text = "[Added Associations]\n"
        for number in 0..<150_000 { text += "k\(number)=x\n" }
        let bytes = Array(text.utf8)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(KeyFile(bytes)) }
    }

    // One iteration = a file's type by magic, the magic being 8 MiB of 4 096-byte values that
    // almost match its 64 KiB (each 250 million comparisons byte by byte): within the bound.
    Benchmark("Magic of 2 000 near-matching 4 KiB values, one file", configuration: .init(timeUnits: .milliseconds)) {
        benchmark in
        let value = [UInt8](repeating: UInt8(ascii: "a"), count: 4095) + [UInt8(ascii: "b")]
        var file = Array("MIME-Magic\0\n".utf8)
        for number in 0..<2_000 {
            file += Array("[50:application/x-hostile\(number)]\n>0=".utf8) + [0x10, 0x00] + value + Array("+65536\n".utf8)
        }
        let magic = MimeMagic(files: [file])
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 64 << 10)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(magic.type(for: bytes)) }
    }

    // One iteration = GTK's bookmarks file of 1 MiB (60 000 lines) read for the places: its
    // first 1 000 bookmarks, as the places read it.
    Benchmark("Bookmarks file of 1 MiB, the first 1 000", configuration: .init(timeUnits: .microseconds)) { benchmark in
        var text = ""
        var number = 0
        while text.utf8.count < (1 << 20) - 64 {
            text += "file:///tmp/b\(number)\n"
            number += 1
        }
        let bytes = Array(text.utf8)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(GTKBookmarks.parse(bytes, limit: 1_001)) }
    }

    // …and one Key per name, for callers that keep keys beside their own values.
    Benchmark("Natural sort of 100 000 names, by Key") { benchmark in
        let names = (0..<100_000).map(Scratch.name)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            var keys = names.map(NaturalOrder.Key.init)
            keys.sort()
            blackHole(keys)
        }
    }
}

/// A folder's listing as the files column lists it: a list whose rows are the entries, found
/// by their names as people read them, lent as bytes by the listing (as the app's entry list
/// does: `FolderEntries.withDisplayName(at:_:)`).
final class FolderRows: ListDataSource {
    /// A files column's content area, in points.
    static let bounds = Rect(x: 0, y: 38, width: 320, height: 862)
    let listing: FolderListing

    init?(_ folder: FilePath) {
        guard case .success(let listing) = FolderListing.read(folder, includeHidden: false) else { return nil }
        self.listing = listing
    }

    /// A list showing these rows.
    func list() -> ListViewController {
        let list = ListViewController(title: "Files")
        list.dataSource = self
        list.reloadData()
        return list
    }

    var numberOfRows: Int { listing.entries.count }
    var rowsHaveSubtitles: Bool { true }
    func item(at index: Int) -> ListItem { ListItem(title: listing.entries[index].displayName) }
    func searchText(at index: Int) -> String { listing.entries[index].displayName }
    func withSearchText<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        listing.entries.withDisplayName(at: index, body)
    }
}

/// Waits on the loop's side, as the app's loop polls, until the worker's order of `listing`
/// by size is taken.
func awaitOrder(_ orders: FolderOrders, of listing: FolderListing) {
    while orders.order(of: listing, by: .size) == nil {
        var descriptor = pollfd(fd: orders.fileDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, 1_000)
        orders.takeResults()
    }
}

/// The benchmark's folder: made by setup, removed by teardown, which gets no setup result.
final class Scratch: Sendable {
    static let shared = Scratch()
    private let folder = Mutex<FilePath?>(nil)

    /// The names people's folders hold: camera files, numbered reports, mixed case.
    static func name(_ index: Int) -> [UInt8] {
        let scrambled = (index &* 7919) % 100_000
        let stems = ["IMG_", "Report ", "notes-", "Track ", "scan"]
        let endings = [".jpg", ".pdf", ".txt", ".flac", ".PNG"]
        return Array((stems[index % 5] + String(scrambled) + endings[index % 5]).utf8)
    }

    /// Makes `count` empty files, or with `sized`, files of sizes that run against their names
    /// (holes, nothing written).
    func make(files count: Int, sized: Bool = false) throws -> FilePath {
        var template = Array("/tmp/splitview-bench-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw FileError(path: "/tmp", code: errno)
        }
        let root = FilePath(bytes: template.dropLast().map { UInt8(bitPattern: $0) })
        folder.withLock { $0 = root }
        for index in 0..<count {
            let descriptor = root.appending(Scratch.name(index)).withCString { open($0, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644) }
            guard descriptor >= 0 else { throw FileError(path: root.displayString, code: errno) }
            if sized { _ = ftruncate(descriptor, off_t((index &* 7919) % 100_000)) }
            close(descriptor)
        }
        return root
    }

    func remove() {
        guard let root = folder.withLock({ $0 }) else { return }
        try? FileRemoval.remove(root)
    }
}
