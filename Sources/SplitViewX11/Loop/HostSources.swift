import Glibc

/// What wakes the host's loop besides the X connection: other file descriptors (a worker's
/// results, inotify, a signal), and timers.
///
/// Kept apart from the loop so that it is tested without a server: ``pollDescriptors()`` and
/// ``timeout(now:)`` say how to sleep, ``due(readable:now:)`` hands over what is due.
struct HostSources {
    /// A descriptor watched for input and what to run when it is readable.
    struct Source {
        var descriptor: Int32
        var handler: () -> Void
    }

    /// A one-shot timer.
    struct Timer {
        var id: Int
        var deadline: Double
        var action: () -> Void
    }

    private(set) var sources: [Source] = []
    private(set) var timers: [Timer] = []
    private var nextID = 1

    mutating func add(_ descriptor: Int32, _ handler: @escaping () -> Void) {
        sources.removeAll { $0.descriptor == descriptor }
        sources.append(Source(descriptor: descriptor, handler: handler))
    }

    mutating func remove(_ descriptor: Int32) {
        sources.removeAll { $0.descriptor == descriptor }
    }

    mutating func schedule(at deadline: Double, _ action: @escaping () -> Void) -> Int {
        let id = nextID
        nextID += 1
        timers.append(Timer(id: id, deadline: deadline, action: action))
        return id
    }

    mutating func cancel(_ id: Int) {
        timers.removeAll { $0.id == id }
    }

    /// Milliseconds until the first timer is due (0 when overdue), or nil without timers.
    func timeout(now: Double) -> Int32? {
        guard let first = timers.map(\.deadline).min() else { return nil }
        return Int32(min(max(0, (first - now) * 1000), Double(Int32.max)).rounded(.up))
    }

    /// The descriptors to poll besides the connection.
    func pollDescriptors() -> [pollfd] {
        sources.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
    }

    /// The handlers of the readable descriptors and the actions of the due timers, removing the
    /// timers; the caller runs them (a handler may add or remove sources).
    mutating func due(readable: Set<Int32>, now: Double) -> [() -> Void] {
        var work = sources.filter { readable.contains($0.descriptor) }.map(\.handler)
        let fired = timers.filter { $0.deadline <= now }
        timers.removeAll { $0.deadline <= now }
        work += fired.sorted { $0.deadline < $1.deadline }.map(\.action)
        return work
    }
}

/// Counts the presses of the main button that make a double or a triple click: each within
/// ``interval`` of the one before and ``distance`` of it (both as GTK's defaults), so that two
/// slow clicks are two single clicks. A fourth quick press starts over.
struct ClickCounter {
    /// The longest time between the presses, in milliseconds.
    static let interval: UInt = 400
    /// The farthest the pointer may move between the presses, in pixels.
    static let distance = 5

    private var last: (time: UInt, x: Int, y: Int, count: Int)?

    /// Records a press at `time` (ms, the server's clock) and `x`, `y` (top-level pixels);
    /// returns which click of a run it is: 1, 2 (a double click) or 3 (a triple click).
    mutating func press(time: UInt, x: Int, y: Int) -> Int {
        var count = 1
        if let last, last.count < 3, time &- last.time <= Self.interval, abs(x - last.x) <= Self.distance,
            abs(y - last.y) <= Self.distance
        {
            count = last.count + 1
        }
        last = (time, x, y, count)
        return count
    }
}
