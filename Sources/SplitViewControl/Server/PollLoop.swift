import Glibc

/// A loop of `poll()` for a ``ControlServer`` outside the app's host: the tests and the
/// benchmark run one on a thread of their own. The app's server runs on the host's loop.
public final class PollLoop: ControlLoop {
    private var sources: [Int32: () -> Void] = [:]
    private var timers: [(id: Int, deadline: Double, action: () -> Void)] = []
    private var nextID = 1

    /// An empty loop.
    public init() {}

    /// Runs `handler` whenever `descriptor` is readable.
    public func watch(_ descriptor: Int32, _ handler: @escaping () -> Void) {
        sources[descriptor] = handler
    }

    /// Stops watching `descriptor`.
    public func unwatch(_ descriptor: Int32) {
        sources[descriptor] = nil
    }

    /// Runs `action` once, `seconds` from now.
    @discardableResult
    public func after(_ seconds: Double, _ action: @escaping () -> Void) -> Int {
        let id = nextID
        nextID += 1
        timers.append((id, Self.now() + seconds, action))
        return id
    }

    /// Cancels a timer that has not fired.
    public func cancelTimer(_ id: Int) {
        timers.removeAll { $0.id == id }
    }

    /// Sleeps until a descriptor is readable or a timer is due, at most `timeout` seconds, then
    /// runs what is due: one turn.
    public func turn(timeout: Double) {
        let now = Self.now()
        var wait = timeout
        if let first = timers.map(\.deadline).min() { wait = min(wait, max(0, first - now)) }
        var descriptors = sources.keys.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), Int32((wait * 1000).rounded(.up)))
        if ready > 0 {
            for entry in descriptors where entry.revents != 0 { sources[entry.fd]?() }
        }
        let due = Self.now()
        let fired = timers.filter { $0.deadline <= due }.sorted { $0.deadline < $1.deadline }
        timers.removeAll { $0.deadline <= due }
        for timer in fired { timer.action() }
    }

    /// The monotonic clock in seconds.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
