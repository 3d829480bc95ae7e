import Benchmark
import Glibc
import SplitViewFiles
import SplitViewImages
import Synchronization

/// The decoder against a hostile progressive JPEG (issue 29): 200 000 tiny scans, each of which
/// makes libjpeg visit every block of the picture again. Measured: the decode's processor and
/// wall time, and how long a cancel takes to be honoured once the decode is into the scans.
/// The file is written once before the iterations and removed after them.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal],
        timeUnits: .milliseconds,
        warmupIterations: 0,
        maxDuration: .seconds(100),
        maxIterations: 5)

    // One iteration = the whole decode of the hostile file, as the reader's worker runs it.
    Benchmark("JPEG of 200 000 scans: decode") { benchmark, path in
        for _ in benchmark.scaledIterations {
            blackHole(ImageDecoder.decode(path))
        }
    } setup: {
        try HostileFile.shared.make(scans: 200_000)
    } teardown: {
        HostileFile.shared.remove()
    }

    // One iteration = the decode started on a worker, let run until it has used 20 ms of its
    // thread's processor time (well into the scans: the header takes microseconds), then
    // cancelled; measured from the cancel to the answer. The scans and the time are unbounded
    // here, so that the cancel finds the decode amid its scans (with the standard limits it is
    // over by then: 100 scans take about 17 ms).
    Benchmark("JPEG of 200 000 scans: cancel to return", configuration: .init(timeUnits: .microseconds)) { benchmark, path in
        let worker = try BackgroundWorker<Bool>(label: "bench.decode")
        let limits = ImageLimits(
            fileBytes: 250_000_000, pixels: 200_000_000, side: 65_535, workingMemory: 256_000_000, outputSide: 2_048,
            scans: 1_000_000, processorTime: .seconds(3_600))
        for _ in benchmark.scaledIterations {
            let cancellation = ImageCancellation(), started = Mutex<ThreadClock?>(nil)
            _ = worker.submit {
                started.withLock { $0 = ThreadClock() }
                guard case .failure(.cancelled) = ImageDecoder.decode(path, limits: limits, cancellation: cancellation) else {
                    return false
                }
                return true
            }
            while (started.withLock { $0 })?.elapsed ?? 0 < 0.020 { sched_yield() }
            benchmark.startMeasurement()
            cancellation.cancel()
            var results = worker.takeResults()
            while results.isEmpty {
                sched_yield()
                results = worker.takeResults()
            }
            benchmark.stopMeasurement()
            if results.first?.result != true { benchmark.error("the decode was not cancelled") }
        }
    } setup: {
        try HostileFile.shared.make(scans: 200_000)
    } teardown: {
        HostileFile.shared.remove()
    }
}

/// The processor time a thread has used since this was made on it: a worker's threads are
/// reused, so their clocks do not start at 0.
struct ThreadClock: Sendable {
    let clock: clockid_t
    let start: Double

    /// The calling thread's clock, from now.
    init() {
        var id = clockid_t()
        pthread_getcpuclockid(pthread_self(), &id)
        clock = id
        start = Self.seconds(id)
    }

    /// Seconds of processor time the thread has used since.
    var elapsed: Double { Self.seconds(clock) - start }

    static func seconds(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// The benchmark's hostile JPEG: made by setup, removed by teardown, which gets no setup result.
final class HostileFile: Sendable {
    static let shared = HostileFile()
    private let path = Mutex<FilePath?>(nil)

    /// Writes the file and returns its path.
    func make(scans: Int) throws -> FilePath {
        var template = Array("/tmp/splitview-bench-XXXXXX.jpg".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard descriptor >= 0 else { throw FileError(path: "/tmp", code: errno) }
        defer { close(descriptor) }
        let file = FilePath(bytes: template.dropLast().map { UInt8(bitPattern: $0) })
        path.withLock { $0 = file }
        let bytes = Self.bytes(side: 512, scans: scans)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw FileError(path: file.displayString, code: errno) }
        return file
    }

    func remove() {
        guard let file = path.withLock({ $0 }) else { return }
        _ = file.withCString { unlink($0) }
    }

    /// A grey progressive JPEG of `side` × `side` pixels (a power of two from 128 to 1 024): its DC
    /// scan (every block mid-grey), an AC scan of the first bit, then `scans` − 1 refinements of
    /// the last bit, all of the one component, each an EOB run over every block in two bytes.
    /// libjpeg reads each refinement as a pass over all the coefficients of all the blocks (it
    /// warns that a bit is refined twice, and goes on). 12 bytes a scan: 2.4 MB for 200 000.
    static func bytes(side: Int, scans: Int) -> [UInt8] {
        let blocks = (side / 8) * (side / 8), run = blocks.trailingZeroBitCount
        precondition(blocks == 1 << run && (8...14).contains(run), "the EOB run is one symbol: 2^n blocks, 8 ≤ n ≤ 14")
        func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        let high = UInt8(side >> 8), low = UInt8(side & 0xFF)
        // One Huffman code, "0", in each table: DC difference 0, and EOB run 2^run.
        let oneCode: [UInt8] = [1] + Array(repeating: 0, count: 15)
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += segment(0xDB, [0] + Array(repeating: 1, count: 64))
        bytes += segment(0xC2, [8, high, low, high, low, 1, 1, 0x11, 0])
        bytes += segment(0xC4, [0x00] + oneCode + [0])
        bytes += segment(0xC4, [0x10] + oneCode + [UInt8(run << 4)])
        bytes += segment(0xDA, [1, 1, 0x00, 0, 0, 0x00]) + Array(repeating: 0, count: blocks / 8)
        // The code "0", then `run` zero bits of the run's extra, padded with ones: two bytes, the
        // first 0 (so never a marker's 0xFF).
        let padding = 16 - (1 + run)
        let data: [UInt8] = [0, UInt8((1 << padding) - 1)]
        bytes += segment(0xDA, [1, 1, 0x00, 1, 63, 0x01]) + data
        let refinement = segment(0xDA, [1, 1, 0x00, 1, 63, 0x10]) + data
        bytes.reserveCapacity(bytes.count + refinement.count * scans + 2)
        for _ in 1..<scans { bytes += refinement }
        return bytes + [0xFF, 0xD9]
    }
}
