import Glibc
import SplitView
import SplitViewFiles
import SplitViewImages
import Synchronization
import TestSupport
import Testing

/// A cancel stops a decode wherever it is: amid a progressive JPEG's scans (before libjpeg
/// would output a row) and amid an interlaced PNG's passes. Each file is cut short at its end,
/// and its scans or passes take far longer than the cancel waits: a decode that ran on to its
/// first row, or to the end of its passes, would say "cut short"; one that stops says
/// "cancelled". The outcome is asserted, never a time.
@Suite struct ImageCancellationTests {
    /// 50 000 scans that send nothing, after the photo's ten: a second or more of libjpeg's
    /// work before the first row, all of it in the scans (scans and time unbounded here).
    @Test func aCancelAmidAProgressiveJPEGsScansStopsIt() throws {
        let pictures = try Pictures()
        let (_, path) = pictures.manyScans("photo.jpg", empty: 50_000, cutShort: true)
        let unbounded = limits(scans: 1_000_000, processorTime: .seconds(3_600))
        #expect(Self.decodeCancelled(path, limits: unbounded) == .cancelled)
    }

    /// 512 × 16 384 pixels of noise, interlaced: seven passes over 16 384 rows, cut short in
    /// the last. The cancel comes in the first passes.
    @Test func aCancelAmidAnInterlacedPNGsPassesStopsIt() throws {
        let pictures = try Pictures()
        let path = pictures.noisyInterlacedPNG("noise.png", width: 512, height: 16_384)
        #expect(failure(decode(path)) == .truncated(.png), "uncancelled, the passes run into the cut")
        #expect(Self.decodeCancelled(path, limits: .standard) == .cancelled)
    }

    /// Decodes `path` on a worker thread, cancels once the decode has used 10 ms of that
    /// thread's processor time (the header takes microseconds: by then it is into the work,
    /// and far from its end), and returns the decode's failure, nil for a picture or when no
    /// answer came.
    static func decodeCancelled(_ path: String, limits: ImageLimits) -> ImageError? {
        guard let worker = try? BackgroundWorker<Result<DecodedImage, ImageError>>(label: "test.decode") else { return nil }
        let cancellation = ImageCancellation(), started = Mutex<ThreadClock?>(nil)
        worker.submit {
            started.withLock { $0 = ThreadClock() }
            return ImageDecoder.decode(FilePath(path), limits: limits, cancellation: cancellation)
        }
        #expect(waitUntil { (started.withLock { $0 })?.elapsed ?? 0 >= 0.010 }, "the decode is under way")
        cancellation.cancel()
        var results: [(ticket: Int, result: Result<DecodedImage, ImageError>)] = []
        #expect(
            waitUntil(timeout: 60) {
                results = worker.takeResults()
                return !results.isEmpty
            })
        return results.first.flatMap { failure($0.result) }
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
