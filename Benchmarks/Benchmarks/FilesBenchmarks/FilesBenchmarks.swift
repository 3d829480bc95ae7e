import Benchmark
import Glibc
import SplitViewFiles
import Synchronization

/// The speed goal of the files library: a folder of 100 000 files lists, with the metadata of
/// the first screen (40 rows), in well under 150 ms. The folder is made once before the
/// iterations and removed after them; only the reading is measured.
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

    // The sort alone, on the same kind of names, from one fixed shuffled order: in bulk, as
    // the listing sorts…
    Benchmark("Natural sort of 100 000 names, in bulk") { benchmark in
        let names = (0..<100_000).map(Scratch.name)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(NaturalOrder.sortedIndices(of: names))
        }
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

    func make(files count: Int) throws -> FilePath {
        var template = Array("/tmp/splitview-bench-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw FileError(path: "/tmp", code: errno)
        }
        let root = FilePath(bytes: template.dropLast().map { UInt8(bitPattern: $0) })
        folder.withLock { $0 = root }
        for index in 0..<count {
            let descriptor = root.appending(Scratch.name(index)).withCString { open($0, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644) }
            guard descriptor >= 0 else { throw FileError(path: root.displayString, code: errno) }
            close(descriptor)
        }
        return root
    }

    func remove() {
        guard let root = folder.withLock({ $0 }),
              case .success(let listing) = FolderListing.read(root, includeHidden: true) else { return }
        for index in listing.entries.indices { _ = listing.path(at: index).withCString { unlink($0) } }
        _ = root.withCString { rmdir($0) }
    }
}
