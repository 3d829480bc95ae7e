import Glibc
import SplitViewFiles

/// The pastes under way, on worker threads side by side, their answers handed back on the
/// loop's thread: a copy of gigabytes never holds up the window, nor another paste.
///
/// One per process, beside the folders (``FileStore/transfers``). Like the pictures' loader
/// it wakes the loop through a descriptor (``fileDescriptor``), which the loop polls and
/// answers with ``takeResults()``. A paste is two jobs: its plan (reading the files, finding
/// the names in the way), then, once the window has asked about those, the copy itself, which
/// reports its progress on the way.
package final class FileTransfers {
    /// What a job hands back.
    enum Event: Sendable {
        case planned(Result<CopyPlan, CopyFailure>)
        case progress(CopyProgress)
        case finished(CopyOutcome)
        case cleaned(Int)
    }

    private let worker: BackgroundWorker<Event>
    private var handlers: [Int: (Event) -> Void] = [:]
    private var cancellations: [Int: CopyCancellation] = [:]

    /// Where each paste keeps its journal (`CopyJournal`), so that what a
    /// kill leaves is removed at the next start; nil for none (tests that need none).
    package var journalFolder: FilePath?

    /// Readable when a job has news: the loop polls it and calls ``takeResults()``.
    package var fileDescriptor: Int32 { worker.fileDescriptor }

    /// The transfers with their worker threads.
    ///
    /// - Throws: when the worker's pipe cannot be made (the process is out of descriptors).
    package init() throws(FileError) {
        worker = try BackgroundWorker(label: "splitview.transfers", concurrent: true)
    }

    /// Plans a paste of `sources` into `folder` on a worker; `done` runs on the loop's thread.
    func plan(
        _ sources: [FilePath], into folder: FilePath, mode: TransferMode,
        done: @escaping (Result<CopyPlan, CopyFailure>) -> Void
    ) {
        let ticket = worker.submit { .planned(CopyPlan.make(sources: sources, into: folder, mode: mode)) }
        handlers[ticket] = { if case .planned(let result) = $0 { done(result) } }
    }

    /// Runs the paste `resolution` answers on a worker, stopped by `cancellation`; `progress`
    /// and `done` run on the loop's thread.
    func run(
        _ resolution: CopyResolution, cancellation: CopyCancellation, progress: @escaping (CopyProgress) -> Void,
        done: @escaping (CopyOutcome) -> Void
    ) {
        let ticket = worker.submit(reporting: { [journalFolder] report in
            // Without a journal (a state folder that cannot be written) the paste still runs.
            let journal = journalFolder.flatMap { try? CopyJournal(in: $0) }
            return .finished(FileCopier.run(resolution, cancellation: cancellation, journal: journal) { report(.progress($0)) })
        })
        cancellations[ticket] = cancellation
        handlers[ticket] = { event in
            switch event {
            case .progress(let value): progress(value)
            case .finished(let outcome): done(outcome)
            case .planned, .cleaned: break
            }
        }
    }

    /// Removes, on a worker, what the pastes of an earlier run that was killed left behind
    /// (`CopyJournal.removeLeftovers(in:)`). The launcher calls it once the
    /// first frame is drawn.
    package func removeLeftovers() {
        guard let journalFolder else { return }
        _ = worker.submit { .cleaned(CopyJournal.removeLeftovers(in: journalFolder)) }
    }

    /// Hands the jobs' news to those who asked.
    package func takeResults() {
        for (ticket, event) in worker.takeResults() {
            if case .finished = event {
                cancellations[ticket] = nil
                handlers.removeValue(forKey: ticket)?(event)
            } else if case .planned = event {
                handlers.removeValue(forKey: ticket)?(event)
            } else if case .cleaned = event {
                continue
            } else {
                handlers[ticket]?(event)
            }
        }
    }

    /// Whether a copy runs.
    package var isCopying: Bool { !cancellations.isEmpty }

    /// Cancels every copy and waits (at most `limit` seconds) for each to remove what it made:
    /// the program is ending, and its workers with it.
    ///
    /// Decision: the wait is short (half a second), so that a SIGTERM or Ctrl+Q ends the
    /// program within a second whatever a paste is doing. A paste cut off by the exit is a
    /// paste killed: its temporaries are in its journal, and the next start removes them;
    /// a move removes an original only once its copy has its name, so nothing is lost.
    package func cancelAndWait(limit: Double = 0.5) {
        for cancellation in cancellations.values { cancellation.cancel() }
        var waited = 0.0
        while isCopying && waited < limit {
            var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 20)
            waited += 0.02
            takeResults()
        }
    }
}
