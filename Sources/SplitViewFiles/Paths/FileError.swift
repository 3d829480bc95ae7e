import Glibc

/// Why a file or folder could not be read or written: the path as people read it, and the
/// system's own words for the `errno` (`Permission denied`).
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path the operation was on, escaped for display.
    public var path: String
    /// The `errno` value, or 0 when the reason is not a system error.
    public var code: Int32
    /// The reason in words: `strerror(code)`, or a sentence of our own.
    public var reason: String

    /// A system error on `path`.
    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
        reason = String(cString: strerror(code))
    }

    /// A reason of our own on `path`.
    public init(path: String, reason: String) {
        self.path = path
        code = 0
        self.reason = reason
    }

    /// `path: reason`, one line.
    public var description: String { "\(path): \(reason)" }
}
