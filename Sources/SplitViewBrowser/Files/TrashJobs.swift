import Glibc
import SplitViewFiles

/// The trash's jobs (trashing, deleting for good, restoring, emptying, and counting what
/// Empty Trash would delete) on a worker thread of their own, their answers handed back on
/// the loop's thread: 150 000 files trashed never hold up the window.
///
/// One per process, beside the folders (``FileStore/trashJobs``). The jobs run one after
/// another, in the order they were asked for, whichever window asked: a Delete pressed again
/// while one runs trashes the next file after it, and Ctrl+Z or Empty Trash never overtake a
/// trashing. Like the pastes it wakes the loop through a descriptor (``fileDescriptor``),
/// which the loop polls and answers with ``takeResults()``. A job's progress comes at most
/// every ``reportInterval`` seconds, the first only once it has run that long: a small job is
/// over before it would show a bar.
package final class TrashJobs {
    /// What a job hands back.
    enum Event: Sendable {
        case progress(TrashBatch.Progress)
        case finished(TrashBatch.Outcome)
        case counted(TrashSnapshot)
    }

    /// A job: the batch it runs, given the cancellation and the progress reporter.
    typealias Job = @Sendable (TrashBatch.Cancellation, (TrashBatch.Progress) -> Void) -> TrashBatch.Outcome

    private let worker: BackgroundWorker<Event>
    private var handlers: [Int: (Event) -> Void] = [:]
    private var cancellations: [Int: TrashBatch.Cancellation] = [:]

    /// The least time between two progress reports, in seconds (50 ms, as the pastes'; tests
    /// set 0 to hear every item).
    var reportInterval = 0.05

    /// Readable when a job has news: the loop polls it and calls ``takeResults()``.
    package var fileDescriptor: Int32 { worker.fileDescriptor }

    /// The jobs with their worker thread.
    ///
    /// - Throws: when the worker's pipe cannot be made (the process is out of descriptors).
    package init() throws(FileError) {
        worker = try BackgroundWorker(label: "splitview.trash")
    }

    /// Runs `job` on the worker, stopped by `cancellation`; `progress` and `done` run on the
    /// loop's thread.
    func run(
        _ job: @escaping Job, cancellation: TrashBatch.Cancellation,
        progress: @escaping (TrashBatch.Progress) -> Void, done: @escaping (TrashBatch.Outcome) -> Void
    ) {
        let interval = reportInterval
        let ticket = worker.submit(reporting: { report in
            var last = Self.now()
            return .finished(
                job(cancellation) { value in
                    let now = Self.now()
                    guard now - last >= interval else { return }
                    last = now
                    report(.progress(value))
                })
        })
        cancellations[ticket] = cancellation
        handlers[ticket] = { event in
            switch event {
            case .progress(let value): progress(value)
            case .finished(let outcome): done(outcome)
            case .counted: break
            }
        }
    }

    /// Reads what `trash` holds (``Trash/snapshot()``) on the worker, after the jobs asked for
    /// before; `done` runs on the loop's thread.
    func count(_ trash: Trash, done: @escaping (TrashSnapshot) -> Void) {
        let ticket = worker.submit { .counted(trash.snapshot()) }
        handlers[ticket] = { if case .counted(let snapshot) = $0 { done(snapshot) } }
    }

    /// Hands the jobs' news to those who asked.
    package func takeResults() {
        for (ticket, event) in worker.takeResults() {
            if case .progress = event {
                handlers[ticket]?(event)
            } else {
                cancellations[ticket] = nil
                handlers.removeValue(forKey: ticket)?(event)
            }
        }
    }

    /// Whether a job runs or waits to.
    package var isRunning: Bool { !handlers.isEmpty }

    /// Stops every job between two items and waits (at most `limit` seconds) for them to
    /// end: the program is ending, and a trashing cut short between its info file and its
    /// rename would leave an info file without its file.
    package func cancelAndWait(limit: Double = 10) {
        for cancellation in cancellations.values { cancellation.cancel() }
        let deadline = Self.now() + limit
        while isRunning && Self.now() < deadline {
            var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 100)
            takeResults()
        }
    }

    /// Seconds on the monotonic clock.
    private static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
