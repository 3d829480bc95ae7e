import Glibc

/// SIGTERM, SIGINT and SIGHUP as input to the loop (the self-pipe trick, a ``SignalPipe``): the handler only
/// writes a byte to a pipe the loop watches, so that the program saves its state, ends its
/// hosted programs and closes its windows instead of dying mid-write.
/// ``Host/quitsOnTerminationSignals()`` uses it; an app that needs it earlier (before its
/// host exists) calls ``descriptor()`` itself and watches the descriptor once it has a host.
///
/// A pipe rather than a signalfd: a signalfd needs the signals blocked in every thread, and
/// the font thread and the worker start before the loop; a handler works on whichever thread
/// the signal lands. Handlers reset to the default in programs we start (`exec` does that).
public enum TerminationSignals {
    /// The signals that end the program.
    public static let signals = [SIGTERM, SIGINT, SIGHUP]

    /// The pipe's read end, for the loop; installs the handlers the first time. Nil when no
    /// pipe can be made: the signals then end the program as usual.
    public static func descriptor() -> Int32? {
        if readEnd >= 0 { return readEnd }
        guard let ends = SignalPipe.make() else { return nil }
        readEnd = ends.read
        writeEnd = ends.write
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in
                var byte: UInt8 = 1
                _ = write(TerminationSignals.writeEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
        return readEnd
    }

    /// Empties the pipe; true when a signal had arrived.
    public static func take() -> Bool {
        SignalPipe.drain(readEnd)
    }

    // Written once before the handlers exist, then only read (the handler cannot capture).
    nonisolated(unsafe) private static var readEnd: Int32 = -1
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
}
