import Glibc

/// Waits until `condition` holds: asks it at once, then again after 1 ms, 2 ms, 4 ms … up to
/// 20 ms apart, until `timeout` seconds have passed on the monotonic clock. The one way the
/// tests wait for something another thread or process does: a window's title or pixels, a
/// file, a process's state, a worker's result. Never a fixed sleep: a test is as fast as the
/// thing it waits for, and as patient as `timeout` on a loaded machine.
///
/// `condition` may do the work that brings the state about (take a worker's results, drain an
/// X connection's events) before it answers.
///
/// ```swift
/// #expect(waitUntil { window.title == "Kyoto.md — Japan — SplitView" })
/// ```
///
/// - Parameters:
///   - timeout: the longest wait, in seconds.
///   - condition: what is waited for; asked at least once, and once more at the deadline.
/// - Returns: true as soon as `condition` holds; false when it still does not at the deadline
///   (the caller's `#expect` says what was waited for).
@discardableResult
public func waitUntil(timeout: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = monotonicNow() + timeout
    var pause = 0.001
    while true {
        if try condition() { return true }
        let left = deadline - monotonicNow()
        if left <= 0 { return false }
        let step = min(pause, left)
        usleep(useconds_t(step * 1_000_000))
        pause = min(pause * 2, 0.020)
    }
}

/// Seconds on the monotonic clock, from an arbitrary start.
public func monotonicNow() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
