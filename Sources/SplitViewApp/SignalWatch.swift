import Glibc

/// SIGTERM, SIGINT and SIGHUP as input to the loop (the self-pipe trick): the handler only
/// writes a byte to a pipe the loop watches, so that the program saves its state and closes
/// its windows instead of dying mid-write.
///
/// A pipe rather than a signalfd: a signalfd needs the signals blocked in every thread, and
/// the font thread and the worker start before the loop; a handler works on whichever thread
/// the signal lands. Handlers reset to the default in programs we start (`exec` does that).
enum SignalWatch {
    /// The signals that end the program.
    static let signals = [SIGTERM, SIGINT, SIGHUP]

    /// The pipe's read end, for the loop; installs the handlers the first time. Nil when no
    /// pipe can be made: the signals then end the program as usual.
    static func descriptor() -> Int32? {
        if readEnd >= 0 { return readEnd }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in
                var byte: UInt8 = 1
                _ = write(SignalWatch.writeEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
        return readEnd
    }

    /// Empties the pipe; true when a signal had arrived.
    static func take() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        var any = false
        while read(readEnd, &buffer, buffer.count) > 0 { any = true }
        return any
    }

    // Written once before the handlers exist, then only read (the handler cannot capture).
    nonisolated(unsafe) private static var readEnd: Int32 = -1
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
}
