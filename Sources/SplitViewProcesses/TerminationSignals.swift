import Glibc
import Synchronization

/// SIGTERM, SIGINT and SIGHUP as input to the loop (the self-pipe trick, a ``SignalPipe``): the handler only
/// writes a byte to a pipe the loop watches, so that the program saves its state, ends its
/// hosted programs and closes its windows instead of dying mid-write.
/// `Host.quitsOnTerminationSignals()` uses it; an app that needs it earlier (before its
/// host exists) calls ``descriptor()`` itself and watches the descriptor once it has a host.
///
/// A pipe rather than a signalfd: a signalfd needs the signals blocked in every thread, and
/// the font thread and the worker start before the loop; a handler works on whichever thread
/// the signal lands. Handlers reset to the default in programs we start (`exec` does that).
///
/// Decided: a signal always ends the program within a second, whatever its loop is doing. The
/// loop reads the pipe only between two turns, and a turn held by a long computation or a
/// call that does not return (an X server that stopped answering) would keep the program
/// running for as long, deaf to the signal. So the handler also wakes a watchdog thread, which
/// gives the loop ``deadline`` seconds to end the program its own way; if the program is still
/// there then, the watchdog sends SIGTERM to the hosted programs (without waiting for them),
/// says so in one line, and ends the program by the signal it got, as it would have ended
/// without a handler. Nothing more is saved then: the state written last (about a second
/// after the last change) stands, and since every write replaces the file in one step
/// (`AtomicFile`), one cut short leaves the old file whole. On the loop's own way out the
/// hosted programs get ``grace`` seconds to end before SIGKILL, so that it fits within the
/// deadline.
public enum TerminationSignals {
    /// The signals that end the program.
    public static let signals = [SIGTERM, SIGINT, SIGHUP]

    /// How long the loop has, from the first signal, to end the program its own way: 0.75 s,
    /// so that the program has ended within a second even when it had to be ended without it.
    public static let deadline = 0.75

    /// How long hosted programs are given to end after SIGTERM when a signal ends the
    /// program, before SIGKILL: 0.5 s, within ``deadline`` (the window's own closing gives
    /// `Host.terminationGrace`).
    public static let grace = 0.5

    /// The pipe's read end, for the loop; installs the handlers (and starts the watchdog) the
    /// first time. Nil when no pipe can be made: the signals then end the program as usual.
    public static func descriptor() -> Int32? {
        if readEnd >= 0 { return readEnd }
        guard let ends = SignalPipe.make() else { return nil }
        readEnd = ends.read
        writeEnd = ends.write
        startWatchdog()
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(TerminationSignals.writeEnd, &byte, 1)
                _ = write(TerminationSignals.watchdogWriteEnd, &byte, 1)
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
        return readEnd
    }

    /// Empties the pipe; true when a signal had arrived (and from then on ``hasArrived``).
    public static func take() -> Bool {
        let taken = SignalPipe.drain(readEnd)
        if taken { arrived.store(true, ordering: .releasing) }
        return taken
    }

    /// Whether the loop has taken a signal: the program is ending because of it, within
    /// ``deadline``.
    public static var hasArrived: Bool { arrived.load(ordering: .acquiring) }

    /// The line the watchdog says when it ends the program: "SIGTERM, and the program was
    /// still busy 0.75 s later: ended without saving".
    package static func endingLine(for signal: Int32) -> String {
        let name = [SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGHUP: "SIGHUP"][signal] ?? "signal \(signal)"
        return "\(name), and the program was still busy \(deadline) s later: ended without saving"
    }

    // MARK: - The watchdog

    /// Starts the thread that waits for a signal, then for the deadline. Without a thread
    /// (none can be made) the signals still reach the loop, without a deadline.
    private static func startWatchdog() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // The handler's end never blocks; the watchdog's blocks until a signal comes.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        watchdogReadEnd = ends[0]
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { _ in TerminationSignals.watch() }, nil) == 0 else {
            close(ends[0])
            close(ends[1])
            return
        }
        watchdogWriteEnd = ends[1]
        pthread_detach(thread)
    }

    /// The watchdog's life: waits for a signal, gives the loop ``deadline`` seconds, then ends
    /// the program if it is still running.
    private static func watch() -> UnsafeMutableRawPointer? {
        var byte: UInt8 = 0
        while true {
            let count = read(watchdogReadEnd, &byte, 1)
            if count == 1 { break }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &end)
        let nanoseconds = end.tv_nsec + Int(deadline * 1e9)
        end.tv_sec += nanoseconds / 1_000_000_000
        end.tv_nsec = nanoseconds % 1_000_000_000
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &end, nil) == EINTR {}
        endNow(signal: Int32(byte))
    }

    /// Ends the program now, from the watchdog: SIGTERM to the hosted programs, one line, and
    /// the signal's own ending (its default action), so that whoever sent it sees the program
    /// end by it.
    private static func endNow(signal number: Int32) -> Never {
        Diagnostics.report(endingLine(for: number))
        ProgramProcess.signalAll(SIGTERM)
        signal(number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(number)
        _exit(128 + number)
    }

    private static let arrived = Atomic<Bool>(false)

    // Written once before the handlers exist, then only read (the handler cannot capture).
    nonisolated(unsafe) private static var readEnd: Int32 = -1
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    nonisolated(unsafe) private static var watchdogReadEnd: Int32 = -1
    nonisolated(unsafe) private static var watchdogWriteEnd: Int32 = -1
}
