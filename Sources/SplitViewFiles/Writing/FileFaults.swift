import CFileOps
import Glibc

/// Faults injected into the file operations, for the tests: SQLite's way of proving that a
/// failure at any step loses nothing.
///
/// Every call the file operations make to change or read the user's files (open, read, write,
/// fsync, close of a written file, rename, unlink and rmdir, mkdir, symlink, chmod and times)
/// goes through a wrapper in `CFileOps` that first asks whether a fault is armed for it. A
/// fault is armed on the calling thread only, and the operations run on the thread that
/// calls them, so tests that run side by side never see each other's faults; in the program
/// nothing is ever armed, and the cost is one branch on a thread-local word per call.
///
/// ```swift
/// FileFaults.arm(.write, after: 3, error: ENOSPC)       // the fourth write fails
/// let outcome = FileCopier.run(resolution)
/// FileFaults.fired                                      // true: the copy met it
/// FileFaults.disarm()
/// ```
package enum FileFaults {
    /// The kinds of calls a fault can hit.
    package struct Calls: OptionSet, Sendable, Hashable {
        package let rawValue: UInt32
        package init(rawValue: UInt32) { self.rawValue = rawValue }

        /// open, openat, openat2: reading or making an entry.
        package static let open = Calls(rawValue: SV_CALL_OPEN.rawValue)
        /// read.
        package static let read = Calls(rawValue: SV_CALL_READ.rawValue)
        /// write.
        package static let write = Calls(rawValue: SV_CALL_WRITE.rawValue)
        /// fsync.
        package static let fsync = Calls(rawValue: SV_CALL_FSYNC.rawValue)
        /// close of a file written.
        package static let close = Calls(rawValue: SV_CALL_CLOSE.rawValue)
        /// rename, renameat, renameat2.
        package static let rename = Calls(rawValue: SV_CALL_RENAME.rawValue)
        /// unlink, unlinkat, rmdir.
        package static let unlink = Calls(rawValue: SV_CALL_UNLINK.rawValue)
        /// mkdir, mkdirat.
        package static let mkdir = Calls(rawValue: SV_CALL_MKDIR.rawValue)
        /// symlink, symlinkat.
        package static let symlink = Calls(rawValue: SV_CALL_SYMLINK.rawValue)
        /// fchmod, fchmodat, futimens, utimensat.
        package static let metadata = Calls(rawValue: SV_CALL_METADATA.rawValue)
        /// Every kind.
        package static let all: Calls = [.open, .read, .write, .fsync, .close, .rename, .unlink, .mkdir, .symlink, .metadata]
        /// Every kind that changes a file system: what a full disk or a read-only mount refuses.
        package static let changes: Calls = [.write, .fsync, .close, .rename, .unlink, .mkdir, .symlink, .metadata]
    }

    /// Arms a fault on this thread: the call of a kind in `calls` after the first `after`
    /// such calls fails with `error`, without being made; with `persistent`, every later one
    /// fails too (a disk that stays full). Counting starts anew.
    package static func arm(_ calls: Calls, after: Int, error: Int32, persistent: Bool = false) {
        sv_fault_arm(calls.rawValue, after, error, persistent ? 1 : 0)
    }

    /// Arms nothing on this thread.
    package static func disarm() {
        sv_fault_arm(0, 0, 0, 0)
    }

    /// How many calls of the armed kinds this thread made (or had refused) since it armed.
    package static var calls: Int { sv_fault_calls() }

    /// Whether the armed fault has failed a call yet.
    package static var fired: Bool { sv_fault_fired() != 0 }
}
