import Glibc
import Synchronization

/// How the program tells its user something outside its window: one line `name: …` on
/// stderr, for a warning it lives with and for the failure that ends it. Host and app use
/// nothing else, so every message has the same shape (the program's name, one line, no trace).
///
/// ```swift
/// Diagnostics.programName = "splitview"
/// Diagnostics.report("state: the saved file is corrupt; starting afresh")   // splitview: state: …
/// ```
public enum Diagnostics {
    /// The name every line starts with: the running program's (``ApplicationIdentity/current``)
    /// until a `Host` is made for an identity, or a program sets it before it has one (to
    /// report a display that cannot be opened).
    public static var programName: String {
        get { name.withLock { $0 } }
        set { name.withLock { $0 = newValue } }
    }

    /// Behind a lock: Xlib's error handlers report from wherever they run.
    private static let name = Mutex(ApplicationIdentity.current.name)

    /// Writes `splitview: message` and a newline to stderr, line breaks in `message` turned
    /// into spaces, with one `write(2)`: `fputs(stderr)` is not concurrency-safe in Swift 6, and
    /// one call keeps lines from interleaving. It makes no X request, so it is safe inside
    /// Xlib's error handlers.
    public static func report(_ message: String) {
        var line = programName + ": " + message.split(whereSeparator: \.isNewline).joined(separator: " ") + "\n"
        line.withUTF8 { buffer in _ = write(2, buffer.baseAddress, buffer.count) }
    }
}
