import CImageCodecs

/// A flag that stops a decode another thread runs: checked before it starts, at every read of
/// the file, between two rows, and between any two steps of a JPEG's scans (libjpeg's progress
/// monitor, and the loop that takes the scans in), so a picture no longer wanted stops within a
/// row, even in the middle of a progressive JPEG's scans or an interlaced PNG's passes.
///
/// ```swift
/// let cancellation = ImageCancellation()
/// worker.submit { ImageDecoder.decode(path, cancellation: cancellation) }
/// cancellation.cancel()        // the selection moved on
/// ```
public final class ImageCancellation: @unchecked Sendable {
    // Read and written only through the C library's atomic loads and stores.
    private let flag: UnsafeMutablePointer<Int32>

    /// A flag not set.
    public init() {
        flag = .allocate(capacity: 1)
        flag.initialize(to: 0)
    }

    deinit {
        flag.deallocate()
    }

    /// Asks the decode to stop; from any thread, any number of times.
    public func cancel() { cimg_flag_set(flag) }

    /// True once ``cancel()`` was called.
    public var isCancelled: Bool { cimg_flag_get(flag) != 0 }

    /// The flag for the C decoder, alive while `body` runs.
    func withFlag<R>(_ body: (UnsafePointer<Int32>) -> R) -> R {
        withExtendedLifetime(self) { body(UnsafePointer(flag)) }
    }
}
