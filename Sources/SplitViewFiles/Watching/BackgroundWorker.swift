import Dispatch
import Glibc
import Synchronization

/// Runs slow jobs (listing a folder, reading a preview) off the main thread, one at a time
/// in submission order, and wakes the main thread's poll loop when results wait.
///
/// The wake-up is the read end of a non-blocking pipe rather than an `eventfd`: Swift's Glibc
/// module does not declare `eventfd`, this target imports nothing else, and for poll a pipe
/// with at most one byte in it behaves the same. The generic parameter is `Output`, not
/// `Result`, so `Swift.Result` stays usable in the jobs' own code.
///
/// Results are delivered in the order jobs finish, which for this serial worker is the order
/// they were submitted; the ticket tells the app which request a result answers, so it can
/// drop answers to questions no longer asked (the selection moved on).
public final class BackgroundWorker<Output: Sendable>: Sendable {
    private let shared: Shared
    private let queue: DispatchQueue

    /// A worker with its own serial queue (or, `concurrent`, one that runs its jobs side by
    /// side: each paste is a job); fails when no descriptor is left for the pipe.
    public init(label: String = "SplitViewFiles.BackgroundWorker", concurrent: Bool = false) throws(FileError) {
        shared = try Shared()
        queue = DispatchQueue(label: label, qos: .userInitiated, attributes: concurrent ? .concurrent : [])
    }

    /// Readable when ``takeResults()`` has something to return. Poll it; never read it.
    public var fileDescriptor: Int32 { shared.readEnd }

    /// Queues `job` and returns its ticket: 1 for the first job, then 2, 3…
    @discardableResult
    public func submit(_ job: @escaping @Sendable () -> Output) -> Int {
        let ticket = shared.state.withLock { state in
            state.lastTicket += 1
            return state.lastTicket
        }
        // The job holds `shared`, not `self`: the pipe stays open until the last job is done
        // even if the worker is released first, so a late result never writes to a closed
        // (or reused) descriptor.
        let shared = shared
        queue.async {
            let output = job()
            shared.deliver(ticket: ticket, output: output)
        }
        return ticket
    }

    /// Queues `job`, which may also hand over outputs before its last (a copy's progress)
    /// through the function it is given; each arrives under the same ticket, in order.
    @discardableResult
    public func submit(reporting job: @escaping @Sendable (_ report: (Output) -> Void) -> Output) -> Int {
        let ticket = shared.state.withLock { state in
            state.lastTicket += 1
            return state.lastTicket
        }
        let shared = shared
        queue.async {
            let output = job { shared.deliver(ticket: ticket, output: $0) }
            shared.deliver(ticket: ticket, output: output)
        }
        return ticket
    }

    /// The results that finished since the last call, oldest first; empty when none. Never
    /// blocks, and leaves ``fileDescriptor`` unreadable until the next result.
    public func takeResults() -> [(ticket: Int, result: Output)] {
        shared.take()
    }

    /// The pipe and the finished results; shared by the worker and its queued jobs.
    private final class Shared: Sendable {
        struct State {
            var lastTicket = 0
            var results: [(ticket: Int, result: Output)] = []
            /// Whether the pipe holds its one byte; keeps a flood of results from filling it.
            var signalled = false
        }

        let readEnd: Int32
        let writeEnd: Int32
        let state = Mutex(State())

        init() throws(FileError) {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw FileError(path: "pipe", code: errno) }
            // `pipe2` is a GNU extension the module also leaves out, so the flags come after:
            // a process spawned by another thread in between would only keep the pipe open.
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            readEnd = ends[0]
            writeEnd = ends[1]
        }

        deinit {
            close(readEnd)
            close(writeEnd)
        }

        func deliver(ticket: Int, output: Output) {
            let wake = state.withLock { state in
                state.results.append((ticket, output))
                defer { state.signalled = true }
                return !state.signalled
            }
            guard wake else { return }
            var byte: UInt8 = 1
            while write(writeEnd, &byte, 1) < 0 && errno == EINTR {}
        }

        func take() -> [(ticket: Int, result: Output)] {
            state.withLock { state in
                // Drained under the lock, so a result delivered now either is taken here or
                // writes a fresh byte after the lock is released.
                if state.signalled {
                    var scratch: [UInt8] = [0, 0, 0, 0]
                    while read(readEnd, &scratch, scratch.count) > 0 || errno == EINTR {}
                    state.signalled = false
                }
                defer { state.results.removeAll() }
                return state.results
            }
        }
    }
}
