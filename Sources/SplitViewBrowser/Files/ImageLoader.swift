import SplitViewFiles
import SplitViewImages

/// Decodes pictures on a worker thread of their own, so that a large photo never holds up the
/// X loop, nor a folder's listing behind it; the results come back on the loop's thread.
///
/// One per process, beside the folders (``FileStore/images``). Like the folders' worker it
/// wakes the loop through a descriptor (``fileDescriptor``), which the loop polls and answers
/// with ``takeResults()``. A request no longer wanted is cancelled: one not started never
/// starts, one under way stops within a row (or a row of blocks of a JPEG's scan, or a read of
/// its file), and its answer, if it comes, is dropped. The worker is serial, so that promptness
/// is what lets the next picture show at once after a slow one; and no decode holds it longer
/// than ``ImageLimits/processorTime``.
package final class ImageLoader {
    /// A decode asked for; ``ImageLoader/cancel(_:)`` it when its answer is no longer wanted.
    struct Request {
        /// The worker's ticket.
        var ticket: Int
        /// Stops the decode.
        var cancellation: ImageCancellation
    }

    /// The limits every decode keeps.
    let limits: ImageLimits
    private let worker: BackgroundWorker<Result<DecodedImage, ImageError>>
    private var handlers: [Int: (Result<DecodedImage, ImageError>) -> Void] = [:]

    /// Readable when decodes have finished: the loop polls it and calls ``takeResults()``.
    package var fileDescriptor: Int32 { worker.fileDescriptor }

    /// A loader with its worker thread.
    ///
    /// - Throws: when the worker's pipe cannot be made (the process is out of descriptors).
    package init(limits: ImageLimits = .standard) throws(FileError) {
        self.limits = limits
        worker = try BackgroundWorker(label: "splitview.images")
    }

    /// Decodes `path` on the worker; `done` runs on the loop's thread, from ``takeResults()``,
    /// unless the request is cancelled first.
    func load(_ path: FilePath, done: @escaping (Result<DecodedImage, ImageError>) -> Void) -> Request {
        let cancellation = ImageCancellation(), limits = limits
        let ticket = worker.submit { ImageDecoder.decode(path, limits: limits, cancellation: cancellation) }
        handlers[ticket] = done
        return Request(ticket: ticket, cancellation: cancellation)
    }

    /// Stops `request` and forgets its answer.
    func cancel(_ request: Request) {
        request.cancellation.cancel()
        handlers[request.ticket] = nil
    }

    /// Hands the finished decodes to those who asked and still want them.
    package func takeResults() {
        for (ticket, result) in worker.takeResults() {
            handlers.removeValue(forKey: ticket)?(result)
        }
    }

    /// The decodes asked for and not yet answered or cancelled, for tests.
    var pendingCount: Int { handlers.count }
}
